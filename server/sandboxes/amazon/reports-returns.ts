/**
 * Returns in the Amazon sandbox's reports, drawn from the seller's own orders so they agree with
 * searchOrders: an FBA order Amazon shipped may come back to a fulfilment centre (FBA customer
 * returns), a seller-fulfilled order the seller shipped may get a return request (Returns by return
 * date). Whether a line comes back, when and why is decided by the order item alone (the same order
 * always has the same return), and a return exists only once its date has passed. Sandbox choices
 * Amazon does not publish: one line in five comes back, one to three days after it shipped.
 */
import type { Deps } from '../../context.js';
import type { Order, OrderItem } from '../../integrations/amazon/orders-models.js';
import type { ReportRow } from '../../integrations/amazon/reports-models.js';
import { code, rng } from '../random.js';
import { marketplaceById } from './orders-data.js';
import { orderAt, storedOrdersOf, type StoredOrder } from './orders-state.js';
import { isoDate, isoOffset, type ReportScope } from './reports-data.js';
import { fbaInventoryOf } from './state.js';

const DAY = 86_400_000;
const RETURN_RATE = 0.2;
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** A returned line: when it came back and how many units, decided by the order item. */
function returnOf(kind: 'fba' | 'mfn', order: Order, item: OrderItem, shippedAt: number, shippedUnits: number) {
  const r = rng(`${kind}-return/${order.orderId}/${item.orderItemId}`);
  if (shippedUnits < 1 || r() >= RETURN_RATE) return null;
  const at = shippedAt + Math.floor(((1 + r() * 2) * DAY) / 1000) * 1000;
  return { r, at, quantity: 1 + Math.floor(r() * shippedUnits) };
}

async function ordersIn(deps: Deps, scope: ReportScope): Promise<{ stored: StoredOrder; order: Order }[]> {
  const out: { stored: StoredOrder; order: Order }[] = [];
  for (const id of scope.marketplaceIds) {
    const mp = marketplaceById(id);
    if (!mp) continue;
    for (const stored of await storedOrdersOf(deps, scope.seller, mp))
      out.push({ stored, order: orderAt(stored, scope.at) });
  }
  return out;
}

const within = (t: number, scope: ReportScope) => t >= scope.from && t <= scope.to && t <= scope.at;

const FBA_REASONS = [
  'UNWANTED_ITEM',
  'NOT_AS_DESCRIBED',
  'DEFECTIVE',
  'ORDERED_WRONG_ITEM',
  'FOUND_BETTER_PRICE',
  'DAMAGED_BY_CARRIER',
] as const;
const FULFILMENT_CENTRES = ['PHX7', 'ONT8', 'MDW2', 'BFI4', 'CLT2', 'EWR4'];

/** FBA customer returns: units of shipped FBA orders received back at a fulfilment centre. */
export async function fbaReturnRows(
  deps: Deps,
  scope: ReportScope,
): Promise<ReportRow<'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA'>[]> {
  const rows: ReportRow<'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA'>[] = [];
  const fnskus = new Map<string, string>();
  for (const id of scope.marketplaceIds)
    for (const s of await fbaInventoryOf(deps, scope.seller, id)) fnskus.set(s.sellerSku!, s.fnSku ?? '');
  for (const { stored, order } of await ordersIn(deps, scope)) {
    const f = order.fulfillment;
    if (f?.fulfilledBy !== 'AMAZON' || f.fulfillmentStatus !== 'SHIPPED' || stored.fate?.kind !== 'AMAZON_SHIPS')
      continue;
    for (const item of order.orderItems) {
      const back = returnOf('fba', order, item, Date.parse(stored.fate.at), item.quantityOrdered);
      if (!back || !within(back.at, scope)) continue;
      const reason = pick(back.r, FBA_REASONS);
      const sellable = reason === 'UNWANTED_ITEM' || reason === 'FOUND_BETTER_PRICE' || reason === 'ORDERED_WRONG_ITEM';
      rows.push({
        'return-date': isoOffset(back.at),
        'order-id': order.orderId,
        sku: item.product.sellerSku ?? '',
        asin: item.product.asin ?? '',
        fnsku: fnskus.get(item.product.sellerSku ?? '') ?? '',
        'product-name': item.product.title ?? '',
        quantity: String(back.quantity),
        'fulfillment-center-id': pick(back.r, FULFILMENT_CENTRES),
        'detailed-disposition': sellable
          ? 'SELLABLE'
          : reason === 'DAMAGED_BY_CARRIER'
            ? 'CARRIER_DAMAGED'
            : pick(back.r, ['DEFECTIVE', 'CUSTOMER_DAMAGED']),
        reason,
        status: sellable ? 'Unit returned to inventory' : 'Reimbursed',
        'license-plate-number': code(back.r, 'LPN', 12),
        'customer-comments': '',
      });
    }
  }
  return rows.sort((a, b) => a['return-date'].localeCompare(b['return-date']));
}

