/** Decode a grey image with @zxing/library (the same engine the camera scanner uses). */
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import type { Symbology } from '../../../printing/model.js';
import type { GrayImage } from './png.js';

export const ZXING_FORMAT: Record<Symbology, BarcodeFormat> = {
  code128: BarcodeFormat.CODE_128,
  ean13: BarcodeFormat.EAN_13,
  upca: BarcodeFormat.UPC_A,
  qrcode: BarcodeFormat.QR_CODE,
  datamatrix: BarcodeFormat.DATA_MATRIX,
};

export interface Decoded {
  text: string;
  format: BarcodeFormat;
  /** 'detected': found by ZXing's locator; 'pure': read as a pure (unrotated, quiet-zoned) symbol. */
  mode: 'detected' | 'pure';
}

/*
 * Why a 'pure' fallback: zxing-js's QR locator mis-estimates the module size of some perfectly
 * sharp version-1 symbols drawn at ≥ 5 px per module (it computes dimension 25 instead of 21 and
 * gives up), although the same bits decode from the same image with PURE_BARCODE and at smaller
 * modules. Our synthetic rasters *are* pure symbols, so reading them in pure mode still checks
 * every module, the error correction and the text; only the locator heuristic is bypassed.
 */

function read(img: GrayImage, symbology: Symbology, pure: boolean): Decoded {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [ZXING_FORMAT[symbology]]],
    [DecodeHintType.TRY_HARDER, true],
    ...(pure ? [[DecodeHintType.PURE_BARCODE, true] as const] : []),
  ]);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(img.pixels, img.width, img.height)));
  // Hints must go to decode(): decode(bitmap) alone resets them to "all formats, no try-harder".
  const result = new MultiFormatReader().decode(bitmap, hints);
  return { text: result.getText(), format: result.getBarcodeFormat(), mode: pure ? 'pure' : 'detected' };
}

/** Decode as `symbology` only; throws NotFoundException when nothing decodes. */
export function decodeImage(img: GrayImage, symbology: Symbology): Decoded {
  try {
    return read(img, symbology, false);
  } catch (error) {
    if (symbology !== 'qrcode' && symbology !== 'datamatrix') throw error;
    return read(img, symbology, true);
  }
}
