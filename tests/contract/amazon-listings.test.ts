/**
 * Listings Items, Catalog Items and Product Fees (issue 17): the Amazon client against the sandbox
 * over real HTTP — a seller's listings (the same SKUs as its FBA inventory), paging, one listing
 * with its issues, the catalogue record of its ASIN, fees at a price, a listing created (INVALID
 * with Amazon's issues when an attribute is missing), another seller's path refused — each answer
 * held to Amazon's published model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import type { AmazonCatalog } from '../../server/integrations/amazon/catalog.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { sandboxAuthorisation } from '../helpers/amazon-sandbox.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const US = 'ATVPDKIKX0DER';
const LISTINGS = 'amazon/listingsItems_2021-08-01.json';
let s: TestServer;
let sandboxUrl: string;
let client: AmazonClient;
let catalog: AmazonCatalog;
let sellerId: string;

const sent: { url: string; body: unknown }[] = [];
const recording: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string' && /listings|fees/.test(String(input)))
    sent.push({ url: String(input), body: JSON.parse(init.body) });
  return fetch(input, init);
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );

beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  const auth = await sandboxAuthorisation(sandboxUrl);
  sellerId = auth.sellerId;
  client = new AmazonClient(
    {
      endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
      app: SANDBOX_APP,
      sleep: async () => undefined,
      fetch: recording,
    },
    { storeId: 970_001, refreshToken: auth.refreshToken },
  );
  catalog = client.catalog(sellerId);
});
afterAll(() => s.close());

describe('listings, catalogue and fees against the Amazon sandbox', () => {
  it('lists the seller’s listings page by page: the same SKUs, ASINs and FNSKUs as its FBA inventory', async () => {
    const inventory = (await client.inventorySummaries(US)).payload!.inventorySummaries!;
    const first = await catalog.searchListings(US, { pageSize: 5 });
    const v = swaggerDefinition(LISTINGS, 'ItemSearchResults');
    expect(v(first), problemsOf(v)).toBe(true);
    expect(first.numberOfResults).toBe(inventory.length);
    expect(first.items).toHaveLength(5);
    const all = [...first.items];
    let token = first.pagination?.nextToken;
    while (token) {
      const page = await catalog.searchListings(US, { pageSize: 5, pageToken: token });
      all.push(...page.items);
      token = page.pagination?.nextToken;
    }
    expect(all.map((l) => l.sku).sort()).toEqual(inventory.map((i) => i.sellerSku).sort());
    for (const l of all) {
      const inv = inventory.find((i) => i.sellerSku === l.sku)!;
      expect(l.summaries![0]).toMatchObject({ asin: inv.asin, fnSku: inv.fnSku, itemName: inv.productName });
      expect(l.fulfillmentAvailability![0]).toMatchObject({
        fulfillmentChannelCode: 'AMAZON_NA',
        quantity: inv.inventoryDetails?.fulfillableQuantity ?? 0,
      });
    }
    // Newest first.
    const dates = all.map((l) => l.summaries![0].lastUpdatedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // A listing with an error is not buyable, and says what to fix.
    const broken = all.find((l) => l.issues?.some((i) => i.severity === 'ERROR'))!;
    expect(broken.summaries![0].status).not.toContain('BUYABLE');
    expect(broken.issues![0].message).toMatch(/is required but not supplied/);
    // Searching by SKU.
    const one = await catalog.searchListings(US, { skus: [broken.sku] });
    expect(one.items.map((l) => l.sku)).toEqual([broken.sku]);
  });

  it('reads one listing, its ASIN in the catalogue and Amazon’s fees at its price', async () => {
    const [listed] = (await catalog.searchListings(US, { pageSize: 1 })).items;
    const listing = await catalog.getListing(US, listed.sku);
    const vItem = swaggerDefinition(LISTINGS, 'Item');
    expect(vItem(listing), problemsOf(vItem)).toBe(true);
    expect(listing.attributes).toHaveProperty('item_name');

    const item = await catalog.getCatalogItem(US, listing.summaries![0].asin!);
    const vCatalog = swaggerDefinition('amazon/catalogItems_2022-04-01.json', 'Item');
    expect(vCatalog(item), problemsOf(vCatalog)).toBe(true);
    const upc = item.identifiers![0].identifiers.find((i) => i.identifierType === 'UPC')!.identifier;
    expect(upc).toMatch(/^\d{12}$/);
    const sum = [...upc.slice(0, 11)].reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
    expect(Number(upc[11])).toBe((10 - (sum % 10)) % 10);
    expect(item.dimensions![0].package!.weight!.value).toBeGreaterThan(0);

    const price = Number(listing.offers![0].price.amount);
    const fba = await catalog.feesForSku(US, listed.sku, { amount: price, currency: 'USD' }, true);
    const vFees = swaggerDefinition('amazon/productFeesV0.json', 'GetMyFeesEstimateResponse');
    expect(vFees(fba), problemsOf(vFees)).toBe(true);
    const vReq = swaggerDefinition('amazon/productFeesV0.json', 'GetMyFeesEstimateRequest');
    expect(vReq(sent.at(-1)!.body), problemsOf(vReq)).toBe(true);
    const lines = fba.payload!.FeesEstimateResult!.FeesEstimate!.FeeDetailList!;
    const referral = lines.find((f) => f.FeeType === 'ReferralFee')!.FinalFee.Amount!;
    expect(referral).toBeCloseTo(Math.max(0.3, price * 0.15), 2);
    expect(lines.find((f) => f.FeeType === 'FBAFees')!.FinalFee.Amount).toBeGreaterThan(3);
    const mfn = await catalog.feesForSku(US, listed.sku, { amount: price, currency: 'USD' }, false);
    expect(mfn.payload!.FeesEstimateResult!.FeesEstimate!.FeeDetailList!.some((f) => f.FeeType === 'FBAFees')).toBe(
      false,
    );
    const unknown = await catalog.feesForSku(US, 'NO-SUCH-SKU', { amount: 10, currency: 'USD' }, true);
    expect(unknown.payload!.FeesEstimateResult).toMatchObject({ Status: 'ClientError' });

    const missing = await failure(catalog.getCatalogItem(US, 'B000000000'));
    expect(missing!.status).toBe(404);
    const noListing = await failure(catalog.getListing(US, 'NO-SUCH-SKU'));
    expect(noListing!.status).toBe(404);
  });

  it('creates listings: INVALID with Amazon’s issues when attributes are missing, ACCEPTED otherwise', async () => {
    const [listed] = (await catalog.searchListings(US, { pageSize: 1 })).items;
    const asin = listed.summaries![0].asin!;
    const bad = await catalog.putListing(US, 'DOCK-NEW-1', {
      productType: 'HOME',
      requirements: 'LISTING_OFFER_ONLY',
      attributes: { merchant_suggested_asin: [{ value: asin, marketplace_id: US }] },
    });
    const vSub = swaggerDefinition(LISTINGS, 'ListingsItemSubmissionResponse');
    expect(vSub(bad), problemsOf(vSub)).toBe(true);
    expect(bad.status).toBe('INVALID');
    expect(bad.issues!.map((i) => i.attributeNames![0]).sort()).toEqual([
      'condition_type',
      'fulfillment_availability',
      'purchasable_offer',
    ]);
    const vPut = swaggerDefinition(LISTINGS, 'ListingsItemPutRequest');
    expect(vPut(sent.at(-1)!.body), problemsOf(vPut)).toBe(true);

    const good = await catalog.putListing(US, 'DOCK-NEW-1', {
      productType: 'HOME',
      requirements: 'LISTING_OFFER_ONLY',
      attributes: {
        merchant_suggested_asin: [{ value: asin, marketplace_id: US }],
        condition_type: [{ value: 'new_new', marketplace_id: US }],
        purchasable_offer: [
          { currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 24.5 }] }], marketplace_id: US },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: 'AMAZON_NA' }],
      },
    });
    expect(good.status).toBe('ACCEPTED');
    const made = await catalog.getListing(US, 'DOCK-NEW-1');
    expect(made.summaries![0]).toMatchObject({ asin, status: ['DISCOVERABLE'] });
    expect(made.summaries![0].fnSku).toMatch(/^X00/);
    expect(made.offers![0].price).toEqual({ currencyCode: 'USD', amount: '24.50' });

    // A new product: Amazon gives it an ASIN in the catalogue.
    const fresh = await catalog.putListing(US, 'DOCK-NEW-2', {
      productType: 'HOME',
      attributes: {
        item_name: [{ value: 'Harbor Teapot, 1 L', marketplace_id: US }],
        brand: [{ value: 'Harbor Home', marketplace_id: US }],
        externally_assigned_product_identifier: [{ type: 'upc', value: '812345678901', marketplace_id: US }],
        condition_type: [{ value: 'new_new', marketplace_id: US }],
        purchasable_offer: [
          { currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 31 }] }], marketplace_id: US },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 5 }],
      },
    });
    expect(fresh.status).toBe('ACCEPTED');
    const freshListing = await catalog.getListing(US, 'DOCK-NEW-2');
    expect(freshListing.summaries![0].status).toContain('BUYABLE');
    const newAsin = freshListing.summaries![0].asin!;
    expect((await catalog.getCatalogItem(US, newAsin)).summaries![0].itemName).toBe('Harbor Teapot, 1 L');
  });

  it('rides through Amazon throttling the listings API; surfaces a validation fault with Amazon’s words', async () => {
    const calls: string[] = [];
    const faultsFor = (faults: string[]): typeof fetch => {
      let n = 0;
      return (input, init) => {
        const headers = new Headers(init?.headers);
        const fault = /listings/.test(String(input)) ? faults[n++] : undefined;
        if (fault) headers.set('x-sandbox-fault', fault);
        calls.push(fault ?? 'none');
        return fetch(input, { ...init, headers });
      };
    };
    const via = (faults: string[]) =>
      new AmazonClient(
        {
          endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
          app: SANDBOX_APP,
          sleep: async () => undefined,
          fetch: faultsFor(faults),
        },
        { storeId: 970_001, refreshToken: null },
      ).catalog(sellerId);
    const page = await via(['throttle', 'throttle']).searchListings(US, { pageSize: 5 });
    expect(page.items).toHaveLength(5);
    expect(calls.filter((c) => c === 'throttle')).toHaveLength(2);
    const invalid = await failure(via(['invalid']).searchListings(US, { pageSize: 5 }));
    expect(invalid).toMatchObject({ kind: 'refused', status: 400 });
    expect(invalid!.messages[0]).toMatch(/Amazon/);
  });

  it('another seller’s listings are refused; a stranger cannot read this seller’s', async () => {
    const other = client.catalog('AOTHERSELLER1');
    const refused = await failure(other.searchListings(US));
    expect(refused!.status).toBe(403);
    const raw = await fetch(`${sandboxUrl}/sandbox/amazon/listings/2021-08-01/items/${sellerId}?marketplaceIds=${US}`);
    expect(raw.status).toBe(403);
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
