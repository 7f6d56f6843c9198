import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function ErrorPage({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <main className="error-page">
      <h1>{title}</h1>
      <p>{text}</p>
      <Link to="/" className="btn primary">
        {t('errors.home')}
      </Link>
    </main>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage title={t('errors.notFoundTitle')} text={t('errors.notFound')} />;
}

export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return <ErrorPage title={t('errors.notAuthorizedTitle')} text={t('errors.notAuthorized')} />;
}
