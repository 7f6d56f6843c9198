/** Inbound batches and their expected packages (tracking numbers). */
import { likeContains } from '../../http/like.js';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import { normaliseTrackingNumber } from '../../../domain/rules/tracking-number.js';
import type { BatchCreate, BatchStage, batchListQuerySchema } from '../../../domain/schemas/inbound.js';
import type { PoItem } from '../../../domain/schemas/inbound.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { resolveClientCompany } from '../../http/client-company.js';
import type { DbOrTx } from '../../db/client.js';
import {
  batchItems,
  companies,
  inboundBatches,
  returnOrders,
  trackingNumbers,
  warehouses,
} from '../../db/schema/index.js';
import { badRequest, businessRule, conflict, notFound, refusal } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';
import { recordChanges, type Change } from '../../feed/changes.js';
import { outer } from '../../db/outer.js';

type TrackingRow = typeof trackingNumbers.$inferSelect;

/** The floor replica's view of an expected package. */
export const expectedPackageChange = (t: TrackingRow): Change => ({
  table: 'expectedPackages',
  key: String(t.id),
  op: 'put',
  companyId: t.companyId,
  row: {
    id: String(t.id),
    batchId: t.batchId,
    companyId: t.companyId,
    trackingNumber: t.normalized,
    status: t.status,
    deliveredAt: t.deliveredAt,
  },
});

type ItemRow = typeof batchItems.$inferSelect;

/** The floor replica's view of an expected item (domain inboundItemRowSchema). */
export const inboundItemChange = (i: ItemRow, batchName: string): Change => ({
  table: 'inboundItems',
  key: String(i.id),
  op: 'put',
  companyId: i.companyId,
  row: {
    id: String(i.id),
    batchId: i.batchId,
    batchName,
    companyId: i.companyId,
    title: i.title,
    asin: i.asin,
    fnsku: i.fnsku,
    msku: i.msku,
    upc: i.upc,
    expectedQty: i.expectedQty,
    receivedQty: i.receivedQty,
    damagedQty: i.damagedQty,
    sortedQty: i.sortedQty,
    packSize: i.packSize,
    itemAction: i.itemAction,
    status: i.status,
  },
});
const itemTombstone = (i: ItemRow): Change => ({
  table: 'inboundItems',
  key: String(i.id),
  op: 'delete',
  row: null,
  companyId: i.companyId,
});

export async function createBatch(deps: Deps, ctx: RequestContext, input: BatchCreate) {
  const id = await deps.db.transaction((tx) => insertBatch(tx, ctx, input));
  return getBatch(deps, ctx, id);
}

/** Inserts a batch with its tracking numbers and items inside the caller's transaction. */
export async function insertBatch(tx: DbOrTx, ctx: RequestContext, input: BatchCreate): Promise<number> {
  const company = await resolveClientCompany(tx, ctx, input.companyId);
  if (input.warehouseId) {
    const [w] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.tenantId, ctx.tenantId)));
    if (!w) throw badRequest(refusal('refusals.noSuchWarehouse'));
  }
  const [dup] = await tx
    .select({ id: inboundBatches.id })
    .from(inboundBatches)
    .where(
      and(
        eq(inboundBatches.tenantId, ctx.tenantId),
        eq(inboundBatches.companyId, company.id),
        eq(inboundBatches.batchName, input.batchName),
      ),
    );
  if (dup) throw conflict(refusal('refusals.batchExists', { name: input.batchName }));
  const [batch] = await tx
    .insert(inboundBatches)
    .values({
      tenantId: ctx.tenantId,
      companyId: company.id,
      warehouseId: input.warehouseId,
      batchName: input.batchName,
      storeName: input.storeName,
      shipToCountryCode: input.shipToCountryCode,
      createdBy: ctx.userId,
    })
    .returning();
  const rows = await insertTracking(tx, ctx, batch.id, company.id, input.trackingNumbers);
  if (input.items.length) {
    const items = await tx
      .insert(batchItems)
      .values(
        input.items.map((i) => ({
          ...i,
          shipToCountryCode: i.shipToCountryCode ?? input.shipToCountryCode,
          tenantId: ctx.tenantId,
          companyId: company.id,
          batchId: batch.id,
        })),
      )
      .returning();
    await recordChanges(
      tx,
      ctx.tenantId,
      items.map((i) => inboundItemChange(i, batch.batchName)),
    );
  }
  await audit(tx, ctx, 'inbound_batch', batch.id, 'create', null, {
    ...batch,
    trackingNumbers: rows.length,
    items: input.items.length,
  });
  return batch.id;
}

