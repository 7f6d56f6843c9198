import { isClientAudience } from '../../domain/enums';
import type { Action, Subject } from '../../domain/permissions';
import { can } from '../../domain/permissions';
import { useSession } from './session';

/**
 * Spec §6: a screen needs its resource+action; `Auth` screens need only a signed-in user. A
 * warehouse-only screen (floor work the server refuses to clients whatever their role grants) is
 * never offered to a client audience.
 */
export function mayOpen(screen: { resource: Subject; action: Action; warehouseOnly?: boolean }): boolean {
  const user = useSession.getState().user;
  if (!user) return false;
  if (screen.warehouseOnly && isClientAudience(user.audience)) return false;
  if (screen.resource === 'Auth') return true;
  return (
    can(user.ability, screen.action, screen.resource) || (user.extendedResources as string[]).includes(screen.resource)
  );
}
