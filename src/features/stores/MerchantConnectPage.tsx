/**
 * Merchant Connect (/apps/account/merchant-connect): the clients' marketplace stores and their
 * connection health. Amazon, eBay and Shopify stores connect through the marketplace's own sign-in
 * page (the sandbox's own in sandbox mode) and come back here; Walmart stores take their client id
 * and secret, and a Shopify shop may give a custom app's token instead. Secrets go in and never
 * come back: the list shows "•••• last 4".
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deletedSchema } from '../../../domain/schemas/common';
import { jobStartedSchema } from '../../../domain/schemas/jobs';
import {
  authorizeUrlSchema,
  connectionTestSchema,
  HAND_ENTERED_CREDENTIALS,
  providerOf,
  SHOPIFY_SHOP,
  SIGNS_IN,
  sandboxResetSchema,
  STORE_ENVIRONMENTS,
  STORE_MARKETPLACES,
  storeCreateSchema,
  storeCredentialsSchema,
  storeRowSchema,
  type StoreRow,
} from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { useFeedback } from '../../ui/feedback-store';
import { ClientSelect } from '../inbound/purchase-orders/ClientSelect';
import { isWarehouseUser } from '../inbound/purchase-orders/clients';
import { EbayLogisticsSetting } from './EbayLogisticsSetting';
import { formatDateTime } from '../../../domain/format';

const KEY = ['stores'];
const failure = (err: unknown) => (err instanceof ApiFailure ? err.message : String(err));

/** What the marketplace's sign-in page sent the browser back with (authorization.ts). */
interface SignInReturn {
  connected?: string;
  cancelled?: string;
  error?: string;
  store?: string;
}

/**
 * The sign-in's answer, said once: kept for this visit and taken off the address at once, so a
 * reload (or the address bookmarked) does not say it again.
 */
function useSignInReturn(): SignInReturn {
  const search = useSearch({ strict: false }) as SignInReturn;
  const navigate = useNavigate();
  const [said] = useState<SignInReturn>(() => ({
    connected: search.connected,
    cancelled: search.cancelled,
    error: search.error,
  }));
  const returned = !!(search.connected || search.cancelled || search.error || search.store);
  useEffect(() => {
    if (returned) void navigate({ to: PATH, search: {}, replace: true } as never);
  }, [returned, navigate]);
  return said;
}

const PATH = '/apps/account/merchant-connect';

export default function MerchantConnectPage() {
  const { t } = useTranslation();
  const back = useSignInReturn();
  const providerName = (p: string) => t(`stores.providers.${p}`, p);
  const list = useQuery({ queryKey: KEY, queryFn: () => getAs('/api/common/stores', z.array(storeRowSchema)) });
  return (
    <div className="page">
      <h1>{t('nav.MerchantConnect')}</h1>
      <p className="muted">
        {t('stores.intro')} <Link to="/apps/management/jobs">{t('jobs.seeJobs')}</Link>
      </p>
      {back.connected && (
        <p className="notice" role="status" data-testid="connect-result">
          {t('stores.connected', { provider: providerName(back.connected) })}
        </p>
      )}
      {back.cancelled && (
        <p className="notice" role="status" data-testid="connect-result">
          {t('stores.cancelled', { provider: providerName(back.cancelled) })}
        </p>
      )}
      {back.error && (
        <p className="form-error" role="alert" data-testid="connect-result">
          {back.error}
        </p>
      )}
      <AddStore />
      {list.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : list.isError ? (
        <p className="form-error" role="alert">
          {failure(list.error)}
        </p>
      ) : list.data.length === 0 ? (
        <p className="grid-state">{t('stores.none')}</p>
      ) : (
        <div className="store-list">
          {list.data.map((s) => (
            <StoreCard key={s.id} store={s} />
          ))}
        </div>
      )}
    </div>
  );
}

