/**
 * The server's words in the reader's language (issue 41): the same locale files the screens use,
 * so a refusal, a journal line, an e-mail or an invoice reads as the screen around it does.
 * Requests carry the screen's language (the client sends `language` and `Accept-Language`);
 * mail and documents made outside a request use the recipient's saved language.
 */
import i18next, { type TFunction } from 'i18next';
import type { Context } from 'hono';
import { de } from '../src/locales/de';
import { en } from '../src/locales/en';
import { fr } from '../src/locales/fr';
import { pt } from '../src/locales/pt';

export const LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

const instance = i18next.createInstance();
void instance.init({
  resources: {
    en: { translation: en },
    de: { translation: de },
    fr: { translation: fr },
    pt: { translation: pt },
  },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The first supported language of a `language` or `Accept-Language` value ("de-DE,de;q=0.9" → de). */
export function languageOf(header: string | null | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return 'en';
}

/** The language the request's screen is shown in. */
export const requestLanguage = (c: Context): Language =>
  languageOf(c.req.header('language') ?? c.req.header('accept-language'));

/** A `t` bound to one language, as the screens' `useTranslation().t`. */
export const translator = (language: Language): TFunction => instance.getFixedT(language);
