/**
 * Sort and receive (issue 6): good units move out of RECEIVING to their workflow's place — two
 * ledger rows (out of RECEIVING, into the location), the item's sorted count and, once nothing
 * waits, its status (in prep or stored). The ledger decides: never more than it holds in RECEIVING.
 * A storage unit may go into a tote (an LPN) scanned as its place: the units are then in that LPN,
 * where it stands, so moving the LPN to a bin later moves them with it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { applyMovement } from '../../../domain/rules/ledger.js';
import { checkSort, RECEIVING, unitsToSort } from '../../../domain/rules/sorting.js';
import { can } from '../../../domain/permissions.js';
import type { ItemSortResult } from '../../../domain/schemas/inbound.js';
import type { itemSortArgsSchema } from '../../../domain/schemas/inbound.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { batchItems, inboundBatches, inventoryLedger, lpns, users } from '../../db/schema/index.js';
import { businessRule, forbidden, needsPermission, notFound } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';
import { recordChanges } from '../../feed/changes.js';
import { inboundItemChange } from './batches.js';
import { itemProductKey } from '../../../domain/rules/product-key.js';
import type { MutationMeta } from '../../context.js';
import { postLedger } from '../inventory/ledger.js';
import { placedAt, resolvePlace } from '../inventory/places.js';
import { recordChargeEvents } from '../charges/events.js';
import { chargeEventsOfStock } from '../charges/stock-events.js';

type SortArgs = z.infer<typeof itemSortArgsSchema>;

export async function sortItem(
  tx: DbOrTx,
  ctx: RequestContext,
  args: SortArgs,
  meta: MutationMeta,
): Promise<ItemSortResult> {
  if (ctx.isClient || !can(ctx.abilities, 'create', 'receiveInventory'))
    throw forbidden(needsPermission('create', 'receiveInventory'));
  const [row] = await tx
    .select({ item: batchItems, batchName: inboundBatches.batchName })
    .from(batchItems)
    .innerJoin(inboundBatches, eq(inboundBatches.id, batchItems.batchId))
    .where(and(eq(batchItems.id, args.batchItemId), eq(batchItems.tenantId, ctx.tenantId)))
    .for('update', { of: batchItems });
  if (!row) throw notFound('Item');
  const { item } = row;
  const check = checkSort(item, args.quantity, args.location);
  if (!check.ok) throw businessRule(check.message);

  // The ledger is the authority on what waits in RECEIVING (good units of this item).
  const [{ onHand }] = await tx
    .select({ onHand: sql<number>`coalesce(sum(${inventoryLedger.quantity}), 0)::int` })
    .from(inventoryLedger)
    .where(
      and(
        eq(inventoryLedger.batchItemId, item.id),
        eq(inventoryLedger.location, RECEIVING),
        eq(inventoryLedger.condition, 'sellable'),
      ),
    );
  const out = applyMovement(Number(onHand), -args.quantity);
  if (!out.ok) throw businessRule(`${item.title}: ${out.message} in ${RECEIVING}`);

  // A tote scanned as the place: the units go into the LPN, at the location it stands at.
  const [lpn] = await tx
    .select({ id: lpns.id })
    .from(lpns)
    .where(and(eq(lpns.tenantId, ctx.tenantId), eq(lpns.code, check.location)));
  const into = lpn ? placedAt(await resolvePlace(tx, ctx, check.location)) : { location: check.location, lpn: '' };

  const base = {
    tenantId: ctx.tenantId,
    companyId: item.companyId,
    batchItemId: item.id,
    productKey: itemProductKey(item),
    title: item.title,
    condition: 'sellable',
    reason: 'sort',
    refType: 'item_sort',
    refId: args.id,
    userId: ctx.userId,
    deviceId: meta.deviceId,
    at: args.sortedAt,
  };
  const moved = [
    { ...base, location: RECEIVING, quantity: -args.quantity },
    { ...base, location: into.location, lpn: into.lpn, quantity: args.quantity },
  ];
  await postLedger(tx, moved);
  await recordChargeEvents(tx, chargeEventsOfStock(moved));
  const [updated] = await tx
    .update(batchItems)
    .set({ sortedQty: check.sortedQty, status: check.status, updatedAt: args.sortedAt })
    .where(eq(batchItems.id, item.id))
    .returning();
  await recordChanges(tx, ctx.tenantId, [inboundItemChange(updated, row.batchName)]);
  return {
    itemId: item.id,
    quantity: args.quantity,
    location: check.location,
    sortedQty: updated.sortedQty,
    remaining: unitsToSort(updated),
    status: updated.status,
  };
}

/** Sorted units: the "into a location" ledger rows of sorts, newest first (clients: their own). */
export async function listSorted(deps: Deps, ctx: RequestContext, q: { batchId?: number; limit?: number }) {
  const rows = await deps.db
    .select({
      at: inventoryLedger.at,
      quantity: inventoryLedger.quantity,
      location: inventoryLedger.location,
      /** The LPN the units went into ('' when loose at the location). */
      lpn: inventoryLedger.lpn,
      itemId: batchItems.id,
      title: batchItems.title,
      batchId: batchItems.batchId,
      itemAction: batchItems.itemAction,
      user: users.fullname,
      deviceId: inventoryLedger.deviceId,
    })
    .from(inventoryLedger)
    .innerJoin(batchItems, eq(batchItems.id, inventoryLedger.batchItemId))
    .leftJoin(users, eq(users.id, inventoryLedger.userId))
    .where(
      and(
        scoped(ctx, inventoryLedger.tenantId, inventoryLedger.companyId, !ctx.isClient),
        eq(inventoryLedger.reason, 'sort'),
        sql`${inventoryLedger.quantity} > 0`,
        q.batchId ? eq(batchItems.batchId, q.batchId) : undefined,
      ),
    )
    .orderBy(desc(inventoryLedger.at), desc(inventoryLedger.id))
    .limit(Math.min(q.limit ?? 200, 1000));
  return rows;
}
