/**
 * The returns and removals screens' reads: lists by kind and stage, one return with its lines,
 * packages, received state and problems, and "pull now". A client sees only its own company's.
 * Received state is the inbound batch's (the floor's counts), never a copy.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../../../domain/paging.js';
import type { ReturnKind, ReturnListQuery, ReturnStage } from '../../../domain/schemas/returns.js';
import { isAmazon } from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { batchItems, companies, inboundBatches, problems, stores, trackingNumbers } from '../../db/schema/index.js';
import { returnOrderLines, returnOrders } from '../../db/schema/returns.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { outer } from '../../db/outer.js';
import { businessRule, notFound, refusal } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { pageOfQuery } from '../../http/paging.js';
import { scoped } from '../../http/scope.js';
import { PULL_KINDS, pullSettingOn, returnPullKey } from './pull.js';

const batchId = outer(returnOrders.batchId);
const started = sql`(exists (select 1 from ${trackingNumbers} where ${trackingNumbers.batchId} = ${batchId} and ${trackingNumbers.status} <> 'expected')
  or exists (select 1 from ${batchItems} where ${batchItems.batchId} = ${batchId} and ${batchItems.receivedQty} + ${batchItems.damagedQty} > 0))`;
const complete = sql`(not exists (select 1 from ${trackingNumbers} where ${trackingNumbers.batchId} = ${batchId} and ${trackingNumbers.status} = 'expected')
  and not exists (select 1 from ${batchItems} where ${batchItems.batchId} = ${batchId} and ${batchItems.receivedQty} + ${batchItems.damagedQty} < ${batchItems.expectedQty}))`;
/** The return's stage from its inbound batch (domain RETURN_STAGES). */
const stageSql = sql<ReturnStage>`case when not ${started} then 'expected' when ${complete} then 'received' else 'receiving' end`;
const units = (column: PgColumn) =>
  sql<number>`(select coalesce(sum(${column}), 0)::int from ${batchItems} where ${batchItems.batchId} = ${batchId})`;

const rowFields = {
  id: returnOrders.id,
  kind: returnOrders.kind,
  source: returnOrders.source,
  orderId: returnOrders.orderId,
  rma: returnOrders.rma,
  trackingNumber: returnOrders.trackingNumber,
  carrier: returnOrders.carrier,
  marketplaceStatus: returnOrders.marketplaceStatus,
  reason: returnOrders.reason,
  requestedAt: returnOrders.requestedAt,
  shippedAt: returnOrders.shippedAt,
  companyId: returnOrders.companyId,
  companyName: companies.name,
  accountNo: companies.accountNo,
  storeId: returnOrders.storeId,
  storeName: stores.name,
  batchId: returnOrders.batchId,
  batchName: inboundBatches.batchName,
  stage: stageSql,
  expectedUnits: units(batchItems.expectedQty),
  sellableUnits: units(batchItems.receivedQty),
  problemUnits: units(batchItems.damagedQty),
  createdAt: returnOrders.createdAt,
};

const visible = (ctx: RequestContext) => scoped(ctx, returnOrders.tenantId, returnOrders.companyId, !ctx.isClient);

function listQuery(deps: Deps, ctx: RequestContext, q: ReturnListQuery) {
  const conds: SQL[] = [visible(ctx), eq(returnOrders.kind, q.kind)];
  if (q.companyId) conds.push(eq(returnOrders.companyId, q.companyId));
  if (q.storeId) conds.push(eq(returnOrders.storeId, q.storeId));
  if (q.stage) conds.push(sql`${stageSql} = ${q.stage}`);
  if (q.q) {
    const like = likeContains(q.q);
    conds.push(
      or(
        ilike(returnOrders.orderId, like),
        ilike(returnOrders.rma, like),
        ilike(returnOrders.trackingNumber, like),
        ilike(inboundBatches.batchName, like),
        sql`exists (select 1 from ${batchItems} where ${batchItems.batchId} = ${batchId} and (${batchItems.title} ilike ${like} or ${batchItems.msku} ilike ${like} or ${batchItems.fnsku} ilike ${like} or ${batchItems.asin} ilike ${like} or ${batchItems.upc} ilike ${like}))`,
      )!,
    );
  }
  return deps.db
    .select(rowFields)
    .from(returnOrders)
    .innerJoin(companies, eq(companies.id, returnOrders.companyId))
    .innerJoin(inboundBatches, eq(inboundBatches.id, returnOrders.batchId))
    .leftJoin(stores, eq(stores.id, returnOrders.storeId))
    .where(and(...conds))
    .$dynamic();
}

export async function listReturns(deps: Deps, ctx: RequestContext, page: PageRequest, q: ReturnListQuery) {
  const result = await pageOfQuery(deps.db, page, () => listQuery(deps, ctx, q), [
    desc(returnOrders.createdAt),
    desc(returnOrders.id),
  ]);
  return { ...result, content: result.content.map(asRow) };
}

