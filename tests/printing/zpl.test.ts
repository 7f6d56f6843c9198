/**
 * ZPL structure and geometry: for every template × size × dpi the output is one ^XA…^XZ format
 * with ^CI28, ^PW/^LL equal to the physical size in dots, ^PQ = copies, and every field's origin
 * and extent inside the label.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSheetSize, LABEL_TEMPLATES, TEMPLATE_SIZES, type LabelSizeId } from '../../domain/schemas/labels.js';
import { encodeSymbol } from '../../printing/barcode.js';
import { LabelLayoutError, type Label } from '../../printing/model.js';
import { LabelValidationError, renderLabel } from '../../printing/render.js';
import { renderZpl, zplFieldData } from '../../printing/zpl.js';
import { EXPECTED_INCHES, SAMPLE_DATA } from './fixtures.js';

interface Field {
  x: number;
  y: number;
  w: number;
  h: number;
  raw: string;
}

/** Parse each ^FO…^FS field into its origin and the extent its commands imply. */
function fields(zpl: string): Field[] {
  return [...zpl.matchAll(/\^FO(\d+),(\d+)(.*?)\^FS/g)].map((m) => {
    const [x, y, body] = [Number(m[1]), Number(m[2]), m[3]];
    const data = /\^FD(.*)$/.exec(body)?.[1] ?? '';
    const gb = /\^GB(\d+),(\d+),/.exec(body);
    if (gb) return { x, y, w: Number(gb[1]), h: Number(gb[2]), raw: m[0] };
    const text = /\^A0N,(\d+),\d+\^FB(\d+),/.exec(body);
    if (text) return { x, y, w: Number(text[2]), h: Number(text[1]), raw: m[0] };
    const by = /\^BY(\d+),\d+,(\d+)/.exec(body);
    if (by && body.includes('^BC')) {
      const s = encodeSymbol('code128', data);
      return { x, y, w: s.kind === 'linear' ? s.modules * Number(by[1]) : NaN, h: Number(by[2]), raw: m[0] };
    }
    if (by && body.includes('^BE')) return { x, y, w: 95 * Number(by[1]), h: Number(by[2]), raw: m[0] };
    const qr = /\^BQN,2,(\d+)/.exec(body);
    if (qr) {
      const s = encodeSymbol('qrcode', data.replace(/^MA,/, ''));
      return {
        x,
        y,
        w: s.kind === 'matrix' ? s.columns * Number(qr[1]) : NaN,
        h: s.kind === 'matrix' ? s.rows * Number(qr[1]) : NaN,
        raw: m[0],
      };
    }
    const dm = /\^BXN,(\d+),200/.exec(body);
    if (dm) {
      const s = encodeSymbol('datamatrix', data);
      return {
        x,
        y,
        w: s.kind === 'matrix' ? s.columns * Number(dm[1]) : NaN,
        h: s.kind === 'matrix' ? s.rows * Number(dm[1]) : NaN,
        raw: m[0],
      };
    }
    throw new Error(`unrecognised field ${m[0]}`);
  });
}

const CASES = LABEL_TEMPLATES.flatMap((template) =>
  (TEMPLATE_SIZES[template].sizes as readonly LabelSizeId[])
    .filter((size) => !isSheetSize(size))
    .flatMap((size) => ([203, 300] as const).map((dpi) => ({ template, size, dpi }))),
);

