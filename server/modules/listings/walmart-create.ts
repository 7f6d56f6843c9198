/**
 * Listing a client's product on Walmart from WFS listing info. Walmart sets items up only by feed
 * (asynchronously), so the request checks here what Walmart would refuse — no UPC/EAN/GTIN, no
 * weight, a WFS item without its dimensions — sends the item feed (MP_WFS_ITEM for WFS, MP_ITEM
 * for the seller), and answers 202 with the feed as a `walmart.feed` operation. The poll job
 * follows it; when it is done, `onWalmartFeedDone` writes a successful item into store_listings at
 * once (the list shows it before the next pull), and a failed one leaves Walmart's errors, per
 * SKU, on the operation.
 */
import { and, eq } from 'drizzle-orm';
import { WALMART_ITEM_CATEGORIES, type WalmartItemCreate } from '../../../domain/schemas/listings.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { storeListings, stores } from '../../db/schema/index.js';
import { badRequest, businessRule } from '../../http/errors.js';
import type { ItemSetup } from '../../integrations/walmart/feeds-models.js';
import { onOperationDone, type FinishedOperation } from '../operations/kinds.js';
import { trackOperation } from '../operations/service.js';
import { getProduct } from '../products/service.js';
import { withStore } from '../stores/connection.js';
import { walmartClientFor } from '../stores/walmart.js';
import { listingStore } from './service.js';
import { walmartItemValues } from './walmart-items.js';
import { storedCompliance } from '../wfs-items/service.js';

type Product = Awaited<ReturnType<typeof getProduct>>;

/** The product's GTIN-14 for Walmart: a UPC-A (12), EAN-13 or GTIN-14 padded with zeros (its check digit stays right). */
function gtinOf(product: Product): string {
  const code =
    product.upc ??
    product.codes.find((c) => c.codeType === 'GTIN' || c.codeType === 'EAN' || c.codeType === 'UPC')?.code;
  if (!code)
    throw businessRule(
      'Walmart identifies an item by its UPC, EAN or GTIN: add the product’s barcode number (UPC) to the product first',
    );
  if (!/^\d{12,14}$/.test(code))
    throw businessRule(
      `Walmart takes a 12-digit UPC, 13-digit EAN or 14-digit GTIN; the product’s code ${code} is ${code.length} digits: enter its full barcode number`,
    );
  return code.padStart(14, '0');
}

const firstOf = (...values: (number | null | undefined)[]) =>
  values.find((v): v is number => typeof v === 'number' && v > 0);

/** The item Walmart is sent, or a refusal that says what to add to the product (or the request). */
export function itemSetupOf(product: Product, input: WalmartItemCreate, sku: string, brand: string): ItemSetup {
  const gtin = gtinOf(product);
  const weightLb = firstOf(input.weightLb, product.weightLb);
  if (!weightLb)
    throw businessRule(
      'Walmart needs the item’s shipping weight: enter the product’s weight (lb), or give weightLb with the request',
    );
  const category = WALMART_ITEM_CATEGORIES[input.category ?? 'home_other'];
  const subCategory = input.category ?? 'home_other';
  const dims = {
    depthIn: firstOf(input.lengthIn, product.lengthIn),
    widthIn: firstOf(input.widthIn, product.widthIn),
    heightIn: firstOf(input.heightIn, product.heightIn),
  };
  if (input.channel === 'WFS' && (!dims.depthIn || !dims.widthIn || !dims.heightIn))
    throw businessRule(
      'Walmart Fulfillment Services needs the item’s length, width and height: enter the product’s dimensions (in), or give lengthIn, widthIn and heightIn with the request',
    );
  return {
    sku,
    gtin,
    productName: product.title.slice(0, 200),
    brand,
    price: input.price,
    shippingWeightLb: weightLb,
    category: { name: category, subCategory },
    shortDescription: product.title,
    ...(product.imageUrls[0] ? { mainImageUrl: product.imageUrls[0] } : {}),
    ...(input.channel === 'WFS'
      ? { each: { depthIn: dims.depthIn!, widthIn: dims.widthIn!, heightIn: dims.heightIn!, weightLb } }
      : {}),
  };
}

export async function createWalmartItem(deps: Deps, ctx: RequestContext, storeId: number, input: WalmartItemCreate) {
  const store = await listingStore(deps, ctx, storeId, 'walmart');
  const product = await getProduct(deps, ctx, input.productId);
  if (product.companyId !== store.companyId) throw businessRule('The product belongs to another client than the store');
  const sku = input.sku ?? product.msku;
  if (!sku) throw badRequest('sku: the product has no MSKU; give the seller SKU to list it under');
  const setup = itemSetupOf(product, input, sku, product.manufacturer ?? store.name);
  // Walmart requires a WFS item's compliance answers; they are the product's (WFS item setup keeps them).
  const compliance = input.channel === 'WFS' ? await storedCompliance(deps, product.id) : null;
  if (input.channel === 'WFS' && !compliance)
    throw businessRule(
      'Walmart Fulfillment Services needs the product’s compliance answers (batteries, electronics, chemicals, expiry): answer them in the WFS item setup form first',
    );
  if (store.connection === 'not_connected') throw businessRule('Connect the store to Walmart first (Merchant Connect)');
  const client = walmartClientFor(deps, store);
  const { feedId } = await withStore(deps, store, () =>
    client.feeds.setUpItems([compliance ? { ...setup, compliance } : setup], { wfs: input.channel === 'WFS' }),
  );
  await trackOperation(deps, deps.db, { storeId: store.id, kind: 'walmart.feed', operationId: feedId, subject: sku });
  await audit(deps.db, ctx, 'listing', `${store.id}/${sku}`, 'create', null, {
    storeId: store.id,
    sku,
    productId: product.id,
    feedId,
    price: input.price,
    channel: input.channel,
  });
  return { feedId, operationId: feedId, sku };
}

/**
 * A Walmart feed finished: a successful item goes into the store's list at once, read from Catalog
 * Search as the pull reads it. Idempotent (an upsert by store and SKU), as a retried poll may call
 * it again; a failed feed's errors stay on the operation.
 */
export async function onWalmartFeedDone(deps: Deps, done: FinishedOperation): Promise<void> {
  if (done.status !== 'SUCCESS' || !done.subject) return;
  const [store] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, done.storeId), eq(stores.tenantId, done.tenantId)));
  if (!store || store.marketplace !== 'walmart') return;
  const sku = done.subject;
  const client = walmartClientFor(deps, store);
  const found = await withStore(deps, store, () =>
    client.items.search({ query: { field: 'sku', value: sku } }, { limit: 1 }),
  );
  const entry = found.payload.find((i) => i.sku === sku);
  if (!entry) return;
  const values = {
    ...walmartItemValues(entry),
    tenantId: store.tenantId,
    companyId: store.companyId,
    storeId: store.id,
    pulledAt: deps.now().toISOString(),
  };
  await deps.db
    .insert(storeListings)
    .values(values)
    .onConflictDoUpdate({ target: [storeListings.storeId, storeListings.sku], set: values });
}

let listening = false;
/** The listings module hears its Walmart feeds finish (once per process: the listener takes its deps). */
export function listenForWalmartFeeds(): void {
  if (listening) return;
  listening = true;
  onOperationDone('walmart.feed', onWalmartFeedDone);
}
