/**
 * One Walmart item, read live from Walmart: who fulfils it (WFS or the seller), whether buyers see
 * it and why not (Walmart's unpublished reasons), its shelf and codes, a link to it on
 * Walmart.com once published, and the client's product it is — or a button that imports it.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walmartItemDetailSchema } from '../../../domain/schemas/listings';
import type { StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { ListingIssues, ProductOrImport } from './ListingParts';
import { ListingStatus } from './ListingStatus';
import { WALMART_ITEMS } from './screens';
import { formatPrice } from '../../../domain/format';

export function WalmartItemPanel({
  store,
  sku,
  onClose,
  onImported,
}: {
  store: StoreRow;
  sku: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t, i18n } = useTranslation();
  const api = WALMART_ITEMS.api(store.id);
  const detail = useQuery({
    queryKey: ['walmart-item', store.id, sku],
    queryFn: () => getAs(`${api}/${encodeURIComponent(sku)}`, walmartItemDetailSchema, { quiet: true }),
    retry: false,
  });
  const money = (v: number, currency: string) => formatPrice(i18n.language, v, currency);
  const d = detail.data;

  return (
    <section className="card" aria-label={t('listings.detail')} data-testid="listing-detail">
      <div className="page-head">
        <h2>{d?.title ?? sku}</h2>
        <button type="button" className="btn" onClick={onClose}>
          {t('listings.close')}
        </button>
      </div>
      {detail.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : detail.isError ? (
        <p className="form-error" role="alert">
          {detail.error instanceof ApiFailure ? detail.error.message : String(detail.error)}
        </p>
      ) : (
        d && (
          <dl>
            <dt>{t('listings.sku')}</dt>
            <dd>{d.sku}</dd>
            <dt>{t('wfsListings.codes')}</dt>
            <dd>
              {[d.upc && `UPC ${d.upc}`, d.gtin && `GTIN ${d.gtin}`, d.itemId && `Item ${d.itemId}`]
                .filter(Boolean)
                .join(' · ') || '–'}
            </dd>
            <dt>{t('listings.status')}</dt>
            <dd>
              <ListingStatus row={d} marketplace="walmart" />{' '}
              <span className="muted">
                {[d.publishedStatus, d.lifecycleStatus, d.inventoryStatus].filter(Boolean).join(' · ')}
              </span>
            </dd>
            <dt>{t('listings.price')}</dt>
            <dd>{d.price === null ? '–' : money(d.price, d.currency ?? 'USD')}</dd>
            <dt>{t('listings.channel')}</dt>
            <dd data-testid="listing-channel">{t(`listings.channels.${d.channel}`)}</dd>
            <dt>{t('wfsListings.productType')}</dt>
            <dd>{[d.brand, d.productType, d.condition].filter(Boolean).join(' · ') || '–'}</dd>
            <dt>{t('wfsListings.shelf')}</dt>
            <dd>{d.shelf.length ? d.shelf.join(' › ') : '–'}</dd>
            <dt>{t('listings.product')}</dt>
            <dd data-testid="listing-product">
              <ProductOrImport
                api={api}
                row={d}
                onImported={async () => {
                  await detail.refetch();
                  onImported();
                }}
              />
            </dd>
            {d.walmartUrl && (
              <>
                <dt>Walmart.com</dt>
                <dd>
                  <a href={d.walmartUrl} target="_blank" rel="noreferrer">
                    {t('wfsListings.seeOnWalmart')}
                  </a>
                </dd>
              </>
            )}
          </dl>
        )
      )}
      {d && <ListingIssues issues={d.issues} title={t('wfsListings.issues')} />}
    </section>
  );
}