const MFN_REASONS = [
  'CR-UNWANTED_ITEM',
  'CR-DEFECTIVE',
  'AMZ-PG-BAD-DESC',
  'CR-ORDERED_WRONG_ITEM',
  'CR-DAMAGED_BY_CARRIER',
] as const;
/** Reasons that are the seller's fault: the seller pays the label and the return is in policy. */
const SELLER_FAULT = new Set(['CR-DEFECTIVE', 'AMZ-PG-BAD-DESC', 'CR-DAMAGED_BY_CARRIER']);

/** Returns by return date: return requests on the seller's shipped orders (one line per order item). */
export async function mfnReturnRows(
  deps: Deps,
  scope: ReportScope,
): Promise<ReportRow<'GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE'>[]> {
  const rows: ReportRow<'GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE'>[] = [];
  for (const { order } of await ordersIn(deps, scope)) {
    const f = order.fulfillment;
    if (f?.fulfilledBy !== 'MERCHANT' || f.fulfillmentStatus === 'CANCELLED') continue;
    for (const item of order.orderItems) {
      const packages = (order.packages ?? []).filter(
        (p) =>
          p.packageStatus?.status !== 'CANCELLED' && p.packageItems?.some((i) => i.orderItemId === item.orderItemId),
      );
      const shippedAt = Math.min(
        ...packages.map((p) => Date.parse(p.shipTime ?? p.createdTime ?? '')).filter(Number.isFinite),
      );
      if (!Number.isFinite(shippedAt)) continue;
      const back = returnOf('mfn', order, item, shippedAt, item.fulfillment?.quantityFulfilled ?? 0);
      if (!back || !within(back.at, scope)) continue;
      const r = back.r;
      const reason = pick(r, MFN_REASONS);
      const sellerPays = SELLER_FAULT.has(reason);
      // The buyer ships it back within four days; then the seller refunds.
      const deliveredAt = back.at + Math.floor((2 + r() * 2) * DAY);
      const delivered = deliveredAt <= scope.at;
      const currency =
        item.product.price?.unitPrice?.currencyCode ??
        marketplaceById(order.salesChannel.marketplaceId ?? '')?.currency ??
        'USD';
      const unit = Number(item.product.price?.unitPrice?.amount ?? 0);
      const carrier = pick(r, ['USPS', 'UPS']);
      rows.push({
        'Order ID': order.orderId,
        'Order date': isoDate(Date.parse(order.createdTime)),
        'Return request date': isoDate(back.at),
        'Return request status': delivered ? 'Closed' : 'Approved',
        'Amazon RMA ID': code(r, 'D', 12),
        'Merchant RMA ID': '',
        'Label type': 'Amazon PrePaid Label',
        'Label cost': (5 + r() * 4).toFixed(2),
        'Currency code': currency,
        'Return carrier': carrier,
        'Tracking ID': carrier === 'UPS' ? code(r, '1Z', 18) : `9202${Math.floor(r() * 1e15)}`.padEnd(22, '0'),
        'Label to be paid by': sellerPays ? 'Seller' : 'Customer',
        'A-to-Z Claim': 'N',
        'Is prime': order.programs?.includes('PRIME') ? 'Y' : 'N',
        ASIN: item.product.asin ?? '',
        'Merchant SKU': item.product.sellerSku ?? '',
        'Item Name': item.product.title ?? '',
        'Return quantity': String(back.quantity),
        'Return Reason': reason,
        'In policy': 'Y',
        'Return type': 'C-Returns',
        Resolution: 'StandardRefund',
        'Invoice number': '',
        'Return delivery date': delivered ? isoDate(deliveredAt) : '',
        'Order Amount': (unit * item.quantityOrdered).toFixed(2),
        'Order quantity': String(item.quantityOrdered),
        'SafeT Action reason': '',
        'SafeT claim id': '',
        'SafeT claim state': '',
        'SafeT claim creation time': '',
        'SafeT claim reimbursement amount': '',
        'Refunded Amount': delivered ? (unit * back.quantity).toFixed(2) : '',
      });
    }
  }
  return rows.sort((a, b) => a['Return request date'].localeCompare(b['Return request date']));
}
