/**
 * The seller's FBA removal orders in the Amazon sandbox — the stock Amazon sends back to the seller
 * (usually to the prep centre) or disposes of — for the two removal reports. A removal order may be
 * placed on any day (about one a week), over the seller's own FBA SKUs, unsellable units first; the
 * day alone decides it, so the same seller always has the same removals. It moves with the clock:
 * Pending, Planning the next half day, Processing after a day and a half, units shipped (in one or
 * two parcels) or disposed of three to seven days after the request, then Completed; one in twenty
 * is cancelled within hours. Sandbox choices Amazon does not publish: the rates and delays, a flat
 * $1.04 a unit removal fee, and removals not taking the units out of the FBA inventory.
 */
import type { Deps } from '../../context.js';
import type { ReportRow } from '../../integrations/amazon/reports-models.js';
import { code, rng } from '../random.js';
import { isoOffset, type ReportScope } from './reports-data.js';
import { marketplaceById } from './orders-data.js';
import { fbaInventoryOf } from './state.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Reports reach back this far (Amazon keeps removal history much longer; reports ask for windows). */
const HISTORY_DAYS = 180;
const FEE_PER_UNIT = 1.04;

interface Shipment {
  at: number;
  quantity: number;
  carrier: string;
  tracking: string;
}
interface RemovalLine {
  sku: string;
  fnsku: string;
  disposition: 'Sellable' | 'Unsellable';
  requested: number;
  /** When its units leave: shipped in parcels (Return) or disposed of at once (Disposal). */
  shipments: Shipment[];
}
interface RemovalOrder {
  orderId: string;
  orderType: 'Return' | 'Disposal';
  requestAt: number;
  cancelAt: number | null;
  currency: string;
  lines: RemovalLine[];
}

/** Every removal order the seller has placed in the marketplace up to `at`. */
async function removalOrdersOf(deps: Deps, seller: string, marketplaceId: string, at: number): Promise<RemovalOrder[]> {
  const inventory = await fbaInventoryOf(deps, seller, marketplaceId);
  if (!inventory.length) return [];
  const currency = marketplaceById(marketplaceId)?.currency ?? 'USD';
  const orders: RemovalOrder[] = [];
  const today = Math.floor(at / DAY);
  for (let day = today - HISTORY_DAYS; day <= today; day++) {
    const r = rng(`removal/${seller}/${marketplaceId}/${day}`);
    if (r() >= 0.15) continue;
    const requestAt = day * DAY + Math.floor(r() * 86_400) * 1000;
    if (requestAt > at) continue;
    const orderType = r() < 0.7 ? 'Return' : 'Disposal';
    const cancelAt = r() < 0.05 ? requestAt + Math.floor((1 + r() * 5) * HOUR) : null;
    const pool = [...inventory];
    const lines: RemovalLine[] = [];
    for (let n = 1 + Math.floor(r() * 3); n > 0 && pool.length; n--) {
      const s = pool.splice(Math.floor(r() * pool.length), 1)[0];
      const unsellable = (s.inventoryDetails?.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0) > 0 && r() < 0.6;
      const requested = 1 + Math.floor(r() * 24);
      const leaves = requestAt + Math.floor((3 + r() * 4) * DAY);
      const parcels = orderType === 'Return' && requested > 1 && r() < 0.4 ? 2 : 1;
      const first = parcels === 2 ? Math.ceil(requested / 2) : requested;
      const carrier = r() < 0.6 ? 'UPS' : 'USPS';
      const parcel = (when: number, quantity: number): Shipment => ({
        at: when,
        quantity,
        carrier,
        tracking: carrier === 'UPS' ? code(r, '1Z', 18) : `9400${code(r, '', 18).replace(/[A-Z]/g, '7')}`,
      });
      lines.push({
        sku: s.sellerSku!,
        fnsku: s.fnSku ?? '',
        disposition: unsellable ? 'Unsellable' : 'Sellable',
        requested,
        shipments: [parcel(leaves, first), ...(parcels === 2 ? [parcel(leaves + DAY, requested - first)] : [])],
      });
    }
    orders.push({ orderId: code(r, '', 10), orderType, requestAt, cancelAt, currency, lines });
  }
  return orders;
}

