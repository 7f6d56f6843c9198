/**
 * List one of the client's products on the Walmart store: Walmart sets items up by feed, later, so
 * after sending the form follows the feed's operation (every ~700 ms, as the pull follows its job)
 * until Walmart has processed it, then says the item was accepted — it is then in the list — or
 * lists Walmart's errors per SKU.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WALMART_ITEM_CATEGORIES,
  WALMART_LISTING_CHANNELS,
  walmartItemCreateSchema,
  walmartItemSubmittedSchema,
  type WalmartItemCategory,
} from '../../../domain/schemas/listings';
import { marketplaceOperationSchema, type MarketplaceOperation } from '../../../domain/schemas/orders';
import type { StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import {
  emptyListingProduct,
  listingFieldErrors,
  listingProductInput,
  ListingProductFields,
  useListingProducts,
} from './ListingProductFields';

const FOLLOW_MS = 700;
type Problems = MarketplaceOperation['problems'];

/** Walmart's problems grouped by the SKU they name (each message without its "SKU …:" lead). */
function bySku(problems: Problems) {
  const groups = new Map<string, Problems>();
  for (const p of problems) {
    const sku = p.details ?? '';
    groups.set(sku, [...(groups.get(sku) ?? []), { ...p, message: p.message.replace(`SKU ${sku}: `, '') }]);
  }
  return [...groups.entries()].map(([sku, list]) => ({ sku, list }));
}

export function WalmartItemForm({ store, onDone }: { store: StoreRow; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [v, setV] = useState({
    ...emptyListingProduct,
    channel: 'WFS' as (typeof WALMART_LISTING_CHANNELS)[number],
    category: 'home_other' as WalmartItemCategory,
    weightLb: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [following, setFollowing] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>([]);
  const products = useListingProducts(store.companyId, v.productId);
  const chosen = products.chosen;
  // A form closed while Walmart works stops following.
  const open = useRef(true);
  useEffect(() => () => void (open.current = false), []);

  /** Follows the feed until Walmart has processed it. */
  const follow = async (operationId: string, sku: string) => {
    const path = `/api/common/stores/${store.id}/operations/${encodeURIComponent(operationId)}`;
    for (;;) {
      await new Promise((r) => setTimeout(r, FOLLOW_MS));
      if (!open.current) return;
      const op = await getAs(path, marketplaceOperationSchema, { background: true });
      if (op.status === 'IN_PROGRESS') continue;
      if (op.status === 'SUCCESS') {
        toast('success', t('wfsListings.accepted', { sku }));
        onDone();
      } else if (op.status === 'FAILED') setProblems(op.problems);
      else setErrors({ form: t('wfsListings.gaveUp') });
      return;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblems([]);
    const parsed = walmartItemCreateSchema.safeParse({
      ...listingProductInput(v),
      channel: v.channel,
      category: v.category,
      weightLb: v.weightLb === '' ? undefined : Number(v.weightLb),
    });
    if (!parsed.success) return setErrors(listingFieldErrors(parsed.error.issues, t));
    if (!parsed.data.sku && !chosen?.msku) return setErrors({ sku: t('listings.skuRequired') });
    setErrors({});
    setFollowing(t('wfsListings.sending'));
    try {
      const sent = await postAs(
        `/api/external/walmart/stores/${store.id}/items`,
        parsed.data,
        walmartItemSubmittedSchema,
        {
          quiet: true,
          inlineRefusal: true,
        },
      );
      setFollowing(t('wfsListings.processing', { sku: sent.sku }));
      await follow(sent.operationId, sent.sku);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      if (open.current) setFollowing(null);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate data-testid="create-walmart-item">
      <h2>{t('wfsListings.createTitle')}</h2>
      <p className="muted">{t('wfsListings.createHelp')}</p>
      <div className="form-grid">
        <ListingProductFields
          products={products}
          value={v}
          onChange={(p) => setV({ ...v, ...p })}
          errors={errors}
          describe={(p) => [p.title, p.msku, p.upc].filter(Boolean).join(' · ')}
        />
        <label className="field">
          <span>{t('listings.channel')}</span>
          <select
            name="channel"
            value={v.channel}
            onChange={(e) => setV({ ...v, channel: e.target.value as typeof v.channel })}
          >
            {WALMART_LISTING_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`listings.channels.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('wfsListings.category')}</span>
          <select
            name="category"
            value={v.category}
            onChange={(e) => setV({ ...v, category: e.target.value as WalmartItemCategory })}
          >
            {Object.entries(WALMART_ITEM_CATEGORIES).map(([key, name]) => (
              <option key={key} value={key}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {chosen && !chosen.weightLb && (
          <label className="field">
            <span>{t('wfsListings.weight')}</span>
            <input
              name="weightLb"
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              value={v.weightLb}
              aria-invalid={!!errors.weightLb}
              onChange={(e) => setV({ ...v, weightLb: e.target.value })}
            />
            {errors.weightLb && <small className="form-error">{errors.weightLb}</small>}
          </label>
        )}
      </div>
      {chosen && (
        <p className="muted" data-testid="walmart-item-facts">
          {[
            chosen.upc ? `UPC ${chosen.upc}` : t('wfsListings.noUpc'),
            chosen.weightLb ? `${chosen.weightLb} lb` : null,
            chosen.lengthIn && chosen.widthIn && chosen.heightIn
              ? `${chosen.lengthIn} × ${chosen.widthIn} × ${chosen.heightIn} in`
              : v.channel === 'WFS'
                ? t('wfsListings.noDimensions')
                : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      {following && (
        <p className="notice" role="status" data-testid="walmart-item-following">
          {following}
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" data-testid="walmart-item-refused">
          <p className="form-error">{t('wfsListings.refused')}</p>
          <ul>
            {bySku(problems).map(({ sku, list }) => (
              <li key={sku}>
                {sku && <strong>{sku}</strong>}
                <ul>
                  {list.map((p, n) => (
                    <li key={n}>
                      {p.message} <span className="muted">({p.code})</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={!!following}>
          {t('wfsListings.submit')}
        </button>
      </div>
    </form>
  );
}
