/**
 * What the Walmart sandbox holds for WFS inbound orders, per seller account: the shipments created
 * through createShipment (with their lines), the requests Walmart refused (getInboundOrderErrors),
 * and how each shipment moves on the sandbox clock (deps.now()):
 *
 *   PENDING_SHIPMENT_DETAILS — created; waits for tracking or an accepted Walmart carrier quote
 *   AWAITING_DELIVERY        — dispatched (tracking given or carrier booked), not yet picked up
 *   IN_TRANSIT               — from a day after dispatch
 *   RECEIVING_IN_PROGRESS    — delivered three days after dispatch; units are received over a day
 *   CLOSED                   — four days after dispatch, with the final received quantities
 *
 * Final quantities are drawn from the shipment and SKU, so the same shipment always closes the same
 * way — now and then a unit or two short, or damaged, as at a real fulfilment centre. Every change
 * is written through to the shipment list getInboundShipments reads (state.ts), seeded ones
 * included, so a poll of either list sees the same status.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from 'hono';
import type { Deps } from '../../context.js';
import { sandboxRecords } from '../../db/schema/index.js';
import { inboundOrderErrorSchema, wfsReturnAddressSchema } from '../../integrations/walmart/inbound-models.js';
import { inboundShipmentSchema, type InboundShipment } from '../../integrations/walmart/models.js';
import { rng } from '../random.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { FCS, inboundShipmentSet, inboundShipmentsOf } from './state.js';

const DAY = 86_400_000;

/** The seller account a call's token names (routes.ts verifies the token). */
export type AccountOf = (c: Context) => string | null;
/** Money to the cent. */
export const cents = (n: number) => Math.round(n * 100) / 100;
export const PICKUP_AFTER_MS = DAY;
export const DELIVERED_AFTER_MS = 3 * DAY;
export const RECEIVING_MS = DAY;

/** Where the sandbox sends lines: every centre takes sortable items, GA4 the non-sortable ones. */
export const NODES = FCS.map((fc, i) => ({
  ...fc,
  countryCode: 'US',
  shipNode: String(7441 + 331 * i),
  sortable: fc.fcName !== 'GA4',
}));
export type Node = (typeof NODES)[number];
export const shipToOf = (n: Node) => ({
  fcName: n.fcName,
  addressLine1: n.addressLine1,
  city: n.city,
  stateCode: n.stateCode,
  countryCode: n.countryCode,
  postalCode: n.postalCode,
});
/** The Inventory Transfer Service's consolidation centre (the one in Walmart's preview example). */
export const ITS_NODE = {
  shipNode: '4093',
  fcName: 'LAX2T',
  addressLine1: '6720 Kimball Ave',
  city: 'Chino',
  stateCode: 'CA',
  countryCode: 'US',
  postalCode: '91708',
};

const fcAddress = z.object({
  fcName: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  stateCode: z.string(),
  countryCode: z.string(),
  postalCode: z.string(),
});
const storedItem = z.object({
  sku: z.string(),
  productId: z.string(),
  productType: z.string(),
  itemDesc: z.string(),
  itemQty: z.number().int(),
  /** The quantity the order was created with: updates may add at most 6 units to it. */
  originalQty: z.number().int(),
  vendorPackQty: z.number().int(),
  innerPackQty: z.number().int(),
  expectedDeliveryDate: z.string(),
});
export const storedShipmentSchema = z.object({
  shipmentId: z.string(),
  inboundOrderId: z.string(),
  createdDate: z.string(),
  shipNode: z.string(),
  shipTo: fcAddress,
  returnAddress: wfsReturnAddressSchema,
  expectedDeliveryDate: z.string(),
  items: z.array(storedItem),
  /** When tracking was given or a Walmart carrier quote accepted (ms); null until then. */
  dispatchedAt: z.number().nullable(),
  carrierName: z.string().nullable(),
  trackingNo: z.array(z.string()),
  cancelledAt: z.string().nullable(),
});
export type StoredShipment = z.infer<typeof storedShipmentSchema>;

