/**
 * Words kept as a code and parameters (issue 41): a plan's journal line or a charge's description
 * is stored as `{ key, params }` and said in the reader's language when read. A parameter may be
 * words itself (a summary inside a sentence) or a list of words (joined as the language lists).
 * Rows written before keep their English text and are shown as stored.
 */
import { translator, type Language } from '../i18n.js';

export type WordValue = string | number | Words | Words[];
export interface Words {
  key: string;
  params?: Record<string, WordValue>;
}

const isWords = (v: unknown): v is Words =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as Words).key === 'string';

/** Words in a language; `count` stays a number so the language's plural rules apply. */
export function sayWords(words: Words, language: Language): string {
  const t = translator(language);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(words.params ?? {})) {
    if (Array.isArray(v))
      params[k] = new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(
        v.map((w) => sayWords(w, language)),
      );
    else params[k] = isWords(v) ? sayWords(v, language) : v;
  }
  return t(words.key, params);
}

/** Stored words as the reader reads them: the code said in their language, else the stored text. */
export const storedWords = (words: unknown, text: string, language: Language = 'en'): string =>
  isWords(words) ? sayWords(words, language) : text;
