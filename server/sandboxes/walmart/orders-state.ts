/**
 * What the Walmart sandbox holds of a seller's orders, and how they change.
 *
 * Orders arrive with the sandbox clock (deps.now()): each hour of each seller has its own
 * deterministic draw (from the account and the hour) of zero to two orders over the seller's
 * published items, so a later read finds the orders placed since, each appearing at its own
 * orderDate. The first read seeds the last seven days; of those, orders older than a day have
 * been acknowledged, and older than three days shipped (or, now and then, cancelled). WFS orders
 * are Walmart's to ship: they go out a day after they are placed, whoever is looking.
 *
 * A line's state is Walmart's list of statuses with quantities; acknowledging, shipping and
 * cancelling move units between them and stamp the line's statusDate, which is what
 * lastModifiedStartDate filters on.
 */
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  orderSchema,
  WALMART_CARRIERS,
  type CancellationRequest,
  type ShippingRequest,
  type WalmartLineStatusEntry,
  type WalmartOrder,
  type WalmartOrderLine,
} from '../../integrations/walmart/orders-models.js';
import { rng } from '../random.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { FULFILLMENT_TYPES, seedItems, type SandboxItem } from './items.js';
import { presetCatalogueOf, type PresetItem } from '../seller-catalogue.js';
import { ADDRESSES, BUYERS, SELLER_METHODS, SHIPPING_CHARGE, TAX_RATE, WFS_METHOD } from './orders-data.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HISTORY_HOURS = 7 * 24;
export const ORDER_API = 'GMP_ORDER_API';

const orderSet = (account: string): RecordSet<WalmartOrder> => ({
  provider: 'walmart',
  account,
  kind: 'order',
  schema: orderSchema,
  keyOf: (o) => o.purchaseOrderId,
});
/** The last whole hour whose orders have all been placed. */
const clockSet = (account: string): RecordSet<{ hour: number }> => ({
  provider: 'walmart',
  account,
  kind: 'order-clock',
  schema: z.object({ hour: z.number().int() }),
  keyOf: () => 'clock',
});

