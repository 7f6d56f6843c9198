/** Sign-in with the MFA step (spec §2, §7): inputs username, password, then mfaCode when asked. */
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInResultSchema, tokensSchema, type Tokens } from '../../../domain/schemas/auth';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { adoptUserLanguage } from '../../app/i18n';
import { KEYS, homeOf, useSession } from '../../app/session';
import { useTheme } from '../../app/theme';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { tenantKey?: string };
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [mfaStep, setMfaStep] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const done = async (tokens: Tokens) => {
    useSession.getState().signIn(tokens);
    // The screens come back in the user's saved language, whatever this device showed.
    await adoptUserLanguage(tokens.userData);
    await useTheme.getState().restore(tokens.userData.id);
    await navigate({ to: homeOf(tokens.userData), replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      if (!mfaStep) {
        const res = await postAs(
          '/api/authenticate/mfa',
          { username, password, tenantKey: params.tenantKey },
          signInResultSchema,
          { quiet: true },
        );
        if ('mfaRequired' in res) {
          localStorage.setItem(KEYS.mfaUserData, JSON.stringify({ username }));
          setMfaStep(true);
          return;
        }
        await done(res);
      } else {
        await done(
          await postAs(
            '/api/authenticate/mfa/verify',
            { username, password, mfaCode, tenantKey: params.tenantKey },
            tokensSchema,
            { quiet: true },
          ),
        );
      }
    } catch (err) {
      setError(err instanceof ApiFailure ? err.messages.join(' ') || err.message : String(err));
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{mfaStep ? t('auth.mfaTitle') : t('auth.signInTitle')}</h2>
      {params.tenantKey && (
        <p className="muted">
          {t('auth.tenant')}: <strong>{params.tenantKey}</strong>
        </p>
      )}
      {!mfaStep ? (
        <>
          <label>
            {t('auth.username')}
            <input
              name="username"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoFocus
            />
          </label>
          <label>
            {t('auth.password')}
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
        </>
      ) : (
        <>
          <p className="muted">{t('auth.mfaHelp')}</p>
          <label>
            {t('auth.mfaCode')}
            <input
              name="mfaCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              value={mfaCode}
              onChange={(e) => setMfaCode(e.target.value.replace(/\D/g, ''))}
              autoFocus
            />
          </label>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn primary block">
        {mfaStep ? t('auth.verify') : t('auth.signIn')}
      </button>
      {mfaStep ? (
        <button type="button" className="btn block" onClick={() => setMfaStep(false)}>
          {t('auth.back')}
        </button>
      ) : (
        <p className="auth-links">
          <Link to="/forgot-password">{t('auth.forgot')}</Link>
          <Link to="/register">{t('auth.register')}</Link>
        </p>
      )}
    </form>
  );
}
