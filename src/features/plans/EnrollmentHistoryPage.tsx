/**
 * Plan enrolment history (/apps/account/plan/enrollment): every plan a client was enrolled in,
 * from when to when. A client sees its own; the warehouse may pick a client (or see all).
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enrollmentPageSchema, type Enrollment as Row } from '../../../domain/schemas/plans';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { ClientSelect } from '../inbound/purchase-orders/ClientSelect';
import { isWarehouseUser } from '../inbound/purchase-orders/clients';
import { useFormat } from '../../ui/format';

export default function EnrollmentHistoryPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [companyId, setCompanyId] = useState<number | null>(null);
  const columns: ColumnDef<Row, unknown>[] = [
    ...(warehouse ? [{ accessorKey: 'companyName', header: t('plans.client'), enableSorting: false }] : []),
    { accessorKey: 'planName', header: t('plans.plan'), enableSorting: false },
    {
      accessorKey: 'category',
      header: t('plans.category'),
      enableSorting: false,
      cell: ({ getValue }) => t(`plans.categories.${String(getValue())}`),
    },
    {
      accessorKey: 'tier',
      header: t('plans.tier'),
      enableSorting: false,
      cell: ({ getValue }) => t(`plans.tiers.${String(getValue())}`),
    },
    {
      id: 'fee',
      header: t('plans.recurringFee'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        Number(r.recurringFee) > 0 ? `${f.price(r.recurringFee)} · ${t(`plans.schedules.${r.schedule}`)}` : '–',
    },
    {
      accessorKey: 'startsOn',
      header: t('plans.startsOn'),
      enableSorting: false,
      cell: ({ getValue }) => f.day(getValue() as string),
    },
    {
      accessorKey: 'endsOn',
      header: t('plans.endsOn'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() === null ? t('plans.openEnded') : f.day(getValue() as string)),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('plans.history.title')}</h1>
        <div className="button-row">
          <Link to="/apps/account/plan/my-plans" className="btn">
            {t('plans.my.title')}
          </Link>
        </div>
      </div>
      <DataGrid<Row>
        id="plan-enrollment-history"
        columns={columns}
        searchable={false}
        filters={{ companyId }}
        fetchPage={(q) =>
          getAs('/api/plan/enrollment', enrollmentPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, companyId: companyId ?? undefined },
            background: true,
          })
        }
        toolbar={warehouse ? <ClientSelect value={companyId} onChange={setCompanyId} /> : undefined}
      />
    </div>
  );
}
