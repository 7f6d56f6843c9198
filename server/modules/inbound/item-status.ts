/** Item status tracking (issue 6): units per status per client, and the items behind a count. */
import { likeContains } from '../../http/like.js';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ITEM_STATUS_NAMES, transitionError, type ItemStatus } from '../../../domain/rules/item-status.js';
import { audit } from '../../audit.js';
import { businessRule, forbidden, notFound, refusal } from '../../http/errors.js';
import { recordChanges } from '../../feed/changes.js';
import { inboundItemChange } from './batches.js';
import type { PageRequest } from '../../../domain/paging.js';
import type { Deps, RequestContext } from '../../context.js';
import { batchItems, companies, inboundBatches } from '../../db/schema/index.js';
import { pageOfQuery } from '../../http/paging.js';
import { scoped } from '../../http/scope.js';

export const itemListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  status: z.enum(ITEM_STATUS_NAMES as [string, ...string[]]).optional(),
  companyId: z.coerce.number().int().positive().optional(),
  batchId: z.coerce.number().int().positive().optional(),
  q: z.string().max(100).optional(),
  /** Pending inbound: announced or partly delivered, not yet fully received. */
  pending: z.enum(['true', 'false']).optional(),
});

/**
 * GET /api/ship/bundle (spec §3 bundle query): purchase-order lines searched across batches by
 * the fields a desk has at hand — client (id or account number), warehouse, batch, status, pack
 * type (individual or case-packed) and title / UPC / ASIN.
 */
export const bundleQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  warehouseId: z.coerce.number().int().positive().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  accountNo: z.string().trim().max(40).optional(),
  batchId: z.coerce.number().int().positive().optional(),
  status: z.enum(ITEM_STATUS_NAMES as [string, ...string[]]).optional(),
  packType: z.enum(['individual', 'case_packed']).optional(),
  title: z.string().trim().max(100).optional(),
  upc: z.string().trim().max(14).optional(),
  asin: z.string().trim().toUpperCase().max(10).optional(),
});

const PENDING_STATUSES = ['intransit', 'partially_delivered', 'delivered'];

export async function statusSummary(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select({
      companyId: batchItems.companyId,
      companyName: companies.name,
      accountNo: companies.accountNo,
      status: batchItems.status,
      items: count(),
      expectedUnits: sql<number>`sum(${batchItems.expectedQty})::int`,
      receivedUnits: sql<number>`sum(${batchItems.receivedQty})::int`,
      damagedUnits: sql<number>`sum(${batchItems.damagedQty})::int`,
    })
    .from(batchItems)
    .innerJoin(companies, eq(companies.id, batchItems.companyId))
    .where(scoped(ctx, batchItems.tenantId, batchItems.companyId, !ctx.isClient))
    .groupBy(batchItems.companyId, companies.name, companies.accountNo, batchItems.status)
    .orderBy(asc(companies.name), asc(batchItems.status));
  return rows.map((r) => ({
    ...r,
    items: Number(r.items),
    expectedUnits: Number(r.expectedUnits),
    receivedUnits: Number(r.receivedUnits),
    damagedUnits: Number(r.damagedUnits),
  }));
}

export async function listItems(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: z.infer<typeof itemListQuerySchema> & Partial<z.infer<typeof bundleQuerySchema>>,
) {
  const like = q.q ? likeContains(q.q) : undefined;
  const conds: (SQL | undefined)[] = [
    q.warehouseId ? eq(inboundBatches.warehouseId, q.warehouseId) : undefined,
    q.accountNo ? eq(companies.accountNo, q.accountNo) : undefined,
    q.packType === 'case_packed'
      ? sql`${batchItems.packSize} > 1`
      : q.packType === 'individual'
        ? eq(batchItems.packSize, 1)
        : undefined,
    q.title ? ilike(batchItems.title, likeContains(q.title)) : undefined,
    q.upc ? eq(batchItems.upc, q.upc) : undefined,
    q.asin ? eq(batchItems.asin, q.asin) : undefined,
    scoped(ctx, batchItems.tenantId, batchItems.companyId, !ctx.isClient),
    q.status ? eq(batchItems.status, q.status) : undefined,
    q.pending === 'true' ? inArray(batchItems.status, PENDING_STATUSES) : undefined,
    q.companyId ? eq(batchItems.companyId, q.companyId) : undefined,
    q.batchId ? eq(batchItems.batchId, q.batchId) : undefined,
    like
      ? (or(
          ilike(batchItems.title, like),
          ilike(batchItems.fnsku, like),
          ilike(batchItems.asin, like),
          ilike(batchItems.msku, like),
          ilike(batchItems.upc, like),
        ) as SQL)
      : undefined,
  ];
  const where = and(...conds);
  return pageOfQuery(
    deps.db,
    page,
    () =>
      deps.db
        .select({
          id: batchItems.id,
          title: batchItems.title,
          asin: batchItems.asin,
          fnsku: batchItems.fnsku,
          msku: batchItems.msku,
          upc: batchItems.upc,
          status: batchItems.status,
          expectedQty: batchItems.expectedQty,
          receivedQty: batchItems.receivedQty,
          damagedQty: batchItems.damagedQty,
          itemAction: batchItems.itemAction,
          packSize: batchItems.packSize,
          companyId: batchItems.companyId,
          accountNo: companies.accountNo,
          batchId: batchItems.batchId,
          batchName: inboundBatches.batchName,
          companyName: companies.name,
          updatedAt: batchItems.updatedAt,
        })
        .from(batchItems)
        .innerJoin(inboundBatches, eq(inboundBatches.id, batchItems.batchId))
        .innerJoin(companies, eq(companies.id, batchItems.companyId))
        .where(where)
        .$dynamic(),
    [desc(batchItems.updatedAt), desc(batchItems.id)],
  );
}

export const itemStatusChangeSchema = z.object({
  status: z.enum(ITEM_STATUS_NAMES as [string, ...string[]]),
  note: z.string().trim().max(500).optional(),
});

/**
 * A desk change of an item's status (block, release, return, dispose, archive…) along the allowed
 * transitions of domain/rules/item-status.ts; anything else is a 412 that says what is allowed.
 */
export async function changeItemStatus(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof itemStatusChangeSchema>,
) {
  if (ctx.isClient) throw forbidden(refusal('refusals.itemStatusWarehouseOnly'));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ item: batchItems, batchName: inboundBatches.batchName })
      .from(batchItems)
      .innerJoin(inboundBatches, eq(inboundBatches.id, batchItems.batchId))
      .where(and(eq(batchItems.id, id), eq(batchItems.tenantId, ctx.tenantId)))
      .for('update', { of: batchItems });
    if (!row) throw notFound('Item');
    const error = transitionError(row.item.status as ItemStatus, input.status as ItemStatus);
    if (error) throw businessRule(error);
    const [after] = await tx
      .update(batchItems)
      .set({ status: input.status, updatedAt: new Date().toISOString() })
      .where(eq(batchItems.id, id))
      .returning();
    await recordChanges(tx, ctx.tenantId, [inboundItemChange(after, row.batchName)]);
    await audit(
      tx,
      ctx,
      'batch_item',
      id,
      'status',
      { status: row.item.status },
      { status: after.status, note: input.note ?? null },
    );
    return { id, status: after.status };
  });
}
