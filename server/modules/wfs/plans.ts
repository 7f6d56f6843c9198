/**
 * WFS shipment plans (issue 19, decision 0013): a client's plan for one of its Walmart stores on
 * the shared plan model — created with its lines (each holding its units at PREP-WFS in the same
 * transaction), listed, read with Walmart's preview and shipments, given new lines while Walmart
 * has nothing of it yet. Walmart's steps are in walmart-steps.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { gtinCheckDigitOk } from '../../../domain/rules/gs1.js';
import type { PlanLineInput, PlanStatus, PlanStep, PrepOwner } from '../../../domain/schemas/fba.js';
import type { WfsPlanCreate, WfsPlanDetail, WfsPlanPreview, WfsShipmentCarrier } from '../../../domain/schemas/wfs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, planShipments, products, shipmentBoxes, shipmentPlans, stores } from '../../db/schema/index.js';
import { businessRule, notFound } from '../../http/errors.js';
import type { StoreRecord } from '../stores/service.js';
import { journal } from '../fba/journal.js';
import { writeLines } from '../fba/lines.js';
import { planItemView, planParts } from '../fba/plan-parts.js';
import { insertPlan } from '../fba/plans.js';
import {
  planItemsOf,
  planOfChannel,
  planScope,
  storeOfPlan,
  type PlanItemRecord,
  type PlanRecord,
} from '../fba/plan-record.js';
import { listingsOf } from '../fba/precheck.js';

/** A shipment's carrier as the screens read it (the quote's charge in cents). */
function carrierView(s: typeof planShipments.$inferSelect): WfsShipmentCarrier | null {
  const c = s.carrier as {
    kind: 'walmart' | 'own';
    status: WfsShipmentCarrier['status'];
    mode?: 'PARCEL' | 'LTL';
    carrierName?: string;
    voidableUntil?: string | null;
    quote?: {
      netCharge: number;
      currency?: string;
      estimatedDeliveryDateTime?: string;
      carrier?: { carrierName?: string };
    };
  } | null;
  if (!c) return null;
  const tracking = (s.tracking ?? {}) as { numbers?: string[] };
  return {
    kind: c.kind,
    status: c.status,
    mode: c.mode ?? (s.shippingMode as 'PARCEL' | 'LTL' | null) ?? null,
    carrierName: c.carrierName ?? c.quote?.carrier?.carrierName ?? null,
    chargeCents: c.quote ? Math.round(c.quote.netCharge * 100) : null,
    currency: c.quote?.currency ?? null,
    estimatedDelivery: c.quote?.estimatedDeliveryDateTime ?? null,
    voidableUntil: c.voidableUntil ?? null,
    trackingNumbers: tracking.numbers ?? [],
  };
}

export const wfsPlan = (tx: DbOrTx, ctx: RequestContext, id: number, lock = false) =>
  planOfChannel(tx, ctx, id, 'wfs', lock);

/** The product id Walmart knows an item by: the store listing's GTIN, else the product's UPC/EAN/GTIN. */
export function walmartProductIdOf(
  codes: (string | null | undefined)[],
): { productId: string; productType: 'GTIN' | 'UPC' | 'EAN' } | null {
  for (const raw of codes) {
    const code = raw?.trim();
    if (!code || !/^\d+$/.test(code) || !gtinCheckDigitOk(code)) continue;
    if (code.length === 14) return { productId: code, productType: 'GTIN' };
    if (code.length === 12) return { productId: code, productType: 'UPC' };
    if (code.length === 13) return { productId: code, productType: 'EAN' };
  }
  return null;
}

/** Each line's Walmart product id, read from the store's listings and the catalogue. */
export async function walmartIdsOf(tx: DbOrTx, store: StoreRecord, productIds: number[]) {
  const found = productIds.length
    ? await tx
        .select()
        .from(products)
        .where(and(eq(products.tenantId, store.tenantId), inArray(products.id, productIds)))
    : [];
  const listings = await listingsOf(tx, store, found);
  return new Map(found.map((p) => [p.id, walmartProductIdOf([listings.get(p.id)?.gtin, p.upc])]));
}

export async function createWfsPlan(deps: Deps, ctx: RequestContext, input: WfsPlanCreate): Promise<WfsPlanDetail> {
  return wfsPlanDetail(deps, ctx, await insertPlan(deps, ctx, input, 'wfs'));
}

/** Lines change while Walmart has none of the plan: open, before the inbound order (a preview is asked again). */
export function assertWfsEditable(plan: PlanRecord): void {
  if (plan.status !== 'open') throw businessRule(`The plan is ${plan.status}: it can no longer be changed`);
  if (plan.step !== 'items' && plan.step !== 'preview')
    throw businessRule('Walmart has the inbound order already: its lines can no longer change here');
}

export async function setWfsLines(deps: Deps, ctx: RequestContext, id: number, lines: PlanLineInput[]) {
  return changeWfsLines(deps, ctx, id, () => lines);
}

