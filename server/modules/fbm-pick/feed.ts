/**
 * What the picker's handheld replicates (issue 20 step 3, decision 0003): pick batches and their
 * lines, each line with every code that means its product and a picture, so a batch opened on the
 * floor is picked offline. Recorded in the change feed in the transaction that changed the rows:
 * a batch made (all of it), a pick (its line), a release (lines shrunk or gone), a status change.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PickBatchRow, PickLineRow } from '../../../domain/schemas/fbm-pick.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { selectRows } from '../../db/rows.js';
import { marketplaceOrderLines, marketplaceOrders, pickBatches, pickBatchLines } from '../../db/schema/index.js';
import { recordChanges, type Change } from '../../feed/changes.js';

export interface ProductFacts {
  codes: string[];
  title: string | null;
  imageUrl: string | null;
}
export const factKey = (companyId: number, productKey: string) => `${companyId}|${productKey}`;

/**
 * Per (client, product key): the product's codes (upper-cased, the key itself included), title and
 * first picture. A key no catalogue product has (a purchase-order item's) knows only itself.
 */
export async function productFacts(
  tx: DbOrTx,
  tenantId: number,
  pairs: { companyId: number; productKey: string }[],
): Promise<Map<string, ProductFacts>> {
  const found = new Map<string, ProductFacts>();
  for (const p of pairs)
    found.set(factKey(p.companyId, p.productKey), { codes: [p.productKey.toUpperCase()], title: null, imageUrl: null });
  if (!pairs.length) return found;
  const companies = [...new Set(pairs.map((p) => p.companyId))];
  const keys = [...new Set(pairs.map((p) => p.productKey))];
  const idKeys = keys.flatMap((k) => (/^PRODUCT-\d+$/.test(k) ? [Number(k.slice(8))] : []));
  const list = (values: (string | number)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const rows = await selectRows<{
    company_id: number;
    key: string;
    title: string | null;
    image: string | null;
    codes: string[] | null;
  }>(
    tx,
    sql`select p.company_id, ${catalogueProductKeySql('p')} as key, p.title, p.image_urls->>0 as image,
          array_remove(array_agg(upper(pc.code)), null) as codes
        from products p left join product_codes pc on pc.product_id = p.id
        where p.tenant_id = ${tenantId} and p.company_id in (${list(companies)})
          -- found through the codes' index first (a key is one of its product's codes, or PRODUCT-<id>),
          -- then checked: a pick publishes its line this way, so it must not read every product
          and (p.id in (select pc2.product_id from product_codes pc2 where pc2.tenant_id = ${tenantId}
                 and pc2.company_id in (${list(companies)}) and pc2.code in (${list(keys.map((k) => k.toUpperCase()))}))
               or p.id in (${list(idKeys.length ? idKeys : [-1])}))
          and ${catalogueProductKeySql('p')} in (${list(keys)})
        group by p.id`,
  );
  for (const r of rows) {
    const f = found.get(factKey(Number(r.company_id), r.key));
    if (!f) continue;
    f.codes = [...new Set([...f.codes, ...(r.codes ?? [])])];
    f.title = r.title;
    f.imageUrl = r.image;
  }
  return found;
}

export const pickBatchRow = (b: typeof pickBatches.$inferSelect): PickBatchRow => ({
  id: b.id,
  number: b.number,
  companyId: b.companyId,
  status: b.status as PickBatchRow['status'],
  createdAt: new Date(b.createdAt).toISOString(),
});

/** The lines of a batch (or some of them) as the handheld holds them. */
export async function pickLineRows(tx: DbOrTx, tenantId: number, batchId: number, lineIds?: number[]) {
  const where: SQL[] = [eq(pickBatchLines.tenantId, tenantId), eq(pickBatchLines.batchId, batchId)];
  if (lineIds) where.push(inArray(pickBatchLines.id, lineIds.length ? lineIds : [-1]));
  const lines = await tx
    .select({
      line: pickBatchLines,
      marketplaceOrderId: marketplaceOrders.marketplaceOrderId,
      sku: marketplaceOrderLines.sku,
      title: marketplaceOrderLines.title,
    })
    .from(pickBatchLines)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, pickBatchLines.orderId))
    .innerJoin(marketplaceOrderLines, eq(marketplaceOrderLines.id, pickBatchLines.orderLineId))
    .where(and(...where))
    .orderBy(asc(pickBatchLines.sequence));
  const facts = await productFacts(
    tx,
    tenantId,
    lines.map((l) => ({ companyId: l.line.companyId, productKey: l.line.productKey })),
  );
  return lines.map(({ line, marketplaceOrderId, sku, title }): PickLineRow => {
    const f = facts.get(factKey(line.companyId, line.productKey));
    return {
      id: line.id,
      batchId: line.batchId,
      sequence: line.sequence,
      zone: line.zone,
      location: line.location,
      lpn: line.lpn,
      companyId: line.companyId,
      orderId: line.orderId,
      marketplaceOrderId,
      productKey: line.productKey,
      sku,
      title: f?.title ?? title,
      imageUrl: f?.imageUrl ?? null,
      codes: [...new Set([...(f?.codes ?? [line.productKey.toUpperCase()]), ...(sku ? [sku.toUpperCase()] : [])])],
      quantity: line.quantity,
      picked: line.picked,
      short: line.short,
    };
  });
}

const lineChange = (l: PickLineRow): Change => ({
  table: 'pickLines',
  key: String(l.id),
  op: 'put',
  companyId: l.companyId,
  row: { ...l },
});

/**
 * Puts the batch row and `lines` ('all', or those ids) in the feed, and tombstones for `deleted`
 * line ids. A pick publishes its one line, not the batch's hundreds.
 */
export async function publishBatch(
  tx: DbOrTx,
  tenantId: number,
  batchId: number,
  opts: { lines?: 'all' | number[]; deleted?: number[] } = {},
): Promise<void> {
  const [batch] = await tx.select().from(pickBatches).where(eq(pickBatches.id, batchId));
  if (!batch) return;
  const lines =
    opts.lines === undefined
      ? []
      : await pickLineRows(tx, tenantId, batchId, opts.lines === 'all' ? undefined : opts.lines);
  await recordChanges(tx, tenantId, [
    {
      table: 'pickBatches',
      key: String(batch.id),
      op: 'put',
      companyId: batch.companyId,
      row: { ...pickBatchRow(batch) },
    },
    ...lines.map(lineChange),
    ...(opts.deleted ?? []).map((id): Change => ({
      table: 'pickLines',
      key: String(id),
      op: 'delete',
      companyId: batch.companyId,
      row: null,
    })),
  ]);
}
