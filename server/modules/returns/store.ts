/**
 * Expected returns and removal shipments stored as what the floor already receives: each becomes
 * an inbound batch (its tracking number an expected package the dock scan finds, its lines expected
 * items the item scan counts) plus the marketplace's words about it (return_orders and lines).
 * Idempotent by the return's key (Amazon RMA id; removal order id and tracking number): the same
 * return read again only refreshes Amazon's status, and learns a tracking number it lacked while
 * nothing of it has been received yet.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { returnBatchName, type ExpectedLine, type ExpectedReturn } from '../../../domain/rules/returns.js';
import { normaliseTrackingNumber } from '../../../domain/rules/tracking-number.js';
import type { ReturnSource } from '../../../domain/schemas/returns.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { batchItems, inboundBatches, products, trackingNumbers } from '../../db/schema/index.js';
import { returnOrderLines, returnOrders } from '../../db/schema/returns.js';
import { recordChanges } from '../../feed/changes.js';
import { expectedPackageChange, inboundItemChange } from '../inbound/batches.js';

export interface ReturnOwner {
  tenantId: number;
  companyId: number;
  storeId: number | null;
  storeName: string | null;
  /** Who uploaded it (null: the scheduled pull). */
  userId: number | null;
}

export interface StoredReturns {
  created: number;
  updated: number;
  unchanged: number;
}

type Product = typeof products.$inferSelect;

/** The client's catalogue products any line names, by each of their codes (upper-cased). */
async function productsByCode(tx: DbOrTx, owner: ReturnOwner, returns: ExpectedReturn[]) {
  const codes = [
    ...new Set(
      returns.flatMap((r) =>
        r.lines.flatMap((l) =>
          [l.fnsku, l.sku, l.asin, l.upc].filter((c): c is string => !!c).map((c) => c.toUpperCase()),
        ),
      ),
    ),
  ];
  const found = new Map<string, Product>();
  if (!codes.length) return found;
  const rows = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.tenantId, owner.tenantId),
        eq(products.companyId, owner.companyId),
        or(
          sql`upper(${products.fnsku}) in ${codes}`,
          sql`upper(${products.msku}) in ${codes}`,
          sql`upper(${products.asin}) in ${codes}`,
          sql`upper(${products.upc}) in ${codes}`,
        ),
      ),
    )
    .orderBy(products.id);
  for (const p of rows)
    for (const c of [p.fnsku, p.msku, p.asin, p.upc])
      if (c && !found.has(c.toUpperCase())) found.set(c.toUpperCase(), p);
  return found;
}

/**
 * The expected item of a line: the catalogue product's codes when the line names one (so a unit
 * received lands on the same ledger line as the client's stock of it, and its barcode scans), else
 * the line's own.
 */
function itemOf(line: ExpectedLine, byCode: Map<string, Product>) {
  const p = [line.fnsku, line.sku, line.asin, line.upc]
    .filter((c): c is string => !!c)
    .map((c) => byCode.get(c.toUpperCase()))
    .find(Boolean);
  return {
    title: (p?.title ?? line.title ?? line.sku ?? line.fnsku ?? line.asin ?? line.upc ?? 'Returned item').slice(0, 500),
    fnsku: p ? p.fnsku : line.fnsku,
    msku: p ? p.msku : line.sku,
    asin: p ? p.asin : line.asin,
    upc: p ? p.upc : line.upc,
  };
}

