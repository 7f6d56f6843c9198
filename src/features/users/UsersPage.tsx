/** Users of the caller's scope: list, create with a role of the company, change role, disable. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../domain/permissions';
import { ApiFailure, post, put } from '../../api/client';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { getAs } from '../../api/typed';
import { authoritySchema, userPageSchema, type UserRow } from '../../../domain/schemas/users';
import { z } from 'zod';
import { formatDateTime } from '../../../domain/format';

type RoleOption = z.infer<typeof authoritySchema>;

function CreateUser({ roles, onDone }: { roles: RoleOption[]; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user)!;
  const own = roles.filter((r) => r.companyId === user.companyId);
  const [f, setF] = useState({ username: '', fullname: '', email: '', password: '', roleId: own[0]?.id ?? 0 });
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    try {
      await post('/api/users', { ...f, roleId: Number(f.roleId) }, { quiet: true });
      onDone();
    } catch (err) {
      setErrors(err instanceof ApiFailure ? err.messages : [String(err)]);
    }
  };
  const input = (k: 'username' | 'fullname' | 'email' | 'password', label: string, type = 'text') => (
    <label>
      {label}
      <input name={k} type={type} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
    </label>
  );
  return (
    <form className="form card" data-testid="create-user" onSubmit={(e) => void submit(e)}>
      <h2>{t('userForm.create')}</h2>
      <div className="form-grid">
        {input('username', t('users.username'))}
        {input('fullname', t('users.fullname'))}
        {input('email', t('users.email'), 'email')}
        {input('password', t('auth.password'), 'password')}
        <label>
          {t('userForm.role')}
          <select name="roleId" value={f.roleId} onChange={(e) => setF({ ...f, roleId: Number(e.target.value) })}>
            {own.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {errors.map((m) => (
        <p key={m} className="form-error" role="alert">
          {m}
        </p>
      ))}
      <div className="form-actions">
        <button type="submit" className="btn primary">
          {t('userForm.save')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('clients.cancel')}
        </button>
      </div>
    </form>
  );
}

export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const me = useSession((s) => s.user)!;
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const roles = useQuery({
    queryKey: ['authorities'],
    queryFn: () => getAs('/api/users/authorities', z.array(authoritySchema), { background: true }),
  });
  const mayEdit = can(me.ability, 'update', 'myCompany') || can(me.ability, 'update', 'clients');
  const refresh = () => void qc.invalidateQueries({ queryKey: ['users'] });
  const columns: ColumnDef<UserRow, unknown>[] = [
    { accessorKey: 'username', header: t('users.username') },
    { accessorKey: 'fullname', header: t('users.fullname') },
    { accessorKey: 'email', header: t('users.email') },
    { accessorKey: 'companyName', header: t('users.company') },
    {
      accessorKey: 'roleName',
      header: t('users.role'),
      cell: ({ row }) =>
        mayEdit && row.original.id !== me.id ? (
          <select
            aria-label={`${t('users.role')} ${row.original.username}`}
            value={row.original.roleId}
            onChange={async (e) => {
              await put(`/api/users/${row.original.id}`, { roleId: Number(e.target.value) }).catch(() => undefined);
              refresh();
            }}
          >
            {(roles.data ?? [])
              .filter((r) => r.companyId === row.original.companyId)
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
          </select>
        ) : (
          row.original.roleName
        ),
    },
    {
      accessorKey: 'status',
      header: t('users.status'),
      cell: ({ row }) => (
        <span className="cell-actions">
          {t(`status.${row.original.status}`)}
          {mayEdit && row.original.id !== me.id && (
            <button
              type="button"
              className="btn small"
              onClick={async () => {
                await put(`/api/users/${row.original.id}`, {
                  status: row.original.status === 'disabled' ? 'active' : 'disabled',
                }).catch(() => undefined);
                refresh();
              }}
            >
              {row.original.status === 'disabled' ? t('userForm.enable') : t('userForm.disable')}
            </button>
          )}
        </span>
      ),
    },
    {
      accessorKey: 'lastLoginAt',
      header: t('users.lastLogin'),
      cell: ({ getValue }) => (getValue() ? formatDateTime(i18n.language, String(getValue())) : '–'),
    },
  ];
  return (
    <div className="page">
      <h1>{t('users.title')}</h1>
      {creating && roles.data && (
        <CreateUser
          roles={roles.data}
          onDone={() => {
            setCreating(false);
            refresh();
          }}
        />
      )}
      <DataGrid<UserRow>
        id="users"
        columns={columns}
        fetchPage={(q) =>
          getAs('/api/users', userPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q },
            background: true,
          })
        }
        toolbar={
          can(me.ability, 'create', 'myCompany') && !creating ? (
            <button type="button" className="btn primary" onClick={() => setCreating(true)}>
              {t('userForm.create')}
            </button>
          ) : undefined
        }
      />
    </div>
  );
}
