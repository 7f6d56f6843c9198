/**
 * Fee settings (issue 21, spec §2 FeeSettings; domain/fee-settings.ts): what the warehouse charges,
 * grouped by topic, each fee with its control, unit, current value and default. Picking a client
 * edits that client's overrides: the warehouse's value shows beside each fee, a changed fee becomes
 * the client's own, and "use the warehouse's value" takes it back. Values are checked with the
 * server's rule before sending; what the server refuses shows at the fee it concerns.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEE_GROUPS,
  FEE_SETTING_KEYS,
  FEE_SETTINGS,
  parseFeeSetting,
  resolveFeeSettings,
  type FeeSettingDef,
  type FeeSettingKey,
  type FeeSettingStored,
  type FeeSettingValues,
} from '../../../domain/fee-settings';
import { companyFeeSettingsSchema, tenantFeeSettingsSchema } from '../../../domain/schemas/fee-settings';
import { ApiFailure } from '../../api/client';
import { getAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { useFormat } from '../../ui/format';
import { DateField } from '../../ui/DateField';

type Draft = string | boolean | string[];
type Drafts = Record<FeeSettingKey, Draft>;
const defOf = (key: FeeSettingKey): FeeSettingDef => FEE_SETTINGS[key];

/** A typed value as the control holds it. */
function toDraft(key: FeeSettingKey, value: unknown): Draft {
  const def = defOf(key);
  if (def.kind === 'boolean') return value === true;
  if (def.kind === 'inventoryTypes') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  return String(value);
}

/** What the control holds, as the value parseFeeSetting reads. */
function fromDraft(key: FeeSettingKey, draft: Draft): unknown {
  const def = defOf(key);
  if (def.kind === 'date') return draft === '' ? null : draft;
  if (typeof draft === 'string') return draft.trim();
  return draft;
}

const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export default function FeeSettingsPage() {
  const { t } = useTranslation();
  const clients = useClientOptions();
  const [companyId, setCompanyId] = useState<number | null>(null);
  return (
    <div className="page narrow" data-testid="fee-settings">
      <h1>{t('fees.title')}</h1>
      <p className="muted">{t('fees.intro')}</p>
      <section className="card form">
        <label>
          {t('fees.scope')}
          <select
            name="feeScope"
            value={companyId ?? ''}
            onChange={(e) => setCompanyId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('fees.scopeWarehouse')}</option>
            {(clients.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.accountNo ? `${c.accountNo} · ${c.name}` : c.name}
              </option>
            ))}
          </select>
        </label>
        <p className="muted setting-facts">
          {companyId === null ? t('fees.scopeWarehouseHint') : t('fees.scopeClientHint')}
        </p>
      </section>
      {companyId === null ? <TenantFees /> : <ClientFees key={companyId} companyId={companyId} />}
    </div>
  );
}

function TenantFees() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['fee-settings'],
    queryFn: () => getAs('/api/settings/fees', tenantFeeSettingsSchema),
  });
  if (q.isPending) return <p className="grid-state">{t('app.loading')}</p>;
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return (
    <FeeForm
      mode="tenant"
      effective={q.data.effective}
      stored={q.data.stored}
      base={null}
      save={async (body) => {
        const saved = await putAs('/api/settings/fees', body, tenantFeeSettingsSchema, { quiet: true });
        qc.setQueryData(['fee-settings'], saved);
        await qc.invalidateQueries({ queryKey: ['fee-settings-company'] });
      }}
    />
  );
}

