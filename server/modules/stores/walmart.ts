/**
 * A store's Walmart connection: the seller's client id and secret (entered in Merchant Connect,
 * sealed) sign in for a short-lived token; every call goes through the Walmart client, logged
 * against the store.
 */
import type { Deps } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { WalmartClient, walmartBaseUrl } from '../../integrations/walmart/client.js';
import { callLog, clientOverrides, sandboxBase, tokenKeeping, type StoreOnTrial } from './connection.js';
import { credentialsOf } from './service.js';

export function walmartClientFor(deps: Deps, store: StoreOnTrial): WalmartClient {
  if (store.marketplace !== 'walmart') throw businessRule('This store is not a Walmart store');
  const creds = credentialsOf(deps, store);
  return new WalmartClient(
    {
      baseUrl: walmartBaseUrl(store.environment as 'sandbox' | 'production', sandboxBase(deps)),
      log: callLog(deps, store),
      ...clientOverrides,
    },
    {
      ...tokenKeeping(deps, store),
      clientId: creds.clientId ?? null,
      clientSecret: creds.clientSecret ?? null,
    },
  );
}

/** A real call with the stored credentials: the newest WFS inbound shipment. */
export async function probeWalmart(deps: Deps, store: StoreOnTrial): Promise<void> {
  await walmartClientFor(deps, store).inboundShipments({ limit: 1 });
}
