/**
 * A scanned code on the floor is an LPN or a location. `resolvePlace` says which and where the
 * units there physically are (an LPN stands where its outermost LPN stands).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { RECEIVING, SORT_STATIONS } from '../../../domain/rules/sorting.js';
import type { RequestContext } from '../../context.js';
import { selectRows } from '../../db/rows.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql, itemProductKeySql } from '../../db/product-key.js';
import { inventoryBalances, lpns, warehouseLocations } from '../../db/schema/index.js';
import { businessRule, notFound, refusal } from '../../http/errors.js';

export type ResolvedPlace =
  | { kind: 'location'; code: string; location: string; lpn: '' }
  | { kind: 'lpn'; code: string; id: number; parentId: number | null; location: string | null; lpn: string };

const VIRTUAL_PLACES = new Set([RECEIVING, ...Object.values(SORT_STATIONS).filter((c): c is string => c !== null)]);

export async function resolvePlace(
  tx: DbOrTx,
  ctx: RequestContext,
  code: string,
  opts: { asSource?: boolean } = {},
): Promise<ResolvedPlace> {
  // The LPN and its chain of parents in one query (the outermost one carries the location).
  const rows = await selectRows<{
    id: number;
    code: string;
    parent_id: number | null;
    location_code: string | null;
    depth: number;
  }>(
    tx,
    sql`
    with recursive up as (
      select id, code, parent_id, location_code, 0 as depth from ${lpns} where tenant_id = ${ctx.tenantId} and code = ${code}
      union all
      select p.id, p.code, p.parent_id, p.location_code, up.depth + 1 from ${lpns} p join up on p.id = up.parent_id where up.depth < 50
    )
    select * from up order by depth`,
  );
  if (rows.length) {
    const self = rows[0];
    const top = rows[rows.length - 1];
    return {
      kind: 'lpn',
      code,
      id: Number(self.id),
      parentId: self.parent_id === null ? null : Number(self.parent_id),
      location: top.location_code,
      lpn: code,
    };
  }
  const [loc] = await tx
    .select({ active: warehouseLocations.active })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.tenantId, ctx.tenantId), eq(warehouseLocations.code, code)));
  if (!loc) {
    // The receiving area and the workflow stations are places without a location row; so is any
    // code stock was sorted to before it was set up (it can be emptied, never filled).
    if (VIRTUAL_PLACES.has(code)) return { kind: 'location', code, location: code, lpn: '' };
    if (opts.asSource) {
      const [held] = await tx
        .select({ q: inventoryBalances.quantity })
        .from(inventoryBalances)
        .where(
          and(
            eq(inventoryBalances.tenantId, ctx.tenantId),
            eq(inventoryBalances.location, code),
            gt(inventoryBalances.quantity, 0),
          ),
        )
        .limit(1);
      if (held) return { kind: 'location', code, location: code, lpn: '' };
    }
    throw notFound(`Location or LPN ${code}`);
  }
  if (!loc.active) throw businessRule(refusal('refusals.stock.inactive', { code }));
  return { kind: 'location', code, location: code, lpn: '' };
}

/** Where an LPN's units are; refuses an LPN that stands nowhere yet. */
export function placedAt(place: ResolvedPlace): { location: string; lpn: string } {
  if (place.location === null) throw businessRule(refusal('refusals.stock.lpnNotPlaced', { code: place.code }));
  return { location: place.location, lpn: place.lpn };
}

/** The LPN and every LPN inside it, at any depth. */
export async function lpnSubtree(tx: DbOrTx, ctx: RequestContext, id: number): Promise<string[]> {
  const rows = await selectRows<{ code: string }>(
    tx,
    sql`
    with recursive down as (
      select id, code, 0 as depth from ${lpns} where id = ${id} and tenant_id = ${ctx.tenantId}
      union all
      select c.id, c.code, down.depth + 1 from ${lpns} c join down on c.parent_id = down.id where down.depth < 50
    )
    select code from down`,
  );
  return rows.map((r) => r.code);
}

/**
 * The ledger key of a product a person typed or scanned for a client: any catalogue code of it,
 * any code of a purchase-order item, else the code itself (a product the system does not know yet).
 */
export async function resolveProductKey(
  tx: DbOrTx,
  ctx: RequestContext,
  companyId: number,
  code: string,
): Promise<string> {
  const upper = code.trim().toUpperCase();
  const [fromCatalogue] = await selectRows<{ key: string }>(
    tx,
    sql`select ${catalogueProductKeySql('p')} as key from product_codes pc join products p on p.id = pc.product_id
        where pc.tenant_id = ${ctx.tenantId} and pc.company_id = ${companyId} and pc.code = ${upper} limit 1`,
  );
  if (fromCatalogue) return fromCatalogue.key;
  const [fromItems] = await selectRows<{ key: string }>(
    tx,
    sql`select ${itemProductKeySql('batch_items')} as key from batch_items
        where tenant_id = ${ctx.tenantId} and company_id = ${companyId} and ${upper} in (upper(fnsku), upper(msku), upper(asin), upper(upc)) order by id desc limit 1`,
  );
  return fromItems?.key ?? upper;
}
