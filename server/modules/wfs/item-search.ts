/**
 * The client's products that could go to WFS (spec items/search): the catalogue's own search (title,
 * SKU, UPC and every other code), each product with its units at PREP-WFS (on hand, held by WFS
 * plans, free) and whether Walmart can take it — a product id Walmart knows (the store listing's
 * GTIN, else the UPC/EAN/GTIN) and a SKU — or what is missing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { pageRequest } from '../../../domain/paging.js';
import { catalogueProductKey } from '../../../domain/rules/product-key.js';
import type { WfsItemSearchRow } from '../../../domain/schemas/wfs-endpoints.js';
import type { Deps, RequestContext } from '../../context.js';
import { products } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { stockOf, WFS_STATION } from '../fba/reservations.js';
import { listProducts } from '../products/service.js';
import { storeRecord } from '../stores/service.js';
import { walmartIdsOf, walmartProductIdOf } from './plans.js';

export async function searchWfsItems(
  deps: Deps,
  ctx: RequestContext,
  q: { pageNumber?: string; pageSize?: string; companyId?: number; storeId?: number; q?: string },
) {
  const company = await resolveClientCompany(deps.db, ctx, q.companyId);
  const store = q.storeId ? await storeRecord(deps.db, ctx, q.storeId) : null;
  if (store && (store.marketplace !== 'walmart' || store.companyId !== company.id))
    throw businessRule(`${store.name} is not one of the client’s Walmart stores`);
  const page = await listProducts(deps, ctx, pageRequest(q), { q: q.q, companyId: company.id });
  // A client's search is scoped to its own company already; staff's to the client named.
  const ids = page.content.filter((p) => p.companyId === company.id).map((p) => p.id);
  const found = ids.length
    ? await deps.db
        .select()
        .from(products)
        .where(and(eq(products.tenantId, ctx.tenantId), inArray(products.id, ids)))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const keyOf = new Map(found.map((p) => [p.id, catalogueProductKey(p)]));
  const [stock, walmartIds] = await Promise.all([
    stockOf(deps.db, ctx.tenantId, company.id, [...new Set(keyOf.values())], WFS_STATION),
    store
      ? walmartIdsOf(deps.db, store, ids)
      : Promise.resolve(new Map(found.map((p) => [p.id, walmartProductIdOf([p.upc])]))),
  ]);
  const content: WfsItemSearchRow[] = ids.map((id) => {
    const p = byId.get(id)!;
    const key = keyOf.get(id)!;
    const s = stock.get(key) ?? { onHand: 0, held: 0 };
    const wid = walmartIds.get(id) ?? null;
    const problem = !wid
      ? 'No valid GTIN, UPC or EAN: Walmart knows items by one'
      : !p.msku
        ? 'No SKU: Walmart’s inbound order names each line by its SKU'
        : null;
    return {
      productId: id,
      title: p.title,
      msku: p.msku,
      upc: p.upc,
      productKey: key,
      walmartProductId: wid?.productId ?? null,
      walmartProductType: wid?.productType ?? null,
      onHand: s.onHand,
      held: s.held,
      available: Math.max(0, s.onHand - s.held),
      eligible: problem === null,
      problem,
    };
  });
  return { content, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: page.totalElements };
}
