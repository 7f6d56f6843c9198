/**
 * Shipment box label (4×6): shipment id, BOX n OF N, a contents summary and a 2D code
 * (Data Matrix by default, QR on request) of the box id for scan-to-receive.
 */
import type { BoxLabelData } from '../../domain/schemas/labels.js';
import type { Label, LabelElement } from '../model.js';
import type { LabelGeometry } from '../sizes.js';
import { barcode, contentArea, lineHeight, nOfN, text } from './layout.js';

export function boxLabel(data: BoxLabelData, g: LabelGeometry): Label {
  const a = contentArea(g);
  const els: LabelElement[] = [];
  let y = a.y;
  els.push(text('SHIPMENT', { x: a.x, y, width: a.width, sizePt: 8 }));
  y += lineHeight(8);
  els.push(text(data.shipmentId, { x: a.x, y, width: a.width, sizePt: 20, weight: 'bold' }));
  y += lineHeight(20);
  els.push(
    text(`BOX ${nOfN(data.boxNumber, data.boxCount)}`, { x: a.x, y, width: a.width, sizePt: 34, weight: 'bold' }),
  );
  y += lineHeight(34) + 0.06;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.03 });
  y += 0.08;
  els.push(text('CONTENTS', { x: a.x, y, width: a.width, sizePt: 8 }));
  y += lineHeight(8);

  const codeSize = 1.6;
  const idPt = 10;
  const codeTop = a.bottom - lineHeight(idPt) - codeSize;
  const linePt = 10;
  const room = Math.floor((codeTop - 0.05 - y) / lineHeight(linePt));
  // When the list is longer than the room, the last line says how many were left off.
  const shown = data.contents.length > room ? data.contents.slice(0, room - 1) : data.contents;
  const lines = data.contents.length > room ? [...shown, `+ ${data.contents.length - shown.length} more`] : shown;
  for (const line of lines) {
    els.push(text(line, { x: a.x, y, width: a.width, sizePt: linePt }));
    y += lineHeight(linePt);
  }
  els.push(barcode(data.symbology, data.boxId, { x: a.x, y: codeTop, width: a.width, height: codeSize }));
  els.push(
    text(data.boxId, {
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
