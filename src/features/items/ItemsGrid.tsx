/** The purchase-order items of the caller's scope (clients: their own), filtered by the server. */
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../domain/paging';
import { get } from '../../api/client';
import { DataGrid } from '../../ui/DataGrid';

export interface ItemRow {
  id: number;
  title: string;
  asin: string | null;
  fnsku: string | null;
  msku: string | null;
  upc: string | null;
  status: string;
  expectedQty: number;
  receivedQty: number;
  damagedQty: number;
  itemAction: string;
  batchId: number;
  batchName: string;
  companyName: string;
  accountNo: string | null;
  updatedAt: string;
}

export function ItemsGrid({ id, query, toolbar }: { id: string; query: Record<string, string | number | undefined>; toolbar?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const columns: ColumnDef<ItemRow, unknown>[] = [
    { accessorKey: 'title', header: t('po.fields.title'), enableSorting: false },
    { id: 'codes', header: t('po.codes'), enableSorting: false, cell: ({ row: { original: i } }) => <span className="codes">{[i.asin, i.fnsku, i.msku, i.upc].filter(Boolean).join(' · ')}</span> },
    { accessorKey: 'companyName', header: t('po.client'), enableSorting: false, cell: ({ row: { original: i } }) => `${i.accountNo ?? ''} ${i.companyName}`.trim() },
    { accessorKey: 'batchName', header: t('po.batchName'), enableSorting: false, cell: ({ row: { original: i } }) => <Link to="/apps/inbound/batch-workspace/$batchId" params={{ batchId: String(i.batchId) }}>{i.batchName}</Link> },
    { accessorKey: 'status', header: t('po.itemStatus'), enableSorting: false, cell: ({ getValue }) => <span className="pill">{t(`items.statuses.${String(getValue())}`)}</span> },
    { id: 'qty', header: t('po.counted'), enableSorting: false, cell: ({ row: { original: i } }) => t('items.countedOfExpected', { counted: i.receivedQty + i.damagedQty, expected: i.expectedQty, damaged: i.damagedQty }) },
    { accessorKey: 'itemAction', header: t('po.fields.itemAction'), enableSorting: false, cell: ({ getValue }) => t(`po.types.${String(getValue())}`) },
    { accessorKey: 'updatedAt', header: t('items.updated'), enableSorting: false, cell: ({ getValue }) => new Date(String(getValue())).toLocaleString(i18n.language) },
  ];
  return (
    <DataGrid<ItemRow>
      id={id}
      columns={columns}
      filters={query}
      toolbar={toolbar}
      fetchPage={(q) => get<Page<ItemRow>>('/api/inbound/shipment-items', { query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, ...query }, background: true })}
    />
  );
}
