/**
 * Listing info: a store's pulled listings (searched and paged here, linked to the client's
 * products), one listing live from Amazon with its catalogue record and fee estimate, a listing
 * created from a product, and listings imported into the catalogue. A store is reached only
 * within the caller's scope (a client: its own stores), so every answer is the caller's.
 */
import { and, asc, count, eq, ilike, not, or, sql } from 'drizzle-orm';
import { LISTING_CHANNELS, type ListingRow } from '../../../domain/schemas/listings.js';
import type { ListingCreate, ListingDetail } from '../../../domain/schemas/listings.js';
import { pageOffset, type PageRequest } from '../../../domain/paging.js';
import { AMAZON_MARKETPLACE_IDS, isAmazon } from '../../../domain/schemas/stores.js';
import { productInputSchema } from '../../../domain/schemas/products.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { storeListings } from '../../db/schema/index.js';
import { ApiError, badRequest, businessRule, notFound } from '../../http/errors.js';
import type { ListingItem, ListingSubmission } from '../../integrations/amazon/catalog-models.js';
import type { AmazonCatalog } from '../../integrations/amazon/catalog.js';
import { ProviderFailure } from '../../integrations/http.js';
import { createProduct, getProduct } from '../products/service.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { storeRecord, type StoreRecord } from '../stores/service.js';
import { listingLinked, productLinks } from './links.js';
import { listingValues, type ListingValues } from './pull.js';

/** Which screen reads a store's listings: Listing info (Amazon) or WFS listing info (Walmart). */
export type ListingMarketplace = 'amazon' | 'walmart';

/** The caller's store of that marketplace. */
export async function listingStore(deps: Deps, ctx: RequestContext, storeId: number, marketplace: ListingMarketplace) {
  const store = await storeRecord(deps.db, ctx, storeId);
  if (marketplace === 'amazon' && !isAmazon(store.marketplace))
    throw businessRule('Listing info reads Amazon stores; Walmart items are under WFS listing info');
  if (marketplace === 'walmart' && store.marketplace !== 'walmart')
    throw businessRule('WFS listing info reads Walmart stores; Amazon listings are under Listing info');
  return store;
}
const amazonStore = (deps: Deps, ctx: RequestContext, storeId: number) => listingStore(deps, ctx, storeId, 'amazon');

const MARKETPLACE_NAMES: Record<ListingMarketplace, string> = { amazon: 'Amazon', walmart: 'Walmart' };

/** Queues the `stores.pull-listings` job for the caller's connected store (one waiting per store). */
export async function queueListingPull(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  marketplace: ListingMarketplace,
): Promise<{ jobId: string | null; queued: boolean }> {
  const store = await listingStore(deps, ctx, storeId, marketplace);
  if (store.connection === 'not_connected' || (marketplace === 'amazon' && !store.sellerId))
    throw businessRule(`Connect the store to ${MARKETPLACE_NAMES[marketplace]} first (Merchant Connect)`);
  const jobId = await deps.jobs.enqueue(
    'stores.pull-listings',
    { tenantId: ctx.tenantId, storeId: store.id },
    { tenantId: ctx.tenantId, startedBy: ctx.userId, singletonKey: `listings:${store.id}` },
  );
  return { jobId, queued: jobId !== null };
}

async function connected(deps: Deps, store: StoreRecord): Promise<{ catalog: AmazonCatalog; marketplaceId: string }> {
  if (store.connection === 'not_connected' || !store.sellerId)
    throw businessRule('Connect the store to Amazon first (Merchant Connect)');
  const marketplaceId = AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];
  return { catalog: (await amazonClientFor(deps, store)).catalog(store.sellerId), marketplaceId };
}

const CHANNELS: readonly string[] = LISTING_CHANNELS;
export const rowOf = (
  l: Omit<ListingValues, 'channel'> & { storeId: number; channel: string },
  link: ListingRow['product'],
): ListingRow => ({
  storeId: l.storeId,
  sku: l.sku,
  asin: l.asin,
  fnsku: l.fnsku,
  gtin: l.gtin,
  itemId: l.itemId,
  title: l.title,
  status: l.status,
  price: l.price,
  currency: l.currency,
  channel: CHANNELS.includes(l.channel) ? (l.channel as ListingRow['channel']) : 'FBM',
  quantity: l.quantity,
  issues: l.issues.map((i) => ({
    severity: i.severity === 'ERROR' || i.severity === 'WARNING' ? i.severity : 'INFO',
    message: i.message,
    attribute: i.attribute,
  })),
  imageUrl: l.imageUrl,
  updatedAt: l.updatedAt,
  product: link,
});

