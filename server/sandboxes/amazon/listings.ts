/**
 * Listings Items 2021-08-01, Catalog Items 2022-04-01 and Product Fees v0 in the Amazon sandbox.
 * A seller's listings are seeded from its FBA inventory (same SKUs, ASINs and FNSKUs), with
 * prices, statuses and a few of the issues Amazon raises; putListingsItem checks the attributes
 * Amazon requires (answering INVALID with issues, as Amazon does, rather than an HTTP error), and a
 * full listing of a new product creates its ASIN in the catalogue. Fees follow Amazon's shape:
 * a 15% referral fee (at least $0.30) and, for FBA, a fulfilment fee by size tier.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import {
  catalogItemSchema,
  feesEstimateRequestSchema,
  listingItemSchema,
  listingPutRequestSchema,
  type CatalogItem,
  type ListingIssue,
  type ListingItem,
} from '../../integrations/amazon/catalog-models.js';
import { code, rng } from '../random.js';
import { findRecord, getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { fbaInventoryOf } from './state.js';
import { catalogueOf, feeLines, upcFor } from './catalog-data.js';
import { DANGEROUS_GOODS_ATTRIBUTES } from '../../../domain/rules/prep.js';

const listings = (seller: string, marketplaceId: string): RecordSet<ListingItem> => ({
  provider: 'amazon',
  account: seller,
  kind: `listing:${marketplaceId}`,
  schema: listingItemSchema,
  keyOf: (l) => l.sku,
});
const created = (seller: string): RecordSet<CatalogItem> => ({
  provider: 'amazon',
  account: seller,
  kind: 'catalog_item',
  schema: catalogItemSchema,
  keyOf: (i) => i.asin,
});

/** The seller's listings in a marketplace, seeded from its FBA inventory on first read. */
export async function listingsOf(deps: Deps, seller: string, marketplaceId: string): Promise<ListingItem[]> {
  const inventory = await fbaInventoryOf(deps, seller, marketplaceId);
  return recordsOf(deps, listings(seller, marketplaceId), () =>
    inventory.map((s, i) => {
      const r = rng(`listing/${seller}/${s.sellerSku}`);
      const fulfillable = s.inventoryDetails?.fulfillableQuantity ?? 0;
      const date = s.lastUpdatedTime ?? new Date(Date.UTC(2026, 9, 1)).toISOString();
      const issues: ListingIssue[] = [];
      if (i % 7 === 3)
        issues.push({
          code: '90220',
          message: "'item_package_weight' is required but not supplied.",
          severity: 'ERROR',
          attributeNames: ['item_package_weight'],
          categories: ['MISSING_ATTRIBUTE'],
        });
      if (i % 5 === 1)
        issues.push({
          code: '18027',
          message: 'The main image has a background that is not pure white.',
          severity: 'WARNING',
          attributeNames: ['main_product_image_locator'],
          categories: ['INVALID_IMAGE'],
        });
      // A lithium battery: Amazon holds it for dangerous-goods review until the seller gives its SDS.
      if (/power bank/i.test(s.productName ?? '')) issues.push(dangerousGoodsIssue());
      const price = (9 + Math.floor(r() * 40) + 0.99).toFixed(2);
      return listingItemSchema.parse({
        sku: s.sellerSku,
        summaries: [
          {
            marketplaceId,
            asin: s.asin,
            productType: 'HOME',
            conditionType: 'new_new',
            status:
              fulfillable > 0 && !issues.some((x) => x.severity === 'ERROR')
                ? ['BUYABLE', 'DISCOVERABLE']
                : ['DISCOVERABLE'],
            fnSku: s.fnSku,
            itemName: s.productName,
            createdDate: new Date(Date.parse(date) - 90 * 86_400_000).toISOString(),
            lastUpdatedDate: date,
            mainImage: { link: `/images/I/${s.asin}.svg`, height: 500, width: 500 },
          },
        ],
        attributes: {
          item_name: [{ value: s.productName, marketplace_id: marketplaceId }],
          brand: [{ value: 'Harbor Home', marketplace_id: marketplaceId }],
          condition_type: [{ value: 'new_new', marketplace_id: marketplaceId }],
          externally_assigned_product_identifier: [
            { type: 'upc', value: upcFor(s.asin!), marketplace_id: marketplaceId },
          ],
        },
        issues,
        offers: [{ marketplaceId, offerType: 'B2C', price: { currencyCode: 'USD', amount: price } }],
        fulfillmentAvailability: [{ fulfillmentChannelCode: 'AMAZON_NA', quantity: fulfillable }],
      });
    }),
  );
}