function ClientFees({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['fee-settings-company', companyId];
  const q = useQuery({
    queryKey: key,
    queryFn: () => getAs(`/api/settings/fees/company/${companyId}`, companyFeeSettingsSchema),
  });
  if (q.isPending) return <p className="grid-state">{t('app.loading')}</p>;
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return (
    <FeeForm
      mode="client"
      effective={q.data.effective}
      stored={q.data.overrides}
      base={resolveFeeSettings(q.data.tenant)}
      save={async (body) => {
        const saved = await putAs(`/api/settings/fees/company/${companyId}`, body, companyFeeSettingsSchema, {
          quiet: true,
        });
        qc.setQueryData(key, saved);
      }}
    />
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <p className="form-error" role="alert">
        {t('fees.loadError')}: {error instanceof ApiFailure ? error.message : String(error)}
      </p>
      <button type="button" className="btn" onClick={retry}>
        {t('fees.retry')}
      </button>
    </div>
  );
}

function FeeForm({
  mode,
  effective,
  stored,
  base,
  save,
}: {
  mode: 'tenant' | 'client';
  effective: FeeSettingValues;
  /** Set at this level (the tenant's values, or the client's overrides). */
  stored: FeeSettingStored;
  /** Client mode: the warehouse's value of each fee. */
  base: FeeSettingValues | null;
  save: (body: { values: Record<string, unknown>; clear: FeeSettingKey[] }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useFeedback((s) => s.toast);
  const initial = useMemo(
    () => Object.fromEntries(FEE_SETTING_KEYS.map((k) => [k, toDraft(k, effective[k])])) as Drafts,
    [effective],
  );
  const initialOwn = useMemo(() => new Set(FEE_SETTING_KEYS.filter((k) => k in stored)), [stored]);
  const [drafts, setDrafts] = useState<Drafts>(initial);
  /** Client mode: the fees the client has its own value for (after this form's changes). */
  const [own, setOwn] = useState<Set<FeeSettingKey>>(initialOwn);
  const [errors, setErrors] = useState<Partial<Record<FeeSettingKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDrafts(initial);
    setOwn(initialOwn);
  }, [initial, initialOwn]);

  const shown = (key: FeeSettingKey, value: unknown): string => {
    const def = defOf(key);
    if (def.kind === 'boolean') return value ? t('fees.yes') : t('fees.no');
    if (def.kind === 'date') return value ? f.day(String(value)) : t('fees.none');
    if (def.kind === 'inventoryTypes')
      return Array.isArray(value) && value.length
        ? value.map((v) => t(`fees.types.${v as string}`)).join(', ')
        : t('fees.none');
    // Money as an amount in the language ("0,30 $ je Einheit"), other numbers with their unit.
    if (def.kind === 'money') return `${f.price(value as string)} ${t(`fees.per.${def.unit}`)}`;
    return `${f.number(value as number | string)} ${t(`fees.units.${def.unit}`)}`;
  };
  const message = (key: FeeSettingKey): string => {
    const def = defOf(key);
    switch (def.kind) {
      case 'money':
        return t('fees.errors.money', { min: def.min, max: def.max });
      case 'percent':
        return t('fees.errors.percent', { min: def.min, max: def.max });
      case 'count':
      case 'days':
        return t('fees.errors.whole', { min: def.min, max: def.max });
      case 'date':
        return t('fees.errors.date');
      default:
        return t('fees.errors.other');
    }
  };

  const change = (key: FeeSettingKey, draft: Draft) => {
    setDrafts((d) => ({ ...d, [key]: draft }));
    if (mode === 'client') setOwn((o) => new Set(o).add(key));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const useWarehouse = (key: FeeSettingKey) => {
    setOwn((o) => {
      const next = new Set(o);
      next.delete(key);
      return next;
    });
    setDrafts((d) => ({ ...d, [key]: toDraft(key, base?.[key]) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values: Record<string, unknown> = {};
    const clear: FeeSettingKey[] = [];
    const found: Partial<Record<FeeSettingKey, string>> = {};
    for (const key of FEE_SETTING_KEYS) {
      const changed = !same(drafts[key], initial[key]);
      if (mode === 'client' && !own.has(key)) {
        if (initialOwn.has(key)) clear.push(key);
        continue;
      }
      if (!changed && (mode === 'tenant' || initialOwn.has(key))) continue;
      const parsed = parseFeeSetting(key, fromDraft(key, drafts[key]));
      if (parsed.ok) values[key] = parsed.value;
      else found[key] = message(key);
    }
    setErrors(found);
    if (Object.keys(found).length) return setFormError(t('fees.fixMarked'));
    if (!Object.keys(values).length && !clear.length) return setFormError(t('fees.nothingChanged'));
    setFormError(null);
    setBusy(true);
    try {
      await save({ values, clear });
      toast('success', t('fees.saved'));
    } catch (err) {
      // The server's messages name the fee ("values.PER_BOX_CHARGE: …"): show each at its fee.
      const messages = err instanceof ApiFailure ? err.messages : [String(err)];
      const byKey: Partial<Record<FeeSettingKey, string>> = {};
      const rest: string[] = [];
      for (const m of messages) {
        const hit = /^values\.([A-Z_]+): (.*)$/.exec(m);
        if (hit && (FEE_SETTING_KEYS as string[]).includes(hit[1])) byKey[hit[1] as FeeSettingKey] = hit[2];
        else rest.push(m);
      }
      setErrors(byKey);
      setFormError(rest.join('; ') || t('fees.fixMarked'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fee-form" onSubmit={(e) => void submit(e)} noValidate data-testid={`fee-form-${mode}`}>
      {FEE_GROUPS.map((group) => (
        <fieldset key={group} className="card" data-group={group}>
          <legend>
            <h2>{t(`fees.groups.${group}`)}</h2>
          </legend>
          {FEE_SETTING_KEYS.filter((k) => FEE_SETTINGS[k].group === group).map((key) => (
            <FeeField
              key={key}
              settingKey={key}
              draft={drafts[key]}
              onChange={(d) => change(key, d)}
              error={errors[key]}
              facts={
                mode === 'tenant'
                  ? `${key in stored ? t('fees.current', { value: shown(key, effective[key]) }) : t('fees.usingDefault')} · ${t('fees.default', { value: shown(key, FEE_SETTINGS[key].default) })}`
                  : `${t('fees.warehouseValue', { value: shown(key, base?.[key]) })} · ${own.has(key) ? t('fees.ownValue') : t('fees.followsWarehouse')}`
              }
              useWarehouse={mode === 'client' && own.has(key) ? () => useWarehouse(key) : undefined}
            />
          ))}
        </fieldset>
      ))}
      {formError && (
        <p className="form-error" role="alert" data-testid="fee-form-error">
          {formError}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {mode === 'tenant' ? t('fees.save') : t('fees.saveClient')}
      </button>
    </form>
  );
}

function FeeField({
  settingKey,
  draft,
  onChange,
  error,
  facts,
  useWarehouse,
}: {
  settingKey: FeeSettingKey;
  draft: Draft;
  onChange: (d: Draft) => void;
  error: string | undefined;
  facts: string;
  useWarehouse?: () => void;
}) {
  const { t } = useTranslation();
  const def = defOf(settingKey);
  const id = `fee-${settingKey}`;
  const errorId = `${id}-error`;
  const invalid = { 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined };
  return (
    <div className="setting-row" data-fee={settingKey}>
      <label htmlFor={id}>{t(`fees.keys.${settingKey}`)}</label>
      <div className="setting-control">
        {(def.kind === 'money' || def.kind === 'percent') && (
          <input
            id={id}
            name={settingKey}
            inputMode="decimal"
            value={draft as string}
            onChange={(e) => onChange(e.target.value)}
            size={12}
            {...invalid}
          />
        )}
        {(def.kind === 'count' || def.kind === 'days') && (
          <input
            id={id}
            name={settingKey}
            type="number"
            inputMode="numeric"
            min={def.min}
            max={def.max}
            step={1}
            value={draft as string}
            onChange={(e) => onChange(e.target.value)}
            {...invalid}
          />
        )}
        {def.kind === 'boolean' && (
          <input
            id={id}
            name={settingKey}
            type="checkbox"
            role="switch"
            checked={draft === true}
            onChange={(e) => onChange(e.target.checked)}
          />
        )}
        {def.kind === 'date' && (
          <DateField id={id} name={settingKey} value={draft as string} onChange={onChange} {...invalid} />
        )}
        {def.kind === 'inventoryTypes' && (
          <span
            id={id}
            role="group"
            aria-label={t(`fees.keys.${settingKey}`)}
            style={{ display: 'flex', flexWrap: 'wrap' }}
          >
            {def.options.map((o) => (
              <label
                key={o}
                style={{ display: 'inline-flex', alignItems: 'center', gap: '0.35rem', marginRight: '1rem' }}
              >
                <input
                  type="checkbox"
                  name={`${settingKey}.${o}`}
                  checked={(draft as string[]).includes(o)}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...(draft as string[]), o] : (draft as string[]).filter((x) => x !== o),
                    )
                  }
                />{' '}
                {t(`fees.types.${o}`)}
              </label>
            ))}
          </span>
        )}
        {'unit' in def && <span className="muted fee-unit">{t(`fees.units.${def.unit}`)}</span>}
        {useWarehouse && (
          <button type="button" className="btn" onClick={useWarehouse}>
            {t('fees.useWarehouse')}
          </button>
        )}
      </div>
      <p className="muted setting-facts">
        {def.kind === 'count' && def.zeroMeans === 'noLimit' && `${t('fees.zeroNoLimit')} · `}
        {def.kind === 'date' && `${t('fees.dateHint')} · `}
        {facts}
      </p>
      {error && (
        <p className="form-error" role="alert" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
