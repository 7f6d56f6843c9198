/**
 * Placement (issue 18 step 5): where Amazon sends the boxes — one fulfilment centre with a
 * placement fee, or several for free — compared by total landed cost before one is confirmed.
 * Amazon quotes transport for one placement option at a time, so once the options are offered
 * the plan asks for each option's transportation in turn (with the pallets its boxes would make,
 * for an LTL quote), and the screen shows them side by side with the cheapest recommended.
 * Confirming a placement creates the plan's shipments and gives the boxes their FBA box ids.
 */
import { and, desc, eq } from 'drizzle-orm';
import { estimatePallets } from '../../../domain/rules/freight.js';
import type {
  LandedCost,
  PlacementOptionView,
  PlanDetail,
  TransportMode,
  TransportOptionView,
  TransportStore,
} from '../../../domain/schemas/fba.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { planShipments, shipmentBoxes, shipmentPlanEvents, stores } from '../../db/schema/index.js';
import { recordChanges } from '../../feed/changes.js';
import { businessRule, notFound } from '../../http/errors.js';
import type { TransportationOption } from '../../integrations/amazon/transport-models.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { boxChange } from '../bench/feed.js';
import { followWith, startAmazonStep, type AmazonStep } from './amazon-call.js';
import { chargeOf } from './packing.js';
import { boxesOf } from './packing-information.js';
import { planRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { settle } from './settle.js';

export const GENERATE_PLACEMENT = 'generatePlacementOptions';
export const CONFIRM_PLACEMENT = 'confirmPlacementOption';
export const GENERATE_TRANSPORT = 'generateTransportationOptions';

export const generatePlacementStep: AmazonStep = {
  operation: GENERATE_PLACEMENT,
  asked: 'where the boxes may go (placement options)',
  unchanged: 'The plan is unchanged: ask for placement options again',
  call: (client, inboundPlanId) => client.inbound.generatePlacementOptions(inboundPlanId),
};

export const emptyTransport = (): TransportStore => ({ byPlacement: {}, windows: {} });
export const transportOf = (plan: PlanRecord): TransportStore => ({
  ...emptyTransport(),
  ...((plan.transportOptions ?? {}) as Partial<TransportStore>),
});
export const placementsOf = (plan: PlanRecord) => (plan.placementOptions ?? []) as PlacementOptionView[];

async function storeOf(deps: Deps, plan: PlanRecord) {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  return { store, client: await amazonClientFor(deps, store) };
}

export const transportView = (o: TransportationOption): TransportOptionView => ({
  transportationOptionId: o.transportationOptionId,
  shipmentId: o.shipmentId,
  shippingMode: o.shippingMode,
  shippingSolution: o.shippingSolution,
  carrierName: o.carrier.name ?? null,
  carrierCode: o.carrier.alphaCode ?? null,
  costCents: o.quote ? Math.round(o.quote.cost.amount * 100) : null,
  currency: o.quote?.cost.code ?? null,
  expiration: o.quote?.expiration ?? null,
  voidableUntil: o.quote?.voidableUntil ?? null,
  preconditions: o.preconditions,
});

/** Amazon's minute-precision time: when the boxes are ready (two hours from now). */
const readyAt = (now: Date) =>
  new Date(Math.ceil((now.getTime() + 2 * 3_600_000) / 60_000) * 60_000).toISOString().slice(0, 16) + 'Z';

/** The transportation request for one placement option: per shipment, its boxes' pallets and a contact. */
async function transportStepFor(deps: Deps, plan: PlanRecord, option: PlacementOptionView): Promise<AmazonStep> {
  const boxes = (await boxesOf(deps.db, plan.id)).map((b) => b.box);
  const n = option.shipments.length;
  const request = {
    placementOptionId: option.placementOptionId,
    shipmentTransportationConfigurations: option.shipments.map((s, k) => {
      // Before placement is confirmed Amazon does not say which box goes where: spread them in turn.
      const mine = boxes.filter((_, i) => i % n === k);
      const pallets = estimatePallets(
        mine.map((b) => ({ lengthIn: b.lengthIn!, widthIn: b.widthIn!, heightIn: b.heightIn!, weightLb: b.weightLb! })),
      );
      return {
        shipmentId: s.shipmentId,
        readyToShipWindow: { start: readyAt(deps.now()) },
        contactInformation: {
          name: plan.shipFrom.name,
          phoneNumber: plan.shipFrom.phoneNumber,
          ...(plan.shipFrom.email ? { email: plan.shipFrom.email } : {}),
        },
        ...(pallets
          ? {
              freightInformation: { freightClass: pallets.freightClass as 'FC_100' },
              pallets: [
                {
                  quantity: pallets.count,
                  dimensions: { length: 48, width: 40, height: pallets.heightIn, unitOfMeasurement: 'IN' as const },
                  weight: { value: pallets.weightLb, unit: 'LB' as const },
                  stackability: 'STACKABLE' as const,
                },
              ],
            }
          : {}),
      };
    }),
  };
  return {
    operation: GENERATE_TRANSPORT,
    asked: `transportation for placement ${option.placementOptionId} (${n} shipment${n === 1 ? '' : 's'})`,
    request,
    unchanged: 'The plan is unchanged: ask for transportation options again',
    call: (client, inboundPlanId) => client.inboundTransport.generateTransportationOptions(inboundPlanId, request),
  };
}

/** The next placement option still without transportation quotes (in Amazon's order), if any. */
async function nextUnquoted(deps: Deps, plan: PlanRecord): Promise<AmazonStep | null> {
  if (plan.step !== 'placement' && plan.step !== 'transport') return null;
  const quoted = transportOf(plan).byPlacement;
  const candidates = placementsOf(plan).filter(
    (o) =>
      !quoted[o.placementOptionId] && (plan.step === 'placement' ? o.status === 'OFFERED' : o.status === 'ACCEPTED'),
  );
  return candidates.length ? transportStepFor(deps, plan, candidates[0]) : null;
}

export async function onPlacementOffered(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const { store, client } = await storeOf(deps, plan);
  const inboundPlanId = plan.inboundPlanId!;
  const listed = await withStore(deps, store, () => client.inbound.listPlacementOptions(inboundPlanId));
  const views: PlacementOptionView[] = [];
  for (const o of listed.placementOptions) {
    const shipments = [];
    for (const shipmentId of o.shipmentIds) {
      const s = await withStore(deps, store, () => client.inbound.getShipment(inboundPlanId, shipmentId)).catch(
        () => null,
      );
      shipments.push({
        shipmentId,
        name: s?.name ?? null,
        confirmationId: s?.shipmentConfirmationId ?? null,
        warehouseId: s?.destination.warehouseId ?? null,
        city: s?.destination.address?.city ?? null,
        state: s?.destination.address?.stateOrProvinceCode ?? null,
        postalCode: s?.destination.address?.postalCode ?? null,
      });
    }
    const fees = o.fees.map(chargeOf);
    const discounts = o.discounts.map(chargeOf);
    views.push({
      placementOptionId: o.placementOptionId,
      status: o.status,
      expiration: o.expiration ?? null,
      fees,
      discounts,
      feeCents: fees.reduce((n, f) => n + f.amountCents, 0) - discounts.reduce((n, d) => n + d.amountCents, 0),
      shipments,
    });
  }
  const taken = await settle(deps, done, plan.id, {
    message: `Amazon offers ${views.length} placement${views.length === 1 ? '' : 's'}; Dockside asks each one’s transportation to compare them`,
    response: views,
    set: { placementOptions: views, transportOptions: { ...emptyTransport() } },
  });
  if (taken) await followWith(deps, plan.id, (p) => nextUnquoted(deps, p));
}

/** The placement option the last transportation request was for (the journal says what was asked). */
async function askedPlacement(db: DbOrTx, planId: number): Promise<string | null> {
  const [asked] = await db
    .select({ request: shipmentPlanEvents.request })
    .from(shipmentPlanEvents)
    .where(and(eq(shipmentPlanEvents.planId, planId), eq(shipmentPlanEvents.kind, 'amazon.asked')))
    .orderBy(desc(shipmentPlanEvents.id))
    .limit(1);
  const id = (asked?.request as { placementOptionId?: unknown } | null)?.placementOptionId;
  return typeof id === 'string' ? id : null;
}

export async function onTransportOffered(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const placementOptionId = await askedPlacement(deps.db, plan.id);
  if (!placementOptionId) throw new Error(`Plan ${plan.id}: no transportation request in the journal`);
  const { store, client } = await storeOf(deps, plan);
  const options = await withStore(deps, store, () =>
    client.inboundTransport.listTransportationOptions(plan.inboundPlanId!, { placementOptionId }),
  );
  const store_ = transportOf(plan);
  const next: TransportStore = {
    ...store_,
    byPlacement: { ...store_.byPlacement, [placementOptionId]: options.map(transportView) },
  };
  const taken = await settle(deps, done, plan.id, {
    message: `Amazon quoted ${options.length} way${options.length === 1 ? '' : 's'} to ship placement ${placementOptionId}`,
    response: { placementOptionId, options: options.length },
    set: { transportOptions: { ...next } },
  });
  if (taken) await followWith(deps, plan.id, (p) => nextUnquoted(deps, p));
}

const modeOf = (o: TransportOptionView): TransportMode =>
  `${o.shippingSolution === 'AMAZON_PARTNERED_CARRIER' ? 'partnered' : 'own'}_${o.shippingMode === 'FREIGHT_LTL' ? 'ltl' : 'spd'}`;

/** Each placement option's fee plus each way of transport, side by side; the cheapest quoted total recommended. */
export function landedCosts(plan: { placementOptions: unknown; transportOptions: unknown }): LandedCost[] {
  const store = transportOf(plan as PlanRecord);
  const rows = placementsOf(plan as PlanRecord)
    .filter((o) => o.status !== 'EXPIRED')
    .map((o) => {
      const quotes = store.byPlacement[o.placementOptionId];
      const modes = (['partnered_spd', 'partnered_ltl', 'own_spd', 'own_ltl'] as const).map((mode) => {
        const perShipment = o.shipments.map((s) =>
          (quotes ?? []).filter((q) => q.shipmentId === s.shipmentId && modeOf(q) === mode),
        );
        const available = !!quotes && perShipment.every((list) => list.length > 0);
        const priced = available && perShipment.every((list) => list.some((q) => q.costCents !== null));
        const transportCents = priced
          ? perShipment.reduce((n, list) => n + Math.min(...list.map((q) => q.costCents ?? Infinity)), 0)
          : null;
        return {
          mode,
          available,
          transportCents,
          totalCents: transportCents === null ? null : o.feeCents + transportCents,
        };
      });
      const totals = modes.map((m) => m.totalCents).filter((t): t is number => t !== null);
      return {
        placementOptionId: o.placementOptionId,
        quoted: !!quotes,
        feeCents: o.feeCents,
        modes,
        bestCents: totals.length ? Math.min(...totals) : null,
        recommended: false,
      };
    });
  const best = rows.filter((r) => r.bestCents !== null).sort((a, b) => a.bestCents! - b.bestCents!)[0];
  return rows.map((r) => ({ ...r, recommended: r === best }));
}

export async function generatePlacement(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (plan.step !== 'placement')
    throw businessRule(`The plan is at ${plan.step}: placement options are asked for at placement`);
  await startAmazonStep(deps, ctx.userId, plan, generatePlacementStep);
  return planDetail(deps, ctx, id);
}

/** Asks Amazon again for one placement option's transportation (quotes expire). */
export async function quoteTransport(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  placementOptionId: string,
): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (plan.step !== 'placement' && plan.step !== 'transport')
    throw businessRule(`The plan is at ${plan.step}: transportation is quoted at placement and transport`);
  const option = placementsOf(plan).find((o) => o.placementOptionId === placementOptionId);
  if (!option) throw notFound('Placement option');
  if (option.status === 'EXPIRED') throw businessRule('That placement option has expired: another one was confirmed');
  await startAmazonStep(deps, ctx.userId, plan, await transportStepFor(deps, plan, option));
  return planDetail(deps, ctx, id);
}

