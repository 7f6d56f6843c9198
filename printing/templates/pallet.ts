/** Pallet label (4×6): shipment id, PALLET n OF N, destination, and a 2D code of the pallet id. */
import type { PalletLabelData } from '../../domain/schemas/labels.js';
import type { Label, LabelElement } from '../model.js';
import type { LabelGeometry } from '../sizes.js';
import { barcode, contentArea, lineHeight, nOfN, text } from './layout.js';

export function palletLabel(data: PalletLabelData, g: LabelGeometry): Label {
  const a = contentArea(g);
  const els: LabelElement[] = [];
  let y = a.y;
  els.push(text('SHIPMENT', { x: a.x, y, width: a.width, sizePt: 8 }));
  y += lineHeight(8);
  els.push(text(data.shipmentId, { x: a.x, y, width: a.width, sizePt: 20, weight: 'bold' }));
  y += lineHeight(20);
  els.push(
    text(`PALLET ${nOfN(data.palletNumber, data.palletCount)}`, {
      x: a.x,
      y,
      width: a.width,
      sizePt: 30,
      weight: 'bold',
    }),
  );
  y += lineHeight(30) + 0.06;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.03 });
  y += 0.08;
  els.push(text('DESTINATION', { x: a.x, y, width: a.width, sizePt: 8 }));
  y += lineHeight(8);
  els.push(text(data.destination, { x: a.x, y, width: a.width, sizePt: 16, weight: 'bold', maxLines: 4 }));

  const codeSize = 2;
  const idPt = 12;
  const codeTop = a.bottom - lineHeight(idPt) - codeSize;
  els.push(barcode(data.symbology, data.palletId, { x: a.x, y: codeTop, width: a.width, height: codeSize }));
  els.push(
    text(data.palletId, {
      x: a.x,
      y: a.bottom - lineHeight(idPt),
      width: a.width,
      sizePt: idPt,
      weight: 'bold',
      align: 'center',
    }),
  );
  return { width: g.width, height: g.height, elements: els };
}
