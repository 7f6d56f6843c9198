/**
 * Shipping (issue 18 step 7): the boxes leave the building. In one transaction the units leave
 * the ledger — one movement per box and line, out of the FBA prep station — the reservations are
 * consumed, the plan moves to shipped, and the billable events are recorded (units prepped by prep
 * type, labels applied, pallets built, shipments shipped). The client is told by mail.
 *
 * Cancelling after shipping is Amazon's void window: while every shipment travels with Amazon's
 * partnered carrier and its charge can still be voided (24 h small parcel, 1 h LTL), the plan is
 * cancelled at Amazon and the units come back to the station (movements in, reservations
 * released); after it, or with an own carrier, the boxes are gone and cancelling is refused.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { estimatePallets } from '../../../domain/rules/freight.js';
import type { PlanDetail, PlanStep } from '../../../domain/schemas/fba.js';
import { fbaPlanPath, wfsPlanPath } from '../../../domain/rules/plan-links.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, itemReservations, planShipments, shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { ApiError, businessRule, conflict } from '../../http/errors.js';
import { recordChargeEvents, type ChargeEvent } from '../charges/events.js';
import { postLedger } from '../inventory/ledger.js';
import { publishPlan } from '../bench/feed.js';
import { journal } from './journal.js';
import { notifyCompany, shippedNoticeWords } from '../notifications/service.js';
import { boxesOf } from './packing-information.js';
import { planItemsOf, planRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { FBA_STATION } from './reservations.js';
import { productSizes, useMaterialsForUnits } from '../prep-materials/unit-use.js';

type ShipmentRecord = typeof planShipments.$inferSelect;

/** What stops the boxes from leaving: transport not confirmed, an own carrier's tracking missing. */
export function shipProblems(
  shipments: ShipmentRecord[],
  boxesOfShipment: (s: ShipmentRecord) => { amazonBoxId: string | null; boxNo: number }[],
): string[] {
  const problems: string[] = [];
  if (!shipments.length) problems.push('The plan has no shipments yet: confirm its placement');
  for (const s of shipments) {
    const name = s.name ?? s.shipmentId;
    if (!s.transportConfirmedAt) {
      problems.push(`Shipment ${name}: confirm its transportation first`);
      continue;
    }
    if (s.shippingSolution !== 'USE_YOUR_OWN_CARRIER') continue;
    if (s.shippingMode === 'FREIGHT_LTL') {
      if (!s.proNumber) problems.push(`Shipment ${name}: enter the carrier’s PRO number first`);
      continue;
    }
    const tracked = new Set(((s.tracking as { boxes?: { boxId: string }[] } | null)?.boxes ?? []).map((b) => b.boxId));
    for (const b of boxesOfShipment(s))
      if (!b.amazonBoxId || !tracked.has(b.amazonBoxId))
        problems.push(`Shipment ${name}: enter the tracking number of box ${b.boxNo} first`);
  }
  return problems;
}

/** The latest moment every partnered charge of the plan can still be voided; null if a shipment has none. */
export function voidableUntil(shipments: ShipmentRecord[]): string | null {
  if (!shipments.length) return null;
  const ends = shipments.map((s) =>
    s.shippingSolution === 'AMAZON_PARTNERED_CARRIER'
      ? ((s.carrier as { voidableUntil?: string | null } | null)?.voidableUntil ?? null)
      : null,
  );
  if (ends.some((e) => e === null)) return null;
  return ends.sort()[0];
}

/** Where the client's users open this plan in the app (a notification's link). */
export async function planLinkOf(
  db: DbOrTx,
  plan: Pick<PlanRecord, 'id' | 'companyId' | 'storeId'>,
  channel: 'fba' | 'wfs',
  step: PlanStep,
): Promise<string> {
  const [company] = await db
    .select({ accountNo: companies.accountNo })
    .from(companies)
    .where(eq(companies.id, plan.companyId));
  const accountNo = company?.accountNo ?? '';
  return channel === 'fba'
    ? fbaPlanPath(accountNo, step, plan.id)
    : wfsPlanPath(accountNo, plan.companyId, plan.storeId, step, plan.id);
}