export async function listListings(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  page: PageRequest,
  q: { q?: string; filter?: 'all' | 'issues' | 'unlinked' },
  marketplace: ListingMarketplace = 'amazon',
) {
  const store = await listingStore(deps, ctx, storeId, marketplace);
  const text = q.q?.trim();
  const where = and(
    eq(storeListings.tenantId, store.tenantId),
    eq(storeListings.storeId, store.id),
    text
      ? or(
          ilike(storeListings.sku, `%${text}%`),
          ilike(storeListings.title, `%${text}%`),
          eq(storeListings.asin, text.toUpperCase()),
          eq(storeListings.fnsku, text.toUpperCase()),
          eq(storeListings.gtin, text),
          eq(storeListings.itemId, text),
        )
      : undefined,
    q.filter === 'issues' ? sql`${storeListings.issues} @> '[{"severity":"ERROR"}]'::jsonb` : undefined,
    q.filter === 'unlinked' ? not(listingLinked) : undefined,
  );
  const [rows, [{ n }], [last]] = await Promise.all([
    deps.db
      .select()
      .from(storeListings)
      .where(where)
      .orderBy(sql`${storeListings.updatedAt} desc nulls last`, asc(storeListings.sku))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ n: count() }).from(storeListings).where(where),
    deps.db
      .select({ pulledAt: storeListings.pulledAt })
      .from(storeListings)
      .where(eq(storeListings.storeId, store.id))
      .limit(1),
  ]);
  const links = await productLinks(
    deps.db,
    store.tenantId,
    store.companyId,
    rows.map((r) => ({ ...r, upc: r.gtin })),
  );
  return {
    content: rows.map((r) => rowOf({ ...r, updatedAt: iso(r.updatedAt) }, links.get(r.sku) ?? null)),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: n,
    pulledAt: iso(last?.pulledAt ?? null),
  };
}

/** The database's timestamp text as ISO 8601. */
const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

/** The marketplace's answer, or null when it says there is no such thing (404). */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ProviderFailure && err.status === 404) return null;
    throw err;
  }
}

export async function listingDetail(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  sku: string,
): Promise<ListingDetail> {
  const store = await amazonStore(deps, ctx, storeId);
  const { catalog, marketplaceId } = await connected(deps, store);
  const live = await withStore(deps, store, async () => {
    const listing = await orNull(catalog.getListing(marketplaceId, sku));
    if (!listing) return null;
    const asin = listing.summaries?.[0]?.asin;
    const item = asin ? await orNull(catalog.getCatalogItem(marketplaceId, asin)) : null;
    const values = listingValues(listing, store.environment === 'sandbox' ? '/sandbox/amazon' : null);
    const fees =
      values.price && values.price > 0
        ? await catalog.feesForSku(
            marketplaceId,
            sku,
            { amount: values.price, currency: values.currency ?? 'USD' },
            values.channel === 'FBA',
          )
        : null;
    return { listing, item, values, fees };
  });
  if (!live) throw notFound('Listing');
  const { listing, item, values, fees } = live;
  const ids = item?.identifiers?.[0]?.identifiers ?? [];
  const upc = ids.find((i) => i.identifierType === 'UPC')?.identifier ?? null;
  const links = await productLinks(deps.db, store.tenantId, store.companyId, [{ sku, asin: values.asin, upc }]);
  const pkg = item?.dimensions?.[0]?.package;
  const inches = (d?: { unit?: string; value?: number }) =>
    d?.value === undefined ? null : d.unit === 'centimeters' ? d.value / 2.54 : d.value;
  const pounds = (d?: { unit?: string; value?: number }) =>
    d?.value === undefined ? null : d.unit === 'kilograms' ? d.value * 2.20462 : d.value;
  const summary = item?.summaries?.[0];
  const rank = item?.salesRanks?.[0]?.displayGroupRanks?.[0];
  const result = fees?.payload?.FeesEstimateResult;
  const estimate = result?.FeesEstimate;
  const lines = (estimate?.FeeDetailList ?? []).map((f) => ({ type: f.FeeType, amount: f.FinalFee.Amount ?? 0 }));
  const total = estimate?.TotalFeesEstimate?.Amount ?? lines.reduce((t, l) => t + l.amount, 0);
  return {
    ...rowOf({ ...values, storeId: store.id }, links.get(sku) ?? null),
    productType: listing.summaries?.[0]?.productType ?? null,
    condition: listing.summaries?.[0]?.conditionType ?? null,
    catalog: item
      ? {
          brand: summary?.brand ?? null,
          manufacturer: summary?.manufacturer ?? null,
          model: summary?.modelNumber ?? null,
          upc,
          ean: ids.find((i) => i.identifierType === 'EAN')?.identifier ?? null,
          rank: rank ? { title: rank.title, rank: rank.rank } : null,
          package: {
            lengthIn: inches(pkg?.length),
            widthIn: inches(pkg?.width),
            heightIn: inches(pkg?.height),
            weightLb: pounds(pkg?.weight),
          },
        }
      : null,
    fees:
      estimate && values.price
        ? {
            price: values.price,
            currency: values.currency ?? 'USD',
            fba: values.channel === 'FBA',
            lines,
            total: Math.round(total * 100) / 100,
            net: Math.round((values.price - total) * 100) / 100,
          }
        : null,
    feesError: result?.Error?.Message ?? (values.price ? null : 'The listing has no price to estimate fees at'),
  };
}

