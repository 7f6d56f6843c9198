/**
 * The Amazon sandbox's buyers: where they live, what they are called, and the orders they place.
 * Orders arrive hour by hour, each hour's orders decided by the seller, the marketplace and the
 * hour alone (so the same seller always sees the same orders at the same time), over the seller's
 * own listings (SKU, ASIN, title, price). Orders from before the seller first connected come with a
 * history — shipped, partly shipped, cancelled or still waiting — like any store joining midway.
 */
import type { ListingItem } from '../../integrations/amazon/catalog-models.js';
import type {
  CustomerAddress,
  Money,
  Order,
  OrderItem,
  OrderPackage,
} from '../../integrations/amazon/orders-models.js';
import { code, rng } from '../random.js';
import type { PresetItem } from '../seller-catalogue.js';

export interface Marketplace {
  id: string;
  name: string;
  currency: string;
  /** Listing prices are USD; other marketplaces sell at about this rate. */
  rate: number;
  /** The first block of the marketplace's 3-7-7 order ids. */
  prefixes: string[];
  country: string;
  taxRate: number;
}

/** The North American marketplaces (the sandbox is the NA region's endpoint). */
export const MARKETPLACES: Marketplace[] = [
  {
    id: 'ATVPDKIKX0DER',
    name: 'Amazon.com',
    currency: 'USD',
    rate: 1,
    prefixes: ['111', '112', '113', '114'],
    country: 'US',
    taxRate: 0.0725,
  },
  {
    id: 'A2EUQ1WTGCTBG2',
    name: 'Amazon.ca',
    currency: 'CAD',
    rate: 1.36,
    prefixes: ['701', '702'],
    country: 'CA',
    taxRate: 0.13,
  },
  {
    id: 'A1AM78C64UM0Y8',
    name: 'Amazon.com.mx',
    currency: 'MXN',
    rate: 17,
    prefixes: ['701', '702'],
    country: 'MX',
    taxRate: 0.16,
  },
  {
    id: 'A2Q3Y263D00KWC',
    name: 'Amazon.com.br',
    currency: 'BRL',
    rate: 5,
    prefixes: ['701', '702'],
    country: 'BR',
    taxRate: 0.17,
  },
];
export const marketplaceById = (id: string) => MARKETPLACES.find((m) => m.id === id);

type Place = [city: string, state: string, postalCode: string];
const PLACES: Record<string, Place[]> = {
  US: [
    ['Seattle', 'WA', '98109'],
    ['Portland', 'OR', '97205'],
    ['San Jose', 'CA', '95112'],
    ['Los Angeles', 'CA', '90026'],
    ['Phoenix', 'AZ', '85004'],
    ['Denver', 'CO', '80205'],
    ['Austin', 'TX', '78704'],
    ['Houston', 'TX', '77006'],
    ['Chicago', 'IL', '60614'],
    ['Minneapolis', 'MN', '55408'],
    ['Nashville', 'TN', '37203'],
    ['Atlanta', 'GA', '30307'],
    ['Miami', 'FL', '33131'],
    ['Charlotte', 'NC', '28203'],
    ['Pittsburgh', 'PA', '15213'],
    ['Brooklyn', 'NY', '11215'],
    ['Boston', 'MA', '02116'],
    ['Burlington', 'VT', '05401'],
  ],
  CA: [
    ['Toronto', 'ON', 'M5V 2T6'],
    ['Ottawa', 'ON', 'K1P 5J9'],
    ['Montréal', 'QC', 'H2X 1Y4'],
    ['Vancouver', 'BC', 'V6B 1A1'],
    ['Calgary', 'AB', 'T2P 1J9'],
    ['Halifax', 'NS', 'B3J 1S9'],
  ],
  MX: [
    ['Ciudad de México', 'CDMX', '06700'],
    ['Guadalajara', 'JAL', '44100'],
    ['Monterrey', 'NL', '64000'],
  ],
  BR: [
    ['São Paulo', 'SP', '01310-100'],
    ['Rio de Janeiro', 'RJ', '20040-002'],
    ['Belo Horizonte', 'MG', '30130-010'],
  ],
};
const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Wei',
  'Carlos',
  'Priya',
  'Noah',
  'Emma',
  'Liam',
  'Sofia',
  'Mateo',
  'Olivia',
  'Ethan',
  'Chloé',
  'Hiroshi',
  'Fatima',
  'Lucas',
  'Grace',
];
const LAST = [
  'Garcia',
  'Smith',
  'Nguyen',
  'Okafor',
  'Chen',
  'Patel',
  'Johnson',
  'Martin',
  'Rossi',
  'Kowalski',
  'Silva',
  'Tremblay',
  'Brown',
  'Hernández',
  'Kim',
  'Haddad',
];
const STREETS = [
  'Maple Ave',
  'Oak St',
  'Pine St',
  'Cedar Ln',
  'Elm St',
  'Lakeview Dr',
  'Washington Blvd',
  'Park Ave',
  'Highland Rd',
  '2nd St',
  'Mission St',
  'Riverside Dr',
];

