/**
 * The invoice as a PDF a client would accept (pdf-lib, as printing/ uses): US Letter pages with
 * the warehouse and the client, number, dates and due date, the lines grouped by category with
 * quantity, unit, unit price and amount, the storage summary, subtotal, tax line, total, paid and
 * balance due. Lines that do not fit go on to further pages, the table head repeated.
 *
 * Written in the client's language (words.ts): the screens' locale strings and the language's
 * number, money and date formats. The standard fonts draw WinAnsi (Latin-1 and a few more: ä ö ü
 * ß é ç ã õ œ € „ “ —); anything else is drawn as its base letter (ł → l is not one: '?').
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceDetail } from '../../../domain/schemas/invoices.js';
import type { Language } from '../../i18n.js';
import { invoiceFormats, lineDescription } from './words.js';

const W = 612;
const H = 792;
const M = 48;
const GREY = rgb(0.4, 0.4, 0.4);
const LIGHT = rgb(0.92, 0.92, 0.92);
const BLACK = rgb(0, 0, 0);

/** Spaces Intl puts in numbers and dates (narrow no-break, thin) that WinAnsi lacks. */
const SPACES = /[\u2000-\u200a\u202f\u205f]/g;
/** Latin letters with no decomposition to a base letter. */
const BASE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * Text the standard fonts can draw (WinAnsi): typographic spaces become no-break spaces, a letter
 * outside WinAnsi its base letter when it has one (ő → o), anything else '?'. Never throws.
 */
