/**
 * Tools → Freight (/apps/tools/freight): the warehouse's LTL shipments — status, carrier, PRO,
 * BOL, pickup date, client, cost — with filters by status, client and pickup dates; a row opens
 * the shipment (documents, tracking, cancel). The list is empty until the first booking.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FREIGHT_SHIPMENT_STATUSES,
  freightShipmentPageSchema,
  type FreightShipment as Row,
} from '../../../domain/schemas/freight-shipments';
import { getAs } from '../../api/typed';
import { DataGrid } from '../../ui/DataGrid';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { FREIGHT_GRID, ShipmentDetail, StatusBadge } from './ShipmentDetail';
import { useFormat } from '../../ui/format';
import { DateField } from '../../ui/DateField';

export default function FreightShipmentsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const clients = useClientOptions();
  const [status, setStatus] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [pickupFrom, setPickupFrom] = useState('');
  const [pickupTo, setPickupTo] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const any = useQuery({
    queryKey: [FREIGHT_GRID, 'any'],
    queryFn: () =>
      getAs('/api/tools/freight/shipments', freightShipmentPageSchema, {
        query: { pageNumber: 1, pageSize: 5 },
        background: true,
        quiet: true,
      }),
  });

  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'proNumber',
      header: t('freight.proNumber'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <button type="button" className="btn link" onClick={() => setOpen(r.id)} data-testid={`freight-row-${r.id}`}>
          {r.proNumber ?? t('freight.statuses.BOOKING')}
        </button>
      ),
    },
    {
      accessorKey: 'status',
      header: t('freight.status'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => <StatusBadge status={r.status} />,
    },
    {
      accessorKey: 'carrierName',
      header: t('freight.carrier'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'bolNumber',
      header: t('freight.bolNumber'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'pickupDate',
      header: t('freight.pickupDate'),
      enableSorting: false,
      cell: ({ getValue }) => f.day(getValue() as string | null),
    },
    {
      id: 'lane',
      header: t('freight.lane'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        `${r.origin.city} ${r.origin.state} → ${r.destination.city} ${r.destination.state}`,
    },
    {
      accessorKey: 'companyName',
      header: t('freight.client'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? t('freight.ownFreight'),
    },
    {
      accessorKey: 'costCents',
      header: t('freight.cost'),
      enableSorting: false,
      cell: ({ getValue }) => {
        const v = getValue() as number | null;
        return f.money(v);
      },
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('freight.title')}</h1>
        <div className="button-row">
          <Link to="/apps/tools/freight/create-shipment" className="btn primary">
            {t('freight.createShipment')}
          </Link>
        </div>
      </div>
      {any.data && any.data.totalElements === 0 && (
        <div className="card" data-testid="freight-empty">
          <p>{t('freight.empty')}</p>
          <Link to="/apps/tools/freight/create-shipment" className="btn">
            {t('freight.createShipment')}
          </Link>
        </div>
      )}
      {open !== null && <ShipmentDetail key={open} id={open} onClose={() => setOpen(null)} />}
      <DataGrid<Row>
        id={FREIGHT_GRID}
        columns={columns}
        filters={{ status, companyId, pickupFrom, pickupTo }}
        onRowOpen={(r) => setOpen(r.id)}
        fetchPage={(q) =>
          getAs('/api/tools/freight/shipments', freightShipmentPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              status: status || undefined,
              companyId: companyId || undefined,
              pickupFrom: pickupFrom || undefined,
              pickupTo: pickupTo || undefined,
            },
            background: true,
          })
        }
        toolbar={
          <>
            <select
              aria-label={t('freight.status')}
              name="status"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              <option value="">{t('freight.anyStatus')}</option>
              {FREIGHT_SHIPMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`freight.statuses.${s}`)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('freight.client')}
              name="companyId"
              value={companyId}
              onChange={(e) => setCompanyId(e.target.value)}
            >
              <option value="">{t('freight.anyClient')}</option>
              {(clients.data ?? []).map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
            <label>
              {t('freight.pickupFrom')} <DateField name="pickupFrom" value={pickupFrom} onChange={setPickupFrom} />
            </label>
            <label>
              {t('freight.pickupTo')} <DateField name="pickupTo" value={pickupTo} onChange={setPickupTo} />
            </label>
          </>
        }
      />
    </div>
  );
}
