import { Link, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, post } from '../../api/client';

/** Without a code: ask for the reset e-mail. With the code from the e-mail: set the new password. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { code } = useParams({ strict: false }) as { code?: string };
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      if (code) {
        await post('/api/account/reset-password/finish', { key: code, newPassword: value }, { quiet: true });
        setMessage(t('auth.activated'));
      } else {
        await post('/api/account/reset-password/init', { email: value }, { quiet: true });
        setMessage(t('auth.linkSent'));
      }
    } catch (err) {
      setError(err instanceof ApiFailure ? err.messages.join(' ') : String(err));
    }
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('auth.forgotTitle')}</h2>
      {message ? (
        <p role="status">{message}</p>
      ) : (
        <>
          <label>
            {code ? t('auth.newPassword') : t('auth.email')}
            <input
              name={code ? 'newPassword' : 'email'}
              type={code ? 'password' : 'email'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
            />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn primary block">
            {code ? t('auth.setPassword') : t('auth.sendLink')}
          </button>
        </>
      )}
      <p className="auth-links">
        <Link to="/login">{t('auth.haveAccount')}</Link>
      </p>
    </form>
  );
}
