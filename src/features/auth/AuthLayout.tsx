import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

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
      </div>
    </main>
  );
}
