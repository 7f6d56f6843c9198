/**
 * Customs on the FBM order detail (issue 20 step 8): for an order leaving the warehouse's country,
 * the declaration — prefilled from the lines and the products' customs defaults until saved — is
 * edited here, checked by the domain schema and rules (the server checks again), saved, and its
 * CN22/CN23 opened as a PDF to print. An item's particulars can be kept as its product's defaults,
 * so the next order of that product is prefilled with them. A domestic order shows one line.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customsProblems } from '../../../domain/rules/customs';
import {
  CUSTOMS_PURPOSES,
  customsDeclarationInputSchema,
  customsDeclarationSchema,
  customsDefaultsSchema,
  EXPORT_FILINGS,
  INCOTERMS,
  RETURN_HANDLINGS,
  TAX_ID_TYPES,
  type CustomsDeclaration,
} from '../../../domain/schemas/customs';
import { api, ApiFailure } from '../../api/client';
import { getAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

const API = '/api/external/ship/rate/label/customs';
type Draft = Omit<CustomsDeclaration, 'items'> & { items: Record<string, string | number | null>[] };
const ITEM_FIELDS = ['description', 'hsCode', 'countryOfOrigin', 'quantity', 'unitValue', 'unitWeightLb'] as const;
const NUMERIC = new Set<string>(['quantity', 'unitValue', 'unitWeightLb']);

/** The request from the form's text. */
const inputOf = (d: Draft) => ({
  incoterm: d.incoterm,
  purpose: d.purpose,
  taxIdType: d.taxIdType || null,
  taxId: d.taxId?.trim() || null,
  returnHandling: d.returnHandling,
  exportFiling: d.exportFiling,
  itn: d.itn?.trim() || null,
  items: d.items.map((i) => ({
    lineId: i.lineId,
    productId: i.productId,
    sku: i.sku,
    description: String(i.description ?? ''),
    hsCode: String(i.hsCode ?? ''),
    countryOfOrigin: String(i.countryOfOrigin ?? ''),
    quantity: Number(i.quantity),
    unitValue: Number(i.unitValue),
    unitWeightLb: Number(i.unitWeightLb),
  })),
});

