/**
 * Moves (issue 7): units of a product from a location or LPN to another, or a whole LPN with all
 * it holds. One service function for the floor mutation `inventory.move` (through the outbox) and
 * the desk's POST /api/inventory/move. A move is all or nothing: it runs in the caller's
 * transaction (a push gives each mutation its own savepoint), and the balances' CHECK backs the
 * plan's own on-hand check.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { can } from '../../../domain/permissions.js';
import { readItemCode } from '../../../domain/rules/item-scan.js';
import { planContainerMove, planUnitMove, type BalanceLine, type LedgerDelta } from '../../../domain/rules/moves.js';
import { nestingError } from '../../../domain/schemas/lpn.js';
import type {
  InventoryMoveArgs,
  InventoryMoveResult,
  MoveBatchRow,
  MoveRow,
} from '../../../domain/schemas/inventory.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql, itemProductKeySql } from '../../db/product-key.js';
import {
  batchItems,
  inventoryBalances,
  inventoryMoves,
  lpns,
  moveBatches,
  productCodes,
  products,
  users,
} from '../../db/schema/index.js';
import { badRequest, businessRule, forbidden, notFound, needsPermission, refusal } from '../../http/errors.js';
import { recordChanges, type Change } from '../../feed/changes.js';
import { recordLpnChanges } from '../../feed/place-changes.js';
import type { MutationMeta } from '../../context.js';
import { postLedger } from './ledger.js';
import { lpnSubtree, placedAt, resolvePlace, type ResolvedPlace } from './places.js';
import { outer } from '../../db/outer.js';

export function assertCanMove(ctx: RequestContext): void {
  if (ctx.isClient || !can(ctx.abilities, 'update', 'wms')) throw forbidden(needsPermission('update', 'wms'));
}

type BalanceRow = typeof inventoryBalances.$inferSelect;
const toLine = (b: BalanceRow): BalanceLine => ({
  companyId: b.companyId,
  productKey: b.productKey,
  location: b.location,
  lpn: b.lpn,
  condition: b.condition,
  quantity: b.quantity,
  title: b.title,
});

/** The product keys a scanned code can mean: the key itself, or the key of any item having the code. */
function productKeysFor(ctx: RequestContext, code: string) {
  const candidates = readItemCode(code).candidates;
  const keyOfItem = itemProductKeySql('batch_items');
  const itemKeys = sql`select ${keyOfItem} from ${batchItems} where ${batchItems.tenantId} = ${ctx.tenantId} and (upper(${batchItems.fnsku}) in ${candidates} or upper(${batchItems.asin}) in ${candidates} or upper(${batchItems.msku}) in ${candidates} or upper(${batchItems.upc}) in ${candidates})`;
  // …and any code of a catalogue product (its UPC and other codes of /upc-and-codes).
  const keyOfProduct = catalogueProductKeySql('p');
  const catalogueKeys = sql`select ${keyOfProduct} from ${productCodes} pc join ${products} p on p.id = pc.product_id where pc.tenant_id = ${ctx.tenantId} and pc.code in ${candidates}`;
  return or(
    inArray(inventoryBalances.productKey, candidates),
    sql`${inventoryBalances.productKey} in (${itemKeys})`,
    sql`${inventoryBalances.productKey} in (${catalogueKeys})`,
  );
}

const moveChange = (row: MoveRow): Change => ({
  table: 'inventoryMoves',
  key: row.id,
  op: 'put',
  companyId: null,
  row: { ...row },
});
const batchChange = (row: typeof moveBatches.$inferSelect): Change => ({
  table: 'moveBatches',
  key: row.id,
  op: 'put',
  companyId: null,
  row: {
    id: row.id,
    name: row.name,
    reason: row.reason,
    status: row.status as MoveBatchRow['status'],
    createdAt: row.createdAt,
    closedAt: row.closedAt,
  } satisfies MoveBatchRow,
});

async function toLedger(
  tx: DbOrTx,
  ctx: RequestContext,
  deltas: LedgerDelta[],
  moveId: string,
  meta: MutationMeta,
  at: string,
) {
  await postLedger(
    tx,
    deltas.map((d) => ({
      tenantId: ctx.tenantId,
      companyId: d.companyId,
      productKey: d.productKey,
      title: d.title ?? null,
      location: d.location,
      lpn: d.lpn,
      condition: d.condition,
      quantity: d.quantity,
      reason: 'move',
      refType: 'inventory_move',
      refId: moveId,
      userId: ctx.userId,
      deviceId: meta.deviceId,
      at,
    })),
  );
}

