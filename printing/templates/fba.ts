/**
 * FBA box and pallet labels in Amazon's layout — what Amazon's getLabels (Fulfillment Inbound v0)
 * prints, and what Dockside prints itself (4×6, ZPL or PDF) with the same content: 4×6, the FBA
 * shipment id and name, ship-from and the fulfilment centre it goes to, "BOX n OF N", the box id as
 * Code 128 (and, for 2D labels, a Data Matrix of the box contents), and Amazon's "leave this label
 * uncovered" line; pallet labels carry the shipment id and "PALLET n OF N". Drawn with Dockside's
 * label model and PDF renderer.
 */
import type { BolAddress } from '../bill-of-lading.js';
import type { Label, LabelElement } from '../model.js';
import { renderPdf } from '../pdf.js';
import { LABEL_GEOMETRY } from '../sizes.js';
import { barcode, contentArea, lineHeight, nOfN, text } from './layout.js';

const G = LABEL_GEOMETRY['4x6'];

/** A ship-from or fulfilment-centre address on a label. */
export type FbaAddress = BolAddress;

export interface FbaBoxLabel {
  shipmentConfirmationId: string;
  shipmentName: string;
  from: FbaAddress;
  to: FbaAddress;
  boxId: string;
  boxNumber: number;
  boxCount: number;
  /** For 2D labels: the box contents as Amazon encodes them (AMZN,PO:…,FNSKU:…,QTY:…). */
  contents2d?: string;
}

const addressLines = (a: FbaAddress) => [
  a.name,
  a.addressLine1,
  `${a.city}${a.stateOrProvinceCode ? `, ${a.stateOrProvinceCode}` : ''} ${a.postalCode}`,
  a.countryCode,
];

export function fbaBoxLabel(l: FbaBoxLabel): Label {
  const a = contentArea(G);
  const els: LabelElement[] = [];
  const half = a.width / 2;
  let y = a.y;
  els.push(text('SHIP FROM:', { x: a.x, y, width: half, sizePt: 7, weight: 'bold' }));
  els.push(text('SHIP TO:', { x: a.x + half, y, width: half, sizePt: 7, weight: 'bold' }));
  y += lineHeight(7);
  addressLines(l.from).forEach((line, i) =>
    els.push(text(line, { x: a.x, y: y + i * lineHeight(8), width: half - 0.05, sizePt: 8 })),
  );
  addressLines(l.to).forEach((line, i) =>
    els.push(text(line, { x: a.x + half, y: y + i * lineHeight(10), width: half, sizePt: 10, weight: 'bold' })),
  );
  y += 4 * lineHeight(10) + 0.05;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.03 });
  y += 0.08;
  els.push(text(`FBA: ${l.shipmentName}`, { x: a.x, y, width: a.width, sizePt: 9, maxLines: 2 }));
  y += 2 * lineHeight(9);
  els.push(text(`BOX ${nOfN(l.boxNumber, l.boxCount)}`, { x: a.x, y, width: a.width, sizePt: 22, weight: 'bold' }));
  y += lineHeight(22) + 0.05;
  if (l.contents2d) {
    els.push(barcode('datamatrix', l.contents2d, { x: a.x, y, width: 1.3, height: 1.3 }, 'left'));
    els.push(text('2D barcode: box contents', { x: a.x + 1.45, y: y + 0.5, width: a.width - 1.45, sizePt: 8 }));
    y += 1.4;
  }
  const idPt = 14;
  const barH = a.bottom - y - lineHeight(idPt) - lineHeight(7) - 0.1;
  els.push(barcode('code128', l.boxId, { x: a.x, y, width: a.width, height: barH }));
  y += barH + 0.02;
  els.push(text(l.boxId, { x: a.x, y, width: a.width, sizePt: idPt, weight: 'bold', align: 'center' }));
  y += lineHeight(idPt) + 0.05;
  els.push(text('PLEASE LEAVE THIS LABEL UNCOVERED', { x: a.x, y, width: a.width, sizePt: 7, align: 'center' }));
  return { width: G.width, height: G.height, elements: els };
}

export function fbaPalletLabel(shipmentConfirmationId: string, to: FbaAddress, n: number, of: number): Label {
  const a = contentArea(G);
  let y = a.y;
  const els: LabelElement[] = [];
  els.push(text('SHIP TO:', { x: a.x, y, width: a.width, sizePt: 8, weight: 'bold' }));
  y += lineHeight(8);
  addressLines(to).forEach((line, i) =>
    els.push(text(line, { x: a.x, y: y + i * lineHeight(12), width: a.width, sizePt: 12, weight: 'bold' })),
  );
  y += 4 * lineHeight(12) + 0.1;
  els.push(text(`PALLET ${nOfN(n, of)}`, { x: a.x, y, width: a.width, sizePt: 30, weight: 'bold' }));
  y += lineHeight(30) + 0.1;
  const barH = a.bottom - y - lineHeight(16) - 0.05;
  els.push(barcode('code128', shipmentConfirmationId, { x: a.x, y, width: a.width, height: barH }));
  els.push(
    text(shipmentConfirmationId, {
      x: a.x,
      y: y + barH + 0.02,
      width: a.width,
      sizePt: 16,
      weight: 'bold',
      align: 'center',
    }),
  );
  return { width: G.width, height: G.height, elements: els };
}

export const labelsPdf = (labels: Label[], title: string) => renderPdf(labels, G, { title });

/**
 * Amazon's 2D box-content barcode data: AMZN,PO:<shipment>, then FNSKU:<fnsku>,QTY:<n>[,EXP:YYMMDD]
 * per item in the box.
 */
export function boxContents2d(
  shipmentConfirmationId: string,
  items: { fnsku: string; quantity: number; expiration?: string | null }[],
): string {
  return [
    'AMZN',
    `PO:${shipmentConfirmationId}`,
    ...items.flatMap((i) => [
      `FNSKU:${i.fnsku}`,
      `QTY:${i.quantity}`,
      ...(i.expiration
        ? [`EXP:${i.expiration.slice(2, 4)}${i.expiration.slice(5, 7)}${i.expiration.slice(8, 10)}`]
        : []),
    ]),
  ].join(',');
}
