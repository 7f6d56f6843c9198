import { Link, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, post } from '../../api/client';

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const params = useParams({ strict: false }) as { tenantKey?: string };
  const [form, setForm] = useState({
    companyName: '',
    fullname: '',
    username: '',
    email: '',
    password: '',
    tenantKey: params.tenantKey ?? '',
  });
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const field = (name: keyof typeof form, label: string, type = 'text') => (
    <label>
      {label}
      <input
        name={name}
        type={type}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        required={name !== 'tenantKey'}
      />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    try {
      await post(
        '/api/register',
        { ...form, tenantKey: form.tenantKey || undefined, langKey: i18n.language },
        { quiet: true },
      );
      setDone(true);
    } catch (err) {
      setErrors(err instanceof ApiFailure ? err.messages : [String(err)]);
    }
  };
  if (done) return <p role="status">{t('auth.registered')}</p>;
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('auth.registerTitle')}</h2>
      {field('companyName', t('auth.companyName'))}
      {field('fullname', t('auth.fullname'))}
      {field('username', t('auth.username'))}
      {field('email', t('auth.email'), 'email')}
      {field('password', t('auth.password'), 'password')}
      {field('tenantKey', t('auth.tenantKey'))}
      {errors.map((m) => (
        <p key={m} className="form-error" role="alert">
          {m}
        </p>
      ))}
      <button type="submit" className="btn primary block">
        {t('auth.create')}
      </button>
      <p className="auth-links">
        <Link to="/login">{t('auth.haveAccount')}</Link>
      </p>
    </form>
  );
}
