/**
 * The render caches of decision 0008 must answer exactly what they replace: a Code 128 size
 * remembered by the value's shape equals bwip-js's encoding of that very value, and text widths
 * from the kept glyph/kerning tables equal pdf-lib's widthOfTextAtSize to the bit.
 */
import fc from 'fast-check';
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encodeSymbol, symbolSize } from '../../printing/barcode.js';
import { printableText, textWidth } from '../../printing/text.js';

type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName);
const helveticaBold = StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as FontName);

// Digits in runs, letters of both cases, punctuation and the odd control character.
const code128Char = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'0123456789') },
  { weight: 3, arbitrary: fc.constantFrom(...'ABCXYZ -./_^') },
  { weight: 2, arbitrary: fc.constantFrom(...'abcxyz`{|}~') },
  { weight: 1, arbitrary: fc.constantFrom('\t', '\r', '\x1d') },
);
const code128Value = fc.array(code128Char, { minLength: 1, maxLength: 24 }).map((cs) => cs.join(''));

describe('Code 128 size by shape', () => {
  it('equals the module count bwip-js encodes for every value', () => {
    fc.assert(
      fc.property(code128Value, (value) => {
        const size = symbolSize('code128', value);
        const symbol = encodeSymbol('code128', value);
        expect(size).toEqual({ kind: 'linear', modules: symbol.kind === 'linear' ? symbol.modules : -1 });
      }),
      { numRuns: 600 },
    );
  });

  it('still refuses what bwip-js refuses, and sizes other symbologies by value', () => {
    expect(() => symbolSize('ean13', '5901234123457')).not.toThrow();
    expect(() => symbolSize('ean13', '5901234123450')).toThrow();
    expect(symbolSize('qrcode', 'BOX-1')).toMatchObject({ kind: 'matrix' });
  });
});

describe('text widths from kept metrics', () => {
  const text = fc
    .string({ unit: fc.constantFrom(...'AVAWATo.,fiffl Tea – Sencha ÀÉü€"\'yY7'), maxLength: 60 })
    .map(printableText);
  it('equal pdf-lib for both weights and any size', () => {
    fc.assert(
      fc.property(text, fc.double({ min: 4, max: 40, noNaN: true }), (value, size) => {
        expect(textWidth(value, size, 'normal')).toBe(helvetica.widthOfTextAtSize(value, size) / 72);
        expect(textWidth(value, size, 'bold')).toBe(helveticaBold.widthOfTextAtSize(value, size) / 72);
      }),
      { numRuns: 400 },
    );
  });
});
