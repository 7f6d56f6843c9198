/**
 * What the demo stores' buyers order (issue 38, defect 6): the store's client's own products, so
 * the demo's first pull of orders links to the catalogue by SKU at once and the FBM day can start
 * from reserving, plus two listings the client never added to Dockside's catalogue, on purpose, so
 * linking a SKU by hand can still be shown. Given to the store's sandbox account as its catalogue
 * (sandboxes/seller-catalogue.ts) right after the store connects, before anything reads its orders.
 */
import { createHash } from 'node:crypto';
import type { Deps } from '../context.js';
import { presetCatalogue, type PresetItem } from '../sandboxes/seller-catalogue.js';
import type { DemoUser } from './demo-user.js';

/** How many of the client's products the store sells: few enough that the unlinked ones come up. */
export const DEMO_STORE_PRODUCTS = 12;

interface ProductRow {
  title: string;
  msku: string | null;
  asin: string | null;
  upc: string | null;
}

/** A listing price from the title: the same product always sells at the same price. */
const priceOf = (title: string) => 9.99 + (createHash('sha256').update(title).digest().readUInt16LE(0) % 40);

/** The two listings of the client that Dockside's catalogue does not know, in its SKU style. */
function unlinked(prefix: string): PresetItem[] {
  return [
    { sku: `${prefix}-GIFT-SET`, title: `${prefix} gift set (a bundle listing)`, price: 39.99 },
    { sku: `${prefix}-099-OLD`, title: `${prefix} discontinued item (an old listing)`, price: 14.99 },
  ];
}

export async function presetDemoStoreOrders(
  deps: Deps,
  admin: DemoUser,
  store: { provider: 'amazon' | 'walmart'; account: string; companyId: number },
): Promise<PresetItem[]> {
  const page = await admin.call<{ content: ProductRow[] }>(
    'GET',
    `/api/product/products?pageSize=100&companyId=${store.companyId}`,
  );
  const products = page.content
    .filter((p): p is ProductRow & { msku: string } => !!p.msku)
    .sort((a, b) => a.msku.localeCompare(b.msku))
    .slice(0, DEMO_STORE_PRODUCTS);
  if (!products.length) return [];
  const items: PresetItem[] = [
    ...products.map((p) => ({
      sku: p.msku,
      title: p.title,
      price: Math.round(priceOf(p.title) * 100) / 100,
      ...(p.asin ? { asin: p.asin } : {}),
      ...(p.upc ? { gtin: p.upc } : {}),
    })),
    ...unlinked(products[0].msku.split('-')[0]),
  ];
  await presetCatalogue(deps, store.provider, store.account, items);
  return items;
}
