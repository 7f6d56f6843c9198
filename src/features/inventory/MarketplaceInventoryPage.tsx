/**
 * Inventory by type (/apps/inventory/amazon/:inventoryType, /apps/inventory/:inventoryType):
 * a client's stock as Amazon (FBA, FBM), Walmart (WFS) or eBay reports it, beside the units held
 * here for the same product — what to send next. The figures come from the marketplace's own
 * inventory report, imported here (a report replaces that client's lines of its marketplace).
 */
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVENTORY_TYPES,
  inventoryTypePath,
  MARKETPLACE_OF_TYPE,
  MARKETPLACE_STOCK_FILTERS,
  type InventoryType,
  marketplaceImportResultSchema,
  marketplacePageSchema,
  type MarketplaceLine,
  type MarketplaceTotals,
} from '../../../domain/schemas/marketplace-inventory';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { useFeedback } from '../../ui/feedback-store';
import { ClientChoice, ClientFilter } from './ClientChoice';
import { formatDate, formatDateTime, formatNumber } from '../../../domain/format';
import { DateTimeField } from '../../ui/DateField';

const GRID = 'marketplace-inventory';
/** FBM and eBay stock is the seller's own: those reports carry one quantity. */
const ONE_QUANTITY: readonly InventoryType[] = ['fbm', 'ebay'];

export const isInventoryType = (v: string | undefined): v is InventoryType =>
  (INVENTORY_TYPES as readonly string[]).includes(v ?? '');

