/**
 * List one of the client's products on the store: an offer on the product's ASIN, or (with a UPC
 * and no ASIN) a new product in Amazon's catalogue. Amazon answers at once; a refusal lists
 * Amazon's issues by attribute, as Seller Central would.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AMAZON_LISTING_CHANNELS,
  LISTING_CONDITIONS,
  listingCreateSchema,
  listingSubmissionResultSchema,
  type ListingIssueRow,
} from '../../../domain/schemas/listings';
import { productPageSchema } from '../../../domain/schemas/products';
import type { StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

export function CreateListingForm({ store, onDone }: { store: StoreRow; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [search, setSearch] = useState('');
  const [v, setV] = useState({
    productId: '',
    sku: '',
    price: '',
    condition: 'new_new' as (typeof LISTING_CONDITIONS)[number],
    channel: 'FBA' as (typeof AMAZON_LISTING_CHANNELS)[number],
    quantity: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [issues, setIssues] = useState<ListingIssueRow[]>([]);
  const [busy, setBusy] = useState(false);
  const products = useQuery({
    queryKey: ['listing-products', store.companyId, search],
    queryFn: () =>
      getAs('/api/product/products', productPageSchema, {
        query: { pageNumber: 1, pageSize: 20, q: search || undefined, companyId: store.companyId },
        background: true,
      }),
  });
  const chosen = products.data?.content.find((p) => String(p.id) === v.productId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setIssues([]);
    const parsed = listingCreateSchema.safeParse({
      productId: v.productId ? Number(v.productId) : undefined,
      sku: v.sku.trim() || undefined,
      price: v.price === '' ? undefined : Number(v.price),
      condition: v.condition,
      channel: v.channel,
      quantity: v.channel === 'FBM' && v.quantity !== '' ? Number(v.quantity) : undefined,
    });
    if (!parsed.success)
      return setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [
            String(i.path[0]),
            i.path[0] === 'productId'
              ? t('listings.productRequired')
              : i.path[0] === 'price'
                ? t('listings.priceRequired')
                : i.message,
          ]),
        ),
      );
    if (!parsed.data.sku && !chosen?.msku) return setErrors({ sku: t('listings.skuRequired') });
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
        <label className="field">
          <span>{t('listings.findProduct')}</span>
          <input name="productSearch" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('listings.product')}</span>
          <select
            name="productId"
            value={v.productId}
            aria-invalid={!!errors.productId}
            onChange={(e) => setV({ ...v, productId: e.target.value })}
          >
            <option value="">{t('listings.chooseProduct')}</option>
            {(products.data?.content ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {[p.title, p.msku, p.asin].filter(Boolean).join(' · ')}
              </option>
            ))}
          </select>
          {errors.productId && <small className="form-error">{errors.productId}</small>}
        </label>
        <label className="field">
          <span>{t('listings.sku')}</span>
          <input
            name="sku"
            value={v.sku}
            placeholder={chosen?.msku ?? ''}
            aria-invalid={!!errors.sku}
            onChange={(e) => setV({ ...v, sku: e.target.value })}
          />
          {errors.sku && <small className="form-error">{errors.sku}</small>}
        </label>
        <label className="field">
          <span>{t('listings.price')}</span>
          <input
            name="price"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            value={v.price}
            aria-invalid={!!errors.price}
            onChange={(e) => setV({ ...v, price: e.target.value })}
          />
          {errors.price && <small className="form-error">{errors.price}</small>}
        </label>
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