/** A removal order as Amazon shows it at `at`. */
function stateAt(o: RemovalOrder, at: number) {
  const cancelled = o.cancelAt !== null && o.cancelAt <= at;
  const lines = o.lines.map((l) => {
    const out = cancelled ? [] : l.shipments.filter((s) => s.at <= at);
    const done = out.reduce((t, s) => t + s.quantity, 0);
    return {
      line: l,
      out,
      cancelled: cancelled ? l.requested : 0,
      shipped: o.orderType === 'Return' ? done : 0,
      disposed: o.orderType === 'Disposal' ? done : 0,
      inProcess: cancelled ? 0 : l.requested - done,
    };
  });
  const events = [
    o.requestAt,
    ...(cancelled ? [o.cancelAt!] : [o.requestAt + 12 * HOUR, o.requestAt + 36 * HOUR]),
    ...lines.flatMap((l) => l.out.map((s) => s.at)),
  ].filter((t) => t <= at);
  const status = cancelled
    ? 'Cancelled'
    : lines.every((l) => l.inProcess === 0)
      ? 'Completed'
      : at >= o.requestAt + 36 * HOUR
        ? 'Processing'
        : at >= o.requestAt + 12 * HOUR
          ? 'Planning'
          : 'Pending';
  return { status, lastUpdated: Math.max(...events), lines };
}

async function removalsIn(deps: Deps, scope: ReportScope) {
  const all: RemovalOrder[] = [];
  for (const id of scope.marketplaceIds) all.push(...(await removalOrdersOf(deps, scope.seller, id, scope.at)));
  return all.sort((a, b) => a.requestAt - b.requestAt);
}

/** Removal order detail: each line of the orders requested in the window. */
export async function removalOrderRows(
  deps: Deps,
  scope: ReportScope,
): Promise<ReportRow<'GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA'>[]> {
  return (await removalsIn(deps, scope))
    .filter((o) => o.requestAt >= scope.from && o.requestAt <= scope.to)
    .flatMap((o) => {
      const s = stateAt(o, scope.at);
      return s.lines.map((l) => ({
        'request-date': isoOffset(o.requestAt),
        'order-id': o.orderId,
        'order-type': o.orderType,
        'service-speed': 'Standard',
        'order-status': s.status,
        'last-updated-date': isoOffset(s.lastUpdated),
        sku: l.line.sku,
        fnsku: l.line.fnsku,
        disposition: l.line.disposition,
        'requested-quantity': String(l.line.requested),
        'cancelled-quantity': String(l.cancelled),
        'disposed-quantity': String(l.disposed),
        'shipped-quantity': String(l.shipped),
        'in-process-quantity': String(l.inProcess),
        'removal-fee': ((l.shipped + l.disposed) * FEE_PER_UNIT).toFixed(2),
        currency: o.currency,
      }));
    });
}

/** Removal shipment detail: each parcel that left in the window. */
export async function removalShipmentRows(
  deps: Deps,
  scope: ReportScope,
): Promise<ReportRow<'GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA'>[]> {
  return (await removalsIn(deps, scope))
    .filter((o) => o.orderType === 'Return')
    .flatMap((o) =>
      stateAt(o, scope.at).lines.flatMap((l) =>
        l.out
          .filter((s) => s.at >= scope.from && s.at <= scope.to)
          .map((s) => ({
            'request-date': isoOffset(o.requestAt),
            'order-id': o.orderId,
            'shipment-date': isoOffset(s.at),
            sku: l.line.sku,
            fnsku: l.line.fnsku,
            disposition: l.line.disposition,
            'shipped-quantity': String(s.quantity),
            carrier: s.carrier,
            'tracking-number': s.tracking,
            'removal-order-type': o.orderType,
          })),
      ),
    )
    .sort((a, b) => a['shipment-date'].localeCompare(b['shipment-date']));
}
