/**
 * Walmart item setup by feed: the Walmart client against the sandbox over real HTTP on loopback —
 * an item feed acknowledged at once and processed on the sandbox clock (RECEIVED → INPROGRESS →
 * PROCESSED), the item then in the seller's catalogue (Catalog Search, getAllItems, getAnItem)
 * under review and later published; WFS items with their dimensions; per-item ingestion errors in
 * Walmart's words beside the items that pass; a file Walmart cannot read failing the feed whole;
 * refusals; feeds kept per seller; throttling ridden through. The feed file sent is held to the
 * schema derived from Walmart's published examples, the answers to Walmart's published models
 * (tests/reference/walmart/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { TestServer } from '../helpers/server.js';
import { WalmartClient, walmartBaseUrl } from '../../server/integrations/walmart/client.js';
import { itemFeedOf, type ItemSetupWithCompliance } from '../../server/integrations/walmart/feeds.js';
import {
  ingestionErrorsOf,
  type FeedStatus,
  type ItemFeedType,
} from '../../server/integrations/walmart/feeds-models.js';
import { isWalmartFulfilled } from '../../server/integrations/walmart/items-models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { excerptSchema, problemsOf } from '../helpers/reference-models.js';
import { RECEIVED_MS, PROCESSING_MS, REVIEW_MS } from '../../server/sandboxes/walmart/feeds-state.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const SECRET = 'wm-secret-0123456789abcdef';
const SELLER = '7c3e2a1b-9d8f-4e6a-8b5c-2d1e0f9a8b7c';
const OTHER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const DONE = RECEIVED_MS + PROCESSING_MS;

let s: TestServer;
let sandboxUrl: string;
let seller: WalmartClient;
let other: WalmartClient;
/** The sandbox's clock runs `offset` ahead of the wall clock; the tests move it (or hold it: `held`). */
let offset = 0;
let held: number | null = null;
const now = () => held ?? Date.now() + offset;
let storeIds = 980_000;

/** Each feed file sent (the multipart part "file") and each JSON answer. */
const files: unknown[] = [];
const answers: { method: string; path: string; status: number; body: unknown }[] = [];
const recording: typeof fetch = async (input, init) => {
  if (init?.body instanceof FormData) {
    expect(new Headers(init.headers).get('content-type')).toBeNull();
    files.push(JSON.parse(await (init.body.get('file') as Blob).text()));
  }
  const res = await fetch(input, init);
  const url = new URL(String(input));
  if (res.headers.get('content-type')?.includes('json'))
    answers.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/sandbox\/walmart/, ''),
      status: res.status,
      body: await res.clone().json(),
    });
  return res;
};
const clientFor = (clientId: string, fetchImpl: typeof fetch = recording) =>
  new WalmartClient(
    { baseUrl: walmartBaseUrl('sandbox', sandboxUrl), fetch: fetchImpl, sleep: async () => undefined, now },
    { storeId: storeIds++, clientId, clientSecret: SECRET },
  );
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );
const expectValid = (v: ValidateFunction, data: unknown) => expect(v(data), problemsOf(v)).toBe(true);
const lastAnswer = (method: string, part: RegExp) =>
  [...answers].reverse().find((a) => a.method === method && part.test(a.path))!.body;

/** A GTIN-14 with its GS1 check digit. */
function gtin(n: number) {
  const body = String(n).padStart(13, '0');
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}
const wrongCheckDigit = (id: string) => id.slice(0, -1) + String((Number(id.slice(-1)) + 1) % 10);

function item(n: number, extra: Partial<ItemSetupWithCompliance> = {}): ItemSetupWithCompliance {
  return {
    sku: `FEED-${n}`,
    gtin: gtin(7_000_000 + n),
    productName: `Feed test item ${n}`,
    brand: 'Acme',
    price: 19.99,
    shippingWeightLb: 1.2,
    category: { name: 'Home Decor, Kitchen, & Other', subCategory: 'home_other' },
    shortDescription: `Feed test item ${n}`,
    mainImageUrl: `https://images.example.com/${n}.jpg`,
    ...extra,
  };
}
const EACH = { depthIn: 8, widthIn: 4, heightIn: 3, weightLb: 1.1 };
/** The compliance answers Walmart requires of every WFS item. */
const COMPLIANCE = {
  batteryTechnologyType: 'Does Not Contain a Battery',
  electronicsIndicator: 'No',
  chemicalAerosolPesticide: 'No',
} as const;

