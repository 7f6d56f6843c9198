import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isClientAudience } from '../../../domain/enums';
import { roleManagerSchema, type RoleManager } from '../../../domain/schemas/users';
import { getAs } from '../../api/typed';
import type { Refusal } from '../../app/guard';
import { useSession } from '../../app/session';

function ErrorPage({
  title,
  text,
  missing,
  children,
}: {
  title: string;
  text: string;
  /** The right the page names as missing (for tests and support: the resource key and action). */
  missing?: { resource: string; action: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <main className="error-page">
      <h1>{title}</h1>
      <p data-testid="error-text" data-resource={missing?.resource} data-action={missing?.action}>
        {text}
      </p>
      {children}
      <Link to="/" className="btn primary">
        {t('errors.home')}
      </Link>
    </main>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage title={t('errors.notFoundTitle')} text={t('errors.notFound')} />;
}

/** Who in one's own company may change its roles; nothing (and no complaint) when that cannot be asked. */
function useRoleManagers(wanted: boolean): RoleManager[] {
  const [managers, setManagers] = useState<RoleManager[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    getAs('/api/users/role-managers', z.array(roleManagerSchema), { quiet: true, background: true })
      .then((list) => live && setManagers(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return managers;
}

/**
 * The page a screen's guard sends to (src/app/router.tsx): it names the right the user's role
 * lacks — in words, the resource's label and the action — and who can add it to the role.
 */
export function NotAuthorizedPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { refusal, screenTitle } = useRouterState({
    select: (s) => ({
      refusal: s.location.state.refusal as Refusal | undefined,
      screenTitle: s.location.state.screenTitle,
    }),
    structuralSharing: true,
  });
  const missing = refusal?.kind === 'right' && refusal.resource ? refusal : null;
  const managers = useRoleManagers(!!user && !!missing);
  const title = t('errors.notAuthorizedTitle');

  if (refusal?.kind === 'warehouseOnly') return <ErrorPage title={title} text={t('errors.warehouseOnly')} />;
  if (!missing || !missing.resource || !user) return <ErrorPage title={title} text={t('errors.notAuthorized')} />;

  const right = t(`permissions.resources.${missing.resource}`, { defaultValue: missing.resource });
  const action = t(`permissions.actions.${missing.action}`, { defaultValue: missing.action });
  const where = `${t('nav.Account')} › ${t('nav.RoleManagement')}`;
  const others = managers.filter((m) => m.id !== user.id);
  return (
    <ErrorPage
      title={title}
      missing={{ resource: missing.resource, action: missing.action }}
      text={
        screenTitle
          ? t('errors.missingRight', { right, action, role: user.role.roleName, page: t(screenTitle) })
          : t('errors.missingRightHere', { right, action, role: user.role.roleName })
      }
    >
      <p data-testid="who-grants">
        {t(isClientAudience(user.audience) ? 'errors.askClientAdmin' : 'errors.askWarehouseAdmin', { where })}
        {others.length > 0 && (
          <> {t('errors.roleManagers', { names: others.map((m) => m.fullname || m.username).join(', ') })}</>
        )}
      </p>
    </ErrorPage>
  );
}