/** The boxed units leave the plan's prep station (or come back to it), one movement per box and line. */
export async function moveUnits(
  tx: DbOrTx,
  ctx: RequestContext,
  plan: PlanRecord,
  direction: -1 | 1,
  at: string,
  station: string = FBA_STATION,
): Promise<number> {
  const lines = new Map((await planItemsOf(tx, plan.id)).map((l) => [l.id, l]));
  const rows = (await boxesOf(tx, plan.id)).flatMap(({ box, items }) =>
    items.map((i) => {
      const l = lines.get(i.planItemId)!;
      return {
        tenantId: plan.tenantId,
        companyId: plan.companyId,
        productKey: l.productKey,
        title: l.title,
        location: station,
        lpn: '',
        condition: 'sellable',
        quantity: direction * i.quantity,
        reason: direction < 0 ? 'shipped' : 'shipment_voided',
        refType: 'shipment_box',
        refId: box.id,
        userId: ctx.userId,
        deviceId: null,
        at,
      };
    }),
  );
  try {
    await postLedger(tx, rows);
  } catch (err) {
    if (err instanceof ApiError && err.status === 412)
      throw businessRule(
        `Fewer units are on hand at ${station} than the boxes hold (were some moved or adjusted away?): count the station, then ship`,
      );
    throw err;
  }
  return rows.reduce((n, r) => n + Math.abs(r.quantity), 0);
}

export async function shipPlan(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const before = await planRecord(deps.db, ctx, id);
  if (before.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (before.step === 'shipped' || before.step === 'receiving') throw businessRule('The plan has shipped already');
  if (before.step !== 'labels') throw businessRule(`The plan is at ${before.step}: confirm its transportation first`);
  const at = deps.now().toISOString();
  let units = 0;
  let shipmentCount = 0;
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const plan = await planRecord(tx, ctx, id, true);
    if (plan.step !== 'labels' || plan.status === 'cancelled') throw conflict('The plan changed meanwhile: reload it');
    if (plan.operation) throw conflict(`Amazon is working on the plan (${plan.operation}): wait for its answer`);
    const shipments = await tx.select().from(planShipments).where(eq(planShipments.planId, id));
    const boxes = await boxesOf(tx, id);
    const problems = shipProblems(shipments, (s) => boxes.filter((b) => b.box.shipmentId === s.id).map((b) => b.box));
    if (problems.length) throw new ApiError(412, problems);
    units = await moveUnits(tx, ctx, plan, -1, at);
    shipmentCount = shipments.length;
    await tx
      .update(itemReservations)
      .set({ state: 'consumed', updatedAt: at })
      .where(and(eq(itemReservations.planId, id), eq(itemReservations.state, 'held')));
    await tx.update(planShipments).set({ shippedAt: at, updatedAt: at }).where(eq(planShipments.planId, id));
    const [updated] = await tx
      .update(shipmentPlans)
      .set({ status: 'shipping', step: 'shipped', stepAt: at, updatedAt: at })
      .where(eq(shipmentPlans.id, id))
      .returning();
    await publishPlan(tx, updated, false);

    // Billable events, from what actually left (never priced here).
    const lines = await planItemsOf(tx, id);
    const events: ChargeEvent[] = [];
    const base = { tenantId: plan.tenantId, companyId: plan.companyId, userId: ctx.userId, at };
    const sizes = await productSizes(
      tx,
      plan.tenantId,
      lines.map((l) => l.productId),
    );
    // The bags, wraps and labels the prepped units took come out of the materials stock.
    const useMaterials = (l: (typeof lines)[number], prep: string) =>
      useMaterialsForUnits(tx, ctx, {
        companyId: plan.companyId,
        prep,
        quantity: l.quantity,
        product: sizes.get(l.productId) ?? { lengthIn: null, widthIn: null, heightIn: null },
        sourceId: `${l.id}:${prep}`,
        planId: id,
        sku: l.msku,
        at,
      });
    for (const l of lines) {
      for (const p of l.prepInstructions)
        if (p.prepOwner === 'SELLER' && p.prepType && p.prepType !== 'ITEM_LABELING' && p.prepType !== 'ITEM_NO_PREP') {
          await useMaterials(l, p.prepType);
          events.push({
            ...base,
            kind: 'unit_prepped',
            quantity: l.quantity,
            sourceType: 'shipment_plan_item',
            sourceId: `${l.id}:${p.prepType}`,
            details: { channel: 'fba', planId: id, planName: plan.name, prepType: p.prepType, msku: l.msku },
          });
        }
      if (l.labelOwner === 'SELLER') {
        await useMaterials(l, 'SELLER_LABEL');
        events.push({
          ...base,
          kind: 'unit_labelled',
          quantity: l.quantity,
          sourceType: 'shipment_plan_item',
          sourceId: String(l.id),
          details: { channel: 'fba', planId: id, planName: plan.name, msku: l.msku },
        });
      }
    }
    for (const s of shipments) {
      const mine = boxes.filter((b) => b.box.shipmentId === s.id).map((b) => b.box);
      events.push({
        ...base,
        kind: 'shipment_shipped',
        quantity: 1,
        sourceType: 'plan_shipment',
        sourceId: String(s.id),
        details: {
          channel: 'fba',
          planId: id,
          planName: plan.name,
          boxes: mine.length,
          mode: s.shippingMode,
          solution: s.shippingSolution,
        },
      });
      if (s.shippingMode === 'FREIGHT_LTL') {
        const pallets = estimatePallets(
          mine.map((b) => ({
            lengthIn: b.lengthIn!,
            widthIn: b.widthIn!,
            heightIn: b.heightIn!,
            weightLb: b.weightLb!,
          })),
        );
        events.push({
          ...base,
          kind: 'pallet_built',
          quantity: pallets?.count ?? 1,
          sourceType: 'plan_shipment',
          sourceId: String(s.id),
          details: { channel: 'fba', planId: id, planName: plan.name },
        });
      }
    }
    await recordChargeEvents(tx, events);
    await journal(tx, plan, ctx.userId, at, {
      kind: 'shipped',
      message: `Shipped: ${units} units in ${boxes.length} boxes left ${FBA_STATION} in ${shipments.length} shipment${shipments.length === 1 ? '' : 's'}`,
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { step: plan.step }, { step: 'shipped', units });
  });
  await notifyCompany(deps, {
    tenantId: before.tenantId,
    companyId: before.companyId,
    kind: 'fba.shipped',
    words: shippedNoticeWords('fba', before, units, shipmentCount),
    link: await planLinkOf(deps.db, before, 'fba', 'shipped'),
    email: true,
  });
  return planDetail(deps, ctx, id);
}

