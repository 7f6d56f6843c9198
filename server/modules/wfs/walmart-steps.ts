/**
 * Walmart's steps of a WFS plan (decision 0013): ask for the inbound preview (where each line
 * would go), create the inbound order (Walmart splits it into one shipment per fulfilment centre),
 * cancel it. Walmart answers at once, so there is no operation to follow; each call is made
 * outside any transaction (the plan keeps its state if Walmart is down) and its answer is written
 * after re-reading the plan under its lock. Every ask and answer is journalled on the plan.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { WfsPlanDetail, WfsPlanPreview, WfsPreviewInput } from '../../../domain/schemas/wfs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { planShipments, shipmentPlanItems, shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { ApiError, businessRule, conflict } from '../../http/errors.js';
import type { CreateInboundOrder, CreatedShipment, InboundPreview } from '../../integrations/walmart/inbound-models.js';
import { publishPlan } from '../bench/feed.js';
import { journal } from '../fba/journal.js';
import { planItemsOf, storeOfPlan, type PlanRecord } from '../fba/plan-record.js';
import { release, WFS_STATION } from '../fba/reservations.js';
import { withStore } from '../stores/connection.js';
import { walmartClientFor } from '../stores/walmart.js';
import { assertWfsEditable, walmartIdsOf, wfsPlan, wfsPlanDetail } from './plans.js';

/**
 * Walmart names a refused line by its index (`orderItems[3].productId`): the refusal is said with
 * the line's SKU instead, so the client knows which product to fix.
 */
export function namedLines(messages: string[], order: Pick<CreateInboundOrder, 'orderItems'>): string[] {
  return messages.map((m) =>
    m.replace(/orderItems\[(\d+)\](?:\.(\w+))?/g, (all, i: string, field?: string) => {
      const line = order.orderItems[Number(i)];
      return line ? `${line.sku}${field ? ` ${field}` : ''}` : all;
    }),
  );
}

/** Dockside's inbound order id for a plan: stable, so a retried create is the same order to Walmart. */
export const inboundOrderIdOf = (plan: Pick<PlanRecord, 'tenantId' | 'id'>) => `DS${plan.tenantId}-${plan.id}`;

