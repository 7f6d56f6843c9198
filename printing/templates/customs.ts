/**
 * The UPU customs declarations that travel with an international parcel: CN22 (small letter-post
 * items) and CN23 (everything else). Both carry the same particulars — sender and addressee, the
 * category of the contents, each item's description, quantity, weight, value, HS tariff number and
 * country of origin, the totals, the export filing (an FTR exemption or the AES ITN), the importer's
 * tax id, what to do if it cannot be delivered, and the sender's certificate — laid out for a 4×6
 * thermal label (printed beside the carrier label) or, for a CN23 too long for it, a US Letter page.
 */
import { LabelLayoutError, type Label, type LabelElement } from '../model.js';
import type { LabelGeometry } from '../sizes.js';
import { barcode, contentArea, lineHeight, text } from './layout.js';

export interface CustomsFormAddress {
  name: string;
  lines: string[];
  countryCode: string;
}

export interface CustomsForm {
  documentType: 'CN22' | 'CN23';
  orderNumber: string;
  sender: CustomsFormAddress;
  addressee: CustomsFormAddress;
  /** MERCHANDISE, GIFT, … (spec's purposes). */
  contents: string;
  incoterm: string;
  dutiesPaidBy: 'sender' | 'recipient';
  nonDelivery: 'RETURN' | 'ABANDON';
  exportFiling: { code: string; itn: string | null };
  taxIds: { type: string; value: string }[];
  items: {
    description: string;
    quantity: number;
    unitWeightLb: number;
    totalValue: number;
    hsCode: string;
    countryOfOrigin: string;
  }[];
  totalValue: number;
  totalWeightLb: number;
  /** YYYY-MM-DD. */
  date: string;
}

/** The declaration's particulars a form prints (an FBM order's or a tool label's declaration). */
export type DeclaredCustoms = Omit<CustomsForm, 'orderNumber' | 'sender' | 'addressee' | 'date'>;

/** A form's sender or addressee from a postal address: "name, company", the street lines, the city line. */
export function customsFormAddress(a: {
  name?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  countryCode: string;
}): CustomsFormAddress {
  const name = a.name ?? '';
  return {
    name: a.company ? `${name}, ${a.company}` : name,
    lines: [a.line1, a.line2, [a.city, a.state, a.postalCode].filter(Boolean).join(' ')].filter(
      (l): l is string => !!l,
    ),
    countryCode: a.countryCode,
  };
}

/** The form of a declaration, for the parcel (order number, sender, addressee) and day it travels with. */
export function customsFormOf(
  customs: DeclaredCustoms,
  head: Pick<CustomsForm, 'orderNumber' | 'sender' | 'addressee' | 'date'>,
): CustomsForm {
  return {
    documentType: customs.documentType,
    orderNumber: head.orderNumber,
    sender: head.sender,
    addressee: head.addressee,
    contents: customs.contents,
    incoterm: customs.incoterm,
    dutiesPaidBy: customs.dutiesPaidBy,
    nonDelivery: customs.nonDelivery,
    exportFiling: customs.exportFiling,
    taxIds: customs.taxIds,
    items: customs.items,
    totalValue: customs.totalValue,
    totalWeightLb: customs.totalWeightLb,
    date: head.date,
  };
}

export const CUSTOMS_4X6: LabelGeometry = { width: 4, height: 6, safe: 0.12 };
export const CUSTOMS_LETTER: LabelGeometry = { width: 8.5, height: 11, safe: 0.5 };

const CONTENTS_WORDS: Record<string, string> = {
  MERCHANDISE: 'Sale of goods',
  DOCUMENTS: 'Documents',
  GIFT: 'Gift',
  SAMPLE: 'Commercial sample',
  RETURN_MERCHANDISE: 'Returned goods',
  HUMANITARIAN_DONATION: 'Humanitarian donation',
  OTHER: 'Other',
};