/** A plan line as the input that would write it again unchanged. */
export const lineInputOf = (i: PlanItemRecord): PlanLineInput => ({
  productId: i.productId,
  quantity: i.quantity,
  expiration: i.expiration ?? undefined,
  manufacturingLotCode: i.manufacturingLotCode ?? undefined,
  labelOwner: i.labelOwner as PrepOwner,
  prepOwner: i.prepOwner as PrepOwner,
});

/**
 * The plan's lines made what `change` answers from the lines it has now, read under the plan's
 * lock (so two one-line edits never lose each other); units held and released by `writeLines`,
 * the one reservation path of plan creation.
 */
export async function changeWfsLines(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  change: (items: PlanItemRecord[]) => PlanLineInput[],
) {
  await deps.db.transaction(async (tx) => {
    const plan = await wfsPlan(tx, ctx, id, true);
    assertWfsEditable(plan);
    const lines = change(await planItemsOf(tx, id));
    const at = deps.now().toISOString();
    const summary = await writeLines(tx, ctx, plan, await storeOfPlan(tx, plan), lines, at);
    // Walmart's preview was for the old lines: it is asked again.
    await tx
      .update(shipmentPlans)
      .set({ step: 'items', inboundPreview: null, stepAt: plan.step === 'items' ? plan.stepAt : at, updatedAt: at })
      .where(eq(shipmentPlans.id, id));
    await journal(tx, plan, ctx.userId, at, {
      kind: 'items',
      words: { key: 'journal.itemsSet', params: { summary } },
      request: { items: lines },
    });
    await audit(tx, ctx, 'shipment_plan', id, 'update', null, { items: lines });
  });
  return wfsPlanDetail(deps, ctx, id);
}

export async function wfsPlanDetail(deps: Deps, ctx: RequestContext, id: number): Promise<WfsPlanDetail> {
  const [row] = await deps.db
    .select({
      plan: shipmentPlans,
      companyName: companies.name,
      accountNo: companies.accountNo,
      storeName: stores.name,
    })
    .from(shipmentPlans)
    .innerJoin(companies, eq(companies.id, shipmentPlans.companyId))
    .innerJoin(stores, eq(stores.id, shipmentPlans.storeId))
    .where(and(eq(shipmentPlans.id, id), planScope(ctx), eq(shipmentPlans.channel, 'wfs')));
  if (!row) throw notFound('Shipment plan');
  const p = row.plan;
  const store = await storeOfPlan(deps.db, p);
  const [{ items, reservations, events }, shipments, boxCounts] = await Promise.all([
    planParts(deps.db, id, ctx.language),
    deps.db.select().from(planShipments).where(eq(planShipments.planId, id)).orderBy(asc(planShipments.id)),
    deps.db
      .select({ shipmentId: shipmentBoxes.shipmentId, n: sql<number>`count(*)::int` })
      .from(shipmentBoxes)
      .where(eq(shipmentBoxes.planId, id))
      .groupBy(shipmentBoxes.shipmentId),
  ]);
  const ids = await walmartIdsOf(
    deps.db,
    store,
    items.map((i) => i.productId),
  );
  const units = items.reduce((n, i) => n + i.quantity, 0);
  return {
    id: p.id,
    channel: 'wfs',
    companyId: p.companyId,
    companyName: row.companyName,
    accountNo: row.accountNo,
    storeId: p.storeId,
    storeName: row.storeName,
    name: p.name,
    status: p.status as PlanStatus,
    step: p.step as PlanStep,
    inboundPlanId: p.inboundPlanId,
    operationId: p.operationId,
    operation: p.operation,
    skus: items.length,
    units,
    createdBy: p.createdBy,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    shipFrom: p.shipFrom,
    items: items.map((i) => ({
      ...planItemView(i),
      walmartProductId: ids.get(i.productId)?.productId ?? null,
      walmartProductType: ids.get(i.productId)?.productType ?? null,
    })),
    reservations,
    events,
    preview: (p.inboundPreview as WfsPlanPreview | null) ?? null,
    notes: p.notes,
    shipments: shipments.map((s) => {
      const d = (s.destination ?? {}) as {
        fcName?: string;
        address?: string;
        lines?: { sku: string; quantity: number }[];
        expectedDeliveryDate?: string;
      };
      return {
        id: s.id,
        shipmentId: s.shipmentId,
        fcName: d.fcName ?? s.name ?? null,
        destination: d.address ?? null,
        status: s.status,
        lines: d.lines ?? [],
        boxes: boxCounts.find((b) => b.shipmentId === s.id)?.n ?? 0,
        expectedDeliveryDate: d.expectedDeliveryDate ?? null,
        carrier: carrierView(s),
        shippedAt: s.shippedAt,
        received: s.received ?? [],
        discrepancy: s.discrepancy,
      };
    }),
  };
}
