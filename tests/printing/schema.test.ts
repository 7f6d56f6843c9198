/**
 * The shared request schema: bad data gives one error per field at data.<field>, sizes are
 * checked per template, defaults apply, and the façade falls back to the browser dialog.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultTemplateSize,
  LABEL_SIZES,
  LABEL_TEMPLATES,
  labelRenderRequestSchema,
  printerSettingsSchema,
  TEMPLATE_SIZES,
} from '../../domain/schemas/labels.js';
import { Printer } from '../../printing/index.js';
import { LABEL_GEOMETRY } from '../../printing/sizes.js';
import { locationHierarchy } from '../../printing/templates/index.js';
import { fitLines, textWidth } from '../../printing/text.js';
import { PDFDocument } from 'pdf-lib';
import { SAMPLE_DATA } from './fixtures.js';

const issues = (input: unknown) => {
  const r = labelRenderRequestSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('labelRenderRequestSchema', () => {
  it('accepts every sample and applies defaults (dpi 203, copies 1)', () => {
    for (const template of LABEL_TEMPLATES) {
      const r = labelRenderRequestSchema.parse({ template, format: 'pdf', data: SAMPLE_DATA[template] });
      expect(r).toMatchObject({ dpi: 203, copies: 1 });
      expect(TEMPLATE_SIZES[template].sizes).toContain(defaultTemplateSize(template));
    }
  });

  it('reports each bad field at data.<field>', () => {
    const result = issues({
      template: 'fnsku',
      format: 'zpl',
      data: { fnsku: 'x1', title: '', condition: 'New', expiry: '2026-13-45' },
    });
    expect(result.map((i) => i.path).sort()).toEqual(['data.expiry', 'data.fnsku', 'data.title']);
  });

  it('rejects non-ASCII in barcode values, box n > N, unknown templates, dpi and copies out of range', () => {
    expect(issues({ template: 'lpn', format: 'zpl', data: { lpn: 'LPN–1' } })[0].path).toBe('data.lpn');
    expect(issues({ template: 'box', format: 'pdf', data: { ...SAMPLE_DATA.box, boxNumber: 13 } })[0].path).toBe(
      'data.boxNumber',
    );
    expect(issues({ template: 'shoe', format: 'pdf', data: {} })[0].path).toBe('template');
    expect(issues({ template: 'lpn', format: 'zpl', dpi: 600, data: SAMPLE_DATA.lpn })[0].path).toBe('dpi');
    expect(issues({ template: 'lpn', format: 'zpl', copies: 0, data: SAMPLE_DATA.lpn })[0].path).toBe('copies');
  });

  it('every size id has a geometry, and sheet cells fit their page', () => {
    for (const size of LABEL_SIZES) {
      const g = LABEL_GEOMETRY[size];
      expect(g.width).toBeGreaterThan(0);
      if (g.sheet) {
        const s = g.sheet;
        expect(s.marginLeft + (s.columns - 1) * s.pitchX + g.width).toBeLessThanOrEqual(s.pageWidth + 1e-9);
        expect(s.marginTop + (s.rows - 1) * s.pitchY + g.height).toBeLessThanOrEqual(s.pageHeight + 1e-9);
      }
    }
  });
});

describe('text fitting', () => {
  it('wraps to maxLines, ends a cut line with "..." and never exceeds the width', () => {
    const lines = fitLines(SAMPLE_DATA.fnsku.title as string, 2.13, 6.5, 'normal', 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('...')).toBe(true);
    for (const l of lines) expect(textWidth(l, 6.5, 'normal')).toBeLessThanOrEqual(2.13);
  });

  it('builds the location hierarchy, skipping unset levels', () => {
    expect(locationHierarchy({ code: 'A', aisle: 'A', rack: '03', level: '2', bin: '4' })).toBe(
      'Aisle A › Rack 03 › Level 2 › Bin 4',
    );
    expect(locationHierarchy({ code: 'A', aisle: 'B' })).toBe('Aisle B');
  });
});

describe('Printer façade without QZ', () => {
  it('falls back to the browser print dialog with a PDF holding every copy', async () => {
    const sent: Uint8Array[] = [];
    const printer = new Printer(printerSettingsSchema.parse({}), { browserPrint: async (pdf) => sent.push(pdf) });
    expect(printer.transportFor('item')).toBe('browser');
    const result = await printer.printLabel({ template: 'fnsku', data: SAMPLE_DATA.fnsku, copies: 2 });
    expect(result).toEqual({ ok: true, transport: 'browser', format: 'pdf', copies: 2, status: 'dialog-opened' });
    expect((await PDFDocument.load(sent[0])).getPageCount()).toBe(2);
  });

  it('repeats a ready-made PDF for copies in the browser', async () => {
    const sent: Uint8Array[] = [];
    const printer = new Printer(printerSettingsSchema.parse({}), { browserPrint: async (pdf) => sent.push(pdf) });
    const one = await PDFDocument.create();
    one.addPage([288, 432]);
    const result = await printer.printDocument('shipping', { format: 'pdf', data: await one.save(), copies: 3 });
    expect(result).toMatchObject({ ok: true, transport: 'browser' });
    expect((await PDFDocument.load(sent[0])).getPageCount()).toBe(3);
  });

  it('cannot print raw ZPL without QZ and says so', async () => {
    const printer = new Printer(printerSettingsSchema.parse({}), { browserPrint: async () => undefined });
    expect(await printer.printDocument('shipping', { format: 'zpl', data: '^XA^XZ' })).toMatchObject({ ok: false });
  });
});
