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
import {
  customsDeclarationSchema,
  customsDefaultsSchema,
  type CustomsDeclaration,
} from '../../../domain/schemas/customs';
import { api, ApiFailure } from '../../api/client';
import { getAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { checkCustoms, CustomsFields, customsInputOf, type CustomsDraft } from './CustomsFields';
import { useFormat } from '../../ui/format';

const API = '/api/external/ship/rate/label/customs';
type Draft = Omit<CustomsDeclaration, 'items'> & CustomsDraft;
const inputOf = customsInputOf;

export function CustomsPanel({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
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

  /** The schema's and the route's rules, per field (the server says the same). */
  const check = () => {
    const { valid, errors: found } = checkCustoms(d, { shipFrom: d.shipFromCountry, shipTo: d.shipToCountry ?? '' });
    setErrors(found);
    return valid;
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
        {t('customs.totals', {
          value: f.money(Math.round(loaded.data.totalValue * 100)),
          weight: f.number(loaded.data.totalWeightLb, { maxDecimals: 2 }),
        })}
      </p>
      <CustomsFields
        value={d}
        errors={errors}
        onChange={(next) => setD({ ...d, ...next })}
        itemAction={(n) =>
          d.items[n].productId ? (
            <button type="button" className="btn link" onClick={() => void keepDefault(n)}>
              {t('customs.keepDefault')}
            </button>
          ) : null
        }
      />
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
