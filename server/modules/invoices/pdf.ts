/**
 * The invoice as a PDF a client would accept (pdf-lib, as printing/ uses): US Letter pages with
 * the warehouse and the client, number, dates and due date, the lines grouped by category with
 * quantity, unit, unit price and amount, the storage summary, subtotal, tax line, total, paid and
 * balance due. Lines that do not fit go on to further pages, the table head repeated.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceDetail } from '../../../domain/schemas/invoices.js';

const W = 612;
const H = 792;
const M = 48;
const GREY = rgb(0.4, 0.4, 0.4);
const LIGHT = rgb(0.92, 0.92, 0.92);
const BLACK = rgb(0, 0, 0);

const CATEGORY_NAMES: Record<string, string> = {
  receiving: 'Receiving',
  prep: 'Prep',
  outbound: 'Outbound',
  fbm: 'Merchant fulfilment (FBM)',
  storage: 'Storage',
  problems: 'Problems',
  shipping: 'Shipping',
  materials: 'Materials',
  plan: 'Plan fees',
  other: 'Other',
};
const UNIT_NAMES: Record<string, string> = {
  unit: 'unit',
  box: 'box',
  pallet: 'pallet',
  shipment: 'shipment',
  bundle: 'bundle',
  order: 'order',
  sku: 'SKU',
  problem: 'problem',
  cubicFootDay: 'ft3-day',
  cubicMetreDay: 'm3-day',
  label: 'label',
  each: 'each',
  period: 'period',
};

export const money = (cents: number, currency: string): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${currency} ${whole}.${String(abs % 100).padStart(2, '0')}`;
};

/** Text the standard fonts can draw (WinAnsi); anything else becomes '?'. */
function safe(font: PDFFont, text: string): string {
  try {
    font.encodeText(text);
    return text;
  } catch {
    return [...text]
      .map((ch) => {
        try {
          font.encodeText(ch);
          return ch;
        } catch {
          return '?';
        }
      })
      .join('');
  }
}