export function safe(font: PDFFont, text: string): string {
  const drawable = (ch: string) => {
    try {
      font.encodeText(ch);
      return true;
    } catch {
      return false;
    }
  };
  const spaced = text.replace(SPACES, '\u00a0').replace(/[\r\n\t]+/g, ' ');
  if (drawable(spaced)) return spaced;
  return [...spaced]
    .map((ch) => {
      if (drawable(ch)) return ch;
      const base = BASE[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return base && base !== ch && [...base].every(drawable) ? base : '?';
    })
    .join('');
}

export async function invoicePdf(inv: InvoiceDetail, language: Language = 'en'): Promise<Uint8Array> {
  const f = invoiceFormats(language, inv.currency);
  const { t } = f;
  const money = (cents: number) => f.money(cents);
  const categoryName = (category: string) => t(`invoices.categories.${category}`, { defaultValue: category });
  const doc = await PDFDocument.create();
  const normal = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // The document's properties are Unicode (UTF-16): written as they are.
  doc.setTitle(t('invoicePdf.title', { number: inv.number, company: inv.companyName }));
  doc.setSubject(t('invoicePdf.summary', { total: money(inv.totalCents), balance: money(inv.balanceCents) }));
  doc.setAuthor(inv.from.name);
  doc.setCreator('Dockside');
  doc.setKeywords([inv.number, inv.companyName, inv.accountNo]);
  doc.setLanguage(language);

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
    let shown = safe(font, text);
    if (opts.maxWidth && font.widthOfTextAtSize(shown, size) > opts.maxWidth) {
      while (shown.length > 1 && font.widthOfTextAtSize(`${shown}…`, size) > opts.maxWidth) shown = shown.slice(0, -1);
      shown = `${shown}…`;
    }
    const width = font.widthOfTextAtSize(shown, size);
    page.drawText(shown, { x: opts.align === 'right' ? x - width : x, y, size, font, color: opts.color ?? BLACK });
  };
  const rule = (thickness = 0.5) =>
    page.drawLine({ start: { x: M, y: y }, end: { x: W - M, y: y }, thickness, color: GREY });

  // Columns of the line table.
  const COL = { desc: M, qty: 350, unit: 356, price: 480, amount: W - M };
  const tableHead = () => {
    page.drawRectangle({ x: M, y: y - 4, width: W - 2 * M, height: 16, color: LIGHT });
    write(t('invoices.line.description'), COL.desc + 4, { font: bold, size: 8.5 });
    write(t('invoices.line.quantity'), COL.qty, { font: bold, size: 8.5, align: 'right' });
    write(t('invoices.line.unit'), COL.unit, { font: bold, size: 8.5 });
    write(t('invoices.line.unitPrice'), COL.price, { font: bold, size: 8.5, align: 'right' });
    write(t('invoices.line.amount'), COL.amount, { font: bold, size: 8.5, align: 'right' });
    y -= 18;
  };
  const need = (space: number, head = false) => {
    if (y - space >= M + 24) return;
    page = doc.addPage([W, H]);
    pages.push(page);
    y = H - M;
    write(t('invoicePdf.continued', { sender: inv.from.name, number: inv.number }), M, { size: 9, color: GREY });
    y -= 22;
    if (head) tableHead();
  };

  // Header: who bills, the document's name and number.
  write(inv.from.name, M, { size: 16, font: bold, maxWidth: 300 });
  write(t('invoices.print.heading'), W - M, { size: 20, font: bold, align: 'right' });
  y -= 16;
  const fromTop = y;
  for (const l of [...inv.from.lines, ...(inv.from.email ? [inv.from.email] : [])]) {
    write(l, M, { size: 9, color: GREY, maxWidth: 240 });
    y -= 12;
  }
  const afterFrom = y;
  y = fromTop;
  const facts: [string, string][] = [
    [t('invoicePdf.number'), inv.number],
    [t('invoicePdf.issued'), f.day(inv.issuedAt)],
    [t('invoicePdf.due'), f.day(inv.dueOn)],
    [t('invoicePdf.period'), t('invoicePdf.periodRange', { start: f.day(inv.periodStart), end: f.day(inv.periodEnd) })],
    [t('invoicePdf.account'), inv.accountNo],
  ];
  if (inv.status === 'void') facts.push([t('invoicePdf.status'), t('invoicePdf.void')]);
  for (const [k, v] of facts) {
    // Labels at 300, values to the right edge: long German or Portuguese dates still fit beside.
    write(k, 300, { size: 9, color: GREY, maxWidth: 90 });
    write(v, W - M, { size: 9, font: bold, align: 'right', maxWidth: 170 });
    y -= 12;
  }
  y = Math.min(y, afterFrom) - 14;

  // Bill to.
  write(t('invoices.print.billTo'), M, { size: 9, font: bold, color: GREY });
  y -= 13;
  write(inv.to.name, M, { size: 11, font: bold, maxWidth: 400 });
  y -= 13;
  for (const l of [...inv.to.lines, ...(inv.to.email ? [inv.to.email] : [])]) {
    write(l, M, { size: 9, maxWidth: 400 });
    y -= 12;
  }
  if (inv.status === 'void') {
    y -= 4;
    write(inv.voidReason ? t('invoicePdf.voidReason', { reason: inv.voidReason }) : t('invoicePdf.void'), M, {
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
    write(t('invoices.noLines'), COL.desc + 4, { color: GREY });
    y -= 14;
  }
  for (const c of inv.categories) {
    need(30, true);
    write(categoryName(c.category), COL.desc + 4, { font: bold, size: 9.5 });
    y -= 13;
    for (const l of c.lines) {
      need(14, true);
      write(lineDescription(t, l), COL.desc + 12, { maxWidth: 250 });
      write(f.number(l.quantity), COL.qty, { align: 'right' });
      write(t(`invoices.units.${l.unit}`, { defaultValue: l.unit }), COL.unit, { color: GREY, maxWidth: 60 });
      write(f.price(l.unitPrice), COL.price, { align: 'right' });
      write(money(l.amountCents), COL.amount, { align: 'right' });
      y -= 12;
    }
    write(t('invoicePdf.categorySubtotal', { category: categoryName(c.category) }), COL.price, {
      size: 8.5,
      color: GREY,
      align: 'right',
    });
    write(money(c.amountCents), COL.amount, { size: 8.5, font: bold, align: 'right' });
    y -= 16;
  }

  // Storage summary.
  if (inv.storage) {
    need(44);
    y -= 4;
    write(t('invoicePdf.storageTitle'), M, { font: bold, size: 9.5 });
    y -= 13;
    write(
      t('invoices.storageSummary', {
        quantity: f.number(inv.storage.quantity),
        unit: t(`invoices.units.${inv.storage.unit}`, { defaultValue: inv.storage.unit }),
        days: f.number(inv.storage.days),
        count: inv.storage.days,
        average: f.number(inv.storage.averagePerDay),
        amount: money(inv.storage.amountCents),
      }),
      M,
      { maxWidth: W - 2 * M },
    );
    y -= 18;
  }

  // Label funds: settled when the labels were bought, stated beside the invoice (decision 0019).
  if (inv.funds) {
    const funds = inv.funds;
    need(80);
    y -= 4;
    write(t('invoices.funds.title'), M, { font: bold, size: 9.5 });
    y -= 13;
    write(t('invoices.funds.intro'), M, { size: 8.5, color: GREY, maxWidth: W - 2 * M });
    y -= 13;
    for (const [label, cents] of [
      [t('invoices.funds.opening'), funds.openingCents],
      [t('invoices.funds.topUps'), funds.topUpsCents],
      [t('invoices.funds.labels', { count: funds.labelCount }), -funds.labelsCents],
      [t('invoices.funds.givenBack'), funds.givenBackCents],
      [t('invoices.funds.closing'), funds.closingCents],
    ] as const) {
      write(label, M, { size: 9 });
      write(money(cents), COL.amount, { size: 9, align: 'right' });
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
    write(money(cents), COL.amount, {
      align: 'right',
      font: strong ? bold : normal,
      size: strong ? 10.5 : 9,
    });
    y -= strong ? 15 : 12;
  };
  totalRow(t('invoices.subtotal'), inv.subtotalCents);
  totalRow(t('invoices.tax', { percent: f.number(inv.taxPercent) }), inv.taxCents);
  totalRow(t('invoices.total'), inv.totalCents, true);
  totalRow(t('invoices.paid'), inv.paidCents);
  totalRow(t('invoices.balance'), inv.balanceCents, true);
  y -= 10;
  need(24);
  write(t('invoices.print.payBy', { day: f.day(inv.dueOn), number: inv.number }), M, {
    size: 9,
    color: GREY,
    maxWidth: W - 2 * M,
  });

  // Page numbers.
  pages.forEach((p, i) => {
    const text = safe(normal, t('invoicePdf.page', { page: i + 1, pages: pages.length }));
    p.drawText(text, { x: W - M - normal.widthOfTextAtSize(text, 8), y: M - 20, size: 8, font: normal, color: GREY });
  });
  return doc.save();
}
