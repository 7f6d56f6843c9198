/**
 * "Test connection": one real, read-only call to the store's marketplace with its stored
 * credentials. The answer says in words whether it worked; the store's health is updated either
 * way (a refusal of the credentials marks it "reconnect needed").
 */
import { providerOf, type Provider, type StoreMarketplace } from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { probeAmazon } from './amazon.js';
import { withStore, type StoreOnTrial } from './connection.js';
import { probeEbay } from './ebay.js';
import { getStore, storeRecord } from './service.js';
import { probeShopify } from './shopify.js';
import { probeWalmart } from './walmart.js';

/** One real, read-only call per marketplace with the store's (or a trial's) credentials. */
export const PROBES: Record<Provider, (deps: Deps, store: StoreOnTrial) => Promise<void>> = {
  amazon: probeAmazon,
  walmart: probeWalmart,
  ebay: probeEbay,
  shopify: probeShopify,
};

const NAMES: Record<Provider, string> = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay', shopify: 'Shopify' };

export async function testConnection(deps: Deps, ctx: RequestContext, storeId: number) {
  const store = await storeRecord(deps.db, ctx, storeId);
  const provider = providerOf(store.marketplace as StoreMarketplace);
  try {
    await withStore(deps, store, () => PROBES[provider](deps, store));
    const row = await getStore(deps.db, ctx, storeId);
    return { ok: true, connection: row.connection, message: `${NAMES[provider]} answered: the store is connected` };
  } catch (err) {
    // A refused request of ours (400) is a bug to surface; the provider's "no" is the test's answer.
    if (!(err instanceof ApiError) || err.status === 400) throw err;
    const row = await getStore(deps.db, ctx, storeId);
    return { ok: false, connection: row.connection, message: err.messages.join('; ') };
  }
}
