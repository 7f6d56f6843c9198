/** i18next with the four locales of spec §1; the choice is kept per device and per user. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { fr } from '../locales/fr';
import { pt } from '../locales/pt';
import { setApiLanguage } from '../api/client';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'pt', label: 'Português' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
const STORAGE_KEY = 'language';

export const resources = {
  en: { translation: en },
  de: { translation: de },
  fr: { translation: fr },
  pt: { translation: pt },
};

export function initI18n(): typeof i18next {
  const saved = localStorage.getItem(STORAGE_KEY);
  const lng = LANGUAGES.some((l) => l.code === saved) ? (saved as Language) : 'en';
  void i18next
    .use(initReactI18next)
    .init({ resources, lng, fallbackLng: 'en', interpolation: { escapeValue: false }, returnNull: false });
  document.documentElement.lang = lng;
  setApiLanguage(lng);
  return i18next;
}

export async function setLanguage(lng: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
  setApiLanguage(lng);
  await i18next.changeLanguage(lng);
}
