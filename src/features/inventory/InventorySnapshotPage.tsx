/**
 * Inventory Snapshot (/apps/inventory/inventory-snapshot): on-hand per client, product, location,
 * LPN and condition — now, or as it was at any past moment (the server sums the ledger up to it).
 * A line opens its ledger history; warehouse users adjust stock from here with a reason.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONDITIONS, snapshotPageSchema } from '../../../domain/schemas/inventory';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { ClientFilter } from './ClientChoice';
import { AdjustForm } from './AdjustForm';
import type { SnapshotLine } from './snapshot-columns';
import { LedgerPanel } from './LedgerPanel';
import { snapshotColumns } from './snapshot-columns';
import { formatDateTime, formatNumber } from '../../../domain/format';
import { DateTimeField } from '../../ui/DateField';

const GRID = 'inventory-snapshot';

/** A datetime-local value (local time, no zone) as an ISO instant; '' when empty or invalid. */
const toInstant = (local: string): string => {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
};

export default function InventorySnapshotPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const [filters, setFilters] = useState({
    companyId: '',
    location: '',
    condition: '',
    asOf: '',
    groupBy: 'location' as 'location' | 'product',
  });
  const [totalUnits, setTotalUnits] = useState<number | null>(null);
  const [open, setOpen] = useState<SnapshotLine | null>(null);
  const [adjusting, setAdjusting] = useState<Partial<SnapshotLine> | null>(null);
  const asOf = toInstant(filters.asOf);
  const byProduct = filters.groupBy === 'product';

  const columns = snapshotColumns(t, i18n.language, byProduct);
  if (warehouse && !byProduct && !asOf)
    columns.push({
      id: 'adjust',
      header: t('po.actions'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => (
        <button
          type="button"
          className="btn"
          onClick={(e) => {
            e.stopPropagation();
            setAdjusting(l);
          }}
        >
          {t('inventory.adjust')}
        </button>
      ),
    });

  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));
  const query = {
    companyId: filters.companyId || undefined,
    location: filters.location.trim() || undefined,
    condition: filters.condition || undefined,
    asOf: asOf || undefined,
    groupBy: filters.groupBy,
  };

  return (
    <div className="page">
      <h1>{t('nav.InventorySnapshot')}</h1>
      <form className="card form" aria-label={t('inventory.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="form-row">
          {warehouse && <ClientFilter value={filters.companyId} onChange={(companyId) => set({ companyId })} />}
          <label>
            {t('inventory.locationPrefix')}
            <input
              name="location"
              value={filters.location}
              onChange={(e) => set({ location: e.target.value.toUpperCase() })}
              placeholder="A-01"
            />
          </label>
          <label>
            {t('inventory.condition')}
            <select name="condition" value={filters.condition} onChange={(e) => set({ condition: e.target.value })}>
              <option value="">{t('grid.all')}</option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {t(`inventory.conditions.${c}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('inventory.asOf')}
            <DateTimeField name="asOf" value={filters.asOf} onChange={(asOf) => set({ asOf })} />
          </label>
          <label>
            {t('inventory.groupBy')}
            <select
              name="groupBy"
              value={filters.groupBy}
              onChange={(e) => set({ groupBy: e.target.value as 'location' | 'product' })}
            >
              <option value="location">{t('inventory.byLocation')}</option>
              <option value="product">{t('inventory.byProduct')}</option>
            </select>
          </label>
        </div>
        <p className="muted" data-testid="snapshot-summary">
          {asOf ? t('inventory.asOfNote', { at: formatDateTime(i18n.language, asOf) }) : t('inventory.nowNote')}
          {totalUnits !== null && (
            <>
              {' '}
              · {t('inventory.totalUnits', { count: totalUnits, formatted: formatNumber(i18n.language, totalUnits) })}
            </>
          )}
        </p>
        {warehouse && (
          <div className="button-row">
            <button type="button" className="btn" onClick={() => setAdjusting({})}>
              {t('inventory.newAdjustment')}
            </button>
          </div>
        )}
      </form>
      {adjusting && (
        <AdjustForm
          line={adjusting}
          onClose={() => setAdjusting(null)}
          onDone={() => {
            setAdjusting(null);
            void qc.invalidateQueries({ queryKey: [GRID] });
          }}
        />
      )}
      {open && !byProduct && <LedgerPanel line={open} onClose={() => setOpen(null)} />}
      <DataGrid<SnapshotLine>
        id={GRID}
        columns={columns}
        filters={query}
        onRowOpen={(l) => setOpen(l)}
        fetchPage={async (q) => {
          const page = await getAs('/api/inventory', snapshotPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, ...query },
            background: true,
          });
          setTotalUnits(page.totalUnits);
          return page;
        }}
      />
    </div>
  );
}
