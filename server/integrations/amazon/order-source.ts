/**
 * Amazon orders as Dockside keeps them (domain/schemas/orders.ts): searchOrders by last update,
 * one marketplace, with the datasets the mapping needs. FBA orders (fulfilledBy AMAZON) are the
 * "Amazon" sales channel on the AFN network; seller-fulfilled ones are "Merchant" on MFN. Amounts
 * become integer cents; the status comes from what was ordered and shipped per line, Amazon's
 * CANCELLED winning, as fbmStatusOf decides for every marketplace.
 */
import {
  fbmStatusOf,
  marketplaceOrderInputSchema,
  type MarketplaceOrderInput,
  type OrderAddress,
  type OrderLineInput,
  type OrderPage,
} from '../../../domain/schemas/orders.js';
import type { OrderSource } from '../order-source.js';
import type { AmazonClient } from './client.js';
import type { CustomerAddress, IncludedData, Money, Order } from './orders-models.js';

/** What the mapping reads: the address, totals, ship-by/deliver-by and per-item shipped counts. */
const INCLUDED: IncludedData[] = ['RECIPIENT', 'PROCEEDS', 'FULFILLMENT', 'CANCELLATION'];
/** Amazon's largest page: searchOrders' quota (burst 20, then one call every 3 minutes) is per call. */
const PAGE = 100;

export function amazonOrderSource(client: AmazonClient, marketplaceId: string): OrderSource {
  return {
    async changedSince(since: Date, next: string | null): Promise<OrderPage> {
      // Amazon wants the same parameters with every page's token, so the first page's are repeated.
      const page = await client.orders.searchOrders({
        lastUpdatedAfter: since.toISOString(),
        marketplaceIds: [marketplaceId],
        includedData: INCLUDED,
        maxResultsPerPage: PAGE,
        paginationToken: next ?? undefined,
      });
      return { orders: page.orders.map(toMarketplaceOrder), next: page.pagination?.nextToken ?? null };
    },
  };
}

/** "49.99" → 4999, exactly (no float arithmetic on money). */
export function centsOf(m: Money | undefined): number | null {
  if (!m) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(m.amount.trim());
  if (!match) return null;
  const fraction = (match[3] ?? '').padEnd(3, '0');
  // Round half up on the third decimal (Amazon's amounts have two; some currencies none).
  const cents = Number(match[2]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return match[1] ? -cents : cents;
}

const clip = (v: string | undefined, max: number): string | null => (v ? v.slice(0, max) : null);

function addressOf(a: CustomerAddress | undefined): OrderAddress | null {
  if (!a || (!a.addressLine1 && !a.city && !a.postalCode)) return null;
  const line2 = [a.addressLine2, a.addressLine3].filter(Boolean).join(', ');
  return {
    name: clip(a.name ?? a.companyName, 200),
    line1: clip(a.addressLine1, 200),
    line2: clip(line2, 200),
    city: clip(a.city, 100),
    state: clip(a.stateOrRegion, 100),
    postalCode: clip(a.postalCode, 20),
    countryCode: clip(a.countryCode, 2),
    phone: clip(a.phone, 40),
  };
}

export function toMarketplaceOrder(o: Order): MarketplaceOrderInput {
  const fulfillment = o.fulfillment;
  const afn = fulfillment?.fulfilledBy === 'AMAZON';
  const status = fulfillment?.fulfillmentStatus;
  const lines: OrderLineInput[] = o.orderItems.map((i) => ({
    lineId: i.orderItemId.slice(0, 120),
    sku: clip(i.product.sellerSku, 120),
    asin: clip(i.product.asin, 20),
    gtin: null,
    title: clip(i.product.title, 500),
    quantityOrdered: Math.max(0, i.quantityOrdered),
    // Without per-item counts, a SHIPPED order shipped everything and any other shipped nothing.
    quantityShipped: Math.max(0, i.fulfillment?.quantityFulfilled ?? (status === 'SHIPPED' ? i.quantityOrdered : 0)),
    unitPrice: centsOf(i.product.price?.unitPrice),
  }));
  const total = o.proceeds?.grandTotal;
  return marketplaceOrderInputSchema.parse({
    marketplaceOrderId: o.orderId,
    salesChannel: afn ? 'Amazon' : 'Merchant',
    fulfillmentNetwork: afn ? 'AFN' : 'MFN',
    status: fbmStatusOf(lines, status === 'CANCELLED'),
    marketplaceStatus: status ?? 'UNKNOWN',
    purchasedAt: o.createdTime,
    updatedAt: o.lastUpdatedTime,
    shipBy: fulfillment?.shipByWindow?.latestDateTime ?? null,
    deliverBy: fulfillment?.deliverByWindow?.latestDateTime ?? null,
    shippingService: clip(fulfillment?.fulfillmentServiceLevel, 80),
    currency: total?.currencyCode ?? o.orderItems[0]?.product.price?.unitPrice?.currencyCode ?? null,
    total: centsOf(total),
    shipTo: addressOf(o.recipient?.deliveryAddress),
    programs: (o.programs ?? []).slice(0, 20),
    lines,
  });
}
