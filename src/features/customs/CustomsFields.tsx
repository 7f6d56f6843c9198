/**
 * The customs declaration's fields (issue 20), shared by the FBM order's customs panel and the Buy
 * Shipping Labels tool: contents and purpose, incoterm, non-delivery, export filing and ITN, tax id,
 * and the items (description, quantity, value in USD, HS code, origin, weight). `checkCustoms`
 * checks a draft with the domain's schema and rules for its route — what the server says too.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { customsProblems } from '../../../domain/rules/customs';
import {
  CUSTOMS_PURPOSES,
  customsDeclarationInputSchema,
  EXPORT_FILINGS,
  INCOTERMS,
  RETURN_HANDLINGS,
  TAX_ID_TYPES,
  type CustomsDeclarationInput,
} from '../../../domain/schemas/customs';

type Fields = Omit<CustomsDeclarationInput, 'items'>;
/** The form's state: the declaration's fields, its items as typed (numbers as text until checked). */
export type CustomsDraft = Fields & { items: Record<string, string | number | null>[] };

export const ITEM_FIELDS = [
  'description',
  'quantity',
  'unitValue',
  'hsCode',
  'countryOfOrigin',
  'unitWeightLb',
] as const;
const NUMERIC = new Set<string>(['quantity', 'unitValue', 'unitWeightLb']);

export const emptyCustomsItem = (): Record<string, string | number | null> => ({
  lineId: null,
  productId: null,
  sku: null,
  description: '',
  hsCode: '',
  countryOfOrigin: '',
  quantity: '1',
  unitValue: '',
  unitWeightLb: '',
});

/** A new declaration: merchandise, duties to the recipient, returned if undeliverable, no EEI. */
export const emptyCustoms = (): CustomsDraft => ({
  incoterm: 'DDU',
  purpose: 'MERCHANDISE',
  taxIdType: null,
  taxId: null,
  returnHandling: 'RETURN',
  exportFiling: 'NOEEI 30.37(a)',
  itn: null,
  items: [emptyCustomsItem()],
});

const num = (v: string | number | null | undefined) =>
  typeof v === 'number' ? v : v == null || String(v).trim() === '' ? Number.NaN : Number(String(v).replace(',', '.'));

/** The request from the form's text. */
export const customsInputOf = (d: CustomsDraft) => ({
  incoterm: d.incoterm,
  purpose: d.purpose,
  taxIdType: d.taxIdType || null,
  taxId: d.taxId?.trim() || null,
  returnHandling: d.returnHandling,
  exportFiling: d.exportFiling,
  itn: d.itn?.trim() || null,
  items: d.items.map((i) => ({
    lineId: (i.lineId as number | null) ?? null,
    productId: (i.productId as number | null) ?? null,
    sku: (i.sku as string | null) ?? null,
    description: String(i.description ?? ''),
    hsCode: String(i.hsCode ?? ''),
    countryOfOrigin: String(i.countryOfOrigin ?? ''),
    quantity: num(i.quantity),
    unitValue: num(i.unitValue),
    unitWeightLb: num(i.unitWeightLb),
  })),
});

/** The schema's and the route's rules, per field: the declaration when it passes, else null. */
export function checkCustoms(
  d: CustomsDraft,
  route: { shipFrom: string; shipTo: string },
): { valid: CustomsDeclarationInput | null; errors: Record<string, string> } {
  const parsed = customsDeclarationInputSchema.safeParse(customsInputOf(d));
  const found = parsed.success
    ? customsProblems(parsed.data, route)
    : parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  return {
    valid: parsed.success && !found.length ? parsed.data : null,
    errors: Object.fromEntries(found.map((p) => [p.field, p.message])),
  };
}

export function CustomsFields({
  value,
  errors,
  onChange,
  itemAction,
  editableItems = false,
}: {
  value: CustomsDraft;
  errors: Record<string, string>;
  onChange: (next: CustomsDraft) => void;
  /** Something to do with one item (the order panel: keep it as the product's defaults). */
  itemAction?: (n: number) => ReactNode;
  /** Items can be added and removed (the tool; an order's items are its lines). */
  editableItems?: boolean;
}) {
  const { t } = useTranslation();
  const d = value;
  const set = (patch: Partial<CustomsDraft>) => onChange({ ...d, ...patch });
  const setItem = (n: number, field: string, v: string) =>
    set({ items: d.items.map((i, k) => (k === n ? { ...i, [field]: v } : i)) });

  /** Purposes and return handlings are worded; Incoterms and filing citations read as printed. */
  const words = (name: string, o: string) =>
    name === 'purpose'
      ? t(`enums.customsPurposes.${o}`)
      : name === 'returnHandling'
        ? t(`enums.returnHandlings.${o}`)
        : o;
  const select = (name: 'incoterm' | 'purpose' | 'returnHandling' | 'exportFiling', options: readonly string[]) => (
    <label className="field">
      <span>{t(`customs.${name}`)}</span>
      <select
        name={name}
        value={d[name]}
        aria-invalid={!!errors[name]}
        onChange={(e) => set({ [name]: e.target.value } as Partial<CustomsDraft>)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {words(name, o)}
          </option>
        ))}
      </select>
      {errors[name] && <small className="form-error">{errors[name]}</small>}
    </label>
  );

  return (
    <>
      <div className="form-grid">
        {select('purpose', CUSTOMS_PURPOSES)}
        {select('incoterm', INCOTERMS)}
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
            onChange={(e) => set({ taxIdType: (e.target.value || null) as CustomsDraft['taxIdType'] })}
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
                {itemAction?.(n)}
                {editableItems && d.items.length > 1 && (
                  <button
                    type="button"
                    className="btn link"
                    onClick={() => set({ items: d.items.filter((_, k) => k !== n) })}
                  >
                    {t('customs.removeItem')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editableItems && (
        <button type="button" className="btn" onClick={() => set({ items: [...d.items, emptyCustomsItem()] })}>
          {t('customs.addItem')}
        </button>
      )}
    </>
  );
}
