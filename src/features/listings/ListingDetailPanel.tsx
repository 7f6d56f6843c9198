/**
 * One Amazon listing, read live: its state and the issues Amazon raised (what to fix, by
 * attribute), Amazon's catalogue record (brand, UPC, package size, sales rank), Amazon's fees at the
 * listing's price and what the seller keeps, and the client's product it is — or a button that
 * imports it into the catalogue.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listingDetailSchema } from '../../../domain/schemas/listings';
import type { StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { ListingIssues, ProductOrImport } from './ListingParts';
import { ListingStatus } from './ListingStatus';
import { AMAZON_LISTINGS } from './screens';
import { formatNumber, formatPrice } from '../../../domain/format';

export function ListingDetailPanel({
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
  const api = AMAZON_LISTINGS.api(store.id);
  const detail = useQuery({
    queryKey: ['listing', store.id, sku],
    queryFn: () => getAs(`${api}/${encodeURIComponent(sku)}`, listingDetailSchema, { quiet: true }),
    retry: false,
  });
  const money = (v: number, currency = 'USD') => formatPrice(i18n.language, v, currency);
  const num = (v: number | null, unit: string) =>
    v === null ? '–' : `${formatNumber(i18n.language, v, { maxDecimals: 2 })} ${unit}`;

  return (
    <section className="card" aria-label={t('listings.detail')} data-testid="listing-detail">
      <div className="page-head">
        <h2>{detail.data?.title ?? sku}</h2>
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
        <div className="listing-detail">
          {detail.data.imageUrl ? <img src={detail.data.imageUrl} alt={detail.data.title ?? sku} /> : <div />}
          <div>
            <dl>
              <dt>{t('listings.sku')}</dt>
              <dd>{detail.data.sku}</dd>
              <dt>ASIN</dt>
              <dd>{detail.data.asin ?? '–'}</dd>
              <dt>FNSKU</dt>
              <dd>{detail.data.fnsku ?? '–'}</dd>
              <dt>{t('listings.status')}</dt>
              <dd>
                <ListingStatus row={detail.data} />
              </dd>
              <dt>{t('listings.price')}</dt>
              <dd>{detail.data.price === null ? '–' : money(detail.data.price, detail.data.currency ?? 'USD')}</dd>
              <dt>{t('listings.channel')}</dt>
              <dd>
                {t(`listings.channels.${detail.data.channel}`)}
                {detail.data.quantity !== null && ` · ${formatNumber(i18n.language, detail.data.quantity)}`}
              </dd>
              <dt>{t('listings.product')}</dt>
              <dd data-testid="listing-product">
                <ProductOrImport
                  api={api}
                  row={detail.data}
                  onImported={async () => {
                    await detail.refetch();
                    onImported();
                  }}
                />
              </dd>
            </dl>
            <ListingIssues issues={detail.data.issues} title={t('listings.issues')} />
            <h3>{t('listings.catalog')}</h3>
            {detail.data.catalog ? (
              <dl>
                <dt>{t('listings.brand')}</dt>
                <dd>{detail.data.catalog.brand ?? '–'}</dd>
                <dt>UPC</dt>
                <dd>{detail.data.catalog.upc ?? '–'}</dd>
                <dt>{t('listings.package')}</dt>
                <dd>
                  {[
                    detail.data.catalog.package.lengthIn,
                    detail.data.catalog.package.widthIn,
                    detail.data.catalog.package.heightIn,
                  ]
                    .map((v) => num(v, 'in'))
                    .join(' × ')}
                  {' · '}
                  {num(detail.data.catalog.package.weightLb, 'lb')}
                </dd>
                <dt>{t('listings.rank')}</dt>
                <dd>
                  {detail.data.catalog.rank
                    ? `#${formatNumber(i18n.language, detail.data.catalog.rank.rank)} ${detail.data.catalog.rank.title}`
                    : '–'}
                </dd>
              </dl>
            ) : (
              <p className="muted">{t('listings.noCatalog')}</p>
            )}
            <h3>{t('listings.fees')}</h3>
            {detail.data.fees ? (
              <table data-testid="listing-fees">
                <tbody>
                  {detail.data.fees.lines
                    .filter((l) => l.amount !== 0)
                    .map((l) => (
                      <tr key={l.type}>
                        <td>{t(`listings.feeTypes.${l.type}`, l.type)}</td>
                        <td>{money(l.amount, detail.data.fees!.currency)}</td>
                      </tr>
                    ))}
                  <tr>
                    <th>{t('listings.feesTotal')}</th>
                    <th>{money(detail.data.fees.total, detail.data.fees.currency)}</th>
                  </tr>
                  <tr>
                    <th>{t('listings.net')}</th>
                    <th data-testid="listing-net">{money(detail.data.fees.net, detail.data.fees.currency)}</th>
                  </tr>
                </tbody>
              </table>
            ) : (
              <p className="muted">{detail.data.feesError ?? t('listings.noFees')}</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
