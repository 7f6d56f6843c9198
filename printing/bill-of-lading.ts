/**
 * A straight bill of lading for an LTL shipment, as carriers and brokers issue them (the
 * Amazon-partnered carrier's through getBillOfLading, the freight broker's on booking): a US Letter
 * page with the BOL and PRO numbers as barcodes, shipper and consignee, the carrier and pickup
 * appointment, the references the dock checks (an FBA shipment id, a PO), the handling units
 * (count, weight, class, stackable), how freight is paid, and the signature blocks.
 */
import type { Label, LabelElement } from './model.js';
import { renderPdf } from './pdf.js';
import type { LabelGeometry } from './sizes.js';
import { barcode, contentArea, lineHeight, text } from './templates/layout.js';

export interface BolAddress {
  name: string;
  addressLine1: string;
  city: string;
  stateOrProvinceCode?: string;
  postalCode: string;
  countryCode: string;
}

const LETTER: LabelGeometry = { width: 8.5, height: 11, safe: 0.5 };

export interface BillOfLading {
  bolNumber: string;
  proNumber: string;
  /** What the dock checks the freight against, in order: [label, value]. */
  references: [string, string][];
  carrier: string;
  pickup?: { start: string; end: string };
  shipper: BolAddress & { phone?: string; contact?: string };
  consignee: BolAddress;
  pallets: { count: number; weightLb: number; stackable: boolean }[];
  boxes: number;
  freightClass: string;
  declaredValue?: { amount: number; code: string };
  /** How freight is paid, e.g. "Prepaid (Amazon Partnered Carrier Program)". */
  freightCharges: string;
}

const addressLines = (a: BolAddress) => [
  a.name,
  a.addressLine1,
  `${a.city}${a.stateOrProvinceCode ? `, ${a.stateOrProvinceCode}` : ''} ${a.postalCode} ${a.countryCode}`,
];

export function billOfLadingPage(b: BillOfLading): Label {
  const a = contentArea(LETTER);
  const els: LabelElement[] = [];
  const half = a.width / 2;
  const rule = (y: number) =>
    els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.02 });
  let y = a.y;
  els.push(text('STRAIGHT BILL OF LADING — SHORT FORM', { x: a.x, y, width: a.width, sizePt: 16, weight: 'bold' }));
  y += lineHeight(16) + 0.05;
  els.push(text('Original — not negotiable', { x: a.x, y, width: a.width, sizePt: 9 }));
  y += lineHeight(9) + 0.1;
  els.push(text(`BOL #: ${b.bolNumber}`, { x: a.x, y, width: half, sizePt: 11, weight: 'bold' }));
  els.push(text(`PRO #: ${b.proNumber}`, { x: a.x + half, y, width: half, sizePt: 11, weight: 'bold' }));
  y += lineHeight(11);
  els.push(barcode('code128', b.bolNumber, { x: a.x, y, width: half - 0.3, height: 0.6 }, 'left'));
  els.push(barcode('code128', b.proNumber, { x: a.x + half, y, width: half - 0.3, height: 0.6 }, 'left'));
  y += 0.75;
  rule(y);
  y += 0.1;
  els.push(text('SHIP FROM (SHIPPER)', { x: a.x, y, width: half, sizePt: 9, weight: 'bold' }));
  els.push(text('SHIP TO (CONSIGNEE)', { x: a.x + half, y, width: half, sizePt: 9, weight: 'bold' }));
  y += lineHeight(9);
  const from = [
    ...addressLines(b.shipper),
    ...(b.shipper.contact ? [`Contact: ${b.shipper.contact}`] : []),
    ...(b.shipper.phone ? [`Phone: ${b.shipper.phone}`] : []),
  ];
  from.forEach((line, i) => els.push(text(line, { x: a.x, y: y + i * lineHeight(10), width: half - 0.1, sizePt: 10 })));
  addressLines(b.consignee).forEach((line, i) =>
    els.push(text(line, { x: a.x + half, y: y + i * lineHeight(10), width: half, sizePt: 10, weight: 'bold' })),
  );
  y += Math.max(from.length, 3) * lineHeight(10) + 0.1;
  rule(y);
  y += 0.1;
  const fields: [string, string][] = [
    ['Carrier', b.carrier],
    ...b.references,
    [
      'Pickup appointment',
      b.pickup
        ? `${b.pickup.start.slice(0, 16).replace('T', ' ')} – ${b.pickup.end.slice(11, 16)} UTC`
        : 'Not scheduled',
    ],
    ['Freight charges', b.freightCharges],
  ];
  for (const [k, v] of fields) {
    els.push(text(`${k}:`, { x: a.x, y, width: 1.9, sizePt: 10, weight: 'bold' }));
    els.push(text(v, { x: a.x + 1.9, y, width: a.width - 1.9, sizePt: 10 }));
    y += lineHeight(10) + 0.02;
  }
  y += 0.1;
  rule(y);
  y += 0.1;
  const cols = [0, 1.1, 2.4, 3.9, 5.2];
  ['Handling units', 'Type', 'Weight (lb)', 'Class', 'Stackable'].forEach((h, i) =>
    els.push(text(h, { x: a.x + cols[i], y, width: 1.3, sizePt: 9, weight: 'bold' })),
  );
  y += lineHeight(9) + 0.03;
  for (const p of b.pallets) {
    [
      String(p.count),
      'Pallet',
      p.weightLb.toFixed(0),
      b.freightClass.replace('FC_', '').replace('_', '.'),
      p.stackable ? 'Yes' : 'No',
    ].forEach((v, i) => els.push(text(v, { x: a.x + cols[i], y, width: 1.3, sizePt: 10 })));
    y += lineHeight(10);
  }
  const units = b.pallets.reduce((t, p) => t + p.count, 0);
  const weight = b.pallets.reduce((t, p) => t + p.weightLb, 0);
  y += 0.05;
  els.push(
    text(`Total: ${units} pallet(s), ${weight.toFixed(0)} lb, ${b.boxes} carton(s)`, {
      x: a.x,
      y,
      width: a.width,
      sizePt: 10,
      weight: 'bold',
    }),
  );
  y += lineHeight(10);
  if (b.declaredValue)
    els.push(
      text(`Declared value: ${b.declaredValue.amount.toFixed(2)} ${b.declaredValue.code}`, {
        x: a.x,
        y,
        width: a.width,
        sizePt: 10,
      }),
    );
  y = a.bottom - 1.3;
  rule(y);
  y += 0.1;
  els.push(
    text(
      'Received, subject to the classifications and tariffs in effect on the date of issue, the property described above in apparent good order.',
      { x: a.x, y, width: a.width, sizePt: 8, maxLines: 2 },
    ),
  );
  y += 2 * lineHeight(8) + 0.35;
  ['Shipper signature / date', 'Carrier signature / pickup date', 'Trailer / seal number'].forEach((s, i) => {
    const x = a.x + (i * a.width) / 3;
    els.push({ kind: 'line', x, y, length: a.width / 3 - 0.2, orientation: 'horizontal', thickness: 0.01 });
    els.push(text(s, { x, y: y + 0.05, width: a.width / 3 - 0.2, sizePt: 8 }));
  });
  return { width: LETTER.width, height: LETTER.height, elements: els };
}

export const billOfLadingPdf = (b: BillOfLading) =>
  renderPdf([billOfLadingPage(b)], LETTER, {
    title: `Bill of lading ${b.bolNumber} (${b.references.map(([, v]) => v).join(', ')})`,
  });