/** Everything in the LPN (and the LPNs inside it) follows it to `toLocation`: ledger rows out and in. */
export async function relocateLpnContents(
  tx: DbOrTx,
  ctx: RequestContext,
  lpnId: number,
  toLocation: string | null,
  moveId: string,
  meta: MutationMeta,
  at: string,
): Promise<number> {
  const codes = await lpnSubtree(tx, ctx, lpnId);
  const contents = await tx
    .select()
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.tenantId, ctx.tenantId),
        inArray(inventoryBalances.lpn, codes),
        sql`${inventoryBalances.quantity} > 0`,
      ),
    )
    .for('update');
  if (toLocation === null) {
    // Into an LPN that stands nowhere yet: fine for an empty one, not for stock (it would vanish from every location).
    if (contents.length) throw businessRule(refusal('refusals.stock.targetLpnNowhere'));
    return 0;
  }
  const deltas = planContainerMove(contents.map(toLine), toLocation);
  await toLedger(tx, ctx, deltas, moveId, meta, at);
  return contents.reduce((n, c) => n + c.quantity, 0);
}

async function moveUnits(
  tx: DbOrTx,
  ctx: RequestContext,
  args: InventoryMoveArgs & { productCode: string; quantity: number },
  from: ResolvedPlace,
  to: ResolvedPlace,
  meta: MutationMeta,
) {
  const source = placedAt(from);
  const target = to.kind === 'lpn' ? placedAt(to) : { location: to.location, lpn: '' };
  const candidates = await tx
    .select()
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.tenantId, ctx.tenantId),
        eq(inventoryBalances.location, source.location),
        eq(inventoryBalances.lpn, source.lpn),
        eq(inventoryBalances.condition, args.condition),
        productKeysFor(ctx, args.productCode),
      ),
    )
    .for('update');
  const plan = planUnitMove(candidates.map(toLine), args.productCode, args.quantity, source, target);
  if (!plan.ok) throw businessRule(plan.message);
  await toLedger(tx, ctx, plan.deltas, args.id, meta, args.movedAt);
  return {
    productKey: plan.line!.productKey,
    title: plan.line!.title ?? null,
    quantity: args.quantity,
    location: target.location,
  };
}

async function moveLpn(
  tx: DbOrTx,
  ctx: RequestContext,
  args: InventoryMoveArgs,
  from: ResolvedPlace,
  to: ResolvedPlace,
  meta: MutationMeta,
) {
  if (from.kind !== 'lpn')
    throw badRequest('productCode: scan the product to move units from a location (only an LPN moves whole)');
  const now = args.movedAt;
  if (to.kind === 'lpn') {
    const parentOf = new Map(
      (
        await tx
          .select({ code: lpns.code, parentId: lpns.parentId, id: lpns.id })
          .from(lpns)
          .where(eq(lpns.tenantId, ctx.tenantId))
      ).map((r) => [r.id, r]),
    );
    const codeParent = new Map(
      [...parentOf.values()].map((r) => [
        r.code,
        r.parentId === null ? null : (parentOf.get(r.parentId)?.code ?? null),
      ]),
    );
    const error = nestingError(codeParent, from.code, to.code);
    if (error) throw businessRule(error);
    await tx.update(lpns).set({ parentId: to.id, locationCode: null, updatedAt: now }).where(eq(lpns.id, from.id));
    await recordLpnChanges(tx, ctx.tenantId, [from.code]);
    const quantity = await relocateLpnContents(tx, ctx, from.id, to.location, args.id, meta, now);
    return { productKey: null, title: null, quantity, location: to.location ?? '' };
  }
  // To a location: a nested LPN is taken out of its parent and stands there on its own.
  await tx.update(lpns).set({ parentId: null, locationCode: to.location, updatedAt: now }).where(eq(lpns.id, from.id));
  await recordLpnChanges(tx, ctx.tenantId, [from.code]);
  const quantity = await relocateLpnContents(tx, ctx, from.id, to.location, args.id, meta, now);
  return { productKey: null, title: null, quantity, location: to.location };
}

export async function moveInventory(
  tx: DbOrTx,
  ctx: RequestContext,
  args: InventoryMoveArgs,
  meta: MutationMeta,
): Promise<InventoryMoveResult> {
  assertCanMove(ctx);
  if (args.moveBatchId) {
    const [batch] = await tx
      .select({ status: moveBatches.status, name: moveBatches.name })
      .from(moveBatches)
      .where(and(eq(moveBatches.id, args.moveBatchId), eq(moveBatches.tenantId, ctx.tenantId)));
    if (!batch) throw notFound('Move batch');
    if (batch.status !== 'open') throw businessRule(refusal('refusals.stock.moveBatchClosed', { name: batch.name }));
  }
  const from = await resolvePlace(tx, ctx, args.from, { asSource: true });
  const to = await resolvePlace(tx, ctx, args.to);
  const kind = args.productCode ? 'units' : 'lpn';
  const moved =
    args.productCode && args.quantity !== undefined
      ? await moveUnits(tx, ctx, { ...args, productCode: args.productCode, quantity: args.quantity }, from, to, meta)
      : await moveLpn(tx, ctx, args, from, to, meta);
  const row = {
    id: args.id,
    tenantId: ctx.tenantId,
    moveBatchId: args.moveBatchId ?? null,
    kind,
    fromCode: args.from,
    toCode: args.to,
    productKey: moved.productKey,
    quantity: moved.quantity,
    reason: args.reason,
    userId: ctx.userId,
    deviceId: meta.deviceId,
    at: args.movedAt,
  };
  await tx.insert(inventoryMoves).values(row);
  await recordChanges(tx, ctx.tenantId, [
    moveChange({
      id: row.id,
      moveBatchId: row.moveBatchId,
      kind,
      fromCode: row.fromCode,
      toCode: row.toCode,
      productKey: row.productKey,
      title: moved.title,
      quantity: row.quantity,
      reason: row.reason,
      at: row.at,
      user: null,
    }),
  ]);
  return {
    kind,
    from: args.from,
    to: args.to,
    productKey: moved.productKey,
    title: moved.title,
    quantity: moved.quantity,
    location: moved.location,
  };
}

