/** The client's products at PREP-FBA (on hand, held by plans, available) with "Add to plan" per row. */
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AvailabilityRow } from '../../../domain/schemas/fba';
import { DataGrid } from '../../ui/DataGrid';
import { keys } from './api';
import { fetchAvailable } from './availability';

export function AvailabilityGrid({
  companyId,
  inPlan,
  onAdd,
  endpoint,
  gridId = keys.availableGrid(companyId),
  words = 'fba',
}: {
  companyId: number;
  inPlan: ReadonlySet<number>;
  onAdd: (row: AvailabilityRow) => void;
  /** Another station's availability (PREP-WFS for WFS plans), its grid id and its title words. */
  endpoint?: string;
  gridId?: string;
  words?: 'fba' | 'wfs';
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const columns: ColumnDef<AvailabilityRow, unknown>[] = [
    { accessorKey: 'title', header: t('po.fields.title'), enableSorting: false },
    {
      id: 'codes',
      header: t('po.codes'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span className="codes">{[r.msku, r.fnsku, r.asin].filter(Boolean).join(' · ') || r.productKey}</span>
      ),
    },
    { accessorKey: 'onHand', header: t('fba.onHand'), enableSorting: false, cell: ({ row }) => n(row.original.onHand) },
    { accessorKey: 'held', header: t('fba.held'), enableSorting: false, cell: ({ row }) => n(row.original.held) },
    {
      accessorKey: 'available',
      header: t('fba.available'),
      enableSorting: false,
      cell: ({ row }) => <strong data-testid="available">{n(row.original.available)}</strong>,
    },
    {
      id: 'add',
      header: '',
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        inPlan.has(r.productId) ? (
          <span className="pill">{t('fba.inPlan')}</span>
        ) : (
          <button
            type="button"
            className="btn small"
            disabled={r.available <= 0}
            title={r.available <= 0 ? t('fba.noneAvailable') : undefined}
            onClick={() => onAdd(r)}
          >
            {t('fba.addToPlan')}
          </button>
        ),
    },
  ];
  return (
    <section className="card" aria-labelledby="fba-available-head" data-testid="fba-available">
      <h2 id="fba-available-head">{t(`${words}.availableTitle`)}</h2>
      <p className="muted">{t(`${words}.availableHelp`)}</p>
      <DataGrid<AvailabilityRow>
        id={gridId}
        columns={columns}
        fetchPage={(q) => fetchAvailable(companyId, q, endpoint)}
        onRowOpen={(r) => {
          if (!inPlan.has(r.productId) && r.available > 0) onAdd(r);
        }}
      />
    </section>
  );
}
