/**
 * What the eBay sandbox holds for a seller: orders, seeded on first read with a plausible week
 * (new, in progress, fulfilled) from the seller's user id.
 */
import type { Deps } from '../../context.js';
import { ebayOrderSchema, type EbayOrder } from '../../integrations/ebay/models.js';
import { code, rng } from '../random.js';
import { recordsOf } from '../records.js';

const ITEMS = [
  { title: 'Vintage Brass Desk Bell', price: 18.5 },
  { title: 'Hand-thrown Stoneware Mug, Speckled', price: 24 },
  { title: 'Leather Key Fob, Tan', price: 12.99 },
  { title: 'Enamel Camp Plate Set (4)', price: 36 },
  { title: 'Linen Napkins, Set of 6', price: 29.95 },
  { title: 'Cast Brass Bottle Opener', price: 15 },
];
const STATUSES = ['NOT_STARTED', 'NOT_STARTED', 'IN_PROGRESS', 'FULFILLED'] as const;

export function seedOrders(seller: string): EbayOrder[] {
  const r = rng(`ebay/${seller}`);
  const count = 4 + Math.floor(r() * 4);
  return Array.from({ length: count }, (_, i) => {
    const lines = 1 + Math.floor(r() * 2);
    const lineItems = Array.from({ length: lines }, (_, j) => {
      const item = ITEMS[Math.floor(r() * ITEMS.length)];
      const quantity = 1 + Math.floor(r() * 3);
      return {
        lineItemId: String(10000000000 + Math.floor(r() * 8e10)),
        legacyItemId: String(110000000000 + Math.floor(r() * 8e10)),
        sku: `EB-${String(ITEMS.indexOf(item) + 1).padStart(3, '0')}`,
        title: item.title,
        quantity,
        lineItemCost: { value: (item.price * quantity).toFixed(2), currency: 'USD' },
        lineItemFulfillmentStatus: STATUSES[i % STATUSES.length] === 'FULFILLED' ? 'FULFILLED' : 'NOT_STARTED',
        _j: j,
      };
    }).map(({ _j, ...l }) => l);
    const total = lineItems.reduce((t, l) => t + Number(l.lineItemCost.value), 0);
    const created = new Date(Date.UTC(2026, 10, 17 + (i % 7), 9 + i));
    return ebayOrderSchema.parse({
      orderId: `${String(10 + Math.floor(r() * 89))}-${code(r, '', 5).replace(/\D/g, '7')}-${String(Math.floor(r() * 1e5)).padStart(5, '0')}`,
      creationDate: created.toISOString(),
      lastModifiedDate: created.toISOString(),
      orderFulfillmentStatus: STATUSES[i % STATUSES.length],
      orderPaymentStatus: 'PAID',
      sellerId: seller,
      buyer: { username: `buyer_${code(r, '', 6).toLowerCase()}` },
      pricingSummary: { total: { value: total.toFixed(2), currency: 'USD' } },
      lineItems,
    });
  });
}

export const ebayOrdersOf = (deps: Deps, seller: string) =>
  recordsOf(
    deps,
    { provider: 'ebay', account: seller, kind: 'order', schema: ebayOrderSchema, keyOf: (o) => o.orderId },
    () => seedOrders(seller),
  );
