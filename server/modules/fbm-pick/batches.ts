/**
 * Pick batches (issue 20 step 3; spec /pick/batch…, decision 0017): reserved orders become a pick
 * list — each held line's units allocated to the concrete places holding them (walking order
 * first, spread over several places when one is not enough), sorted by zone (the FBM_ROUTING
 * setting's order) and location. A pick moves the units from their place to the packing cart
 * (FBM-PACK) through the ledger and turns that much of the line's hold into consumed; a short pick
 * marks the line short and records a missing-item problem the way the floor does.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pageOffset, type PageRequest } from '../../../domain/paging.js';
import { allocate, parseRouting, routeComparator, type Place } from '../../../domain/rules/fbm-pick.js';
import {
  FBM_PACK_LOCATION,
  FBM_RESERVATION_STATION,
  type PickBatchCreate,
  type PickBatchDetail,
  type PickBatchLine,
  type PickBatchStatus,
  type PickInput,
  type ShortPickReason,
} from '../../../domain/schemas/fbm-pick.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { outer } from '../../db/outer.js';
import { selectRows } from '../../db/rows.js';
import {
  itemReservations,
  marketplaceOrderLines,
  marketplaceOrders,
  pickBatches,
  pickBatchLines,
  pickBatchPicks,
  settings,
} from '../../db/schema/index.js';
import { businessRule, forbidden, notFound, refusal } from '../../http/errors.js';
import { postLedger } from '../inventory/ledger.js';
import { resolveProductKey } from '../inventory/places.js';
import { insertProblem } from '../problems/service.js';
import { settleBatchStatus } from './reserve.js';
import { factKey, productFacts, publishBatch } from './feed.js';
import { lockProducts, pickableFrom } from './stock.js';

/** A short pick's reason, in the problem's notes. */
const SHORT_WORDS: Record<ShortPickReason, string> = {
  not_found: 'not found',
  damaged: 'damaged',
  wrong_item_in_bin: 'not in the bin (another item there)',
  other: 'not picked',
};

const OPEN: PickBatchStatus[] = ['open', 'picking'];

function warehouseOnly(ctx: RequestContext) {
  if (ctx.isClient) throw forbidden('Pick batches are made and picked by the warehouse');
}

/** The tenant's FBM_ROUTING zone order (any settings row of the key; the newest wins). */
async function routingOf(db: DbOrTx, tenantId: number): Promise<string[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.settingKey, 'FBM_ROUTING')))
    .orderBy(desc(settings.updatedAt), desc(settings.id))
    .limit(1);
  return parseRouting(row?.value);
}

interface HeldLine {
  reservation_id: number;
  company_id: number;
  order_id: number;
  purchased_at: string;
  order_line_id: number;
  product_key: string;
  quantity: number;
}

