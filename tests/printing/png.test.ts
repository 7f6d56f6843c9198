/**
 * The PNG renderer: a label becomes a greyscale raster of its physical size at the asked dpi, with
 * ink where the model puts it — a filled box is black, the margin around it white, and a barcode
 * read back from the raster's row gives the model's bars.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Label } from '../../printing/model.js';
import { renderPng } from '../../printing/png.js';

/** Width, height and greyscale pixels of an 8-bit greyscale PNG (no filtering, as renderPng writes). */
function decode(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const px = (x: number, y: number) => rows[y * (width + 1) + 1 + x];
  return { width, height, px };
}

const label: Label = {
  width: 4,
  height: 6,
  elements: [
    { kind: 'box', x: 0.5, y: 0.5, width: 1, height: 1, thickness: 0.02, fill: true },
    {
      kind: 'barcode',
      symbology: 'code128',
      value: 'DOCKSIDE-1',
      x: 0.5,
      y: 3,
      width: 3,
      height: 1,
      align: 'left',
    },
  ],
};

describe('PNG labels', () => {
  it.each([203, 300])('a 4×6 label at %i dpi is a raster of that many dots', (dpi) => {
    const { width, height } = decode(renderPng(label, dpi));
    expect([width, height]).toEqual([4 * dpi, 6 * dpi]);
  });

  it('puts ink where the model does, and nowhere else', () => {
    const { px } = decode(renderPng(label, 203));
    const dot = (inches: number) => Math.round(inches * 203);
    expect(px(dot(1), dot(1))).toBe(0); // inside the filled box
    expect(px(dot(0.25), dot(0.25))).toBe(255); // the margin
    expect(px(dot(3), dot(2))).toBe(255); // between the box and the barcode
    // Across the barcode's middle: dark and light runs, starting and ending dark (Code 128's bars).
    const y = dot(3.5);
    const row = Array.from({ length: dot(3.2) }, (_, x) => px(dot(0.4) + x, y) < 128);
    const first = row.indexOf(true);
    const last = row.lastIndexOf(true);
    expect(first).toBeGreaterThan(0);
    const runs = row.slice(first, last + 1).filter((v, i, a) => i === 0 || v !== a[i - 1]).length;
    // Code 128 of 10 characters: start, 10 symbols, check and stop — 3 bars and 3 spaces each.
    expect(runs).toBeGreaterThan(60);
  });
});
