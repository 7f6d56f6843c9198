/**
 * How a WFS plan's shipments travel (issue 19): Walmart's preferred carrier — a rate quote from the
 * shipment's boxes (small parcel) or the pallets they make (LTL), accepted, or voided within
 * Walmart's window (24 h parcel, 1 h LTL) — or the client's own carrier with its tracking numbers
 * given to Walmart. Once every shipment travels somehow, the plan moves to its labels.
 * Walmart is asked outside transactions; the answer is written under the plan's lock.
 */
import { and, eq } from 'drizzle-orm';
import { estimatePallets, PALLET_LENGTH_IN, PALLET_WIDTH_IN } from '../../../domain/rules/freight.js';
import type { WfsCarrierQuoteInput, WfsOwnCarrierInput, WfsPlanDetail } from '../../../domain/schemas/wfs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, planShipments, shipmentPlans } from '../../db/schema/index.js';
import { ApiError, businessRule, notFound } from '../../http/errors.js';
import {
  VOID_WINDOW_MS,
  type CarrierMode,
  type CarrierQuoteRequest,
  type RateQuote,
} from '../../integrations/walmart/carrier-models.js';
import { journal } from '../fba/journal.js';
import { boxesOf } from '../fba/packing-information.js';
import { storeOfPlan, type PlanRecord } from '../fba/plan-record.js';
import { withStore } from '../stores/connection.js';
import { walmartClientFor } from '../stores/walmart.js';
import { wfsPlan, wfsPlanDetail } from './plans.js';

type ShipmentRecord = typeof planShipments.$inferSelect;

/** What the shipment's carrier record holds (plan_shipments.carrier). */
export interface WfsCarrier {
  kind: 'walmart' | 'own';
  mode?: CarrierMode;
  quote?: RateQuote;
  status: 'ESTIMATED' | 'ACCEPTED' | 'VOIDED' | 'OWN';
  quotedAt?: string;
  confirmedAt?: string | null;
  voidableUntil?: string | null;
  carrierName?: string;
}

export const carrierOf = (s: Pick<ShipmentRecord, 'carrier'>): WfsCarrier | null =>
  (s.carrier as WfsCarrier | null) ?? null;

/** A shipment travels once its quote is accepted or its own carrier's tracking is with Walmart. */
export const travels = (s: Pick<ShipmentRecord, 'carrier'>) => {
  const c = carrierOf(s);
  return c?.status === 'ACCEPTED' || c?.status === 'OWN';
};

async function shipmentOf(db: DbOrTx, plan: PlanRecord, shipmentId: string): Promise<ShipmentRecord> {
  const [s] = await db
    .select()
    .from(planShipments)
    .where(and(eq(planShipments.planId, plan.id), eq(planShipments.shipmentId, shipmentId)));
  if (!s) throw notFound('Shipment');
  return s;
}

function atCarrier(plan: PlanRecord) {
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (plan.step !== 'carrier' && plan.step !== 'labels')
    throw businessRule(
      plan.step === 'boxes' || plan.step === 'items' || plan.step === 'preview'
        ? 'Finish packing first: every unit boxed, every box measured and weighed'
        : 'The boxes have left: their carrier no longer changes',
    );
}

/** The plan at its carrier step, one of its shipments, and the Walmart client of its store. */
async function carrierContext(deps: Deps, ctx: RequestContext, planId: number, shipmentId: string) {
  const plan = await wfsPlan(deps.db, ctx, planId);
  atCarrier(plan);
  const s = await shipmentOf(deps.db, plan, shipmentId);
  const store = await storeOfPlan(deps.db, plan);
  return { plan, s, walmart: walmartClientFor(deps, store) };
}

const location = (
  name: string,
  a: {
    addressLine1: string;
    addressLine2?: string;
    city: string;
    stateCode: string;
    countryCode: string;
    postalCode: string;
    phone?: string;
  },
) => ({
  locationName: name,
  address: a,
});

