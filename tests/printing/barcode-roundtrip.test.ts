/**
 * Round trip: every symbology we print is encoded, turned into pixels and decoded again with
 * ZXing, and must give back exactly the input. Two paths are checked:
 *  1. bwip-js's own PNG (toBuffer) — proves the encoder and options are right;
 *  2. our placement on the printer dot grid (what ZPL/PDF/SVG carry) rasterised at 203 and 300 dpi
 *     — proves our module geometry (bars, cells, whole-dot module sizes) is scannable.
 */
import bwipjs from 'bwip-js/node';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSymbol, placeBarcode, QR_EC_LEVEL } from '../../printing/barcode.js';
import type { BarcodeElement, Symbology } from '../../printing/model.js';
import { decodePng } from './helpers/png.js';
import { rasterBarcode } from './helpers/raster.js';
import { decodeImage } from './helpers/zxing.js';

const SAMPLES: Array<[Symbology, string]> = [
  ['code128', 'X001ABCDEF'],
  ['code128', '1Z999AA10123456784'],
  ['code128', 'LPN-0000123456'],
  ['ean13', '5901234123457'],
  ['ean13', '4006381333931'],
  ['upca', '036000291452'],
  ['upca', '012345678905'],
  ['qrcode', 'FBA15XYZ1234U000003'],
  ['qrcode', 'https://dockside.example/box/42?n=3&of=12'],
  ['datamatrix', 'FBA15XYZ1234U000003'],
  ['datamatrix', 'PAL-000042'],
];

async function viaBwipPng(symbology: Symbology, value: string): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: symbology,
    text: value,
    scale: 3,
    padding: 10,
    backgroundcolor: 'FFFFFF',
    // height (mm) would stretch a 2D symbol out of square; only linear codes get one.
    ...(symbology === 'qrcode' ? { eclevel: QR_EC_LEVEL } : symbology === 'datamatrix' ? {} : { height: 12 }),
  } as Parameters<typeof bwipjs.toBuffer>[0]);
  return decodeImage(decodePng(png), symbology).text;
}

function viaPlacement(symbology: Symbology, value: string, dpi: number): string {
  const twoD = symbology === 'qrcode' || symbology === 'datamatrix';
  const el: BarcodeElement = {
    kind: 'barcode',
    symbology,
    value,
    x: 0.1,
    y: 0.1,
    width: 2.05,
    height: twoD ? 1 : 0.45,
    align: 'center',
  };
  return decodeImage(rasterBarcode(placeBarcode(el, dpi), dpi), symbology).text;
}

describe('barcode round trip through ZXing', () => {
  it.each(SAMPLES)('%s %s: bwip-js PNG decodes to the input', async (symbology, value) => {
    expect(await viaBwipPng(symbology, value)).toBe(value);
  });

  it.each(SAMPLES.flatMap(([s, v]) => [203, 300].map((dpi) => [s, v, dpi] as const)))(
    '%s %s: our placed modules at %i dpi decode to the input',
    (symbology, value, dpi) => {
      expect(viaPlacement(symbology, value, dpi)).toBe(value);
    },
  );

  it('any printable ASCII up to 30 characters survives Code 128 and QR', () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(ascii, (value) => {
        expect(viaPlacement('code128', value, 203)).toBe(value);
        expect(viaPlacement('qrcode', value, 203)).toBe(value);
      }),
      { numRuns: 40 },
    );
  });

  it('rejects an EAN-13 with a wrong check digit instead of printing it', () => {
    expect(() => encodeSymbol('ean13', '5901234123450')).toThrow(/check digit/i);
  });

  it('a barcode that cannot fit its box at whole-dot modules is an error, not a squeezed symbol', () => {
    const el: BarcodeElement = {
      kind: 'barcode',
      symbology: 'code128',
      value: 'X'.repeat(40),
      x: 0,
      y: 0,
      width: 1,
      height: 0.5,
      align: 'center',
    };
    expect(() => placeBarcode(el, 203)).toThrow(/does not fit/);
  });
});