export const shipmentSet = (account: string): RecordSet<StoredShipment> => ({
  provider: 'walmart',
  account,
  kind: 'wfs_shipment',
  schema: storedShipmentSchema,
  keyOf: (s) => s.shipmentId,
});
export const orderErrorSet = (account: string): RecordSet<z.infer<typeof inboundOrderErrorSchema>> => ({
  provider: 'walmart',
  account,
  kind: 'wfs_inbound_error',
  schema: inboundOrderErrorSchema,
  keyOf: (e) => e.inboundOrderId,
});

export type ShipmentStatus =
  'PENDING_SHIPMENT_DETAILS' | 'AWAITING_DELIVERY' | 'IN_TRANSIT' | 'RECEIVING_IN_PROGRESS' | 'CLOSED' | 'CANCELLED';
/** Past these, quantities, tracking and the order itself can no longer change. */
export const SETTLED: ReadonlySet<string> = new Set(['RECEIVING_IN_PROGRESS', 'CLOSED', 'CANCELLED']);

/** How one line ends at the centre: drawn from the shipment and SKU, never from the clock. */
function outcome(s: StoredShipment, item: StoredShipment['items'][number]) {
  const r = rng(`walmart/${s.shipmentId}/${item.sku}`);
  const short = r() < 0.25 ? 1 + Math.floor(r() * 2) : 0;
  const damaged = r() < 0.15 ? 1 : 0;
  const damagedQty = Math.min(damaged, item.itemQty);
  return { damagedQty, receivedQty: Math.max(0, item.itemQty - damagedQty - short) };
}

