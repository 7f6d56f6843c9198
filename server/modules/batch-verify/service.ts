/**
 * Batch verify (Tools, issue 20): every unit of a pick batch (what was picked into its totes) or
 * of an FBM order (what it still has to ship) scanned before it ships. The screen counts with the
 * domain's rule (domain/rules/fbm-pick.ts `judgeVerifyScan`); the server counts the same scans
 * again against its own lines and records who verified what, when, the result and the mismatches
 * in words, so the ship step can see it was verified. Pick batches are the warehouse's; a client
 * verifies (and sees) only its own orders.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { tallyVerifyScans, type VerifyCountLine } from '../../../domain/rules/fbm-pick.js';
import type {
  Verification,
  VerificationInput,
  VerifyLine,
  VerifySubject,
  VerifySubjectType,
} from '../../../domain/schemas/fbm-pick.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { selectRows } from '../../db/rows.js';
import { batchVerifications, marketplaceOrders, pickBatches, users } from '../../db/schema/index.js';
import { businessRule, notFound } from '../../http/errors.js';
import { productFacts } from '../fbm-pick/feed.js';

const BATCH_NUMBER = /^PB-\d+$/;

interface Found {
  type: VerifySubjectType;
  id: number;
  ref: string;
  companyId: number | null;
  status: string;
}

/** The pick batch or order a scanned or typed reference names, in the caller's scope. */
async function findSubject(db: DbOrTx, ctx: RequestContext, rawRef: string): Promise<Found> {
  const ref = rawRef.trim();
  if (BATCH_NUMBER.test(ref.toUpperCase())) {
    const [b] = await db
      .select()
      .from(pickBatches)
      .where(
        and(
          eq(pickBatches.tenantId, ctx.tenantId),
          eq(pickBatches.number, ref.toUpperCase()),
          ctx.isClient ? eq(pickBatches.companyId, ctx.companyId) : undefined,
        ),
      );
    if (!b) throw notFound(`Pick batch ${ref.toUpperCase()}`);
    return { type: 'pick_batch', id: b.id, ref: b.number, companyId: b.companyId, status: b.status };
  }
  const [o] = await db
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.tenantId, ctx.tenantId),
        sql`upper(${marketplaceOrders.marketplaceOrderId}) = ${ref.toUpperCase()}`,
        ctx.isClient ? eq(marketplaceOrders.companyId, ctx.companyId) : undefined,
      ),
    )
    .orderBy(desc(marketplaceOrders.id))
    .limit(1);
  if (!o) throw notFound(`No pick batch or order “${ref}”`);
  return { type: 'fbm_order', id: o.id, ref: o.marketplaceOrderId, companyId: o.companyId, status: o.status };
}

/** The same subject by its type and id (recording a verification). */
async function subjectById(db: DbOrTx, ctx: RequestContext, type: VerifySubjectType, id: number): Promise<Found> {
  if (type === 'pick_batch') {
    const [b] = await db
      .select()
      .from(pickBatches)
      .where(
        and(
          eq(pickBatches.tenantId, ctx.tenantId),
          eq(pickBatches.id, id),
          ctx.isClient ? eq(pickBatches.companyId, ctx.companyId) : undefined,
        ),
      );
    if (!b) throw notFound('Pick batch');
    return { type, id: b.id, ref: b.number, companyId: b.companyId, status: b.status };
  }
  const [o] = await db
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.tenantId, ctx.tenantId),
        eq(marketplaceOrders.id, id),
        ctx.isClient ? eq(marketplaceOrders.companyId, ctx.companyId) : undefined,
      ),
    );
  if (!o) throw notFound('Order');
  return { type, id: o.id, ref: o.marketplaceOrderId, companyId: o.companyId, status: o.status };
}

