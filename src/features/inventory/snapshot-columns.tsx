/** The columns of an inventory list (snapshot, manage inventory): per location or per product. */
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { SnapshotLine } from '../../../domain/schemas/inventory';
import { formatNumber } from '../../../domain/format';

export type { SnapshotLine };

type Col = ColumnDef<SnapshotLine, unknown>;

export function snapshotColumns(t: TFunction, language: string, byProduct: boolean): Col[] {
  const place: Col[] = byProduct
    ? [{ accessorKey: 'places', header: t('inventory.places'), enableSorting: false }]
    : [
        { accessorKey: 'location', header: t('inventory.location'), enableSorting: false },
        {
          accessorKey: 'lpn',
          header: t('inventory.lpn'),
          enableSorting: false,
          cell: ({ getValue }) => (getValue() as string | null) ?? '–',
        },
      ];
  return [
    { accessorKey: 'productKey', header: t('inventory.product'), enableSorting: false },
    {
      accessorKey: 'title',
      header: t('po.fields.title'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      id: 'client',
      header: t('po.client'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => `${l.accountNo} ${l.companyName}`,
    },
    ...place,
    {
      accessorKey: 'condition',
      header: t('inventory.condition'),
      enableSorting: false,
      cell: ({ getValue }) => t(`inventory.conditions.${String(getValue())}`),
    },
    {
      accessorKey: 'quantity',
      header: t('inventory.onHand'),
      enableSorting: false,
      cell: ({ getValue }) => <strong>{formatNumber(language, Number(getValue()))}</strong>,
    },
  ];
}