/** Amazon's service levels, how likely a buyer picks each, handling days and transit days. */
const LEVELS: Array<{ level: string; weight: number; handling: number; transit: number; shipping: number }> = [
  { level: 'STANDARD', weight: 0.68, handling: 2, transit: 5, shipping: 0 },
  { level: 'EXPEDITED', weight: 0.16, handling: 1, transit: 3, shipping: 7.99 },
  { level: 'SECOND_DAY', weight: 0.09, handling: 1, transit: 2, shipping: 12.99 },
  { level: 'NEXT_DAY', weight: 0.07, handling: 0, transit: 1, shipping: 19.99 },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pick = <T>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)];
const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** End of the UTC day `days` after `t`. */
const endOfDay = (t: number, days: number) => Math.floor(t / DAY) * DAY + (days + 1) * DAY - 1000;
const money = (amount: number, currencyCode: string): Money => ({ amount: amount.toFixed(2), currencyCode });

/** What the sandbox keeps beside Amazon's order: what will happen to it as the clock moves. */
export interface Fate {
  /** Amazon's fulfilment centre ships an FBA order; a buyer cancels an order not yet shipped. */
  kind: 'AMAZON_SHIPS' | 'BUYER_CANCELS';
  at: string;
}
export interface SeededOrder {
  order: Order;
  fate?: Fate;
}

function addressFor(r: () => number, mp: Marketplace, merchant: boolean): CustomerAddress {
  const [city, state, postalCode] = pick(r, PLACES[mp.country]);
  const name = `${pick(r, FIRST)} ${pick(r, LAST)}`;
  const poBox = mp.country === 'US' && r() < 0.06;
  const business = !poBox && r() < 0.12;
  return {
    name,
    ...(business ? { companyName: `${pick(r, LAST)} ${pick(r, ['Design', 'Dental', 'Studio', 'Supply'])} LLC` } : {}),
    addressLine1: poBox
      ? `PO Box ${100 + Math.floor(r() * 9800)}`
      : `${1 + Math.floor(r() * 4800)} ${pick(r, STREETS)}`,
    ...(!poBox && r() < 0.25 ? { addressLine2: `Apt ${1 + Math.floor(r() * 40)}${pick(r, ['A', 'B', 'C'])}` } : {}),
    city,
    stateOrRegion: state,
    postalCode,
    countryCode: mp.country,
    // Amazon hides the buyer's phone on FBA orders.
    ...(merchant ? { phone: `+1 ${digits(r, 3)}-555-${digits(r, 4)}` } : {}),
    addressType: business ? 'COMMERCIAL' : 'RESIDENTIAL',
  };
}

interface Sellable {
  sku: string;
  asin: string;
  title: string;
  price: number;
}
export const sellablesOf = (listings: ListingItem[]): Sellable[] =>
  listings.flatMap((l) => {
    const s = l.summaries?.[0];
    const price = Number(l.offers?.[0]?.price.amount ?? NaN);
    return s?.asin && Number.isFinite(price) ? [{ sku: l.sku, asin: s.asin, title: s.itemName ?? l.sku, price }] : [];
  });