/** The same package listed twice (or in two spellings that normalise alike) is one package. */
async function insertTracking(tx: DbOrTx, ctx: RequestContext, batchId: number, companyId: number, numbers: string[]) {
  const existing = new Set(
    (
      await tx
        .select({ n: trackingNumbers.normalized })
        .from(trackingNumbers)
        .where(eq(trackingNumbers.batchId, batchId))
    ).map((r) => r.n),
  );
  const unique = new Map<string, string>();
  for (const raw of numbers) {
    const normalized = normaliseTrackingNumber(raw);
    if (!unique.has(normalized) && !existing.has(normalized)) unique.set(normalized, raw.trim());
  }
  if (unique.size === 0) return [];
  const rows = await tx
    .insert(trackingNumbers)
    .values(
      [...unique].map(([normalized, raw]) => ({
        tenantId: ctx.tenantId,
        companyId,
        batchId,
        trackingNumber: raw,
        normalized,
      })),
    )
    .returning();
  await recordChanges(tx, ctx.tenantId, rows.map(expectedPackageChange));
  return rows;
}

/** Batches are editable until receiving starts: no package delivered, no unit received. */
async function editableBatch(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [batch] = await tx
    .select()
    .from(inboundBatches)
    .where(
      and(eq(inboundBatches.id, id), scoped(ctx, inboundBatches.tenantId, inboundBatches.companyId, !ctx.isClient)),
    );
  if (!batch) throw notFound('Batch');
  const [started] = await tx
    .select({ id: trackingNumbers.id })
    .from(trackingNumbers)
    .where(and(eq(trackingNumbers.batchId, id), sql`${trackingNumbers.status} <> 'expected'`))
    .limit(1);
  const [received] = await tx
    .select({ id: batchItems.id })
    .from(batchItems)
    .where(and(eq(batchItems.batchId, id), sql`${batchItems.receivedQty} + ${batchItems.damagedQty} > 0`))
    .limit(1);
  if (started || received) throw businessRule(refusal('refusals.batchReceivingStarted'));
  return batch;
}

export async function addTracking(deps: Deps, ctx: RequestContext, batchId: number, numbers: string[]) {
  await deps.db.transaction(async (tx) => {
    const batch = await editableBatch(tx, ctx, batchId);
    const rows = await insertTracking(tx, ctx, batchId, batch.companyId, numbers);
    await audit(tx, ctx, 'inbound_batch', batchId, 'update', null, { addedTracking: rows.map((r) => r.normalized) });
  });
  return getBatch(deps, ctx, batchId);
}

export async function removeTracking(deps: Deps, ctx: RequestContext, batchId: number, trackingId: number) {
  await deps.db.transaction(async (tx) => {
    await editableBatch(tx, ctx, batchId);
    const [row] = await tx
      .delete(trackingNumbers)
      .where(and(eq(trackingNumbers.id, trackingId), eq(trackingNumbers.batchId, batchId)))
      .returning();
    if (!row) throw notFound('Tracking number');
    await recordChanges(tx, ctx.tenantId, [
      { table: 'expectedPackages', key: String(row.id), op: 'delete', row: null, companyId: row.companyId },
    ]);
    await audit(tx, ctx, 'tracking_number', trackingId, 'delete', row, null);
  });
  return getBatch(deps, ctx, batchId);
}