export async function confirmPlacement(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  placementOptionId: string,
): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (plan.step !== 'placement')
    throw businessRule(
      plan.placementOptionId
        ? 'The placement is confirmed already'
        : `The plan is at ${plan.step}: send the boxes first`,
    );
  const option = placementsOf(plan).find((o) => o.placementOptionId === placementOptionId);
  if (!option) throw notFound('Placement option');
  if (option.status !== 'OFFERED')
    throw businessRule(
      `That placement option is ${option.status.toLowerCase()}: ask Amazon for placement options again`,
    );
  if (option.expiration && Date.parse(option.expiration) <= deps.now().getTime())
    throw businessRule('That placement option has expired: ask Amazon for placement options again');
  await startAmazonStep(deps, ctx.userId, plan, {
    operation: CONFIRM_PLACEMENT,
    asked: `send the boxes to ${option.shipments.map((s) => s.warehouseId ?? s.shipmentId).join(', ')} (placement ${placementOptionId})`,
    request: { placementOptionId },
    unchanged: 'The plan is unchanged: confirm the placement again',
    call: (client, inboundPlanId) => client.inbound.confirmPlacementOption(inboundPlanId, placementOptionId),
  });
  return planDetail(deps, ctx, id);
}

/** confirmPlacementOption succeeded: the plan's shipments are made; boxes get their FBA box ids. */
export async function onPlacementConfirmed(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const { store, client } = await storeOf(deps, plan);
  const inboundPlanId = plan.inboundPlanId!;
  const accepted = (
    await withStore(deps, store, () => client.inbound.listPlacementOptions(inboundPlanId))
  ).placementOptions.find((o) => o.status === 'ACCEPTED');
  if (!accepted) throw new Error(`Amazon confirmed no placement option of plan ${plan.id}; the check is retried`);
  const shipments: Awaited<ReturnType<typeof client.inbound.getShipment>>[] = [];
  for (const shipmentId of accepted.shipmentIds)
    shipments.push(await withStore(deps, store, () => client.inbound.getShipment(inboundPlanId, shipmentId)));
  const theirBoxes = (await withStore(deps, store, () => client.inbound.listInboundPlanBoxes(inboundPlanId))).boxes;
  const views = placementsOf(plan).map((o) => ({
    ...o,
    status: o.placementOptionId === accepted.placementOptionId ? 'ACCEPTED' : 'EXPIRED',
  }));
  const taken = await settle(deps, done, plan.id, {
    message: `Placement confirmed: ${shipments.length} shipment${shipments.length === 1 ? '' : 's'} to ${shipments
      .map((s) => s.destination.warehouseId ?? '?')
      .join(', ')}; next: transportation`,
    response: { placementOptionId: accepted.placementOptionId, shipments: shipments.map((s) => s.shipmentId) },
    step: 'transport',
    set: { placementOptionId: accepted.placementOptionId, placementOptions: views },
    write: async (tx, at) => {
      const rows = await tx
        .insert(planShipments)
        .values(
          shipments.map((s) => ({
            tenantId: plan.tenantId,
            companyId: plan.companyId,
            planId: plan.id,
            shipmentId: s.shipmentId,
            confirmationId: s.shipmentConfirmationId ?? null,
            amazonReferenceId: s.amazonReferenceId ?? null,
            name: s.name ?? null,
            destination: { warehouseId: s.destination.warehouseId ?? null, address: s.destination.address ?? null },
            status: s.status ?? 'WORKING',
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning();
      const byConfirmation = new Map(rows.filter((r) => r.confirmationId).map((r) => [r.confirmationId!, r.id]));
      const changed = [];
      for (const b of theirBoxes) {
        if (!b.boxId) continue;
        // An FBA box id is the shipment's confirmation id, "U" and the box's sequence.
        const shipmentId = byConfirmation.get(b.boxId.replace(/U\d+$/, '')) ?? null;
        const [row] = await tx
          .update(shipmentBoxes)
          .set({ amazonBoxId: b.boxId, shipmentId, updatedAt: at })
          .where(and(eq(shipmentBoxes.planId, plan.id), eq(shipmentBoxes.amazonPackageId, b.packageId)))
          .returning();
        if (row) changed.push(row);
      }
      await recordChanges(
        tx,
        plan.tenantId,
        changed.map((b) => boxChange(b)),
      );
    },
  });
  if (taken) await followWith(deps, plan.id, (p) => nextUnquoted(deps, p));
}
