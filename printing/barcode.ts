/**
 * Barcode encoding and placement shared by the renderers. bwip-js's platform-neutral build
 * (`bwip-js/generic`) encodes the symbol to its modules (bar widths or a cell matrix); we place
 * those modules ourselves on a whole-dot grid, so the same geometry becomes ZPL sizes, PDF
 * vector rectangles and SVG paths without a canvas in either the browser or Node.
 */
import bwipjs from 'bwip-js/generic';
import { LabelLayoutError, type BarcodeElement, type Symbology } from './model.js';

export interface LinearSymbol {
  kind: 'linear';
  /** Total width in modules, without quiet zones. */
  modules: number;
  /** [start, width] of each dark bar, in modules. */
  bars: Array<[number, number]>;
}

export interface MatrixSymbol {
  kind: 'matrix';
  columns: number;
  rows: number;
  /** Row-major dark cells. */
  cells: boolean[];
}

export type EncodedSymbol = LinearSymbol | MatrixSymbol;

const BCID: Record<Symbology, string> = {
  code128: 'code128',
  ean13: 'ean13',
  upca: 'upca',
  qrcode: 'qrcode',
  datamatrix: 'datamatrix',
};

/** Quiet zone each side, in modules (ISO minimums: 10 for linear, 4 QR, 1 Data Matrix). */
export const QUIET_ZONE: Record<Symbology, number> = { code128: 10, ean13: 10, upca: 10, qrcode: 4, datamatrix: 1 };

/** QR error correction used by both bwip-js and ^BQ (M = 15 %), so both pick the same version. */
export const QR_EC_LEVEL = 'M';

interface RawLinear {
  sbs: number[];
}
interface RawMatrix {
  pixs: number[];
  pixx: number;
  pixy: number;
}

/** Encode `value`; throws (with bwip-js's message) for invalid data such as a bad EAN check digit. */
export function encodeSymbol(symbology: Symbology, value: string): EncodedSymbol {
  const options = symbology === 'qrcode' ? { eclevel: QR_EC_LEVEL } : {};
  const [raw] = bwipjs.raw({ bcid: BCID[symbology], text: value, ...options }) as Array<RawLinear | RawMatrix>;
  if ('sbs' in raw) {
    // sbs alternates bar, space, bar, … widths starting with a bar.
    const bars: Array<[number, number]> = [];
    let at = 0;
    raw.sbs.forEach((w, i) => {
      if (i % 2 === 0) bars.push([at, w]);
      at += w;
    });
    return { kind: 'linear', modules: at, bars };
  }
  return { kind: 'matrix', columns: raw.pixx, rows: raw.pixy, cells: raw.pixs.map((p) => p === 1) };
}

/** What placement needs of a symbol: its size in modules, not its bars. */
export type SymbolSize = { kind: 'linear'; modules: number } | { kind: 'matrix'; columns: number; rows: number };

const SIZE_CACHE_LIMIT = 20_000;
const sizes = new Map<string, SymbolSize>();

/**
 * The key under which two values have the same Code 128 size. Automatic Code 128 (bwip-js, and
 * the printer's ^BC mode A) chooses code sets from the kind of each character alone: a digit
 * (set C pairs), a character both sets A and B hold (space to underscore), one only B holds
 * (backquote to DEL), or anything else, kept as itself (controls, non-ASCII: bwip-js refuses
 * those it cannot encode). tests/printing/barcode-size.test.ts checks this against bwip-js.
 */
function code128Shape(value: string): string {
  let key = '';
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    key += c >= 48 && c <= 57 ? '0' : c >= 32 && c <= 95 ? 'A' : c >= 96 && c <= 127 ? 'b' : ch;
  }
  return key;
}

/**
 * The size of `value`'s symbol, remembered: a thermal (ZPL) label needs only the size to place
 * the printer's own barcode, and encoding the bars was half of its render time (decision 0008).
 * Code 128 sizes are shared by every value of the same shape (FNSKUs, LPNs: one entry each);
 * other symbologies are remembered by value. Invalid data throws, as encodeSymbol does.
 */
