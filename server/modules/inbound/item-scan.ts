/**
 * Package scan of items (issue 6): each scan adds units to the matching expected item of the
 * batch — a case barcode adds its pack size, a bulk count what was entered. Unknown codes and
 * damaged units become problems at once; over-receipt is flagged. Every unit is a ledger row.
 *
 * Scans are applied as a run (`scanItems`: a push brings dozens of scans of one batch): the
 * batch's matching items are read and locked once, counted in memory with the domain rule in
 * scan order, and written back with one statement each for the items, the ledger and the change
 * feed. `scanItem` (the REST call, and a lone scan) is a run of one, so both decide alike.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { countItemScan, itemMatches, readItemCode, type ScannedCode } from '../../../domain/rules/item-scan.js';
import { can } from '../../../domain/permissions.js';
import { itemProductKey } from '../../../domain/rules/product-key.js';
import type { itemScanArgsSchema, ITEM_SCAN_VERDICTS } from '../../../domain/schemas/inbound.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { batchItems, inboundBatches } from '../../db/schema/index.js';
import { postLedger, type LedgerInsert } from '../inventory/ledger.js';
import { badRequest, forbidden, needsPermission, notFound, type ApiError } from '../../http/errors.js';
import { insertProblem } from '../problems/service.js';
import { recordChargeEvents } from '../charges/events.js';
import { chargeEventsOfStock } from '../charges/stock-events.js';
import { recordChanges } from '../../feed/changes.js';
import { inboundItemChange } from './batches.js';
import type { MutationMeta } from '../../context.js';

type Verdict = (typeof ITEM_SCAN_VERDICTS)[number];
type ItemScanArgs = z.infer<typeof itemScanArgsSchema>;
type ItemRow = typeof batchItems.$inferSelect;

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
export type ItemScanOutcome = { ok: ItemScanResult } | { refused: ApiError };

export async function scanItem(
  tx: DbOrTx,
  ctx: RequestContext,
  args: ItemScanArgs,
  meta: MutationMeta,
): Promise<ItemScanResult> {
  const [outcome] = await scanItems(tx, ctx, [args], meta);
  if ('refused' in outcome) throw outcome.refused;
  return outcome.ok;
}

/** Scans of one purchase order, in scan order; one outcome per scan. */
export async function scanItems(
  tx: DbOrTx,
  ctx: RequestContext,
  list: ItemScanArgs[],
  meta: MutationMeta,
): Promise<ItemScanOutcome[]> {
  if (ctx.isClient || !can(ctx.abilities, 'create', 'receiveInventory'))
    throw forbidden(needsPermission('create', 'receiveInventory'));
  if (new Set(list.map((a) => a.batchId)).size !== 1) throw new Error('scanItems: one batch per call');
  const [batch] = await tx
    .select()
    .from(inboundBatches)
    .where(and(eq(inboundBatches.id, list[0].batchId), eq(inboundBatches.tenantId, ctx.tenantId)));
  if (!batch) return list.map(() => ({ refused: notFound('Batch') }));

  // 1. What each code names (a GS1 string: case GTIN-14, contained count; or a plain code), and
  //    the batch's items any of them names, locked so two devices count one after the other.
  const scanned: ScannedCode[] = list.map((a) => readItemCode(a.code));
  const codes = [...new Set(scanned.flatMap((s) => s.candidates))];
  const found = await tx
    .select()
    .from(batchItems)
    .where(
      and(
        eq(batchItems.batchId, batch.id),
        or(
          sql`upper(${batchItems.fnsku}) in ${codes}`,
          sql`upper(${batchItems.asin}) in ${codes}`,
          sql`upper(${batchItems.msku}) in ${codes}`,
          sql`upper(${batchItems.upc}) in ${codes}`,
        ),
      ),
    )
    .orderBy(batchItems.id)
    .for('update');

  // 2. Count in memory, scan by scan, exactly as one-by-one would.
  const state = new Map<number, ItemRow>(found.map((i) => [i.id, i]));
  const touched = new Map<number, string>(); // item id → scannedAt of its last scan
  const ledger: LedgerInsert[] = [];
  const results: (ItemScanOutcome | null)[] = [];
  const problems: { index: number; run: () => Promise<number> }[] = [];
  list.forEach((args, index) => {
    const item = found.find((i) => itemMatches(i, scanned[index]));
    if (!item) {
      // Nothing on this purchase order has the code: a problem the client will see, nothing counted.
      problems.push({
        index,
        run: () =>
          insertProblem(
            tx,
            ctx,
            {
              batchId: batch.id,
              type: 'item_mismatch',
              quantity: args.count ?? 1,
              damageType: 'none',
              code: args.code.trim(),
              notes: 'Scanned on the dock; not on the purchase order',
            },
            { sourceRef: args.id },
          ),
      });
      results.push({ ok: { verdict: 'unknown', units: 0 } });
      return;
    }
    const current = state.get(item.id)!;
    let counted;
    try {
      counted = countItemScan(current, { scanned: scanned[index], count: args.count, damaged: !!args.damaged });
    } catch (err) {
      results.push({ refused: badRequest(err instanceof Error ? err.message : String(err)) });
      return;
    }
    state.set(item.id, {
      ...current,
      receivedQty: counted.receivedQty,
      damagedQty: counted.damagedQty,
      status: counted.status,
    });
    touched.set(item.id, args.scannedAt);
    ledger.push({
      tenantId: ctx.tenantId,
      companyId: item.companyId,
      batchItemId: item.id,
      productKey: itemProductKey(item),
      title: item.title,
      location: 'RECEIVING',
      condition: args.damaged ? 'damaged' : 'sellable',
      quantity: counted.units,
      reason: 'receive',
      refType: 'item_scan',
      refId: args.id,
      userId: ctx.userId,
      deviceId: meta.deviceId,
      at: args.scannedAt,
    });
    const damaged = args.damaged;
    if (damaged)
      problems.push({
        index,
        run: () =>
          insertProblem(
            tx,
            ctx,
            {
              batchItemId: item.id,
              type: 'damaged',
              quantity: counted.units,
              damageType: damaged.damageType,
              notes: damaged.notes,
            },
            { sourceRef: args.id },
          ),
      });
    results.push({
      ok: {
        verdict: counted.verdict,
        itemId: item.id,
        title: item.title,
        units: counted.units,
        receivedQty: counted.receivedQty,
        damagedQty: counted.damagedQty,
        expectedQty: item.expectedQty,
        overReceived: counted.overReceived,
      },
    });
  });

  // 3. Write back: the items' final counts, the ledger rows, the devices' change feed.
  if (touched.size) {
    const rows = [...touched].map(([id, at]) => {
      const s = state.get(id)!;
      return { id, received: s.receivedQty, damaged: s.damagedQty, status: s.status, at };
    });
    await tx
      .update(batchItems)
      .set({ receivedQty: sql`v.received`, damagedQty: sql`v.damaged`, status: sql`v.status`, updatedAt: sql`v.at` })
      .from(
        sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, received int, damaged int, status text, at timestamptz)`,
      )
      .where(and(eq(batchItems.id, sql`v.id`), inArray(batchItems.id, [...touched.keys()])));
    await postLedger(tx, ledger);
    await recordChargeEvents(tx, chargeEventsOfStock(ledger));
    await recordChanges(
      tx,
      ctx.tenantId,
      [...touched.keys()].map((id) => inboundItemChange(state.get(id)!, batch.batchName)),
    );
  }
  // Problems after the counts, as one-by-one would: a damaged problem refers to a counted item.
  for (const p of problems) {
    const id = await p.run();
    const r = results[p.index];
    if (r && 'ok' in r) r.ok.problemId = id;
  }
  return results as ItemScanOutcome[];
}
