/**
 * Carriers (/apps/settings/carriers, Settings › Carriers): the carriers the warehouse ships with —
 * name and code, parcel or LTL, the account number, services, the tracking page — which every
 * screen that names a carrier chooses from (mark shipped, WFS own-carrier tracking, shipping
 * templates). Add, edit, deactivate (off the choices, kept for the record) and delete. Warehouse
 * staff with the generalSettings right open it; changing needs update.
 */
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../domain/permissions';
import { carrierListSchema, carrierSchema, type Carrier } from '../../../domain/schemas/carriers';
import { ApiFailure } from '../../api/client';
import { getAs, putAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, useEditing } from '../../ui/editable-list';
import { useFeedback } from '../../ui/feedback-store';
import { localPage } from '../../ui/local-page';
import { CarrierForm, CARRIERS_API } from './CarrierForm';
import { CARRIER_OPTIONS_QUERY } from './CarrierSelect';

const CARRIERS_QUERY = 'carriers';
const GRID = 'carriers-grid';

export default function CarriersPage() {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const user = useSession((s) => s.user);
  const mayEdit = !!user && can(user.ability, 'update', 'generalSettings');
  const { editing, edit, done, reload } = useEditing<Carrier>(CARRIERS_QUERY, GRID, CARRIER_OPTIONS_QUERY);
  const [busy, setBusy] = useState<number | null>(null);
  const [refusal, setRefusal] = useState('');
  const carriers = useQuery({
    queryKey: [CARRIERS_QUERY],
    queryFn: () => getAs(CARRIERS_API, carrierListSchema, { background: true }),
  });

  /** Deactivate (off every carrier list) or activate again, from the row. */
  const toggle = async (c: Carrier) => {
    setBusy(c.id);
    setRefusal('');
    try {
      const { id: _id, updatedAt: _at, ...values } = c;
      await putAs(`${CARRIERS_API}/${c.id}`, { ...values, active: !c.active }, carrierSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t(c.active ? 'carriers.deactivated' : 'carriers.activated', { name: c.name }));
      reload();
    } catch (err) {
      setRefusal(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnDef<Carrier, unknown>[] = [
    {
      accessorKey: 'name',
      header: t('carriers.name'),
      cell: ({ row: { original: c } }) => (
        <button type="button" className="btn link" data-testid={`carrier-${c.code}`} onClick={() => edit(c)}>
          {c.name}
        </button>
      ),
    },
    { accessorKey: 'code', header: t('carriers.code') },
    {
      accessorKey: 'kind',
      header: t('carriers.kind'),
      cell: ({ row: { original: c } }) => t(`carriers.kinds.${c.kind}`),
    },
    {
      accessorKey: 'accountNumber',
      header: t('carriers.accountNumber'),
      cell: ({ row: { original: c } }) => c.accountNumber ?? '–',
    },
    {
      id: 'services',
      header: t('carriers.services'),
      enableSorting: false,
      cell: ({ row: { original: c } }) =>
        c.services.length ? c.services.join(', ') : <span className="muted">{t('carriers.noServices')}</span>,
    },
    {
      accessorKey: 'active',
      header: t('carriers.status'),
      cell: ({ row: { original: c } }) => (
        <span className="button-row" data-testid="carrier-status" data-active={c.active}>
          <span className={c.active ? 'pill ok' : 'pill'}>{t(c.active ? 'carriers.active' : 'carriers.inactive')}</span>
          {mayEdit && (
            <button
              type="button"
              className="btn"
              disabled={busy === c.id}
              data-testid={`carrier-toggle-${c.code}`}
              onClick={() => void toggle(c)}
            >
              {t(c.active ? 'carriers.deactivate' : 'carriers.activate')}
            </button>
          )}
        </span>
      ),
    },
  ];

  let body;
  if (carriers.isPending) body = <p className="muted">{t('carriers.loading')}</p>;
  else if (carriers.isError)
    body = (
      <div className="card" role="alert">
        <p className="form-error">{t('carriers.error')}</p>
        <button type="button" className="btn" onClick={() => void carriers.refetch()}>
          {t('carriers.retry')}
        </button>
      </div>
    );
  else if (carriers.data.length === 0)
    body = (
      <p className="grid-state empty" data-testid="carriers-empty">
        {t('carriers.empty')}
      </p>
    );
  else {
    const rows = carriers.data;
    body = (
      <DataGrid<Carrier>
        id={GRID}
        columns={columns}
        // The grid pages the list in memory; a new answer is a new filter key, so it re-reads.
        filters={{ at: carriers.dataUpdatedAt }}
        fetchPage={async (q) => localPage(rows, q)}
        onRowOpen={edit}
      />
    );
  }

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('carriers.title')}</h1>
        {mayEdit && (
          <div className="button-row">
            <button type="button" className="btn" data-testid="carrier-add" onClick={() => edit('new')}>
              {t('carriers.add')}
            </button>
          </div>
        )}
      </div>
      <p className="muted">{t('carriers.intro')}</p>
      {!mayEdit && <p className="notice">{t('carriers.readOnly')}</p>}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <EditingForm editing={editing}>{(row) => <CarrierForm row={row} mayEdit={mayEdit} onDone={done} />}</EditingForm>
      {body}
    </div>
  );
}