const asRow = (r: Awaited<ReturnType<typeof listQuery>>[number]) => ({
  ...r,
  kind: r.kind as ReturnKind,
  source: r.source as 'amazon' | 'upload',
  expectedUnits: Number(r.expectedUnits),
  sellableUnits: Number(r.sellableUnits),
  problemUnits: Number(r.problemUnits),
});

export async function getReturn(deps: Deps, ctx: RequestContext, kind: ReturnKind, id: number) {
  const [row] = await deps.db
    .select(rowFields)
    .from(returnOrders)
    .innerJoin(companies, eq(companies.id, returnOrders.companyId))
    .innerJoin(inboundBatches, eq(inboundBatches.id, returnOrders.batchId))
    .leftJoin(stores, eq(stores.id, returnOrders.storeId))
    .where(and(visible(ctx), eq(returnOrders.id, id), eq(returnOrders.kind, kind)));
  if (!row) throw notFound(kind === 'fbm_return' ? 'Return order' : 'Removal shipment');
  const [packages, lines, raised] = await Promise.all([
    deps.db
      .select({
        id: trackingNumbers.id,
        trackingNumber: trackingNumbers.trackingNumber,
        status: trackingNumbers.status,
        deliveredAt: trackingNumbers.deliveredAt,
      })
      .from(trackingNumbers)
      .where(eq(trackingNumbers.batchId, row.batchId))
      .orderBy(asc(trackingNumbers.id)),
    deps.db
      .select({
        id: returnOrderLines.id,
        batchItemId: returnOrderLines.batchItemId,
        title: batchItems.title,
        sku: sql<string | null>`coalesce(${returnOrderLines.sku}, ${batchItems.msku})`,
        asin: sql<string | null>`coalesce(${returnOrderLines.asin}, ${batchItems.asin})`,
        fnsku: sql<string | null>`coalesce(${returnOrderLines.fnsku}, ${batchItems.fnsku})`,
        upc: batchItems.upc,
        reason: returnOrderLines.reason,
        disposition: returnOrderLines.disposition,
        expectedQty: batchItems.expectedQty,
        sellableQty: batchItems.receivedQty,
        damagedQty: batchItems.damagedQty,
        sortedQty: batchItems.sortedQty,
        status: batchItems.status,
      })
      .from(returnOrderLines)
      .innerJoin(batchItems, eq(batchItems.id, returnOrderLines.batchItemId))
      .where(eq(returnOrderLines.returnOrderId, row.id))
      .orderBy(asc(returnOrderLines.id)),
    deps.db
      .select({
        id: problems.id,
        type: problems.type,
        damageType: problems.damageType,
        status: problems.status,
        resolution: problems.resolution,
        quantity: problems.quantity,
        code: problems.code,
      })
      .from(problems)
      .where(and(eq(problems.tenantId, ctx.tenantId), eq(problems.batchId, row.batchId)))
      .orderBy(asc(problems.id)),
  ]);
  return { ...asRow(row), packages, lines, problems: raised };
}

/** "Pull now": the store's returns pull queued as a job (refused when neither setting is on). */
export async function requestPull(deps: Deps, ctx: RequestContext, storeId: number) {
  const [store] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), scoped(ctx, stores.tenantId, stores.companyId, !ctx.isClient)));
  if (!store) throw notFound('Store');
  if (!isAmazon(store.marketplace)) throw businessRule('Returns and removals are pulled from Amazon stores only');
  if (store.connection !== 'connected') throw businessRule('Connect the store to Amazon first');
  const on = await Promise.all(Object.values(PULL_KINDS).map((k) => pullSettingOn(deps.db, store, k.setting)));
  if (!on.some(Boolean)) throw businessRule(refusal('refusals.returnPullOff'));
  const jobId = await deps.jobs.enqueue(
    'returns.pull',
    { tenantId: ctx.tenantId, storeId },
    { tenantId: ctx.tenantId, startedBy: ctx.userId, singletonKey: returnPullKey(storeId) },
  );
  return { jobId, queued: jobId !== null };
}

/** The Amazon stores the caller may pull returns for (the screens' store filter and "pull now"). */
export async function returnStores(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select({
      id: stores.id,
      name: stores.name,
      companyId: stores.companyId,
      marketplace: stores.marketplace,
      connection: stores.connection,
    })
    .from(stores)
    .where(scoped(ctx, stores.tenantId, stores.companyId, !ctx.isClient))
    .orderBy(asc(stores.name));
  const out = [];
  for (const s of rows.filter((r) => isAmazon(r.marketplace)))
    out.push({
      id: s.id,
      name: s.name,
      companyId: s.companyId,
      connected: s.connection === 'connected',
      pullReturns: await pullSettingOn(
        deps.db,
        { id: s.id, tenantId: ctx.tenantId, companyId: s.companyId },
        'STORE_PULL_AMZ_RETURN_ORDER',
      ),
      pullRemovals: await pullSettingOn(
        deps.db,
        { id: s.id, tenantId: ctx.tenantId, companyId: s.companyId },
        'STORE_PULL_AMZ_REMOVAL_ORDER',
      ),
    });
  return out;
}
