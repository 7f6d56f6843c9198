/** Uploaded files are read as UTF-8 when they are, else as Windows-1252 (Excel's "CSV" on Windows). */
import { describe, expect, it } from 'vitest';
import { uploadText } from '../../server/http/upload-text.js';

describe('uploadText', () => {
  it('reads UTF-8 as UTF-8', async () => {
    expect(await uploadText(new Blob([new TextEncoder().encode('title\nCafé crème — 750 ml\n')]))).toBe(
      'title\nCafé crème — 750 ml\n',
    );
  });

  it('reads bytes that are not UTF-8 as Windows-1252, accents and all', async () => {
    const latin = Uint8Array.from([...'Caf\u00e9 cr\u00e8me'].map((c) => c.charCodeAt(0)));
    expect(await uploadText(new Blob([latin]))).toBe('Café crème');
    // 0x80 is the euro sign in Windows-1252 (not in Latin-1).
    expect(await uploadText(new Blob([Uint8Array.from([0x31, 0x30, 0x80, 0x20, 0x93, 0x61, 0x94])]))).toBe('10€ “a”');
  });
});
