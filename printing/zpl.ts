/**
 * ZPL II renderer for Zebra-compatible thermal printers at 203 or 300 dpi.
 *
 * Every field is placed on the printer's dot grid from the shared Label model; the renderer
 * refuses (LabelLayoutError) to emit a field that would start or end outside ^PW × ^LL, so a
 * layout bug shows up as an error in tests instead of a clipped label on the floor.
 * Field data goes through ^FH with all non-ASCII bytes hex-escaped: the output is pure ASCII,
 * whatever encoding the transport uses, and ^CI28 tells the printer the bytes are UTF-8.
 */
import { arrowRects } from './arrow.js';
import { placeSymbol, symbolSize } from './barcode.js';
import {
  LabelLayoutError,
  LINE_SPACING,
  type BarcodeElement,
  type Label,
  type LabelElement,
  type TextElement,
} from './model.js';
import { dots } from './sizes.js';
import { fitLines } from './text.js';

export interface ZplOptions {
  dpi: 203 | 300;
  copies?: number;
  /** Absolute darkness 0–30 (~SD); omitted = leave the printer's setting alone. */
  darkness?: number;
}

const utf8 = new TextEncoder();

/** ^FH_ escaping: the indicator itself, ZPL's command prefixes and every non-ASCII byte become _XX. */
export function zplFieldData(value: string): string {
  let out = '';
  for (const byte of utf8.encode(value)) {
    const safe = byte >= 0x20 && byte < 0x7f && byte !== 0x5f && byte !== 0x5e && byte !== 0x7e;
    out += safe ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

class Canvas {
  readonly fields: string[] = [];
  constructor(
    readonly widthDots: number,
    readonly heightDots: number,
    readonly dpi: number,
  ) {}

  /** Emit a field whose box is x,y,w,h dots; throws if any part would leave the label. */
  field(x: number, y: number, w: number, h: number, body: string, what: string): void {
    if (x < 0 || y < 0 || x + w > this.widthDots || y + h > this.heightDots) {
      throw new LabelLayoutError(
        `${what} at ${x},${y} size ${w}×${h} dots leaves the ${this.widthDots}×${this.heightDots} dot label`,
      );
    }
    this.fields.push(`^FO${x},${y}${body}`);
  }
}

const JUSTIFY = { left: 'L', center: 'C', right: 'R' } as const;

function text(c: Canvas, el: TextElement): void {
  const h = dots(el.sizePt / 72, c.dpi);
  const pitch = dots((el.sizePt / 72) * LINE_SPACING, c.dpi);
  const x = dots(el.x, c.dpi);
  const w = dots(el.width, c.dpi);
  fitLines(el.text, el.width, el.sizePt, el.weight, el.maxLines).forEach((line, i) => {
    const y = dots(el.y, c.dpi) + i * pitch;
    // ^FB bounds the line to the element width (one line, justified) — a hard stop at the edge.
    c.field(
      x,
      y,
      w,
      h,
      `^A0N,${h},${h}^FB${w},1,0,${JUSTIFY[el.align]},0^FH_^FD${zplFieldData(line)}^FS`,
      `text "${line}"`,
    );
  });
}

function barcode(c: Canvas, el: BarcodeElement): void {
  const p = placeSymbol(el, c.dpi, symbolSize(el.symbology, el.value));
  const x = dots(p.x, c.dpi);
  const y = dots(p.y, c.dpi);
  const w = p.symbol.kind === 'linear' ? p.symbol.modules * p.moduleDots : p.symbol.columns * p.moduleDots;
  const h = p.symbol.kind === 'linear' ? dots(p.height, c.dpi) : p.symbol.rows * p.moduleDots;
  const data = zplFieldData(el.value);
  let body: string;
  switch (el.symbology) {
    case 'code128':
      // Mode A: the printer picks subsets B/C itself, as bwip-js does, so widths agree.
      body = `^BY${p.moduleDots},3,${h}^BCN,${h},N,N,N,A^FH_^FD${data}^FS`;
      break;
    case 'ean13':
      // ^BE takes the 12 data digits and computes the check digit itself.
      body = `^BY${p.moduleDots},3,${h}^BEN,${h},N,N^FD${el.value.slice(0, 12)}^FS`;
      break;
    case 'upca':
      // A UPC-A symbol is the EAN-13 symbol of "0" + its digits: identical bars.
      body = `^BY${p.moduleDots},3,${h}^BEN,${h},N,N^FD0${el.value.slice(0, 11)}^FS`;
      break;
    case 'qrcode':
      // Model 2, magnification = module dots; "MA," = error correction M, automatic input mode.
      body = `^BQN,2,${p.moduleDots}^FH_^FDMA,${data}^FS`;
      break;
    case 'datamatrix':
      body = `^BXN,${p.moduleDots},200^FH_^FD${data}^FS`;
      break;
  }
  c.field(x, y, w, h, body, `${el.symbology} "${el.value}"`);
}

/** ^GB box: width, height, border thickness (a thickness ≥ the short side prints solid). */
function graphicBox(
  c: Canvas,
  xIn: number,
  yIn: number,
  wIn: number,
  hIn: number,
  thicknessIn: number | 'fill',
  what: string,
): void {
  const x = dots(xIn, c.dpi);
  const y = dots(yIn, c.dpi);
  const w = Math.max(1, dots(wIn, c.dpi));
  const h = Math.max(1, dots(hIn, c.dpi));
  const t = thicknessIn === 'fill' ? Math.min(w, h) : Math.max(1, Math.min(dots(thicknessIn, c.dpi), w, h));
  c.field(x, y, w, h, `^GB${w},${h},${t},B,0^FS`, what);
}

function element(c: Canvas, el: LabelElement): void {
  switch (el.kind) {
    case 'text':
      return text(c, el);
    case 'barcode':
      return barcode(c, el);
    case 'line': {
      const horizontal = el.orientation === 'horizontal';
      const w = horizontal ? el.length : el.thickness;
      const h = horizontal ? el.thickness : el.length;
      return graphicBox(c, el.x, el.y, w, h, 'fill', 'line');
    }
    case 'box':
      return graphicBox(c, el.x, el.y, el.width, el.height, el.fill ? 'fill' : el.thickness, 'box');
    case 'arrow': {
      // ~1 slice per 2 dots of head length keeps the edge smooth without hundreds of fields.
      const slices = Math.max(4, Math.round((el.size * c.dpi) / 4));
      for (const r of arrowRects(el, slices)) graphicBox(c, r.x, r.y, r.width, r.height, 'fill', 'arrow');
      return;
    }
  }
}

/** One label format (^XA…^XZ), printed `copies` times with ^PQ. */
export function renderZpl(label: Label, options: ZplOptions): string {
  const { dpi } = options;
  const copies = options.copies ?? 1;
  const c = new Canvas(dots(label.width, dpi), dots(label.height, dpi), dpi);
  for (const el of label.elements) element(c, el);
  const lines = [
    // ~SD is a tilde command (applies at once, stays set), so it goes before the format.
    ...(options.darkness !== undefined ? [`~SD${String(options.darkness).padStart(2, '0')}`] : []),
    '^XA',
    '^CI28',
    `^PW${c.widthDots}`,
    `^LL${c.heightDots}`,
    '^LH0,0',
    ...c.fields,
    `^PQ${copies},0,1,Y`,
    '^XZ',
  ];
  return lines.join('\n') + '\n';
}
