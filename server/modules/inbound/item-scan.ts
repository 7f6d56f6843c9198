/**
 * Package scan of items (issue 6): each scan adds units to the matching expected item of the
 * batch — a case barcode adds its pack size, a bulk count what was entered. Unknown codes and
 * damaged units become problems at once; over-receipt is flagged. Every unit is a ledger row.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parseGs1, unitGtinOf } from '../../../domain/rules/gs1.js';
import { canTransition, type ItemStatus } from '../../../domain/rules/item-status.js';
import { unitsForScan } from '../../../domain/rules/ledger.js';
import { can } from '../../../domain/permissions.js';
import type { itemScanArgsSchema, ITEM_SCAN_VERDICTS } from '../../../domain/schemas/ship.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { batchItems, inboundBatches, inventoryLedger } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { insertProblem } from '../problems/service.js';
import type { MutationMeta } from './receiving.js';

type Verdict = (typeof ITEM_SCAN_VERDICTS)[number];

export interface ItemScanResult {
  verdict: Verdict;
  itemId?: number;
  title?: string;
  units: number;
  receivedQty?: number;
  damagedQty?: number;
  expectedQty?: number;
  overReceived?: number;
  problemId?: number;
}

/** The product key a ledger row is filed under: the most specific code the item has. */
export const productKeyOf = (i: { fnsku: string | null; msku: string | null; asin: string | null; upc: string | null; id: number }) =>
  i.fnsku ?? i.msku ?? i.asin ?? i.upc ?? `ITEM-${i.id}`;

export async function scanItem(tx: DbOrTx, ctx: RequestContext, args: z.infer<typeof itemScanArgsSchema>, meta: MutationMeta): Promise<ItemScanResult> {
  if (ctx.isClient || !can(ctx.abilities, 'create', 'receiveInventory')) throw forbidden('You need create permission on receiveInventory');
  const [batch] = await tx.select().from(inboundBatches).where(and(eq(inboundBatches.id, args.batchId), eq(inboundBatches.tenantId, ctx.tenantId)));
  if (!batch) throw notFound('Batch');

  // 1. What the code names: a GS1 string (case GTIN-14, contained count), or a plain code.
  const gs1 = parseGs1(args.code);
  const raw = args.code.trim().toUpperCase();
  let isCase = false;
  const candidates = new Set<string>([raw]);
  const gtin = gs1?.gtin ?? (/^\d{14}$/.test(raw) ? raw : undefined);
  if (gtin) {
    const unit = unitGtinOf(gtin);
    isCase = unit.isCase;
    candidates.add(unit.unit);
    candidates.add(gtin);
  }
  const codes = [...candidates];
  const [item] = await tx
    .select()
    .from(batchItems)
    .where(
      and(
        eq(batchItems.batchId, batch.id),
        or(
          sql`upper(${batchItems.fnsku}) in ${codes}`,
          sql`upper(${batchItems.asin}) in ${codes}`,
          sql`upper(${batchItems.msku}) in ${codes}`,
          sql`${batchItems.upc} in ${codes}`,
        ),
      ),
    )
    .orderBy(batchItems.id)
    .limit(1);

  // 2. Nothing on this batch has the code: a problem the client will see, nothing counted.
  if (!item) {
    const problemId = await insertProblem(tx, ctx, { batchId: batch.id, type: 'item_mismatch', quantity: args.count ?? 1, damageType: 'none', code: args.code.trim(), notes: 'Scanned on the dock; not on the purchase order' });
    return { verdict: 'unknown', units: 0, problemId };
  }

  // 3. Count the units into the item and the ledger.
  const units = unitsForScan({ isCase, packSize: item.packSize, count: args.count ?? (isCase ? gs1?.count : undefined) });
  const damaged = !!args.damaged;
  const receivedQty = item.receivedQty + (damaged ? 0 : units);
  const damagedQty = item.damagedQty + (damaged ? units : 0);
  const total = receivedQty + damagedQty;
  const target: ItemStatus = total >= item.expectedQty ? 'received' : 'partially_delivered';
  const status = item.status !== target && canTransition(item.status as ItemStatus, target) ? target : item.status;
  await tx.update(batchItems).set({ receivedQty, damagedQty, status, updatedAt: args.scannedAt }).where(eq(batchItems.id, item.id));
  await tx.insert(inventoryLedger).values({
    tenantId: ctx.tenantId,
    companyId: item.companyId,
    batchItemId: item.id,
    productKey: productKeyOf(item),
    location: 'RECEIVING',
    condition: damaged ? 'damaged' : 'sellable',
    quantity: units,
    reason: 'receive',
    refType: 'item_scan',
    refId: args.id,
    userId: ctx.userId,
    deviceId: meta.deviceId,
    at: args.scannedAt,
  });

  let problemId: number | undefined;
  if (args.damaged) {
    problemId = await insertProblem(tx, ctx, { batchItemId: item.id, type: 'damaged', quantity: units, damageType: args.damaged.damageType, notes: args.damaged.notes });
  }
  const overReceived = Math.max(0, total - item.expectedQty) - Math.max(0, item.receivedQty + item.damagedQty - item.expectedQty);
  const verdict: Verdict = damaged ? 'damaged' : overReceived > 0 ? 'over_received' : 'received';
  return { verdict, itemId: item.id, title: item.title, units, receivedQty, damagedQty, expectedQty: item.expectedQty, overReceived, problemId };
}
