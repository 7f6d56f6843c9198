/**
 * Inventory by type (domain/schemas/marketplace-inventory.ts): a client's stock as its marketplace
 * reports it, imported from the report file, listed beside the catalogue product each line names
 * and the sellable units this prep centre holds of it.
 */
import Papa from 'papaparse';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pageOffset, type PageRequest } from '../../../domain/paging.js';
import { readMarketplaceReport, type ReportReading } from '../../../domain/rules/marketplace-report.js';
import {
  TYPES_OF_MARKETPLACE,
  type InventoryType,
  type Marketplace,
  type MarketplaceImportQuery,
  type MarketplaceImportResult,
  type MarketplaceInventoryQuery,
  type MarketplaceLine,
  type MarketplacePage,
  type MarketplaceLineInput,
} from '../../../domain/schemas/marketplace-inventory.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { analyzeTables } from '../../db/statistics.js';
import { companies, marketplaceInventory, marketplaceReports } from '../../db/schema/index.js';
import { ApiError } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { selectRows } from '../../db/rows.js';

/** Row problems listed in the 400 answer; the rest are counted (a bad export can have thousands). */
const MAX_LISTED_PROBLEMS = 20;
/** 16 columns per line: 1,000 lines stay far below PostgreSQL's 65,535 parameters per statement. */
const INSERT_CHUNK = 1000;

// ---- Import ----

/** Parses the file (comma or tab separated, papaparse guesses) and reads it with the domain rule. */
export function parseMarketplaceReport(marketplace: Marketplace, text: string): ReportReading {
  const parsed = Papa.parse<Record<string, unknown>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const headers = parsed.meta.fields ?? [];
  // Only the header's columns: papaparse puts a row's surplus fields in an array (__parsed_extra).
  const records = parsed.data.map((rec) =>
    Object.fromEntries(headers.map((h) => [h, typeof rec[h] === 'string' ? rec[h] : undefined])),
  );
  const reading = readMarketplaceReport(marketplace, headers, records);
  // A row papaparse could not split cleanly (stray quote, too many or too few fields) would put
  // figures under the wrong columns: refuse it rather than guess. An undetectable delimiter only
  // means one column, which the domain rule already reports as missing columns.
  const parseErrors = parsed.errors.filter((e) => e.type !== 'Delimiter');
  if (parseErrors.length === 0 || reading.fileErrors.length) return reading;
  // One entry per row, the split error first (it explains the odd values that follow).
  const byRow = new Map<number, string[]>();
  const add = (row: number, errors: string[]) => byRow.set(row, [...(byRow.get(row) ?? []), ...errors]);
  for (const e of parseErrors) add((e.row ?? 0) + 1, [e.message]);
  for (const p of reading.problems) add(p.row, p.errors);
  const problems = [...byRow].sort(([a], [b]) => a - b).map(([row, errors]) => ({ row, errors }));
  return { ...reading, lines: [], problems };
}

/** The 400 messages of a report that cannot be imported: file errors, then the first row problems. */
function readingErrors(reading: ReportReading): string[] {
  const rows = reading.problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => `Row ${p.row}: ${p.errors.join('; ')}`);
  const more = reading.problems.length - MAX_LISTED_PROBLEMS;
  return [...reading.fileErrors, ...rows, ...(more > 0 ? [`…and ${more} more rows with problems`] : [])];
}

const countByType = (lines: MarketplaceLineInput[]): Partial<Record<InventoryType, number>> => {
  const counts: Partial<Record<InventoryType, number>> = {};
  for (const l of lines) counts[l.type] = (counts[l.type] ?? 0) + 1;
  return counts;
};

/** Catalogue codes are stored upper case; a line names a product by its FNSKU, SKU, GTIN or ASIN. */
const lineCodesSql = (m: string): SQL => {
  const t = sql.identifier(m);
  return sql`(${t}.fnsku, upper(${t}.sku), ${t}.gtin, ${t}.asin)`;
};

/**
 * Imports a report: all or nothing. The report is the marketplace's complete picture of the
 * client's channels, so it replaces the client's lines of every type the marketplace covers (a
 * SKU no longer in the report is gone) and leaves the other marketplaces' lines alone.
 */
