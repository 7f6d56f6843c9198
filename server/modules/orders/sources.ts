/**
 * The order source of a store, whatever its marketplace: each provider's client with its own
 * mapping into Dockside's order shape (server/integrations/<provider>/order-source.ts).
 */
import { AMAZON_MARKETPLACE_IDS, providerOf, type StoreMarketplace } from '../../../domain/schemas/stores.js';
import type { Deps } from '../../context.js';
import { amazonOrderSource } from '../../integrations/amazon/order-source.js';
import { ebayOrderSource } from '../../integrations/ebay/order-source.js';
import type { OrderSource } from '../../integrations/order-source.js';
import { shopifyOrderSource } from '../../integrations/shopify/order-source.js';
import { walmartOrderSource } from '../../integrations/walmart/order-source.js';
import { amazonClientFor } from '../stores/amazon.js';
import { ebayClientFor } from '../stores/ebay.js';
import type { StoreRecord } from '../stores/service.js';
import { shopifyClientFor } from '../stores/shopify.js';
import { walmartClientFor } from '../stores/walmart.js';

export async function orderSourceFor(deps: Deps, store: StoreRecord): Promise<OrderSource> {
  const marketplace = store.marketplace as StoreMarketplace;
  switch (providerOf(marketplace)) {
    case 'amazon':
      return amazonOrderSource(
        await amazonClientFor(deps, store),
        AMAZON_MARKETPLACE_IDS[marketplace as keyof typeof AMAZON_MARKETPLACE_IDS],
      );
    case 'walmart':
      return walmartOrderSource(walmartClientFor(deps, store));
    case 'ebay':
      return ebayOrderSource(await ebayClientFor(deps, store));
    case 'shopify':
      return shopifyOrderSource(await shopifyClientFor(deps, store));
  }
}
