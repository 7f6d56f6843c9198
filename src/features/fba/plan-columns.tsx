/** The columns of a list of plans (a client's plans in the workspace, every plan under Outbound shipments). */
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { PlanChannel, PlanRow } from '../../../domain/schemas/fba';
import { planHref } from './plan-links';
import { PlanStatus } from './PlanStatus';
import { formatDateTime, formatNumber } from '../../../domain/format';

export function planColumns(
  t: TFunction,
  language: string,
  opts: {
    client: boolean;
    hrefOf?: (p: PlanRow) => string;
    /** Whose plans: WFS plans name a Walmart store, Walmart's inbound order and Walmart's steps. */
    channel?: PlanChannel;
  },
): ColumnDef<PlanRow, unknown>[] {
  const hrefOf = opts.hrefOf ?? ((p: PlanRow) => planHref(p));
  const channel = opts.channel ?? 'fba';
  const when = (iso: string) => formatDateTime(language, iso);
  const columns: (ColumnDef<PlanRow, unknown> | null)[] = [
    {
      accessorKey: 'name',
      header: t('fba.planName'),
      enableSorting: false,
      cell: ({ row: { original: p } }) => (
        <Link to={hrefOf(p)} data-testid="plan-open">
          <strong>{p.name}</strong>
        </Link>
      ),
    },
    opts.client
      ? {
          accessorKey: 'companyName',
          header: t('po.client'),
          enableSorting: false,
          cell: ({ row: { original: p } }) => `${p.accountNo} ${p.companyName}`.trim(),
        }
      : null,
    { accessorKey: 'storeName', header: t(channel === 'wfs' ? 'wfs.store' : 'fba.store'), enableSorting: false },
    {
      accessorKey: 'status',
      header: t('fba.status'),
      enableSorting: false,
      cell: ({ row: { original: p } }) => <PlanStatus plan={p} channel={channel} />,
    },
    { accessorKey: 'skus', header: t('fba.skus'), enableSorting: false },
    {
      accessorKey: 'units',
      header: t('fba.units'),
      enableSorting: false,
      cell: ({ row: { original: p } }) => formatNumber(language, p.units),
    },
    {
      accessorKey: 'inboundPlanId',
      header: t(channel === 'wfs' ? 'wfs.inboundOrderId' : 'fba.inboundPlanId'),
      enableSorting: false,
      cell: ({ row: { original: p } }) => (p.inboundPlanId ? <code>{p.inboundPlanId}</code> : '–'),
    },
    {
      accessorKey: 'updatedAt',
      header: t('fba.updated'),
      enableSorting: false,
      cell: ({ row: { original: p } }) => when(p.updatedAt),
    },
  ];
  return columns.filter((c): c is ColumnDef<PlanRow, unknown> => c !== null);
}
