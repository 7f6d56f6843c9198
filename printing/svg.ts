/**
 * SVG renderer for on-screen previews. Units are PostScript points (72/in) like the PDF, and the
 * root carries the physical size in inches, so the browser shows the label at true size.
 * Barcodes are vector paths from the same placement the printers get (at the preview dpi).
 */
import { arrowPolygon } from './arrow.js';
import { barcodePath, placeBarcode } from './barcode.js';
import type { Label, LabelElement } from './model.js';
import { PT_PER_IN } from './sizes.js';
import { textLayout } from './text.js';

export interface SvgOptions {
  /** Dot grid the barcodes are sized on (the target printer's), default 203. */
  dpi?: number;
}

const n = (v: number): string => String(Math.round(v * PT_PER_IN * 1000) / 1000);

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Distance from the top of a line box to the Helvetica baseline, as a fraction of the size. */
export const BASELINE = 0.8;

function element(el: LabelElement, dpi: number): string {
  switch (el.kind) {
    case 'text':
      return textLayout(el)
        .map(
          (line) =>
            `<text x="${n(line.x)}" y="${n(line.y + (el.sizePt / PT_PER_IN) * BASELINE)}" font-size="${el.sizePt}"` +
            ` font-weight="${el.weight}">${escapeXml(line.text)}</text>`,
        )
        .join('');
    case 'barcode':
      return `<path d="${barcodePath(placeBarcode(el, dpi), PT_PER_IN)}"/>`;
    case 'line': {
      const w = el.orientation === 'horizontal' ? el.length : el.thickness;
      const h = el.orientation === 'horizontal' ? el.thickness : el.length;
      return `<rect x="${n(el.x)}" y="${n(el.y)}" width="${n(w)}" height="${n(h)}"/>`;
    }
    case 'box': {
      if (el.fill) return `<rect x="${n(el.x)}" y="${n(el.y)}" width="${n(el.width)}" height="${n(el.height)}"/>`;
      const t = el.thickness;
      // Stroke drawn inside the box, as ^GB does.
      return (
        `<rect x="${n(el.x + t / 2)}" y="${n(el.y + t / 2)}" width="${n(el.width - t)}" height="${n(el.height - t)}"` +
        ` fill="none" stroke="#000" stroke-width="${n(t)}"/>`
      );
    }
    case 'arrow':
      return `<polygon points="${arrowPolygon(el)
        .map(([x, y]) => `${n(x)},${n(y)}`)
        .join(' ')}"/>`;
  }
}

export function renderSvg(label: Label, options: SvgOptions = {}): string {
  const dpi = options.dpi ?? 203;
  const w = n(label.width);
  const h = n(label.height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${label.width}in" height="${label.height}in" viewBox="0 0 ${w} ${h}"` +
    ` font-family="Helvetica, Arial, sans-serif">` +
    `<rect width="${w}" height="${h}" fill="#fff"/>` +
    `<g fill="#000">${label.elements.map((el) => element(el, dpi)).join('')}</g></svg>`
  );
}
