/** The public pages' frame (sign-in, register, forgotten password, activation), with the language choice. */
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../app/LanguageSelect';

export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="brand auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <h1>{t('app.name')}</h1>
            <p className="muted">{t('app.tagline')}</p>
          </div>
        </div>
        <Outlet />
        <p
          className="auth-language"
          style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '0.5rem', marginBottom: 0 }}
        >
          <label htmlFor="auth-lang-select" className="muted">
            {t('layout.language')}
          </label>
          <LanguageSelect id="auth-lang-select" name="language" />
        </p>
      </div>
    </main>
  );
}