/** Amazon's catalogue record of an ASIN: one the seller lists, or one a listing created. */
async function catalogItem(deps: Deps, seller: string, marketplaceId: string, asin: string) {
  const listed = (await listingsOf(deps, seller, marketplaceId)).find((l) => l.summaries?.[0]?.asin === asin);
  if (listed) return catalogueOf(asin, listed.summaries![0].itemName ?? asin, 'Harbor Home', marketplaceId);
  return (await findRecord(deps, 'amazon', 'catalog_item', asin, catalogItemSchema))?.value ?? null;
}

type Attributes = Record<string, unknown>;
/** The first value of an attribute (Amazon's attributes are arrays of { value, marketplace_id }). */
const first = (a: Attributes, name: string): Record<string, unknown> | undefined => {
  const v = a[name];
  return Array.isArray(v) && v[0] && typeof v[0] === 'object' ? (v[0] as Record<string, unknown>) : undefined;
};
const missing = (name: string): ListingIssue => ({
  code: '90220',
  message: `'${name}' is required but not supplied.`,
  severity: 'ERROR',
  attributeNames: [name],
  categories: ['MISSING_ATTRIBUTE'],
});
const invalidValue = (name: string, message: string): ListingIssue => ({
  code: '4000001',
  message,
  severity: 'ERROR',
  attributeNames: [name],
  categories: ['INVALID_ATTRIBUTE'],
});

/** The price Amazon reads from purchasable_offer.our_price.schedule.value_with_tax. */
function offerPrice(a: Attributes): number | undefined {
  const offer = first(a, 'purchasable_offer');
  const ourPrice = Array.isArray(offer?.our_price) ? (offer.our_price[0] as Record<string, unknown>) : undefined;
  const schedule = Array.isArray(ourPrice?.schedule) ? (ourPrice.schedule[0] as Record<string, unknown>) : undefined;
  return typeof schedule?.value_with_tax === 'number' ? schedule.value_with_tax : undefined;
}

