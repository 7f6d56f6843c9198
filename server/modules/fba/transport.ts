/**
 * Transportation (issue 18 step 5, after placement): how each shipment of the confirmed placement
 * travels — Amazon's partnered carrier (small parcel or LTL, quoted, voidable for 24 h / 1 h) or
 * the warehouse's own carrier, which must book a delivery window with Amazon first. Checked here
 * before Amazon: one option per shipment, a window for own carriers, no small parcel for a box
 * over 100 lb, a contact for LTL. Confirmed, the plan moves to labels.
 */
import { and, desc, eq } from 'drizzle-orm';
import { MAX_PARCEL_LB } from '../../../domain/schemas/bench.js';
import type { DeliveryWindowView, PlanDetail, TransportConfirm, TransportStore } from '../../../domain/schemas/fba.js';
import type { Deps, RequestContext } from '../../context.js';
import { planShipments, shipmentBoxes, shipmentPlanEvents, stores } from '../../db/schema/index.js';
import { ApiError, businessRule, notFound } from '../../http/errors.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { startAmazonStep } from './amazon-call.js';
import { transportOf, transportView } from './placement.js';
import { planRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { settle } from './settle.js';

export const CONFIRM_TRANSPORT = 'confirmTransportationOptions';
export const GENERATE_WINDOWS = 'generateDeliveryWindowOptions';
export const CONFIRM_WINDOW = 'confirmDeliveryWindowOptions';

async function atTransport(deps: Deps, ctx: RequestContext, id: number) {
  const plan = await planRecord(deps.db, ctx, id);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (plan.step !== 'transport')
    throw businessRule(
      plan.step === 'labels' || plan.step === 'shipped' || plan.step === 'receiving'
        ? 'Transportation is confirmed already'
        : `The plan is at ${plan.step}: confirm its placement first`,
    );
  const shipments = await deps.db.select().from(planShipments).where(eq(planShipments.planId, id));
  return { plan, shipments };
}

function shipmentOf<S extends { shipmentId: string }>(shipments: S[], shipmentId: string): S {
  const s = shipments.find((x) => x.shipmentId === shipmentId);
  if (!s) throw notFound('Shipment');
  return s;
}

export async function generateWindows(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  shipmentId: string,
): Promise<PlanDetail> {
  const { plan, shipments } = await atTransport(deps, ctx, id);
  shipmentOf(shipments, shipmentId);
  await startAmazonStep(deps, ctx.userId, plan, {
    operation: GENERATE_WINDOWS,
    asked: `delivery windows for shipment ${shipmentId}`,
    request: { shipmentId },
    unchanged: 'The plan is unchanged: ask for delivery windows again',
    call: (client, inboundPlanId) => client.inboundTransport.generateDeliveryWindowOptions(inboundPlanId, shipmentId),
  });
  return planDetail(deps, ctx, id);
}

export async function confirmWindow(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  shipmentId: string,
  deliveryWindowOptionId: string,
): Promise<PlanDetail> {
  const { plan, shipments } = await atTransport(deps, ctx, id);
  shipmentOf(shipments, shipmentId);
  const window = (transportOf(plan).windows[shipmentId] ?? []).find(
    (w) => w.deliveryWindowOptionId === deliveryWindowOptionId,
  );
  if (!window) throw notFound('Delivery window');
  if (Date.parse(window.validUntil) <= deps.now().getTime())
    throw businessRule('That delivery window can no longer be booked: ask for delivery windows again');
  await startAmazonStep(deps, ctx.userId, plan, {
    operation: CONFIRM_WINDOW,
    asked: `delivery between ${window.startDate} and ${window.endDate} for shipment ${shipmentId}`,
    request: { shipmentId, deliveryWindowOptionId },
    unchanged: 'The plan is unchanged: confirm the delivery window again',
    call: (client, inboundPlanId) =>
      client.inboundTransport.confirmDeliveryWindowOptions(inboundPlanId, shipmentId, deliveryWindowOptionId),
  });
  return planDetail(deps, ctx, id);
}

export async function confirmTransport(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: TransportConfirm,
): Promise<PlanDetail> {
  const { plan, shipments } = await atTransport(deps, ctx, id);
  const quotes = transportOf(plan).byPlacement[plan.placementOptionId ?? ''] ?? [];
  const problems: string[] = [];
  for (const s of shipments)
    if (input.selections.filter((x) => x.shipmentId === s.shipmentId).length !== 1)
      problems.push(`Shipment ${s.name ?? s.shipmentId}: choose exactly one way to ship it`);
  const heavy = await deps.db
    .select({ shipmentId: shipmentBoxes.shipmentId, weightLb: shipmentBoxes.weightLb, boxNo: shipmentBoxes.boxNo })
    .from(shipmentBoxes)
    .where(eq(shipmentBoxes.planId, id));
  for (const sel of input.selections) {
    const s = shipmentOf(shipments, sel.shipmentId);
    const option = quotes.find(
      (q) => q.transportationOptionId === sel.transportationOptionId && q.shipmentId === s.shipmentId,
    );
    if (!option) {
      problems.push(`Shipment ${s.name ?? s.shipmentId}: that way to ship is not one Amazon offered; quote again`);
      continue;
    }
    if (option.expiration && Date.parse(option.expiration) <= deps.now().getTime())
      problems.push(`Shipment ${s.name ?? s.shipmentId}: Amazon’s quote expired; quote transportation again`);
    if (option.preconditions.includes('CONFIRMED_DELIVERY_WINDOW') && !s.deliveryWindow)
      problems.push(`Shipment ${s.name ?? s.shipmentId}: book a delivery window before using your own carrier`);
    if (option.shippingMode === 'GROUND_SMALL_PARCEL')
      for (const b of heavy.filter((b) => b.shipmentId === s.id && (b.weightLb ?? 0) > MAX_PARCEL_LB))
        problems.push(
          `Shipment ${s.name ?? s.shipmentId}: box ${b.boxNo} weighs ${b.weightLb} lb — over ${MAX_PARCEL_LB} lb it cannot go as small parcel; choose LTL freight`,
        );
  }
  if (problems.length) throw new ApiError(412, problems);
  const contactInformation = {
    name: plan.shipFrom.name,
    phoneNumber: plan.shipFrom.phoneNumber,
    ...(plan.shipFrom.email ? { email: plan.shipFrom.email } : {}),
  };
  const selections = input.selections.map((sel) => {
    const option = quotes.find((q) => q.transportationOptionId === sel.transportationOptionId)!;
    return { ...sel, ...(option.shippingMode === 'FREIGHT_LTL' ? { contactInformation } : {}) };
  });
  await startAmazonStep(deps, ctx.userId, plan, {
    operation: CONFIRM_TRANSPORT,
    asked: selections
      .map((sel) => {
        const o = quotes.find((q) => q.transportationOptionId === sel.transportationOptionId)!;
        return `${sel.shipmentId}: ${o.carrierName ?? o.shippingSolution} ${o.shippingMode}`;
      })
      .join('; '),
    request: { transportationSelections: selections },
    unchanged: 'The plan is unchanged: confirm the transportation again',
    call: (client, inboundPlanId) => client.inboundTransport.confirmTransportationOptions(inboundPlanId, selections),
  });
  return planDetail(deps, ctx, id);
}

async function clientOf(deps: Deps, plan: PlanRecord) {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  return { store, client: await amazonClientFor(deps, store) };
}

/** The shipment a delivery-window step was for (what the journal says was asked). */
async function askedShipment(deps: Deps, planId: number): Promise<string> {
  const [asked] = await deps.db
    .select({ request: shipmentPlanEvents.request })
    .from(shipmentPlanEvents)
    .where(and(eq(shipmentPlanEvents.planId, planId), eq(shipmentPlanEvents.kind, 'amazon.asked')))
    .orderBy(desc(shipmentPlanEvents.id))
    .limit(1);
  const id = (asked?.request as { shipmentId?: unknown } | null)?.shipmentId;
  if (typeof id !== 'string') throw new Error(`Plan ${planId}: no shipment in the last request`);
  return id;
}

export async function onWindowsOffered(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const shipmentId = await askedShipment(deps, plan.id);
  const { store, client } = await clientOf(deps, plan);
  const listed = await withStore(deps, store, () =>
    client.inboundTransport.listDeliveryWindowOptions(plan.inboundPlanId!, shipmentId),
  );
  const windows: DeliveryWindowView[] = listed.deliveryWindowOptions.map((w) => ({ ...w }));
  const current = transportOf(plan);
  const next: TransportStore = { ...current, windows: { ...current.windows, [shipmentId]: windows } };
  await settle(deps, done, plan.id, {
    message: `Amazon offers ${windows.length} delivery window${windows.length === 1 ? '' : 's'} for shipment ${shipmentId}`,
    response: windows,
    set: { transportOptions: { ...next } },
  });
}

export async function onWindowConfirmed(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const shipmentId = await askedShipment(deps, plan.id);
  const { store, client } = await clientOf(deps, plan);
  const s = await withStore(deps, store, () => client.inbound.getShipment(plan.inboundPlanId!, shipmentId));
  await settle(deps, done, plan.id, {
    message: `Delivery window booked for shipment ${shipmentId}${
      s.selectedDeliveryWindow ? `: ${s.selectedDeliveryWindow.startDate} – ${s.selectedDeliveryWindow.endDate}` : ''
    }`,
    response: s.selectedDeliveryWindow ?? null,
    write: async (tx, at) => {
      await tx
        .update(planShipments)
        .set({ deliveryWindow: s.selectedDeliveryWindow ?? null, updatedAt: at })
        .where(and(eq(planShipments.planId, plan.id), eq(planShipments.shipmentId, shipmentId)));
    },
  });
}

/** confirmTransportationOptions succeeded: each shipment keeps its carrier, quote, void window and tracking. */
export async function onTransportConfirmed(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const { store, client } = await clientOf(deps, plan);
  const inboundPlanId = plan.inboundPlanId!;
  const rows = await deps.db.select().from(planShipments).where(eq(planShipments.planId, plan.id));
  const options = (
    await withStore(deps, store, () =>
      client.inboundTransport.listTransportationOptions(inboundPlanId, { placementOptionId: plan.placementOptionId! }),
    )
  ).map(transportView);
  const facts: {
    row: (typeof rows)[number];
    s: Awaited<ReturnType<typeof client.inbound.getShipment>>;
    chosen: ReturnType<typeof transportView> | null;
  }[] = [];
  for (const row of rows) {
    const s = await withStore(deps, store, () => client.inbound.getShipment(inboundPlanId, row.shipmentId));
    const chosen = options.find((o) => o.transportationOptionId === s.selectedTransportationOptionId) ?? null;
    facts.push({ row, s, chosen });
  }
  await settle(deps, done, plan.id, {
    message: `Transportation confirmed: ${facts
      .map((f) => `${f.row.name ?? f.row.shipmentId} by ${f.chosen?.carrierName ?? f.chosen?.shippingSolution ?? '?'}`)
      .join('; ')}; next: labels`,
    response: facts.map((f) => ({ shipmentId: f.row.shipmentId, option: f.chosen })),
    step: 'labels',
    write: async (tx, at) => {
      for (const { row, s, chosen } of facts) {
        const ltl = s.trackingDetails?.ltlTrackingDetail;
        await tx
          .update(planShipments)
          .set({
            status: s.status ?? row.status,
            shippingMode: chosen?.shippingMode ?? null,
            shippingSolution: chosen?.shippingSolution ?? null,
            transportationOptionId: s.selectedTransportationOptionId ?? null,
            carrier: {
              name: chosen?.carrierName ?? null,
              code: chosen?.carrierCode ?? null,
              costCents: chosen?.costCents ?? null,
              currency: chosen?.currency ?? null,
              voidableUntil: chosen?.voidableUntil ?? null,
            },
            proNumber: ltl?.freightBillNumber?.[0] ?? row.proNumber,
            billOfLadingNumber: ltl?.billOfLadingNumber ?? row.billOfLadingNumber,
            transportConfirmedAt: at,
            updatedAt: at,
          })
          .where(eq(planShipments.id, row.id));
      }
    },
  });
}
