/**
 * Text fitting shared by all renderers. Widths come from the Helvetica AFM metrics that pdf-lib
 * ships (the PDF and SVG fonts); Zebra font 0 is narrower than Helvetica at the same height, so
 * a line that fits here also fits on the thermal label.
 */
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { LINE_SPACING, type FontWeight, type TextElement } from './model.js';

const ELLIPSIS = '...';

// pdf-lib's StandardFonts and its embedder's FontNames are distinct enums with the same string values.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const fontName = (name: StandardFonts): FontName => name as string as FontName;

/**
 * One font's advance widths and kerning, read from pdf-lib once per glyph and pair and then kept:
 * pdf-lib's own `widthOfTextAtSize` looks every glyph up through its encoding on each call, which
 * was a third of a thermal label's render time (decision 0008). The sum is taken in pdf-lib's
 * order — (advance + kerning with the next glyph) per glyph — so widths agree to the last bit.
 */
class FontMetrics {
  private readonly glyphs = new Map<number, { name: string; width: number }>();
  private readonly kerning = new Map<number, number>();
  constructor(readonly embedder: StandardFontEmbedder) {}

  private glyph(cp: number): { name: string; width: number } {
    let g = this.glyphs.get(cp);
    if (!g) {
      const { name } = this.embedder.encoding.encodeUnicodeCodePoint(cp);
      g = { name, width: this.embedder.font.getWidthOfGlyph(name) ?? 0 };
      this.glyphs.set(cp, g);
    }
    return g;
  }

  private kern(left: number, right: number): number {
    const key = left * 0x110000 + right;
    let k = this.kerning.get(key);
    if (k === undefined) {
      k = this.embedder.font.getXAxisKerningForPair(this.glyph(left).name, this.glyph(right).name) ?? 0;
      this.kerning.set(key, k);
    }
    return k;
  }

  /** Width in points at `sizePt`, as pdf-lib's widthOfTextAtSize computes it. */
  widthAtSize(text: string, sizePt: number): number {
    let total = 0;
    let prev = -1;
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0x3f;
      if (prev >= 0) total += this.glyph(prev).width + this.kern(prev, cp);
      prev = cp;
    }
    if (prev >= 0) total += this.glyph(prev).width;
    return total * (sizePt / 1000);
  }
}

let regular: FontMetrics | undefined;
let bold: FontMetrics | undefined;
const metrics = (weight: FontWeight): FontMetrics =>
  weight === 'bold'
    ? (bold ??= new FontMetrics(StandardFontEmbedder.for(fontName(StandardFonts.HelveticaBold))))
    : (regular ??= new FontMetrics(StandardFontEmbedder.for(fontName(StandardFonts.Helvetica))));

/** Whether the standard fonts' WinAnsi encoding has the code point, kept per code point. */
const encodable = new Map<number, boolean>();
const canEncode = (cp: number): boolean => {
  let ok = encodable.get(cp);
  if (ok === undefined) {
    ok = metrics('normal').embedder.encoding.canEncodeUnicodeCodePoint(cp);
    encodable.set(cp, ok);
  }
  return ok;
};

/**
 * Replace what the standard PDF fonts cannot encode (WinAnsi) with "?" and drop control
 * characters, so a product title with emoji or CJK never throws inside pdf-lib and all three
 * formats print the same characters.
 */
export function printableText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\s+/g, ' ')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    out += canEncode(cp) ? ch : '?';
  }
  return out.trim();
}

/** Width in inches of already-printable text. */
export function textWidth(text: string, sizePt: number, weight: FontWeight): number {
  return metrics(weight).widthAtSize(text, sizePt) / 72;
}

/** Longest prefix of `text` that fits `width` once "..." is appended. */
function truncate(text: string, width: number, sizePt: number, weight: FontWeight): string {
  if (textWidth(text, sizePt, weight) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(text.slice(0, mid).trimEnd() + ELLIPSIS, sizePt, weight) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : text.slice(0, lo).trimEnd() + ELLIPSIS;
}

/**
 * Greedy word wrap into at most `maxLines` lines of `width`; a word longer than a line is
 * broken, and when text remains after the last line that line ends in "...".
 */
export function fitLines(raw: string, width: number, sizePt: number, weight: FontWeight, maxLines: number): string[] {
  const text = printableText(raw);
  if (!text) return [];
  const fits = (s: string): boolean => textWidth(s, sizePt, weight) <= width;
  const lines: string[] = [];
  const words = text.split(' ');
  let current = '';
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    const word = words[i];
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      i++;
    } else if (current) {
      lines.push(current);
      current = '';
    } else {
      // A single word wider than the line: cut it where it stops fitting.
      let n = word.length;
      while (n > 1 && !fits(word.slice(0, n))) n--;
      lines.push(word.slice(0, n));
      words[i] = word.slice(n);
    }
  }
  if (current && lines.length < maxLines) lines.push(current);
  const rest = words.slice(i).join(' ');
  if (rest && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = truncate(`${lines[last]} ${rest}`, width, sizePt, weight);
  }
  return lines.filter((l) => l.length > 0);
}

/** The lines a text element prints, and the top of each (inches). */
export function textLayout(el: TextElement): Array<{ text: string; x: number; y: number; width: number }> {
  const pitch = (el.sizePt / 72) * LINE_SPACING;
  return fitLines(el.text, el.width, el.sizePt, el.weight, el.maxLines).map((text, i) => {
    const w = textWidth(text, el.sizePt, el.weight);
    const x = el.align === 'left' ? el.x : el.align === 'right' ? el.x + el.width - w : el.x + (el.width - w) / 2;
    return { text, x, y: el.y + i * pitch, width: w };
  });
}
