/**
 * The orders desk (issue 20): Amazon FBM orders (/apps/outbound/fbm-shipments) or merchant
 * fulfilment across Walmart seller-fulfilled, eBay and Shopify (/apps/outbound/mfn-shipments/
 * :accountNo?/:workflow?/:batchId?/:channel?). Status tabs with their counts, filters by client,
 * store and channel, the grid's search, "Refresh from store" (the store's pull job, followed to its
 * end), and an order's panel with its lines and their products. The warehouse ticks orders on the
 * list to cancel or reopen all of their shipments at once (BulkUndo: a confirm, then one result per
 * order).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../domain/rules/money';
import {
  DESK_CHANNELS,
  orderPageSchema,
  orderStatusCountsSchema,
  orderStoreListSchema,
  type OrderDesk,
  type OrderRow as Row,
} from '../../../domain/schemas/fbm-orders';
import { jobSchema, jobStartedSchema } from '../../../domain/schemas/jobs';
import {
  FBM_ORDER_STATUSES,
  MARKED_ORDER_PROGRAMS,
  type FbmOrderStatus,
  type MarkedOrderProgram,
} from '../../../domain/schemas/orders';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { useFeedback } from '../../ui/feedback-store';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { BulkUndo } from './BulkUndo';
import { OrderDetailPanel } from './OrderDetailPanel';
import { ProgramBadges } from './ProgramBadges';
import { StatusBadge } from './StatusBadge';
import { formatDate } from '../../../domain/format';

export const ORDERS_GRID = 'fbm-orders';
const API = '/api/fbm/web/view/orders';

export function OrdersDesk({
  desk,
  accountNo,
  channel,
}: {
  desk: OrderDesk;
  /** The MFN route's :accountNo (a client by its account number). */
  accountNo?: string;
  /** The MFN route's :channel. */
  channel?: string;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const clients = useClientOptions();
  const channels = DESK_CHANNELS[desk];
  const [status, setStatus] = useState<FbmOrderStatus | ''>('');
  const [companyId, setCompanyId] = useState('');
  const [storeId, setStoreId] = useState('');
  const [program, setProgram] = useState<MarkedOrderProgram | ''>('');
  const [salesChannel, setSalesChannel] = useState(
    channel && (channels as readonly string[]).includes(channel) ? channel : '',
  );
  const [open, setOpen] = useState<number | null>(null);
  const [pulling, setPulling] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  /** Orders ticked for a bulk cancel / reopen, with the name they show on the list. */
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const tick = (r: Row, on: boolean) =>
    setPicked((m) => {
      const next = new Map(m);
      if (on) next.set(r.id, r.displayId ?? r.marketplaceOrderId);
      else next.delete(r.id);
      return next;
    });

  const filters = {
    desk,
    companyId: companyId || undefined,
    accountNo: accountNo && accountNo !== 'all' ? accountNo : undefined,
    storeId: storeId || undefined,
    salesChannel: salesChannel || undefined,
    program: program || undefined,
  };
  const counts = useQuery({
    queryKey: [ORDERS_GRID, 'counts', filters],
    queryFn: () => getAs(`${API}/counts`, orderStatusCountsSchema, { query: filters, background: true }),
  });
  const stores = useQuery({
    queryKey: [ORDERS_GRID, 'stores'],
    queryFn: () => getAs(`${API}/stores`, orderStoreListSchema, { background: true }),
    staleTime: 60_000,
  });
  const storeOptions = (stores.data ?? []).filter((s) => !companyId || String(s.companyId) === companyId);
  const chosenStore = (stores.data ?? []).find((s) => String(s.id) === storeId);
  const grid = `${ORDERS_GRID}-${desk}`;
  const refreshAll = () => {
    void qc.invalidateQueries({ queryKey: [ORDERS_GRID] });
    void qc.invalidateQueries({ queryKey: [grid] });
  };

  /** The store's pull is a background job: follow it to its end, then show what it brought. */
  const refresh = async () => {
    if (!chosenStore) return;
    setOutcome(null);
    setPulling(t('fbmOrders.refreshing', { store: chosenStore.name }));
    try {
      const started = await postAs('/api/fbm/web/refresh/orders', { storeId: chosenStore.id }, jobStartedSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      if (!started.jobId) {
        setOutcome({ kind: 'ok', text: t('fbmOrders.refreshWaiting') });
        return;
      }
      let note: string | null = null;
      for (;;) {
        await new Promise((r) => setTimeout(r, 700));
        const job = await getAs(`/api/jobs/batch-process/${started.jobId}`, jobSchema, { background: true });
        if (job.progress.note) {
          note = job.progress.note;
          setPulling(note);
        }
        if (job.state === 'completed') {
          setOutcome({ kind: 'ok', text: note ? t('fbmOrders.refreshedNote', { note }) : t('fbmOrders.refreshed') });
          break;
        }
        if (job.state === 'failed' || job.state === 'cancelled') {
          setOutcome({ kind: 'error', text: job.error ?? t('fbmOrders.refreshFailed') });
          break;
        }
      }
      refreshAll();
    } catch (err) {
      const text = err instanceof ApiFailure ? err.message : String(err);
      setOutcome({ kind: 'error', text });
      toast('error', text);
    } finally {
      setPulling(null);
    }
  };

  const money = (r: Row) => (r.total === null ? '–' : formatCents(r.total, i18n.language, r.currency ?? 'USD'));
  const date = (iso: string | null) => (iso ? formatDate(i18n.language, iso) : '–');
  const columns: ColumnDef<Row, unknown>[] = [
    ...(warehouse
      ? [
          {
            id: 'pick',
            header: () => <span className="sr-only">{t('fbmOrders.bulkUndo.select')}</span>,
            enableSorting: false,
            cell: ({ row: { original: r } }) => (
              <input
                type="checkbox"
                aria-label={t('fbmOrders.bulkUndo.selectOrder', { id: r.displayId ?? r.marketplaceOrderId })}
                data-testid={`pick-${r.id}`}
                checked={picked.has(r.id)}
                onChange={(e) => tick(r, e.target.checked)}
              />
            ),
          } as ColumnDef<Row, unknown>,
        ]
      : []),
    {
      accessorKey: 'marketplaceOrderId',
      header: t('fbmOrders.order'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <>
          <button type="button" className="btn link" onClick={() => setOpen(r.id)} data-testid={`order-${r.id}`}>
            {r.displayId ? `${r.displayId} · ${r.marketplaceOrderId}` : r.marketplaceOrderId}
          </button>
          <ProgramBadges programs={r.programs} />
        </>
      ),
    },
    {
      accessorKey: 'status',
      header: t('fbmOrders.status'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => <StatusBadge status={r.status} />,
    },
    {
      accessorKey: 'purchasedAt',
      header: t('fbmOrders.purchased'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => date(r.purchasedAt),
    },
    {
      accessorKey: 'shipBy',
      header: t('fbmOrders.shipBy'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => date(r.shipBy),
    },
    ...(warehouse
      ? [
          {
            id: 'client',
            header: t('fbmOrders.client'),
            enableSorting: false,
            cell: ({ row: { original: r } }) => `${r.accountNo} ${r.companyName}`,
          } as ColumnDef<Row, unknown>,
        ]
      : []),
    { accessorKey: 'storeName', header: t('fbmOrders.store'), enableSorting: false },
    {
      accessorKey: 'salesChannel',
      header: t('fbmOrders.channel'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => t(`fbmOrders.channels.${r.salesChannel}`),
    },
    {
      accessorKey: 'buyerName',
      header: t('fbmOrders.buyer'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => r.buyerName ?? '–',
    },
    {
      id: 'items',
      header: t('fbmOrders.items'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <>
          {t('fbmOrders.itemsCount', { lines: r.lines, units: r.units })}
          {r.unmatchedLines > 0 && (
            <>
              {' '}
              <span className="badge" style={{ background: 'var(--warn, #c80)' }} data-testid="unmatched-count">
                {t('fbmOrders.unmatchedCount', { count: r.unmatchedLines })}
              </span>
            </>
          )}
        </>
      ),
    },
    { id: 'total', header: t('fbmOrders.total'), enableSorting: false, cell: ({ row: { original: r } }) => money(r) },
  ];

  const c = counts.data;
  const tab = (value: FbmOrderStatus | '', label: string, n: number | undefined) => (
    <button
      key={value || 'all'}
      type="button"
      className={`tab ${status === value ? 'active' : ''}`}
      aria-pressed={status === value}
      data-status={value || 'ALL'}
      onClick={() => setStatus(value)}
    >
      {label} <span className="muted">({n ?? '…'})</span>
    </button>
  );

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t(`fbmOrders.title.${desk}`)}</h1>
        <div className="button-row">
          <button
            type="button"
            className="btn primary"
            disabled={!chosenStore || pulling !== null}
            title={chosenStore ? undefined : t('fbmOrders.refreshPickStore')}
            onClick={() => void refresh()}
            data-testid="refresh-orders"
          >
            {pulling !== null ? t('fbmOrders.refreshingShort') : t('fbmOrders.refresh')}
          </button>
          <Link to="/apps/outbound/fbm-force/orders-file-upload" className="btn">
            {t('fbmOrders.uploadOrders')}
          </Link>
        </div>
      </div>
      {pulling !== null && (
        <p className="card" role="status" data-testid="refresh-progress">
          <progress /> {pulling}
        </p>
      )}
      {outcome && (
        <p
          className={`card ${outcome.kind === 'error' ? 'form-error' : ''}`}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          data-testid="refresh-outcome"
        >
          {outcome.text}
        </p>
      )}
      {c && c.total === 0 && !filters.companyId && !filters.storeId && !filters.salesChannel && !filters.program && (
        <div className="card" data-testid="orders-empty">
          <p>{t(`fbmOrders.empty.${desk}`)}</p>
          <p className="muted">{t('fbmOrders.emptyHelp')}</p>
        </div>
      )}
      {counts.isError && (
        <p className="card form-error" role="alert">
          {t('fbmOrders.loadError')}{' '}
          <button type="button" className="btn small" onClick={() => void counts.refetch()}>
            {t('grid.retry')}
          </button>
        </p>
      )}
      <nav className="tabs" aria-label={t('fbmOrders.status')}>
        {tab('', t('fbmOrders.all'), c?.total)}
        {FBM_ORDER_STATUSES.map((s) => tab(s, t(`fbmOrders.statuses.${s}`), c?.[s]))}
      </nav>
      {warehouse && (
        <BulkUndo
          picked={picked}
          onClear={() => setPicked(new Map())}
          onDone={() => {
            refreshAll();
            if (open !== null) void qc.invalidateQueries({ queryKey: ['fbm-order-shipments', open] });
          }}
        />
      )}
      {open !== null && <OrderDetailPanel key={open} id={open} onClose={() => setOpen(null)} onChanged={refreshAll} />}
      <DataGrid<Row>
        id={grid}
        columns={columns}
        filters={{ ...filters, status }}
        onRowOpen={(r) => setOpen(r.id)}
        fetchPage={(q) =>
          getAs(API, orderPageSchema, {
            query: { ...filters, status: status || undefined, q: q.q, pageNumber: q.pageNumber, pageSize: q.pageSize },
            background: true,
          })
        }
        toolbar={
          <>
            {warehouse && (
              <select
                aria-label={t('fbmOrders.client')}
                name="companyId"
                value={companyId}
                onChange={(e) => {
                  setCompanyId(e.target.value);
                  setStoreId('');
                }}
              >
                <option value="">{t('fbmOrders.anyClient')}</option>
                {(clients.data ?? []).map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.accountNo ? `${o.accountNo} · ${o.name}` : o.name}
                  </option>
                ))}
              </select>
            )}
            <select
              aria-label={t('fbmOrders.store')}
              name="storeId"
              value={storeId}
              onChange={(e) => setStoreId(e.target.value)}
            >
              <option value="">{t('fbmOrders.anyStore')}</option>
              {storeOptions.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {warehouse ? `${s.name} (${s.companyName})` : s.name}
                </option>
              ))}
            </select>
            {channels.length > 1 && (
              <select
                aria-label={t('fbmOrders.channel')}
                name="salesChannel"
                value={salesChannel}
                onChange={(e) => setSalesChannel(e.target.value)}
              >
                <option value="">{t('fbmOrders.anyChannel')}</option>
                {channels.map((ch) => (
                  <option key={ch} value={ch}>
                    {t(`fbmOrders.channels.${ch}`)}
                  </option>
                ))}
              </select>
            )}
            {desk === 'fbm' && (
              // Amazon's programs: only the Amazon desk's orders carry them.
              <select
                aria-label={t('fbmOrders.program')}
                name="program"
                value={program}
                onChange={(e) => setProgram(e.target.value as MarkedOrderProgram | '')}
              >
                <option value="">{t('fbmOrders.anyProgram')}</option>
                {MARKED_ORDER_PROGRAMS.map((p) => (
                  <option key={p} value={p}>
                    {t(`fbmOrders.programs.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </>
        }
      />
    </div>
  );
}
