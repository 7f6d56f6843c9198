/**
 * Listing info (/apps/outbound/listing-info/:storeId?/:msku?) and WFS listing info
 * (/apps/outbound/wfs-listing-info/:storeId?/:msku?): a client's marketplace listings as last
 * pulled, searched and filtered, each marked with the client's product it is (or "not in
 * catalogue"); one listing in detail, live from the marketplace; importing listings into the
 * catalogue; listing a product (on Walmart by an item feed the form follows). The pull runs as a
 * background job and its progress shows here. `screens.ts` says what differs between the two.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { jobSchema, jobStartedSchema } from '../../../domain/schemas/jobs';
import {
  LISTING_FILTERS,
  listingImportResultSchema,
  listingPageSchema,
  type ListingRow,
} from '../../../domain/schemas/listings';
import { storeRowSchema, type StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { DataGrid } from '../../ui/DataGrid';
import { useFeedback } from '../../ui/feedback-store';
import { CreateListingForm } from './CreateListingForm';
import { ListingDetailPanel } from './ListingDetailPanel';
import { ListingStatus } from './ListingStatus';
import type { ListingScreen } from './screens';
import { WalmartItemPanel } from './WalmartItemPanel';
import { WalmartItemForm } from './WalmartItemForm';
import { formatDateTime, formatNumber, formatPrice } from '../../../domain/format';

const failure = (err: unknown) => (err instanceof ApiFailure ? err.message : String(err));

export function ListingsScreen({ screen }: { screen: ListingScreen }) {
  const { t } = useTranslation();
  const w = screen.words;
  const navigate = useNavigate();
  const { storeId, msku } = useParams({ strict: false }) as { storeId?: string; msku?: string };
  const stores = useQuery({
    queryKey: ['stores'],
    queryFn: () => getAs('/api/common/stores', z.array(storeRowSchema)),
  });
  const mine = (stores.data ?? []).filter(screen.stores);
  const store = mine.find((s) => String(s.id) === storeId);

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t(`${w}.title`)}</h1>
      </div>
      <p className="muted">{t(`${w}.intro`)}</p>
      {stores.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : stores.isError ? (
        <p className="form-error" role="alert">
          {failure(stores.error)}
        </p>
      ) : mine.length === 0 ? (
        <p className="grid-state" data-testid="listings-no-store">
          {t(`${w}.noStores`)} <Link to="/apps/account/merchant-connect">{t('nav.MerchantConnect')}</Link>
        </p>
      ) : (
        <>
          <label className="field">
            <span>{t('listings.store')}</span>
            <select
              name="store"
              value={store ? String(store.id) : ''}
              onChange={(e) => void navigate({ to: `${screen.route}/${encodeURIComponent(e.target.value)}` })}
            >
              <option value="">{t(`${w}.chooseStore`)}</option>
              {mine.map((s) => (
                <option key={s.id} value={s.id}>
                  {`${s.name} · ${s.accountNo} ${s.companyName}`}
                </option>
              ))}
            </select>
          </label>
          {storeId && !store && <p className="form-error">{t('errors.notFound')}</p>}
          {store && <StoreListings key={store.id} screen={screen} store={store} msku={msku} />}
        </>
      )}
    </div>
  );
}

function StoreListings({ screen, store, msku }: { screen: ListingScreen; store: StoreRow; msku?: string }) {
  const { t, i18n } = useTranslation();
  const w = screen.words;
  const api = screen.api(store.id);
  const listingPath = (sku: string) => `${screen.route}/${store.id}/${encodeURIComponent(sku)}`;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [filter, setFilter] = useState<(typeof LISTING_FILTERS)[number]>('all');
  const [pulling, setPulling] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const connected = store.connection === 'connected';
  const grid = `${screen.marketplace}-listings-${store.id}`;
  const money = (v: number | null, currency: string | null) => formatPrice(i18n.language, v, currency);
  const when = (iso: string) => formatDateTime(i18n.language, iso);
  const refresh = () => qc.invalidateQueries({ queryKey: [grid] });
  const close = () => void navigate({ to: `${screen.route}/${store.id}` });
  const created = () => {
    setCreating(false);
    void refresh();
  };
  // When the list was read from Amazon: its own small query (the grid's pages may come from cache).
  const pulled = useQuery({
    queryKey: [grid, 'pulled-at'],
    queryFn: async () =>
      (
        await getAs(api, listingPageSchema, {
          query: { pageNumber: 1, pageSize: 1 },
          background: true,
        })
      ).pulledAt,
  });

  const pull = async () => {
    setBusy(true);
    try {
      const started = await postAs(`${api}/pull`, undefined, jobStartedSchema, { quiet: true });
      if (!started.jobId) {
        toast('info', t('listings.pullWaiting'));
        return;
      }
      setPulling(t(`${w}.pulling`));
      // The pull is a background job: follow it until it is done, then show what it brought.
      for (;;) {
        await new Promise((r) => setTimeout(r, 700));
        const job = await getAs(`/api/jobs/batch-process/${started.jobId}`, jobSchema, { background: true });
        if (job.progress.note) setPulling(job.progress.note);
        if (job.state === 'completed') {
          toast('success', t(`${w}.pulled`));
          break;
        }
        if (job.state === 'failed' || job.state === 'cancelled') {
          toast('error', job.error ?? t(`${w}.pullFailed`));
          break;
        }
      }
      await refresh();
    } catch (err) {
      toast('error', failure(err));
    } finally {
      setPulling(null);
      setBusy(false);
    }
  };

  const importUnlinked = async () => {
    setBusy(true);
    try {
      const unlinked = await getAs(api, listingPageSchema, {
        query: { filter: 'unlinked', pageNumber: 1, pageSize: 200 },
      });
      if (!unlinked.content.length) {
        toast('info', t('listings.nothingToImport'));
        return;
      }
      const r = await postAs(`${api}/import`, { skus: unlinked.content.map((l) => l.sku) }, listingImportResultSchema, {
        quiet: true,
      });
      toast(
        r.skipped.length ? 'warning' : 'success',
        t('listings.imported', { created: r.created.length, skipped: r.skipped.length }),
      );
      await refresh();
    } catch (err) {
      toast('error', failure(err));
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnDef<ListingRow, unknown>[] = [
    {
      id: 'image',
      header: '',
      enableSorting: false,
      cell: ({ row: { original: l } }) =>
        l.imageUrl ? <img src={l.imageUrl} alt="" width={40} height={40} loading="lazy" /> : null,
    },
    {
      accessorKey: 'sku',
      header: t('listings.sku'),
      enableSorting: false,
      // A link as well as the grid's double-click: a tap on a handheld opens the listing too.
      cell: ({ row: { original: l } }) => (
        <Link to={listingPath(l.sku)} data-testid="listing-open">
          <strong>{l.sku}</strong>
        </Link>
      ),
    },
    {
      accessorKey: 'title',
      header: t('po.fields.title'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      id: 'codes',
      header: t('po.codes'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => screen.codes(l) || '–',
    },
    {
      id: 'status',
      header: t('listings.status'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => <ListingStatus row={l} marketplace={screen.marketplace} />,
    },
    {
      id: 'price',
      header: t('listings.price'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => money(l.price, l.currency),
    },
    {
      id: 'channel',
      header: t('listings.channel'),
      enableSorting: false,
      cell: ({ row: { original: l } }) =>
        `${t(`listings.channels.${l.channel}`)}${l.quantity === null ? '' : ` · ${formatNumber(i18n.language, l.quantity)}`}`,
    },
    {
      id: 'product',
      header: t('listings.product'),
      enableSorting: false,
      cell: ({ row: { original: l } }) =>
        l.product ? (
          <span title={t(`listings.matchedBy.${l.product.matchedBy}`)}>{l.product.title}</span>
        ) : (
          <span className="pill muted">{t('marketplace.notInCatalogue')}</span>
        ),
    },
  ];

  return (
    <>
      <div className="button-row">
        <button type="button" className="btn" disabled={busy || !connected} onClick={() => void pull()}>
          {t(`${w}.pull`)}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void importUnlinked()}>
          {t('listings.importUnlinked')}
        </button>
        {screen.canCreate && (
          <button type="button" className="btn" aria-expanded={creating} onClick={() => setCreating((v) => !v)}>
            {t(`${w}.create`)}
          </button>
        )}
        <label className="field">
          <span>{t('listings.filter')}</span>
          <select name="filter" value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)}>
            {LISTING_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`listings.filters.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!connected && (
        <p className="notice" role="status">
          {t(`${w}.notConnected`)} <Link to="/apps/account/merchant-connect">{t('nav.MerchantConnect')}</Link>
        </p>
      )}
      {pulling && (
        <p className="notice" role="status" data-testid="listings-pulling">
          {pulling}
        </p>
      )}
      <p className="muted" data-testid="listings-pulled-at">
        {pulled.data === undefined
          ? t('app.loading')
          : pulled.data
            ? t(`${w}.pulledAt`, { at: when(pulled.data) })
            : t(`${w}.neverPulled`)}
      </p>
      {creating &&
        (screen.marketplace === 'amazon' ? (
          <CreateListingForm store={store} onDone={created} />
        ) : (
          <WalmartItemForm store={store} onDone={created} />
        ))}
      {msku &&
        (screen.marketplace === 'amazon' ? (
          <ListingDetailPanel store={store} sku={msku} onClose={close} onImported={() => void refresh()} />
        ) : (
          <WalmartItemPanel store={store} sku={msku} onClose={close} onImported={() => void refresh()} />
        ))}
      <DataGrid<ListingRow>
        id={grid}
        columns={columns}
        filters={{ filter }}
        onRowOpen={(l) => void navigate({ to: listingPath(l.sku) })}
        fetchPage={async (q) => {
          return getAs(api, listingPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, filter },
            background: true,
          });
        }}
      />
    </>
  );
}