/** A product of a given catalogue (seller-catalogue.ts) as the sandbox's buyers see it. */
export const presetSellable = (p: PresetItem): Sellable => ({
  sku: p.sku,
  // Every Amazon product has an ASIN: one made from the SKU when the catalogue gives none.
  asin: p.asin ?? code(rng(`asin/${p.sku}`), 'B0', 10),
  title: p.title,
  price: p.price,
});

/**
 * The orders placed in one hour (epoch hours), with their state as seen by a seller who connected
 * at `connectedAt`: orders older than a day by then carry their history.
 */
export function ordersOfHour(
  seller: string,
  mp: Marketplace,
  hour: number,
  sellables: Sellable[],
  connectedAt: number,
): SeededOrder[] {
  if (!sellables.length) return [];
  const r = rng(`orders/${seller}/${mp.id}/${hour}`);
  const roll = r();
  const count = roll < 0.5 ? 0 : roll < 0.85 ? 1 : 2;
  const out: SeededOrder[] = [];
  for (let n = 0; n < count; n++) {
    const created = hour * HOUR + Math.floor(r() * 3600) * 1000;
    const merchant = r() < 0.6;
    const orderId = `${pick(r, mp.prefixes)}-${digits(r, 7)}-${digits(r, 7)}`;
    const levelRoll = r();
    let acc = 0;
    const level = LEVELS.find((l) => (acc += l.weight) >= levelRoll) ?? LEVELS[0];
    const lineCount = r() < 0.72 ? 1 : r() < 0.7 ? 2 : 3;
    // A partial Fisher–Yates shuffle: `lineCount` different listings.
    const pool = [...sellables];
    for (let k = 0; k < Math.min(lineCount, pool.length); k++) {
      const j = k + Math.floor(r() * (pool.length - k));
      [pool[k], pool[j]] = [pool[j], pool[k]];
    }
    const chosen = pool.slice(0, lineCount);
    const items: OrderItem[] = chosen.map((s) => {
      const quantity = r() < 0.78 ? 1 : 2 + Math.floor(r() * 3);
      const unit = Math.round(s.price * mp.rate * 100) / 100;
      const tax = Math.round(unit * quantity * mp.taxRate * 100) / 100;
      return {
        orderItemId: digits(r, 14),
        quantityOrdered: quantity,
        product: {
          asin: s.asin,
          title: s.title,
          sellerSku: s.sku,
          condition: { conditionType: 'NEW', conditionSubtype: 'NEW' },
          price: { unitPrice: money(unit, mp.currency) },
        },
        proceeds: {
          proceedsTotal: money(unit * quantity + tax, mp.currency),
          breakdowns: [
            { type: 'ITEM', subtotal: money(unit * quantity, mp.currency) },
            { type: 'TAX', subtotal: money(tax, mp.currency) },
          ],
        },
        fulfillment: { quantityFulfilled: 0, quantityUnfulfilled: quantity },
      };
    });
    const itemTotal = items.reduce((t, i) => t + Number(i.proceeds!.breakdowns![0].subtotal.amount), 0);
    const taxTotal = items.reduce((t, i) => t + Number(i.proceeds!.breakdowns![1].subtotal.amount), 0);
    const shipping =
      Math.round((level.level === 'STANDARD' && itemTotal < 35 * mp.rate ? 5.99 : level.shipping) * mp.rate * 100) /
      100;
    const shipBy = endOfDay(created, level.handling);
    const order: Order = {
      orderId,
      createdTime: iso(created),
      lastUpdatedTime: iso(created),
      programs: r() < 0.55 ? ['PRIME'] : [],
      salesChannel: { channelName: 'AMAZON', marketplaceId: mp.id, marketplaceName: mp.name },
      buyer: { buyerName: '', buyerEmail: `${digits(r, 12)}@marketplace.amazon.com` },
      recipient: { deliveryAddress: addressFor(r, mp, merchant) },
      proceeds: {
        grandTotal: money(itemTotal + taxTotal + shipping, mp.currency),
        breakdowns: [
          { type: 'ITEM', subtotal: money(itemTotal, mp.currency) },
          { type: 'SHIPPING', subtotal: money(shipping, mp.currency) },
          { type: 'TAX', subtotal: money(taxTotal, mp.currency) },
        ],
      },
      fulfillment: {
        fulfillmentStatus: 'UNSHIPPED',
        fulfilledBy: merchant ? 'MERCHANT' : 'AMAZON',
        fulfillmentServiceLevel: level.level,
        shipByWindow: { earliestDateTime: iso(created), latestDateTime: iso(shipBy) },
        deliverByWindow: {
          earliestDateTime: iso(endOfDay(shipBy, Math.max(1, level.transit - 2)) - DAY + 1000),
          latestDateTime: iso(endOfDay(shipBy, level.transit)),
        },
      },
      orderItems: items,
      packages: [],
    };
    order.buyer!.buyerName = order.recipient!.deliveryAddress!.name;
    // A few pickup-in-store orders (US), the only ones updateShipmentStatus applies to.
    if (merchant && mp.country === 'US' && r() < 0.04) order.programs = [...order.programs!, 'IN_STORE_PICK_UP'];
    const fateRoll = r();
    const fateDelay = r();
    if (!merchant)
      out.push({
        order,
        fate:
          fateRoll < 0.03
            ? { kind: 'BUYER_CANCELS', at: iso(created + HOUR / 2 + fateDelay * 1.5 * HOUR) }
            : { kind: 'AMAZON_SHIPS', at: iso(created + 4 * HOUR + fateDelay * 26 * HOUR) },
      });
    else {
      if (created < connectedAt - DAY) history(order, r, created);
      out.push({
        order,
        ...(fateRoll < 0.06 ? { fate: { kind: 'BUYER_CANCELS', at: iso(created + HOUR + fateDelay * 7 * HOUR) } } : {}),
      });
    }
  }
  return out;
}

