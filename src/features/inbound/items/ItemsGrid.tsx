/** The purchase-order items of the caller's scope (clients: their own), filtered by the server. */
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  itemPageSchema,
  itemStatusChangedSchema,
  type ItemListRow as ItemRow,
} from '../../../../domain/schemas/inbound';
import { ITEM_TRANSITIONS, type ItemStatus } from '../../../../domain/rules/item-status';
import { ApiFailure } from '../../../api/client';
import { getAs, putAs } from '../../../api/typed';
import { useSession } from '../../../app/session';
import { useFeedback } from '../../../ui/feedback-store';
import { DataGrid } from '../../../ui/DataGrid';
import { formatDateTime } from '../../../../domain/format';

export function ItemsGrid({
  id,
  query,
  toolbar,
}: {
  id: string;
  query: Record<string, string | number | undefined>;
  toolbar?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const warehouse = useSession((st) => st.user?.audience) === 'Warehouse';
  const columns: ColumnDef<ItemRow, unknown>[] = [
    { accessorKey: 'title', header: t('po.fields.title'), enableSorting: false },
    {
      id: 'codes',
      header: t('po.codes'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => (
        <span className="codes">{[i.asin, i.fnsku, i.msku, i.upc].filter(Boolean).join(' · ')}</span>
      ),
    },
    {
      accessorKey: 'companyName',
      header: t('po.client'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => `${i.accountNo ?? ''} ${i.companyName}`.trim(),
    },
    {
      accessorKey: 'batchName',
      header: t('po.batchName'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => (
        <Link to="/apps/inbound/batch-workspace/$batchId" params={{ batchId: String(i.batchId) }}>
          {i.batchName}
        </Link>
      ),
    },
    {
      accessorKey: 'status',
      header: t('po.itemStatus'),
      enableSorting: false,
      cell: ({ getValue }) => <span className="pill">{t(`items.statuses.${String(getValue())}`)}</span>,
    },
    {
      id: 'qty',
      header: t('po.counted'),
      enableSorting: false,
      cell: ({ row: { original: i } }) =>
        t('items.countedOfExpected', {
          counted: i.receivedQty + i.damagedQty,
          expected: i.expectedQty,
          damaged: i.damagedQty,
        }),
    },
    {
      accessorKey: 'itemAction',
      header: t('po.fields.itemAction'),
      enableSorting: false,
      cell: ({ getValue }) => t(`po.types.${String(getValue())}`),
    },
    {
      accessorKey: 'updatedAt',
      header: t('items.updated'),
      enableSorting: false,
      cell: ({ getValue }) => formatDateTime(i18n.language, String(getValue())),
    },
  ];
  if (warehouse)
    columns.push({
      id: 'change',
      header: t('items.changeStatus'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => <StatusChange item={i} gridId={id} />,
    });
  return (
    <DataGrid<ItemRow>
      id={id}
      columns={columns}
      filters={query}
      toolbar={toolbar}
      fetchPage={(q) =>
        getAs('/api/inbound/shipment-items', itemPageSchema, {
          query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, ...query },
          background: true,
        })
      }
    />
  );
}

/** The statuses an item may move to from here (domain transitions); the server checks again. */
function StatusChange({ item, gridId }: { item: ItemRow; gridId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const next = ITEM_TRANSITIONS[item.status as ItemStatus] ?? [];
  if (next.length === 0) return null;
  const change = async (status: string) => {
    if (
      !status ||
      !window.confirm(t('items.changeConfirm', { title: item.title, status: t(`items.statuses.${status}`) }))
    )
      return;
    try {
      await putAs(`/api/inbound/shipment-items/${item.id}/status`, { status }, itemStatusChangedSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t('items.statusChanged', { status: t(`items.statuses.${status}`) }));
      void qc.invalidateQueries({ queryKey: [gridId] });
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    }
  };
  return (
    <select
      aria-label={t('items.changeStatusOf', { title: item.title })}
      value=""
      onChange={(e) => void change(e.target.value)}
    >
      <option value="">{t('items.moveTo')}</option>
      {next.map((s) => (
        <option key={s} value={s}>
          {t(`items.statuses.${s}`)}
        </option>
      ))}
    </select>
  );
}
