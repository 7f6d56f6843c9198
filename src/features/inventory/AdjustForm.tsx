/** An adjustment: on-hand changed with a reason (never below zero; the server checks and audits). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADJUSTMENT_REASONS,
  adjustmentResultSchema,
  adjustmentSchema,
  CONDITIONS,
} from '../../../domain/schemas/inventory';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { ClientChoice } from './ClientChoice';
import type { SnapshotLine } from './snapshot-columns';

export function AdjustForm({
  line,
  onClose,
  onDone,
}: {
  line: Partial<SnapshotLine>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [companyId, setCompanyId] = useState<number | null>(line.companyId ?? null);
  const [v, setV] = useState({
    productCode: line.productKey ?? '',
    location: line.location ?? '',
    lpn: line.lpn ?? '',
    condition: line.condition ?? 'sellable',
    quantity: '',
    reason: '',
    note: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = adjustmentSchema.safeParse({
      ...v,
      companyId: companyId ?? undefined,
      lpn: v.lpn || undefined,
      note: v.note || undefined,
      reason: v.reason || undefined,
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      const r = await postAs('/api/inventory/adjust', parsed.data, adjustmentResultSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t('inventory.adjusted', { before: r.before, after: r.after }));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const field = (
    name: 'productCode' | 'location' | 'lpn' | 'quantity' | 'note',
    extra: Record<string, unknown> = {},
  ) => (
    <label>
      {t(`inventory.fields.${name}`)}
      <input
        name={name}
        value={v[name]}
        onChange={(e) => setV({ ...v, [name]: e.target.value })}
        aria-invalid={!!errors[name]}
        {...extra}
      />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );
  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t('inventory.newAdjustment')}
      data-testid="adjust-form"
    >
      <h2>{t('inventory.newAdjustment')}</h2>
      <div className="form-row">
        <ClientChoice value={companyId} onChange={setCompanyId} error={errors.companyId} />
        {field('productCode')}
        {field('location')}
        {field('lpn')}
        <label>
          {t('inventory.condition')}
          <select name="condition" value={v.condition} onChange={(e) => setV({ ...v, condition: e.target.value })}>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {t(`inventory.conditions.${c}`)}
              </option>
            ))}
          </select>
        </label>
        {field('quantity', { inputMode: 'numeric', placeholder: '+2 / -1' })}
        <label>
          {t('inventory.reason')}
          <select
            name="reason"
            value={v.reason}
            onChange={(e) => setV({ ...v, reason: e.target.value })}
            aria-invalid={!!errors.reason}
          >
            <option value="">{t('inventory.chooseReason')}</option>
            {ADJUSTMENT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`inventory.adjustReasons.${r}`)}
              </option>
            ))}
          </select>
          {errors.reason && <span className="form-error">{errors.reason}</span>}
        </label>
        {field('note')}
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary">
          {t('inventory.applyAdjustment')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('po.cancel')}
        </button>
      </div>
    </form>
  );
}