export async function importMarketplaceReport(
  deps: Deps,
  ctx: RequestContext,
  query: MarketplaceImportQuery,
  fileName: string,
  text: string,
): Promise<MarketplaceImportResult> {
  const reading = parseMarketplaceReport(query.marketplace, text);
  if (reading.fileErrors.length || reading.problems.length) throw new ApiError(400, readingErrors(reading));
  const company = await resolveClientCompany(deps.db, ctx, query.companyId);
  return replaceMarketplaceLines(deps, ctx, {
    marketplace: query.marketplace,
    companyId: company.id,
    types: TYPES_OF_MARKETPLACE[query.marketplace],
    source: fileName,
    rows: reading.rows,
    lines: reading.lines,
    reportedAt: new Date(query.reportedAt ?? deps.now()).toISOString(),
  });
}

/**
 * The marketplace's complete picture of a client's channels (a report file, or its API's
 * inventory pulled by a store job) replaces the client's lines of those types: all or nothing, and
 * the other channels' lines untouched.
 */
export async function replaceMarketplaceLines(
  deps: Deps,
  /** Who replaces them: a user, or a job acting for the tenant (userId null). */
  actor: { tenantId: number; userId: number | null },
  input: {
    marketplace: MarketplaceImportResult['marketplace'];
    /** The client company, already resolved in the caller's scope. */
    companyId: number;
    types: readonly InventoryType[];
    /** The report's file name, or what the API pull was ("Amazon FBA Inventory API · store 3"). */
    source: string;
    rows: number;
    lines: MarketplaceLineInput[];
    reportedAt: string;
  },
): Promise<MarketplaceImportResult> {
  const { reportedAt } = input;
  const result = await deps.db.transaction(async (tx) => {
    const company = { id: input.companyId };
    // Two imports for one client at once would each delete, then collide on the SKUs: take turns.
    // (NO KEY UPDATE still lets other rows reference the company meanwhile.)
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('no key update');
    const [report] = await tx
      .insert(marketplaceReports)
      .values({
        tenantId: actor.tenantId,
        companyId: company.id,
        marketplace: input.marketplace,
        fileName: input.source,
        rows: input.rows,
        reportedAt,
        importedBy: actor.userId,
      })
      .returning();
    await tx
      .delete(marketplaceInventory)
      .where(
        and(
          eq(marketplaceInventory.tenantId, actor.tenantId),
          eq(marketplaceInventory.companyId, company.id),
          inArray(marketplaceInventory.type, [...input.types]),
        ),
      );
    const rows = input.lines.map((l) => ({
      ...l,
      tenantId: actor.tenantId,
      companyId: company.id,
      reportId: report.id,
      reportedAt,
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await tx.insert(marketplaceInventory).values(rows.slice(i, i + INSERT_CHUNK));
    const matched = await countMatched(tx, actor.tenantId, report.id);
    const lines = countByType(input.lines);
    await audit(tx, actor, 'marketplace_report', report.id, 'create', null, { ...report, lines, matched });
    return { marketplace: input.marketplace, companyId: company.id, reportedAt, rows: input.rows, lines, matched };
  });
  // Thousands of lines replaced at once: the planner should know before the first list.
  await analyzeTables(deps.db, ['marketplace_inventory']);
  return result;
}

/** Lines of a report that name a product of the client's catalogue. */
async function countMatched(tx: DbOrTx, tenantId: number, reportId: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from marketplace_inventory m
        where m.tenant_id = ${tenantId} and m.report_id = ${reportId}
          and exists (select 1 from product_codes pc where pc.tenant_id = m.tenant_id and pc.company_id = m.company_id and pc.code in ${lineCodesSql('m')})`,
  );
  return Number(row?.n ?? 0);
}

// ---- List ----

const isoSql = (col: SQL): SQL => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every word typed, somewhere in the line's codes (SKU, FNSKU, ASIN, item id, GTIN) or title: one trigram index. */
function searchFilter(q: string): SQL {
  const words = q
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => sql`m.search_text ilike ${likeContains(w)}`);
  return sql`(${sql.join(words, sql` and `)})`;
}

/** The stock filter, on the lines themselves (so a page is read before anything is joined to it). */
function stockFilter(ctx: RequestContext, stock: MarketplaceInventoryQuery['stock']): SQL | null {
  if (stock === 'in_stock') return sql`m.fulfillable > 0`;
  if (stock === 'out_of_stock') return sql`m.fulfillable = 0`;
  if (stock === 'not_in_catalogue')
    return sql`not exists (select 1 from product_codes pc where pc.tenant_id = ${ctx.tenantId} and pc.company_id = m.company_id and pc.code in ${lineCodesSql('m')})`;
  return null;
}

/**
 * For the totals: the sellable units on hand under the keys of the lines of CTE `l` (id, company_id,
 * sku, fnsku, gtin, asin) — each line's FNSKU, SKU and GTIN, and the catalogue key of a product one
 * of its codes (those or its ASIN) names; the ledger files stock by either — each key once per line:
 * the same sum the page computes line by line. A line's own keys are told apart by comparison, not
 * by a union that dedupes, and every join is an equality the database can hash over a whole filter
 * (a lateral VALUES list, then a deduping union, cost 2× and 1.5× over 50,000 lines).
 */
function heldTotalSql(ctx: RequestContext): SQL {
  return sql`own as (
      select company_id, fnsku as key from l where fnsku is not null
      union all select company_id, upper(sku) from l where upper(sku) is distinct from fnsku
      union all select company_id, gtin from l where gtin is not null and gtin is distinct from fnsku and gtin is distinct from upper(sku)
    ), codes as (
      select id, company_id, fnsku, upper(sku) as usku, gtin, fnsku as code from l where fnsku is not null
      union all select id, company_id, fnsku, upper(sku), gtin, upper(sku) from l
      union all select id, company_id, fnsku, upper(sku), gtin, gtin from l where gtin is not null
      union all select id, company_id, fnsku, upper(sku), gtin, asin from l where asin is not null
    ), named as (
      select distinct id, company_id, key from (
        select codes.id, codes.company_id, codes.fnsku, codes.usku, codes.gtin, ${catalogueProductKeySql('p')} as key
        from codes join product_codes pc on pc.tenant_id = ${ctx.tenantId} and pc.company_id = codes.company_id and pc.code = codes.code
        join products p on p.id = pc.product_id
      ) x where key is distinct from fnsku and key is distinct from usku and key is distinct from gtin
    ), keys as (
      select company_id, key from own union all select company_id, key from named
    ), held as (
      select coalesce(sum(t.quantity), 0)::bigint as held_here from keys k
      join inventory_product_totals t on t.tenant_id = ${ctx.tenantId} and t.company_id = k.company_id and t.product_key = k.key and t.condition = 'sellable'
    )`;
}

type LineRow = {
  id: number;
  company_id: number;
  name: string;
  account_no: string | null;
  type: InventoryType;
  sku: string;
  title: string | null;
  asin: string | null;
  fnsku: string | null;
  item_id: string | null;
  gtin: string | null;
  fulfillable: number;
  inbound: number;
  reserved: number;
  unsellable: number;
  reported_iso: string;
  product_id: number | null;
  held_here: number;
};

const toLine = (r: LineRow): MarketplaceLine => ({
  id: Number(r.id),
  companyId: Number(r.company_id),
  companyName: r.name,
  accountNo: r.account_no,
  type: r.type,
  sku: r.sku,
  title: r.title,
  asin: r.asin,
  fnsku: r.fnsku,
  itemId: r.item_id,
  gtin: r.gtin,
  fulfillable: Number(r.fulfillable),
  inbound: Number(r.inbound),
  reserved: Number(r.reserved),
  unsellable: Number(r.unsellable),
  reportedAt: r.reported_iso,
  productId: r.product_id === null ? null : Number(r.product_id),
  heldHere: Number(r.held_here),
});

export async function listMarketplaceInventory(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: MarketplaceInventoryQuery,
): Promise<MarketplacePage> {
  // Clients see their own company whatever companyId they pass (as the snapshot does); the
  // warehouse sees every client's lines, or the one it names.
  const companyId = ctx.isClient ? ctx.companyId : q.companyId;
  const scope: SQL[] = [sql`m.tenant_id = ${ctx.tenantId}`, sql`m.type = ${q.type}`];
  if (companyId) scope.push(sql`m.company_id = ${companyId}`);
  const stock = stockFilter(ctx, q.stock);
  const where = sql.join([...scope, ...(q.q ? [searchFilter(q.q)] : []), ...(stock ? [stock] : [])], sql` and `);

  const [rows, [totals], [latest]] = await Promise.all([
    // The page first (an index order over the lines), then what its 50 lines name and hold, line
    // by line through the indexes (set-based joins would scan every on-hand total for 50 lines).
    selectRows<LineRow>(
      deps.db,
      // The tenant's companies as a materialized set: joined by hash, not probed once per line (50,000
      // index probes cost more than the sort they feed).
      sql`with cs as materialized (select id, name, account_no from companies where tenant_id = ${ctx.tenantId}), l as (
            select m.*, c.name, c.account_no from marketplace_inventory m join cs c on c.id = m.company_id
            where ${where} order by c.name, m.sku, m.id limit ${page.pageSize} offset ${pageOffset(page)}
          )
          select l.*, ${isoSql(sql`l.reported_at`)} as reported_iso, p.id as product_id, h.held_here
          from l
          left join lateral (
            select p.id from product_codes pc join products p on p.id = pc.product_id
            where pc.tenant_id = ${ctx.tenantId} and pc.company_id = l.company_id and pc.code in ${lineCodesSql('l')}
            order by case pc.code when l.fnsku then 0 when upper(l.sku) then 1 when l.gtin then 2 else 3 end, p.id
            limit 1
          ) p on true
          cross join lateral (
            select coalesce(sum(t.quantity), 0)::bigint as held_here from inventory_product_totals t
            where t.tenant_id = ${ctx.tenantId} and t.company_id = l.company_id and t.condition = 'sellable'
              -- An array of keys: an index probe per key (a subquery set made the planner merge over
              -- every total of the client); a key twice still matches its total once.
              and t.product_key = any(array[l.fnsku, upper(l.sku), l.gtin] || array(
                select ${catalogueProductKeySql('p2')} from product_codes pc2 join products p2 on p2.id = pc2.product_id
                where pc2.tenant_id = ${ctx.tenantId} and pc2.company_id = l.company_id and pc2.code in ${lineCodesSql('l')}
              ))
          ) h
          order by l.name, l.sku, l.id`,
    ),
    // Totals over the whole filter. Sums are bigint (a string from the driver): a tenant's units may pass 2^31 one day.
    // Without them only the count is needed (the pager's).
    q.withTotals
      ? selectRows<Record<'n' | 'fulfillable' | 'inbound' | 'reserved' | 'unsellable' | 'held_here', number | string>>(
          deps.db,
          sql`with l as (select m.* from marketplace_inventory m where ${where}), ${heldTotalSql(ctx)}
          select (select count(*) from l)::int as n, coalesce(sum(fulfillable), 0)::bigint as fulfillable, coalesce(sum(inbound), 0)::bigint as inbound,
                 coalesce(sum(reserved), 0)::bigint as reserved, coalesce(sum(unsellable), 0)::bigint as unsellable,
                 (select held_here from held) as held_here
          from l`,
        )
      : selectRows<{ n: number }>(deps.db, sql`select count(*)::int as n from marketplace_inventory m where ${where}`),
    // The report time belongs to the clients on screen, not to what the search happens to match.
    selectRows<{ at: string | null }>(
      deps.db,
      sql`select ${isoSql(sql`max(m.reported_at)`)} as at from marketplace_inventory m where ${sql.join(scope, sql` and `)}`,
    ),
  ]);
  return {
    content: rows.map(toLine),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(totals.n),
    totals:
      'held_here' in totals
        ? {
            fulfillable: Number(totals.fulfillable),
            inbound: Number(totals.inbound),
            reserved: Number(totals.reserved),
            unsellable: Number(totals.unsellable),
            heldHere: Number(totals.held_here),
          }
        : null,
    reportedAt: latest?.at ?? null,
  };
}
