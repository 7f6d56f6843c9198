/**
 * Every item across shipment plans (/apps/outbound/outbound-shipping/batch-items): each plan line
 * with its codes, quantity and how much of it is boxed, searched by title or code, by plan status
 * and client; a line opens its plan.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planItemPageSchema, type PlanItemRow, type PlanStatusFilter } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { DataGrid } from '../../ui/DataGrid';
import { PLAN_ITEMS } from './api';
import { ClientFilter } from './ClientFilter';
import { planHref } from './plan-links';
import { PlanStatus } from './PlanStatus';
import { StatusFilterSelect } from './StatusFilterSelect';
import { DEFAULT_STATUS_FILTER } from './words';
import { formatNumber } from '../../../domain/format';

const hrefOf = (i: PlanItemRow) => planHref({ id: i.planId, accountNo: i.accountNo, step: i.step });

export default function BatchItemsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PlanStatusFilter>(DEFAULT_STATUS_FILTER);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const n = (v: number) => formatNumber(i18n.language, v);
  const columns: ColumnDef<PlanItemRow, unknown>[] = [
    { accessorKey: 'title', header: t('po.fields.title'), enableSorting: false },
    {
      id: 'codes',
      header: t('po.codes'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => (
        <span className="codes">{[i.msku, i.fnsku, i.asin].filter(Boolean).join(' · ') || '–'}</span>
      ),
    },
    {
      accessorKey: 'planName',
      header: t('fba.planName'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => <Link to={hrefOf(i)}>{i.planName}</Link>,
    },
    {
      accessorKey: 'companyName',
      header: t('po.client'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => `${i.accountNo} ${i.companyName}`.trim(),
    },
    { accessorKey: 'storeName', header: t('fba.store'), enableSorting: false },
    {
      accessorKey: 'status',
      header: t('fba.status'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => <PlanStatus plan={{ status: i.status, step: i.step, operation: null }} />,
    },
    {
      accessorKey: 'quantity',
      header: t('fba.quantity'),
      enableSorting: false,
      cell: ({ row }) => n(row.original.quantity),
    },
    {
      accessorKey: 'boxed',
      header: t('fba.boxed'),
      enableSorting: false,
      cell: ({ row: { original: i } }) => t('fba.boxedOf', { boxed: n(i.boxed), quantity: n(i.quantity) }),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('fba.itemsTitle')}</h1>
        <Link to="/apps/outbound/outbound-shipping/fba" className="btn">
          {t('fba.shipmentsTitle')}
        </Link>
      </div>
      <p className="muted">{t('fba.itemsIntro')}</p>
      <DataGrid<PlanItemRow>
        id="fba-plan-items"
        columns={columns}
        filters={{ status, companyId }}
        fetchPage={(q) =>
          getAs(PLAN_ITEMS, planItemPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, status, companyId },
            background: true,
            quiet: true,
          })
        }
        onRowOpen={(i) => void navigate({ to: hrefOf(i) })}
        toolbar={
          <>
            <StatusFilterSelect value={status} onChange={setStatus} />
            <ClientFilter value={companyId} onChange={setCompanyId} />
          </>
        }
      />
    </div>
  );
}
