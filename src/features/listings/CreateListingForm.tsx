/**
 * List one of the client's products on the store: an offer on the product's ASIN, or (with a UPC
 * and no ASIN) a new product in Amazon's catalogue. Amazon answers at once; a refusal lists
 * Amazon's issues by attribute, as Seller Central would.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AMAZON_LISTING_CHANNELS,
  LISTING_CONDITIONS,
  listingCreateSchema,
  listingSubmissionResultSchema,
  type ListingIssueRow,
} from '../../../domain/schemas/listings';
import type { StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import {
  emptyListingProduct,
  listingFieldErrors,
  listingProductInput,
  ListingProductFields,
  useListingProducts,
} from './ListingProductFields';

export function CreateListingForm({ store, onDone }: { store: StoreRow; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [v, setV] = useState({
    ...emptyListingProduct,
    condition: 'new_new' as (typeof LISTING_CONDITIONS)[number],
    channel: 'FBA' as (typeof AMAZON_LISTING_CHANNELS)[number],
    quantity: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [issues, setIssues] = useState<ListingIssueRow[]>([]);
  const [busy, setBusy] = useState(false);
  const products = useListingProducts(store.companyId, v.productId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setIssues([]);
    const parsed = listingCreateSchema.safeParse({
      ...listingProductInput(v),
      condition: v.condition,
      channel: v.channel,
      quantity: v.channel === 'FBM' && v.quantity !== '' ? Number(v.quantity) : undefined,
    });
    if (!parsed.success) return setErrors(listingFieldErrors(parsed.error.issues, t));
    if (!parsed.data.sku && !products.chosen?.msku) return setErrors({ sku: t('listings.skuRequired') });
    setErrors({});
    setBusy(true);
    try {
      const r = await postAs(
        `/api/external/amazon/stores/${store.id}/listings`,
        parsed.data,
        listingSubmissionResultSchema,
        {
          quiet: true,
          inlineRefusal: true,
        },
      );
      if (r.status === 'ACCEPTED') {
        toast('success', t('listings.createdOk', { sku: r.sku }));
        onDone();
      } else setIssues(r.issues);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate data-testid="create-listing">
      <h2>{t('listings.createTitle')}</h2>
      <p className="muted">{t('listings.createHelp')}</p>
      <div className="form-grid">
        <ListingProductFields
          products={products}
          value={v}
          onChange={(p) => setV({ ...v, ...p })}
          errors={errors}
          describe={(p) => [p.title, p.msku, p.asin].filter(Boolean).join(' · ')}
        />
        <label className="field">
          <span>{t('listings.condition')}</span>
          <select
            name="condition"
            value={v.condition}
            onChange={(e) => setV({ ...v, condition: e.target.value as typeof v.condition })}
          >
            {LISTING_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {t(`listings.conditions.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('listings.channel')}</span>
          <select
            name="channel"
            value={v.channel}
            onChange={(e) => setV({ ...v, channel: e.target.value as typeof v.channel })}
          >
            {AMAZON_LISTING_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`listings.channels.${c}`)}
              </option>
            ))}
          </select>
        </label>
        {v.channel === 'FBM' && (
          <label className="field">
            <span>{t('listings.quantity')}</span>
            <input
              name="quantity"
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              value={v.quantity}
              aria-invalid={!!errors.quantity}
              onChange={(e) => setV({ ...v, quantity: e.target.value })}
            />
            {errors.quantity && <small className="form-error">{t('listings.quantityRequired')}</small>}
          </label>
        )}
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      {issues.length > 0 && (
        <div role="alert" data-testid="listing-refused">
          <p className="form-error">{t('listings.refused')}</p>
          <ul>
            {issues.map((i, n) => (
              <li key={n}>
                {i.message}
                {i.attribute && <span className="muted"> ({i.attribute})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={busy}>
          {t('listings.submit')}
        </button>
      </div>
    </form>
  );
}
