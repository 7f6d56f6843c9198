/**
 * The sandboxes' own credentials: codes and tokens that carry their account and expiry, signed
 * with a key derived from the server secret — so a sandbox can tell its own tokens from forged or
 * expired ones without a table, as the real providers can.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'dockside-sandbox', 'sandbox-tokens/v1', 32));

export interface SandboxClaims {
  /** The seller account the token acts for. */
  account: string;
  /** What the token is: 'code', 'refresh' or 'access'. */
  use: string;
  /** Expiry, epoch ms (0: never). */
  exp: number;
  /** OAuth scopes granted, space-separated, where the provider scopes its tokens (eBay). */
  scope?: string;
}

export function signToken(secret: string, prefix: string, claims: SandboxClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', keyOf(secret)).update(`${prefix}${body}`).digest('base64url');
  return `${prefix}${body}.${mac}`;
}

export function verifyToken(
  secret: string,
  prefix: string,
  token: string,
  use: string,
  now: number,
): SandboxClaims | null {
  if (!token.startsWith(prefix)) return null;
  const [body, mac] = token.slice(prefix.length).split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(`${prefix}${body}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SandboxClaims;
    if (claims.use !== use || typeof claims.account !== 'string') return null;
    if (claims.exp && claims.exp < now) return null;
    return claims;
  } catch {
    return null;
  }
}
