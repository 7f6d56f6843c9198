/**
 * The language choice (header, user menu on phones, account settings, the public pages): one
 * control, one list. Signed in, the choice is saved on the user (src/app/i18n.ts).
 */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, chooseLanguage, type Language } from './i18n';

export function LanguageSelect(props: { id?: string; name?: string; 'aria-label'?: string }) {
  const { i18n } = useTranslation();
  return (
    <select
      {...props}
      lang={i18n.language}
      value={i18n.language}
      onChange={(e) => void chooseLanguage(e.target.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
