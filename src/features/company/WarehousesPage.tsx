/**
 * Warehouses (/apps/settings/warehouses, Settings › Warehouses): the tenant's sites — where it
 * receives, stores and ships from — with their addresses, time zones and the default ship-from
 * that labels and customs forms are bought from. Warehouse staff with the right to update the
 * company open it (the menu and the route ask for that); the form turns read-only without it.
 */
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { can } from '../../../domain/permissions';
import { warehouseRowSchema, type WarehouseRow as Row } from '../../../domain/schemas/company';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, useEditing } from '../../ui/editable-list';
import { localPage } from '../../ui/local-page';
import { WAREHOUSES_API, WarehouseForm } from './WarehouseForm';

/** The sites query (also read by the grid, in memory): a tenant has a handful. */
export const SITES_QUERY = 'warehouse-sites';
const GRID = 'warehouse-sites-grid';

const addressLine = (r: Row) =>
  [r.line1, r.line2, [r.postalCode, r.city].filter(Boolean).join(' '), r.state, r.countryCode]
    .filter(Boolean)
    .join(', ');

export default function WarehousesPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const mayEdit = !!user && can(user.ability, 'update', 'myCompany');
  const { editing, edit, done } = useEditing<Row>(SITES_QUERY, GRID);
  const sites = useQuery({
    queryKey: [SITES_QUERY],
    queryFn: () => getAs(WAREHOUSES_API, z.array(warehouseRowSchema), { background: true }),
  });

  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'name',
      header: t('warehouses.site'),
      cell: ({ row: { original: r } }) => (
        <span data-testid={`site-${r.code}`}>
          <button type="button" className="btn link" onClick={() => edit(r)}>
            {r.name}
          </button>{' '}
          {r.defaultShipFrom && <span className="badge">{t('warehouses.defaultShipFrom')}</span>}
        </span>
      ),
    },
    { accessorKey: 'code', header: t('warehouses.code') },
    {
      id: 'address',
      header: t('warehouses.address'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.line1 ? addressLine(r) : <span className="muted">{t('warehouses.noAddress')}</span>,
    },
    { accessorKey: 'timezone', header: t('warehouses.timezone') },
    {
      accessorKey: 'active',
      header: t('warehouses.status'),
      cell: ({ row: { original: r } }) => t(r.active ? 'warehouses.active' : 'warehouses.inactive'),
    },
  ];

  let body;
  if (sites.isPending) body = <p className="muted">{t('warehouses.loading')}</p>;
  else if (sites.isError)
    body = (
      <div className="card" role="alert">
        <p className="form-error">{t('warehouses.error')}</p>
        <button type="button" className="btn" onClick={() => void sites.refetch()}>
          {t('warehouses.retry')}
        </button>
      </div>
    );
  else if (sites.data.length === 0) body = <p className="grid-state empty">{t('warehouses.empty')}</p>;
  else {
    const rows = sites.data;
    body = (
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        // The grid pages the list in memory; a new answer is a new filter key, so it re-reads.
        filters={{ at: sites.dataUpdatedAt }}
        fetchPage={async (q) => localPage(rows, q)}
        onRowOpen={edit}
      />
    );
  }

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('warehouses.title')}</h1>
        {mayEdit && (
          <div className="button-row">
            <button type="button" className="btn" onClick={() => edit('new')}>
              {t('warehouses.add')}
            </button>
          </div>
        )}
      </div>
      <p className="muted">{t('warehouses.intro')}</p>
      {!mayEdit && <p className="notice">{t('warehouses.readOnly')}</p>}
      <EditingForm editing={editing}>
        {(row) => <WarehouseForm row={row} mayEdit={mayEdit} onDone={done} />}
      </EditingForm>
      {body}
    </div>
  );
}
