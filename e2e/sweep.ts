/**
 * The screen sweep's eyes (issues 38 and 41): which registered route a URL opens, and what is
 * wrong on the page in front of a user — the page wider than the screen, header texts drawn over
 * each other, an i18n key or a raw UPPER_SNAKE code shown as words.
 */
import type { Page } from 'playwright-core';
import { SCREENS, type ScreenDef } from '../src/app/registry';
import { de } from '../src/locales/de';
import { en } from '../src/locales/en';
import { pt } from '../src/locales/pt';

interface Pattern {
  screen: ScreenDef;
  regex: RegExp;
  params: number;
}

const PATTERNS: Pattern[] = SCREENS.map((screen) => ({
  screen,
  regex: new RegExp(`^${screen.path.replace(/\$[A-Za-z]+/g, '[^/]+')}/?$`),
  params: (screen.path.match(/\$/g) ?? []).length,
}));

/** The screen a path opens: a literal segment wins over a parameter, as in the router. */
export function screenOf(pathname: string): ScreenDef | undefined {
  return PATTERNS.filter((p) => p.regex.test(pathname)).sort((a, b) => a.params - b.params)[0]?.screen;
}

/** The i18n namespaces: a dotted word starting with one of them is a key shown as text. */
export const NAMESPACES = Object.keys(en);

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
};

/**
 * The English phrases a reader of `language` must not see (issue 41): every run of two or more
 * words of an English string the language says differently (the parts between placeholders),
 * leaving out runs the language itself uses (brand and product names stay as they are).
 */
export function englishPhrases(language: 'de' | 'pt'): string[] {
  const theirs = leaves((language === 'de' ? de : pt) as unknown as Tree);
  const theirText = [...theirs.values()].join('\n');
  const phrases = new Set<string>();
  for (const [key, english] of leaves(en as unknown as Tree)) {
    const translated = theirs.get(key);
    if (translated === undefined || translated === english) continue;
    const parts = english.split(/{{[^}]*}}|<[^>]*>|\$t\([^)]*\)/);
    for (const part of parts) {
      const phrase = part.trim().replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
      // A piece between placeholders ("is required") needs three words to be English rather than data's.
      if (phrase.split(/\s+/).length < (parts.length > 1 ? 3 : 2) || phrase.length < 8) continue;
      if (theirText.includes(phrase)) continue;
      phrases.add(phrase);
    }
  }
  return [...phrases];
}

/**
 * The single English words a reader of `language` must not see in a document (an invoice PDF):
 * whole one-word strings of the English locale ("Invoice", "Subtotal") the language says
 * otherwise and never uses itself.
 */
export function englishWords(language: 'de' | 'pt'): string[] {
  const theirs = leaves((language === 'de' ? de : pt) as unknown as Tree);
  const theirWords = new Set([...theirs.values()].join(' ').split(/[^\p{L}]+/u));
  const words = new Set<string>();
  for (const [key, english] of leaves(en as unknown as Tree)) {
    const translated = theirs.get(key);
    const word = english.trim().replace(/[:.]$/, '');
    if (translated === undefined || translated === english || !/^\p{L}{4,}$/u.test(word)) continue;
    if (!theirWords.has(word)) words.add(word);
  }
  return [...words];
}

export interface PageFindings {
  /** How many pixels the page is wider than the window (0 when it fits). */
  overflow: number;
  /** The widest elements sticking out of the window, to say where to look. */
  overflowing: string[];
  keys: string[];
  codes: string[];
  headerOverlaps: string[];
  /** English phrases on a page in another language. */
  english: string[];
  /** Numbers, money or days written in another language's form. */
  formats: string[];
}

export interface InspectOptions {
  namespaces?: string[];
  /** The page's language and the English phrases it must not show. */
  language?: 'en' | 'de' | 'pt';
  phrases?: string[];
}

