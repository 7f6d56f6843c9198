/**
 * i18next with the four locales of spec §1. The language is the person's (issue 41): kept on this
 * device for the screens before sign-in, and saved on the user when signed in, so a sign-in on
 * another device comes back in it. Saving never holds the screen up: offline, the choice waits on
 * this device and is saved when the connection is back or at the next sign-in.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { userDataSchema, type UserData } from '../../domain/schemas/auth';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { fr } from '../locales/fr';
import { pt } from '../locales/pt';
import { ApiFailure, setApiLanguage } from '../api/client';
import { putAs } from '../api/typed';
import { installScreenLanguage } from '../../domain/validation/error-map';
import { isSignedIn, useSession } from './session';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'pt', label: 'Português' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
const STORAGE_KEY = 'language';
/** A choice made offline, waiting to be saved on its user: {"userId":3,"language":"de"}. */
const PENDING_KEY = 'languagePending';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

export const resources = {
  en: { translation: en },
  de: { translation: de },
  fr: { translation: fr },
  pt: { translation: pt },
};

export function initI18n(): typeof i18next {
  const saved = localStorage.getItem(STORAGE_KEY);
  const lng = isLanguage(saved) ? saved : 'en';
  void i18next
    .use(initReactI18next)
    .init({ resources, lng, fallbackLng: 'en', interpolation: { escapeValue: false }, returnNull: false });
  document.documentElement.lang = lng;
  setApiLanguage(lng);
  // Forms that check with the shared schemas say each rule in the UI language (issue 41).
  installScreenLanguage(
    (key, options) => i18next.t(key, options ?? {}) as string,
    () => i18next.language,
  );
  // A choice made offline is saved once the device is back online (or now, if it is).
  window.addEventListener('online', () => void savePendingLanguage());
  void savePendingLanguage();
  return i18next;
}

/** Shows the screens in a language on this device (no saving). */
export async function setLanguage(lng: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
  setApiLanguage(lng);
  await i18next.changeLanguage(lng);
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'en');

function readPending(): { userId: number; language: Language } | null {
  try {
    const raw = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as { userId?: unknown; language?: unknown };
    return raw && typeof raw.userId === 'number' && isLanguage(raw.language)
      ? { userId: raw.userId, language: raw.language }
      : null;
  } catch {
    return null;
  }
}

/**
 * Saves the language on the signed-in user. Unreachable server: kept as pending for this user and
 * tried again later; a refusal drops it (the screen keeps the choice either way).
 */
let saving: Promise<void> = Promise.resolve();
/** One save at a time, in the order chosen: the last choice is the one kept. */
const saveOnUser = (lng: Language): Promise<void> => (saving = saving.then(() => save(lng)));

async function save(lng: Language): Promise<void> {
  const user = useSession.getState().user;
  if (!user || !isSignedIn()) return;
  try {
    const updated = await putAs('/api/account/language', { langKey: lng }, userDataSchema, {
      quiet: true,
      background: true,
    });
    if (readPending()?.userId === user.id) localStorage.removeItem(PENDING_KEY);
    if (useSession.getState().user?.id === updated.id) useSession.getState().updateUser(updated);
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 0)
      localStorage.setItem(PENDING_KEY, JSON.stringify({ userId: user.id, language: lng }));
    else localStorage.removeItem(PENDING_KEY);
  }
}

/** The person chose a language (header, user menu, account settings, public pages). */
export async function chooseLanguage(lng: Language): Promise<void> {
  await setLanguage(lng);
  void saveOnUser(lng);
}

/** Saves a choice made offline, when it belongs to the signed-in user. */
export async function savePendingLanguage(): Promise<void> {
  const pending = readPending();
  if (pending && pending.userId === useSession.getState().user?.id) await saveOnUser(pending.language);
}

/**
 * At sign-in: the user's saved language wins (a fresh sign-in on another device comes back in it),
 * unless a choice made offline on this device is still waiting to be saved; a user who never chose
 * keeps the language of this screen, which is saved as theirs.
 */
export async function adoptUserLanguage(user: UserData): Promise<void> {
  const pending = readPending();
  if (pending && pending.userId === user.id) {
    await setLanguage(pending.language);
    void saveOnUser(pending.language);
  } else if (user.langKey) {
    if (user.langKey !== currentLanguage()) await setLanguage(user.langKey);
  } else {
    void saveOnUser(currentLanguage());
  }
}
