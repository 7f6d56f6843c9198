/**
 * Which of the client's products a listing is: the product whose codes hold the listing's seller
 * SKU (its MSKU), else its ASIN, else its UPC (Amazon's catalogue record; Walmart's item GTIN). Codes are matched within
 * the store's client only — another client's product never links.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { productCodes, products, storeListings } from '../../db/schema/index.js';
import { outer } from '../../db/outer.js';

export type MatchedBy = 'msku' | 'asin' | 'upc';
export interface ProductLink {
  id: number;
  title: string;
  matchedBy: MatchedBy;
}

/**
 * The listing row has a product of its client with its SKU or ASIN among the product's codes. Two
 * EXISTS rather than one with an OR, so each is a lookup on the (tenant, company, code) index.
 */
const codeOf = (code: SQL) => sql`exists (
  select 1 from ${productCodes} pc
  where pc.tenant_id = ${outer(storeListings.tenantId)} and pc.company_id = ${outer(storeListings.companyId)} and pc.code = ${code})`;
export const listingLinked: SQL = sql`(${codeOf(sql`upper(${storeListings.sku})`)} or ${codeOf(sql`${storeListings.asin}`)} or ${codeOf(sql`${storeListings.gtin}`)})`;

export async function linkedCount(db: DbOrTx, tenantId: number, companyId: number, storeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(storeListings)
    .where(
      and(
        eq(storeListings.tenantId, tenantId),
        eq(storeListings.companyId, companyId),
        eq(storeListings.storeId, storeId),
        listingLinked,
      ),
    );
  return row.n;
}

/** The product of each listing (by SKU), for the listings given. */
export async function productLinks(
  db: DbOrTx,
  tenantId: number,
  companyId: number,
  listings: { sku: string; asin: string | null; upc?: string | null }[],
): Promise<Map<string, ProductLink>> {
  const wanted = [
    ...new Set(listings.flatMap((l) => [l.sku.toUpperCase(), l.asin, l.upc].filter((c): c is string => !!c))),
  ];
  const links = new Map<string, ProductLink>();
  if (!wanted.length) return links;
  const rows = await db
    .select({ code: productCodes.code, id: products.id, title: products.title })
    .from(productCodes)
    .innerJoin(products, eq(products.id, productCodes.productId))
    .where(
      and(
        eq(productCodes.tenantId, tenantId),
        eq(productCodes.companyId, companyId),
        inArray(productCodes.code, wanted),
      ),
    );
  const byCode = new Map(rows.map((r) => [r.code, r]));
  for (const l of listings) {
    const tries: [string | null | undefined, MatchedBy][] = [
      [l.sku.toUpperCase(), 'msku'],
      [l.asin, 'asin'],
      [l.upc, 'upc'],
    ];
    for (const [code, matchedBy] of tries) {
      const hit = code ? byCode.get(code) : undefined;
      if (hit) {
        links.set(l.sku, { id: hit.id, title: hit.title, matchedBy });
        break;
      }
    }
  }
  return links;
}
