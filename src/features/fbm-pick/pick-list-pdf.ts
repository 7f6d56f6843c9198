/**
 * The printed pick list of a batch, in walking order (zone, location, LPN), for a picker without a
 * handheld or to tape to the cart: one row per pick with a tick box. Drawn with pdf-lib in the
 * browser (the same library the label printing uses); Helvetica's WinAnsi set, so text is folded
 * to what it can draw. An order number is printed whole: in a smaller size when it is long, over
 * more lines when even that is too wide (issue 38); the title is the catalogue's, as the phone's.
 */
import type { PickBatchDetail } from '../../../domain/schemas/fbm-pick';

export interface PickListWords {
  title: string;
  columns: [string, string, string, string, string, string, string];
  footer: string;
}

/** Latin-1 kept (German, French, Portuguese titles print as they are); typographic quotes and dashes
 * made plain; anything else folded to its base letter or dropped (Helvetica cannot draw it). */
const ascii = (s: string) =>
  s
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, (c) => c.normalize('NFKD').replace(/[^\x20-\x7e]/g, ''));

export async function pickListPdf(batch: PickBatchDetail, words: PickListWords): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(ascii(`${words.title} ${batch.number}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const W = 612;
  const H = 792;
  const M = 36;
  // Zone, location, LPN, SKU, title, qty, order — widths in points.
  const widths = [48, 58, 66, 84, 144, 26, 114];
  const fit = (text: string, width: number, size: number, f = font) => {
    let s = ascii(text);
    while (s.length > 1 && f.widthOfTextAtSize(s, size) > width - 4) s = s.slice(0, -1);
    return s;
  };
  /** The whole text in its column: at `size`, else down to 7 pt, else over as many lines as it takes at 7 pt. */
  const whole = (text: string, width: number, size: number, f = font): { size: number; lines: string[] } => {
    const s = ascii(text);
    for (let at = size; at >= 7; at -= 0.5)
      if (f.widthOfTextAtSize(s, at) <= width - 4) return { size: at, lines: [s] };
    const lines: string[] = [];
    let line = '';
    for (const c of s) {
      if (line && f.widthOfTextAtSize(line + c, 7) > width - 4) {
        lines.push(line);
        line = '';
      }
      line += c;
    }
    if (line) lines.push(line);
    return { size: 7, lines };
  };
  let page = doc.addPage([W, H]);
  let y = H - M;
  const header = () => {
    page.drawText(fit(`${words.title} ${batch.number}`, W - 2 * M, 16, bold), {
      x: M,
      y: y - 16,
      size: 16,
      font: bold,
    });
    y -= 36;
    let x = M + 16;
    words.columns.forEach((c, i) => {
      page.drawText(fit(c, widths[i], 9, bold), { x, y, size: 9, font: bold });
      x += widths[i];
    });
    y -= 6;
    page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.5, color: rgb(0, 0, 0) });
    y -= 14;
  };
  header();
  for (const l of batch.lines) {
    const order = whole(l.marketplaceOrderId, widths[6], 9);
    const extra = (order.lines.length - 1) * 8;
    if (y - extra < M + 30) {
      page = doc.addPage([W, H]);
      y = H - M;
      header();
    }
    page.drawRectangle({ x: M, y: y - 2, width: 9, height: 9, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
    const cells = [l.zone ?? '', l.location, l.lpn, l.sku ?? l.productKey, l.title ?? '', String(l.quantity)];
    let x = M + 16;
    cells.forEach((c, i) => {
      const f = i === 1 || i === 5 ? bold : font;
      page.drawText(fit(c, widths[i], 9, f), { x, y, size: 9, font: f });
      x += widths[i];
    });
    order.lines.forEach((text, i) => page.drawText(text, { x, y: y - i * 8, size: order.size, font }));
    y -= 16 + extra;
  }
  page.drawText(fit(words.footer, W - 2 * M, 8), { x: M, y: M - 12, size: 8, font });
  return doc.save();
}