export function statusAt(s: StoredShipment, now: number): { status: ShipmentStatus; received: number } {
  if (s.cancelledAt) return { status: 'CANCELLED', received: 0 };
  if (s.dispatchedAt === null) return { status: 'PENDING_SHIPMENT_DETAILS', received: 0 };
  const e = now - s.dispatchedAt;
  if (e < PICKUP_AFTER_MS) return { status: 'AWAITING_DELIVERY', received: 0 };
  if (e < DELIVERED_AFTER_MS) return { status: 'IN_TRANSIT', received: 0 };
  if (e < DELIVERED_AFTER_MS + RECEIVING_MS)
    return { status: 'RECEIVING_IN_PROGRESS', received: (e - DELIVERED_AFTER_MS) / RECEIVING_MS };
  return { status: 'CLOSED', received: 1 };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** getInboundShipmentItems' lines of a created shipment at `now` (SKUs taken off are left out). */
export function itemsAt(s: StoredShipment, now: number) {
  const { received } = statusAt(s, now);
  const updated = s.dispatchedAt !== null ? iso(s.dispatchedAt + DELIVERED_AFTER_MS) : s.expectedDeliveryDate;
  return s.items
    .filter((i) => i.itemQty > 0)
    .map((i) => {
      const end = outcome(s, i);
      const receivedQty = received >= 1 ? end.receivedQty : Math.floor(end.receivedQty * received);
      const damagedQty = received >= 1 ? end.damagedQty : Math.floor(end.damagedQty * received);
      return {
        inboundOrderId: s.inboundOrderId,
        shipmentId: s.shipmentId,
        gtin: i.productId,
        sku: i.sku,
        itemDesc: i.itemDesc,
        itemQty: i.itemQty,
        vendorPackQty: i.vendorPackQty,
        innerPackQty: i.innerPackQty,
        receivedQty,
        damagedQty,
        fillRate: Math.round((receivedQty / i.itemQty) * 10_000) / 100,
        expectedDeliveryDate: i.expectedDeliveryDate,
        updatedExpectedDeliveryDate: updated,
        shipNodeName: s.shipTo.fcName,
      };
    });
}

/** The shipment as getInboundShipments lists it at `now`. */
export function listedAt(s: StoredShipment, now: number): InboundShipment {
  const { status } = statusAt(s, now);
  const items = itemsAt(s, now);
  const delivered = s.dispatchedAt !== null ? s.dispatchedAt + DELIVERED_AFTER_MS : null;
  return {
    inboundOrderId: s.inboundOrderId,
    shipmentId: s.shipmentId,
    shipToAddress: s.shipTo,
    returnAddress: s.returnAddress,
    status,
    createdDate: s.createdDate,
    shipmentUnits: items.reduce((t, i) => t + i.itemQty, 0),
    receivedUnits: items.reduce((t, i) => t + i.receivedQty, 0),
    expectedDeliveryDate: s.expectedDeliveryDate,
    updatedExpectedDeliveryDate: delivered !== null ? iso(delivered) : s.expectedDeliveryDate,
    ...(delivered !== null && now >= delivered && status !== 'CANCELLED' ? { actualDeliveryDate: iso(delivered) } : {}),
    ...(s.trackingNo.length ? { trackingNo: s.trackingNo } : {}),
    ...(s.carrierName ? { carrierName: s.carrierName } : {}),
  };
}

export const createdShipmentsOf = (deps: Deps, account: string) => recordsOf(deps, shipmentSet(account), () => []);

/** Stores a created shipment and writes it through to the shipment list. */
export async function saveShipment(deps: Deps, account: string, s: StoredShipment): Promise<void> {
  await putRecord(deps, shipmentSet(account), s);
  await putRecord(deps, inboundShipmentSet(account), listedAt(s, deps.now().getTime()));
}

/** Brings the listed shipments up to the sandbox clock (seeding the account's history first). */
export async function syncShipments(deps: Deps, account: string): Promise<InboundShipment[]> {
  const listed = await inboundShipmentsOf(deps, account);
  const now = deps.now().getTime();
  const byId = new Map(listed.map((l) => [l.shipmentId, l]));
  for (const s of await createdShipmentsOf(deps, account)) {
    // Parsed as stored, so an unchanged shipment compares equal and is not written again.
    const current = inboundShipmentSchema.parse(listedAt(s, now));
    if (JSON.stringify(byId.get(s.shipmentId)) === JSON.stringify(current)) continue;
    await putRecord(deps, inboundShipmentSet(account), current);
    byId.set(s.shipmentId, current);
  }
  return [...byId.values()];
}

/** Once an inbound order is created, Walmart drops the errors of its earlier attempts. */
export async function dropOrderErrors(deps: Deps, account: string, inboundOrderId: string): Promise<void> {
  const set = orderErrorSet(account);
  await deps.db
    .delete(sandboxRecords)
    .where(
      and(
        eq(sandboxRecords.provider, set.provider),
        eq(sandboxRecords.account, account),
        eq(sandboxRecords.kind, set.kind),
        eq(sandboxRecords.key, inboundOrderId),
      ),
    );
}

export const storedShipment = (deps: Deps, account: string, shipmentId: string) =>
  getRecord(deps, shipmentSet(account), shipmentId);

/**
 * Items of a seeded shipment (one the account's history started with): one to three SKUs that add
 * up to its units, with its received units spread over them.
 */
export function seededItems(s: InboundShipment) {
  const r = rng(`walmart/items/${s.shipmentId}`);
  const units = s.shipmentUnits ?? 0;
  const count = Math.max(1, Math.min(units, 1 + Math.floor(r() * 3)));
  const received = s.receivedUnits ?? 0;
  let left = units;
  let receivedLeft = received;
  return Array.from({ length: count }, (_, i) => {
    const itemQty = i === count - 1 ? left : Math.max(1, Math.floor(units / count));
    const receivedQty = i === count - 1 ? receivedLeft : Math.min(itemQty, Math.floor((received * itemQty) / units));
    left -= itemQty;
    receivedLeft -= receivedQty;
    const gtin = gtin14(String(Math.floor(r() * 1e12)).padStart(12, '0'));
    return {
      inboundOrderId: s.inboundOrderId,
      shipmentId: s.shipmentId!,
      gtin,
      sku: `WFS-${gtin.slice(-6)}`,
      itemDesc: `Seller item ${gtin.slice(-6)}`,
      itemQty,
      vendorPackQty: itemQty,
      innerPackQty: 1,
      receivedQty,
      damagedQty: 0,
      fillRate: itemQty ? Math.round((receivedQty / itemQty) * 10_000) / 100 : 0,
      expectedDeliveryDate: s.expectedDeliveryDate,
      updatedExpectedDeliveryDate: s.updatedExpectedDeliveryDate ?? s.expectedDeliveryDate,
      shipNodeName: s.shipToAddress?.fcName,
    };
  });
}

/** GS1 check digit (GTIN, UPC, EAN): weights 3,1,3,… from the right of the digits before it. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
const gtin14 = (digits12: string) => {
  const body = `0${digits12}`;
  return body + gs1CheckDigit(body);
};
