/**
 * Rate shopping for an FBM order (issue 20 step 5; spec /label/psh/rates): every package of the
 * order (its boxes, or its default box) quoted by the warehouse's rate aggregator through the Buy
 * Shipping Labels tool's own quoteRates. A service is offered when it carries every package; its
 * total is the sum of the packages' rates plus the warehouse's upcharge (the client's label funds
 * pay both), the warehouse alone reads the cost and upcharge. Cheapest and fastest are marked.
 *
 * Providers: the aggregator (ShipEngine) and, side by side, the order's marketplace's own label
 * API: Amazon Buy Shipping (merchant fulfillment, amazon.ts), Ship With Walmart (walmart.ts) or
 * eBay Logistics (ebay.ts), through marketplaces.ts.
 */
import { IN_STORE_PICKUP } from '../../../domain/schemas/orders.js';
import { markQuotes } from '../../../domain/rules/fbm-labels.js';
import type { OrderRate, OrderRates } from '../../../domain/schemas/fbm-labels.js';
import type { ShipAddress } from '../../../domain/schemas/shipping.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError, businessRule } from '../../http/errors.js';
import { labelUpchargeCents } from '../finance/label-funds.js';
import { feeSettingsOf } from '../settings/fees.js';
import { orderInScope, parcelsOf } from '../fbm-pack/service.js';
import { customsForLabel } from '../customs/service.js';
import { quoteRates } from '../shipping/rates.js';
import { toShipEngineCustoms, type ShipEngineCustoms } from '../shipping/shipengine.js';
import { shipFromOf, shipToOf } from './addresses.js';
import { AMAZON_RATE_PREFIX, amazonOffers, amazonStoreOf, deliveryDaysOf } from './amazon.js';
import { marketplaceQuotes } from './marketplaces.js';

/** Joins the per-package rate ids of one service into the order's rate id, and back. */
export const RATE_ID_SEPARATOR = '|';
export const packageRateIds = (rateId: string) => rateId.split(RATE_ID_SEPARATOR);

export interface OrderShipment {
  order: Awaited<ReturnType<typeof orderInScope>>;
  shipFrom: ShipAddress;
  shipTo: ShipAddress;
  packages: { number: number; parcel: { weightLb: number; lengthIn: number; widthIn: number; heightIn: number } }[];
}

/** What a label for the order is bought for: open order, addresses, each package's size and weight. */
export async function shipmentOf(deps: Deps, ctx: RequestContext, orderId: number): Promise<OrderShipment> {
  const order = await orderInScope(deps.db, ctx, orderId);
  if (order.status === 'CANCELED')
    throw businessRule(`Order ${order.marketplaceOrderId} is cancelled: no label is bought for it`);
  if (order.status === 'SHIPPED') throw businessRule(`Order ${order.marketplaceOrderId} is shipped already`);
  if (order.programs.includes(IN_STORE_PICKUP))
    throw businessRule(
      `Order ${order.marketplaceOrderId} is an Amazon in-store pickup: the buyer collects it, so no label is bought; record the pickup instead`,
    );
  const parcels = await parcelsOf(deps.db, order.id);
  if (!parcels.length)
    throw businessRule(`Order ${order.marketplaceOrderId}: pack it into boxes or set its default box first`);
  const packages = parcels.map((p) => {
    if (!p.dims) throw businessRule(`Order ${order.marketplaceOrderId}: box ${p.number} has no size and weight yet`);
    const { weightLb, lengthIn, widthIn, heightIn } = p.dims;
    return { number: p.number, parcel: { weightLb, lengthIn, widthIn, heightIn } };
  });
  return { order, shipFrom: await shipFromOf(deps.db, ctx.tenantId), shipTo: shipToOf(order), packages };
}

export const isInternationalShipment = (s: OrderShipment) =>
  s.shipTo.countryCode.toUpperCase() !== s.shipFrom.countryCode.toUpperCase();

