/** The columns of the bills-of-lading list: which plan and shipment, where to, who carries it, its numbers, and its freight. */
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { BolRow } from '../../../domain/schemas/fba';
import { money } from './packing-options';
import { planHref } from './plan-links';
import { formatDateTime } from '../../../domain/format';

export function bolColumns(
  t: TFunction,
  language: string,
  actions: (row: BolRow) => React.ReactNode,
): ColumnDef<BolRow, unknown>[] {
  const when = (iso: string) => formatDateTime(language, iso);
  // LTL from Amazon's US marketplaces: Amazon quotes freight in dollars.
  const usd = (cents: number) => money(cents, 'USD', language);
  return [
    {
      accessorKey: 'planName',
      header: t('fba.bol.plan'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <Link
          to={planHref({ id: r.planId, accountNo: r.accountNo, step: r.shippedAt ? 'shipped' : 'labels' })}
          data-testid="bol-plan"
        >
          <strong>{r.planName}</strong>
        </Link>
      ),
    },
    {
      accessorKey: 'companyName',
      header: t('po.client'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => `${r.accountNo} ${r.companyName}`.trim(),
    },
    {
      accessorKey: 'shipmentId',
      header: t('fba.bol.shipment'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => <code>{r.confirmationId ?? r.shipmentId}</code>,
    },
    { accessorKey: 'warehouseId', header: t('fba.shipments.destination'), enableSorting: false },
    {
      accessorKey: 'carrierName',
      header: t('fba.shipments.carrier'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        [
          r.carrierName,
          r.shippingSolution
            ? t(`fba.packing.solutions.${r.shippingSolution}`, { defaultValue: r.shippingSolution })
            : null,
        ]
          .filter(Boolean)
          .join(' · ') || '–',
    },
    {
      accessorKey: 'proNumber',
      header: t('fba.shipments.proNumber'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (r.proNumber ? <code data-testid="bol-pro">{r.proNumber}</code> : '–'),
    },
    {
      accessorKey: 'billOfLadingNumber',
      header: t('fba.shipments.bolNumber'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (r.billOfLadingNumber ? <code>{r.billOfLadingNumber}</code> : '–'),
    },
    { accessorKey: 'boxes', header: t('fba.boxes.title'), enableSorting: false },
    {
      accessorKey: 'shippedAt',
      header: t('fba.shipments.shippedAt'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (r.shippedAt ? when(r.shippedAt) : t('fba.bol.notShipped')),
    },
    {
      accessorKey: 'chargedCents',
      header: t('fba.bol.freight'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.chargedCents !== null ? (
          <span className="pill ok" data-testid="bol-charged">
            {t('fba.bol.charged', { amount: usd(r.chargedCents) })}
          </span>
        ) : (
          <span className="muted">
            {r.costCents !== null ? t('fba.bol.quoted', { amount: usd(r.costCents) }) : t('fba.bol.notCharged')}
          </span>
        ),
    },
    { id: 'actions', header: '', enableSorting: false, cell: ({ row: { original: r } }) => actions(r) },
  ];
}
