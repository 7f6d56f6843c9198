/**
 * Access tokens by store, in this process: each provider's short-lived token (Amazon's hour,
 * Walmart's fifteen minutes, eBay's two hours) is reused until a minute before it expires, so a
 * burst of calls costs one token exchange. Anything that changes a store's credentials forgets it.
 *
 * A token is kept under its issuer (the provider and the address its tokens come from) and the
 * store: a store id names one store only within one database, and a process can serve more than
 * one (the test suites run many servers in one worker, each with its own sandbox).
 */
import { ProviderFailure } from './http.js';

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}
const tokens = new Map<string, CachedToken>();
const key = (issuer: string, storeId: number) => `${issuer}:${storeId}`;
const EARLY_MS = 60_000;

export function cachedToken(issuer: string, storeId: number, now: number): string | null {
  const t = tokens.get(key(issuer, storeId));
  return t && t.expiresAt - EARLY_MS > now ? t.accessToken : null;
}

export function cacheToken(issuer: string, storeId: number, accessToken: string, expiresAt: number): void {
  tokens.set(key(issuer, storeId), { accessToken, expiresAt });
}

/** Forgets the store's tokens with every provider (new credentials, a refusal, the store removed). */
export function forgetToken(storeId: number): void {
  for (const k of tokens.keys()) if (k.endsWith(`:${storeId}`)) tokens.delete(k);
}

/**
 * A store's access token: the cached one, or a fresh one from `exchange`. The provider refusing
 * the exchange is the store's credentials gone wrong (an 'auth' failure: reconnect), not a glitch
 * to retry.
 */
export async function storeAccessToken(
  issuer: string,
  storeId: number,
  now: number,
  exchange: () => Promise<{ access_token: string; expires_in: number }>,
  onToken?: (expiresAt: Date) => Promise<void> | void,
): Promise<string> {
  const cached = cachedToken(issuer, storeId, now);
  if (cached) return cached;
  const token = await exchange().catch((err: unknown) => {
    if (err instanceof ProviderFailure && err.kind === 'refused')
      throw new ProviderFailure('auth', err.provider, err.operation, err.messages, err.status);
    throw err;
  });
  const expiresAt = now + token.expires_in * 1000;
  cacheToken(issuer, storeId, token.access_token, expiresAt);
  await onToken?.(new Date(expiresAt));
  return token.access_token;
}
