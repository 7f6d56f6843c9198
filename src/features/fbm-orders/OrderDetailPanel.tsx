/**
 * One order: where it came from, its buyer's address and its lines, each with the client's product
 * it was matched to — or "Unmatched", with one click to make the product from the line, link it to
 * an existing product by one of its codes, or open the catalog with the SKU to look for.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../domain/rules/money';
import { IN_STORE_PICKUP } from '../../../domain/schemas/orders';
import {
  lineLinkResultSchema,
  orderDetailSchema,
  type LineLinkInput,
  type OrderLineView,
} from '../../../domain/schemas/fbm-orders';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { PackPanel } from '../fbm-pack/PackPanel';
import { ShipPanel } from '../fbm-ship/ShipPanel';
import { reserveResultSchema, type ReserveResult } from '../../../domain/schemas/fbm-pick';
import { ReserveOutcome } from '../fbm-pick/ReservePanel';
import { ProgramBadges } from './ProgramBadges';
import { CustomsPanel } from '../customs/CustomsPanel';
import { StatusBadge } from './StatusBadge';
import { formatDateTime } from '../../../domain/format';

export function OrderDetailPanel({
  id,
  onClose,
  onChanged,
}: {
  id: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const order = useQuery({
    queryKey: ['fbm-order', id],
    queryFn: () => getAs(`/api/fbm/web/view/orders/${id}`, orderDetailSchema, { background: true }),
  });
  const o = order.data;

  if (order.isError)
    return (
      <section className="card" role="alert" data-testid="order-detail">
        <p className="form-error">{t('fbmOrders.detail.loadError')}</p>
        <button type="button" className="btn" onClick={() => void order.refetch()}>
          {t('grid.retry')}
        </button>{' '}
        <button type="button" className="btn" onClick={onClose}>
          {t('fbmOrders.detail.close')}
        </button>
      </section>
    );
  if (!o)
    return (
      <section className="card" aria-busy="true" data-testid="order-detail">
        <p className="muted">{t('app.loading')}</p>
      </section>
    );

  const money = (cents: number | null) =>
    cents === null ? '–' : formatCents(cents, i18n.language, o.currency ?? 'USD');
  const address = o.shipTo
    ? [
        o.shipTo.name,
        o.shipTo.line1,
        o.shipTo.line2,
        [o.shipTo.postalCode, o.shipTo.city, o.shipTo.state].filter(Boolean).join(' '),
        o.shipTo.countryCode,
      ]
        .filter(Boolean)
        .join(', ')
    : '–';
  return (
    <section
      className="card"
      aria-label={t('fbmOrders.detail.title', { id: o.marketplaceOrderId })}
      data-testid="order-detail"
    >
      <div className="page-head">
        <h2>
          {t('fbmOrders.detail.title', { id: o.displayId ?? o.marketplaceOrderId })} <StatusBadge status={o.status} />
          <ProgramBadges programs={o.programs} />
        </h2>
        <button type="button" className="btn" onClick={onClose}>
          {t('fbmOrders.detail.close')}
        </button>
      </div>
      <dl className="facts">
        <dt>{t('fbmOrders.detail.marketplaceOrderId')}</dt>
        <dd>{o.marketplaceOrderId}</dd>
        <dt>{t('fbmOrders.store')}</dt>
        <dd>
          {o.storeName} · {t(`fbmOrders.channels.${o.salesChannel}`)} ({o.fulfillmentNetwork})
        </dd>
        <dt>{t('fbmOrders.client')}</dt>
        <dd>
          {o.accountNo} {o.companyName}
        </dd>
        <dt>{t('fbmOrders.detail.marketplaceStatus')}</dt>
        <dd>{o.marketplaceStatus}</dd>
        <dt>{t('fbmOrders.purchased')}</dt>
        <dd>{formatDateTime(i18n.language, o.purchasedAt)}</dd>
        <dt>{t('fbmOrders.shipBy')}</dt>
        <dd>{o.shipBy ? formatDateTime(i18n.language, o.shipBy) : '–'}</dd>
        <dt>{t('fbmOrders.detail.service')}</dt>
        <dd>{o.shippingService ?? '–'}</dd>
        <dt>{t('fbmOrders.detail.shipTo')}</dt>
        <dd>{address}</dd>
        <dt>{t('fbmOrders.total')}</dt>
        <dd>{money(o.total)}</dd>
      </dl>
      <h3>{t('fbmOrders.detail.lines')}</h3>
      <table className="report" data-testid="order-lines">
        <thead>
          <tr>
            <th>{t('fbmOrders.detail.item')}</th>
            <th>{t('fbmOrders.detail.codes')}</th>
            <th>{t('fbmOrders.detail.ordered')}</th>
            <th>{t('fbmOrders.detail.shipped')}</th>
            <th>{t('fbmOrders.detail.price')}</th>
            <th>{t('fbmOrders.detail.product')}</th>
          </tr>
        </thead>
        <tbody>
          {o.orderLines.map((l) => (
            <tr key={l.id} data-line={l.lineId}>
              <td>{l.title ?? '–'}</td>
              <td className="codes">{[l.sku, l.asin, l.gtin].filter(Boolean).join(' · ')}</td>
              <td>{l.quantityOrdered}</td>
              <td>{l.quantityShipped}</td>
              <td>{money(l.unitPrice)}</td>
              <td>
                {l.product ? (
                  <span data-testid="line-product">
                    {l.product.title}
                    {l.product.msku ? ` (${l.product.msku})` : ''}
                  </span>
                ) : (
                  <UnmatchedLine
                    orderId={o.id}
                    line={l}
                    onLinked={() => {
                      void order.refetch();
                      onChanged();
                    }}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(o.status === 'AWAITING' || o.status === 'PARTIALLY_SHIPPED') && (
        <OrderReserve
          orderId={o.id}
          onReserved={() => {
            void order.refetch();
            onChanged();
          }}
        />
      )}
      <CustomsPanel orderId={o.id} />
      <PackPanel orderId={o.id} />
      <ShipPanel
        orderId={o.id}
        pickup={o.programs.includes(IN_STORE_PICKUP)}
        onChanged={() => {
          void order.refetch();
          onChanged();
        }}
      />
    </section>
  );
}

/** Reserve this order's stock (issue 38): each line held whole, or why not, in words. */
function OrderReserve({ orderId, onReserved }: { orderId: number; onReserved: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<ReserveResult | null>(null);
  const reserve = async () => {
    setBusy(true);
    setError('');
    try {
      setResult(
        await postAs(`/api/fbm/web/order/${orderId}/reserve`, {}, reserveResultSchema, {
          inlineRefusal: true,
          quiet: true,
        }),
      );
      onReserved();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section data-testid="order-reserve" aria-label={t('fbmPick.reserve.orderTitle')}>
      <h3>{t('fbmPick.reserve.orderTitle')}</h3>
      <button
        type="button"
        className="btn"
        data-testid="order-reserve-submit"
        disabled={busy}
        onClick={() => void reserve()}
      >
        {t('fbmPick.reserve.order')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {result && <ReserveOutcome result={result} />}
    </section>
  );
}

function UnmatchedLine({ orderId, line, onLinked }: { orderId: number; line: OrderLineView; onLinked: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const link = async (input: LineLinkInput) => {
    setBusy(true);
    setError('');
    try {
      await postAs(`/api/fbm/web/view/orders/${orderId}/lines/${line.id}/product`, input, lineLinkResultSchema, {
        inlineRefusal: true,
        quiet: true,
      });
      onLinked();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="line-unmatched">
      <span className="badge" style={{ background: 'var(--warn, #c80)' }}>
        {t('fbmOrders.detail.unmatched')}
      </span>{' '}
      <button type="button" className="btn small" disabled={busy} onClick={() => void link({ create: true })}>
        {t('fbmOrders.detail.createProduct')}
      </button>{' '}
      <Link
        to="/apps/product/products"
        search={{ q: line.sku ?? line.asin ?? line.gtin ?? undefined }}
        className="btn small"
        data-testid="open-catalog"
      >
        {t('fbmOrders.detail.openCatalog')}
      </Link>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) void link({ code: code.trim() });
        }}
      >
        <input
          name="linkCode"
          value={code}
          placeholder={t('fbmOrders.detail.linkCodePlaceholder')}
          aria-label={t('fbmOrders.detail.linkCode')}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn small" disabled={busy || !code.trim()}>
          {t('fbmOrders.detail.link')}
        </button>
      </form>
      {error && <span className="form-error">{error}</span>}
    </div>
  );
}