/** The desk's move: the same rule, with an id of the server's. */
export async function deskMove(db: DbOrTx, ctx: RequestContext, input: Omit<InventoryMoveArgs, 'id' | 'movedAt'>) {
  return db.transaction((tx) =>
    moveInventory(tx, ctx, { ...input, id: randomUUID(), movedAt: new Date().toISOString() }, { deviceId: null }),
  );
}

export async function openMoveBatch(
  tx: DbOrTx,
  ctx: RequestContext,
  args: { id: string; name: string; reason: string; openedAt: string },
) {
  assertCanMove(ctx);
  const [existing] = await tx.select().from(moveBatches).where(eq(moveBatches.id, args.id));
  if (existing) {
    if (existing.tenantId !== ctx.tenantId) throw notFound('Move batch');
    return { id: existing.id, status: existing.status as 'open' | 'closed' };
  }
  const [row] = await tx
    .insert(moveBatches)
    .values({
      id: args.id,
      tenantId: ctx.tenantId,
      name: args.name,
      reason: args.reason,
      createdBy: ctx.userId,
      createdAt: args.openedAt,
      updatedAt: args.openedAt,
    })
    .returning();
  await recordChanges(tx, ctx.tenantId, [batchChange(row)]);
  return { id: row.id, status: 'open' as const };
}

export async function closeMoveBatch(tx: DbOrTx, ctx: RequestContext, args: { id: string; closedAt: string }) {
  assertCanMove(ctx);
  const [row] = await tx
    .update(moveBatches)
    .set({
      status: 'closed',
      closedAt: sql`coalesce(${moveBatches.closedAt}, ${args.closedAt}::timestamptz)`,
      updatedAt: args.closedAt,
    })
    .where(and(eq(moveBatches.id, args.id), eq(moveBatches.tenantId, ctx.tenantId)))
    .returning();
  if (!row) throw notFound('Move batch');
  await recordChanges(tx, ctx.tenantId, [batchChange(row)]);
  return { id: row.id, status: 'closed' as const };
}

export async function listMoveBatches(
  db: DbOrTx,
  ctx: RequestContext,
  q: { status?: 'open' | 'closed'; limit?: number },
) {
  assertCanMove(ctx);
  const rows = await db
    .select({
      id: moveBatches.id,
      name: moveBatches.name,
      reason: moveBatches.reason,
      status: moveBatches.status,
      createdAt: moveBatches.createdAt,
      closedAt: moveBatches.closedAt,
      createdBy: users.fullname,
      moves: sql<number>`(select count(*)::int from ${inventoryMoves} m where m.move_batch_id = ${outer(moveBatches.id)})`,
    })
    .from(moveBatches)
    .leftJoin(users, eq(users.id, moveBatches.createdBy))
    .where(and(eq(moveBatches.tenantId, ctx.tenantId), q.status ? eq(moveBatches.status, q.status) : undefined))
    .orderBy(desc(moveBatches.createdAt))
    .limit(Math.min(q.limit ?? 100, 500));
  return rows;
}

/** Moves, newest first: of a batch, or all of the tenant's. */
export async function listMoves(db: DbOrTx, ctx: RequestContext, q: { moveBatchId?: string; limit?: number }) {
  assertCanMove(ctx);
  return db
    .select({
      id: inventoryMoves.id,
      moveBatchId: inventoryMoves.moveBatchId,
      kind: inventoryMoves.kind,
      fromCode: inventoryMoves.fromCode,
      toCode: inventoryMoves.toCode,
      productKey: inventoryMoves.productKey,
      quantity: inventoryMoves.quantity,
      reason: inventoryMoves.reason,
      at: inventoryMoves.at,
      user: users.fullname,
    })
    .from(inventoryMoves)
    .leftJoin(users, eq(users.id, inventoryMoves.userId))
    .where(
      and(
        eq(inventoryMoves.tenantId, ctx.tenantId),
        q.moveBatchId ? eq(inventoryMoves.moveBatchId, q.moveBatchId) : undefined,
      ),
    )
    .orderBy(desc(inventoryMoves.at))
    .limit(Math.min(q.limit ?? 200, 1000));
}