/** One CN22 / CN23 page; throws LabelLayoutError when the items do not fit the geometry. */
export function customsFormLabel(f: CustomsForm, g: LabelGeometry): Label {
  const a = contentArea(g);
  const big = g.width > 5;
  const s = big ? 10 : 7;
  const els: LabelElement[] = [];
  const rule = (y: number) =>
    els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.015 });
  let y = a.y;
  els.push({ kind: 'box', x: a.x, y, width: a.width, height: lineHeight(s + 5) + 0.04, thickness: 0.02, fill: true });
  els.push(
    text(`CUSTOMS DECLARATION ${f.documentType === 'CN22' ? 'CN 22' : 'CN 23'}`, {
      x: a.x + 0.05,
      y: y + 0.02,
      width: a.width - 0.1,
      sizePt: s + 4,
      weight: 'bold',
    }),
  );
  y += lineHeight(s + 5) + 0.08;
  els.push(text('May be opened officially', { x: a.x, y, width: a.width / 2, sizePt: s }));
  els.push(text(`Order ${f.orderNumber}`, { x: a.x + a.width / 2, y, width: a.width / 2, sizePt: s, align: 'right' }));
  y += lineHeight(s) + 0.04;
  const half = a.width / 2;
  els.push(text('From (sender)', { x: a.x, y, width: half, sizePt: s, weight: 'bold' }));
  els.push(text('To (addressee)', { x: a.x + half, y, width: half, sizePt: s, weight: 'bold' }));
  y += lineHeight(s);
  const from = [f.sender.name, ...f.sender.lines, f.sender.countryCode];
  const to = [f.addressee.name, ...f.addressee.lines, f.addressee.countryCode];
  from.forEach((l, i) => els.push(text(l, { x: a.x, y: y + i * lineHeight(s), width: half - 0.05, sizePt: s })));
  to.forEach((l, i) =>
    els.push(text(l, { x: a.x + half, y: y + i * lineHeight(s), width: half, sizePt: s, weight: 'bold' })),
  );
  y += Math.max(from.length, to.length) * lineHeight(s) + 0.04;
  rule(y);
  y += 0.04;
  els.push(
    text(`Category: ${CONTENTS_WORDS[f.contents] ?? f.contents} (${f.contents})`, {
      x: a.x,
      y,
      width: a.width,
      sizePt: s,
      weight: 'bold',
    }),
  );
  y += lineHeight(s) + 0.02;
  // Columns: description, qty, weight, value, HS, origin.
  const w = a.width;
  const cols = [0, 0.42, 0.5, 0.62, 0.76, 0.92].map((r) => a.x + r * w);
  const widths = [0.41, 0.08, 0.12, 0.14, 0.16, 0.08].map((r) => r * w);
  const row = (cells: string[], weight: 'bold' | 'normal') =>
    cells.forEach((c, i) =>
      els.push(
        text(c, { x: cols[i], y, width: widths[i] - 0.02, sizePt: s, weight, align: i === 0 ? 'left' : 'right' }),
      ),
    );
  row(['Description', 'Qty', 'Lb', 'USD', 'HS no.', 'Orig.'], 'bold');
  y += lineHeight(s);
  // What follows the items: totals, terms, filing, certificate and barcode.
  const tail = 9 * lineHeight(s) + 0.9;
  const room = Math.floor((a.bottom - tail - y) / lineHeight(s));
  if (f.items.length > room)
    throw new LabelLayoutError(
      `${f.items.length} items do not fit a ${g.width}×${g.height} in ${f.documentType}; at most ${room}`,
    );
  for (const i of f.items) {
    row(
      [
        i.description,
        String(i.quantity),
        (i.unitWeightLb * i.quantity).toFixed(2),
        i.totalValue.toFixed(2),
        i.hsCode,
        i.countryOfOrigin,
      ],
      'normal',
    );
    y += lineHeight(s);
  }
  rule(y + 0.02);
  y += 0.06;
  row(['Total', '', f.totalWeightLb.toFixed(2), f.totalValue.toFixed(2), '', ''], 'bold');
  y += lineHeight(s) + 0.04;
  const terms: string[] = [
    `Terms: ${f.incoterm} — duties and taxes paid by the ${f.dutiesPaidBy}`,
    `Export: ${f.exportFiling.code === 'AES / ITN' ? `AES ITN ${f.exportFiling.itn ?? ''}` : f.exportFiling.code}`,
    ...(f.taxIds.length ? [`Tax id: ${f.taxIds.map((t) => `${t.type} ${t.value}`).join(', ')}`] : []),
    `If undeliverable: ${f.nonDelivery === 'RETURN' ? 'return to sender' : 'treat as abandoned'}`,
  ];
  for (const line of terms) {
    els.push(text(line, { x: a.x, y, width: a.width, sizePt: s }));
    y += lineHeight(s);
  }
  y += 0.04;
  els.push(
    text(
      'I certify that the particulars given in this declaration are correct and that this item does not contain any dangerous article prohibited by legislation or by postal or customs regulations.',
      { x: a.x, y, width: a.width, sizePt: s - 1, maxLines: 3 },
    ),
  );
  y += 3 * lineHeight(s - 1) + 0.06;
  els.push(text(`Date: ${f.date}    Signature: ${f.sender.name}`, { x: a.x, y, width: a.width, sizePt: s }));
  els.push(
    barcode(
      'code128',
      f.orderNumber.slice(0, 40),
      { x: a.x, y: a.bottom - 0.5, width: a.width, height: 0.45 },
      'center',
    ),
  );
  return { width: g.width, height: g.height, elements: els };
}
