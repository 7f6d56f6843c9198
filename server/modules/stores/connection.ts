/**
 * What every store connection shares, whatever the marketplace: where this server's sandboxes
 * answer, the per-store call log for support, the transport overrides tests use, and `withStore`,
 * which keeps a store's health (connected, or "reconnect needed" when the provider refuses its
 * credentials) and turns a provider failure into the right HTTP answer.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { integrationCalls, stores } from '../../db/schema/index.js';
import { ApiError, badGateway, businessRule, providerUnavailable } from '../../http/errors.js';
import { ProviderFailure, type CallLog } from '../../integrations/http.js';
import { forgetToken } from '../../integrations/token-cache.js';
import type { StoreRecord } from './service.js';

/** This server's own address, where its sandboxes answer. */
export const sandboxBase = (deps: Deps): string =>
  deps.config.sandboxUrl ?? deps.config.publicUrl ?? `http://127.0.0.1:${deps.config.port}`;

/** Who a call is made for: a store, or the warehouse itself (its own accounts: id and company null). */
export interface CallOwner {
  id: number | null;
  tenantId: number;
  companyId: number | null;
}

/** Each call is logged for support, masked, against the store (or the warehouse's account). */
export function callLog(deps: Deps, store: CallOwner): CallLog {
  return async (r) => {
    await deps.db.insert(integrationCalls).values({
      tenantId: store.tenantId,
      companyId: store.companyId,
      storeId: store.id,
      provider: r.provider,
      operation: r.operation,
      method: r.method,
      url: r.url,
      status: r.status,
      durationMs: r.durationMs,
      attempt: r.attempt,
      error: r.error,
      requestExcerpt: r.requestExcerpt,
      responseExcerpt: r.responseExcerpt,
    });
  };
}

export interface ClientDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}
/** Tests and benches substitute the transport's timing; production uses the defaults. */
export const clientOverrides: ClientDeps = {};

/**
 * A store record on trial: credentials not saved yet, tried before they replace the store's. Its
 * access tokens are cached under a key of the trial's own (the store's working token must not
 * answer for them, nor theirs outlive the trial), and their expiry is kept here instead of on
 * the store.
 */
export type StoreOnTrial = StoreRecord & { trial?: { key: number; tokenExpiresAt: Date | null } };

let trials = 0;
/** The store with other credentials, on trial (nothing about it is saved). */
export const onTrial = (store: StoreRecord, sealedCredentials: string): StoreOnTrial => ({
  ...store,
  sealedCredentials,
  // Store ids are positive: a negative key is never a store's, and each trial has its own.
  trial: { key: -++trials, tokenExpiresAt: null },
});

/** How a provider client for the store keeps its access token: on the store, or apart while on trial. */
export function tokenKeeping(deps: Deps, store: StoreOnTrial) {
  const trial = store.trial;
  return {
    storeId: trial ? trial.key : store.id,
    onToken: async (expiresAt: Date) => {
      if (trial) trial.tokenExpiresAt = expiresAt;
      else await deps.db.update(stores).set({ tokenExpiresAt: expiresAt.toISOString() }).where(eq(stores.id, store.id));
    },
  };
}

/**
 * Runs provider work for a store and keeps its health: a success marks it connected; Amazon
 * refusing the token marks it "reconnect needed" (jobs then stop retrying it); every failure
 * leaves its plain-words message on the store and becomes the right HTTP answer.
 */
export async function withStore<T>(deps: Deps, store: StoreRecord, work: () => Promise<T>): Promise<T> {
  try {
    const value = await work();
    await deps.db
      .update(stores)
      .set({ connection: 'connected', lastSuccessAt: new Date().toISOString(), lastError: null })
      .where(eq(stores.id, store.id));
    return value;
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    const message = err.messages.join('; ');
    await deps.db
      .update(stores)
      .set({ ...(err.kind === 'auth' ? { connection: 'reconnect_needed' } : {}), lastError: message })
      .where(eq(stores.id, store.id));
    if (err.kind === 'auth') forgetToken(store.id);
    throw apiErrorOf(err);
  }
}

export function apiErrorOf(err: ProviderFailure): ApiError {
  switch (err.kind) {
    case 'auth':
      return businessRule(err.messages.join('; '));
    case 'refused':
      return new ApiError(412, err.messages);
    case 'garbage':
      return badGateway(err.messages.join('; '));
    default:
      return providerUnavailable(err.messages.join('; '), err.retryAfterSeconds);
  }
}
