/** The client's products at PREP-FBA (on hand, held by plans, available) with "Add to plan" per row. */
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AvailabilityRow } from '../../../domain/schemas/fba';
import { DataGrid } from '../../ui/DataGrid';
import { keys } from './api';
import { fetchAvailable } from './availability';
import { formatNumber } from '../../../domain/format';

export function AvailabilityGrid({
  companyId,
  inPlan,
  onAdd,
  endpoint,
  gridId = keys.availableGrid(companyId),
  words = 'fba',
  storeId = null,
}: {
  companyId: number;
  inPlan: ReadonlySet<number>;
  onAdd: (row: AvailabilityRow) => void;
  /** Another station's availability (PREP-WFS for WFS plans), its grid id and its title words. */
  endpoint?: string;
  gridId?: string;
  words?: 'fba' | 'wfs';
  /** The new plan's Amazon store: each product then says what the pre-check would refuse there. */
  storeId?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(i18n.language, v);
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
    ...(storeId
      ? [
          {
            id: 'refusals',
            header: t('fba.wouldRefuse'),
            enableSorting: false,
            cell: ({ row: { original: r } }) => <RefusalMarks refusals={r.refusals ?? []} />,
          } satisfies ColumnDef<AvailabilityRow, unknown>,
        ]
      : []),
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
        id={storeId ? `${gridId}-store-${storeId}` : gridId}
        columns={columns}
        fetchPage={(q) => fetchAvailable(companyId, { ...q, storeId }, endpoint)}
        onRowOpen={(r) => {
          if (!inPlan.has(r.productId) && r.available > 0) onAdd(r);
        }}
      />
    </section>
  );
}

/** What Amazon would refuse of a product, each reason in words (the server's sentence on hover). */
function RefusalMarks({ refusals }: { refusals: NonNullable<AvailabilityRow['refusals']> }) {
  const { t } = useTranslation();
  if (!refusals.length) return <span className="muted">{t('fba.refusalsNone')}</span>;
  return (
    <ul className="plain-list" data-testid="fba-refusal-marks">
      {refusals.map((r) => (
        <li key={`${r.code}-${r.message}`}>
          <span
            className={`pill ${r.severity === 'error' ? 'danger' : 'warn'}`}
            title={r.message}
            data-testid="fba-refusal-mark"
            data-code={r.code}
          >
            {t(`fba.refusals.${r.code}`, { defaultValue: r.message })}
          </span>
        </li>
      ))}
    </ul>
  );
}