export async function invoicePdf(inv: InvoiceDetail): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${inv.number} — ${inv.companyName}`);
  doc.setSubject(`Total ${money(inv.totalCents, inv.currency)}; balance due ${money(inv.balanceCents, inv.currency)}`);
  doc.setAuthor(inv.from.name);
  doc.setCreator('Dockside');
  doc.setKeywords([inv.number, inv.companyName, inv.accountNo]);
  const normal = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage([W, H]);
  let y = H - M;
  const pages: PDFPage[] = [page];

  const write = (
    text: string,
    x: number,
    opts: {
      size?: number;
      font?: PDFFont;
      align?: 'left' | 'right';
      color?: ReturnType<typeof rgb>;
      maxWidth?: number;
    } = {},
  ) => {
    const font = opts.font ?? normal;
    const size = opts.size ?? 9;
    let t = safe(font, text);
    if (opts.maxWidth && font.widthOfTextAtSize(t, size) > opts.maxWidth) {
      while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > opts.maxWidth) t = t.slice(0, -1);
      t = `${t}...`;
    }
    const width = font.widthOfTextAtSize(t, size);
    page.drawText(t, { x: opts.align === 'right' ? x - width : x, y, size, font, color: opts.color ?? BLACK });
  };
  const rule = (thickness = 0.5) =>
    page.drawLine({ start: { x: M, y: y }, end: { x: W - M, y: y }, thickness, color: GREY });

  // Columns of the line table.
  const COL = { desc: M, qty: 350, unit: 356, price: 480, amount: W - M };
  const tableHead = () => {
    page.drawRectangle({ x: M, y: y - 4, width: W - 2 * M, height: 16, color: LIGHT });
    write('Description', COL.desc + 4, { font: bold, size: 8.5 });
    write('Quantity', COL.qty, { font: bold, size: 8.5, align: 'right' });
    write('Unit', COL.unit, { font: bold, size: 8.5 });
    write('Unit price', COL.price, { font: bold, size: 8.5, align: 'right' });
    write('Amount', COL.amount, { font: bold, size: 8.5, align: 'right' });
    y -= 18;
  };
  const need = (space: number, head = false) => {
    if (y - space >= M + 24) return;
    page = doc.addPage([W, H]);
    pages.push(page);
    y = H - M;
    write(`${inv.from.name} — Invoice ${inv.number} (continued)`, M, { size: 9, color: GREY });
    y -= 22;
    if (head) tableHead();
  };

  // Header: who bills, the document's name and number.
  write(inv.from.name, M, { size: 16, font: bold, maxWidth: 300 });
  write('INVOICE', W - M, { size: 20, font: bold, align: 'right' });
  y -= 16;
  const fromTop = y;
  for (const l of [...inv.from.lines, ...(inv.from.email ? [inv.from.email] : [])]) {
    write(l, M, { size: 9, color: GREY, maxWidth: 300 });
    y -= 12;
  }
  const afterFrom = y;
  y = fromTop;
  const facts: [string, string][] = [
    ['Invoice number', inv.number],
    ['Issue date', inv.issuedAt.slice(0, 10)],
    ['Due date', inv.dueOn],
    ['Period', `${inv.periodStart} to ${inv.periodEnd}`],
    ['Account', inv.accountNo],
  ];
  if (inv.status === 'void') facts.push(['Status', 'VOID']);
  for (const [k, v] of facts) {
    write(k, 420, { size: 9, color: GREY });
    write(v, W - M, { size: 9, font: bold, align: 'right' });
    y -= 12;
  }
  y = Math.min(y, afterFrom) - 14;

  // Bill to.
  write('Bill to', M, { size: 9, font: bold, color: GREY });
  y -= 13;
  write(inv.to.name, M, { size: 11, font: bold, maxWidth: 400 });
  y -= 13;
  for (const l of [...inv.to.lines, ...(inv.to.email ? [inv.to.email] : [])]) {
    write(l, M, { size: 9, maxWidth: 400 });
    y -= 12;
  }
  if (inv.status === 'void') {
    y -= 4;
    write(`VOID${inv.voidReason ? `: ${inv.voidReason}` : ''}`, M, {
      size: 11,
      font: bold,
      color: rgb(0.7, 0, 0),
      maxWidth: W - 2 * M,
    });
    y -= 14;
  }
  y -= 12;

  // Lines by category.
  tableHead();
  if (!inv.categories.length) {
    write('No charges in this period.', COL.desc + 4, { color: GREY });
    y -= 14;
  }
  for (const c of inv.categories) {
    need(30, true);
    write(CATEGORY_NAMES[c.category] ?? c.category, COL.desc + 4, { font: bold, size: 9.5 });
    y -= 13;
    for (const l of c.lines) {
      need(14, true);
      write(l.description, COL.desc + 12, { maxWidth: 260 });
      write(l.quantity, COL.qty, { align: 'right' });
      write(UNIT_NAMES[l.unit] ?? l.unit, COL.unit, { color: GREY });
      write(`${l.unitPrice}`, COL.price, { align: 'right' });
      write(money(l.amountCents, inv.currency), COL.amount, { align: 'right' });
      y -= 12;
    }
    write(`${CATEGORY_NAMES[c.category] ?? c.category} subtotal`, COL.price, {
      size: 8.5,
      color: GREY,
      align: 'right',
    });
    write(money(c.amountCents, inv.currency), COL.amount, { size: 8.5, font: bold, align: 'right' });
    y -= 16;
  }

  // Storage summary.
  if (inv.storage) {
    need(44);
    y -= 4;
    write('Storage summary', M, { font: bold, size: 9.5 });
    y -= 13;
    const unit = inv.storage.unit === 'cubicMetreDay' ? 'cubic metre' : 'cubic foot';
    write(
      `${inv.storage.quantity} ${unit}-days over ${inv.storage.days} charged day${inv.storage.days === 1 ? '' : 's'}, ` +
        `${inv.storage.averagePerDay} ${unit === 'cubic foot' ? 'cubic feet' : 'cubic metres'} held on average: ` +
        money(inv.storage.amountCents, inv.currency),
      M,
      { maxWidth: W - 2 * M },
    );
    y -= 18;
  }

  // Label funds: settled when the labels were bought, stated beside the invoice (decision 0019).
  if (inv.funds) {
    const f = inv.funds;
    need(80);
    y -= 4;
    write('Shipping label funds in this period', M, { font: bold, size: 9.5 });
    y -= 13;
    write('Labels paid from the funds were settled when bought: they are not invoice lines.', M, {
      size: 8.5,
      color: GREY,
    });
    y -= 13;
    const labels = `${f.labelCount} label${f.labelCount === 1 ? '' : 's'} paid from the funds`;
    for (const [label, cents] of [
      ['Balance at the start', f.openingCents],
      ['Added', f.topUpsCents],
      [labels, -f.labelsCents],
      ['Voided labels given back', f.givenBackCents],
      ['Balance at the end', f.closingCents],
    ] as const) {
      write(label, M, { size: 9 });
      write(money(cents, inv.currency), COL.amount, { size: 9, align: 'right' });
      y -= 12;
    }
    y -= 6;
  }

  // Totals.
  need(90);
  rule();
  y -= 14;
  const totalRow = (label: string, cents: number, strong = false) => {
    write(label, COL.price, { align: 'right', font: strong ? bold : normal, size: strong ? 10.5 : 9 });
    write(money(cents, inv.currency), COL.amount, {
      align: 'right',
      font: strong ? bold : normal,
      size: strong ? 10.5 : 9,
    });
    y -= strong ? 15 : 12;
  };
  totalRow('Subtotal', inv.subtotalCents);
  totalRow(`${inv.taxName} (${inv.taxPercent}%)`, inv.taxCents);
  totalRow('Total', inv.totalCents, true);
  totalRow('Paid', inv.paidCents);
  totalRow('Balance due', inv.balanceCents, true);
  y -= 10;
  need(24);
  write(`Please pay by ${inv.dueOn}, quoting ${inv.number}.`, M, { size: 9, color: GREY });

  // Page numbers.
  pages.forEach((p, i) => {
    const t = `Page ${i + 1} of ${pages.length}`;
    p.drawText(t, { x: W - M - normal.widthOfTextAtSize(t, 8), y: M - 20, size: 8, font: normal, color: GREY });
  });
  return doc.save();
}
