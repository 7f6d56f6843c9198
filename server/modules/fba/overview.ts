/**
 * Plans seen across: every line of every plan (batch-items) and every open plan with what it
 * waits for (Open Shipment Plans). Both scoped like the plans (tenant; a client its own company).
 */
import { and, desc, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../../../domain/paging.js';
import type {
  PendingBlocker,
  PendingPlan,
  PlanItemRow,
  PlanChannel,
  PlanListQuery,
  PlanStatus,
  PlanStep,
} from '../../../domain/schemas/fba.js';
import type { Deps, RequestContext } from '../../context.js';
import {
  companies,
  shipmentBoxes,
  shipmentBoxItems,
  shipmentPlanEvents,
  shipmentPlanItems,
  shipmentPlans,
  stores,
} from '../../db/schema/index.js';
import { likeContains } from '../../http/like.js';
import { pageOfQuery } from '../../http/paging.js';
import { planScope } from './plan-record.js';
import { outer } from '../../db/outer.js';

const boxedOfItem = sql<number>`(select coalesce(sum(bi.quantity), 0)::int from ${shipmentBoxItems} bi where bi.plan_item_id = ${outer(shipmentPlanItems.id)})`;

export async function listPlanItems(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: PlanListQuery,
  channel: PlanChannel = 'fba',
): Promise<{ content: PlanItemRow[]; pageNumber: number; pageSize: number; totalElements: number }> {
  const conds: (SQL | undefined)[] = [planScope(ctx), eq(shipmentPlans.channel, channel)];
  if (q.companyId) conds.push(eq(shipmentPlans.companyId, q.companyId));
  if (q.status === 'all_but_closed') conds.push(notInArray(shipmentPlans.status, ['closed', 'cancelled']));
  else if (q.status !== 'all') conds.push(eq(shipmentPlans.status, q.status));
  if (q.q) {
    const like = likeContains(q.q);
    conds.push(
      or(
        ilike(shipmentPlanItems.title, like),
        ilike(shipmentPlanItems.msku, like),
        ilike(shipmentPlanItems.fnsku, like),
        ilike(shipmentPlanItems.asin, like),
        ilike(shipmentPlans.name, like),
        ilike(shipmentPlans.inboundPlanId, like),
      ),
    );
  }
  const listed = await pageOfQuery(
    deps.db,
    page,
    () =>
      deps.db
        .select({
          planId: shipmentPlans.id,
          planName: shipmentPlans.name,
          status: shipmentPlans.status,
          step: shipmentPlans.step,
          companyId: shipmentPlans.companyId,
          companyName: companies.name,
          accountNo: companies.accountNo,
          storeId: shipmentPlans.storeId,
          storeName: stores.name,
          itemId: shipmentPlanItems.id,
          productId: shipmentPlanItems.productId,
          title: shipmentPlanItems.title,
          msku: shipmentPlanItems.msku,
          fnsku: shipmentPlanItems.fnsku,
          asin: shipmentPlanItems.asin,
          quantity: shipmentPlanItems.quantity,
          boxed: boxedOfItem,
          createdAt: shipmentPlans.createdAt,
        })
        .from(shipmentPlanItems)
        .innerJoin(shipmentPlans, eq(shipmentPlans.id, shipmentPlanItems.planId))
        .innerJoin(companies, eq(companies.id, shipmentPlans.companyId))
        .innerJoin(stores, eq(stores.id, shipmentPlans.storeId))
        .where(and(...conds))
        .$dynamic(),
    [desc(shipmentPlans.createdAt), desc(shipmentPlans.id), shipmentPlanItems.id],
  );
  return {
    ...listed,
    content: listed.content.map((r) => ({ ...r, status: r.status as PlanStatus, step: r.step as PlanStep })),
  };
}

/** The warehouse's (or Amazon's) next move for a plan at its step. */
const NEXT: Record<PlanStep, PendingBlocker> = {
  items: 'not_sent',
  packing: 'choose_packing',
  preview: 'not_sent',
  boxes: 'packing',
  placement: 'choose_placement',
  transport: 'choose_transport',
  carrier: 'choose_transport',
  labels: 'labels',
  shipped: 'in_transit',
  receiving: 'receiving',
};

export function blockerOf(p: {
  step: PlanStep;
  operation: string | null;
  lastEvent: { kind: string; message: string } | null;
  units: number;
  boxed: number;
  openBoxes: number;
  discrepancy: boolean;
}): { code: PendingBlocker; detail: string | null } {
  if (p.operation) return { code: 'amazon_working', detail: p.operation };
  if (p.lastEvent && (p.lastEvent.kind === 'amazon.failed' || p.lastEvent.kind === 'amazon.refused'))
    return { code: 'amazon_failed', detail: p.lastEvent.message };
  if (p.discrepancy) return { code: 'discrepancy', detail: null };
  // Every unit boxed but a box still open: what is left is measuring and weighing.
  if (p.step === 'boxes' && p.units > 0 && p.boxed >= p.units && p.openBoxes > 0)
    return { code: 'box_dims', detail: null };
  return { code: NEXT[p.step], detail: null };
}

export async function listPending(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { companyId?: number },
  channel: PlanChannel = 'fba',
): Promise<{ content: PendingPlan[]; pageNumber: number; pageSize: number; totalElements: number }> {
  const lastEvent = sql<{
    kind: string;
    message: string;
  } | null>`(select json_build_object('kind', e.kind, 'message', e.message) from ${shipmentPlanEvents} e where e.plan_id = ${outer(shipmentPlans.id)} order by e.id desc limit 1)`;
  const listed = await pageOfQuery(
    deps.db,
    page,
    () =>
      deps.db
        .select({
          id: shipmentPlans.id,
          companyId: shipmentPlans.companyId,
          companyName: companies.name,
          accountNo: companies.accountNo,
          storeId: shipmentPlans.storeId,
          storeName: stores.name,
          name: shipmentPlans.name,
          status: shipmentPlans.status,
          step: shipmentPlans.step,
          inboundPlanId: shipmentPlans.inboundPlanId,
          operationId: shipmentPlans.operationId,
          operation: shipmentPlans.operation,
          skus: sql<number>`(select count(*)::int from ${shipmentPlanItems} spi where spi.plan_id = ${outer(shipmentPlans.id)})`,
          units: sql<number>`(select coalesce(sum(spi.quantity), 0)::int from ${shipmentPlanItems} spi where spi.plan_id = ${outer(shipmentPlans.id)})`,
          boxed: sql<number>`(select coalesce(sum(bi.quantity), 0)::int from ${shipmentBoxItems} bi where bi.plan_id = ${outer(shipmentPlans.id)})`,
          boxes: sql<number>`(select count(*)::int from ${shipmentBoxes} b where b.plan_id = ${outer(shipmentPlans.id)})`,
          openBoxes: sql<number>`(select count(*)::int from ${shipmentBoxes} b where b.plan_id = ${outer(shipmentPlans.id)} and b.state = 'open')`,
          discrepancy: sql<boolean>`exists (select 1 from plan_shipments ps where ps.plan_id = ${outer(shipmentPlans.id)} and ps.discrepancy)`,
          lastEvent,
          createdBy: shipmentPlans.createdBy,
          createdAt: shipmentPlans.createdAt,
          updatedAt: shipmentPlans.updatedAt,
          since: shipmentPlans.stepAt,
        })
        .from(shipmentPlans)
        .innerJoin(companies, eq(companies.id, shipmentPlans.companyId))
        .innerJoin(stores, eq(stores.id, shipmentPlans.storeId))
        .where(
          and(
            planScope(ctx),
            eq(shipmentPlans.channel, channel),
            notInArray(shipmentPlans.status, ['closed', 'cancelled']),
            q.companyId ? eq(shipmentPlans.companyId, q.companyId) : undefined,
          ),
        )
        .$dynamic(),
    [companies.name, shipmentPlans.stepAt, shipmentPlans.id],
  );
  return {
    ...listed,
    content: listed.content.map(({ lastEvent: last, openBoxes, discrepancy, ...r }) => {
      const step = r.step as PlanStep;
      return {
        ...r,
        status: r.status as PlanStatus,
        step,
        blocker: blockerOf({
          step,
          operation: r.operation,
          lastEvent: last,
          units: r.units,
          boxed: r.boxed,
          openBoxes,
          discrepancy,
        }),
      };
    }),
  };
}
