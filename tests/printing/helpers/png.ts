/**
 * Minimal PNG decoder for tests (8-bit grey, grey+alpha, RGB, RGBA; non-interlaced), enough for
 * bwip-js's output. Returns luminance composited over white, one byte per pixel.
 */
import { inflateSync } from 'node:zlib';

export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(png: Uint8Array): GrayImage {
  const buf = Buffer.from(png);
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length;) {
    const len = buf.readUInt32BE(at);
    const type = buf.toString('ascii', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs');
      colorType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const bpp = CHANNELS[colorType];
  if (!bpp) throw new Error(`unsupported colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      out[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  const pixels = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i++) {
    const p = out.subarray(i * bpp, i * bpp + bpp);
    const lum = bpp >= 3 ? (p[0] * 299 + p[1] * 587 + p[2] * 114) / 1000 : p[0];
    const alpha = bpp === 2 ? p[1] : bpp === 4 ? p[3] : 255;
    pixels[i] = (lum * alpha + 255 * (255 - alpha)) / 255;
  }
  return { width, height, pixels };
}
