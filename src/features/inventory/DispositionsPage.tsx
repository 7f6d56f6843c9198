/**
 * Dispositions report (/apps/reports/dispositions): every unit that left the warehouse other than
 * by shipping — disposed of, donated, returned to the client or the supplier — with the problem or
 * adjustment behind it, by date range and client (clients: their own).
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispositionPageSchema, type DispositionRow as Row } from '../../../domain/schemas/inventory';
import { DISPOSITION_REASONS } from '../../../domain/rules/dispositions';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { ClientFilter } from './ClientChoice';
import { formatDateTime, formatNumber } from '../../../domain/format';
import { DateField } from '../../ui/DateField';

/** A date input (local day) as the instant its day starts; `endOf` = the next day's start. */
const dayStart = (day: string, endOf = false): string | undefined => {
  if (!day) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  if (endOf) d.setDate(d.getDate() + 1);
  return d.toISOString();
};

export default function DispositionsPage() {
  const { t, i18n } = useTranslation();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const [f, setF] = useState({ companyId: '', from: '', to: '', reason: '' });
  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'at',
      header: t('inventory.when'),
      enableSorting: false,
      cell: ({ getValue }) => formatDateTime(i18n.language, String(getValue())),
    },
    {
      id: 'client',
      header: t('po.client'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => `${r.accountNo} ${r.companyName}`,
    },
    { accessorKey: 'productKey', header: t('inventory.product'), enableSorting: false },
    {
      accessorKey: 'title',
      header: t('po.fields.title'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'quantity',
      header: t('po.units'),
      enableSorting: false,
      cell: ({ getValue }) => formatNumber(i18n.language, getValue() as number),
    },
    {
      accessorKey: 'reason',
      header: t('inventory.reason'),
      enableSorting: false,
      cell: ({ getValue }) => t(`inventory.dispositionReasons.${String(getValue())}`),
    },
    { accessorKey: 'location', header: t('inventory.location'), enableSorting: false },
    {
      id: 'source',
      header: t('inventory.source'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.refType === 'problem' ? (
          <Link to="/apps/problem/management" search={{ id: r.refId }}>
            {t('problems.detail', { id: r.refId })}
          </Link>
        ) : (
          `${t('inventory.adjustment')}${r.user ? ` · ${r.user}` : ''}`
        ),
    },
  ];
  const query = {
    companyId: f.companyId || undefined,
    from: dayStart(f.from),
    to: dayStart(f.to, true),
    reason: f.reason || undefined,
  };
  return (
    <div className="page">
      <h1>{t('nav.Dispositions')}</h1>
      <form className="card form" aria-label={t('inventory.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="form-row">
          {warehouse && <ClientFilter value={f.companyId} onChange={(companyId) => setF({ ...f, companyId })} />}
          <label>
            {t('inventory.fromDay')}
            <DateField name="from" value={f.from} onChange={(from) => setF({ ...f, from })} />
          </label>
          <label>
            {t('inventory.toDay')}
            <DateField name="to" value={f.to} onChange={(to) => setF({ ...f, to })} />
          </label>
          <label>
            {t('inventory.reason')}
            <select name="reason" value={f.reason} onChange={(e) => setF({ ...f, reason: e.target.value })}>
              <option value="">{t('grid.all')}</option>
              {DISPOSITION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`inventory.dispositionReasons.${r}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>
      <DataGrid<Row>
        id="dispositions"
        columns={columns}
        filters={query}
        fetchPage={(q) =>
          getAs('/api/inventory/dispositions', dispositionPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, ...query },
            background: true,
          })
        }
      />
    </div>
  );
}
