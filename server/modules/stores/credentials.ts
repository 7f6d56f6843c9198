/**
 * Replacing a store's credentials in Merchant Connect: the new ones are tried first, with the same
 * real, read-only call "Test connection" makes, under an access token of their own, and replace
 * the stored ones only once the provider answers. Until then nothing changes: a connected store
 * stays connected with the credentials that work. A refusal is answered in the envelope with the
 * provider's own answer — 412 when it refuses them, 502 when it answers nonsense, 503 when it
 * cannot be reached — and malformed input was already refused (400) by the route's schema.
 */
import {
  providerOf,
  type Provider,
  type StoreCredentials,
  type StoreMarketplace,
  type StoreRow,
} from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError, badGateway, businessRule, providerUnavailable } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { forgetToken } from '../../integrations/token-cache.js';
import { onTrial } from './connection.js';
import { newCredentials, saveCredentials, storeRecord } from './service.js';
import { PROBES } from './test-connection.js';

const NAMES: Record<Provider, string> = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay', shopify: 'Shopify' };

export async function replaceCredentials(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: StoreCredentials,
): Promise<StoreRow> {
  const store = await storeRecord(deps.db, ctx, id);
  const creds = newCredentials(deps, store, input);
  const provider = providerOf(store.marketplace as StoreMarketplace);
  const trial = onTrial(store, creds.sealed);
  try {
    await PROBES[provider](deps, trial);
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    throw refusal(NAMES[provider], err, !!store.sealedCredentials);
  } finally {
    forgetToken(trial.trial!.key);
  }
  return saveCredentials(deps, ctx, id, creds, {
    connection: 'connected',
    lastSuccessAt: new Date().toISOString(),
    tokenExpiresAt: trial.trial!.tokenExpiresAt?.toISOString() ?? null,
  });
}

/** The provider's answer to the trial, in the envelope; nothing was saved. */
function refusal(name: string, err: ProviderFailure, had: boolean): ApiError {
  const answer = `${err.status ? `HTTP ${err.status}: ` : ''}${err.messages.join('; ')}`;
  const kept = had ? 'nothing was replaced: the store keeps the credentials it had' : 'nothing was saved';
  switch (err.kind) {
    case 'auth':
    case 'refused':
      return businessRule(`${name} refused the new credentials (${answer}); ${kept}`);
    case 'garbage':
      return badGateway(
        `${name} answered something unexpected when the new credentials were tried (${answer}); ${kept}`,
      );
    default:
      return providerUnavailable(
        `${name} could not be reached to try the new credentials (${answer}); ${kept}. Try again shortly`,
        err.retryAfterSeconds,
      );
  }
}