const digits = (r: () => number, n: number) =>
  String(1 + Math.floor(r() * 9)) + Array.from({ length: n - 1 }, () => Math.floor(r() * 10)).join('');
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];
/** `n` different entries of `list`, drawn in order (a partial Fisher–Yates shuffle). */
function distinct<T>(r: () => number, list: readonly T[], n: number): T[] {
  const pool = [...list];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(r() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}
const money = (n: number) => Math.round(n * 100) / 100;
const each = (n: number) => ({ unitOfMeasurement: 'EACH', amount: String(n) });

export const isWfs = (o: WalmartOrder) => o.shipNode?.type === 'WFSFulfilled';
export const lastModifiedOf = (o: WalmartOrder) =>
  Math.max(o.orderDate, ...o.orderLines.orderLine.map((l) => l.statusDate));

/** An order as placed: every line Created. `fate` decides what a seeded seller order became. */
interface Drawn {
  order: WalmartOrder;
  fate: number;
}

/** A product of a given catalogue (seller-catalogue.ts) as a published, seller-fulfilled item. */
const presetItem = (p: PresetItem): SandboxItem => ({
  sku: p.sku,
  productName: p.title,
  ...(p.gtin ? { upc: p.gtin.slice(-12), gtin: p.gtin.padStart(14, '0') } : {}),
  price: { currency: 'USD', amount: p.price },
  publishedStatus: 'PUBLISHED',
  lifecycleStatus: 'ACTIVE',
  fulfillmentType: FULFILLMENT_TYPES.seller,
  itemId: p.sku,
  brand: '',
});

/** The orders one hour brings the seller: deterministic from the account and the hour. */
export function ordersOfHour(account: string, hour: number, catalogue: SandboxItem[]): Drawn[] {
  const r = rng(`walmart/orders/${account}/${hour}`);
  const draw = r();
  const count = draw < 0.6 ? 0 : draw < 0.9 ? 1 : 2;
  const sellable = catalogue.filter((i) => i.publishedStatus === 'PUBLISHED' && i.lifecycleStatus === 'ACTIVE');
  const byType = {
    wfs: sellable.filter((i) => i.fulfillmentType === FULFILLMENT_TYPES.wfs),
    seller: sellable.filter((i) => i.fulfillmentType === FULFILLMENT_TYPES.seller),
  };
  return Array.from({ length: count }, () => {
    const wfs = r() < 0.3 && byType.wfs.length > 0;
    const items = wfs ? byType.wfs : byType.seller;
    const orderDate = hour * HOUR + Math.floor((r() * HOUR) / 1000) * 1000;
    const methodCode = wfs ? WFS_METHOD : pick(r, SELLER_METHODS);
    const shipDays = methodCode === 'OneDay' || wfs ? 1 : 2;
    const lineCount = Math.min(items.length, r() < 0.7 ? 1 : r() < 0.85 ? 2 : 3);
    const chosen = distinct(r, items, lineCount);
    const orderLine: WalmartOrderLine[] = chosen.map((item, i) => {
      const qty = r() < 0.75 ? 1 : r() < 0.8 ? 2 : 3;
      const price = money((item.price?.amount ?? 10) * qty);
      const shipping = i === 0 ? SHIPPING_CHARGE[methodCode] : undefined;
      const tax = (amount: number) => ({
        taxName: 'Tax1',
        taxAmount: { currency: 'USD', amount: money(amount * TAX_RATE) },
      });
      return {
        lineNumber: String(i + 1),
        item: { productName: item.productName ?? item.sku, sku: item.sku, condition: 'New' },
        charges: {
          charge: [
            {
              chargeType: 'PRODUCT',
              chargeName: 'ItemPrice',
              chargeAmount: { currency: 'USD', amount: price },
              tax: tax(price),
            },
            ...(shipping
              ? [
                  {
                    chargeType: 'SHIPPING',
                    chargeName: 'Shipping',
                    chargeAmount: { currency: 'USD', amount: shipping },
                    tax: tax(shipping),
                  },
                ]
              : []),
          ],
        },
        orderLineQuantity: each(qty),
        statusDate: orderDate,
        orderLineStatuses: { orderLineStatus: [{ status: 'Created', statusQuantity: each(qty) }] },
        fulfillment: { fulfillmentOption: 'S2H', shipMethod: methodCode.toUpperCase() },
      };
    });
    const total = orderLine
      .flatMap((l) => l.charges.charge)
      .reduce((n, c) => n + c.chargeAmount.amount + (c.tax?.taxAmount.amount ?? 0), 0);
    const address = pick(r, ADDRESSES);
    const estimatedShipDate = orderDate + shipDays * DAY;
    const order = orderSchema.parse({
      purchaseOrderId: digits(r, 13),
      customerOrderId: digits(r, 13),
      customerEmailId: `${Array.from({ length: 32 }, () => '0123456789ABCDEF'[Math.floor(r() * 16)]).join('')}@relay.walmart.com`,
      orderDate,
      mart: 'Walmart.com',
      shippingInfo: {
        phone: digits(r, 10),
        estimatedDeliveryDate:
          estimatedShipDate + (methodCode === 'Value' ? 5 : methodCode === 'Standard' ? 3 : 1) * DAY,
        estimatedShipDate,
        methodCode,
        postalAddress: { name: pick(r, BUYERS), ...address, country: 'USA', addressType: 'RESIDENTIAL' },
      },
      orderLines: { orderLine },
      orderSummary: { totalAmount: { currencyAmount: money(total), currencyUnit: 'USD' } },
      shipNode: wfs
        ? { type: 'WFSFulfilled', name: 'Walmart Fulfillment Services', id: 'WFS' }
        : { type: 'SellerFulfilled', name: 'Seller warehouse', id: digits(r, 6) },
    });
    return { order, fate: r() };
  });
}

const quantityIn = (line: WalmartOrderLine, statuses: string[]) =>
  line.orderLineStatuses.orderLineStatus
    .filter((s) => statuses.includes(s.status))
    .reduce((n, s) => n + Number(s.statusQuantity.amount), 0);

/** Entries of one kind merge: the same status, tracking number and reason. */
const sameKind = (a: WalmartLineStatusEntry, b: WalmartLineStatusEntry) =>
  a.status === b.status &&
  a.trackingInfo?.trackingNumber === b.trackingInfo?.trackingNumber &&
  a.cancellationReason === b.cancellationReason;

/** Moves `entry`'s quantity out of the `from` statuses (in that order) into `entry`, at `at`. */
function move(line: WalmartOrderLine, from: string[], entry: WalmartLineStatusEntry, at: number): WalmartOrderLine {
  let left = Number(entry.statusQuantity.amount);
  const kept: WalmartLineStatusEntry[] = [];
  const entries = [...line.orderLineStatuses.orderLineStatus].sort(
    (a, b) => (from.indexOf(a.status) + 1 || 99) - (from.indexOf(b.status) + 1 || 99),
  );
  for (const s of entries) {
    const have = Number(s.statusQuantity.amount);
    const taken = from.includes(s.status) ? Math.min(have, left) : 0;
    left -= taken;
    if (have - taken > 0) kept.push({ ...s, statusQuantity: each(have - taken) });
  }
  const same = kept.find((s) => sameKind(s, entry));
  if (same) same.statusQuantity = each(Number(same.statusQuantity.amount) + Number(entry.statusQuantity.amount));
  else kept.push(entry);
  const order = ['Created', 'Acknowledged', 'Shipped', 'Delivered', 'Cancelled', 'Refund'];
  kept.sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
  return { ...line, statusDate: at, orderLineStatuses: { orderLineStatus: kept } };
}

const withLines = (o: WalmartOrder, lines: WalmartOrderLine[]): WalmartOrder => ({
  ...o,
  orderLines: { orderLine: lines },
});

/** Walmart's refusal of an order update, in its words. */
export interface Refusal {
  status: 400 | 404;
  code: string;
  description: string;
  field?: string;
}
export type Outcome = { order: WalmartOrder } | { refusal: Refusal };
const refuse = (description: string, field = 'data'): Outcome => ({
  refusal: { status: 400, code: `INVALID_REQUEST_CONTENT.${ORDER_API}`, description, field },
});
const wfsRefusal = (o: WalmartOrder) =>
  refuse(
    `PO ${o.purchaseOrderId} is fulfilled by Walmart Fulfillment Services; Walmart acknowledges, ships and cancels it`,
  );

export function acknowledge(o: WalmartOrder, at: number): Outcome {
  if (isWfs(o)) return wfsRefusal(o);
  const lines = o.orderLines.orderLine;
  if (!lines.some((l) => quantityIn(l, ['Created', 'Acknowledged']) > 0))
    return refuse(`PO ${o.purchaseOrderId} has no line left to acknowledge: its lines are shipped or cancelled`);
  return {
    order: withLines(
      o,
      lines.map((l) => {
        const created = quantityIn(l, ['Created']);
        return created ? move(l, ['Created'], { status: 'Acknowledged', statusQuantity: each(created) }, at) : l;
      }),
    ),
  };
}

export function ship(o: WalmartOrder, req: ShippingRequest, at: number): Outcome {
  if (isWfs(o)) return wfsRefusal(o);
  if (req.orderShipment.processMode)
    return refuse('The sandbox does not update the tracking of shipped lines (processMode)', 'processMode');
  const po = o.purchaseOrderId;
  const byNumber = new Map(o.orderLines.orderLine.map((l) => [l.lineNumber, l]));
  const wanted = new Map<string, number>();
  for (const rl of req.orderShipment.orderLines.orderLine) {
    const line = byNumber.get(rl.lineNumber);
    if (!line) return refuse(`PO ${po} has no line ${rl.lineNumber}`, 'lineNumber');
    for (const s of rl.orderLineStatuses.orderLineStatus) {
      if (s.status !== 'Shipped')
        return refuse(`Line ${rl.lineNumber} of PO ${po}: a shipment's status is Shipped`, 'status');
      const t = s.trackingInfo;
      const known = t.carrierName.carrier && (WALMART_CARRIERS as readonly string[]).includes(t.carrierName.carrier);
      if (!known && !t.carrierName.otherCarrier)
        return refuse(
          `Line ${rl.lineNumber} of PO ${po}: carrier ${t.carrierName.carrier ?? '(none)'} is not one of Walmart's carriers; send it as otherCarrier with a trackingURL`,
          'carrier',
        );
      if (!known && !t.trackingURL)
        return refuse(`Line ${rl.lineNumber} of PO ${po}: otherCarrier needs a trackingURL`, 'trackingURL');
      if (!t.trackingNumber.trim())
        return refuse(`Line ${rl.lineNumber} of PO ${po}: trackingNumber is required`, 'trackingNumber');
      const n = Number(s.statusQuantity.amount);
      if (n < 1) return refuse(`Line ${rl.lineNumber} of PO ${po}: ship at least one unit`, 'statusQuantity');
      wanted.set(rl.lineNumber, (wanted.get(rl.lineNumber) ?? 0) + n);
    }
  }
  for (const [lineNumber, n] of wanted) {
    const line = byNumber.get(lineNumber)!;
    const open = quantityIn(line, ['Created', 'Acknowledged']);
    if (n > open)
      return refuse(
        `Line ${lineNumber} of PO ${po}: shipping ${n} exceeds the ${open} ordered unit(s) not yet shipped or cancelled`,
        'statusQuantity',
      );
    if (n > quantityIn(line, ['Acknowledged']))
      return refuse(
        `Line ${lineNumber} of PO ${po} is not acknowledged; acknowledge the order before shipping it`,
        'status',
      );
  }
  const lines = o.orderLines.orderLine.map((l) => {
    let line = l;
    for (const rl of req.orderShipment.orderLines.orderLine.filter((x) => x.lineNumber === l.lineNumber)) {
      line = { ...line, sellerOrderId: rl.sellerOrderId };
      for (const s of rl.orderLineStatuses.orderLineStatus)
        line = move(
          line,
          ['Acknowledged'],
          { status: 'Shipped', statusQuantity: each(Number(s.statusQuantity.amount)), trackingInfo: s.trackingInfo },
          at,
        );
    }
    return line;
  });
  return { order: withLines(o, lines) };
}

export function cancel(o: WalmartOrder, req: CancellationRequest, at: number): Outcome {
  if (isWfs(o)) return wfsRefusal(o);
  const po = o.purchaseOrderId;
  const byNumber = new Map(o.orderLines.orderLine.map((l) => [l.lineNumber, l]));
  const wanted = new Map<string, number>();
  for (const rl of req.orderCancellation.orderLines.orderLine) {
    if (!byNumber.has(rl.lineNumber)) return refuse(`PO ${po} has no line ${rl.lineNumber}`, 'lineNumber');
    for (const s of rl.orderLineStatuses.orderLineStatus) {
      if (s.status !== 'Cancelled')
        return refuse(`Line ${rl.lineNumber} of PO ${po}: a cancellation's status is Cancelled`, 'status');
      const n = Number(s.statusQuantity.amount);
      if (n < 1) return refuse(`Line ${rl.lineNumber} of PO ${po}: cancel at least one unit`, 'statusQuantity');
      wanted.set(rl.lineNumber, (wanted.get(rl.lineNumber) ?? 0) + n);
    }
  }
  for (const [lineNumber, n] of wanted) {
    const open = quantityIn(byNumber.get(lineNumber)!, ['Created', 'Acknowledged']);
    if (n > open)
      return refuse(
        `Line ${lineNumber} of PO ${po}: cancelling ${n} exceeds the ${open} unit(s) not yet shipped or cancelled`,
        'statusQuantity',
      );
  }
  const lines = o.orderLines.orderLine.map((l) =>
    req.orderCancellation.orderLines.orderLine
      .filter((rl) => rl.lineNumber === l.lineNumber)
      .flatMap((rl) => rl.orderLineStatuses.orderLineStatus)
      .reduce(
        (line, s) =>
          move(
            line,
            ['Created', 'Acknowledged'],
            {
              status: 'Cancelled',
              cancellationReason: s.cancellationReason,
              statusQuantity: each(Number(s.statusQuantity.amount)),
            },
            at,
          ),
        l,
      ),
  );
  return { order: withLines(o, lines) };
}

const trackingOf = (r: () => number, o: WalmartOrder, at: number, carrier: 'UPS' | 'USPS' | 'FedEx') => ({
  shipDateTime: at,
  carrierName: { carrier },
  methodCode: o.shippingInfo.methodCode,
  trackingNumber: carrier === 'UPS' ? `1Z${digits(r, 16)}` : digits(r, carrier === 'USPS' ? 22 : 12),
});

/** Ships every open unit of every line with one package. */
function shipAll(o: WalmartOrder, at: number, from: string[], carrier: 'UPS' | 'USPS' | 'FedEx'): WalmartOrder {
  const r = rng(`walmart/tracking/${o.purchaseOrderId}`);
  const trackingInfo = trackingOf(r, o, at, carrier);
  return withLines(
    o,
    o.orderLines.orderLine.map((l) => {
      const open = quantityIn(l, from);
      return open ? move(l, from, { status: 'Shipped', statusQuantity: each(open), trackingInfo }, at) : l;
    }),
  );
}

/** What a seeded seller order had become by the time the seller first looked. */
function history({ order, fate }: Drawn, now: number): WalmartOrder {
  if (isWfs(order)) return order;
  const age = now - order.orderDate;
  if (age < DAY) return order;
  const acked = acknowledge(order, order.orderDate + 2 * HOUR);
  if (!('order' in acked)) return order;
  if (age < 3 * DAY) return acked.order;
  if (fate < 0.08) {
    const req = {
      orderCancellation: {
        orderLines: {
          orderLine: order.orderLines.orderLine.map((l) => ({
            lineNumber: l.lineNumber,
            orderLineStatuses: {
              orderLineStatus: [
                {
                  status: 'Cancelled' as const,
                  cancellationReason: 'SELLER_CANCEL_OUT_OF_STOCK' as const,
                  statusQuantity: l.orderLineQuantity,
                },
              ],
            },
          })),
        },
      },
    };
    const cancelled = cancel(acked.order, req, order.orderDate + 6 * HOUR);
    return 'order' in cancelled ? cancelled.order : acked.order;
  }
  return shipAll(
    acked.order,
    order.orderDate + 20 * HOUR,
    ['Acknowledged'],
    fate < 0.5 ? 'UPS' : fate < 0.8 ? 'USPS' : 'FedEx',
  );
}

/** WFS ships its orders a day after they are placed. */
const wfsProgress = (o: WalmartOrder, now: number): WalmartOrder | null =>
  isWfs(o) && o.orderDate + DAY <= now && o.orderLines.orderLine.some((l) => quantityIn(l, ['Created']) > 0)
    ? shipAll(o, o.orderDate + DAY, ['Created'], 'FedEx')
    : null;

/**
 * The seller's orders as of the sandbox clock: the first read seeds the last seven days; every
 * read adds the orders placed since the last one and lets WFS ship what is due.
 */
export async function ordersOf(deps: Deps, account: string): Promise<WalmartOrder[]> {
  const now = deps.now().getTime();
  const current = Math.floor(now / HOUR);
  const clock = await getRecord(deps, clockSet(account), 'clock');
  // A seller given its catalogue (the demo's stores: their client's products) is ordered from it.
  const preset = await presetCatalogueOf(deps, 'walmart', account);
  const catalogue = preset.length ? preset.map(presetItem) : seedItems(account);
  const first = clock ? clock.hour + 1 : current - HISTORY_HOURS;
  const due = (from: number, seeding: boolean) => {
    const placed: WalmartOrder[] = [];
    for (let h = from; h <= current; h++)
      for (const d of ordersOfHour(account, h, catalogue))
        if (d.order.orderDate <= now) placed.push(seeding ? history(d, now) : d.order);
    return placed;
  };
  // The first read stores the week's history at once (recordsOf inserts it without overwriting).
  const orders = await recordsOf(deps, orderSet(account), () => (clock ? [] : due(first, true)));
  const known = new Set(orders.map((o) => o.purchaseOrderId));
  const fresh = clock ? due(first, false).filter((o) => !known.has(o.purchaseOrderId)) : [];
  for (const o of fresh) await putRecord(deps, orderSet(account), o);
  const all: WalmartOrder[] = [];
  for (const o of [...orders, ...fresh]) {
    const progressed = wfsProgress(o, now);
    if (progressed) await putRecord(deps, orderSet(account), progressed);
    all.push(progressed ?? o);
  }
  if (!clock || clock.hour < current - 1) await putRecord(deps, clockSet(account), { hour: current - 1 });
  return all;
}

export const saveOrder = (deps: Deps, account: string, o: WalmartOrder) => putRecord(deps, orderSet(account), o);
