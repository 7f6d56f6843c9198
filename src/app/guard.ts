import type { Action, Subject } from '../../domain/permissions';
import { can } from '../../domain/permissions';
import { useSession } from './session';

/** Spec §6: a screen needs its resource+action; `Auth` screens need only a signed-in user. */
export function mayOpen(screen: { resource: Subject; action: Action }): boolean {
  const user = useSession.getState().user;
  if (!user) return false;
  if (screen.resource === 'Auth') return true;
  return (
    can(user.ability, screen.action, screen.resource) || (user.extendedResources as string[]).includes(screen.resource)
  );
}
