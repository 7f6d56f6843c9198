/**
 * Access tokens by store, in this process: each provider's short-lived token (Amazon's hour,
 * Walmart's fifteen minutes, eBay's two hours) is reused until a minute before it expires, so a
 * burst of calls costs one token exchange. Anything that changes a store's credentials forgets it.
 */
interface CachedToken {
  accessToken: string;
  expiresAt: number;
}
const tokens = new Map<string, CachedToken>();
const key = (provider: string, storeId: number) => `${provider}:${storeId}`;
const EARLY_MS = 60_000;

export function cachedToken(provider: string, storeId: number, now: number): string | null {
  const t = tokens.get(key(provider, storeId));
  return t && t.expiresAt - EARLY_MS > now ? t.accessToken : null;
}

export function cacheToken(provider: string, storeId: number, accessToken: string, expiresAt: number): void {
  tokens.set(key(provider, storeId), { accessToken, expiresAt });
}

/** Forgets the store's tokens with every provider (new credentials, a refusal, the store removed). */
export function forgetToken(storeId: number): void {
  for (const k of tokens.keys()) if (k.endsWith(`:${storeId}`)) tokens.delete(k);
}