const CARRIERS = [
  { carrier: 'USPS', service: 'USPS Ground Advantage', tracking: (r: () => number) => `9400${digits(r, 18)}` },
  { carrier: 'UPS', service: 'UPS Ground', tracking: (r: () => number) => `1Z${digits(r, 3)}E${digits(r, 12)}` },
  { carrier: 'FedEx', service: 'FedEx Home Delivery', tracking: (r: () => number) => digits(r, 12) },
];

/** What the seller did with a seller-fulfilled order before connecting Dockside. */
function history(order: Order, r: () => number, created: number): void {
  const roll = r();
  const units = order.orderItems.reduce((t, i) => t + i.quantityOrdered, 0);
  const at = iso(created + 6 * HOUR + r() * 30 * HOUR);
  if (roll < 0.09) {
    order.fulfillment!.fulfillmentStatus = 'CANCELLED';
    for (const i of order.orderItems)
      i.cancellation = {
        cancellationRequest: { requester: 'BUYER', cancelReason: 'Order created by mistake' },
        cancellationExecution: { cancelledBy: 'MERCHANT', cancelReason: 'Buyer requested cancellation' },
      };
    order.lastUpdatedTime = at;
    return;
  }
  if (roll > 0.88) return; // still waiting, and now late
  const partial = roll < 0.22 && units >= 2;
  const c = pick(r, CARRIERS);
  const packageItems: NonNullable<OrderPackage['packageItems']> = [];
  order.orderItems.forEach((i, n) => {
    // A partial shipment leaves the first line one unit short.
    const q = partial && n === 0 ? i.quantityOrdered - 1 : i.quantityOrdered;
    if (q > 0) packageItems.push({ orderItemId: i.orderItemId, quantity: q });
    i.fulfillment = { quantityFulfilled: q, quantityUnfulfilled: i.quantityOrdered - q };
  });
  if (!packageItems.length) return;
  order.packages = [
    {
      packageReferenceId: '1',
      createdTime: at,
      packageStatus: { status: 'DELIVERED', detailedStatus: 'DELIVERED' },
      carrier: c.carrier,
      shipTime: at,
      shippingService: c.service,
      trackingNumber: c.tracking(r),
      packageItems,
    },
  ];
  order.fulfillment!.fulfillmentStatus = partial ? 'PARTIALLY_SHIPPED' : 'SHIPPED';
  order.lastUpdatedTime = at;
}