/**
 * Whether a plan past transportation may still be cancelled, and what it then takes: the boxes
 * came back (after shipping) or never left. Throws the refusal in words.
 */
export async function assertVoidable(db: DbOrTx, plan: PlanRecord, now: Date): Promise<{ shipped: boolean }> {
  const shipments = await db.select().from(planShipments).where(eq(planShipments.planId, plan.id));
  const confirmed = shipments.some((s) => s.transportConfirmedAt);
  const shipped = plan.step === 'shipped' || plan.step === 'receiving';
  if (!confirmed) return { shipped };
  const until = voidableUntil(shipments);
  if (until === null) {
    if (shipped) throw businessRule('The plan has shipped with your own carrier: it can no longer be cancelled');
    return { shipped };
  }
  if (Date.parse(until) <= now.getTime())
    throw businessRule(
      `Amazon’s void window for the partnered carrier closed at ${until}: the plan can no longer be cancelled`,
    );
  return { shipped };
}

/** The units of a shipped plan come back to the station (its shipment was voided in time). */
export async function unship(tx: DbOrTx, ctx: RequestContext, plan: PlanRecord, at: string): Promise<number> {
  const units = await moveUnits(tx, ctx, plan, 1, at);
  await tx
    .update(itemReservations)
    .set({ state: 'released', updatedAt: at })
    .where(and(eq(itemReservations.planId, plan.id), inArray(itemReservations.state, ['consumed', 'held'])));
  return units;
}
