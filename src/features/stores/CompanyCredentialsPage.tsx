/**
 * Company Credentials (/apps/common/credentials/account, warehouse only): the warehouse's own
 * provider accounts — its Amazon developer app, the shipping-rate aggregator, the freight broker
 * and card payments. Identifiers show in clear, secrets only as "•••• last 4"; saving replaces.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deletedSchema } from '../../../domain/schemas/common';
import {
  accountTestSchema,
  ACCOUNT_KINDS,
  accountInputSchemas,
  providerAccountSchema,
  type ProviderAccount,
  type AccountKind,
} from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';

import { SandboxPanel } from './SandboxPanel';
import { formatDateTime } from '../../../domain/format';

const KEY = ['company-credentials'];

export default function CompanyCredentialsPage() {
  const { t } = useTranslation();
  const accounts = useQuery({
    queryKey: KEY,
    queryFn: () => getAs('/api/common/credentials', z.array(providerAccountSchema)),
  });
  return (
    <div className="page">
      <h1>{t('nav.CompanyCredentials')}</h1>
      <p className="muted">{t('credentials.intro')}</p>
      {accounts.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : accounts.isError ? (
        <p className="form-error" role="alert">
          {t('errors.generic')}
        </p>
      ) : (
        <div className="store-list">
          {accounts.data.map((a) => (
            <AccountCard key={a.kind} account={a} />
          ))}
        </div>
      )}
      <SandboxPanel />
    </div>
  );
}

function AccountCard({ account: a }: { account: ProviderAccount }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const fields = ACCOUNT_KINDS[a.kind];
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [editing, setEditing] = useState(!a.configured);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = accountInputSchemas[a.kind].safeParse(values);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => i.message));
    try {
      await putAs(`/api/common/credentials/${a.kind}`, parsed.data, providerAccountSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      setErrors([]);
      setValues({});
      setEditing(false);
      await qc.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      setErrors(err instanceof ApiFailure ? err.messages : [String(err)]);
    }
  };
  // Cancelling drops what was typed and what was refused: the saved account stands as it was.
  const cancel = () => {
    setEditing(false);
    setErrors([]);
    setValues({});
  };
  const remove = async () => {
    if (!window.confirm(t('credentials.removeConfirm', { name: t(`credentials.kinds.${a.kind}`) }))) return;
    await delAs(`/api/common/credentials/${a.kind}`, deletedSchema).catch(() => undefined);
    await qc.invalidateQueries({ queryKey: KEY });
  };
  return (
    <article className="card store-card" data-testid={`account-${a.kind}`} data-configured={a.configured}>
      <header className="store-card-head">
        <h2>{t(`credentials.kinds.${a.kind}`)}</h2>
        <span className={`pill ${a.configured ? 'connection-connected' : ''}`}>
          {a.configured ? t('credentials.configured') : t('credentials.notConfigured')}
        </span>
      </header>
      <p className="muted">{t(`credentials.help.${a.kind}`)}</p>
      {TESTABLE.has(a.kind) && <TestAccount kind={a.kind} />}
      {a.configured && (
        <dl className="store-facts">
          {fields.map((f) => (
            <div key={f.name} style={{ display: 'contents' }}>
              <dt>{t(`credentials.fields.${f.name}`)}</dt>
              <dd>{a.values[f.name] ?? '—'}</dd>
            </div>
          ))}
          <dt>{t('credentials.updated')}</dt>
          <dd>{a.updatedAt ? formatDateTime(i18n.language, a.updatedAt) : '—'}</dd>
        </dl>
      )}
      {editing ? (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          {fields.map((f) => (
            <label key={f.name}>
              {t(`credentials.fields.${f.name}`)}
              <input
                name={f.name}
                type={f.secret ? 'password' : 'text'}
                autoComplete="off"
                value={values[f.name] ?? ''}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              />
            </label>
          ))}
          {errors.length > 0 && (
            <ul className="form-error" role="alert">
              {errors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          <p className="muted">{t('stores.writeOnly')}</p>
          <div className="form-actions">
            <button type="submit" className="btn primary">
              {t('credentials.save')}
            </button>
            {a.configured && (
              <button type="button" className="btn" onClick={cancel}>
                {t('clients.cancel')}
              </button>
            )}
          </div>
        </form>
      ) : (
        <div className="button-row">
          <button type="button" className="btn" onClick={() => setEditing(true)}>
            {t('credentials.replace')}
          </button>
          <button type="button" className="btn" onClick={() => void remove()}>
            {t('stores.remove')}
          </button>
        </div>
      )}
    </article>
  );
}

/** Accounts a real call can prove on their own (developer apps are proven by a store connecting). */
const TESTABLE = new Set<AccountKind>(['shipengine', 'payments', 'freight']);

function TestAccount({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const test = async () => {
    setBusy(true);
    try {
      setResult(await postAs(`/api/common/credentials/${kind}/test`, undefined, accountTestSchema, { quiet: true }));
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="button-row">
      <button type="button" className="btn" disabled={busy} onClick={() => void test()}>
        {t('stores.test')}
      </button>
      {result && (
        <span className={result.ok ? 'notice' : 'form-error'} role="status" data-testid="account-test">
          {result.message}
        </span>
      )}
    </div>
  );
}