export function listingRoutes(
  app: Hono,
  deps: Deps,
  sellerOf: (c: Context) => string | null,
  spError: (c: Context, status: 400 | 403 | 404, code: string, message: string, details?: string) => Response,
): void {
  /** The path's seller must be the one the token speaks for. */
  const sellerFor = (c: Context) => {
    const seller = sellerOf(c)!;
    return c.req.param('sellerId') === seller ? seller : null;
  };
  const forbidden = (c: Context) => spError(c, 403, 'Unauthorized', 'Access to requested resource is denied.');
  const marketplaceOf = (c: Context) => {
    const ids = (c.req.query('marketplaceIds') ?? '').split(',').filter(Boolean);
    return ids.length === 1 ? ids[0] : null;
  };
  const shape = (l: ListingItem, included: string) => {
    const want = new Set((included || 'summaries').split(','));
    return {
      sku: l.sku,
      ...(want.has('summaries') ? { summaries: l.summaries } : {}),
      ...(want.has('attributes') ? { attributes: l.attributes } : {}),
      ...(want.has('issues') ? { issues: l.issues } : {}),
      ...(want.has('offers') ? { offers: l.offers } : {}),
      ...(want.has('fulfillmentAvailability') ? { fulfillmentAvailability: l.fulfillmentAvailability } : {}),
    };
  };

  app.get('/listings/2021-08-01/items/:sellerId', async (c) => {
    const seller = sellerFor(c);
    if (!seller) return forbidden(c);
    const marketplaceId = marketplaceOf(c);
    if (!marketplaceId) return spError(c, 400, 'InvalidInput', 'marketplaceIds: give one marketplace id');
    const q = c.req.query();
    const pageSize = Number(q.pageSize ?? 10);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
      return spError(c, 400, 'InvalidInput', 'pageSize: from 1 to 20');
    const skus = q.identifiers ? q.identifiers.split(',') : null;
    if (skus && q.identifiersType !== 'SKU')
      return spError(c, 400, 'InvalidInput', 'identifiersType: SKU (the sandbox searches by SKU)');
    const all = (await listingsOf(deps, seller, marketplaceId))
      .filter((l) => !skus || skus.includes(l.sku))
      .sort((a, b) => {
        const d = (l: ListingItem) => l.summaries?.[0]?.lastUpdatedDate ?? '';
        return q.sortOrder === 'ASC' ? d(a).localeCompare(d(b)) : d(b).localeCompare(d(a));
      });
    const from = q.pageToken ? Number(Buffer.from(q.pageToken, 'base64url').toString()) : 0;
    if (!Number.isInteger(from) || from < 0)
      return spError(c, 400, 'InvalidInput', 'pageToken: not one this operation issued');
    const next = from + pageSize < all.length ? Buffer.from(String(from + pageSize)).toString('base64url') : undefined;
    return c.json({
      numberOfResults: all.length,
      items: all.slice(from, from + pageSize).map((l) => shape(l, q.includedData ?? '')),
      ...(next ? { pagination: { nextToken: next } } : {}),
    });
  });

  app.get('/listings/2021-08-01/items/:sellerId/:sku', async (c) => {
    const seller = sellerFor(c);
    if (!seller) return forbidden(c);
    const marketplaceId = marketplaceOf(c);
    if (!marketplaceId) return spError(c, 400, 'InvalidInput', 'marketplaceIds: give one marketplace id');
    const found = await getRecord(deps, listings(seller, marketplaceId), c.req.param('sku'));
    if (!found)
      return spError(c, 404, 'NOT_FOUND', `SKU '${c.req.param('sku')}' not found in marketplace ${marketplaceId}`);
    return c.json(shape(found, c.req.query('includedData') ?? ''));
  });

  app.put('/listings/2021-08-01/items/:sellerId/:sku', async (c) => {
    const seller = sellerFor(c);
    if (!seller) return forbidden(c);
    const marketplaceId = marketplaceOf(c);
    if (!marketplaceId) return spError(c, 400, 'InvalidInput', 'marketplaceIds: give one marketplace id');
    const parsed = listingPutRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return spError(c, 400, 'InvalidInput', `${i.path.join('.') || 'body'}: ${i.message}`);
    }
    const sku = c.req.param('sku');
    const { attributes: a, requirements = 'LISTING' } = parsed.data;
    await listingsOf(deps, seller, marketplaceId);
    const issues: ListingIssue[] = [];
    const suggested = first(a, 'merchant_suggested_asin')?.value;
    let catalog: CatalogItem | null = null;
    if (typeof suggested === 'string') {
      catalog = await catalogItem(deps, seller, marketplaceId, suggested);
      if (!catalog)
        issues.push(invalidValue('merchant_suggested_asin', `The ASIN ${suggested} does not exist in the catalogue.`));
    } else if (requirements === 'LISTING_OFFER_ONLY') issues.push(missing('merchant_suggested_asin'));
    else
      for (const name of ['item_name', 'brand', 'externally_assigned_product_identifier'])
        if (!first(a, name)) issues.push(missing(name));
    if (requirements !== 'LISTING_PRODUCT_ONLY') {
      if (!first(a, 'condition_type')) issues.push(missing('condition_type'));
      const price = offerPrice(a);
      if (price === undefined) issues.push(missing('purchasable_offer'));
      else if (price <= 0) issues.push(invalidValue('purchasable_offer', 'The price must be greater than 0.'));
      const channel = first(a, 'fulfillment_availability')?.fulfillment_channel_code;
      if (channel !== 'AMAZON_NA' && channel !== 'DEFAULT') issues.push(missing('fulfillment_availability'));
    }
    const submissionId = randomBytes(16).toString('hex');
    if (issues.length) return c.json({ sku, status: 'INVALID', submissionId, issues });

    const r = rng(`${seller}/${sku}`);
    if (!catalog) {
      const name = String(first(a, 'item_name')!.value);
      catalog = catalogueOf(code(r, 'B0', 10), name, String(first(a, 'brand')!.value), marketplaceId);
      await putRecord(deps, created(seller), catalog);
    }
    const availability = first(a, 'fulfillment_availability')!;
    const fba = availability.fulfillment_channel_code === 'AMAZON_NA';
    const quantity = fba ? 0 : Number(availability.quantity ?? 0);
    const now = deps.now().toISOString();
    const existing = await getRecord(deps, listings(seller, marketplaceId), sku);
    await putRecord(deps, listings(seller, marketplaceId), {
      sku,
      summaries: [
        {
          marketplaceId,
          asin: catalog.asin,
          productType: parsed.data.productType,
          conditionType: String(first(a, 'condition_type')?.value ?? 'new_new'),
          status: !fba && quantity > 0 ? ['BUYABLE', 'DISCOVERABLE'] : ['DISCOVERABLE'],
          ...(fba ? { fnSku: existing?.summaries?.[0]?.fnSku ?? code(r, 'X00', 10) } : {}),
          itemName: catalog.summaries?.[0]?.itemName,
          createdDate: existing?.summaries?.[0]?.createdDate ?? now,
          lastUpdatedDate: now,
          mainImage: { link: `/images/I/${catalog.asin}.svg`, height: 500, width: 500 },
        },
      ],
      attributes: a,
      issues: [],
      offers: [{ marketplaceId, offerType: 'B2C', price: { currencyCode: 'USD', amount: offerPrice(a)!.toFixed(2) } }],
      fulfillmentAvailability: [{ fulfillmentChannelCode: fba ? 'AMAZON_NA' : 'DEFAULT', quantity }],
    });
    return c.json({ sku, status: 'ACCEPTED', submissionId, issues: [] });
  });

  app.get('/catalog/2022-04-01/items/:asin', async (c) => {
    const marketplaceId = marketplaceOf(c);
    if (!marketplaceId) return spError(c, 400, 'InvalidInput', 'marketplaceIds: give one marketplace id');
    const item = await catalogItem(deps, sellerOf(c)!, marketplaceId, c.req.param('asin'));
    if (!item) return spError(c, 404, 'NOT_FOUND', `Requested item '${c.req.param('asin')}' not found`);
    const want = new Set((c.req.query('includedData') ?? 'summaries').split(','));
    return c.json(
      Object.fromEntries(Object.entries(item).filter(([k]) => k === 'asin' || want.has(k))) as Partial<CatalogItem>,
    );
  });

  app.post('/products/fees/v0/listings/:sku/feesEstimate', async (c) => {
    const parsed = feesEstimateRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return spError(
        c,
        400,
        'InvalidInput',
        'FeesEstimateRequest: MarketplaceId, PriceToEstimateFees and Identifier are required',
      );
    const req = parsed.data.FeesEstimateRequest;
    const sku = c.req.param('sku');
    const identifier = {
      MarketplaceId: req.MarketplaceId,
      IdType: 'SellerSKU',
      IdValue: sku,
      IsAmazonFulfilled: req.IsAmazonFulfilled ?? false,
      PriceToEstimateFees: req.PriceToEstimateFees,
      SellerInputIdentifier: req.Identifier,
    };
    const listing = await getRecord(deps, listings(sellerOf(c)!, req.MarketplaceId), sku);
    const price = req.PriceToEstimateFees.ListingPrice.Amount ?? 0;
    if (!listing || price <= 0)
      return c.json({
        payload: {
          FeesEstimateResult: {
            Status: 'ClientError',
            FeesEstimateIdentifier: identifier,
            Error: {
              Type: 'Sender',
              Code: 'InvalidParameterValue',
              Message: !listing
                ? `There is no listing for the seller SKU ${sku}`
                : 'The listing price must be greater than 0',
              Detail: [],
            },
          },
        },
      });
    const asin = listing.summaries?.[0]?.asin ?? '';
    const catalog = catalogueOf(asin, listing.summaries?.[0]?.itemName ?? sku, 'Harbor Home', req.MarketplaceId);
    const fees = feeLines(price, req.IsAmazonFulfilled ? catalog : null);
    const total = fees.reduce((t, f) => t + f.FinalFee.Amount, 0);
    return c.json({
      payload: {
        FeesEstimateResult: {
          Status: 'Success',
          FeesEstimateIdentifier: identifier,
          FeesEstimate: {
            TimeOfFeesEstimation: deps.now().toISOString(),
            TotalFeesEstimate: { CurrencyCode: 'USD', Amount: Math.round(total * 100) / 100 },
            FeeDetailList: fees,
          },
        },
      },
    });
  });

  // Product images, drawn: a sandbox has no photographs.
  app.get('/images/I/:file', (c) => {
    const asin = /^([A-Z0-9]{10})\.svg$/.exec(c.req.param('file'))?.[1];
    if (!asin) return c.text('Not found', 404);
    const hue = Math.floor(rng(asin)() * 360);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500"><rect width="500" height="500" fill="#fff"/><rect x="90" y="90" width="320" height="320" rx="40" fill="hsl(${hue} 55% 62%)"/><text x="250" y="270" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#fff">${asin}</text></svg>`;
    return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  });
}

const dangerousGoodsIssue = (): ListingIssue => ({
  code: '18452',
  message:
    'This product is a dangerous good (hazmat) under review: provide its Safety Data Sheet (SDS) and its dangerous-goods regulation before sending it to a fulfilment centre.',
  severity: 'ERROR',
  attributeNames: [...DANGEROUS_GOODS_ATTRIBUTES],
  categories: ['QUALIFICATION_REQUIRED'],
});

/** Why Amazon would not take these SKUs into an inbound plan: a dangerous-goods review still open. */
export async function dangerousGoodsProblems(deps: Deps, seller: string, marketplaceId: string, mskus: string[]) {
  const wanted = new Set(mskus);
  return (await listingsOf(deps, seller, marketplaceId))
    .filter((l) => wanted.has(l.sku) && l.issues?.some((i) => i.code === dangerousGoodsIssue().code))
    .map((l) => ({
      code: 'FBA_INB-0051',
      severity: 'ERROR',
      message: `MSKU ${l.sku}: dangerous goods (hazmat) review is not complete`,
      details: 'Amazon needs the Safety Data Sheet of the product before it can be sent in.',
    }));
}