export async function saveItem(deps: Deps, ctx: RequestContext, batchId: number, item: PoItem, itemId?: number) {
  await deps.db.transaction(async (tx) => {
    const batch = await editableBatch(tx, ctx, batchId);
    if (itemId) {
      const [before] = await tx
        .select()
        .from(batchItems)
        .where(and(eq(batchItems.id, itemId), eq(batchItems.batchId, batchId)));
      if (!before) throw notFound('Item');
      const [after] = await tx
        .update(batchItems)
        .set({ ...item, updatedAt: new Date().toISOString() })
        .where(eq(batchItems.id, itemId))
        .returning();
      await recordChanges(tx, ctx.tenantId, [inboundItemChange(after, batch.batchName)]);
      await audit(tx, ctx, 'batch_item', itemId, 'update', before, after);
    } else {
      const [created] = await tx
        .insert(batchItems)
        .values({ ...item, tenantId: ctx.tenantId, companyId: batch.companyId, batchId })
        .returning();
      await recordChanges(tx, ctx.tenantId, [inboundItemChange(created, batch.batchName)]);
      await audit(tx, ctx, 'batch_item', created.id, 'create', null, created);
    }
  });
  return getBatch(deps, ctx, batchId);
}

export async function deleteItem(deps: Deps, ctx: RequestContext, batchId: number, itemId: number) {
  await deps.db.transaction(async (tx) => {
    await editableBatch(tx, ctx, batchId);
    const [row] = await tx
      .delete(batchItems)
      .where(and(eq(batchItems.id, itemId), eq(batchItems.batchId, batchId)))
      .returning();
    if (!row) throw notFound('Item');
    await recordChanges(tx, ctx.tenantId, [itemTombstone(row)]);
    await audit(tx, ctx, 'batch_item', itemId, 'delete', row, null);
  });
  return getBatch(deps, ctx, batchId);
}

export async function getBatch(deps: Deps, ctx: RequestContext, id: number) {
  const [batch] = await deps.db
    .select({ batch: inboundBatches, companyName: companies.name, accountNo: companies.accountNo })
    .from(inboundBatches)
    .innerJoin(companies, eq(companies.id, inboundBatches.companyId))
    .where(
      and(eq(inboundBatches.id, id), scoped(ctx, inboundBatches.tenantId, inboundBatches.companyId, !ctx.isClient)),
    );
  if (!batch) throw notFound('Batch');
  const [[{ stage }], tracking, items] = await Promise.all([
    deps.db.select({ stage: stageSql }).from(inboundBatches).where(eq(inboundBatches.id, id)),
    deps.db.select().from(trackingNumbers).where(eq(trackingNumbers.batchId, id)).orderBy(trackingNumbers.id),
    deps.db.select().from(batchItems).where(eq(batchItems.batchId, id)).orderBy(batchItems.id),
  ]);
  const { tenantId: _tenant, ...stored } = batch.batch;
  return {
    ...stored,
    companyName: batch.companyName,
    accountNo: batch.accountNo,
    stage,
    /** Items and tracking numbers can change until receiving starts. */
    editable: stage === 'open',
    trackingNumbers: tracking.map((t) => ({
      id: t.id,
      trackingNumber: t.trackingNumber,
      normalized: t.normalized,
      status: t.status,
      deliveredAt: t.deliveredAt,
    })),
    items: items.map(({ tenantId: _t, ...i }) => i),
  };
}

/** SQL for a batch's stage (domain BATCH_STAGES), evaluated per row of inbound_batches. */
const started = sql`(exists (select 1 from ${trackingNumbers} where ${trackingNumbers.batchId} = ${outer(inboundBatches.id)} and ${trackingNumbers.status} <> 'expected')
  or exists (select 1 from ${batchItems} where ${batchItems.batchId} = ${outer(inboundBatches.id)} and ${batchItems.receivedQty} + ${batchItems.damagedQty} > 0))`;
const complete = sql`(not exists (select 1 from ${trackingNumbers} where ${trackingNumbers.batchId} = ${outer(inboundBatches.id)} and ${trackingNumbers.status} = 'expected')
  and not exists (select 1 from ${batchItems} where ${batchItems.batchId} = ${outer(inboundBatches.id)} and ${batchItems.receivedQty} + ${batchItems.damagedQty} < ${batchItems.expectedQty}))`;
const stageSql = sql<BatchStage>`case when not ${started} then 'open' when ${complete} then 'received' else 'receiving' end`;

