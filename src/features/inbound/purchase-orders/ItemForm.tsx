/** Add or edit one purchase-order item; checked with the domain schema before it is sent. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_ACTIONS, poItemSchema, type PoItem } from '../../../../domain/schemas/inbound';

export interface ItemValues {
  title: string;
  asin: string;
  fnsku: string;
  msku: string;
  upc: string;
  expectedQty: string;
  packSize: string;
  cost: string;
  supplier: string;
  itemAction: string;
  shipToCountryCode: string;
}

type Stored = Partial<Record<keyof PoItem, unknown>> & { costCents?: number | null };
export const toValues = (i?: Stored): ItemValues => ({
  title: String(i?.title ?? ''),
  asin: String(i?.asin ?? ''),
  fnsku: String(i?.fnsku ?? ''),
  msku: String(i?.msku ?? ''),
  upc: String(i?.upc ?? ''),
  expectedQty: i?.expectedQty === undefined ? '' : String(i.expectedQty),
  packSize: String(i?.packSize ?? 1),
  cost: i?.costCents === undefined || i.costCents === null ? '' : (i.costCents / 100).toFixed(2),
  supplier: String(i?.supplier ?? ''),
  itemAction: String(i?.itemAction ?? 'fba_prep'),
  shipToCountryCode: String(i?.shipToCountryCode ?? ''),
});

export function ItemForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: Stored;
  onSave: (item: PoItem) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState<ItemValues>(() => toValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cost = v.cost.trim();
    const parsed = poItemSchema.safeParse({
      ...v,
      costCents: cost === '' ? undefined : Number.isFinite(Number(cost)) ? Math.round(Number(cost) * 100) : Number.NaN,
      supplier: v.supplier.trim() || undefined,
      shipToCountryCode: v.shipToCountryCode.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    const failure = await onSave(parsed.data);
    setBusy(false);
    if (failure) setErrors({ form: failure });
  };

  const input = (name: keyof ItemValues, extra: Record<string, unknown> = {}) => (
    <label key={name}>
      {t(`po.fields.${name}`)}
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
      className="card form item-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t(initial ? 'po.editItem' : 'po.addItem')}
    >
      {input('title', { autoFocus: true })}
      <div className="form-row">
        {input('asin')}
        {input('fnsku')}
        {input('msku')}
        {input('upc', { inputMode: 'numeric' })}
      </div>
      <div className="form-row">
        {input('expectedQty', { type: 'number', min: 1 })}
        {input('packSize', { type: 'number', min: 1 })}
        {input('cost', { inputMode: 'decimal' })}
        {input('supplier')}
      </div>
      <div className="form-row">
        <label>
          {t('po.fields.itemAction')}
          <select name="itemAction" value={v.itemAction} onChange={(e) => setV({ ...v, itemAction: e.target.value })}>
            {ITEM_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`po.types.${a}`)}
              </option>
            ))}
          </select>
        </label>
        {input('shipToCountryCode', { maxLength: 2 })}
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={busy}>
          {t('po.saveItem')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('po.cancel')}
        </button>
      </div>
    </form>
  );
}
