/**
 * Route guards. They run before the body is validated, so an unauthenticated or unauthorised
 * caller learns nothing about the payload shape: 401 without a valid token, 403 without the ability.
 */
import type { MiddlewareHandler } from 'hono';
import { isClientAudience } from '../../domain/enums.js';
import type { Action, Subject } from '../../domain/permissions.js';
import { can } from '../../domain/permissions.js';
import type { AppEnv, Deps, RequestContext } from '../context.js';
import { forbidden, needsPermission, refusal, unauthorized } from '../http/errors.js';
import { requestLanguage } from '../i18n.js';
import { mfaSetupRequired, type Principal } from './principal.js';
import { StreamTicketBook } from './stream-tickets.js';
import { verifyAccessToken } from './tokens.js';

/** What a user who must set up two-step verification may still call: who they are, the setup, leaving. */
const MFA_SETUP_PATHS = new Set([
  '/api/account',
  '/api/account/mfa/setup',
  '/api/account/mfa/confirm',
  '/api/account/change-password',
  '/api/account/language',
  '/api/users/current-user',
  '/api/users/refresh-auth-data',
  '/api/logout',
]);

export function contextOf(p: Principal, sessionId: string): RequestContext {
  return {
    tenantId: p.tenantId,
    tenantKey: p.tenantKey,
    companyId: p.companyId,
    userId: p.userId,
    username: p.username,
    audience: p.audience,
    roleName: p.roleName,
    roleId: p.roleId,
    abilities: p.abilities,
    extendedResources: p.extendedResources,
    isClient: isClientAudience(p.audience),
    platformAdmin: p.platformAdmin,
    sessionId,
  };
}

export function makeGuards(deps: Deps) {
  const streamTickets = new StreamTicketBook();
  /** The checks every authenticated request passes, whatever carried the user's identity. */
  const enter = async (
    claims: { sub: string; tid: number; sid: string },
    c: Parameters<MiddlewareHandler<AppEnv>>[0],
    next: () => Promise<void>,
  ) => {
    const principal = await deps.principals.get(Number(claims.sub));
    if (!principal || principal.tenantId !== claims.tid) throw unauthorized(refusal('refusals.unknownUser'));
    if (principal.status !== 'active') throw unauthorized(refusal('refusals.accountInactive'));
    if (principal.tenantStatus === 'Suspended' || principal.companyStatus === 'Suspended') {
      throw unauthorized(refusal('refusals.accountSuspended'));
    }
    if (mfaSetupRequired(principal) && !MFA_SETUP_PATHS.has(c.req.path))
      throw forbidden(refusal('refusals.mfaSetupRequired'));
    c.set('ctx', { ...contextOf(principal, claims.sid), language: requestLanguage(c) });
    await next();
  };

  const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    if (!token) throw unauthorized();
    const claims = await verifyAccessToken(deps.config.jwtSecret, token);
    if (!claims) throw unauthorized(refusal('refusals.sessionExpired'));
    await enter(claims, c, next);
  };

  /** For EventSource, which cannot send an Authorization header: a one-minute, single-use ticket. */
  const authenticateStreamTicket: MiddlewareHandler<AppEnv> = async (c, next) => {
    const ticket = c.req.query('ticket');
    if (!ticket) throw unauthorized('Ask for a stream ticket first (POST /api/sync/events/ticket)');
    const claims = await streamTickets.redeem(deps.config.jwtSecret, ticket, deps.now());
    if (!claims) throw unauthorized('This stream ticket is not valid, has expired or was used already');
    await enter(claims, c, next);
  };

  /** Requires a signed-in user holding `action` on `subject` (manage implies every action). */
  const requires =
    (subject: Subject, action: Action = 'read', opts: { warehouseOnly?: boolean } = {}): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      await authenticate(c, async () => {
        const ctx = c.get('ctx');
        if (!can(ctx.abilities, action, subject)) throw forbidden(needsPermission(action, subject));
        if (opts.warehouseOnly && ctx.isClient) throw forbidden(refusal('refusals.warehouseOnly'));
        await next();
      });
    };

  /** Any one of several abilities suffices (e.g. myCompany for one's own company, clients for others). */
  const requiresAny =
    (...options: [Subject, Action][]): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      await authenticate(c, async () => {
        const ctx = c.get('ctx');
        if (!options.some(([s, a]) => can(ctx.abilities, a, s))) throw forbidden();
        await next();
      });
    };

  return { authenticate, authenticateStreamTicket, requires, requiresAny };
}

export type Guards = ReturnType<typeof makeGuards>;
