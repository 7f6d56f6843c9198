/**
 * Amazon Buy Shipping's additional seller inputs of one FBM order for a chosen Amazon rate (spec §7
 * FBM labels; Merchant Fulfillment v0 getAdditionalSellerInputs): what the service asks, what
 * Dockside filled in and from where, and what the user still has to give before the purchase.
 */
import type { SellerInputs } from '../../../domain/schemas/fbm-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { amazonSellerInputs, amazonServiceId, amazonStoreOf, isAmazonRate } from './amazon.js';
import { packageRateIds, shipmentOf } from './rates.js';

export async function orderSellerInputs(
  deps: Deps,
  ctx: RequestContext,
  input: { orderId: number; rateId: string },
): Promise<SellerInputs> {
  const s = await shipmentOf(deps, ctx, input.orderId);
  // A multi-package rate names one service per package: the first package's is asked about (one service per order).
  const rateId = packageRateIds(input.rateId)[0] ?? input.rateId;
  if (!isAmazonRate(rateId)) throw businessRule('Only Amazon Buy Shipping rates ask for additional seller inputs');
  const store = await amazonStoreOf(deps, s.order);
  if (!store) throw businessRule('This rate is Amazon Buy Shipping’s and the order is not an Amazon store’s');
  return amazonSellerInputs(deps, ctx, store, s, amazonServiceId(rateId));
}