/** The quote request: the shipment's boxes as packages, or for LTL the pallets they make. */
async function quoteRequest(
  db: DbOrTx,
  plan: PlanRecord,
  s: ShipmentRecord,
  input: WfsCarrierQuoteInput,
): Promise<CarrierQuoteRequest> {
  const boxes = (await boxesOf(db, plan.id)).filter((b) => b.box.shipmentId === s.id && b.items.length);
  if (!boxes.length) throw businessRule(`Shipment ${s.shipmentId} has no boxes`);
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, plan.companyId));
  const from = plan.shipFrom;
  const origin = location(from.companyName ?? from.name, {
    addressLine1: from.addressLine1,
    ...(from.addressLine2 ? { addressLine2: from.addressLine2 } : {}),
    city: from.city,
    stateCode: from.stateOrProvinceCode ?? '',
    countryCode: from.countryCode,
    postalCode: from.postalCode,
    phone: from.phoneNumber,
  });
  const to = ((s.destination ?? {}) as { shipTo?: Record<string, string | undefined> }).shipTo ?? {};
  const destination = location(to.fcName ?? s.name ?? s.shipmentId, {
    addressLine1: to.addressLine1 ?? '',
    city: to.city ?? '',
    stateCode: to.stateCode ?? '',
    countryCode: to.countryCode ?? 'US',
    postalCode: to.postalCode ?? '',
  });
  const measured = boxes.map(({ box }) => ({
    lengthIn: box.lengthIn!,
    widthIn: box.widthIn!,
    heightIn: box.heightIn!,
    weightLb: box.weightLb!,
  }));
  const packages =
    input.mode === 'PARCEL'
      ? measured.map((m, i) => ({
          packageSequenceNumber: i + 1,
          weight: m.weightLb,
          weightUOM: 'LB',
          length: m.lengthIn,
          width: m.widthIn,
          height: m.heightIn,
          lengthUOM: 'IN',
          noOfPackages: 1,
        }))
      : (() => {
          const pallets = estimatePallets(measured);
          const count = pallets?.count ?? 1;
          return Array.from({ length: count }, (_, i) => ({
            packageSequenceNumber: i + 1,
            weight: pallets?.weightLb ?? 0,
            weightUOM: 'LB',
            length: PALLET_LENGTH_IN,
            width: PALLET_WIDTH_IN,
            height: pallets?.heightIn ?? 60,
            lengthUOM: 'IN',
            packageType: 'PALLET',
            stackable: false,
          }));
        })();
  return {
    shipmentId: s.shipmentId,
    shipmentSource: 'SELLER',
    customer: { customerId: String(plan.companyId), customerName: company?.name ?? 'Seller' },
    originLocation: origin,
    destinationLocation: destination,
    returnLocation: origin,
    shipmentPackages: packages,
    mode: input.mode,
    ...(input.pickupDate
      ? {
          pickupFromDateTime: `${input.pickupDate}T08:00:00.000Z`,
          pickupToDateTime: `${input.pickupDate}T17:00:00.000Z`,
        }
      : {}),
  };
}

async function walmartAsk<T>(
  deps: Deps,
  ctx: RequestContext,
  plan: PlanRecord,
  what: string,
  request: unknown,
  call: () => Promise<T>,
): Promise<T> {
  const store = await storeOfPlan(deps.db, plan);
  await journal(deps.db, plan, ctx.userId, deps.now().toISOString(), { kind: 'walmart.asked', message: what, request });
  try {
    return await withStore(deps, store, call);
  } catch (err) {
    if (err instanceof ApiError)
      await journal(deps.db, plan, ctx.userId, deps.now().toISOString(), {
        kind: 'walmart.refused',
        message: `Walmart refused: ${err.messages.join('; ')}`,
      });
    throw err;
  }
}

/** Writes a shipment's carrier, and moves the plan between carrier and labels as its shipments travel. */
async function writeCarrier(
  deps: Deps,
  ctx: RequestContext,
  planId: number,
  shipmentId: string,
  set: Partial<ShipmentRecord>,
  message: string,
  response?: unknown,
) {
  await deps.db.transaction(async (tx) => {
    const plan = await wfsPlan(tx, ctx, planId, true);
    atCarrier(plan);
    const s = await shipmentOf(tx, plan, shipmentId);
    const at = deps.now().toISOString();
    await tx
      .update(planShipments)
      .set({ ...set, updatedAt: at })
      .where(eq(planShipments.id, s.id));
    const all = await tx.select().from(planShipments).where(eq(planShipments.planId, planId));
    const live = all.filter((x) => x.status !== 'CANCELLED');
    const step = live.length > 0 && live.every(travels) ? 'labels' : 'carrier';
    if (step !== plan.step)
      await tx
        .update(shipmentPlans)
        .set({ step, status: step === 'labels' ? 'shipping' : 'box_dims', stepAt: at, updatedAt: at })
        .where(eq(shipmentPlans.id, planId));
    await journal(tx, plan, ctx.userId, at, { kind: 'walmart.answered', message, response });
    await audit(tx, ctx, 'shipment_plan', planId, 'update', { shipmentId, carrier: s.carrier }, { shipmentId, ...set });
  });
}

export async function quoteCarrier(
  deps: Deps,
  ctx: RequestContext,
  planId: number,
  shipmentId: string,
  input: WfsCarrierQuoteInput,
): Promise<WfsPlanDetail> {
  const { plan, s, walmart } = await carrierContext(deps, ctx, planId, shipmentId);
  if (carrierOf(s)?.status === 'ACCEPTED')
    throw businessRule(`Shipment ${shipmentId}’s quote is accepted: void it to quote again`);
  const request = await quoteRequest(deps.db, plan, s, input);
  const answer = await walmartAsk(
    deps,
    ctx,
    plan,
    `Asked Walmart’s preferred carrier to quote shipment ${shipmentId} (${input.mode})`,
    request,
    () => walmart.wfs.carrier.createQuotes(request),
  );
  const quote = answer.rateQuotes[0];
  if (!quote) throw businessRule(`Walmart offered no carrier for shipment ${shipmentId}`);
  const carrier: WfsCarrier = {
    kind: 'walmart',
    mode: input.mode,
    quote,
    status: 'ESTIMATED',
    quotedAt: deps.now().toISOString(),
    confirmedAt: null,
    voidableUntil: null,
  };
  await writeCarrier(
    deps,
    ctx,
    planId,
    shipmentId,
    {
      carrier: carrier as unknown as Record<string, unknown>,
      shippingMode: input.mode,
      shippingSolution: 'WALMART_PREFERRED',
      transportConfirmedAt: null,
    },
    `Walmart quoted shipment ${shipmentId}: ${quote.carrier?.carrierName ?? 'carrier'} ${quote.netCharge.toFixed(2)} ${quote.currency ?? 'USD'}`,
    answer,
  );
  return wfsPlanDetail(deps, ctx, planId);
}

