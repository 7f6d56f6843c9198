import { isClientAudience } from '../../domain/enums';
import type { Action, Resource, Subject } from '../../domain/permissions';
import { can, isResource } from '../../domain/permissions';
import { useSession } from './session';

type Screen = { resource: Subject; action: Action; warehouseOnly?: boolean };

/**
 * Why a screen does not open for the signed-in user: nobody is signed in, it is floor work only
 * warehouse staff do, or the user's role lacks the screen's right (its resource and action).
 */
export type Refusal =
  { kind: 'signedOut' } | { kind: 'warehouseOnly' } | { kind: 'right'; resource: Resource | null; action: Action };

/**
 * Spec §6: a screen needs its resource+action; `Auth` screens need only a signed-in user. A
 * warehouse-only screen (floor work the server refuses to clients whatever their role grants) is
 * never offered to a client audience. Null when the screen opens.
 */
export function refusalOf(screen: Screen): Refusal | null {
  const user = useSession.getState().user;
  if (!user) return { kind: 'signedOut' };
  if (screen.warehouseOnly && isClientAudience(user.audience)) return { kind: 'warehouseOnly' };
  if (screen.resource === 'Auth') return null;
  if (can(user.ability, screen.action, screen.resource)) return null;
  if ((user.extendedResources as string[]).includes(screen.resource)) return null;
  return { kind: 'right', resource: isResource(screen.resource) ? screen.resource : null, action: screen.action };
}

export function mayOpen(screen: Screen): boolean {
  return refusalOf(screen) === null;
}
