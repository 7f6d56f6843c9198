/**
 * Layout sanity for every template × size: every element stays inside the label's safe area
 * and no two elements overlap (text measured as printed, barcodes as placed on the dot grid).
 */
import { describe, expect, it } from 'vitest';
import { LABEL_TEMPLATES, TEMPLATE_SIZES, type LabelSizeId } from '../../domain/schemas/labels.js';
import { placeBarcode } from '../../printing/barcode.js';
import type { LabelElement } from '../../printing/model.js';
import { parseLabelRequest } from '../../printing/render.js';
import { LABEL_GEOMETRY } from '../../printing/sizes.js';
import { buildLabel } from '../../printing/templates/index.js';
import { textLayout } from '../../printing/text.js';
import { SAMPLE_DATA } from './fixtures.js';

interface Box {
  what: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

function inked(el: LabelElement, dpi: number): Box[] {
  switch (el.kind) {
    case 'text':
      // Cap height to descender of Helvetica ≈ 0.05–0.95 of the size below the line top.
      return textLayout(el).map((l) => ({
        what: `text "${l.text}"`,
        x: l.x,
        y: l.y + (el.sizePt / 72) * 0.05,
        w: l.width,
        h: (el.sizePt / 72) * 0.9,
      }));
    case 'barcode': {
      const p = placeBarcode(el, dpi);
      return [{ what: `${el.symbology}`, x: p.x, y: p.y, w: p.width, h: p.height }];
    }
    case 'line':
      return [
        {
          what: 'line',
          x: el.x,
          y: el.y,
          w: el.orientation === 'horizontal' ? el.length : el.thickness,
          h: el.orientation === 'horizontal' ? el.thickness : el.length,
        },
      ];
    case 'box':
      return [{ what: 'box', x: el.x, y: el.y, w: el.width, h: el.height }];
    case 'arrow':
      return [{ what: 'arrow', x: el.x, y: el.y, w: el.size, h: el.size }];
  }
}

const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const CASES = LABEL_TEMPLATES.flatMap((template) =>
  (TEMPLATE_SIZES[template].sizes as readonly LabelSizeId[]).flatMap((size) =>
    ([203, 300] as const).map((dpi) => ({ template, size, dpi })),
  ),
);

describe('template layout', () => {
  it.each(CASES)('$template $size @ $dpi: inside the safe area, nothing overlaps', ({ template, size, dpi }) => {
    const g = LABEL_GEOMETRY[size];
    const label = buildLabel(parseLabelRequest({ template, size, dpi, format: 'pdf', data: SAMPLE_DATA[template] }));
    const boxes = label.elements.flatMap((el) => inked(el, dpi));
    const eps = 1e-6;
    for (const b of boxes) {
      expect(b.x, b.what).toBeGreaterThanOrEqual(g.safe - eps);
      expect(b.y, b.what).toBeGreaterThanOrEqual(g.safe - eps);
      expect(b.x + b.w, b.what).toBeLessThanOrEqual(g.width - g.safe + eps);
      expect(b.y + b.h, b.what).toBeLessThanOrEqual(g.height - g.safe + eps);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        expect(overlap(boxes[i], boxes[j]), `${boxes[i].what} overlaps ${boxes[j].what}`).toBe(false);
      }
    }
  });
});
