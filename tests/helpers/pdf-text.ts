/**
 * The text drawn on a pdf-lib PDF (its standard fonts write WinAnsi): content streams inflated,
 * the strings of Tj decoded as Windows-1252, one drawn piece a line. Enough to read an invoice.
 */
import { inflateSync } from 'node:zlib';

/** Windows-1252's 0x80–0x9F (Node's TextDecoder reads them as C1 controls); the rest is Latin-1. */
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = {
  decode: (bytes: Uint8Array): string =>
    String.fromCharCode(...bytes).replace(/[\u0080-\u009f]/g, (c) => HIGH[c.charCodeAt(0) - 0x80]),
};

export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const chunk = Buffer.from(raw.slice(start, end), 'latin1');
    let text: string;
    try {
      text = inflateSync(chunk).toString('latin1');
    } catch {
      text = chunk.toString('latin1');
    }
    for (const h of text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(winAnsi.decode(Buffer.from(h[1], 'hex')));
    for (const p of text.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) out.push(p[1]);
    re.lastIndex = end + 'endstream'.length; // past it: "endstream\n" itself ends in "stream\n"
  }
  return out.join('\n');
}

/**
 * English phrases (two words or more) of the English locale that the other locale says
 * differently: any of them in a document meant for that language is an untranslated word.
 */
export function englishPhrases(
  en: Record<string, unknown>,
  other: Record<string, unknown>,
  namespaces: string[],
): string[] {
  const phrases = new Set<string>();
  const walk = (a: unknown, b: unknown) => {
    if (typeof a === 'string') {
      if (typeof b !== 'string' || a === b) return;
      for (const piece of a.split(/\{\{[^}]+\}\}/)) {
        const words = piece.trim().replace(/[.:;,]+$/, '');
        if (words.split(/\s+/).length >= 2 && !b.includes(words)) phrases.add(words);
      }
      return;
    }
    if (a && typeof a === 'object' && b && typeof b === 'object')
      for (const [k, v] of Object.entries(a)) walk(v, (b as Record<string, unknown>)[k]);
  };
  for (const ns of namespaces) walk(en[ns], other[ns]);
  return [...phrases];
}