/** The feed's status `ms` after its submission (the sandbox reads its clock). */
async function statusAfter(client: WalmartClient, feedId: string, submittedAt: number, ms: number) {
  // Held at that very moment while the sandbox reads it: a loaded machine may take longer than a
  // status's window (RECEIVED lasts 100 ms) to answer. The clock runs on from there afterwards.
  held = submittedAt + ms;
  try {
    return await client.feeds.status(feedId, { includeDetails: true });
  } finally {
    offset = held - Date.now();
    held = null;
  }
}
/** Submits and returns the feed id with the sandbox time it was received at. */
async function submitted(run: () => Promise<{ feedId: string }>) {
  const ack = await run();
  const status = await seller.feeds.status(ack.feedId);
  return { feedId: ack.feedId, at: status.feedSubmissionDate! };
}
const skuSearch = async (client: WalmartClient, sku: string) =>
  (await client.items.search({ query: { field: 'sku', value: sku } })).payload;

beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(now());
  seller = clientFor(SELLER);
  other = clientFor(OTHER);
});
afterAll(() => s.close());

describe('Walmart item setup by feed (sandbox)', () => {
  it('the derived feed-file schema accepts Walmart’s own published examples', () => {
    const doc = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../reference/walmart/itemBulkUploads.request.json'), 'utf8'),
    ) as { examples: Record<string, unknown> };
    const v = excerptSchema('walmart/itemBulkUploads.request.json');
    for (const example of Object.values(doc.examples)) expectValid(v, example);
  });

  it('sets a seller-fulfilled item up: RECEIVED, INPROGRESS, PROCESSED, then in the catalogue under review and published', async () => {
    const it1 = item(1);
    const { feedId, at } = await submitted(() => seller.feeds.setUpItems([it1], { wfs: false }));
    expect(feedId).toMatch(/^[0-9A-F]{32}@/);
    expectValid(excerptSchema('walmart/itemBulkUploads.request.json'), files[files.length - 1]);
    expectValid(excerptSchema('walmart/itemBulkUploads.200.json'), lastAnswer('POST', /^\/v3\/feeds$/));

    const received = await statusAfter(seller, feedId, at, 0);
    expect(received).toMatchObject({ feedStatus: 'RECEIVED', itemsReceived: 1, itemsProcessing: 1 });
    expect(await skuSearch(seller, it1.sku)).toEqual([]);
    const working = await statusAfter(seller, feedId, at, RECEIVED_MS + 10);
    expect(working.feedStatus).toBe('INPROGRESS');
    expect(working.itemDetails?.itemIngestionStatus[0].ingestionStatus).toBe('INPROGRESS');

    const done: FeedStatus = await statusAfter(seller, feedId, at, DONE);
    expectValid(excerptSchema('walmart/getFeedItemStatus.200.json'), lastAnswer('GET', /^\/v3\/feeds\/./));
    expect(done).toMatchObject({ feedStatus: 'PROCESSED', itemsSucceeded: 1, itemsFailed: 0, itemsProcessing: 0 });
    const [ok] = done.itemDetails!.itemIngestionStatus;
    expect(ok).toMatchObject({ sku: it1.sku, ingestionStatus: 'SUCCESS' });
    expect(ok.wpid).toBeTruthy();

    // In the catalogue at once, unpublished while Walmart reviews it.
    const [found] = await skuSearch(seller, it1.sku);
    expect(found).toMatchObject({ gtin: it1.gtin, productName: it1.productName, brand: 'Acme', wpid: ok.wpid });
    expect(found.publishedStatus?.status).toBe('UNPUBLISHED');
    expect(found.publishedStatus?.reasons?.join(' ')).toMatch(/under review/i);
    expect(isWalmartFulfilled(found)).toBe(false);
    expect((await seller.items.list({ sku: it1.sku })).ItemResponse[0].publishedStatus).toBe('UNPUBLISHED');

    offset += REVIEW_MS;
    const [published] = await skuSearch(seller, it1.sku);
    expect(published.publishedStatus).toEqual({ status: 'PUBLISHED' });
    expect((await seller.items.get(it1.sku)).ItemResponse[0]).toMatchObject({
      sku: it1.sku,
      publishedStatus: 'PUBLISHED',
      price: { currency: 'USD', amount: 19.99 },
    });
  });

  it('sets a WFS item up (MP_WFS_ITEM) with its unit’s dimensions: Walmart-fulfilled', async () => {
    const wfs = item(2, { each: EACH, compliance: COMPLIANCE });
    const { feedId, at } = await submitted(() => seller.feeds.setUpItems([wfs], { wfs: true }));
    const file = files[files.length - 1] as { MPItemFeedHeader: { sellingChannel: string }; MPItem: unknown[] };
    expect(file.MPItemFeedHeader.sellingChannel).toBe('marketplacewfs');
    expectValid(excerptSchema('walmart/itemBulkUploads.request.json'), file);
    expect((await statusAfter(seller, feedId, at, DONE)).feedStatus).toBe('PROCESSED');
    const [found] = await skuSearch(seller, wfs.sku);
    expect(isWalmartFulfilled(found)).toBe(true);
    // Without a main image an item is set up, but stays unpublished for that reason.
    const bare = item(3, { mainImageUrl: undefined });
    const second = await submitted(() => seller.feeds.setUpItems([bare], { wfs: false }));
    await statusAfter(seller, second.feedId, second.at, DONE + REVIEW_MS * 2);
    const [unpublished] = await skuSearch(seller, bare.sku);
    expect(unpublished.publishedStatus?.status).toBe('UNPUBLISHED');
    expect(unpublished.publishedStatus?.reasons?.join(' ')).toMatch(/main image/);
  });

  it('reports each failed item with Walmart’s ingestion errors, and sets the clean ones up', async () => {
    const items = [
      item(10, { gtin: wrongCheckDigit(gtin(7_000_010)) }),
      item(11, { shippingWeightLb: 0 }),
      item(12, { productName: '', brand: '' }),
      item(13),
      // Already set up above with another product id.
      item(14, { sku: item(1).sku, gtin: gtin(7_000_999) }),
    ];
    const { feedId, at } = await submitted(() => seller.feeds.submit('MP_ITEM', itemFeedOf(items, 'MP_ITEM')));
    const done = await statusAfter(seller, feedId, at, DONE);
    expectValid(excerptSchema('walmart/getFeedItemStatus.200.json'), lastAnswer('GET', /^\/v3\/feeds\/./));
    expect(done).toMatchObject({ feedStatus: 'PROCESSED', itemsReceived: 5, itemsSucceeded: 1, itemsFailed: 4 });
    const byIndex = new Map(done.itemDetails!.itemIngestionStatus.map((i) => [`${i.index}`, i]));
    const errors = (index: number) => ingestionErrorsOf(byIndex.get(String(index))!);
    expect(byIndex.get('0')!.ingestionStatus).toBe('DATA_ERROR');
    expect(errors(0)).toEqual([expect.objectContaining({ type: 'DATA_ERROR', field: 'productId' })]);
    expect(errors(0)[0].description).toMatch(/check digit/);
    expect(errors(1).map((e) => e.field)).toEqual(['ShippingWeight']);
    expect(errors(1)[0].description).toMatch(/pounds/);
    expect(errors(2).map((e) => e.field)).toEqual(['productName', 'brand']);
    expect(byIndex.get('3')!.ingestionStatus).toBe('SUCCESS');
    expect(errors(4)).toEqual([
      expect.objectContaining({
        code: 'ERR_EXT_DATA_0101211',
        description: 'This SKU is already set up with a different Product ID.',
      }),
    ]);
    expect(await skuSearch(seller, items[0].sku)).toEqual([]);
    expect(await skuSearch(seller, items[3].sku)).toHaveLength(1);

    // A WFS item needs its unit's dimensions and weight.
    const wfs = await submitted(() => seller.feeds.setUpItems([item(15)], { wfs: true }));
    const [noDims] = (await statusAfter(seller, wfs.feedId, wfs.at, DONE)).itemDetails!.itemIngestionStatus;
    expect(ingestionErrorsOf(noDims).map((e) => e.field)).toEqual([
      'TradeItem',
      'batteryTechnologyType',
      'electronicsIndicator',
      'chemicalAerosolPesticide',
    ]);
  });

  it('fails a feed Walmart cannot read as a whole, with the reason at feed level', async () => {
    // An MP_ITEM feed with a WFS header.
    const wrong = await submitted(() => seller.feeds.submit('MP_ITEM', itemFeedOf([item(20)], 'MP_WFS_ITEM')));
    expect((await statusAfter(seller, wrong.feedId, wrong.at, 0)).feedStatus).toBe('RECEIVED');
    const failed = await statusAfter(seller, wrong.feedId, wrong.at, RECEIVED_MS);
    expectValid(excerptSchema('walmart/getFeedItemStatus.200.json'), lastAnswer('GET', /^\/v3\/feeds\/./));
    expect(failed).toMatchObject({ feedStatus: 'ERROR', itemsReceived: 0 });
    expect(ingestionErrorsOf(failed)[0]).toMatchObject({
      type: 'DATA_ERROR',
      field: 'MPItemFeedHeader.sellingChannel',
    });
    const empty = await submitted(() => seller.feeds.submit('MP_ITEM', itemFeedOf([], 'MP_ITEM')));
    expect((await statusAfter(seller, empty.feedId, empty.at, DONE)).feedStatus).toBe('ERROR');

    // Not JSON at all (the JSON body form Walmart's guide also allows).
    const token = await seller.accessToken();
    const res = await fetch(`${walmartBaseUrl('sandbox', sandboxUrl)}/v3/feeds?feedType=MP_ITEM`, {
      method: 'POST',
      headers: {
        'WM_SEC.ACCESS_TOKEN': token,
        'WM_SVC.NAME': 'Dockside',
        'WM_QOS.CORRELATION_ID': 'c0ffee00-0000-4000-8000-000000000001',
        'content-type': 'application/json',
      },
      body: '{"MPItemFeedHeader": ',
    });
    expect(res.status).toBe(200);
    const { feedId } = (await res.json()) as { feedId: string };
    offset += DONE;
    const broken = await seller.feeds.status(feedId);
    expect(broken.feedStatus).toBe('ERROR');
    expect(ingestionErrorsOf(broken)[0].description).toMatch(/not valid JSON/);
  });

  it('refuses a feed type it does not serve, and a request without a file', async () => {
    const refused = await failure(
      seller.feeds.submit('MP_MAINTENANCE' as ItemFeedType, itemFeedOf([item(30)], 'MP_ITEM')),
    );
    expect(refused).toMatchObject({ kind: 'refused', status: 400 });
    expect(refused!.messages.join(' ')).toMatch(/MP_MAINTENANCE/);
    expectValid(excerptSchema('walmart/error.json'), lastAnswer('POST', /^\/v3\/feeds$/));
    const token = await seller.accessToken();
    const res = await fetch(`${walmartBaseUrl('sandbox', sandboxUrl)}/v3/feeds?feedType=MP_ITEM`, {
      method: 'POST',
      headers: {
        'WM_SEC.ACCESS_TOKEN': token,
        'WM_SVC.NAME': 'Dockside',
        'WM_QOS.CORRELATION_ID': 'c0ffee00-0000-4000-8000-000000000002',
        'content-type': 'text/plain',
      },
      body: 'sku,price',
    });
    expect(res.status).toBe(400);
    expectValid(excerptSchema('walmart/error.json'), await res.json());
    expect((await failure(seller.feeds.status('NO-SUCH-FEED@AU8BAQA')))?.status).toBe(404);
  });

  it('reads every item of a large feed page by page', async () => {
    const many = Array.from({ length: 60 }, (_, i) => item(100 + i));
    const { feedId, at } = await submitted(() => seller.feeds.setUpItems(many, { wfs: false }));
    offset = at + DONE - Date.now();
    const all = await seller.feeds.statusWithItems(feedId);
    expect(all.itemDetails.itemIngestionStatus).toHaveLength(60);
    expect(new Set(all.itemDetails.itemIngestionStatus.map((i) => i.sku)).size).toBe(60);
    expect(all.itemsSucceeded).toBe(60);
  });

  it('lists the seller’s feeds newest first; another seller reads none of them', async () => {
    const list = await seller.feeds.list({ limit: 50 });
    expectValid(excerptSchema('walmart/getAllFeedStatuses.200.json'), lastAnswer('GET', /^\/v3\/feeds$/));
    const feeds = list.results?.feed ?? [];
    expect(list.totalResults).toBeGreaterThanOrEqual(8);
    expect(feeds.map((f) => f.feedDate!)).toEqual([...feeds.map((f) => f.feedDate!)].sort((a, b) => b - a));
    expect(feeds.some((f) => f.feedStatus === 'ERROR')).toBe(true);
    const [newest] = feeds;
    expect((await seller.feeds.list({ feedId: newest.feedId })).results?.feed).toHaveLength(1);

    expect((await failure(other.feeds.status(newest.feedId)))?.status).toBe(404);
    expect((await other.feeds.list()).totalResults).toBe(0);
    expect(await skuSearch(other, item(1).sku)).toEqual([]);
  });

  it('rides through Walmart throttling (429) on the upload and the status read', async () => {
    let left = 2;
    let throttled = 0;
    const faulty: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      if (String(input).includes('/v3/feeds') && left-- > 0) headers.set('x-sandbox-fault', 'throttle');
      const res = await fetch(input, { ...init, headers });
      if (res.status === 429) throttled++;
      return res;
    };
    const api = clientFor(SELLER, faulty);
    const { feedId } = await api.feeds.setUpItems([item(40)], { wfs: false });
    expect(throttled).toBe(2);
    left = 1;
    expect((await api.feeds.status(feedId)).feedId).toBe(feedId);
    expect(throttled).toBe(3);
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
