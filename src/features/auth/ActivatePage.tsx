import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../api/client';

export default function ActivatePage() {
  const { t } = useTranslation();
  const { code } = useParams({ strict: false }) as { code?: string };
  const [state, setState] = useState<'working' | 'ok' | 'failed'>(code ? 'working' : 'failed');
  useEffect(() => {
    if (!code) return;
    get(`/api/activate/${encodeURIComponent(code)}`, { quiet: true })
      .then(() => setState('ok'))
      .catch(() => setState('failed'));
  }, [code]);
  return (
    <div className="form">
      <h2>{t('auth.activateTitle')}</h2>
      {state === 'working' && <p>{t('app.loading')}</p>}
      {state === 'ok' && <p role="status">{t('auth.activated')}</p>}
      {state === 'failed' && (
        <p className="form-error" role="alert">
          {t('auth.activationFailed')}
        </p>
      )}
      <p className="auth-links">
        <Link to="/login">{t('auth.signIn')}</Link>
      </p>
    </div>
  );
}
