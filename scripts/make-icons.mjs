// Draws the app icons (a dock door with a parcel) as PNGs with zlib, so no image tool is needed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

function crc32(buf) {
  let c,
    crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x / size, y / size), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const bg = [15, 23, 42, 255],
  accent = [245, 158, 11, 255],
  door = [51, 65, 85, 255];
const icon = (pad) => (u, v) => {
  const x = (u - pad) / (1 - 2 * pad),
    y = (v - pad) / (1 - 2 * pad);
  if (x < 0 || x > 1 || y < 0 || y > 1) return bg;
  if (x > 0.14 && x < 0.86 && y > 0.16 && y < 0.86) {
    if (x > 0.34 && x < 0.66 && y > 0.5 && y < 0.82) return accent; // the parcel
    if (y > 0.16 && y < 0.46 && Math.floor(y * 40) % 3 === 0) return [100, 116, 139, 255]; // door slats
    return door;
  }
  return bg;
};
for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, png(size, icon(0.04)));
  writeFileSync(`public/icons/maskable-${size}.png`, png(size, icon(0.14)));
}
writeFileSync('public/icons/apple-touch-icon.png', png(180, icon(0.04)));
console.log('icons written');