export async function confirmCarrier(
  deps: Deps,
  ctx: RequestContext,
  planId: number,
  shipmentId: string,
): Promise<WfsPlanDetail> {
  const { plan, s, walmart } = await carrierContext(deps, ctx, planId, shipmentId);
  const c = carrierOf(s);
  if (!c || c.kind !== 'walmart' || c.status !== 'ESTIMATED')
    throw businessRule(`Ask for shipment ${shipmentId}’s quote first`);
  const answer = await walmartAsk(
    deps,
    ctx,
    plan,
    `Accepted Walmart’s quote for shipment ${shipmentId}`,
    { shipmentId },
    () => walmart.wfs.carrier.confirmQuote(shipmentId),
  );
  const at = deps.now();
  const accepted: WfsCarrier = {
    ...c,
    status: 'ACCEPTED',
    confirmedAt: at.toISOString(),
    voidableUntil: new Date(at.getTime() + VOID_WINDOW_MS[c.mode!]).toISOString(),
  };
  await writeCarrier(
    deps,
    ctx,
    planId,
    shipmentId,
    { carrier: accepted as unknown as Record<string, unknown>, transportConfirmedAt: at.toISOString() },
    `Shipment ${shipmentId} travels with ${c.quote?.carrier?.carrierName ?? 'Walmart’s carrier'}; void it until ${accepted.voidableUntil}`,
    answer,
  );
  return wfsPlanDetail(deps, ctx, planId);
}

export async function voidCarrier(
  deps: Deps,
  ctx: RequestContext,
  planId: number,
  shipmentId: string,
): Promise<WfsPlanDetail> {
  const { plan, s, walmart } = await carrierContext(deps, ctx, planId, shipmentId);
  const c = carrierOf(s);
  if (!c || c.status !== 'ACCEPTED') throw businessRule(`Shipment ${shipmentId} has no accepted quote to void`);
  if (c.voidableUntil && Date.parse(c.voidableUntil) < deps.now().getTime())
    throw businessRule(`Walmart’s void window for shipment ${shipmentId} closed at ${c.voidableUntil}`);
  const answer = await walmartAsk(
    deps,
    ctx,
    plan,
    `Voided Walmart’s carrier for shipment ${shipmentId}`,
    { shipmentId },
    () => walmart.wfs.carrier.voidQuote(shipmentId),
  );
  const voided: WfsCarrier = { ...c, status: 'VOIDED', voidableUntil: null };
  await writeCarrier(
    deps,
    ctx,
    planId,
    shipmentId,
    { carrier: voided as unknown as Record<string, unknown>, transportConfirmedAt: null },
    `Shipment ${shipmentId}’s carrier voided`,
    answer,
  );
  return wfsPlanDetail(deps, ctx, planId);
}

export async function ownCarrier(
  deps: Deps,
  ctx: RequestContext,
  planId: number,
  shipmentId: string,
  input: WfsOwnCarrierInput,
): Promise<WfsPlanDetail> {
  const { plan, s, walmart } = await carrierContext(deps, ctx, planId, shipmentId);
  if (carrierOf(s)?.status === 'ACCEPTED')
    throw businessRule(`Shipment ${shipmentId} travels with Walmart’s carrier: void it first`);
  const body = { shipmentId, carrierName: input.carrierName, trackingInfo: input.trackingNumbers };
  const answer = await walmartAsk(
    deps,
    ctx,
    plan,
    `Gave Walmart the own carrier’s tracking for shipment ${shipmentId}`,
    body,
    () => walmart.wfs.updateShipmentTracking(body),
  );
  const own: WfsCarrier = { kind: 'own', status: 'OWN', carrierName: input.carrierName };
  await writeCarrier(
    deps,
    ctx,
    planId,
    shipmentId,
    {
      carrier: own as unknown as Record<string, unknown>,
      shippingMode: input.mode,
      shippingSolution: 'OWN_CARRIER',
      tracking: { numbers: input.trackingNumbers, carrierName: input.carrierName },
      transportConfirmedAt: deps.now().toISOString(),
    },
    `Shipment ${shipmentId} travels with ${input.carrierName}: ${input.trackingNumbers.length} tracking number${input.trackingNumbers.length === 1 ? '' : 's'}`,
    answer,
  );
  return wfsPlanDetail(deps, ctx, planId);
}
