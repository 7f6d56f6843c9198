/**
 * Invoices (/apps/finance/invoices): every invoice of the warehouse — or, for a client, its own
 * (the server scopes it) — with status, client and period filters, status badges, the total and
 * balance, and the PDF to download. A row opens the invoice.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVOICE_STATUS_FILTERS,
  invoicePageSchema,
  type InvoiceSummary as Row,
} from '../../../domain/schemas/invoices';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { downloadInvoicePdf, StatusBadge, useMoney } from './parts';
import { useFormat } from '../../ui/format';
import { MonthField } from '../../ui/DateField';

export default function InvoicesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const navigate = useNavigate();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const clients = useClientOptions();
  const [status, setStatus] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [month, setMonth] = useState('');

  const open = (r: Row) => void navigate({ to: '/apps/invoice/detail/$id', params: { id: String(r.id) } });
  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'number',
      header: t('invoices.number'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <Link to="/apps/invoice/detail/$id" params={{ id: String(r.id) }} className="btn link">
          {r.number}
        </Link>
      ),
    },
    ...(warehouse
      ? [
          {
            accessorKey: 'companyName',
            header: t('invoices.client'),
            enableSorting: false,
            cell: ({ row: { original: r } }) => `${r.companyName} (${r.accountNo})`,
          } satisfies ColumnDef<Row, unknown>,
        ]
      : []),
    {
      id: 'period',
      header: t('invoices.period'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => `${f.day(r.periodStart)} – ${f.day(r.periodEnd)}`,
    },
    {
      accessorKey: 'status',
      header: t('invoices.statusLabel'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => <StatusBadge status={r.status} overdue={r.overdue} />,
    },
    {
      accessorKey: 'dueOn',
      header: t('invoices.dueOn'),
      enableSorting: false,
      cell: ({ getValue }) => f.day(getValue() as string),
    },
    {
      accessorKey: 'totalCents',
      header: t('invoices.total'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => money(r.totalCents, r.currency),
    },
    {
      accessorKey: 'balanceCents',
      header: t('invoices.balance'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => money(r.balanceCents, r.currency),
    },
    {
      id: 'pdf',
      header: t('invoices.pdf'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <button
          type="button"
          className="btn small"
          aria-label={t('invoices.downloadPdfOf', { number: r.number })}
          onClick={(e) => {
            e.stopPropagation();
            void downloadInvoicePdf(r.id, r.number);
          }}
        >
          {t('invoices.downloadPdf')}
        </button>
      ),
    },
  ];

  return (
    <div className="page" data-testid="invoices">
      <div className="page-head">
        <h1>{t('invoices.list.title')}</h1>
        {warehouse && (
          <Link to="/apps/management/finance-tools" className="btn">
            {t('invoices.preview.title')}
          </Link>
        )}
      </div>
      <DataGrid<Row>
        id="invoices"
        columns={columns}
        filters={{ status, companyId, month }}
        onRowOpen={open}
        toolbar={
          <>
            <select
              name="status"
              aria-label={t('invoices.statusLabel')}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              <option value="">{t('invoices.list.allStatuses')}</option>
              {INVOICE_STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {t(`invoices.status.${s}`)}
                </option>
              ))}
            </select>
            {warehouse && (
              <select
                name="companyId"
                aria-label={t('invoices.client')}
                value={companyId}
                onChange={(e) => setCompanyId(e.target.value)}
              >
                <option value="">{t('invoices.list.allClients')}</option>
                {(clients.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
            <MonthField name="month" aria-label={t('invoices.preview.month')} value={month} onChange={setMonth} />
          </>
        }
        fetchPage={(q) =>
          getAs('/api/finance/invoice', invoicePageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              status: status || undefined,
              companyId: companyId || undefined,
              month: month || undefined,
            },
            background: true,
          })
        }
      />
    </div>
  );
}
