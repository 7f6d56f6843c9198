/**
 * An uploaded file's text: UTF-8 when its bytes are UTF-8, else Windows-1252 — what Excel on
 * Windows saves as "CSV" and Amazon's flat-file reports use in several marketplaces; read as UTF-8
 * those would garble every accented title and name. One rule for every upload.
 */

/**
 * Windows-1252's 0x80–0x9F (€, ‚, „, …, curly quotes, ™…). Node's TextDecoder('windows-1252')
 * decodes these as Latin-1 control characters, so the range is mapped here; the rest of the
 * byte range is Latin-1. Unassigned bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay as they are.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('latin1')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

export async function uploadText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(bytes);
  }
}
