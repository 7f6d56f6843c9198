/** The language choice (header, user menu on phones, account settings): one control, one list. */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from './i18n';

export function LanguageSelect(props: { id?: string; name?: string }) {
  const { i18n } = useTranslation();
  return (
    <select {...props} value={i18n.language} onChange={(e) => void setLanguage(e.target.value as Language)}>
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
