/**
 * The marketplaces' own label APIs in the FBM rate shop and purchase (issue 20 step 5): a Walmart
 * store's order gets Ship With Walmart's estimates, an eBay store's order eBay Logistics' rates,
 * beside the aggregator's (and Amazon Buy Shipping's, amazon.ts). A marketplace down or refusing
 * leaves the others standing and says so in words; its alerts (no service meets the delivery
 * promise) are said beside the quotes.
 */
import type { OrderRate, OrderRates } from '../../../domain/schemas/fbm-labels.js';
import type { LabelFormat } from '../../../domain/schemas/shipping-labels.js';
import type { FeeSettingValues } from '../../../domain/fee-settings.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError, businessRule } from '../../http/errors.js';
import type { LabelSeller } from '../shipping/labels.js';
import { ebayOffers, ebaySeller, ebayStoreOf, isEbayRate } from './ebay.js';
import { orderQuotes } from './offers.js';
import type { OrderShipment } from './rates.js';
import { isWalmartRate, walmartOffers, walmartSeller, walmartStoreOf } from './walmart.js';

type Quote = Omit<OrderRate, 'cheapest' | 'fastest'>;

/** Walmart's or eBay's quotes for the order (none for another marketplace's), and what they refused. */
export async function marketplaceQuotes(
  deps: Deps,
  ctx: RequestContext,
  s: OrderShipment,
  fees: FeeSettingValues,
  separator: string,
): Promise<{ quotes: Quote[]; refused: OrderRates['refused'] }> {
  const refused: OrderRates['refused'] = [];
  const walmart = await walmartStoreOf(deps, s.order);
  const ebay = walmart ? null : await ebayStoreOf(deps, s.order);
  if (!walmart && !ebay) return { quotes: [], refused };
  const provider = walmart ? 'walmart' : 'ebay';
  const name = walmart ? 'Ship With Walmart' : 'eBay Logistics';
  try {
    const answer = walmart ? await walmartOffers(deps, walmart, s) : await ebayOffers(deps, ebay!, s);
    const notes = 'alerts' in answer ? answer.alerts : answer.warnings;
    for (const reason of notes)
      refused.push({ provider, carrier: 'all', service: 'all', reason: `${name}: ${reason}` });
    return { quotes: orderQuotes(provider, answer.perPackage, fees, ctx, separator), refused };
  } catch (err) {
    // The marketplace down or refusing: the other providers' quotes still stand, its absence said in words.
    if (!(err instanceof ApiError)) throw err;
    refused.push({
      provider,
      carrier: 'all',
      service: 'all',
      reason: `${name} gave no quotes: ${err.messages.join('; ')}`,
    });
    return { quotes: [], refused };
  }
}

/** The seller of a Walmart or eBay rate for one package, or null for another provider's rate. */
export async function marketplaceSeller(
  deps: Deps,
  s: OrderShipment,
  pkg: OrderShipment['packages'][number],
  rateId: string,
  format: LabelFormat,
): Promise<LabelSeller | null> {
  if (isWalmartRate(rateId)) {
    const store = await walmartStoreOf(deps, s.order);
    if (!store) throw businessRule('This rate is Ship With Walmart’s and the order is not a connected Walmart store’s');
    return walmartSeller(deps, store, s, pkg, rateId, format);
  }
  if (isEbayRate(rateId)) {
    const store = await ebayStoreOf(deps, s.order);
    if (!store) throw businessRule('This rate is eBay Logistics’ and the order is not a connected eBay store’s');
    return ebaySeller(deps, store, rateId, format);
  }
  return null;
}
