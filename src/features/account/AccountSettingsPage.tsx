/** Account settings: profile, language, password, and two-step sign-in with a QR code. */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaSetupSchema, userDataSchema, type UserData } from '../../../domain/schemas/auth';
import { ApiFailure, post } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { LanguageSelect } from '../../app/LanguageSelect';
import { CopyText } from '../../ui/CopyText';

async function qrDataUrl(text: string): Promise<string> {
  const { default: bwipjs } = await import('bwip-js/browser');
  const svg = bwipjs.toSVG({
    bcid: 'qrcode',
    text,
    scale: 4,
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function MfaSection({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const refresh = async () =>
    useSession.getState().updateUser(await getAs('/api/users/refresh-auth-data', userDataSchema, { quiet: true }));
  const start = async () => {
    const s = await postAs('/api/account/mfa/setup', undefined, mfaSetupSchema);
    setSetup({ ...s, qr: await qrDataUrl(s.otpauthUri) });
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    await post('/api/account/mfa/confirm', { mfaCode: code }).catch(() => undefined);
    setSetup(null);
    setCode('');
    await refresh();
  };
  const disable = async (e: FormEvent) => {
    e.preventDefault();
    await post('/api/account/mfa/disable', { password }).catch(() => undefined);
    setPassword('');
    await refresh();
  };
  return (
    <section className="card" data-testid="mfa">
      <h2>{t('account.mfa')}</h2>
      {user.mfaSetupRequired && (
        <p className="notice" role="alert" data-testid="mfa-required">
          {t('account.mfaRequired')}
        </p>
      )}
      <p>{user.mfaEnabled ? t('account.mfaOn') : t('account.mfaOff')}</p>
      {!user.mfaEnabled && !setup && (
        <button type="button" className="btn primary" onClick={() => void start()}>
          {t('account.enable')}
        </button>
      )}
      {setup && (
        <form className="form" onSubmit={(e) => void confirm(e)}>
          <p>{t('account.scan')}</p>
          <img src={setup.qr} alt="otpauth QR" width={200} height={200} className="qr" />
          <p className="muted">
            {t('account.secret', { secret: '' })}
            <CopyText value={setup.secret} />
          </p>
          <label>
            {t('auth.mfaCode')}
            <input
              name="mfaCode"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <button type="submit" className="btn primary">
            {t('account.confirm')}
          </button>
        </form>
      )}
      {user.mfaEnabled && (
        <form className="form" onSubmit={(e) => void disable(e)}>
          <label>
            {t('auth.password')}
            <input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <button type="submit" className="btn">
            {t('account.disable')}
          </button>
        </form>
      )}
    </section>
  );
}

export default function AccountSettingsPage() {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user)!;
  const [profile, setProfile] = useState({ fullname: user.fullname, email: user.email ?? '' });
  const [pw, setPw] = useState({ currentPassword: '', newPassword: '' });
  const [pwError, setPwError] = useState<string | null>(null);
  useEffect(() => setProfile({ fullname: user.fullname, email: user.email ?? '' }), [user]);
  const saveProfile = async (e: FormEvent) => {
    e.preventDefault();
    const updated = await postAs(
      '/api/account',
      { fullname: profile.fullname, email: profile.email || undefined, langKey: i18n.language },
      userDataSchema,
    ).catch(() => null);
    if (updated) useSession.getState().updateUser(updated);
  };
  const changePassword = async (e: FormEvent) => {
    e.preventDefault();
    setPwError(null);
    try {
      await post('/api/account/change-password', pw, { quiet: false });
      setPw({ currentPassword: '', newPassword: '' });
    } catch (err) {
      setPwError(err instanceof ApiFailure ? err.messages.join(' ') : String(err));
    }
  };
  return (
    <div className="page narrow">
      <h1>{t('account.title')}</h1>
      <section className="card">
        <h2>{t('account.profile')}</h2>
        <form className="form" onSubmit={(e) => void saveProfile(e)}>
          <label>
            {t('auth.fullname')}
            <input
              name="fullname"
              value={profile.fullname}
              onChange={(e) => setProfile({ ...profile, fullname: e.target.value })}
            />
          </label>
          <label>
            {t('auth.email')}
            <input
              name="email"
              type="email"
              value={profile.email}
              onChange={(e) => setProfile({ ...profile, email: e.target.value })}
            />
          </label>
          <label>
            {t('account.language')}
            <LanguageSelect name="language" />
          </label>
          <button type="submit" className="btn primary">
            {t('account.save')}
          </button>
        </form>
      </section>
      <section className="card">
        <h2>{t('account.changePassword')}</h2>
        <form className="form" onSubmit={(e) => void changePassword(e)}>
          <label>
            {t('account.currentPassword')}
            <input
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={pw.currentPassword}
              onChange={(e) => setPw({ ...pw, currentPassword: e.target.value })}
            />
          </label>
          <label>
            {t('account.newPassword')}
            <input
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={4}
              value={pw.newPassword}
              onChange={(e) => setPw({ ...pw, newPassword: e.target.value })}
            />
          </label>
          {pwError && (
            <p className="form-error" role="alert">
              {pwError}
            </p>
          )}
          <button type="submit" className="btn primary">
            {t('account.changePassword')}
          </button>
        </form>
      </section>
      <MfaSection user={user} />
    </div>
  );
}