function AddStore() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [v, setV] = useState({ marketplace: 'amazon_us', name: '', sellerId: '', environment: 'sandbox' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shopify = v.marketplace === 'shopify';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = storeCreateSchema.safeParse({
      ...v,
      sellerId: v.sellerId.trim() || undefined,
      companyId: companyId ?? undefined,
    });
    const errs: Record<string, string> = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (warehouse && !companyId) errs.companyId = t('po.clientRequired');
    if (shopify && !SHOPIFY_SHOP.test(v.sellerId.trim())) errs.sellerId = t('stores.shopRequired');
    setErrors(errs);
    if (!parsed.success || Object.keys(errs).length) return;
    try {
      await postAs('/api/common/stores', parsed.data, storeRowSchema, { quiet: true, inlineRefusal: true });
      setV({ ...v, name: '', sellerId: '' });
      await qc.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      setErrors({ form: failure(err) });
    }
  };
  return (
    <form className="card form form-grid" data-testid="add-store" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('stores.add')}</h2>
      {warehouse && <ClientSelect value={companyId} onChange={setCompanyId} error={errors.companyId} />}
      <label>
        {t('stores.marketplace')}
        <select name="marketplace" value={v.marketplace} onChange={(e) => setV({ ...v, marketplace: e.target.value })}>
          {STORE_MARKETPLACES.map((m) => (
            <option key={m} value={m}>
              {t(`stores.marketplaces.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('stores.name')}
        <input name="name" value={v.name} maxLength={80} onChange={(e) => setV({ ...v, name: e.target.value })} />
        {errors.name && <span className="form-error">{errors.name}</span>}
      </label>
      <label>
        {shopify ? t('stores.shopDomain') : t('stores.sellerIdOptional')}
        <input
          name="sellerId"
          value={v.sellerId}
          maxLength={80}
          placeholder={shopify ? 'acme-goods.myshopify.com' : undefined}
          onChange={(e) => setV({ ...v, sellerId: e.target.value })}
        />
        {errors.sellerId && <span className="form-error">{errors.sellerId}</span>}
      </label>
      <label>
        {t('stores.environment')}
        <select name="environment" value={v.environment} onChange={(e) => setV({ ...v, environment: e.target.value })}>
          {STORE_ENVIRONMENTS.map((env) => (
            <option key={env} value={env}>
              {t(`stores.environments.${env}`)}
            </option>
          ))}
        </select>
      </label>
      <FormEnd error={errors.form} label={t('stores.addButton')} />
    </form>
  );
}

function StoreCard({ store: s }: { store: StoreRow }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((f) => f.toast);
  const warehouse = isWarehouseUser(useSession((u) => u.user?.audience));
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const provider = providerOf(s.marketplace);
  const amazon = provider === 'amazon';
  const providerName = t(`stores.providers.${provider}`);
  const when = (iso: string | null) => (iso ? formatDateTime(i18n.language, iso) : '—');
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      toast('error', failure(err));
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: KEY });
    }
  };
  const connect = () =>
    run(async () => {
      const { url } = await postAs(`/api/common/stores/${s.id}/authorize`, undefined, authorizeUrlSchema, {
        quiet: true,
      });
      window.location.assign(url);
    });
  const test = () =>
    run(async () => {
      const r = await postAs(`/api/common/stores/${s.id}/test`, undefined, connectionTestSchema, { quiet: true });
      toast(r.ok ? 'success' : 'warning', r.message);
    });
  const pull = (what: 'fba-inventory' | 'orders') =>
    run(async () => {
      const r = await postAs(`/api/common/stores/${s.id}/pull/${what}`, undefined, jobStartedSchema, {
        quiet: true,
      });
      toast('info', r.queued ? t(`stores.pullQueued.${what}`) : t('stores.pullWaiting'));
    });
  const resetSandbox = () =>
    window.confirm(t('stores.resetConfirm', { name: s.name })) &&
    run(async () => {
      const r = await postAs(`/api/common/stores/${s.id}/sandbox/reset`, undefined, sandboxResetSchema, {
        quiet: true,
      });
      toast('success', r.message);
    });
  const remove = () =>
    window.confirm(t('stores.removeConfirm', { name: s.name })) &&
    run(async () => {
      await delAs(`/api/common/stores/${s.id}`, deletedSchema, { quiet: true });
    });
  return (
    <article className="card store-card" data-testid="store-card" data-connection={s.connection}>
      <header className="store-card-head">
        <h2>{s.name}</h2>
        <span className={`pill connection-${s.connection}`} data-testid="store-connection">
          {t(`stores.connections.${s.connection}`)}
        </span>
      </header>
      <dl className="store-facts">
        {warehouse && (
          <>
            <dt>{t('po.client')}</dt>
            <dd>{`${s.accountNo} · ${s.companyName}`}</dd>
          </>
        )}
        <dt>{t('stores.marketplace')}</dt>
        <dd>{t(`stores.marketplaces.${s.marketplace}`)}</dd>
        <dt>{t('stores.environment')}</dt>
        <dd>{t(`stores.environments.${s.environment}`)}</dd>
        <dt>{t('stores.sellerId')}</dt>
        <dd>{s.sellerId ?? '—'}</dd>
        <dt>{t('stores.credential')}</dt>
        <dd data-testid="store-credential">{s.credentialHint ?? t('stores.noCredential')}</dd>
        <dt>{t('stores.lastSuccess')}</dt>
        <dd>{when(s.lastSuccessAt)}</dd>
        <dt>{t('stores.tokenExpires')}</dt>
        <dd>{when(s.tokenExpiresAt)}</dd>
        <dt>{t('stores.orders')}</dt>
        <dd data-testid="store-orders">
          {s.ordersPulledAt
            ? t('stores.ordersPulled', { count: s.openOrders, when: when(s.ordersPulledAt) })
            : t('stores.ordersNever')}
        </dd>
      </dl>
      {s.lastError && (
        <p className="form-error" data-testid="store-error">
          {s.lastError}
        </p>
      )}
      {provider === 'ebay' && (
        <EbayLogisticsSetting store={s} onSaved={() => qc.invalidateQueries({ queryKey: KEY })} />
      )}
      <div className="button-row">
        {SIGNS_IN[provider] && (
          <button type="button" className="btn primary" disabled={busy} onClick={() => void connect()}>
            {t(s.connection === 'not_connected' ? 'stores.connect' : 'stores.reconnect', { provider: providerName })}
          </button>
        )}
        {(provider === 'walmart' || provider === 'shopify') && (
          <button type="button" className="btn" disabled={busy} onClick={() => setEditing((e) => !e)}>
            {provider === 'shopify' ? t('stores.enterToken') : t('stores.enterCredentials')}
          </button>
        )}
        {s.credentialHint && (
          <button type="button" className="btn" disabled={busy} onClick={() => void test()}>
            {t('stores.test')}
          </button>
        )}
        {s.connection === 'connected' && (
          <button type="button" className="btn" disabled={busy} onClick={() => void pull('orders')}>
            {t('stores.pullOrders')}
          </button>
        )}
        {amazon && s.connection === 'connected' && (
          <>
            <button type="button" className="btn" disabled={busy} onClick={() => void pull('fba-inventory')}>
              {t('stores.pullFba')}
            </button>
            <Link to="/apps/inventory/amazon/$inventoryType" params={{ inventoryType: 'fba' }}>
              {t('stores.seeFba')}
            </Link>
            <Link to="/apps/outbound/listing-info/$storeId" params={{ storeId: String(s.id) }}>
              {t('stores.seeListings')}
            </Link>
          </>
        )}
        {provider === 'walmart' && s.connection === 'connected' && (
          <Link to={`/apps/outbound/wfs-listing-info/${s.id}`}>{t('stores.seeItems')}</Link>
        )}
        {s.environment === 'sandbox' && s.connection !== 'not_connected' && (
          <button type="button" className="btn" disabled={busy} onClick={() => void resetSandbox()}>
            {t('stores.resetSandbox')}
          </button>
        )}
        <button type="button" className="btn" disabled={busy} onClick={() => void remove()}>
          {t('stores.remove')}
        </button>
      </div>
      {editing && (
        <CredentialsForm
          store={s}
          onDone={(saved) => {
            setEditing(false);
            if (saved) toast('success', t('stores.credentialsSaved', { provider: providerName }));
          }}
        />
      )}
    </article>
  );
}

/**
 * Keys typed by hand. The server tries them with the marketplace before they replace the stored
 * ones, so a refusal is said here and the store stays as it was (connected, if it was).
 */
function CredentialsForm({ store, onDone }: { store: StoreRow; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [v, setV] = useState({ clientId: '', clientSecret: '', refreshToken: '', accessToken: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const given = Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim()));
    const parsed = storeCredentialsSchema.safeParse(given);
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      await putAs(`/api/common/stores/${store.id}/credentials`, parsed.data, storeRowSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      await qc.invalidateQueries({ queryKey: KEY });
      onDone(true);
    } catch (err) {
      setErrors({ form: failure(err) });
    }
  };
  const provider = providerOf(store.marketplace);
  const fields = HAND_ENTERED_CREDENTIALS[provider];
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate data-testid="credentials-form">
      {provider === 'walmart' && <p className="muted">{t('stores.walmartHelp')}</p>}
      {provider === 'shopify' && <p className="muted">{t('stores.shopifyHelp')}</p>}
      <p className="muted">
        {t('stores.writeOnly')} {t('stores.triedFirst', { provider: t(`stores.providers.${provider}`) })}
      </p>
      {fields.map((f) => (
        <label key={f}>
          {t(`stores.fields.${f}`)}
          <input
            name={f}
            type={f === 'clientId' ? 'text' : 'password'}
            autoComplete="off"
            value={v[f]}
            onChange={(e) => setV({ ...v, [f]: e.target.value })}
          />
          {errors[f] && <span className="form-error">{errors[f]}</span>}
        </label>
      ))}
      <FormEnd error={errors.form} label={t('stores.saveCredentials')} onCancel={() => onDone(false)} />
    </form>
  );
}

/** A form's refusal (if any), its submit button, and Cancel (which closes it, refusal and all). */
function FormEnd({ error, label, onCancel }: { error?: string; label: string; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary">
          {label}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            {t('stores.cancelCredentials')}
          </button>
        )}
      </div>
    </>
  );
}