/** What a person would see wrong on the page as it stands. */
export function inspect(page: Page, opts: InspectOptions = {}): Promise<PageFindings> {
  const args = { ns: opts.namespaces ?? NAMESPACES, language: opts.language ?? 'en', phrases: opts.phrases ?? [] };
  return page.evaluate(({ ns, language, phrases }) => {
    const describe = (el: Element) => {
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const testId = el.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${cls}${testId ? `[data-testid=${testId}]` : ''} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
    };
    const width = window.innerWidth;
    const overflow = Math.max(0, document.documentElement.scrollWidth - width);
    const overflowing: string[] = [];
    if (overflow > 0) {
      // The outermost elements that stick out: their children stick out because they do.
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= width + 1) continue;
        // Inside a scrolling box (a wide table's wrapper) sticking out is the point, not a fault.
        let clipped = false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') clipped = true;
        if (clipped) continue;
        const parent = el.parentElement;
        if (parent && parent.getBoundingClientRect().right > width + 1 && parent !== document.body) continue;
        overflowing.push(`${describe(el)} right=${Math.round(r.right)}`);
        if (overflowing.length >= 5) break;
      }
    }

    // Visible text only: hidden elements (closed menus, screen-reader labels) are not read.
    const text = document.body.innerText;
    const keyRe = new RegExp(`(?<![\\w@.-])(?:${ns.join('|')})(?:\\.[A-Za-z0-9_]+)+(?![\\w@-])`, 'g');
    const keys = [...new Set(text.match(keyRe) ?? [])];
    // UNSHIPPED_LIKE and unit_sorted-like words: codes, not words (SKUs and files carry dashes or dots).
    const codes = [
      ...new Set([
        ...(text.match(/(?<![\w./@-])[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9](?![\w./@-])/g) ?? []),
        ...(text.match(/(?<![\w./@-])[a-z]+(?:_[a-z]+)+(?![\w./@-])/g) ?? []),
      ]),
    ];

    const headerOverlaps: string[] = [];
    const header = document.querySelector('.app-header');
    if (header) {
      const boxes = Array.from(header.querySelectorAll('a, button, summary, select, span, label, strong'))
        .filter((el) => {
          const style = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          return (
            style.visibility !== 'hidden' &&
            r.width > 2 &&
            r.height > 2 &&
            !el.closest('.sr-only, .popover, details:not([open]) > :not(summary)') &&
            (el.textContent ?? '').trim() !== ''
          );
        })
        .map((el) => ({ el, r: el.getBoundingClientRect() }));
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
          const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
          const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
          if (w > 2 && h > 2) headerOverlaps.push(`${describe(a.el)} × ${describe(b.el)}`);
        }
    }
    // Words of the main area only: the header's language list names each language in its own words.
    const main = (document.querySelector('main') as HTMLElement | null)?.innerText ?? text;
    // A phrase as words of their own ("FBA shipment", not inside "FBA shipments").
    const standsAlone = (p: string) => {
      for (let at = main.indexOf(p); at >= 0; at = main.indexOf(p, at + 1)) {
        const before = main.charAt(at - 1);
        const after = main.charAt(at + p.length);
        if (!/[\p{L}\d]/u.test(before) && !/[\p{L}\d]/u.test(after)) return true;
      }
      return false;
    };
    const english = language === 'en' ? [] : phrases.filter(standsAlone).slice(0, 8);
    const formats: string[] = [];
    if (language !== 'en') {
      // "$1,234.50" and "0.50" money, "11/29/2026" days: English forms on a German or Portuguese page.
      formats.push(...(main.match(/\$\s?\d{1,3}(?:,\d{3})*\.\d{2}\b/g) ?? []));
      if (language === 'de') formats.push(...(main.match(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g) ?? []));
    }
    formats.push(...(main.match(/(?<![\w-])\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}[:\d.]*Z?)?(?![\w-])/g) ?? []));
    return { overflow, overflowing, keys, codes, headerOverlaps, english, formats: [...new Set(formats)].slice(0, 8) };
  }, args);
}

/**
 * Counts the page's requests in flight, leaving out the realtime event stream (always open), so
 * `settled` can wait for the screen's own calls to finish.
 */
export function trackRequests(page: Page): () => number {
  const inFlight = new Set<unknown>();
  const counts = (r: { url(): string; resourceType(): string }) =>
    r.resourceType() !== 'eventsource' && !r.url().includes('/api/sync/events');
  page.on('request', (r) => counts(r) && inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return () => inFlight.size;
}

/** Waits until the screen has drawn its data: no call in flight for 250 ms, no busy region, no loading row. */
export async function settled(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 8_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) break;
  }
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy=true], .grid-state.loading'), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}

/** Same-origin links on the page, as paths. */
export function linksOn(page: Page): Promise<string[]> {
  return page.$$eval('a[href^="/"]', (els) => [
    ...new Set(els.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
  ]);
}