export function MarketplaceInventory({ type }: { type: InventoryType }) {
  const { t, i18n } = useTranslation();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const [companyId, setCompanyId] = useState('');
  const [stock, setStock] = useState<(typeof MARKETPLACE_STOCK_FILTERS)[number]>('all');
  const [summary, setSummary] = useState<{ totals: MarketplaceTotals; reportedAt: string | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const n = (v: number) => formatNumber(i18n.language, v);
  const when = (iso: string) => formatDateTime(i18n.language, iso);
  const day = (iso: string) => formatDate(i18n.language, iso);
  const marketplace = MARKETPLACE_OF_TYPE[type];
  const one = ONE_QUANTITY.includes(type);

  const qty = (key: keyof MarketplaceTotals, header: string): ColumnDef<MarketplaceLine, unknown> => ({
    accessorKey: key,
    header,
    enableSorting: false,
    cell: ({ getValue }) => n(Number(getValue())),
  });
  const columns: ColumnDef<MarketplaceLine, unknown>[] = [
    {
      accessorKey: 'sku',
      header: t('marketplace.sku'),
      enableSorting: false,
      cell: ({ getValue }) => <strong>{String(getValue())}</strong>,
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
      cell: ({ row: { original: l } }) => [l.asin, l.fnsku, l.itemId, l.gtin].filter(Boolean).join(' · ') || '–',
    },
    ...(warehouse
      ? [
          {
            id: 'client',
            header: t('po.client'),
            enableSorting: false,
            cell: ({ row: { original: l } }) => `${l.accountNo ?? ''} ${l.companyName}`.trim(),
          } satisfies ColumnDef<MarketplaceLine, unknown>,
        ]
      : []),
    qty('fulfillable', one ? t('marketplace.available') : t('marketplace.fulfillable')),
    ...(one
      ? []
      : [
          qty('inbound', t('marketplace.inbound')),
          qty('reserved', t('marketplace.reserved')),
          qty('unsellable', t('marketplace.unsellable')),
        ]),
    // Reports of different clients are of different days: each line says how fresh it is.
    {
      accessorKey: 'reportedAt',
      header: t('marketplace.reported'),
      enableSorting: false,
      cell: ({ getValue }) => day(String(getValue())),
    },
    {
      accessorKey: 'heldHere',
      header: t('marketplace.heldHere'),
      enableSorting: false,
      // Units can be held under the line's FNSKU or SKU (from a purchase order) before the client
      // lists the product: the count shows either way, the mark says the catalogue lacks it.
      cell: ({ row: { original: l } }) => (
        <>
          <strong>{n(l.heldHere)}</strong>
          {l.productId === null && (
            <>
              {' '}
              <span className="pill muted" title={t('marketplace.notInCatalogueHelp')}>
                {t('marketplace.notInCatalogue')}
              </span>
            </>
          )}
        </>
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t(`marketplace.titles.${type}`)}</h1>
        <div className="button-row">
          <button type="button" className="btn" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
            {t('marketplace.importReport')}
          </button>
        </div>
      </div>
      <nav className="tabs" aria-label={t('marketplace.types')}>
        {INVENTORY_TYPES.map((it) => (
          <Link
            key={it}
            to={inventoryTypePath(it)}
            className={`tab ${it === type ? 'active' : ''}`}
            aria-current={it === type ? 'page' : undefined}
          >
            {t(`marketplace.tabs.${it}`)}
          </Link>
        ))}
      </nav>
      {importing && <ImportCard type={type} warehouse={warehouse} onDone={() => setImporting(false)} />}
      <p className="muted" data-testid="marketplace-summary">
        {summary === null
          ? t('app.loading')
          : summary.reportedAt
            ? t(one ? 'marketplace.summaryOne' : 'marketplace.summary', {
                at: when(summary.reportedAt),
                fulfillable: n(summary.totals.fulfillable),
                inbound: n(summary.totals.inbound),
                reserved: n(summary.totals.reserved),
                unsellable: n(summary.totals.unsellable),
                heldHere: n(summary.totals.heldHere),
              })
            : t('marketplace.noReport', { marketplace: t(`marketplace.marketplaces.${marketplace}`) })}
      </p>
      <div className="button-row">
        {warehouse && <ClientFilter value={companyId} onChange={setCompanyId} />}
        <label className="field">
          <span>{t('marketplace.stock')}</span>
          <select name="stock" value={stock} onChange={(e) => setStock(e.target.value as typeof stock)}>
            {MARKETPLACE_STOCK_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`marketplace.stockFilters.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataGrid<MarketplaceLine>
        id={`${GRID}-${type}`}
        columns={columns}
        filters={{ type, companyId, stock }}
        fetchPage={async (q) => {
          // A filter change starts again at page 1, which brings the totals; later pages leave them out.
          const withTotals = q.pageNumber === 1;
          const page = await getAs('/api/inventory/marketplace', marketplacePageSchema, {
            query: {
              type,
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              stock,
              companyId: companyId || undefined,
              withTotals,
            },
            background: true,
          });
          const totals = page.totals;
          if (totals) setSummary({ totals, reportedAt: page.reportedAt });
          return page;
        }}
      />
    </div>
  );
}

/** Import the marketplace's report: the client (warehouse users), the file, when it was made. */
function ImportCard({ type, warehouse, onDone }: { type: InventoryType; warehouse: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const marketplace = MARKETPLACE_OF_TYPE[type];
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reportedAt, setReportedAt] = useState('');
  const [errors, setErrors] = useState<{ company?: string; file?: string; report?: string[] }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = {
      company: warehouse && !companyId ? t('po.clientRequired') : undefined,
      file: file ? undefined : t('marketplace.fileRequired'),
    };
    setErrors(found);
    if (found.company || found.file || !file) return;
    const form = new FormData();
    form.set('file', file);
    setBusy(true);
    try {
      const r = await postAs('/api/inventory/marketplace/report', form, marketplaceImportResultSchema, {
        query: {
          marketplace,
          companyId: companyId ?? undefined,
          reportedAt: reportedAt ? new Date(reportedAt).toISOString() : undefined,
        },
        quiet: true,
        inlineRefusal: true,
      });
      const lines = Object.values(r.lines).reduce((a, b) => a + (b ?? 0), 0);
      toast('success', t('marketplace.imported', { lines, file: file.name, matched: r.matched }));
      await qc.invalidateQueries({ queryKey: [`${GRID}-${type}`] });
      onDone();
    } catch (err) {
      setErrors({ report: err instanceof ApiFailure ? err.messages : [String(err)] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate data-testid="marketplace-import">
      <h2>{t('marketplace.importTitle', { marketplace: t(`marketplace.marketplaces.${marketplace}`) })}</h2>
      <p className="muted">{t(`marketplace.howTo.${marketplace}`)}</p>
      <div className="form-grid">
        {warehouse && <ClientChoice value={companyId} onChange={setCompanyId} error={errors.company} />}
        <label>
          {t('marketplace.file')}
          <input
            type="file"
            name="report"
            accept=".txt,.tsv,.csv,text/plain,text/csv,text/tab-separated-values"
            aria-invalid={!!errors.file}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {errors.file && <span className="form-error">{errors.file}</span>}
        </label>
        <label>
          {t('marketplace.reportedAt')}
          <DateTimeField name="reportedAt" value={reportedAt} onChange={setReportedAt} />
        </label>
      </div>
      {errors.report && (
        <section role="alert" data-testid="marketplace-import-report">
          <p className="form-error">{t('marketplace.nothingImported')}</p>
          <ul>
            {errors.report.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={busy}>
          {t('marketplace.import')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('po.cancel')}
        </button>
      </div>
    </form>
  );
}
