import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { tenantPageSchema, type TenantRow } from '../../../domain/schemas/company';
import { getAs } from '../../api/typed';
import { DataGrid } from '../../ui/DataGrid';
import { formatDate } from '../../../domain/format';

export default function TenantsPage() {
  const { t, i18n } = useTranslation();
  const columns: ColumnDef<TenantRow, unknown>[] = [
    { accessorKey: 'key', header: t('tenants.key') },
    { accessorKey: 'name', header: t('tenants.name') },
    { accessorKey: 'status', header: t('tenants.status'), cell: ({ getValue }) => t(`status.${String(getValue())}`) },
    {
      accessorKey: 'createdAt',
      header: t('tenants.created'),
      cell: ({ getValue }) => formatDate(i18n.language, String(getValue())),
    },
  ];
  return (
    <div className="page">
      <h1>{t('tenants.title')}</h1>
      <DataGrid<TenantRow>
        id="tenants"
        columns={columns}
        fetchPage={(q) =>
          getAs('/api/organization/tenant', tenantPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q },
            background: true,
          })
        }
      />
    </div>
  );
}
