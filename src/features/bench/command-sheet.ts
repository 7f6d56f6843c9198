/**
 * The bench's command sheet: each command barcode (domain/rules/bench.ts BENCH_COMMANDS) as Code
 * 128, to print and tape to the bench. The barcodes are SVG from bwip-js (as the account screen
 * renders its QR code), loaded only when the sheet opens: nothing of it is in the bench's scan path.
 * Printed from a page of its own in a hidden frame, so the print holds the sheet and nothing else.
 */
import { BENCH_COMMANDS, type BenchCommand } from '../../../domain/rules/bench';

/** The commands in the sheet's order. */
export const SHEET_COMMANDS = Object.keys(BENCH_COMMANDS) as BenchCommand[];

/** A command's Code 128 barcode as an SVG document (white background and quiet zones included). */
export async function commandBarcodeSvg(code: string): Promise<string> {
  const { default: bwipjs } = await import('bwip-js/browser');
  return bwipjs.toSVG({
    bcid: 'code128',
    text: code,
    scale: 3,
    height: 16,
    // Code 128 wants a quiet zone of 10 modules each side (a module is one unit of bwip-js's padding).
    paddingwidth: 10,
    paddingheight: 3,
    backgroundcolor: 'FFFFFF',
  });
}

export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export interface SheetEntry {
  command: BenchCommand;
  code: string;
  name: string;
  help: string;
  svg: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The sheet as a page of its own (what the print dialog gets): a title, then each command large. */
export function sheetHtml(lang: string, title: string, intro: string, entries: SheetEntry[]): string {
  const rows = entries
    .map(
      (e) => `<section data-command="${e.command}">
  <h2>${escapeHtml(e.name)}</h2>
  <img src="${svgDataUrl(e.svg)}" alt="${escapeHtml(e.code)}">
  <p class="code">${escapeHtml(e.code)}</p>
  <p>${escapeHtml(e.help)}</p>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  @page { margin: 12mm; }
  body { font-family: system-ui, sans-serif; color: #000; background: #fff; margin: 0; }
  h1 { font-size: 20pt; margin: 0 0 4mm; }
  section { break-inside: avoid; border: 1px solid #000; padding: 5mm; margin: 0 0 6mm; text-align: center; }
  h2 { font-size: 26pt; margin: 0 0 3mm; letter-spacing: 0.04em; }
  img { height: 22mm; max-width: 100%; }
  .code { font-family: ui-monospace, monospace; font-size: 12pt; margin: 1mm 0; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
${rows}
</body>
</html>`;
}

/** Print a page of its own through a hidden frame (the bench around it stays off the paper). */
export function printSheet(html: string, doc: Document = document): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'bench-commands-print';
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.addEventListener(
    'load',
    () => {
      const win = frame.contentWindow;
      win?.focus();
      win?.print();
      // The dialog is modal in most browsers; the frame goes once the user is done with it.
      doc.defaultView?.setTimeout(() => frame.remove(), 60_000);
    },
    { once: true },
  );
  frame.srcdoc = html;
  doc.body.appendChild(frame);
  return frame;
}
