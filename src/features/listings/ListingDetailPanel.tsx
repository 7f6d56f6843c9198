/**
 * One Amazon listing, read live: its state and the issues Amazon raised (what to fix, by
 * attribute), Amazon's catalogue record (brand, UPC, package size, sales rank), Amazon's fees at the
 * listing's price and what the seller keeps, and the client's product it is — or a button that
 * imports it into the catalogue.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listingDetailSchema, listingImportResultSchema } from '../../../domain/schemas/listings';
import type { StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { ListingStatus } from './ListingStatus';

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
  const toast = useFeedback((s) => s.toast);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: ['listing', store.id, sku],
    queryFn: () =>
      getAs(`/api/external/amazon/stores/${store.id}/listings/${encodeURIComponent(sku)}`, listingDetailSchema, {
        quiet: true,
      }),
    retry: false,
  });
  const money = (v: number, currency = 'USD') =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(v);
  const num = (v: number | null, unit: string) =>
    v === null ? '–' : `${v.toLocaleString(i18n.language, { maximumFractionDigits: 2 })} ${unit}`;

  const importIt = async () => {
    setBusy(true);
    try {
      const r = await postAs(
        `/api/external/amazon/stores/${store.id}/listings/import`,
        { skus: [sku] },
        listingImportResultSchema,
        {
          quiet: true,
        },
      );
      if (r.created.length) toast('success', t('listings.imported', { created: 1, skipped: 0 }));
      else toast('warning', r.skipped[0]?.reason ?? t('listings.nothingToImport'));
      await detail.refetch();
      onImported();
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

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
                {detail.data.quantity !== null && ` · ${detail.data.quantity.toLocaleString(i18n.language)}`}
              </dd>
              <dt>{t('listings.product')}</dt>
              <dd data-testid="listing-product">
                {detail.data.product ? (
                  <>
                    <Link to="/apps/product/products">{detail.data.product.title}</Link>{' '}
                    <span className="muted">({t(`listings.matchedBy.${detail.data.product.matchedBy}`)})</span>
                  </>
                ) : (
                  <button type="button" className="btn" disabled={busy} onClick={() => void importIt()}>
                    {t('listings.importOne')}
                  </button>
                )}
              </dd>
            </dl>
            {detail.data.issues.length > 0 && (
              <>
                <h3>{t('listings.issues')}</h3>
                <ul data-testid="listing-issues">
                  {detail.data.issues.map((i, n) => (
                    <li key={n}>
                      <span className={`pill ${i.severity === 'ERROR' ? 'danger' : 'warn'}`}>
                        {t(`listings.severity.${i.severity}`)}
                      </span>{' '}
                      {i.message}
                      {i.attribute && <span className="muted"> ({i.attribute})</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
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
                    ? `#${detail.data.catalog.rank.rank.toLocaleString(i18n.language)} ${detail.data.catalog.rank.title}`
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
