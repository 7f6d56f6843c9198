/** Grant and revoke resource actions of one role; only resources the role's company type may hold. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { grantableResourceSchema, roleDetailSchema } from '../../../domain/schemas/roles';
import { getAs } from '../../api/typed';
import { ACTIONS, can } from '../../../domain/permissions';
import { del, post } from '../../api/client';
import { useSession } from '../../app/session';

export default function RolePermissionsPage() {
  const { t } = useTranslation();
  const { roleId, roleName } = useParams({ strict: false }) as { roleId: string; roleName: string };
  const user = useSession((s) => s.user)!;
  const qc = useQueryClient();
  const role = useQuery({
    queryKey: ['role', roleId],
    queryFn: () => getAs(`/api/user-management/role/${roleId}`, roleDetailSchema),
  });
  const resources = useQuery({
    queryKey: ['resources', role.data?.companyId],
    enabled: !!role.data,
    queryFn: () =>
      getAs('/api/user-management/resource', z.array(grantableResourceSchema), {
        query: { companyId: role.data!.companyId },
      }),
  });
  const editable = can(user.ability, 'update', 'roleManagement');
  const toggle = async (resource: string, action: string) => {
    const existing = role.data?.grants.find((g) => g.resource === resource && g.action === action);
    if (existing) await del(`/api/user-management/role-resource-action/${existing.id}`).catch(() => undefined);
    else
      await post('/api/user-management/role-resource-action', { roleId: Number(roleId), resource, action }).catch(
        () => undefined,
      );
    await qc.invalidateQueries({ queryKey: ['role', roleId] });
  };
  if (!role.data || !resources.data)
    return (
      <div className="page">
        <p>{t('app.loading')}</p>
      </div>
    );
  const all = role.data.grants.some((g) => g.resource === 'all' && g.action === 'manage');
  return (
    <div className="page">
      <p>
        <Link to="/apps/user-management/roles">← {t('roles.back')}</Link>
      </p>
      <h1>
        {t('roles.permissions')}: {decodeURIComponent(roleName)}
      </h1>
      <div className="table-wrap card">
        <table>
          <thead>
            <tr>
              <th>{t('roles.resource')}</th>
              {ACTIONS.map((a) => (
                <th key={a}>{t(`permissions.actions.${a}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {resources.data.map((r) => (
              <tr key={r.resource}>
                <td title={r.resource}>{t(`permissions.resources.${r.resource}`, { defaultValue: r.resource })}</td>
                {ACTIONS.map((a) => {
                  const granted = all || role.data!.grants.some((g) => g.resource === r.resource && g.action === a);
                  return (
                    <td key={a}>
                      <input
                        type="checkbox"
                        aria-label={`${t(`permissions.resources.${r.resource}`, { defaultValue: r.resource })}: ${t(`permissions.actions.${a}`)}`}
                        data-grant={`${r.resource}:${a}`}
                        checked={granted}
                        disabled={!editable || all}
                        onChange={() => void toggle(r.resource, a)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