/** What should be there, per product: a batch's picked units; an order's units still to ship. */
async function linesOf(db: DbOrTx, ctx: RequestContext, s: Found): Promise<VerifyLine[]> {
  if (s.type === 'pick_batch') {
    const rows = await selectRows<{
      company_id: number;
      product_key: string;
      sku: string | null;
      title: string | null;
      picked: number;
      orders: string[];
    }>(
      db,
      sql`select bl.company_id, bl.product_key, min(ml.sku) as sku, min(ml.title) as title,
            sum(bl.picked)::int as picked, array_agg(distinct o.marketplace_order_id) as orders
          from pick_batch_lines bl join marketplace_orders o on o.id = bl.order_id
            join marketplace_order_lines ml on ml.id = bl.order_line_id
          where bl.batch_id = ${s.id} and bl.tenant_id = ${ctx.tenantId}
          group by bl.company_id, bl.product_key having sum(bl.picked) > 0
          order by min(bl.sequence)`,
    );
    if (!rows.length)
      throw businessRule(`Pick batch ${s.ref} has nothing picked yet: pick it first, then verify what is in the totes`);
    const facts = await productFacts(
      db,
      ctx.tenantId,
      rows.map((r) => ({ companyId: Number(r.company_id), productKey: r.product_key })),
    );
    return rows.map((r) => {
      const f = facts.get(`${r.company_id}|${r.product_key}`);
      return {
        key: `${r.company_id}|${r.product_key}`,
        companyId: Number(r.company_id),
        productKey: r.product_key,
        sku: r.sku,
        title: f?.title ?? r.title,
        imageUrl: f?.imageUrl ?? null,
        codes: [...new Set([...(f?.codes ?? []), ...(r.sku ? [r.sku.toUpperCase()] : [])])],
        expected: Number(r.picked),
        orders: r.orders,
      };
    });
  }
  const rows = await selectRows<{
    id: number;
    company_id: number;
    sku: string | null;
    asin: string | null;
    gtin: string | null;
    title: string | null;
    left: number;
    product_key: string | null;
  }>(
    db,
    sql`select ml.id, o.company_id, ml.sku, ml.asin, ml.gtin, ml.title,
          (ml.quantity_ordered - ml.quantity_shipped)::int as left,
          case when p.id is null then null else ${catalogueProductKeySql('p')} end as product_key
        from marketplace_order_lines ml join marketplace_orders o on o.id = ml.order_id
          left join products p on p.id = ml.product_id
        where ml.order_id = ${s.id} and o.tenant_id = ${ctx.tenantId}
          and ml.quantity_ordered > ml.quantity_shipped
        order by ml.id`,
  );
  if (!rows.length) throw businessRule(`Order ${s.ref} has nothing left to ship: nothing to verify`);
  const facts = await productFacts(
    db,
    ctx.tenantId,
    rows.filter((r) => r.product_key).map((r) => ({ companyId: Number(r.company_id), productKey: r.product_key! })),
  );
  return rows.map((r) => {
    const f = r.product_key ? facts.get(`${r.company_id}|${r.product_key}`) : undefined;
    const own = [r.sku, r.asin, r.gtin].filter((c): c is string => !!c).map((c) => c.toUpperCase());
    return {
      key: `line:${r.id}`,
      companyId: Number(r.company_id),
      productKey: r.product_key,
      sku: r.sku,
      title: f?.title ?? r.title,
      imageUrl: f?.imageUrl ?? null,
      codes: [...new Set([...(f?.codes ?? []), ...own])],
      expected: Number(r.left),
      orders: [s.ref],
    };
  });
}

const countLines = (lines: VerifyLine[]): VerifyCountLine[] =>
  lines.map((l) => ({ key: l.key, codes: l.codes, expected: l.expected, name: l.sku ?? l.productKey ?? l.key }));

async function verifications(db: DbOrTx, ctx: RequestContext, type: VerifySubjectType, id: number, limit = 20) {
  const rows = await db
    .select({ v: batchVerifications, userName: users.username })
    .from(batchVerifications)
    .leftJoin(users, eq(users.id, batchVerifications.userId))
    .where(
      and(
        eq(batchVerifications.tenantId, ctx.tenantId),
        eq(batchVerifications.subjectType, type),
        eq(batchVerifications.subjectId, id),
      ),
    )
    .orderBy(desc(batchVerifications.id))
    .limit(limit);
  return rows.map(({ v, userName }): Verification => ({
    id: v.id,
    type: v.subjectType as VerifySubjectType,
    subjectId: v.subjectId,
    ref: v.subjectRef,
    companyId: v.companyId,
    result: v.result as Verification['result'],
    expected: v.expected,
    scanned: v.scanned,
    lines: v.lines,
    mismatches: v.mismatches,
    userId: v.userId,
    userName: userName ?? null,
    verifiedAt: new Date(v.verifiedAt).toISOString(),
  }));
}

/** What to verify: the subject a reference names, its lines with their codes, its last verification. */
export async function lookupSubject(deps: Deps, ctx: RequestContext, ref: string): Promise<VerifySubject> {
  const found = await findSubject(deps.db, ctx, ref);
  const lines = await linesOf(deps.db, ctx, found);
  const [last] = await verifications(deps.db, ctx, found.type, found.id, 1);
  return {
    type: found.type,
    id: found.id,
    ref: found.ref,
    companyId: found.companyId,
    status: found.status,
    lines,
    expected: lines.reduce((n, l) => n + l.expected, 0),
    lastVerification: last ?? null,
  };
}

/** Records a verification: the scans counted again by the same rule against the server's lines. */
export async function recordVerification(
  deps: Deps,
  ctx: RequestContext,
  input: VerificationInput,
): Promise<Verification> {
  const found = await subjectById(deps.db, ctx, input.type, input.id);
  const lines = await linesOf(deps.db, ctx, found);
  const tally = tallyVerifyScans(countLines(lines), input.scans);
  const now = new Date().toISOString();
  const [row] = await deps.db
    .insert(batchVerifications)
    .values({
      tenantId: ctx.tenantId,
      companyId: found.companyId,
      subjectType: found.type,
      subjectId: found.id,
      subjectRef: found.ref,
      result: tally.verified ? 'verified' : 'mismatch',
      expected: lines.reduce((n, l) => n + l.expected, 0),
      scanned: tally.scanned,
      lines: lines.map((l) => ({ key: l.key, expected: l.expected, counted: tally.counts.get(l.key) ?? 0 })),
      mismatches: tally.mismatches,
      userId: ctx.userId,
      verifiedAt: now,
    })
    .returning({ id: batchVerifications.id });
  const [saved] = (await verifications(deps.db, ctx, found.type, found.id, 5)).filter((v) => v.id === row.id);
  return saved;
}

/** A subject's verifications, newest first (the ship step's "verified by … at …"). */
export async function listVerifications(deps: Deps, ctx: RequestContext, type: VerifySubjectType, id: number) {
  const found = await subjectById(deps.db, ctx, type, id);
  return verifications(deps.db, ctx, found.type, found.id, 50);
}
