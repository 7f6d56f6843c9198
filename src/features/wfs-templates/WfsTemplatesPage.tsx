/**
 * WFS shipping templates (/apps/outbound/wfs/shipping/templates): what the prep centre reuses for
 * each Walmart inbound shipment — ship-from, carrier, mode, box sizes, the default. Warehouse staff
 * see every template and filter by client; a client sees its own and the warehouse's shared ones
 * (read-only). The form checks itself with the domain schema the server uses.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../domain/permissions';
import { wfsTemplatePageSchema, type WfsTemplate as Row } from '../../../domain/schemas/wfs-templates';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, useEditing } from '../../ui/editable-list';
import { isWarehouseUser, useClientOptions } from '../inbound/purchase-orders/clients';
import { WFS_TEMPLATES_API, WfsTemplateForm } from './WfsTemplateForm';

const GRID = 'wfs-shipping-templates';

const inches = (n: number) => String(n);

export default function WfsTemplatesPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const warehouse = isWarehouseUser(user?.audience);
  const mayCreate = !!user && can(user.ability, 'create', 'wfs');
  const clients = useClientOptions();
  const [companyId, setCompanyId] = useState('');
  const { editing, edit, done } = useEditing<Row>(GRID);

  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'name',
      header: t('wfsTemplates.name'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span data-testid={`wfs-template-${r.name}`}>
          {r.editable ? (
            <button type="button" className="btn link" onClick={() => edit(r)}>
              {r.name}
            </button>
          ) : (
            <span title={t('wfsTemplates.readOnlyHint')}>{r.name}</span>
          )}{' '}
          {r.isDefault && <span className="badge">{t('wfsTemplates.defaultBadge')}</span>}
        </span>
      ),
    },
    {
      accessorKey: 'companyName',
      header: t('wfsTemplates.owner'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => r.companyName ?? t('wfsTemplates.shared'),
    },
    {
      id: 'shipFrom',
      header: t('wfsTemplates.shipFrom'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        `${r.shipFrom.name}, ${r.shipFrom.city}, ${r.shipFrom.stateCode} ${r.shipFrom.postalCode} ${r.shipFrom.countryCode}`,
    },
    {
      id: 'carrier',
      header: t('wfsTemplates.carrier'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.carrierPreference === 'OWN_CARRIER'
          ? `${t('wfsTemplates.carriers.OWN_CARRIER')}: ${r.carrierName ?? ''}`
          : t('wfsTemplates.carriers.WALMART_PREFERRED'),
    },
    {
      accessorKey: 'shippingMode',
      header: t('wfsTemplates.shippingMode'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => t(`wfsTemplates.modes.${r.shippingMode}`),
    },
    {
      id: 'boxes',
      header: t('wfsTemplates.boxPresets'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.boxPresets.length
          ? r.boxPresets
              .map((b) => `${b.name} ${inches(b.lengthIn)}×${inches(b.widthIn)}×${inches(b.heightIn)} in`)
              .join(', ')
          : '–',
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('wfsTemplates.title')}</h1>
        {mayCreate && (
          <div className="button-row">
            <button type="button" className="btn" onClick={() => edit('new')}>
              {t('wfsTemplates.add')}
            </button>
          </div>
        )}
      </div>
      <p className="muted">{t(warehouse ? 'wfsTemplates.intro' : 'wfsTemplates.introClient')}</p>
      <EditingForm editing={editing}>
        {(row) => <WfsTemplateForm row={row} defaultCompanyId={companyId} onDone={done} />}
      </EditingForm>
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        filters={{ companyId }}
        fetchPage={(q) =>
          getAs(WFS_TEMPLATES_API, wfsTemplatePageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, companyId: companyId || undefined },
            background: true,
          })
        }
        toolbar={
          warehouse && (
            <select
              aria-label={t('wfsTemplates.owner')}
              name="companyId"
              value={companyId}
              onChange={(e) => setCompanyId(e.target.value)}
            >
              <option value="">{t('wfsTemplates.allClients')}</option>
              {clients.data?.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          )
        }
      />
    </div>
  );
}
