/**
 * Units a plan holds (decision 0010): a line reserves its quantity at the FBA prep station in the
 * transaction that saves the line. Reservations are not ledger movements — the units have not
 * moved — so "available" is on hand at PREP-FBA minus what is held, one query over the balances
 * and the held reservations (indexed by client and product key).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pageOffset, type Page, type PageRequest } from '../../../domain/paging.js';
import { SORT_STATIONS } from '../../../domain/rules/sorting.js';
import type { AvailabilityRow } from '../../../domain/schemas/fba.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { selectRows } from '../../db/rows.js';
import { itemReservations, inventoryBalances, products } from '../../db/schema/index.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { likeContains } from '../../http/like.js';

/** Where units wait for FBA prep: the only place a plan takes units from. */
export const FBA_STATION = SORT_STATIONS.fba_prep!;

/** Where units wait for WFS prep: a WFS plan takes units from here only. */
export const WFS_STATION = SORT_STATIONS.wfs_prep!;

/**
 * Sellable units at the station and units held there, per product key of one client (only keys
 * given, if any). Each channel plans its own station's units: an FBA plan never takes a unit held
 * for WFS, nor the other way round.
 */
function stockSql(tenantId: number, companyId: number, station: string, keys?: string[]): { onHand: SQL; held: SQL } {
  const only = (col: SQL) =>
    keys?.length
      ? sql` and ${col} in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql``;
  return {
    onHand: sql`select product_key, sum(quantity)::int as on_hand from ${inventoryBalances}
      where tenant_id = ${tenantId} and company_id = ${companyId} and location = ${station}
        and condition = 'sellable' and quantity > 0${only(sql`product_key`)}
      group by product_key`,
    held: sql`select product_key, sum(quantity)::int as held from ${itemReservations}
      where tenant_id = ${tenantId} and company_id = ${companyId} and station = ${station} and state = 'held'${only(sql`product_key`)}
      group by product_key`,
  };
}

export interface Stock {
  onHand: number;
  held: number;
}

/** On hand and held for the given keys of one client (keys without either answer zeros). */
export async function stockOf(
  tx: DbOrTx,
  tenantId: number,
  companyId: number,
  keys: string[],
  station: string = FBA_STATION,
): Promise<Map<string, Stock>> {
  const found = new Map<string, Stock>(keys.map((k) => [k, { onHand: 0, held: 0 }]));
  if (!keys.length) return found;
  const { onHand, held } = stockSql(tenantId, companyId, station, keys);
  const rows = await selectRows<{ product_key: string; on_hand: number | null; held: number | null }>(
    tx,
    sql`select coalesce(o.product_key, h.product_key) as product_key, o.on_hand, h.held
        from (${onHand}) o full join (${held}) h on h.product_key = o.product_key`,
  );
  for (const r of rows) found.set(r.product_key, { onHand: Number(r.on_hand ?? 0), held: Number(r.held ?? 0) });
  return found;
}

/**
 * Serialises plans taking the same units: each transaction that holds units of a client's product
 * takes that key's advisory lock first (in key order, so two plans never wait on each other in a
 * circle), then reads what is free. The lock ends with the transaction.
 */
export async function lockKeys(tx: DbOrTx, tenantId: number, companyId: number, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fba:${tenantId}:${companyId}:${key}`}, 0))`);
}

/** The client's products with units at the station: on hand, held by plans, free to plan. */
export async function listAvailability(
  db: DbOrTx,
  tenantId: number,
  companyId: number,
  page: PageRequest,
  q?: string,
  productIds?: number[],
  station: string = FBA_STATION,
): Promise<Page<AvailabilityRow>> {
  const { onHand, held } = stockSql(tenantId, companyId, station);
  const conds: SQL[] = [];
  if (q)
    conds.push(
      sql`(p.title ilike ${likeContains(q)} or p.product_key ilike ${likeContains(q)} or p.msku ilike ${likeContains(q)} or p.asin ilike ${likeContains(q)})`,
    );
  if (productIds?.length)
    conds.push(
      sql`p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const search = conds.length ? sql` where ${sql.join(conds, sql` and `)}` : sql``;
  const base = sql`select p.id as product_id, p.title, p.product_key, p.msku, p.fnsku, p.asin,
      o.on_hand, coalesce(h.held, 0)::int as held, greatest(o.on_hand - coalesce(h.held, 0), 0)::int as available
    from (${onHand}) o
    join (select id, title, msku, fnsku, asin, ${catalogueProductKeySql('pr')} as product_key
          from ${products} pr where pr.tenant_id = ${tenantId} and pr.company_id = ${companyId}) p
      on p.product_key = o.product_key
    left join (${held}) h on h.product_key = o.product_key${search}`;
  type Row = {
    product_id: number;
    title: string;
    product_key: string;
    msku: string | null;
    fnsku: string | null;
    asin: string | null;
    on_hand: number;
    held: number;
    available: number;
  };
  const [rows, [{ total }]] = await Promise.all([
    selectRows<Row>(
      db,
      sql`select * from (${base}) a order by title, product_id limit ${page.pageSize} offset ${pageOffset(page)}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from (${base}) a`),
  ]);
  return {
    content: rows.map((r) => ({
      productId: Number(r.product_id),
      title: r.title,
      productKey: r.product_key,
      msku: r.msku,
      fnsku: r.fnsku,
      asin: r.asin,
      onHand: Number(r.on_hand),
      held: Number(r.held),
      available: Number(r.available),
    })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

/** What the caller's client (a client: itself; staff: the one named) may plan now. */
export async function availableFor(
  db: DbOrTx,
  ctx: RequestContext,
  page: PageRequest,
  q: { companyId?: number; q?: string; productIds?: number[] },
  station: string = FBA_STATION,
): Promise<Page<AvailabilityRow>> {
  const company = await resolveClientCompany(db, ctx, q.companyId);
  return listAvailability(db, ctx.tenantId, company.id, page, q.q, q.productIds, station);
}

/** New lines hold their quantity. */
export async function hold(tx: DbOrTx, lines: (typeof itemReservations.$inferInsert)[]): Promise<void> {
  if (lines.length) await tx.insert(itemReservations).values(lines.map((l) => ({ ...l, state: 'held' })));
}

/** A changed line's held reservation now holds `quantity` of `productKey`. */
export async function rehold(
  tx: DbOrTx,
  planItemId: number,
  productKey: string,
  quantity: number,
  at: string,
): Promise<void> {
  await tx
    .update(itemReservations)
    .set({ productKey, quantity, updatedAt: at })
    .where(and(eq(itemReservations.planItemId, planItemId), eq(itemReservations.state, 'held')));
}

/** Gives back what the lines hold (a removed line, a cancelled plan). */
export async function release(tx: DbOrTx, planId: number, planItemIds: number[] | 'all', at: string): Promise<number> {
  if (planItemIds !== 'all' && !planItemIds.length) return 0;
  const released = await tx
    .update(itemReservations)
    .set({ state: 'released', updatedAt: at })
    .where(
      and(
        eq(itemReservations.planId, planId),
        eq(itemReservations.state, 'held'),
        planItemIds === 'all' ? undefined : inArray(itemReservations.planItemId, planItemIds),
      ),
    )
    .returning({ quantity: itemReservations.quantity });
  return released.reduce((n, r) => n + r.quantity, 0);
}
