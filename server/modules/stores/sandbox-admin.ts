/**
 * Running the local sandboxes: a sandbox store's data reset (through the store's own client, with
 * its own token, as any call), the warehouse's sandbox rate-aggregator account reset, and the
 * per-provider fault rates — seen by administrators, set by the installation's operators only,
 * since every tenant's sandbox shares them.
 */
import { providerOf, type SandboxProvider, type StoreMarketplace } from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { businessRule, forbidden } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { faultRates, setFaultRate } from '../../sandboxes/fault-rates.js';
import { shipEngineFor } from '../shipping/shipengine.js';
import { amazonClientFor } from './amazon.js';
import { apiErrorOf, withStore } from './connection.js';
import { ebayClientFor } from './ebay.js';
import { storeRecord, type StoreRecord } from './service.js';
import { shopifyClientFor } from './shopify.js';
import { walmartClientFor } from './walmart.js';

const RESETS: Record<ReturnType<typeof providerOf>, (deps: Deps, s: StoreRecord) => Promise<unknown>> = {
  amazon: async (deps, s) => (await amazonClientFor(deps, s)).resetSandbox(),
  walmart: async (deps, s) => walmartClientFor(deps, s).resetSandbox(),
  ebay: async (deps, s) => (await ebayClientFor(deps, s)).resetSandbox(),
  shopify: async (deps, s) => (await shopifyClientFor(deps, s)).resetSandbox(),
};

export async function resetStoreSandbox(deps: Deps, ctx: RequestContext, storeId: number) {
  const store = await storeRecord(deps.db, ctx, storeId);
  if (store.environment !== 'sandbox')
    throw businessRule('Only a sandbox store’s data can be reset: this store is live');
  if (store.connection === 'not_connected')
    throw businessRule('Connect the store first: the sandbox holds nothing for it yet');
  await withStore(deps, store, () => RESETS[providerOf(store.marketplace as StoreMarketplace)](deps, store));
  return { reset: true, message: 'The sandbox forgot this store’s data: it starts again from the demo data' };
}

export async function resetShippingSandbox(deps: Deps, ctx: RequestContext) {
  const { client, sandbox } = await shipEngineFor(deps, ctx.tenantId);
  if (!sandbox) throw businessRule('The warehouse uses its own ShipEngine account: there is no sandbox data to reset');
  try {
    await client.resetSandbox();
  } catch (err) {
    throw err instanceof ProviderFailure ? apiErrorOf(err) : err;
  }
  return { reset: true, message: 'The sandbox forgot the warehouse’s practice rates and labels' };
}

export const listFaultRates = (deps: Deps) => faultRates(deps);

export async function changeFaultRate(deps: Deps, ctx: RequestContext, provider: SandboxProvider, rate: number) {
  if (!ctx.platformAdmin)
    throw forbidden('Only the installation’s operators set sandbox fault rates: every tenant’s sandbox shares them');
  if (!deps.config.sandbox) throw businessRule('The local sandboxes are switched off on this server (SANDBOX=off)');
  await setFaultRate(deps, provider, rate);
  return { provider, rate };
}