export async function shopOrder(deps: Deps, ctx: RequestContext, orderId: number): Promise<OrderRates> {
  const s = await shipmentOf(deps, ctx, orderId);
  const fees = await feeSettingsOf(deps.db, ctx.tenantId, s.order.companyId);
  const refused: OrderRates['refused'] = [];
  let sandbox = false;
  // Per package, the aggregator's quotes; a service stays only when every package has it.
  const perService = new Map<
    string,
    { first: Omit<OrderRate, 'cheapest' | 'fastest'>; ids: string[]; costs: number[]; days: number | null }
  >();
  // International: rated with its customs declaration, so the label bought from the rate carries it.
  let customs: ShipEngineCustoms | undefined;
  if (isInternationalShipment(s))
    try {
      const declared = await customsForLabel(deps, ctx, s.order.id);
      if (declared) customs = toShipEngineCustoms(declared);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refused.push({ provider: 'customs', carrier: 'all', service: 'all', reason: err.messages.join('; ') });
    }
  for (const [i, p] of s.packages.entries()) {
    let answer: Awaited<ReturnType<typeof quoteRates>>;
    try {
      answer = await quoteRates(deps, ctx, { shipFrom: s.shipFrom, shipTo: s.shipTo, parcels: [p.parcel] }, customs);
    } catch (err) {
      // The aggregator down or refusing says so beside the order instead of failing the whole shop.
      if (!(err instanceof ApiError)) throw err;
      refused.push({ provider: 'shipengine', carrier: 'all', service: 'all', reason: err.messages.join('; ') });
      perService.clear();
      break;
    }
    sandbox = answer.sandbox;
    for (const r of answer.refused) refused.push({ provider: 'shipengine', ...r });
    const seen = new Set<string>();
    for (const r of answer.rates) {
      const key = `${r.carrierCode}|${r.serviceCode}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const cents = Math.round(r.amount * 100);
      const got = perService.get(key);
      if (i === 0)
        perService.set(key, {
          first: {
            provider: 'shipengine',
            rateId: '',
            carrier: r.carrier,
            carrierCode: r.carrierCode,
            service: r.service,
            serviceCode: r.serviceCode,
            totalCents: 0,
            currency: r.currency,
            deliveryDays: r.deliveryDays,
            cost: null,
          },
          ids: [r.rateId],
          costs: [cents],
          days: r.deliveryDays,
        });
      else if (got && got.ids.length === i) {
        got.ids.push(r.rateId);
        got.costs.push(cents);
        got.days = got.days === null || r.deliveryDays === null ? null : Math.max(got.days, r.deliveryDays);
      }
    }
  }
  const quotes: Omit<OrderRate, 'cheapest' | 'fastest'>[] = [...perService.values()]
    .filter((q) => q.ids.length === s.packages.length)
    .map((q) => {
      // Each package's label is drawn from the client's funds with its own upcharge (and minimum).
      const upcharge = q.costs.reduce(
        (n, c) => n + labelUpchargeCents(c, fees.SHIPPING_UPCHARGE_PERCENT, fees.SHIPPING_UPCHARGE_MINIMUM_DOLLAR),
        0,
      );
      const cost = q.costs.reduce((n, c) => n + c, 0);
      return {
        ...q.first,
        rateId: q.ids.join(RATE_ID_SEPARATOR),
        deliveryDays: q.days,
        totalCents: cost + upcharge,
        cost: ctx.isClient ? null : { costCents: cost, upchargeCents: upcharge },
      };
    });
  // An Amazon store's order: Amazon Buy Shipping's services beside the aggregator's, same upcharge.
  const store = await amazonStoreOf(deps, s.order);
  if (store) {
    try {
      const answers = await amazonOffers(deps, store, s);
      for (const a of answers) {
        for (const r of a.RejectedShippingServiceList ?? [])
          refused.push({
            provider: 'amazon',
            carrier: r.CarrierName,
            service: r.ShippingServiceName,
            reason: r.RejectionReasonMessage ?? r.RejectionReasonCode,
          });
      }
      for (const svc of answers[0]?.ShippingServiceList ?? []) {
        const perPackage = answers.map((a) =>
          a.ShippingServiceList.find((x) => x.ShippingServiceId === svc.ShippingServiceId),
        );
        if (perPackage.some((x) => !x)) continue;
        const costs = perPackage.map((x) => Math.round(x!.Rate.Amount * 100));
        const days = perPackage.map((x) => deliveryDaysOf(x!));
        const upcharge = costs.reduce(
          (n, c) => n + labelUpchargeCents(c, fees.SHIPPING_UPCHARGE_PERCENT, fees.SHIPPING_UPCHARGE_MINIMUM_DOLLAR),
          0,
        );
        const cost = costs.reduce((n, c) => n + c, 0);
        quotes.push({
          provider: 'amazon',
          rateId: s.packages.map(() => `${AMAZON_RATE_PREFIX}${svc.ShippingServiceId}`).join(RATE_ID_SEPARATOR),
          carrier: svc.CarrierName,
          carrierCode: `amazon-${svc.CarrierName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
          service: svc.ShippingServiceName,
          serviceCode: svc.ShippingServiceId,
          totalCents: cost + upcharge,
          currency: svc.Rate.CurrencyCode.toUpperCase(),
          deliveryDays: days.some((d) => d === null) ? null : Math.max(...(days as number[])),
          cost: ctx.isClient ? null : { costCents: cost, upchargeCents: upcharge },
        });
      }
    } catch (err) {
      // Amazon down or refusing: the aggregator's quotes still stand, Amazon's absence said in words.
      if (!(err instanceof ApiError)) throw err;
      refused.push({
        provider: 'amazon',
        carrier: 'all',
        service: 'all',
        reason: `Amazon Buy Shipping gave no quotes: ${err.messages.join('; ')}`,
      });
    }
  }
  // A Walmart or eBay store's order: that marketplace's own labels beside the rest, same upcharge.
  const marketplace = await marketplaceQuotes(deps, ctx, s, fees, RATE_ID_SEPARATOR);
  quotes.push(...marketplace.quotes);
  refused.push(...marketplace.refused);
  return {
    orderId: s.order.id,
    marketplaceOrderId: s.order.marketplaceOrderId,
    parcels: s.packages.length,
    rates: markQuotes(quotes),
    refused,
    sandbox,
  };
}
