/**
 * Inventory Snapshot (GET /api/inventory): on-hand per client, product, location, LPN and
 * condition. Now: from the balances (indexed, paged in the database). As of a past moment: the
 * ledger summed up to it, so the answer is what the floor held then, not a guess.
 */
import { likeContains, likePrefix } from '../../http/like.js';
import { sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../../../domain/paging.js';
import { pageOffset } from '../../../domain/paging.js';
import type { SnapshotLine, SnapshotQuery } from '../../../domain/schemas/inventory.js';
import type { Deps, RequestContext } from '../../context.js';
import { selectRows } from '../../db/rows.js';
import { RECEIVING, SORT_STATIONS } from '../../../domain/rules/sorting.js';
import { catalogueProductKeySql } from '../../db/product-key.js';

/**
 * The search: the line's key by prefix, its title anywhere, or any code of a catalogue product
 * (MSKU, FNSKU, ASIN, UPC, other codes, by prefix) or its catalogue title — so a product filed
 * under its FNSKU is found by its MSKU, and one whose lines carry no title yet by its title.
 */
function searchSql(ctx: RequestContext, companyId: number | undefined, alias: string, q: string): SQL {
  const a = sql.identifier(alias);
  const company = companyId ? sql` and p.company_id = ${companyId}` : sql``;
  const codeCompany = companyId ? sql` and pc.company_id = ${companyId}` : sql``;
  return sql`(${a}.product_key like ${likePrefix(q.toUpperCase())} or ${a}.title ilike ${likeContains(q)}
    or (${a}.company_id, ${a}.product_key) in (
      select p.company_id, ${catalogueProductKeySql('p')} from product_codes pc join products p on p.id = pc.product_id
      where pc.tenant_id = ${ctx.tenantId}${codeCompany} and pc.code like ${likePrefix(q.toUpperCase())}
      union
      select p.company_id, ${catalogueProductKeySql('p')} from products p
      where p.tenant_id = ${ctx.tenantId}${company} and p.title ilike ${likeContains(q)}))`;
}

/**
 * The catalogue's titles of a page's lines: the product filed under each key (its code, or
 * PRODUCT-<id>), whatever title the balance line last saw — a product imported from a listing has
 * its title before any stock moved.
 */
async function catalogueTitles(
  deps: Deps,
  ctx: RequestContext,
  lines: { company_id: number; product_key: string }[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (!lines.length) return titles;
  const wanted = JSON.stringify(lines.map((l) => ({ company_id: Number(l.company_id), product_key: l.product_key })));
  const found = await selectRows<{ company_id: number; product_key: string; title: string }>(
    deps.db,
    sql`select distinct on (v.company_id, v.product_key) v.company_id, v.product_key, p.title
        from jsonb_to_recordset(${wanted}::jsonb) as v(company_id int, product_key text)
        join products p on p.tenant_id = ${ctx.tenantId} and p.company_id = v.company_id
          and p.id in (
            select pc.product_id from product_codes pc
            where pc.tenant_id = ${ctx.tenantId} and pc.company_id = v.company_id and pc.code = upper(v.product_key)
            union all
            select substring(v.product_key from '^PRODUCT-([0-9]{1,9})$')::int)
          and ${catalogueProductKeySql('p')} = v.product_key
        order by v.company_id, v.product_key, p.id`,
  );
  for (const r of found) titles.set(`${Number(r.company_id)}|${r.product_key}`, r.title);
  return titles;
}

export async function snapshot(deps: Deps, ctx: RequestContext, page: PageRequest, q: SnapshotQuery) {
  // Clients see their own company only, whatever companyId they pass; the warehouse holds every
  // client's stock, so its users (floor staff too) see all of it.
  const companyId = ctx.isClient ? ctx.companyId : q.companyId;
  const filters: SQL[] = [sql`l.tenant_id = ${ctx.tenantId}`];
  if (companyId) filters.push(sql`l.company_id = ${companyId}`);
  if (q.location) filters.push(sql`l.location like ${likePrefix(q.location)}`);
  if (q.lpn) filters.push(sql`l.lpn = ${q.lpn}`);
  if (q.condition) filters.push(sql`l.condition = ${q.condition}`);
  if (q.itemAction) {
    const station = SORT_STATIONS[q.itemAction];
    const notStored = [RECEIVING, ...Object.values(SORT_STATIONS).filter((c): c is string => c !== null)];
    filters.push(station ? sql`l.location = ${station}` : sql`l.location not in ${notStored}`);
  }
  type Row = {
    company_id: number;
    name: string;
    account_no: string;
    product_key: string;
    title: string | null;
    location: string | null;
    lpn: string | null;
    condition: string;
    quantity: number;
    places?: number;
  };
  let rows: Row[];
  let totalElements: number;
  let totalUnits: number;
  const limit = sql`limit ${page.pageSize} offset ${pageOffset(page)}`;

  if (!q.asOf) {
    // Now: straight from the balances, in the order of a partial index (quantity > 0), so a page
    // reads its 50 lines and stops; the totals are one count over the same index.
    if (q.q) filters.push(searchSql(ctx, companyId, 'l', q.q));
    const current = sql.join([...filters, sql`l.quantity > 0`], sql` and `);
    // Per product without a place filter: the totals kept beside the balances (one index page).
    const fromTotals = q.groupBy === 'product' && !q.location && !q.lpn && !q.itemAction;
    const [pageRows, [totals]] = fromTotals
      ? await Promise.all([
          selectRows<Row>(
            deps.db,
            sql`select l.company_id, l.product_key, l.title, null::text as location, null::text as lpn, l.condition, l.quantity, l.places, c.name, c.account_no
                from inventory_product_totals l join companies c on c.id = l.company_id where ${current}
                order by l.product_key, l.company_id, l.condition ${limit}`,
          ),
          selectRows<{ n: number; u: number }>(
            deps.db,
            sql`select count(*)::int as n, coalesce(sum(l.quantity), 0)::int as u from inventory_product_totals l where ${current}`,
          ),
        ])
      : q.groupBy === 'product'
        ? await Promise.all([
            selectRows<Row>(
              deps.db,
              sql`select g.*, c.name, c.account_no from (
                    select l.company_id, l.product_key, max(l.title) as title, null::text as location, null::text as lpn, l.condition, sum(l.quantity)::int as quantity, count(*)::int as places
                    from inventory_balances l where ${current}
                    group by l.product_key, l.company_id, l.condition order by l.product_key, l.company_id, l.condition ${limit}) g
                  join companies c on c.id = g.company_id order by g.product_key, g.company_id, g.condition`,
            ),
            selectRows<{ n: number; u: number }>(
              deps.db,
              sql`select count(*)::int as n, coalesce(sum(t.q), 0)::int as u from (select sum(l.quantity) as q from inventory_balances l where ${current} group by l.product_key, l.company_id, l.condition) t`,
            ),
          ])
        : await Promise.all([
            selectRows<Row>(
              deps.db,
              sql`select l.company_id, l.product_key, l.title, l.location, nullif(l.lpn, '') as lpn, l.condition, l.quantity, c.name, c.account_no
                  from inventory_balances l join companies c on c.id = l.company_id where ${current}
                  order by l.location, l.lpn, l.product_key, l.company_id, l.condition ${limit}`,
            ),
            selectRows<{ n: number; u: number }>(
              deps.db,
              sql`select count(*)::int as n, coalesce(sum(l.quantity), 0)::int as u from inventory_balances l where ${current}`,
            ),
          ]);
    rows = pageRows;
    totalElements = totals.n;
    totalUnits = totals.u;
  } else {
    // As of a past moment: the ledger summed up to it.
    const where = sql.join(filters, sql` and `);
    const lines = sql`select l.tenant_id, l.company_id, l.product_key, l.location, l.lpn, l.condition, sum(l.quantity)::int as quantity,
            (select b.title from inventory_balances b where b.tenant_id = l.tenant_id and b.company_id = l.company_id and b.product_key = l.product_key and b.title is not null limit 1) as title
          from inventory_ledger l where ${where} and l.at <= ${q.asOf}::timestamptz
          group by l.tenant_id, l.company_id, l.product_key, l.location, l.lpn, l.condition having sum(l.quantity) > 0`;
    const search = q.q ? sql`where ${searchSql(ctx, companyId, 'x', q.q)}` : sql``;
    const grouped =
      q.groupBy === 'product'
        ? sql`select x.company_id, x.product_key, max(x.title) as title, null::text as location, null::text as lpn, x.condition, sum(x.quantity)::int as quantity, count(*)::int as places
              from (${lines}) x ${search} group by x.company_id, x.product_key, x.condition`
        : sql`select x.company_id, x.product_key, x.title, x.location, nullif(x.lpn, '') as lpn, x.condition, x.quantity from (${lines}) x ${search}`;
    const order =
      q.groupBy === 'product'
        ? sql`g.product_key, g.company_id, g.condition`
        : sql`g.location, g.lpn nulls first, g.product_key, g.company_id, g.condition`;
    const found = await selectRows<Row & { total_rows: number; total_units: number }>(
      deps.db,
      sql`with g as (${grouped})
          select g.*, c.name, c.account_no, count(*) over ()::int as total_rows, sum(g.quantity) over ()::int as total_units
          from g join companies c on c.id = g.company_id order by ${order} ${limit}`,
    );
    rows = found;
    totalElements = found[0]?.total_rows ?? 0;
    totalUnits = found[0]?.total_units ?? 0;
    if (found.length === 0 && page.pageNumber > 1) {
      // Past the last page: the totals still describe the whole result.
      const [t] = await selectRows<{ n: number; u: number }>(
        deps.db,
        sql`with g as (${grouped}) select count(*)::int as n, coalesce(sum(quantity), 0)::int as u from g`,
      );
      totalElements = t.n;
      totalUnits = t.u;
    }
  }
  const titles = await catalogueTitles(deps, ctx, rows);
  const content: SnapshotLine[] = rows.map((r) => ({
    companyId: Number(r.company_id),
    companyName: r.name,
    accountNo: r.account_no,
    productKey: r.product_key,
    title: titles.get(`${Number(r.company_id)}|${r.product_key}`) ?? r.title,
    location: r.location,
    lpn: r.lpn,
    condition: r.condition,
    quantity: Number(r.quantity),
    ...(r.places !== undefined ? { places: Number(r.places) } : {}),
  }));
  return {
    content,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(totalElements),
    totalUnits: Number(totalUnits),
    asOf: q.asOf ?? null,
  };
}