describe('ZPL output', () => {
  it.each(CASES)(
    '$template $size @ $dpi dpi: structure, ^PW/^LL, every field inside',
    async ({ template, size, dpi }) => {
      const out = await renderLabel({ template, format: 'zpl', size, dpi, copies: 3, data: SAMPLE_DATA[template] });
      const zpl = out.data as string;
      expect(out.contentType).toBe('application/zpl');
      expect(out.filename).toMatch(new RegExp(`^${template}-.+\\.zpl$`));
      expect(zpl.startsWith('^XA\n')).toBe(true);
      expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl.match(/\^XZ/g)).toHaveLength(1);
      expect(zpl).toContain('^CI28');
      expect(zpl).toMatch(/\^PQ3,0,1,Y\n\^XZ/);
      expect(zpl).toMatch(/^[\x20-\x7e\n]*$/); // pure ASCII on the wire

      const [wIn, hIn] = EXPECTED_INCHES[size];
      const pw = Number(/\^PW(\d+)/.exec(zpl)?.[1]);
      const ll = Number(/\^LL(\d+)/.exec(zpl)?.[1]);
      expect(pw).toBe(Math.round(wIn * dpi));
      expect(ll).toBe(Math.round(hIn * dpi));

      const fs = fields(zpl);
      expect(fs.length).toBeGreaterThan(2);
      expect(fs.some((f) => /\^B[CEQX]/.test(f.raw))).toBe(true);
      for (const f of fs) {
        expect(f.x, f.raw).toBeGreaterThanOrEqual(0);
        expect(f.y, f.raw).toBeGreaterThanOrEqual(0);
        expect(f.x, f.raw).toBeLessThan(pw);
        expect(f.y, f.raw).toBeLessThan(ll);
        expect(f.x + f.w, f.raw).toBeLessThanOrEqual(pw);
        expect(f.y + f.h, f.raw).toBeLessThanOrEqual(ll);
      }
    },
  );

  it('the same label at 300 dpi is the 203 dpi label scaled, not a different layout', async () => {
    const at = async (dpi: 203 | 300) =>
      (await renderLabel({ template: 'fnsku', format: 'zpl', dpi, data: SAMPLE_DATA.fnsku })).data as string;
    const fo = (z: string) => [...z.matchAll(/\^FO(\d+),(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const [a, b] = [fo(await at(203)), fo(await at(300))];
    expect(a.length).toBe(b.length);
    a.forEach(([x, y], i) => {
      expect(Math.abs(b[i][0] - (x * 300) / 203)).toBeLessThan(300 / 25); // within 0.04 in
      expect(Math.abs(b[i][1] - (y * 300) / 203)).toBeLessThan(300 / 25);
    });
  });

  it('copies default to 1', async () => {
    const zpl = (await renderLabel({ template: 'lpn', format: 'zpl', data: SAMPLE_DATA.lpn })).data as string;
    expect(zpl).toContain('^PQ1,0,1,Y');
  });

  it('30-up sheets are not a ZPL size: field-level error on size', async () => {
    for (const size of ['30up-letter', '30up-a4'] as const) {
      const err = await renderLabel({ template: 'fnsku', format: 'zpl', size, data: SAMPLE_DATA.fnsku }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(LabelValidationError);
      expect((err as LabelValidationError).fields).toEqual([expect.objectContaining({ path: 'size' })]);
    }
  });

  it('a size the template is not laid out for is rejected', async () => {
    const err = await renderLabel({ template: 'box', format: 'zpl', size: '2x1', data: SAMPLE_DATA.box }).catch(
      (e: unknown) => e,
    );
    expect((err as LabelValidationError).fields[0].path).toBe('size');
  });

  it('refuses a field that would leave the label instead of clipping it', () => {
    const label: Label = {
      width: 2,
      height: 1,
      elements: [{ kind: 'box', x: 1.5, y: 0.1, width: 0.6, height: 0.2, thickness: 0.02, fill: false }],
    };
    expect(() => renderZpl(label, { dpi: 203 })).toThrow(LabelLayoutError);
  });

  it('escapes ZPL control characters and non-ASCII through ^FH', () => {
    expect(zplFieldData('A^B~C_D')).toBe('A_5EB_7EC_5FD');
    expect(zplFieldData('Café ›')).toBe('Caf_C3_A9 _E2_80_BA');
  });

  it('uses ^BE for EAN-13 and UPC-A (as EAN-13 with a leading 0) and ^BX for Data Matrix', () => {
    const el = (symbology: 'ean13' | 'upca' | 'datamatrix', value: string, height = 0.5) =>
      ({ kind: 'barcode', symbology, value, x: 0.1, y: 0.1, width: 1.8, height, align: 'center' }) as const;
    expect(renderZpl({ width: 2, height: 1, elements: [el('ean13', '5901234123457')] }, { dpi: 203 })).toMatch(
      /\^BEN,\d+,N,N\^FD590123412345\^FS/,
    );
    expect(renderZpl({ width: 2, height: 1, elements: [el('upca', '036000291452')] }, { dpi: 203 })).toMatch(
      /\^BEN,\d+,N,N\^FD003600029145\^FS/,
    );
    expect(renderZpl({ width: 2, height: 1, elements: [el('datamatrix', 'BOX-1', 0.8)] }, { dpi: 300 })).toMatch(
      /\^BXN,\d+,200\^FH_\^FDBOX-1\^FS/,
    );
  });

  it('puts darkness (~SD) before the format when configured', () => {
    const zpl = renderZpl({ width: 2, height: 1, elements: [] }, { dpi: 203, darkness: 8 });
    expect(zpl.startsWith('~SD08\n^XA\n')).toBe(true);
  });

  it('any FNSKU title and condition stays inside the label at both dpis', async () => {
    const textArb = fc.string({ minLength: 1, maxLength: 300 }).filter((s) => s.trim().length > 0);
    await fc.assert(
      fc.asyncProperty(
        textArb,
        textArb.map((s) => s.slice(0, 40)),
        fc.constantFrom(203, 300),
        fc.constantFrom('2x1', '2.25x1.25'),
        async (title, condition, dpi, size) => {
          const zpl = (
            await renderLabel({
              template: 'fnsku',
              format: 'zpl',
              size,
              dpi,
              data: { ...SAMPLE_DATA.fnsku, title, condition },
            })
          ).data as string;
          const pw = Number(/\^PW(\d+)/.exec(zpl)?.[1]);
          const ll = Number(/\^LL(\d+)/.exec(zpl)?.[1]);
          for (const f of fields(zpl)) {
            expect(f.x + f.w).toBeLessThanOrEqual(pw);
            expect(f.y + f.h).toBeLessThanOrEqual(ll);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
