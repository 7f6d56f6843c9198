/**
 * The OAuth round trip every marketplace that signs sellers in on its own page shares (Amazon,
 * eBay, Shopify): a one-use `state` tied to the store goes out with the seller; the provider
 * sends the browser back to the store's callback with a code; the code becomes the store's sealed
 * credential. The callback carries no Dockside token, so the state alone names the store, and is
 * spent on first use.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  providerOf,
  secretHint,
  type Provider,
  type StoreCredentials,
  type StoreMarketplace,
} from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { stores } from '../../db/schema/index.js';
import { seal } from '../../crypto/secret-box.js';
import { businessRule } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { forgetToken } from '../../integrations/token-cache.js';
import { credentialsOf, storeRecord, type StoreRecord } from './service.js';

export const callbackPath = (provider: Provider) => `/api/common/stores/${provider}/callback`;

/** Where the provider sends the seller back (this server's public address, else the caller's). */
export const callbackUrl = (deps: Deps, provider: Provider, origin: string) =>
  `${deps.config.publicUrl ?? origin}${callbackPath(provider)}`;

const NAMES: Record<Provider, string> = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay', shopify: 'Shopify' };

/** The store in scope, checked to be of the provider, with a fresh one-use state saved on it. */
export async function startAuthorization(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  provider: Provider,
): Promise<{ store: StoreRecord; state: string }> {
  const store = await storeRecord(deps.db, ctx, storeId);
  if (providerOf(store.marketplace as StoreMarketplace) !== provider)
    throw businessRule(`This store is not a ${NAMES[provider]} store`);
  const state = `${store.id}.${randomBytes(24).toString('base64url')}`;
  await deps.db.update(stores).set({ oauthState: state }).where(eq(stores.id, store.id));
  return { store, state };
}

export interface Granted {
  /** The credentials the code was exchanged for (merged over what the store holds). */
  credentials: StoreCredentials;
  /** The secret whose last four characters identify it. */
  newest: string;
  sellerId?: string | null;
  tokenExpiresAt?: Date | null;
}

/** Where Merchant Connect should go next, with what happened. */
const screen = (params: Record<string, string>) =>
  `/apps/account/merchant-connect?${new URLSearchParams(params).toString()}`;

/**
 * The provider's redirect back: checks and spends the state, then exchanges the code. Answers the
 * screen to send the browser to; every failure is said there and left on the store.
 */
export async function finishAuthorization(
  deps: Deps,
  provider: Provider,
  q: {
    state?: string;
    denied: boolean;
    /** The provider refused the request itself (not the seller): what to say, or null. */
    refused?: (store: StoreRecord) => string | null;
  },
  exchange: (store: StoreRecord) => Promise<Granted>,
): Promise<string> {
  const storeId = Number(q.state?.split('.')[0]);
  if (!q.state || !Number.isInteger(storeId))
    return screen({ error: 'The authorisation came back without its state; start again' });
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, storeId));
  if (!store || store.oauthState !== q.state || providerOf(store.marketplace as StoreMarketplace) !== provider)
    return screen({ error: 'This authorisation link was already used or has expired; start again' });
  await deps.db.update(stores).set({ oauthState: null }).where(eq(stores.id, store.id));
  const refusal = q.refused?.(store);
  if (refusal) {
    await deps.db.update(stores).set({ lastError: refusal }).where(eq(stores.id, store.id));
    return screen({ store: String(store.id), error: refusal });
  }
  if (q.denied) {
    // Nothing changed: the credentials on file are the store's still. A connected store stays
    // connected with no error to show (cancelling a reconnect is no failure); any other keeps
    // what it said before (a store needing reconnection still needs it).
    if (store.connection === 'connected')
      await deps.db.update(stores).set({ lastError: null }).where(eq(stores.id, store.id));
    return screen({ store: String(store.id), cancelled: provider });
  }
  try {
    const granted = await exchange(store);
    const creds = { ...credentialsOf(deps, store), ...granted.credentials };
    forgetToken(store.id);
    await deps.db.transaction(async (tx) => {
      const now = new Date().toISOString();
      await tx
        .update(stores)
        .set({
          sealedCredentials: seal(deps.config.jwtSecret, JSON.stringify(creds)),
          credentialHint: secretHint(granted.newest),
          sellerId: granted.sellerId ?? store.sellerId,
          connection: 'connected',
          lastSuccessAt: now,
          lastError: null,
          tokenExpiresAt: granted.tokenExpiresAt?.toISOString() ?? null,
          updatedAt: now,
        })
        .where(eq(stores.id, store.id));
      await audit(tx, { tenantId: store.tenantId, userId: null }, 'store', store.id, 'update', null, {
        connected: provider,
        sellerId: granted.sellerId ?? store.sellerId,
        credentialHint: secretHint(granted.newest),
      });
    });
    return screen({ store: String(store.id), connected: provider });
  } catch (err) {
    const message = err instanceof ProviderFailure ? err.messages.join('; ') : (err as Error).message;
    await deps.db.update(stores).set({ lastError: message }).where(eq(stores.id, store.id));
    return screen({ store: String(store.id), error: message });
  }
}