export function symbolSize(symbology: Symbology, value: string): SymbolSize {
  const key = symbology === 'code128' ? `code128:${code128Shape(value)}` : `${symbology}:${value}`;
  let size = sizes.get(key);
  if (!size) {
    const s = encodeSymbol(symbology, value);
    size =
      s.kind === 'linear'
        ? { kind: 'linear', modules: s.modules }
        : { kind: 'matrix', columns: s.columns, rows: s.rows };
    if (sizes.size >= SIZE_CACHE_LIMIT) sizes.clear();
    sizes.set(key, size);
  }
  return size;
}

export interface PlacedBarcode<S extends SymbolSize = EncodedSymbol> {
  symbol: S;
  /** Top-left of the symbol itself (quiet zone outside), inches. */
  x: number;
  y: number;
  /** Module size in printer dots and in inches (= dots / dpi). */
  moduleDots: number;
  module: number;
  width: number;
  height: number;
}

/**
 * Size the symbol to the largest whole number of printer dots per module that fits the
 * element's box with its quiet zones: fractional modules print uneven bars on thermal heads.
 */
export function placeBarcode(
  el: BarcodeElement,
  dpi: number,
  symbol: EncodedSymbol = encodeSymbol(el.symbology, el.value),
): PlacedBarcode {
  return placeSymbol(el, dpi, symbol);
}

/** Placement from the symbol's size alone (what a ZPL label needs). */
export function placeSymbol<S extends SymbolSize>(el: BarcodeElement, dpi: number, symbol: S): PlacedBarcode<S> {
  const quiet = QUIET_ZONE[el.symbology];
  const boxW = Math.floor(el.width * dpi);
  const boxH = Math.floor(el.height * dpi);
  let moduleDots: number;
  let widthDots: number;
  let heightDots: number;
  if (symbol.kind === 'linear') {
    moduleDots = Math.floor(boxW / (symbol.modules + 2 * quiet));
    widthDots = symbol.modules * moduleDots;
    heightDots = boxH;
  } else {
    moduleDots = Math.min(
      Math.floor(boxW / (symbol.columns + 2 * quiet)),
      Math.floor(boxH / (symbol.rows + 2 * quiet)),
      // ^BQ magnification stops at 10.
      el.symbology === 'qrcode' ? 10 : Infinity,
    );
    widthDots = symbol.columns * moduleDots;
    heightDots = symbol.rows * moduleDots;
  }
  if (moduleDots < 1 || heightDots < 1) {
    throw new LabelLayoutError(
      `${el.symbology} "${el.value}" does not fit a ${el.width.toFixed(2)}×${el.height.toFixed(2)} in box at ${dpi} dpi`,
    );
  }
  const free = boxW - widthDots;
  const leftDots =
    el.align === 'left' ? quiet * moduleDots : el.align === 'right' ? free - quiet * moduleDots : Math.floor(free / 2);
  const topDots = symbol.kind === 'matrix' ? Math.floor((boxH - heightDots) / 2) : 0;
  return {
    symbol,
    x: el.x + leftDots / dpi,
    y: el.y + topDots / dpi,
    moduleDots,
    module: moduleDots / dpi,
    width: widthDots / dpi,
    height: heightDots / dpi,
  };
}

const num = (n: number): string => String(Math.round(n * 1000) / 1000);

/**
 * The dark modules as one SVG path (rectangles), in units of `scale` per inch relative to the
 * label's top-left. Matrix rows merge adjacent dark cells into one run to keep the path short.
 */
export function barcodePath(p: PlacedBarcode, scale: number): string {
  const m = p.module * scale;
  const x0 = p.x * scale;
  const y0 = p.y * scale;
  const rect = (x: number, y: number, w: number, h: number): string =>
    `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}z`;
  const parts: string[] = [];
  const s = p.symbol;
  if (s.kind === 'linear') {
    for (const [start, width] of s.bars) parts.push(rect(x0 + start * m, y0, width * m, p.height * scale));
    return parts.join('');
  }
  for (let r = 0; r < s.rows; r++) {
    let c = 0;
    while (c < s.columns) {
      if (!s.cells[r * s.columns + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < s.columns && s.cells[r * s.columns + c]) c++;
      parts.push(rect(x0 + start * m, y0 + r * m, (c - start) * m, m));
    }
  }
  return parts.join('');
}