const addressOf = (a?: { addressLine1?: string; city?: string; stateCode?: string; postalCode?: string }) =>
  a ? [a.addressLine1, a.city, [a.stateCode, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null;

/** The inbound order of the plan's lines; a line Walmart cannot know (no GTIN/UPC/EAN) is refused here, per SKU. */
async function orderOf(deps: Deps, plan: PlanRecord, expectedDeliveryDate: string): Promise<CreateInboundOrder> {
  const store = await storeOfPlan(deps.db, plan);
  const items = await planItemsOf(deps.db, plan.id);
  if (!items.length) throw businessRule('The plan has no lines: add the products to send');
  const ids = await walmartIdsOf(
    deps.db,
    store,
    items.map((i) => i.productId),
  );
  const problems: string[] = [];
  for (const i of items) {
    if (!ids.get(i.productId))
      problems.push(
        `${i.msku ?? i.title}: Walmart knows an item by its GTIN-14, UPC-12 or EAN-13 — add it to the product (check digit included)`,
      );
    if (!i.msku) problems.push(`${i.title}: give the product its Walmart SKU (the seller SKU converted to WFS)`);
  }
  if (problems.length) throw new ApiError(412, problems);
  const s = plan.shipFrom;
  return {
    inboundOrderId: inboundOrderIdOf(plan),
    returnAddress: {
      addressLine1: s.addressLine1,
      ...(s.addressLine2 ? { addressLine2: s.addressLine2 } : {}),
      city: s.city,
      stateCode: s.stateOrProvinceCode ?? '',
      countryCode: s.countryCode,
      postalCode: s.postalCode,
    },
    orderItems: items.map((i) => {
      const id = ids.get(i.productId)!;
      return {
        productId: id.productId,
        productType: id.productType,
        sku: i.msku!,
        itemDesc: i.title.slice(0, 200),
        itemQty: i.quantity,
        // Units are sent loose, one sellable unit per "case", as a prep centre boxes them.
        vendorPackQty: i.quantity,
        innerPackQty: 1,
        expectedDeliveryDate: `${expectedDeliveryDate}T12:00:00.000Z`,
      };
    }),
  };
}

function previewOf(answer: InboundPreview | null, expectedDeliveryDate: string, at: string): WfsPlanPreview {
  const own = answer?.previews.find((p) => p.previewType.toUpperCase().includes('SELF')) ?? answer?.previews[0];
  return {
    expectedDeliveryDate,
    askedAt: at,
    nodes: (own?.preview ?? []).map((n) => ({
      shipNode: n.shipNode ?? null,
      fcName: n.shipToAddress?.fcName ?? null,
      address: addressOf(n.shipToAddress),
      nonSortable: !!n.isNonSortable,
      lines: n.shipmentItems.map((i) => ({ sku: i.vendorSku, quantity: i.itemQty })),
    })),
  };
}

export async function previewWfsPlan(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: WfsPreviewInput,
): Promise<WfsPlanDetail> {
  const plan = await wfsPlan(deps.db, ctx, id);
  assertWfsEditable(plan);
  if (Date.parse(`${input.expectedDeliveryDate}T23:59:59Z`) < deps.now().getTime())
    throw new ApiError(400, ['expectedDeliveryDate: a day from today on']);
  const order = await orderOf(deps, plan, input.expectedDeliveryDate);
  const store = await storeOfPlan(deps.db, plan);
  const at = deps.now().toISOString();
  await journal(deps.db, plan, ctx.userId, at, {
    kind: 'walmart.asked',
    message: `Asked Walmart where ${order.orderItems.length} lines would go`,
    request: order,
  });
  let answer: InboundPreview | null;
  try {
    answer = await withStore(deps, store, () =>
      walmartClientFor(deps, store).wfs.preview({
        inboundOrderId: order.inboundOrderId,
        returnAddress: order.returnAddress,
        orderItems: order.orderItems,
      }),
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const said = new ApiError(err.status, namedLines(err.messages, order), err.headers);
    await journal(deps.db, plan, ctx.userId, deps.now().toISOString(), {
      kind: 'walmart.refused',
      message: `Walmart refused the preview: ${said.messages.join('; ')}`,
    });
    throw said;
  }
  const preview = previewOf(answer, input.expectedDeliveryDate, at);
  await deps.db.transaction(async (tx) => {
    const locked = await wfsPlan(tx, ctx, id, true);
    assertWfsEditable(locked);
    if (locked.updatedAt !== plan.updatedAt) throw conflict('The plan changed meanwhile: ask for the preview again');
    const now = deps.now().toISOString();
    await tx
      .update(shipmentPlans)
      .set({ inboundPreview: preview, step: 'preview', stepAt: now, updatedAt: now })
      .where(eq(shipmentPlans.id, id));
    await journal(tx, locked, ctx.userId, now, {
      kind: 'walmart.answered',
      message: `Walmart would send the units to ${preview.nodes.length} fulfilment centre${preview.nodes.length === 1 ? '' : 's'}: ${preview.nodes.map((n) => n.fcName ?? n.shipNode ?? '?').join(', ')}`,
      response: answer,
    });
  });
  return wfsPlanDetail(deps, ctx, id);
}

/** Which shipment each SKU went to (Walmart splits the order by fulfilment centre). */
const shipmentOfSku = (shipments: CreatedShipment[]) => {
  const bySku = new Map<string, string>();
  for (const s of shipments)
    for (const i of s.shipmentItems) if (!bySku.has(i.vendorSku)) bySku.set(i.vendorSku, s.shipmentId);
  return bySku;
};

export async function submitWfsPlan(deps: Deps, ctx: RequestContext, id: number): Promise<WfsPlanDetail> {
  const plan = await wfsPlan(deps.db, ctx, id);
  if (plan.status !== 'open') throw businessRule(`The plan is ${plan.status}: it can no longer be sent`);
  if (plan.step === 'items') throw businessRule('Ask Walmart for the preview first: it says where the units go');
  if (plan.step !== 'preview') throw businessRule('Walmart has the inbound order already');
  const preview = plan.inboundPreview as WfsPlanPreview;
  const order = await orderOf(deps, plan, preview.expectedDeliveryDate);
  const store = await storeOfPlan(deps.db, plan);
  await journal(deps.db, plan, ctx.userId, deps.now().toISOString(), {
    kind: 'walmart.asked',
    message: `Asked Walmart to create inbound order ${order.inboundOrderId}`,
    request: order,
  });
  let shipments: CreatedShipment[];
  try {
    shipments = await withStore(deps, store, () => walmartClientFor(deps, store).wfs.createInboundOrder(order));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Walmart keeps a refused order's errors per line, with what to fix; else its answer, lines named.
    const problems =
      err.status === 412
        ? await withStore(deps, store, () =>
            walmartClientFor(deps, store).wfs.inboundOrderProblems(order.inboundOrderId),
          ).catch(() => [])
        : [];
    const said = problems.length
      ? new ApiError(
          412,
          problems.map((p) => p.message),
        )
      : new ApiError(err.status, namedLines(err.messages, order), err.headers);
    await journal(deps.db, plan, ctx.userId, deps.now().toISOString(), {
      kind: 'walmart.refused',
      message: `Walmart refused the inbound order: ${said.messages.join('; ')}`,
    });
    throw said;
  }
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const locked = await wfsPlan(tx, ctx, id, true);
    if (locked.step !== 'preview' || locked.status !== 'open') throw conflict('The plan changed meanwhile: reload it');
    const at = deps.now().toISOString();
    const rows = await tx
      .insert(planShipments)
      .values(
        shipments.map((s) => ({
          tenantId: locked.tenantId,
          companyId: locked.companyId,
          planId: id,
          shipmentId: s.shipmentId,
          name: s.shipToAddress.fcName ?? null,
          destination: {
            fcName: s.shipToAddress.fcName ?? null,
            address: addressOf(s.shipToAddress),
            lines: s.shipmentItems.map((i) => ({ sku: i.vendorSku, quantity: i.itemQty })),
            expectedDeliveryDate: s.expectedDeliveryDate ?? null,
            shipTo: s.shipToAddress,
          },
          status: 'CREATED',
          createdAt: at,
          updatedAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: planShipments.id, shipmentId: planShipments.shipmentId });
    // A box goes to one fulfilment centre: each line packs with the others of its shipment.
    const bySku = shipmentOfSku(shipments);
    for (const item of await planItemsOf(tx, id)) {
      const shipmentId = item.msku ? bySku.get(item.msku) : undefined;
      if (shipmentId)
        await tx
          .update(shipmentPlanItems)
          .set({ packingGroupId: shipmentId, updatedAt: at })
          .where(eq(shipmentPlanItems.id, item.id));
    }
    const [updated] = await tx
      .update(shipmentPlans)
      .set({ inboundPlanId: order.inboundOrderId, step: 'boxes', status: 'boxing', stepAt: at, updatedAt: at })
      .where(eq(shipmentPlans.id, id))
      .returning();
    // The plan and its lines reach the bench's devices: packing by scan starts.
    await publishPlan(tx, updated, true);
    await journal(tx, locked, ctx.userId, at, {
      kind: 'walmart.answered',
      message: `Walmart created inbound order ${order.inboundOrderId}: ${rows.length} shipment${rows.length === 1 ? '' : 's'} (${shipments.map((s) => `${s.shipmentId} → ${s.shipToAddress.fcName ?? '?'}`).join(', ')})`,
      response: shipments,
    });
    await audit(
      tx,
      ctx,
      'shipment_plan',
      id,
      'status',
      { step: 'preview' },
      { step: 'boxes', inboundOrderId: order.inboundOrderId },
    );
  });
  return wfsPlanDetail(deps, ctx, id);
}

/**
 * Cancels a plan that has not left: its units are released at PREP-WFS; an inbound order Walmart
 * holds is cancelled there first (Walmart refusing — a shipment already on its way — keeps the plan).
 */
export async function cancelWfsPlan(deps: Deps, ctx: RequestContext, id: number): Promise<WfsPlanDetail> {
  const plan = await wfsPlan(deps.db, ctx, id);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled already');
  if (['shipped', 'receiving'].includes(plan.step))
    throw businessRule('The boxes have left: the plan can no longer be cancelled');
  if (plan.inboundPlanId) {
    const store = await storeOfPlan(deps.db, plan);
    await withStore(deps, store, () => walmartClientFor(deps, store).wfs.cancelInboundOrder(plan.inboundPlanId!));
  }
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const locked = await wfsPlan(tx, ctx, id, true);
    if (locked.status === 'cancelled') return;
    const at = deps.now().toISOString();
    const released = await release(tx, id, 'all', at);
    const [updated] = await tx
      .update(shipmentPlans)
      .set({ status: 'cancelled', updatedAt: at })
      .where(eq(shipmentPlans.id, id))
      .returning();
    if (locked.inboundPlanId) await publishPlan(tx, updated, false);
    if (locked.inboundPlanId)
      await tx
        .update(planShipments)
        .set({ status: 'CANCELLED', updatedAt: at })
        .where(
          and(eq(planShipments.planId, id), inArray(planShipments.status, ['CREATED', 'PENDING_SHIPMENT_DETAILS'])),
        );
    await journal(tx, locked, ctx.userId, at, {
      kind: 'cancelled',
      message: `Plan cancelled: ${released} units released at ${WFS_STATION}${locked.inboundPlanId ? `; Walmart’s inbound order ${locked.inboundPlanId} cancelled` : ''}`,
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { status: locked.status }, { status: 'cancelled', released });
  });
  return wfsPlanDetail(deps, ctx, id);
}
