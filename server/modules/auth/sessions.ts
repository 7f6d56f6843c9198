/**
 * Sessions: one refresh-token family per sign-in. Rotation claims the presented token atomically
 * (UPDATE … WHERE rotated_at IS NULL), so two concurrent refreshes cannot both succeed; presenting
 * an already-rotated token is treated as theft and revokes the whole family.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_SECONDS, type Tokens } from '../../../domain/schemas/auth.js';
import type { Deps } from '../../context.js';
import { refreshTokens } from '../../db/schema/index.js';
import { unauthorized, refusal } from '../../http/errors.js';
import { loadPrincipal, toUserData, type Principal } from '../../auth/principal.js';
import { hashToken, newRefreshToken, signAccessToken } from '../../auth/tokens.js';

async function issue(deps: Deps, p: Principal, familyId: string, userAgent: string | undefined): Promise<Tokens> {
  const now = deps.now();
  const refreshToken = newRefreshToken();
  await deps.db.insert(refreshTokens).values({
    id: randomUUID(),
    tenantId: p.tenantId,
    userId: p.userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString(),
    userAgent: userAgent?.slice(0, 300),
  });
  const accessToken = await signAccessToken(
    deps.config.jwtSecret,
    { userId: p.userId, tenantId: p.tenantId, sessionId: familyId },
    now,
  );
  return { accessToken, refreshToken, userData: toUserData(p) };
}

export const startSession = (deps: Deps, p: Principal, userAgent?: string) => issue(deps, p, randomUUID(), userAgent);

export async function rotateSession(deps: Deps, presented: string, userAgent?: string): Promise<Tokens> {
  const now = deps.now().toISOString();
  const hash = hashToken(presented);
  const [claimed] = await deps.db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning();
  if (!claimed) {
    const [known] = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    if (known && known.rotatedAt && !known.revokedAt) {
      // Step 3 of rotation: a rotated token came back — someone else holds the chain. Revoke it all.
      await revokeFamily(deps, known.familyId);
      throw unauthorized(refusal('refusals.refreshReused'));
    }
    throw unauthorized(refusal('refusals.refreshInvalid'));
  }
  if (claimed.expiresAt < now) throw unauthorized(refusal('refusals.refreshExpired'));
  const principal = await loadPrincipal(deps.db, claimed.userId);
  if (!principal || principal.status !== 'active') throw unauthorized(refusal('refusals.accountInactive'));
  return issue(deps, principal, claimed.familyId, userAgent);
}

export async function revokeFamily(deps: Deps, familyId: string): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: deps.now().toISOString() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: revokes the presented token's session; an unknown token is not an error (idempotent). */
export async function endSession(deps: Deps, presented: string): Promise<void> {
  const [known] = await deps.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (known) await revokeFamily(deps, known.familyId);
}