export function CustomsPanel({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const key = ['customs-declaration', orderId];
  const loaded = useQuery({
    queryKey: key,
    queryFn: () => getAs(`${API}/declaration/${orderId}/json`, customsDeclarationSchema, { background: true }),
  });
  const [d, setD] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loaded.data) {
      setD({ ...loaded.data, items: loaded.data.items.map((i) => ({ ...i })) });
      setErrors(Object.fromEntries(loaded.data.problems.map((p) => [p.field, p.message])));
    }
  }, [loaded.data]);

  if (loaded.isError)
    return (
      <p className="form-error" role="alert" data-testid="customs-panel">
        {loaded.error.message}
      </p>
    );
  if (!loaded.data || !d) return null;
  if (!loaded.data.international)
    return (
      <p className="muted" data-testid="customs-panel">
        {t('customs.domestic')}
      </p>
    );

  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  const setItem = (n: number, field: string, value: string) =>
    set({ items: d.items.map((i, k) => (k === n ? { ...i, [field]: value } : i)) });

  /** The schema's and the route's rules, per field (the server says the same). */
  const check = () => {
    const parsed = customsDeclarationInputSchema.safeParse(inputOf(d));
    const found = parsed.success
      ? customsProblems(parsed.data, { shipFrom: d.shipFromCountry, shipTo: d.shipToCountry ?? '' })
      : parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
    setErrors(Object.fromEntries(found.map((p) => [p.field, p.message])));
    return parsed.success && !found.length ? parsed.data : null;
  };

  const save = async () => {
    const valid = check();
    if (!valid) return;
    setBusy(true);
    try {
      const saved = await putAs(`${API}/declaration`, { ...valid, orderId }, customsDeclarationSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      qc.setQueryData(key, saved);
      toast('success', t('customs.saved', { type: saved.documentType }));
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const keepDefault = async (n: number) => {
    const i = inputOf(d).items[n];
    try {
      await putAs(
        `${API}/items/default/inventory/${i.productId}`,
        {
          description: i.description,
          hsCode: i.hsCode,
          countryOfOrigin: i.countryOfOrigin,
          declaredValue: i.unitValue,
          weightLb: i.unitWeightLb,
        },
        customsDefaultsSchema,
        { quiet: true, inlineRefusal: true },
      );
      toast('success', t('customs.defaultKept', { sku: i.sku ?? i.description }));
    } catch (err) {
      setErrors({ [`items.${n}.description`]: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  /** Downloads the printed CN22/CN23 (a refusal, e.g. a rule still broken, is said in the panel). */
  const print = async () => {
    setErrors({});
    try {
      const res = await api<Response>('GET', `${API}/declaration/${orderId}/pdf`, { raw: true, quiet: true });
      const url = URL.createObjectURL(await res.blob());
      const name = `${loaded.data.documentType}-${loaded.data.orderNumber}.pdf`;
      Object.assign(document.createElement('a'), { href: url, download: name }).click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  const select = (name: 'incoterm' | 'purpose' | 'returnHandling' | 'exportFiling', options: readonly string[]) => (
    <label className="field">
      <span>{t(`customs.${name}`)}</span>
      <select
        name={name}
        value={d[name]}
        aria-invalid={!!errors[name]}
        onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {errors[name] && <small className="form-error">{errors[name]}</small>}
    </label>
  );

  return (
    <section className="card" data-testid="customs-panel">
      <h3>
        {t('customs.title')}{' '}
        <span className="badge" data-testid="customs-document-type">
          {loaded.data.documentType}
        </span>{' '}
        {!loaded.data.saved && <span className="badge muted">{t('customs.prefilled')}</span>}
      </h3>
      <p className="muted">
        {t('customs.route', { from: d.shipFromCountry, to: d.shipToCountry ?? '–' })} ·{' '}
        {t('customs.totals', { value: loaded.data.totalValue.toFixed(2), weight: loaded.data.totalWeightLb })}
      </p>
      <div className="form-grid">
        {select('incoterm', INCOTERMS)}
        {select('purpose', CUSTOMS_PURPOSES)}
        {select('returnHandling', RETURN_HANDLINGS)}
        {select('exportFiling', EXPORT_FILINGS)}
        <label className="field">
          <span>{t('customs.itn')}</span>
          <input
            name="itn"
            value={d.itn ?? ''}
            aria-invalid={!!errors.itn}
            onChange={(e) => set({ itn: e.target.value })}
          />
          {errors.itn && <small className="form-error">{errors.itn}</small>}
        </label>
        <label className="field">
          <span>{t('customs.taxIdType')}</span>
          <select
            name="taxIdType"
            value={d.taxIdType ?? ''}
            aria-invalid={!!errors.taxIdType}
            onChange={(e) => set({ taxIdType: (e.target.value || null) as Draft['taxIdType'] })}
          >
            <option value="">{t('customs.none')}</option>
            {TAX_ID_TYPES.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
          {errors.taxIdType && <small className="form-error">{errors.taxIdType}</small>}
        </label>
        <label className="field">
          <span>{t('customs.taxId')}</span>
          <input
            name="taxId"
            value={d.taxId ?? ''}
            aria-invalid={!!errors.taxId}
            onChange={(e) => set({ taxId: e.target.value })}
          />
          {errors.taxId && <small className="form-error">{errors.taxId}</small>}
        </label>
      </div>
      <table className="data-table" data-testid="customs-items">
        <thead>
          <tr>
            {ITEM_FIELDS.map((f) => (
              <th key={f}>{t(`customs.${f}`)}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {d.items.map((item, n) => (
            <tr key={n}>
              {ITEM_FIELDS.map((f) => {
                const err = errors[`items.${n}.${f}`];
                return (
                  <td key={f}>
                    <input
                      name={`items.${n}.${f}`}
                      aria-label={t(`customs.${f}`)}
                      value={String(item[f] ?? '')}
                      {...(NUMERIC.has(f) ? { type: 'number', step: 'any' } : {})}
                      aria-invalid={!!err}
                      onChange={(e) => setItem(n, f, e.target.value)}
                    />
                    {err && <small className="form-error">{err}</small>}
                  </td>
                );
              })}
              <td>
                {item.productId && (
                  <button type="button" className="btn link" onClick={() => void keepDefault(n)}>
                    {t('customs.keepDefault')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(errors.form || errors.items) && (
        <p className="form-error" role="alert">
          {errors.form ?? errors.items}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="btn primary" disabled={busy} onClick={() => void save()}>
          {t('customs.save')}
        </button>
        <button type="button" className="btn" disabled={busy || !loaded.data.saved} onClick={() => void print()}>
          {t('customs.print', { type: loaded.data.documentType })}
        </button>
      </div>
    </section>
  );
}
