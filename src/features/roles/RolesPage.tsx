import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../domain/permissions';
import { post } from '../../api/client';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import type { z } from 'zod';
import { rolePageSchema, type roleRowSchema } from '../../../domain/schemas/roles';
import { getAs } from '../../api/typed';

type RoleRow = z.infer<typeof roleRowSchema>;

export default function RolesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user)!;
  const [name, setName] = useState('');
  const open = (r: RoleRow) =>
    void navigate({ to: `/apps/user-management/role-permissions/${encodeURIComponent(r.name)}/${r.id}` });
  const columns: ColumnDef<RoleRow, unknown>[] = [
    {
      accessorKey: 'name',
      header: t('roles.name'),
      cell: ({ row }) => (
        <a
          href={`/apps/user-management/role-permissions/${encodeURIComponent(row.original.name)}/${row.original.id}`}
          onClick={(e) => {
            e.preventDefault();
            open(row.original);
          }}
        >
          {row.original.name}
        </a>
      ),
    },
    { accessorKey: 'companyName', header: t('roles.company') },
    { accessorKey: 'companyType', header: t('roles.type') },
    { accessorKey: 'userCount', header: t('roles.users') },
    { accessorKey: 'isSystem', header: t('roles.system'), cell: ({ getValue }) => (getValue() ? '✓' : '') },
  ];
  const create = async (e: FormEvent) => {
    e.preventDefault();
    await post('/api/user-management/role', { name }).catch(() => undefined);
    setName('');
    await qc.invalidateQueries({ queryKey: ['roles'] });
  };
  return (
    <div className="page">
      <h1>{t('roles.title')}</h1>
      {can(user.ability, 'create', 'roleManagement') && (
        <form className="inline-form" onSubmit={(e) => void create(e)}>
          <input
            name="roleName"
            aria-label={t('roles.name')}
            placeholder={t('roles.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            minLength={2}
            required
          />
          <button type="submit" className="btn primary">
            {t('roles.create')}
          </button>
        </form>
      )}
      <DataGrid<RoleRow>
        id="roles"
        columns={columns}
        searchable={false}
        onRowOpen={open}
        fetchPage={(q) =>
          getAs('/api/user-management/role', rolePageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize },
            background: true,
          })
        }
      />
    </div>
  );
}
