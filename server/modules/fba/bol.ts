/**
 * Bills of lading (spec §7 …/batch/bill-of-lading, /pro-number/{n}, /batch-name/{name},
 * /pro-number/charge; screen /apps/outbound/fba-bol): every LTL shipment of the plans in the
 * caller's scope with its BOL and PRO numbers, found by PRO or by plan name, and the freight
 * passed on to the client once (a billable event priced at Amazon's quote or the amount given).
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../../../domain/paging.js';
import type { BolRow } from '../../../domain/schemas/fba.js';
import type { Deps, RequestContext } from '../../context.js';
import { can } from '../../../domain/permissions.js';
import { chargeEvents, companies, planShipments, shipmentBoxes, shipmentPlans } from '../../db/schema/index.js';
import { businessRule, forbidden, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { pageOfQuery } from '../../http/paging.js';
import { recordChargeEvents } from '../charges/events.js';
import { planScope } from './plan-record.js';
import { outer } from '../../db/outer.js';

const columns = {
  planId: shipmentPlans.id,
  planName: shipmentPlans.name,
  companyId: shipmentPlans.companyId,
  companyName: companies.name,
  accountNo: companies.accountNo,
  id: planShipments.id,
  shipmentId: planShipments.shipmentId,
  confirmationId: planShipments.confirmationId,
  destination: planShipments.destination,
  shippingSolution: planShipments.shippingSolution,
  carrier: planShipments.carrier,
  proNumber: planShipments.proNumber,
  billOfLadingNumber: planShipments.billOfLadingNumber,
  status: planShipments.status,
  shippedAt: planShipments.shippedAt,
  boxes: sql<number>`(select count(*)::int from ${shipmentBoxes} b where b.shipment_id = ${outer(planShipments.id)})`,
  chargedCents: sql<
    number | null
  >`(select (ce.details->>'amountCents')::int from ${chargeEvents} ce where ce.tenant_id = ${outer(planShipments.tenantId)} and ce.kind = 'freight_charged' and ce.source_type = 'plan_shipment' and ce.source_id = ${outer(planShipments.id)}::text)`,
};
type Raw = { [K in keyof typeof columns]: unknown };

function rowOf(r: Raw): BolRow & { id: number } {
  const carrier = (r.carrier ?? {}) as { name?: string | null; costCents?: number | null; currency?: string | null };
  return {
    id: r.id as number,
    planId: r.planId as number,
    planName: r.planName as string,
    companyId: r.companyId as number,
    companyName: r.companyName as string,
    accountNo: r.accountNo as string,
    shipmentId: r.shipmentId as string,
    confirmationId: r.confirmationId as string | null,
    warehouseId: ((r.destination ?? {}) as { warehouseId?: string | null }).warehouseId ?? null,
    shippingSolution: r.shippingSolution as string | null,
    carrierName: carrier.name ?? null,
    proNumber: r.proNumber as string | null,
    billOfLadingNumber: r.billOfLadingNumber as string | null,
    costCents: carrier.costCents ?? null,
    currency: carrier.currency ?? null,
    boxes: Number(r.boxes),
    status: r.status as string,
    shippedAt: r.shippedAt as string | null,
    chargedCents: r.chargedCents === null || r.chargedCents === undefined ? null : Number(r.chargedCents),
  };
}

const ltl = eq(planShipments.shippingMode, 'FREIGHT_LTL');
const query = (deps: Deps, ctx: RequestContext, conds: (SQL | undefined)[]) =>
  deps.db
    .select(columns)
    .from(planShipments)
    .innerJoin(shipmentPlans, eq(shipmentPlans.id, planShipments.planId))
    .innerJoin(companies, eq(companies.id, shipmentPlans.companyId))
    .where(and(planScope(ctx), eq(shipmentPlans.channel, 'fba'), ltl, ...conds))
    .$dynamic();

export async function listBols(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { companyId?: number; q?: string },
) {
  const conds: (SQL | undefined)[] = [q.companyId ? eq(shipmentPlans.companyId, q.companyId) : undefined];
  if (q.q) {
    const like = likeContains(q.q);
    conds.push(
      or(
        ilike(planShipments.proNumber, like),
        ilike(planShipments.billOfLadingNumber, like),
        ilike(planShipments.confirmationId, like),
        ilike(shipmentPlans.name, like),
      ),
    );
  }
  const listed = await pageOfQuery(deps.db, page, () => query(deps, ctx, conds), [
    desc(planShipments.createdAt),
    desc(planShipments.id),
  ]);
  return { ...listed, content: listed.content.map((r) => rowOf(r as Raw)) };
}

export async function bolByPro(deps: Deps, ctx: RequestContext, proNumber: string) {
  const [row] = await query(deps, ctx, [eq(planShipments.proNumber, proNumber)]);
  if (!row) throw notFound(`A shipment with PRO number ${proNumber}`);
  return rowOf(row as Raw);
}

export async function bolsOfPlanName(deps: Deps, ctx: RequestContext, name: string) {
  const rows = await query(deps, ctx, [eq(shipmentPlans.name, name)]).orderBy(planShipments.id);
  return rows.map((r) => rowOf(r as Raw));
}

export async function chargeFreight(
  deps: Deps,
  ctx: RequestContext,
  input: { proNumber: string; amountCents?: number },
) {
  if (ctx.isClient || !can(ctx.abilities, 'update', 'fba'))
    throw forbidden('Passing freight on to a client is the warehouse’s to do');
  const row = await bolByPro(deps, ctx, input.proNumber);
  if (row.chargedCents !== null) throw businessRule(`The freight of PRO ${input.proNumber} is charged already`);
  const amountCents = input.amountCents ?? row.costCents;
  if (!amountCents) throw businessRule('Amazon gave no quote for this carrier: enter the freight amount (amountCents)');
  await recordChargeEvents(deps.db, [
    {
      tenantId: ctx.tenantId,
      companyId: row.companyId,
      kind: 'freight_charged',
      quantity: 1,
      sourceType: 'plan_shipment',
      sourceId: String(row.id),
      details: {
        channel: 'fba',
        planId: row.planId,
        proNumber: input.proNumber,
        carrier: row.carrierName,
        amountCents,
      },
      userId: ctx.userId,
      at: deps.now().toISOString(),
    },
  ]);
  return bolByPro(deps, ctx, input.proNumber);
}