export async function listBatches(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: z.infer<typeof batchListQuerySchema>,
) {
  const conds: SQL[] = [scoped(ctx, inboundBatches.tenantId, inboundBatches.companyId, !ctx.isClient)];
  // Returns and removals are received as inbound batches too, but listed on their own screens.
  conds.push(
    sql`not exists (select 1 from ${returnOrders} where ${returnOrders.batchId} = ${outer(inboundBatches.id)})`,
  );
  if (q.companyId) conds.push(eq(inboundBatches.companyId, q.companyId));
  if (q.stage) conds.push(sql`${stageSql} = ${q.stage}`);
  if (q.itemAction)
    conds.push(
      sql`exists (select 1 from ${batchItems} where ${batchItems.batchId} = ${outer(inboundBatches.id)} and ${batchItems.itemAction} = ${q.itemAction})`,
    );
  if (q.q) conds.push(ilike(inboundBatches.batchName, likeContains(q.q)));
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        id: inboundBatches.id,
        batchName: inboundBatches.batchName,
        stage: stageSql,
        storeName: inboundBatches.storeName,
        companyId: inboundBatches.companyId,
        companyName: companies.name,
        accountNo: companies.accountNo,
        createdAt: inboundBatches.createdAt,
      })
      .from(inboundBatches)
      .innerJoin(companies, eq(companies.id, inboundBatches.companyId))
      .where(where)
      .orderBy(desc(inboundBatches.createdAt), desc(inboundBatches.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(inboundBatches).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [packages, units] = ids.length
    ? await Promise.all([
        deps.db
          .select({
            batchId: trackingNumbers.batchId,
            expected: count(),
            delivered: sql<number>`count(*) filter (where ${trackingNumbers.status} = 'delivered')`,
          })
          .from(trackingNumbers)
          .where(inArray(trackingNumbers.batchId, ids))
          .groupBy(trackingNumbers.batchId),
        deps.db
          .select({
            batchId: batchItems.batchId,
            items: count(),
            expectedUnits: sql<number>`sum(${batchItems.expectedQty})`,
            receivedUnits: sql<number>`sum(${batchItems.receivedQty})`,
            damagedUnits: sql<number>`sum(${batchItems.damagedQty})`,
          })
          .from(batchItems)
          .where(inArray(batchItems.batchId, ids))
          .groupBy(batchItems.batchId),
      ])
    : [[], []];
  const content = rows.map((r) => {
    const p = packages.find((x) => x.batchId === r.id);
    const u = units.find((x) => x.batchId === r.id);
    return {
      ...r,
      packages: Number(p?.expected ?? 0),
      delivered: Number(p?.delivered ?? 0),
      items: Number(u?.items ?? 0),
      expectedUnits: Number(u?.expectedUnits ?? 0),
      receivedUnits: Number(u?.receivedUnits ?? 0),
      damagedUnits: Number(u?.damagedUnits ?? 0),
    };
  });
  return { content, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: Number(total) };
}

/** A batch can be withdrawn until its first package is delivered; devices receive tombstones. */
export async function deleteBatch(deps: Deps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(inboundBatches)
      .where(
        and(eq(inboundBatches.id, id), scoped(ctx, inboundBatches.tenantId, inboundBatches.companyId, !ctx.isClient)),
      );
    if (!batch) throw notFound('Batch');
    const rows = await tx.select().from(trackingNumbers).where(eq(trackingNumbers.batchId, id));
    if (rows.some((r) => r.status !== 'expected')) throw businessRule(refusal('refusals.batchPackagesReceived'));
    const items = await tx.select().from(batchItems).where(eq(batchItems.batchId, id));
    if (items.some((i) => i.receivedQty + i.damagedQty > 0)) throw businessRule(refusal('refusals.batchUnitsCounted'));
    await tx.delete(trackingNumbers).where(eq(trackingNumbers.batchId, id));
    await tx.delete(inboundBatches).where(eq(inboundBatches.id, id));
    await recordChanges(tx, ctx.tenantId, [
      ...rows.map((r): Change => ({
        table: 'expectedPackages',
        key: String(r.id),
        op: 'delete',
        row: null,
        companyId: r.companyId,
      })),
      ...items.map(itemTombstone),
    ]);
    await audit(tx, ctx, 'inbound_batch', id, 'delete', { ...batch, trackingNumbers: rows.length }, null);
  });
  return { deleted: true };
}