/** Held lines of the chosen orders that no open batch is picking yet, oldest order first. */
async function heldLines(tx: DbOrTx, ctx: RequestContext, input: PickBatchCreate): Promise<HeldLine[]> {
  const filters: SQL[] = [sql`o.tenant_id = ${ctx.tenantId}`];
  if (input.orderIds?.length)
    filters.push(
      sql`o.id in (${sql.join(
        input.orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (input.storeId) filters.push(sql`o.store_id = ${input.storeId}`);
  if (input.companyId) filters.push(sql`o.company_id = ${input.companyId}`);
  const rows = await selectRows<HeldLine>(
    tx,
    sql`select r.id as reservation_id, o.company_id, o.id as order_id, o.purchased_at, l.id as order_line_id,
          r.product_key, r.quantity
        from item_reservations r
        join marketplace_order_lines l on l.id = r.order_line_id
        join marketplace_orders o on o.id = l.order_id
        where r.state = 'held' and r.station = ${FBM_RESERVATION_STATION} and r.tenant_id = ${ctx.tenantId}
          and ${sql.join(filters, sql` and `)}
          and not exists (select 1 from pick_batch_lines bl join pick_batches pb on pb.id = bl.batch_id
                          where bl.order_line_id = l.id and pb.status in ('open', 'picking'))
        order by o.purchased_at, o.id, l.id`,
  );
  const orders = [...new Set(rows.map((r) => Number(r.order_id)))].slice(
    0,
    input.orderIds ? undefined : input.maxOrders,
  );
  const chosen = new Set(orders);
  return rows.filter((r) => chosen.has(Number(r.order_id)));
}

/** Places holding the client's product that FBM may pick from, less what open batches will take there. */
async function placesOf(
  tx: DbOrTx,
  tenantId: number,
  companyId: number,
  keys: string[],
): Promise<Map<string, Place[]>> {
  const rows = await selectRows<{
    product_key: string;
    location: string;
    lpn: string;
    zone: string | null;
    free: number;
  }>(
    tx,
    sql`with recursive places as (
          select b.product_key, b.location, b.lpn, l.id as location_id, sum(b.quantity)::int as on_hand
          from ${pickableFrom(tenantId, companyId, keys)}
          group by b.product_key, b.location, b.lpn, l.id
        ),
        up as (
          select p.location_id as start_id, w.id, w.parent_id, w.type, w.code, 0 as depth
            from (select distinct location_id from places) p join warehouse_locations w on w.id = p.location_id
          union all
          select up.start_id, w.id, w.parent_id, w.type, w.code, up.depth + 1
            from up join warehouse_locations w on w.id = up.parent_id where up.depth < 20
        ),
        zones as (
          select distinct on (start_id) start_id, code as zone from up where type = 'zone' order by start_id, depth
        )
        select p.product_key, p.location, p.lpn, z.zone,
          (p.on_hand - coalesce((select sum(bl.quantity - bl.picked - bl.short) from pick_batch_lines bl
              join pick_batches pb on pb.id = bl.batch_id
              where bl.tenant_id = ${tenantId} and bl.company_id = ${companyId} and bl.product_key = p.product_key
                and bl.location = p.location and bl.lpn = p.lpn and pb.status in ('open', 'picking')
                and bl.picked + bl.short < bl.quantity), 0))::int as free
        from places p left join zones z on z.start_id = p.location_id`,
  );
  const found = new Map<string, Place[]>();
  for (const r of rows) {
    if (Number(r.free) <= 0) continue;
    const list = found.get(r.product_key) ?? [];
    list.push({ location: r.location, lpn: r.lpn, zone: r.zone, free: Number(r.free) });
    found.set(r.product_key, list);
  }
  return found;
}

export async function createBatch(deps: Deps, ctx: RequestContext, input: PickBatchCreate) {
  warehouseOnly(ctx);
  const result = await deps.db.transaction(async (tx) => {
    if (input.orderIds?.length) {
      const found = await tx
        .select({ id: marketplaceOrders.id })
        .from(marketplaceOrders)
        .where(and(eq(marketplaceOrders.tenantId, ctx.tenantId), inArray(marketplaceOrders.id, input.orderIds)));
      const missing = input.orderIds.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw notFound(`Order ${missing.join(', ')}`);
    }
    const first = await heldLines(tx, ctx, input);
    const byCompany = new Map<number, string[]>();
    for (const l of first)
      byCompany.set(Number(l.company_id), [...(byCompany.get(Number(l.company_id)) ?? []), l.product_key]);
    await lockProducts(tx, ctx.tenantId, byCompany);
    // Read again under the locks: a batch made meanwhile has taken its lines (they are on an open
    // batch now), so two batches made at once never pick the same line.
    const locked = new Set(first.map((l) => `${l.company_id}|${l.product_key}`));
    const lines = (await heldLines(tx, ctx, input)).filter((l) => locked.has(`${l.company_id}|${l.product_key}`));
    if (input.orderIds?.length) {
      const without = input.orderIds.filter((id) => !lines.some((l) => Number(l.order_id) === id));
      if (without.length) throw businessRule(refusal('refusals.pick.orderUnreserved', { orders: without.join(', ') }));
    }
    if (!lines.length) throw businessRule(refusal('refusals.pick.noneReserved'));
    const routing = await routingOf(tx, ctx.tenantId);
    const order = routeComparator(routing);
    const places = new Map<string, Place[]>();
    for (const [companyId, keys] of byCompany) {
      const found = await placesOf(tx, ctx.tenantId, companyId, [...new Set(keys)]);
      for (const [key, list] of found) places.set(`${companyId}|${key}`, list.sort(order));
    }
    const picks: (Omit<typeof pickBatchLines.$inferInsert, 'batchId' | 'sequence' | 'zone' | 'lpn'> & {
      zone: string | null;
      lpn: string;
      purchasedAt: string;
    })[] = [];
    const unallocated: { orderLineId: number; productKey: string; quantity: number }[] = [];
    for (const l of lines) {
      const { picks: got, short } = allocate(Number(l.quantity), places.get(`${l.company_id}|${l.product_key}`) ?? []);
      for (const p of got)
        picks.push({
          tenantId: ctx.tenantId,
          companyId: Number(l.company_id),
          orderId: Number(l.order_id),
          orderLineId: Number(l.order_line_id),
          productKey: l.product_key,
          location: p.location,
          lpn: p.lpn,
          zone: p.zone,
          quantity: p.quantity,
          purchasedAt: l.purchased_at,
        });
      if (short > 0)
        unallocated.push({ orderLineId: Number(l.order_line_id), productKey: l.product_key, quantity: short });
    }
    if (!picks.length) throw businessRule(refusal('refusals.pick.noPickableLocation'));
    picks.sort((a, b) => order(a, b) || a.orderId - b.orderId || a.orderLineId - b.orderLineId);
    const companies = new Set(picks.map((p) => p.companyId));
    const now = new Date().toISOString();
    const [batch] = await tx
      .insert(pickBatches)
      .values({
        tenantId: ctx.tenantId,
        companyId: companies.size === 1 ? [...companies][0] : null,
        number: `PB-pending-${randomUUID()}`,
        status: 'open',
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pickBatches.id });
    await tx
      .update(pickBatches)
      .set({ number: `PB-${String(batch.id).padStart(6, '0')}` })
      .where(eq(pickBatches.id, batch.id));
    await tx.insert(pickBatchLines).values(
      picks.map(({ purchasedAt: _p, ...p }, i) => ({
        ...p,
        batchId: batch.id,
        sequence: i + 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await publishBatch(tx, ctx.tenantId, batch.id, { lines: 'all' });
    return { id: batch.id, unallocated };
  });
  return { ...(await getBatch(deps.db, ctx, result.id)), unallocated: result.unallocated };
}

const batchIdOuter = outer(pickBatches.id);

const batchColumns = {
  id: pickBatches.id,
  number: pickBatches.number,
  companyId: pickBatches.companyId,
  status: pickBatches.status,
  createdBy: pickBatches.createdBy,
  createdAt: pickBatches.createdAt,
  orders: sql<number>`(select count(distinct bl.order_id)::int from pick_batch_lines bl where bl.batch_id = ${batchIdOuter})`,
  units: sql<number>`(select coalesce(sum(bl.quantity), 0)::int from pick_batch_lines bl where bl.batch_id = ${batchIdOuter})`,
  picked: sql<number>`(select coalesce(sum(bl.picked), 0)::int from pick_batch_lines bl where bl.batch_id = ${batchIdOuter})`,
  short: sql<number>`(select coalesce(sum(bl.short), 0)::int from pick_batch_lines bl where bl.batch_id = ${batchIdOuter})`,
};

/** Staff see the tenant's batches; a client only those of its own orders alone. */
const batchScope = (ctx: RequestContext): SQL =>
  and(
    eq(pickBatches.tenantId, ctx.tenantId),
    ctx.isClient ? eq(pickBatches.companyId, ctx.companyId) : undefined,
  ) as SQL;

const toBatch = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  number: String(r.number),
  companyId: r.companyId === null ? null : Number(r.companyId),
  status: r.status as PickBatchStatus,
  createdBy: r.createdBy === null ? null : Number(r.createdBy),
  createdAt: new Date(String(r.createdAt)).toISOString(),
  orders: Number(r.orders),
  units: Number(r.units),
  picked: Number(r.picked),
  short: Number(r.short),
});

export async function listBatches(db: DbOrTx, ctx: RequestContext, page: PageRequest, status?: PickBatchStatus) {
  const where = and(batchScope(ctx), status ? eq(pickBatches.status, status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(batchColumns)
      .from(pickBatches)
      .where(where)
      .orderBy(desc(pickBatches.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(pickBatches)
      .where(where),
  ]);
  return {
    content: rows.map(toBatch),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

export async function getBatch(db: DbOrTx, ctx: RequestContext, id: number): Promise<PickBatchDetail> {
  const [row] = await db
    .select(batchColumns)
    .from(pickBatches)
    .where(and(batchScope(ctx), eq(pickBatches.id, id)));
  if (!row) throw notFound('Pick batch');
  const lines = await db
    .select({
      id: pickBatchLines.id,
      sequence: pickBatchLines.sequence,
      zone: pickBatchLines.zone,
      location: pickBatchLines.location,
      lpn: pickBatchLines.lpn,
      companyId: pickBatchLines.companyId,
      orderId: pickBatchLines.orderId,
      marketplaceOrderId: marketplaceOrders.marketplaceOrderId,
      orderLineId: pickBatchLines.orderLineId,
      productKey: pickBatchLines.productKey,
      sku: marketplaceOrderLines.sku,
      title: marketplaceOrderLines.title,
      quantity: pickBatchLines.quantity,
      picked: pickBatchLines.picked,
      short: pickBatchLines.short,
    })
    .from(pickBatchLines)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, pickBatchLines.orderId))
    .innerJoin(marketplaceOrderLines, eq(marketplaceOrderLines.id, pickBatchLines.orderLineId))
    .where(and(eq(pickBatchLines.batchId, id), ctx.isClient ? eq(pickBatchLines.companyId, ctx.companyId) : undefined))
    .orderBy(asc(pickBatchLines.sequence));
  // The catalogue's title, as the handheld shows it (the marketplace's only when the catalogue has none).
  const facts = await productFacts(db, ctx.tenantId, lines);
  const titled = lines.map((l) => ({ ...l, title: facts.get(factKey(l.companyId, l.productKey))?.title ?? l.title }));
  return { ...toBatch(row), lines: titled as PickBatchLine[], unallocated: [] };
}

/** The batch, open for picking, in the caller's tenant (locked for the pick). */
async function openBatch(tx: DbOrTx, ctx: RequestContext, id: number, lock = true) {
  const query = tx
    .select()
    .from(pickBatches)
    .where(and(eq(pickBatches.tenantId, ctx.tenantId), eq(pickBatches.id, id)));
  const [batch] = lock ? await query.for('update') : await query;
  if (!batch) throw notFound('Pick batch');
  if (!OPEN.includes(batch.status as PickBatchStatus))
    throw businessRule(
      refusal('refusals.pick.batchDone', { number: batch.number, status: { t: `fbmPick.status.${batch.status}` } }),
    );
  return batch;
}

type LineRow = typeof pickBatchLines.$inferSelect;
const remainingOf = (l: LineRow) => l.quantity - l.picked - l.short;

/** Which line the pick is for: named, or found by location and scanned item; a wrong item is refused. */
async function lineForPick(tx: DbOrTx, ctx: RequestContext, batchId: number, number: string, input: PickInput) {
  if (input.batchLineId) {
    const [line] = await tx
      .select()
      .from(pickBatchLines)
      .where(and(eq(pickBatchLines.batchId, batchId), eq(pickBatchLines.id, input.batchLineId)));
    if (!line) throw notFound('Pick batch line');
    if (input.location && input.location !== line.location)
      throw businessRule(refusal('refusals.pick.wrongLocation', { location: line.location, scanned: input.location }));
    if (input.productCode) {
      const key = await resolveProductKey(tx, ctx, line.companyId, input.productCode);
      if (key !== line.productKey)
        throw businessRule(
          refusal('refusals.pick.wrongItem', {
            code: input.productCode,
            item: line.productKey,
            location: line.location,
          }),
        );
    }
    return line;
  }
  const here = await tx
    .select()
    .from(pickBatchLines)
    .where(
      and(
        eq(pickBatchLines.batchId, batchId),
        eq(pickBatchLines.location, input.location!),
        sql`${pickBatchLines.picked} + ${pickBatchLines.short} < ${pickBatchLines.quantity}`,
      ),
    )
    .orderBy(asc(pickBatchLines.sequence));
  if (!here.length) throw businessRule(refusal('refusals.pick.nothingLeftHere', { location: input.location!, number }));
  const keyByCompany = new Map<number, string>();
  for (const l of here) {
    if (!keyByCompany.has(l.companyId))
      keyByCompany.set(l.companyId, await resolveProductKey(tx, ctx, l.companyId, input.productCode!));
    if (keyByCompany.get(l.companyId) === l.productKey) return l;
  }
  throw businessRule(
    refusal('refusals.pick.wrongItemHere', {
      code: input.productCode!,
      location: input.location!,
      number,
      items: [...new Set(here.map((l) => l.productKey))].join(' / '),
    }),
  );
}

export interface PickMeta {
  deviceId?: string | null;
  /** When the picker picked (the device's clock); now when not said. */
  at?: string;
}

export interface PickOutcome {
  pickId: string | null;
  batchId: number;
  lineId: number;
  picked: number;
  short: number;
  problemId: number | null;
  batchStatus: PickBatchStatus;
}

/** A pick already recorded under this id (a replay): what it did, as it stands now. */
async function recordedPick(tx: DbOrTx, ctx: RequestContext, pickId: string): Promise<PickOutcome | null> {
  const [row] = await tx
    .select({ pick: pickBatchPicks, line: pickBatchLines, status: pickBatches.status })
    .from(pickBatchPicks)
    .innerJoin(pickBatchLines, eq(pickBatchLines.id, pickBatchPicks.batchLineId))
    .innerJoin(pickBatches, eq(pickBatches.id, pickBatchPicks.batchId))
    .where(and(eq(pickBatchPicks.tenantId, ctx.tenantId), eq(pickBatchPicks.id, pickId)));
  if (!row) return null;
  return {
    pickId,
    batchId: row.pick.batchId,
    lineId: row.line.id,
    picked: row.line.picked,
    short: row.line.short,
    problemId: row.pick.problemId,
    batchStatus: row.status as PickBatchStatus,
  };
}

/**
 * Records a pick (and a short) in the caller's transaction: units move to FBM-PACK, the hold is
 * consumed, a short becomes a problem. The REST route and the floor's outbox mutation both call it;
 * a pick whose id is recorded already answers what it did and changes nothing.
 */
export async function pickInTx(
  tx: DbOrTx,
  ctx: RequestContext,
  batchId: number,
  input: PickInput,
  meta: PickMeta = {},
): Promise<PickOutcome> {
  warehouseOnly(ctx);
  if (input.pickId) {
    const before = await recordedPick(tx, ctx, input.pickId);
    if (before) return before;
  }
  // Which line, read without row locks; then the product's lock (taken first by every FBM write,
  // so nobody waits in a circle); then the batch and the line locked and read again.
  const peek = await openBatch(tx, ctx, batchId, false);
  const named = await lineForPick(tx, ctx, peek.id, peek.number, input);
  await lockProducts(tx, ctx.tenantId, new Map([[named.companyId, [named.productKey]]]));
  // The same pick sent twice at once (two tabs): the second waited for the lock and finds it done.
  // (Should both still pass, the pick id's primary key refuses the second: the device retries.)
  if (input.pickId) {
    const meanwhile = await recordedPick(tx, ctx, input.pickId);
    if (meanwhile) return meanwhile;
  }
  const batch = await openBatch(tx, ctx, batchId);
  const [line] = await tx.select().from(pickBatchLines).where(eq(pickBatchLines.id, named.id)).for('update');
  if (!line) throw businessRule(refusal('refusals.pick.released'));
  const remaining = remainingOf(line);
  if (remaining <= 0)
    throw businessRule(refusal('refusals.pick.done', { item: line.productKey, location: line.location }));
  if (input.quantity > remaining)
    throw businessRule(
      refusal('refusals.pick.tooMany', {
        remaining,
        item: line.productKey,
        location: line.location,
        quantity: input.quantity,
      }),
    );
  const now = new Date().toISOString();
  const pickedAt = meta.at ?? now;
  if (input.quantity > 0) {
    const [held] = await tx
      .select()
      .from(itemReservations)
      .where(and(eq(itemReservations.orderLineId, line.orderLineId), eq(itemReservations.state, 'held')))
      .for('update');
    if (!held || held.quantity < input.quantity)
      throw businessRule(refusal('refusals.pick.noLongerHeld', { quantity: input.quantity, item: line.productKey }));
    if (held.quantity === input.quantity)
      await tx
        .update(itemReservations)
        .set({ state: 'consumed', updatedAt: now })
        .where(eq(itemReservations.id, held.id));
    else {
      await tx
        .update(itemReservations)
        .set({ quantity: held.quantity - input.quantity, updatedAt: now })
        .where(eq(itemReservations.id, held.id));
      await tx.insert(itemReservations).values({
        tenantId: held.tenantId,
        companyId: held.companyId,
        productKey: held.productKey,
        quantity: input.quantity,
        orderLineId: held.orderLineId,
        station: FBM_RESERVATION_STATION,
        state: 'consumed',
        createdAt: now,
        updatedAt: now,
      });
    }
    const base = {
      tenantId: ctx.tenantId,
      companyId: line.companyId,
      productKey: line.productKey,
      condition: 'sellable',
      reason: 'fbm_pick',
      refType: 'pick_batch',
      refId: String(batch.id),
      userId: ctx.userId,
      deviceId: meta.deviceId ?? null,
      at: pickedAt,
    };
    await postLedger(tx, [
      { ...base, location: line.location, lpn: line.lpn, quantity: -input.quantity },
      { ...base, location: FBM_PACK_LOCATION, lpn: '', quantity: input.quantity },
    ]);
  }
  const short = input.short ? remaining - input.quantity : 0;
  await tx
    .update(pickBatchLines)
    .set({ picked: line.picked + input.quantity, short: line.short + short, updatedAt: now })
    .where(eq(pickBatchLines.id, line.id));
  let problemId: number | null = null;
  if (short > 0) {
    const [order] = await tx
      .select({ marketplaceOrderId: marketplaceOrders.marketplaceOrderId })
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.id, line.orderId));
    problemId = await insertProblem(
      tx,
      ctx,
      {
        companyId: line.companyId,
        type: 'missing_item',
        quantity: short,
        damageType: 'none',
        code: line.productKey,
        notes: `Short pick on ${batch.number}: ${short} of ${line.productKey} ${SHORT_WORDS[input.reason ?? 'not_found']} at ${line.location}${
          line.lpn ? ` (${line.lpn})` : ''
        } for order ${order?.marketplaceOrderId ?? line.orderId}`,
      },
      { sourceRef: `pick-line:${line.id}` },
    );
  }
  if (input.pickId)
    await tx.insert(pickBatchPicks).values({
      id: input.pickId,
      tenantId: ctx.tenantId,
      batchId: batch.id,
      batchLineId: line.id,
      quantity: input.quantity,
      short,
      reason: input.short ? (input.reason ?? 'not_found') : null,
      problemId,
      userId: ctx.userId,
      deviceId: meta.deviceId ?? null,
      pickedAt,
    });
  const batchStatus = (await settleBatchStatus(tx, batch.id, now)) as PickBatchStatus;
  await publishBatch(tx, ctx.tenantId, batch.id, { lines: [line.id] });
  return {
    pickId: input.pickId ?? null,
    batchId: batch.id,
    lineId: line.id,
    picked: line.picked + input.quantity,
    short: line.short + short,
    problemId,
    batchStatus,
  };
}

/** The REST pick: one transaction, answered with the batch as it stands. */
export async function recordPick(deps: Deps, ctx: RequestContext, batchId: number, input: PickInput) {
  warehouseOnly(ctx);
  const result = await deps.db.transaction((tx) => pickInTx(tx, ctx, batchId, input));
  const batch = await getBatch(deps.db, ctx, result.batchId);
  return {
    pickId: result.pickId,
    batch,
    line: batch.lines.find((l) => l.id === result.lineId)!,
    problemId: result.problemId,
  };
}

/** A batch not wanted any more: its unpicked places are free again for the next batch; the holds stay. */
export async function cancelBatch(deps: Deps, ctx: RequestContext, batchId: number) {
  warehouseOnly(ctx);
  await deps.db.transaction(async (tx) => {
    const batch = await openBatch(tx, ctx, batchId);
    await tx
      .update(pickBatches)
      .set({ status: 'cancelled', updatedAt: new Date().toISOString() })
      .where(eq(pickBatches.id, batch.id));
    await publishBatch(tx, ctx.tenantId, batch.id);
  });
  return getBatch(deps.db, ctx, batchId);
}
