/**
 * PDF output, parsed back with pdf-lib: thermal sizes give one page per label (× copies) whose
 * size in points is the label size × 72; 30-up sheets put 30 labels on a Letter/A4 page, in the
 * documented cells, and start a new page for the 31st.
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isSheetSize, LABEL_TEMPLATES, TEMPLATE_SIZES, type LabelSizeId } from '../../domain/schemas/labels.js';
import { renderLabel, renderLabelBatch } from '../../printing/render.js';
import { EXPECTED_INCHES, SAMPLE_DATA } from './fixtures.js';

const load = async (data: string | Uint8Array): Promise<PDFDocument> => {
  expect(data).toBeInstanceOf(Uint8Array);
  return PDFDocument.load(data as Uint8Array);
};

/** Decoded content-stream text of a page. */
function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  return streams
    .map((ref) => page.doc.context.lookup(ref as never))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => inflateSync(Buffer.from(s.getContents())).toString('latin1'))
    .join('\n');
}

/** Positions (pt) of every text drawing whose string is `text`. */
function textPositions(content: string, text: string): Array<[number, number]> {
  const hex = Buffer.from(text, 'latin1').toString('hex').toUpperCase();
  const re = new RegExp(`1 0 0 1 ([\\d.-]+) ([\\d.-]+) Tm\\s*<${hex}> Tj`, 'g');
  return [...content.matchAll(re)].map((m) => [Number(m[1]), Number(m[2])]);
}

const THERMAL = LABEL_TEMPLATES.flatMap((template) =>
  (TEMPLATE_SIZES[template].sizes as readonly LabelSizeId[])
    .filter((s) => !isSheetSize(s))
    .map((size) => ({ template, size })),
);

describe('PDF output', () => {
  it.each(THERMAL)('$template $size: one page per copy, page = label size in points', async ({ template, size }) => {
    const out = await renderLabel({ template, format: 'pdf', size, copies: 2, data: SAMPLE_DATA[template] });
    expect(out.contentType).toBe('application/pdf');
    const doc = await load(out.data);
    expect(doc.getPageCount()).toBe(2);
    const [w, h] = EXPECTED_INCHES[size];
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(w * 72, 3);
      expect(page.getHeight()).toBeCloseTo(h * 72, 3);
    }
  });

  it('prints the FNSKU text on the label page', async () => {
    const doc = await load((await renderLabel({ template: 'fnsku', format: 'pdf', data: SAMPLE_DATA.fnsku })).data);
    const [pos] = textPositions(pageContent(doc.getPage(0)), 'X001ABCDEF');
    expect(pos).toBeDefined();
    expect(pos[0]).toBeGreaterThan(0);
    expect(pos[0]).toBeLessThan(2.25 * 72);
  });

  const fnskus = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...SAMPLE_DATA.fnsku, fnsku: `X00000${String(i).padStart(4, '0')}` }));

  it.each([
    ['30up-letter', 8.5, 11, 0.1875, 0.5, 2.75, 1],
    ['30up-a4', 210 / 25.4, 297 / 25.4, 0, 0, 70 / 25.4, 29.7 / 25.4],
  ] as const)(
    '%s: 30 labels fill one page in 3 × 10 cells, the 31st starts page 2',
    async (size, pw, ph, left, top, pitchX, pitchY) => {
      const one = await load(
        (await renderLabelBatch({ template: 'fnsku', format: 'pdf', size, items: fnskus(30) })).data,
      );
      expect(one.getPageCount()).toBe(1);

      const doc = await load(
        (await renderLabelBatch({ template: 'fnsku', format: 'pdf', size, items: fnskus(31) })).data,
      );
      expect(doc.getPageCount()).toBe(2);
      for (const page of doc.getPages()) {
        expect(page.getWidth()).toBeCloseTo(pw * 72, 2);
        expect(page.getHeight()).toBeCloseTo(ph * 72, 2);
      }
      const [cellW, cellH] = EXPECTED_INCHES[size];
      const first = pageContent(doc.getPage(0));
      // Every label i sits in cell (i % 3, i / 3): its FNSKU text lies inside that cell.
      for (let i = 0; i < 30; i++) {
        const positions = textPositions(first, `X00000${String(i).padStart(4, '0')}`);
        expect(positions, `label ${i}`).toHaveLength(1);
        const [x, y] = positions[0];
        const cellLeft = (left + (i % 3) * pitchX) * 72;
        const cellTop = (ph - top - Math.floor(i / 3) * pitchY) * 72; // PDF y is from the bottom
        expect(x).toBeGreaterThan(cellLeft);
        expect(x).toBeLessThan(cellLeft + cellW * 72);
        expect(y).toBeLessThan(cellTop);
        expect(y).toBeGreaterThan(cellTop - cellH * 72);
      }
      const second = pageContent(doc.getPage(1));
      expect(textPositions(second, 'X000000030')).toHaveLength(1);
      expect(textPositions(second, 'X000000000')).toHaveLength(0);
    },
  );

  it('copies fill sheet cells too: 31 copies of one label = 2 pages', async () => {
    const doc = await load(
      (await renderLabel({ template: 'lpn', format: 'pdf', size: '30up-letter', copies: 31, data: SAMPLE_DATA.lpn }))
        .data,
    );
    expect(doc.getPageCount()).toBe(2);
  });

  it('a batch names the bad item and field', async () => {
    const items = [SAMPLE_DATA.fnsku, { ...SAMPLE_DATA.fnsku, title: '' }];
    await expect(renderLabelBatch({ template: 'fnsku', format: 'pdf', items })).rejects.toMatchObject({
      fields: [expect.objectContaining({ path: 'items.1.data.title' })],
    });
  });

  it('titles with characters the PDF fonts cannot encode still render (as ?)', async () => {
    const data = { ...SAMPLE_DATA.fnsku, title: '緑茶 Green tea 🍵' };
    const doc = await load((await renderLabel({ template: 'fnsku', format: 'pdf', data })).data);
    expect(textPositions(pageContent(doc.getPage(0)), '?? Green tea ?')).toHaveLength(1);
  });
});
