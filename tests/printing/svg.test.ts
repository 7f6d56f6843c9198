/**
 * SVG previews: root width/height are the label size in inches with a point viewBox, and the
 * barcode path in the SVG, rasterised, decodes back to the value (the preview is scannable).
 */
import { describe, expect, it } from 'vitest';
import { LABEL_TEMPLATES, TEMPLATE_SIZES, type LabelSizeId } from '../../domain/schemas/labels.js';
import { renderLabel } from '../../printing/render.js';
import { EXPECTED_INCHES, SAMPLE_DATA } from './fixtures.js';
import type { GrayImage } from './helpers/png.js';
import { decodeImage } from './helpers/zxing.js';

const CASES = LABEL_TEMPLATES.flatMap((template) =>
  (TEMPLATE_SIZES[template].sizes as readonly LabelSizeId[]).map((size) => ({ template, size })),
);

const svgOf = async (template: (typeof LABEL_TEMPLATES)[number], size?: LabelSizeId): Promise<string> => {
  const out = await renderLabel({ template, format: 'svg', size, data: SAMPLE_DATA[template] });
  expect(out.contentType).toBe('image/svg+xml');
  return out.data as string;
};

/**
 * Rasterise the rectangles of the first <path> (our "M x y h w v h h -w z" form) at `scale` px
 * per pt, cropped to the symbol plus a white margin — like a scanner aimed at the code
 * (ZXing's Data Matrix detector searches from the image centre, so it needs the symbol there).
 */
function rasterPath(svg: string, scale: number, margin = 40): GrayImage {
  const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const rects = [...d.matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-?[\d.]+z/g)].map((m) =>
    [1, 2, 3, 4].map((i) => Number(m[i]) * scale),
  );
  const left = Math.min(...rects.map((r) => r[0])) - margin;
  const top = Math.min(...rects.map((r) => r[1])) - margin;
  const width = Math.ceil(Math.max(...rects.map((r) => r[0] + r[2])) - left + margin);
  const height = Math.ceil(Math.max(...rects.map((r) => r[1] + r[3])) - top + margin);
  const pixels = new Uint8ClampedArray(width * height).fill(255);
  for (const [x0, y0, rw, rh] of rects) {
    for (let y = Math.round(y0 - top); y < Math.round(y0 - top + rh); y++) {
      pixels.fill(0, y * width + Math.round(x0 - left), y * width + Math.round(x0 - left + rw));
    }
  }
  return { width, height, pixels };
}

describe('SVG previews', () => {
  it.each(CASES)('$template $size: width/height/viewBox match the label', async ({ template, size }) => {
    const svg = await svgOf(template, size);
    const [w, h] = EXPECTED_INCHES[size];
    const root = /^<svg [^>]*>/.exec(svg)?.[0] ?? '';
    expect(Number(/width="([\d.]+)in"/.exec(root)?.[1])).toBeCloseTo(w, 6);
    expect(Number(/height="([\d.]+)in"/.exec(root)?.[1])).toBeCloseTo(h, 6);
    const [, vw, vh] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(root) ?? [];
    expect(Number(vw)).toBeCloseTo(w * 72, 2);
    expect(Number(vh)).toBeCloseTo(h * 72, 2);
    expect(svg).toContain('<path d="M');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('escapes text for XML', async () => {
    const out = await renderLabel({
      template: 'lpn',
      format: 'svg',
      data: { lpn: 'LPN-1', description: 'Tom & Jerry <3' },
    });
    expect(out.data).toContain('Tom &amp; Jerry &lt;3');
  });

  it.each([
    ['fnsku', 'code128', 'X001ABCDEF'],
    ['box', 'datamatrix', 'FBA15XYZ1234U000003'],
    ['pallet', 'qrcode', 'PAL-000042'],
  ] as const)('%s preview barcode decodes to the value', async (template, symbology, value) => {
    const svg = await svgOf(template);
    expect(decodeImage(rasterPath(svg, 203 / 72), symbology).text).toBe(value);
  });

  it('shows the location hierarchy and the arrow', async () => {
    const svg = await svgOf('location');
    const lines = [...svg.matchAll(/<text [^>]*font-size="14"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(lines.join(' ')).toBe('Zone Z1 › Aisle A › Rack 03 › Level 2 › Bin 4'); // wrapped on two lines on 4×3
    expect(svg).toContain('<polygon points=');
  });
});
