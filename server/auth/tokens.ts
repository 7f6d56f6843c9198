/** Access tokens (JWT, HS256, `exp` in seconds) and opaque refresh tokens (stored hashed). */
import { createHash, randomBytes } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/schemas/auth.js';

export interface AccessClaims {
  sub: string;
  tid: number;
  sid: string;
  iat: number;
  exp: number;
  typ: 'access';
}

export async function signAccessToken(
  secret: string,
  claims: { userId: number; tenantId: number; sessionId: string },
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: AccessClaims = {
    sub: String(claims.userId),
    tid: claims.tenantId,
    sid: claims.sessionId,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    typ: 'access',
  };
  return sign({ ...payload }, secret, 'HS256');
}

/** Verifies signature and expiry; null for anything forged, expired or malformed. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.tid !== 'number') return null;
    return payload as unknown as AccessClaims;
  } catch {
    return null;
  }
}

export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