/** Amazon's attributes for a listing of the product: an offer on its ASIN, or a new product by its UPC. */
function listingAttributes(
  product: { title: string; asin: string | null; upc: string | null; manufacturer: string | null },
  input: ListingCreate,
  brand: string,
  marketplaceId: string,
): { requirements: 'LISTING' | 'LISTING_OFFER_ONLY'; attributes: Record<string, unknown> } {
  const m = { marketplace_id: marketplaceId };
  const offer = {
    condition_type: [{ value: input.condition, ...m }],
    purchasable_offer: [{ currency: 'USD', our_price: [{ schedule: [{ value_with_tax: input.price }] }], ...m }],
    fulfillment_availability: [
      input.channel === 'FBA'
        ? { fulfillment_channel_code: 'AMAZON_NA' }
        : { fulfillment_channel_code: 'DEFAULT', quantity: input.quantity ?? 0 },
    ],
  };
  if (product.asin)
    return {
      requirements: 'LISTING_OFFER_ONLY',
      attributes: { merchant_suggested_asin: [{ value: product.asin, ...m }], ...offer },
    };
  if (!product.upc)
    throw businessRule('Amazon needs the product’s ASIN, or its UPC to create a new product: add one to the product');
  return {
    requirements: 'LISTING',
    attributes: {
      item_name: [{ value: product.title, ...m }],
      brand: [{ value: brand, ...m }],
      externally_assigned_product_identifier: [{ type: 'upc', value: product.upc, ...m }],
      ...offer,
    },
  };
}

export async function createListing(deps: Deps, ctx: RequestContext, storeId: number, input: ListingCreate) {
  const store = await amazonStore(deps, ctx, storeId);
  const product = await getProduct(deps, ctx, input.productId);
  if (product.companyId !== store.companyId) throw businessRule('The product belongs to another client than the store');
  const sku = input.sku ?? product.msku;
  if (!sku) throw badRequest('sku: the product has no MSKU; give the seller SKU to list it under');
  const { catalog, marketplaceId } = await connected(deps, store);
  const { requirements, attributes } = listingAttributes(
    product,
    input,
    product.manufacturer ?? store.name,
    marketplaceId,
  );
  const submission: ListingSubmission = await withStore(deps, store, () =>
    catalog.putListing(marketplaceId, sku, { productType: 'PRODUCT', requirements, attributes }),
  );
  if (submission.status === 'ACCEPTED') {
    // Shown in the list at once, not after the next pull.
    const listing: ListingItem | null = await withStore(deps, store, () =>
      orNull(catalog.getListing(marketplaceId, sku)),
    );
    if (listing) {
      const values = {
        ...listingValues(listing, store.environment === 'sandbox' ? '/sandbox/amazon' : null),
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
    await audit(deps.db, ctx, 'listing', `${store.id}/${sku}`, 'create', null, {
      storeId: store.id,
      sku,
      productId: product.id,
      requirements,
      price: input.price,
      channel: input.channel,
    });
  }
  return {
    sku,
    status: submission.status,
    issues: (submission.issues ?? []).map((i) => ({
      severity: i.severity,
      message: i.message,
      attribute: i.attributeNames?.[0] ?? null,
    })),
  };
}

const MSKU = /^[A-Z0-9._/-]{1,40}$/;

/** Listings not yet in the catalogue become the client's products (title, ASIN, FNSKU, MSKU); a row report. */
export async function importListings(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  skus: string[],
  marketplace: ListingMarketplace = 'amazon',
) {
  const store = await listingStore(deps, ctx, storeId, marketplace);
  const rows = await deps.db
    .select()
    .from(storeListings)
    .where(and(eq(storeListings.tenantId, store.tenantId), eq(storeListings.storeId, store.id)));
  const bySku = new Map(rows.map((r) => [r.sku, r]));
  const links = await productLinks(
    deps.db,
    store.tenantId,
    store.companyId,
    rows.map((r) => ({ ...r, upc: r.gtin })),
  );
  const created: { sku: string; productId: number }[] = [];
  const skipped: { sku: string; reason: string }[] = [];
  for (const sku of [...new Set(skus)]) {
    const row = bySku.get(sku);
    const link = links.get(sku);
    if (!row) skipped.push({ sku, reason: 'Not a listing of this store: pull the listings first' });
    else if (link) skipped.push({ sku, reason: `Already in the catalogue as “${link.title}”` });
    else if (!MSKU.test(sku.toUpperCase()))
      skipped.push({ sku, reason: 'The SKU has characters a Dockside MSKU cannot hold (letters, digits, - . / _)' });
    else {
      const input = productInputSchema.safeParse({
        companyId: store.companyId,
        title: row.title ?? sku,
        msku: sku.toUpperCase(),
        ...(row.asin ? { asin: row.asin } : {}),
        ...(row.fnsku ? { fnsku: row.fnsku } : {}),
        ...(row.gtin ? { upc: row.gtin } : {}),
        ...(row.imageUrl?.startsWith('http') ? { imageUrls: [row.imageUrl] } : {}),
      });
      if (!input.success) {
        skipped.push({ sku, reason: input.error.issues[0].message });
        continue;
      }
      try {
        const product = await createProduct(deps, ctx, input.data);
        created.push({ sku, productId: product.id });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        skipped.push({ sku, reason: err.messages.join('; ') });
      }
    }
  }
  return { created, skipped };
}
