/**
 * A product's customs defaults on the product screen (issue 20 step 8): what the product is declared
 * as when it leaves the country — description, HS tariff number, country of origin, value and
 * weight per unit. International orders' declarations are prefilled from them.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  customsDefaultsInputSchema,
  customsDefaultsSchema,
  customsDefaultsViewSchema,
} from '../../../domain/schemas/customs';
import { ApiFailure } from '../../api/client';
import { getAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

const FIELDS = ['description', 'hsCode', 'countryOfOrigin', 'declaredValue', 'weightLb'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const NUMERIC = new Set<string>(['declaredValue', 'weightLb']);

export function ProductCustomsDefaults({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const path = `/api/external/ship/rate/label/customs/items/default/inventory/${productId}`;
  const view = useQuery({
    queryKey: ['product-customs', productId],
    queryFn: () => getAs(path, customsDefaultsViewSchema, { background: true }),
  });
  const [v, setV] = useState<Values>({
    description: '',
    hsCode: '',
    countryOfOrigin: '',
    declaredValue: '',
    weightLb: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const d = view.data;
    if (!d) return;
    const s = d.saved;
    setV({
      description: s?.description ?? d.suggested.description,
      hsCode: s?.hsCode ?? '',
      countryOfOrigin: s?.countryOfOrigin ?? '',
      declaredValue: s ? String(s.declaredValue) : '',
      weightLb: s ? String(s.weightLb) : d.suggested.weightLb !== null ? String(d.suggested.weightLb) : '',
    });
  }, [view.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = customsDefaultsInputSchema.safeParse({
      ...v,
      declaredValue: v.declaredValue === '' ? undefined : Number(v.declaredValue),
      weightLb: v.weightLb === '' ? undefined : Number(v.weightLb),
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    try {
      await putAs(path, parsed.data, customsDefaultsSchema, { quiet: true, inlineRefusal: true });
      void qc.invalidateQueries({ queryKey: ['product-customs', productId] });
      toast('success', t('customs.defaultsSaved'));
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  if (view.isError) return null;
  return (
    <form className="card form" noValidate onSubmit={(e) => void submit(e)} data-testid="product-customs">
      <h3>{t('customs.defaultsTitle')}</h3>
      <div className="form-grid">
        {FIELDS.map((f) => (
          <label key={f} className="field">
            <span>{t(`customs.defaults.${f}`)}</span>
            <input
              name={f}
              value={v[f]}
              {...(NUMERIC.has(f) ? { type: 'number', step: 'any' } : {})}
              aria-invalid={!!errors[f]}
              onChange={(e) => setV({ ...v, [f]: e.target.value })}
            />
            {errors[f] && <small className="form-error">{errors[f]}</small>}
          </label>
        ))}
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn">
          {t('customs.saveDefaults')}
        </button>
      </div>
    </form>
  );
}
