/** Sign-in with password and optional TOTP, with slow-down on repeated failures. */
import { eq } from 'drizzle-orm';
import type { MfaVerify, SignIn, Tokens } from '../../../domain/schemas/auth.js';
import type { Deps } from '../../context.js';
import { audit } from '../../audit.js';
import { loadPrincipal } from '../../auth/principal.js';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords.js';
import { verifyTotp } from '../../auth/totp.js';
import { tenants, users } from '../../db/schema/index.js';
import { tooManyRequests, unauthorized, refusal } from '../../http/errors.js';
import { startSession } from './sessions.js';

/** After this many consecutive failures the account waits 2^(n−FREE) s (capped) before the next try. */
const FREE_FAILURES = 5;
const MAX_LOCK_SECONDS = 15 * 60;
const INVALID = refusal('refusals.invalidCredentials');

type UserRow = typeof users.$inferSelect;

async function recordFailure(deps: Deps, user: UserRow): Promise<void> {
  const failed = user.failedLogins + 1;
  const lockSeconds = failed >= FREE_FAILURES ? Math.min(2 ** (failed - FREE_FAILURES + 1), MAX_LOCK_SECONDS) : 0;
  await deps.db
    .update(users)
    .set({
      failedLogins: failed,
      lockedUntil: lockSeconds ? new Date(deps.now().getTime() + lockSeconds * 1000).toISOString() : null,
    })
    .where(eq(users.id, user.id));
}

/** Steps 1–3 shared by both sign-in calls: find, throttle, check the password and account state. */
async function checkCredentials(deps: Deps, input: SignIn): Promise<UserRow> {
  const [row] = await deps.db
    .select({ user: users, tenantKey: tenants.key })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.username, input.username));
  if (!row || (input.tenantKey && input.tenantKey.toLowerCase() !== row.tenantKey)) {
    await verifyPassword(input.password, await dummyPasswordHash()); // same cost whether or not the user exists
    throw unauthorized(INVALID);
  }
  const user = row.user;
  const now = deps.now().getTime();
  if (user.lockedUntil && Date.parse(user.lockedUntil) > now) {
    throw tooManyRequests(refusal('refusals.tooManySignIns'), (Date.parse(user.lockedUntil) - now) / 1000);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await recordFailure(deps, user);
    throw unauthorized(INVALID);
  }
  if (user.status === 'pending') throw unauthorized(refusal('refusals.notActivated'));
  if (user.status !== 'active') throw unauthorized(refusal('refusals.accountDisabled'));
  return user;
}

async function completeSignIn(deps: Deps, user: UserRow, userAgent?: string, mfaStep?: number): Promise<Tokens> {
  const principal = await loadPrincipal(deps.db, user.id);
  if (!principal) throw unauthorized(INVALID);
  if (principal.tenantStatus === 'Suspended' || principal.companyStatus === 'Suspended') {
    throw unauthorized(refusal('refusals.accountSuspended'));
  }
  await deps.db
    .update(users)
    .set({
      failedLogins: 0,
      lockedUntil: null,
      lastLoginAt: deps.now().toISOString(),
      ...(mfaStep ? { mfaLastStep: mfaStep } : {}),
    })
    .where(eq(users.id, user.id));
  await audit(
    deps.db,
    { tenantId: user.tenantId, companyId: user.companyId, userId: user.id },
    'user',
    user.id,
    'sign-in',
    null,
    {
      mfa: mfaStep !== undefined,
    },
  );
  return startSession(deps, principal, userAgent);
}

export async function signIn(deps: Deps, input: SignIn, userAgent?: string): Promise<Tokens | { mfaRequired: true }> {
  const user = await checkCredentials(deps, input);
  if (user.mfaEnabled) return { mfaRequired: true };
  return completeSignIn(deps, user, userAgent);
}

export async function signInWithMfa(deps: Deps, input: MfaVerify, userAgent?: string): Promise<Tokens> {
  const user = await checkCredentials(deps, input);
  if (!user.mfaEnabled || !user.mfaSecret) return completeSignIn(deps, user, userAgent);
  const step = verifyTotp(user.mfaSecret, input.mfaCode, deps.now());
  // A code is good once: replaying the last accepted step is refused like a wrong code.
  if (step === null || (user.mfaLastStep !== null && step <= user.mfaLastStep)) {
    await recordFailure(deps, user);
    throw unauthorized(refusal('refusals.mfaInvalid'));
  }
  return completeSignIn(deps, user, userAgent, step);
}
