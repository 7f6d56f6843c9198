import type { ColumnDef } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCES, COMPANY_STATUSES, UNIT_SIZE_FILTERS } from '../../../domain/enums';
import { can } from '../../../domain/permissions';
import { companyPageSchema, type CompanyRow } from '../../../domain/schemas/company';
import { ApiFailure, post, put } from '../../api/client';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';

function StatusSelect({ row }: { row: CompanyRow }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const user = useSession((s) => s.user)!;
  if (!can(user.ability, 'update', 'clients'))
    return <span className={`pill status-${row.status}`}>{t(`status.${row.status}`)}</span>;
  return (
    <select
      aria-label={t('clients.changeStatus')}
      value={row.status}
      onChange={async (e) => {
        await post(`/api/company/${row.id}/status`, { status: e.target.value }).catch(() => undefined);
        await qc.invalidateQueries({ queryKey: ['clients'] });
      }}
    >
      {COMPANY_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`status.${s}`)}
        </option>
      ))}
    </select>
  );
}

/** A client's audience (spec §6: which menu entries it gets), changed by the warehouse in place. */
function AudienceSelect({ row }: { row: CompanyRow }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const user = useSession((s) => s.user)!;
  if (!can(user.ability, 'update', 'clients'))
    return <span title={t(`enums.audienceHints.${row.audience}`)}>{t(`enums.audiences.${row.audience}`)}</span>;
  return (
    <select
      name="audience"
      aria-label={t('clients.changeAudience', { name: row.name })}
      title={t(`enums.audienceHints.${row.audience}`)}
      value={row.audience}
      onChange={async (e) => {
        await put(`/api/company/${row.id}`, { audience: e.target.value }).catch(() => undefined);
        await qc.invalidateQueries({ queryKey: ['clients'] });
      }}
    >
      {AUDIENCES.filter((a) => a !== 'Warehouse').map((a) => (
        <option key={a} value={a} title={t(`enums.audienceHints.${a}`)}>
          {t(`enums.audiences.${a}`)}
        </option>
      ))}
    </select>
  );
}

function CreateClient({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState({
    name: '',
    audience: 'Customer',
    email: '',
    fullname: '',
    username: '',
    userEmail: '',
    password: '',
  });
  const [errors, setErrors] = useState<string[]>([]);
  const input = (k: keyof typeof f, label: string, type = 'text') => (
    <label>
      {label}
      <input name={k} type={type} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    try {
      await post(
        '/api/company',
        {
          name: f.name,
          audience: f.audience,
          email: f.email || undefined,
          firstUser: { fullname: f.fullname, username: f.username, email: f.userEmail, password: f.password },
        },
        { quiet: true },
      );
      onDone();
    } catch (err) {
      setErrors(err instanceof ApiFailure ? err.messages : [String(err)]);
    }
  };
  return (
    <form className="form card" onSubmit={(e) => void submit(e)} data-testid="create-client">
      <h2>{t('clients.create')}</h2>
      <div className="form-grid">
        {input('name', t('clients.name'))}
        <label>
          {t('clients.audience')}
          <select name="audience" value={f.audience} onChange={(e) => setF({ ...f, audience: e.target.value })}>
            {AUDIENCES.filter((a) => a !== 'Warehouse').map((a) => (
              <option key={a} value={a} title={t(`enums.audienceHints.${a}`)}>
                {t(`enums.audiences.${a}`)}
              </option>
            ))}
          </select>
        </label>
        {input('email', t('clients.email'), 'email')}
      </div>
      <h3>{t('clients.firstUser')}</h3>
      <div className="form-grid">
        {input('fullname', t('auth.fullname'))}
        {input('username', t('auth.username'))}
        {input('userEmail', t('auth.email'), 'email')}
        {input('password', t('auth.password'), 'password')}
      </div>
      {errors.map((m) => (
        <p key={m} className="form-error" role="alert">
          {m}
        </p>
      ))}
      <div className="form-actions">
        <button type="submit" className="btn primary">
          {t('clients.save')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('clients.cancel')}
        </button>
      </div>
    </form>
  );
}

export default function ClientsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user)!;
  const qc = useQueryClient();
  const [status, setStatus] = useState('');
  const [minUnits, setMinUnits] = useState(0);
  const [creating, setCreating] = useState(false);
  const columns: ColumnDef<CompanyRow, unknown>[] = [
    { accessorKey: 'name', header: t('clients.name') },
    { accessorKey: 'accountNo', header: t('clients.account') },
    {
      accessorKey: 'audience',
      header: t('clients.audience'),
      enableSorting: false,
      cell: ({ row }) => <AudienceSelect row={row.original} />,
    },
    { accessorKey: 'unitCount', header: t('clients.units') },
    { accessorKey: 'userCount', header: t('clients.users'), enableSorting: false },
    { accessorKey: 'email', header: t('clients.email'), enableSorting: false },
    { accessorKey: 'status', header: t('clients.status'), cell: ({ row }) => <StatusSelect row={row.original} /> },
  ];
  return (
    <div className="page">
      <h1>{t('clients.title')}</h1>
      {creating && (
        <CreateClient
          onDone={() => {
            setCreating(false);
            void qc.invalidateQueries({ queryKey: ['clients'] });
          }}
        />
      )}
      <DataGrid<CompanyRow>
        id="clients"
        columns={columns}
        filters={{ status, minUnits }}
        fetchPage={(q) =>
          getAs('/api/company', companyPageSchema, {
            query: { ...q, status, minUnits: minUnits || undefined },
            background: true,
          })
        }
        toolbar={
          <>
            <select aria-label={t('clients.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('grid.all')}</option>
              {COMPANY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('clients.unitSize')}
              value={minUnits}
              onChange={(e) => setMinUnits(Number(e.target.value))}
            >
              {UNIT_SIZE_FILTERS.map((u) => (
                <option key={u} value={u}>
                  {u === 0 ? t('grid.all') : `${u}+`}
                </option>
              ))}
            </select>
            {can(user.ability, 'create', 'clients') && !creating && (
              <button type="button" className="btn primary" onClick={() => setCreating(true)}>
                {t('clients.create')}
              </button>
            )}
          </>
        }
      />
    </div>
  );
}
