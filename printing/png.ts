/**
 * A label as a PNG raster at printer resolution (203 dpi by default): the label model on a dot grid
 * — text placed by the shared Helvetica metrics (glyphs from bwip-js's built-in OCR-B, so letters
 * beyond ASCII print without their accents), barcodes on whole dots as the thermal renderer places
 * them. For providers and tools that want an image of a label rather than PDF or ZPL.
 */
import { crc32, deflateSync } from 'node:zlib';
import bwipjs from 'bwip-js/generic';
import { arrowRects, type Rect } from './arrow.js';
import { placeBarcode } from './barcode.js';
import type { Label, TextElement } from './model.js';
import { textLayout, textWidth } from './text.js';

class Bitmap {
  readonly px: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Uint8Array(width * height).fill(255);
  }
  rect(x: number, y: number, w: number, h: number): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let j = y0; j < y1; j++) this.px.fill(0, j * this.width + x0, j * this.width + Math.max(x0, x1));
  }
  /** Darkens a pixel by an 8-bit coverage (glyph anti-aliasing). */
  ink(x: number, y: number, coverage: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || coverage <= 0) return;
    const i = y * this.width + x;
    this.px[i] = Math.min(this.px[i], 255 - coverage);
  }
}

let ocrB: number | undefined;
function drawText(b: Bitmap, el: TextElement, dpi: number): void {
  const font = (ocrB ??= bwipjs.FontLib.lookup('OCR-B'));
  const sizePx = Math.max(6, Math.round((el.sizePt / 72) * dpi));
  for (const line of textLayout(el)) {
    const baseline = Math.round((line.y + (el.sizePt / 72) * 0.85) * dpi);
    let prefix = '';
    for (const ch of line.text) {
      // Each glyph sits where Helvetica would put it, so lines fit exactly as in the PDF.
      const x = Math.round((line.x + textWidth(prefix, el.sizePt, el.weight)) * dpi);
      const advance = Math.max(1, Math.round(textWidth(ch, el.sizePt, el.weight) * dpi));
      prefix += ch;
      if (ch === ' ') continue;
      // OCR-B has ASCII only: an accented letter is drawn as its base letter (é → e). Its glyphs
      // are about 0.6 of their size wide, so the x-size is set to fill Helvetica's advance.
      const base = ch.codePointAt(0)! > 126 ? ch.normalize('NFD')[0] : ch;
      const g = bwipjs.FontLib.getglyph(font, base.codePointAt(0) ?? 63, Math.round((advance * 0.92) / 0.6), sizePx);
      const left = x + Math.round((advance - g.width) / 2);
      for (let gy = 0; gy < g.height; gy++)
        for (let gx = 0; gx < g.width; gx++) {
          const a = g.bytes[g.offset + gy * g.width + gx];
          b.ink(left + gx, baseline - g.top + gy, a);
          if (el.weight === 'bold') b.ink(left + gx + 1, baseline - g.top + gy, a);
        }
    }
  }
}

/** The label model on a `dpi` grid, as an 8-bit greyscale PNG. */
export function renderPng(label: Label, dpi = 203): Buffer {
  const d = (inches: number) => inches * dpi;
  const b = new Bitmap(Math.round(d(label.width)), Math.round(d(label.height)));
  const fill = (r: Rect) => b.rect(d(r.x), d(r.y), d(r.width), d(r.height));
  for (const el of label.elements) {
    if (el.kind === 'text') drawText(b, el, dpi);
    else if (el.kind === 'line')
      fill(
        el.orientation === 'horizontal'
          ? { x: el.x, y: el.y, width: el.length, height: el.thickness }
          : { x: el.x, y: el.y, width: el.thickness, height: el.length },
      );
    else if (el.kind === 'box') {
      if (el.fill) fill(el);
      else
        for (const r of [
          { x: el.x, y: el.y, width: el.width, height: el.thickness },
          { x: el.x, y: el.y + el.height - el.thickness, width: el.width, height: el.thickness },
          { x: el.x, y: el.y, width: el.thickness, height: el.height },
          { x: el.x + el.width - el.thickness, y: el.y, width: el.thickness, height: el.height },
        ])
          fill(r);
    } else if (el.kind === 'arrow') arrowRects(el, 24).forEach(fill);
    else {
      const p = placeBarcode(el, dpi);
      const s = p.symbol;
      const m = p.moduleDots;
      if (s.kind === 'linear')
        for (const [start, width] of s.bars) b.rect(d(p.x) + start * m, d(p.y), width * m, d(p.height));
      else
        for (let r = 0; r < s.rows; r++)
          for (let c = 0; c < s.columns; c++)
            if (s.cells[r * s.columns + c]) b.rect(d(p.x) + c * m, d(p.y) + r * m, m, m);
    }
  }
  return png(b);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function png(b: Bitmap): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(b.width, 0);
  ihdr.writeUInt32BE(b.height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method choice, no interlace
  const rows = Buffer.alloc((b.width + 1) * b.height);
  for (let y = 0; y < b.height; y++) rows.set(b.px.subarray(y * b.width, (y + 1) * b.width), y * (b.width + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
