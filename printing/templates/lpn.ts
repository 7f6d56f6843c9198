/** LPN (licence plate) label: Code 128 of the LPN, the LPN in large text, an optional description. */
import type { LpnLabelData } from '../../domain/schemas/labels.js';
import type { Label } from '../model.js';
import type { LabelGeometry } from '../sizes.js';
import { barcode, contentArea, lineHeight, text } from './layout.js';

export function lpnLabel(data: LpnLabelData, g: LabelGeometry): Label {
  const a = contentArea(g);
  const codePt = Math.min(28, 11 * g.height);
  const descPt = Math.min(14, 6.5 * g.height);
  const descH = data.description ? lineHeight(descPt) : 0;
  const barH = a.height - lineHeight(codePt) - descH - 0.02;
  const codeY = a.y + barH + 0.02;
  return {
    width: g.width,
    height: g.height,
    elements: [
      barcode('code128', data.lpn, { x: a.x, y: a.y, width: a.width, height: barH }),
      text(data.lpn, { x: a.x, y: codeY, width: a.width, sizePt: codePt, weight: 'bold', align: 'center' }),
      ...(data.description
        ? [
            text(data.description, {
              x: a.x,
              y: codeY + lineHeight(codePt),
              width: a.width,
              sizePt: descPt,
              align: 'center',
            }),
          ]
        : []),
    ],
  };
}