/** A batch name not yet used by the client (a second parcel of one removal order gets " (2)"). */
async function freeBatchName(tx: DbOrTx, owner: ReturnOwner, wanted: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ n: inboundBatches.batchName })
        .from(inboundBatches)
        .where(
          and(
            eq(inboundBatches.tenantId, owner.tenantId),
            eq(inboundBatches.companyId, owner.companyId),
            sql`${inboundBatches.batchName} like ${`${wanted.replace(/[%_\\]/g, '\\$&')}%`}`,
          ),
        )
    ).map((r) => r.n),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted} (${n})`)) return `${wanted} (${n})`;
}

export async function storeExpectedReturns(
  tx: DbOrTx,
  owner: ReturnOwner,
  source: ReturnSource,
  returns: ExpectedReturn[],
): Promise<StoredReturns> {
  const totals: StoredReturns = { created: 0, updated: 0, unchanged: 0 };
  if (!returns.length) return totals;
  const existing = new Map<string, typeof returnOrders.$inferSelect>();
  for (const kind of new Set(returns.map((r) => r.kind))) {
    const keys = returns.filter((r) => r.kind === kind).map((r) => r.externalKey);
    const rows = await tx
      .select()
      .from(returnOrders)
      .where(
        and(
          eq(returnOrders.tenantId, owner.tenantId),
          eq(returnOrders.companyId, owner.companyId),
          eq(returnOrders.kind, kind),
          inArray(returnOrders.externalKey, keys),
        ),
      );
    for (const r of rows) existing.set(`${kind}|${r.externalKey}`, r);
  }
  const fresh = returns.filter((r) => !existing.has(`${r.kind}|${r.externalKey}`));
  const byCode = await productsByCode(tx, owner, fresh);
  const now = new Date().toISOString();

  for (const r of returns) {
    const before = existing.get(`${r.kind}|${r.externalKey}`);
    if (before) {
      const learnsTracking = !before.trackingNumber && !!r.trackingNumber;
      if (before.marketplaceStatus === r.marketplaceStatus && !learnsTracking) {
        totals.unchanged++;
        continue;
      }
      await tx
        .update(returnOrders)
        .set({
          marketplaceStatus: r.marketplaceStatus,
          ...(learnsTracking ? { trackingNumber: r.trackingNumber, carrier: r.carrier ?? before.carrier } : {}),
          updatedAt: now,
        })
        .where(eq(returnOrders.id, before.id));
      if (learnsTracking) await addTracking(tx, owner, before.batchId, r.trackingNumber!);
      totals.updated++;
      continue;
    }
    const batchName = await freeBatchName(tx, owner, returnBatchName(r));
    const [batch] = await tx
      .insert(inboundBatches)
      .values({
        tenantId: owner.tenantId,
        companyId: owner.companyId,
        batchName,
        storeName: owner.storeName,
        createdBy: owner.userId,
      })
      .returning();
    if (r.trackingNumber) await addTracking(tx, owner, batch.id, r.trackingNumber);
    // FBM returns go back to the merchant-fulfilment shelf; removals come home to storage.
    const itemAction = r.kind === 'fbm_return' ? 'fbm' : 'storage';
    const items = await tx
      .insert(batchItems)
      .values(
        r.lines.map((l) => ({
          ...itemOf(l, byCode),
          tenantId: owner.tenantId,
          companyId: owner.companyId,
          batchId: batch.id,
          expectedQty: l.quantity,
          itemAction,
        })),
      )
      .returning();
    const [ret] = await tx
      .insert(returnOrders)
      .values({
        tenantId: owner.tenantId,
        companyId: owner.companyId,
        storeId: owner.storeId,
        kind: r.kind,
        source,
        externalKey: r.externalKey,
        orderId: r.orderId,
        rma: r.rma,
        trackingNumber: r.trackingNumber,
        carrier: r.carrier,
        marketplaceStatus: r.marketplaceStatus,
        reason: r.reason,
        requestedAt: r.requestedAt,
        shippedAt: r.shippedAt,
        batchId: batch.id,
        createdBy: owner.userId,
      })
      .returning();
    await tx.insert(returnOrderLines).values(
      r.lines.map((l, i) => ({
        tenantId: owner.tenantId,
        returnOrderId: ret.id,
        batchItemId: items[i].id,
        sku: l.sku,
        asin: l.asin,
        fnsku: l.fnsku,
        quantity: l.quantity,
        reason: l.reason,
        disposition: l.disposition,
      })),
    );
    await recordChanges(
      tx,
      owner.tenantId,
      items.map((i) => inboundItemChange(i, batch.batchName)),
    );
    await audit(
      tx,
      { tenantId: owner.tenantId, companyId: owner.companyId, userId: owner.userId },
      'return_order',
      ret.id,
      'create',
      null,
      {
        ...ret,
        lines: r.lines.length,
      },
    );
    totals.created++;
  }
  return totals;
}

async function addTracking(tx: DbOrTx, owner: ReturnOwner, batchId: number, raw: string) {
  const normalized = normaliseTrackingNumber(raw);
  const rows = await tx
    .insert(trackingNumbers)
    .values({ tenantId: owner.tenantId, companyId: owner.companyId, batchId, trackingNumber: raw.trim(), normalized })
    .onConflictDoNothing()
    .returning();
  await recordChanges(tx, owner.tenantId, rows.map(expectedPackageChange));
}
