/**
 * FNSKU item label (Amazon FBA): Code 128 of the FNSKU, the FNSKU in text, the product title
 * (two lines, truncated), the condition and an optional expiry date. Laid out proportionally
 * to the label height so 2.25×1.25, 2×1 and the 30-up sheet cells share one design.
 */
import type { FnskuLabelData } from '../../domain/schemas/labels.js';
import type { Label } from '../model.js';
import type { LabelGeometry } from '../sizes.js';
import { barcode, contentArea, lineHeight, text } from './layout.js';

export function fnskuLabel(data: FnskuLabelData, g: LabelGeometry): Label {
  const a = contentArea(g);
  const k = g.height / 1.25;
  const codePt = 9 * k;
  const smallPt = 6.5 * k;
  const barH = 0.36 * g.height;
  const codeY = a.y + barH + 0.01;
  const titleY = codeY + lineHeight(codePt);
  const footY = a.bottom - lineHeight(smallPt);
  const half = a.width / 2;
  return {
    width: g.width,
    height: g.height,
    elements: [
      barcode('code128', data.fnsku, { x: a.x, y: a.y, width: a.width, height: barH }),
      text(data.fnsku, { x: a.x, y: codeY, width: a.width, sizePt: codePt, weight: 'bold', align: 'center' }),
      text(data.title, { x: a.x, y: titleY, width: a.width, sizePt: smallPt, maxLines: 2 }),
      text(data.condition, { x: a.x, y: footY, width: data.expiry ? half : a.width, sizePt: smallPt, weight: 'bold' }),
      ...(data.expiry
        ? [
            text(`Exp ${data.expiry}`, {
              x: a.x + half,
              y: footY,
              width: half,
              sizePt: smallPt,
              weight: 'bold',
              align: 'right',
            }),
          ]
        : []),
    ],
  };
}
