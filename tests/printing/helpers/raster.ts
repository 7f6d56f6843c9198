/**
 * Rasterises what our renderers print — the placed barcode modules — into a grey image on the
 * printer's dot grid, so the exact geometry the ZPL/PDF/SVG carry can be decoded by ZXing.
 */
import type { PlacedBarcode } from '../../../printing/barcode.js';
import type { GrayImage } from './png.js';

/** One image pixel per printer dot, with a white margin of `margin` dots. */
export function rasterBarcode(p: PlacedBarcode, dpi: number, margin = 40): GrayImage {
  const m = p.moduleDots;
  const s = p.symbol;
  const wDots = Math.round(p.width * dpi);
  const hDots = Math.round(p.height * dpi);
  const width = wDots + 2 * margin;
  const height = hDots + 2 * margin;
  const pixels = new Uint8ClampedArray(width * height).fill(255);
  const fill = (x: number, y: number, w: number, h: number): void => {
    for (let yy = y; yy < y + h; yy++)
      pixels.fill(0, (margin + yy) * width + margin + x, (margin + yy) * width + margin + x + w);
  };
  if (s.kind === 'linear') {
    for (const [start, w] of s.bars) fill(start * m, 0, w * m, hDots);
  } else {
    s.cells.forEach((dark, i) => {
      if (dark) fill((i % s.columns) * m, Math.floor(i / s.columns) * m, m, m);
    });
  }
  return { width, height, pixels };
}
