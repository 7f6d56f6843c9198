/**
 * Amazon Reports v2021-06-30: the Amazon client against the sandbox over real HTTP — each report a
 * prep centre reads requested, followed through IN_QUEUE and IN_PROGRESS to DONE as the sandbox
 * clock moves, its document downloaded from a pre-signed URL (gzipped or not) in Amazon's columns,
 * its lines agreeing with what the FBA Inventory, Listings and Orders APIs say; getReports paging;
 * Amazon's refusals; another seller kept out; document links expiring; throttling ridden through;
 * and the 'amazon.report' operation kind followed by the poll job to SUCCESS or FAILED with
 * Amazon's words. Every answer and request body is held to Amazon's published model.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore, sandboxAuthorisation } from '../helpers/amazon-sandbox.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import type { Order } from '../../server/integrations/amazon/orders-models.js';
import { parseFlatFile, readFlatFileReport } from '../../server/integrations/amazon/reports.js';
import {
  PROCESSING_STATUS_MEANING,
  REPORT_COLUMNS,
  type CreateReportSpecification,
  type FlatFileReportType,
  type Report,
} from '../../server/integrations/amazon/reports-models.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { amazonClientFor } from '../../server/modules/stores/amazon.js';
import { stores } from '../../server/db/schema/index.js';
import { checkOperation, trackOperation } from '../../server/modules/operations/service.js';
import { onOperationDone, type FinishedOperation } from '../../server/modules/operations/kinds.js';
import { withdrawJob } from '../../server/jobs/store-pulls.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const US = 'ATVPDKIKX0DER';
const MODEL = 'amazon/reports_2021-06-30.json';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const v = {
  create: swaggerDefinition(MODEL, 'CreateReportResponse'),
  spec: swaggerDefinition(MODEL, 'CreateReportSpecification'),
  report: swaggerDefinition(MODEL, 'Report'),
  list: swaggerDefinition(MODEL, 'GetReportsResponse'),
  document: swaggerDefinition(MODEL, 'ReportDocument'),
  errors: swaggerDefinition(MODEL, 'ErrorList'),
};
const valid = (check: (typeof v)[keyof typeof v], value: unknown) => expect(check(value), problemsOf(check)).toBe(true);

let s: TestServer;
let sandboxUrl: string;
/** One clock for Dockside, its sandbox and the clients, moved by the tests (no real waiting). */
let clock = Date.now();
const at = (ms: number) => new Date(ms).toISOString();
let storeIds = 960_000;
let sellerA: { sellerId: string; refreshToken: string };
let sellerB: { sellerId: string; refreshToken: string };
/** A Dockside store connected to a third sandbox seller, for the operation poller. */
let storeId: number;
let tenantId: number;
let admin: string;
const heard: FinishedOperation[] = [];

const sentBodies: unknown[] = [];
const recording: typeof fetch = async (input, init) => {
  if (init?.method === 'POST' && String(input).includes('/reports/2021-06-30/reports'))
    sentBodies.push(JSON.parse(String(init.body)));
  return fetch(input, init);
};

/** A fresh client (so fresh usage-plan buckets: the tests never wait out Amazon's rates). */
const clientOf = (
  seller: { refreshToken: string },
  via: typeof fetch = recording,
  sleep: (ms: number) => Promise<void> = async () => undefined,
) =>
  new AmazonClient(
    {
      endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
      app: SANDBOX_APP,
      sleep,
      fetch: via,
      now: () => clock,
    },
    { storeId: storeIds++, refreshToken: seller.refreshToken },
  );
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );

/** A raw SP-API call with the seller's token, for refusals whose body the test reads. */
async function raw(client: AmazonClient, path: string, init: RequestInit = {}) {
  const res = await fetch(`${sandboxUrl}/sandbox/amazon/reports/2021-06-30${path}`, {
    ...init,
    headers: { 'x-amz-access-token': await client.accessToken(), 'content-type': 'application/json', ...init.headers },
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as { errors: { code: string; message: string }[] },
  };
}

/** Requests a report and follows it as Amazon makes it: queued, processing, then ended. */
async function made(seller: { refreshToken: string }, spec: CreateReportSpecification) {
  const client = clientOf(seller);
  const created = await client.reports.createReport(spec);
  valid(v.create, created);
  valid(v.spec, sentBodies.at(-1));
  const seen: Report[] = [];
  for (const step of [0, 200, 300]) {
    clock += step;
    const r = await client.reports.getReport(created.reportId);
    valid(v.report, r);
    seen.push(r);
  }
  return { client, reportId: created.reportId, seen, report: seen.at(-1)! };
}

/** The report's document: its answer, its bytes as served, and its text as the client reads it. */
async function documentOf(client: AmazonClient, report: Report) {
  const doc = await client.reports.getReportDocument(report.reportDocumentId!);
  valid(v.document, doc);
  const served = Buffer.from(await (await fetch(doc.url)).arrayBuffer());
  return { doc, served, text: await client.reports.downloadReportDocument(doc) };
}

const window = (days: number) => ({ dataStartTime: at(clock - days * DAY), dataEndTime: at(clock) });
const SPECS: Record<FlatFileReportType, Partial<CreateReportSpecification>> = {
  GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA: {},
  GET_MERCHANT_LISTINGS_ALL_DATA: {},
  GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE: window(30),
  GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA: window(30),
  GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA: window(200),
  GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA: window(200),
};
/** Each report type's lines, read once (first test) and compared with the other APIs after. */
const lines = new Map<FlatFileReportType, Record<string, string>[]>();

async function allOrders(client: AmazonClient): Promise<Order[]> {
  const out: Order[] = [];
  let paginationToken: string | undefined;
  do {
    const page = await client.orders.searchOrders({
      lastUpdatedAfter: at(clock - 8 * DAY),
      marketplaceIds: [US],
      includedData: ['FULFILLMENT'],
      maxResultsPerPage: 100,
      paginationToken,
    });
    out.push(...page.orders);
    paginationToken = page.pagination?.nextToken;
  } while (paginationToken);
  return out;
}

beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(clock);
  clientOverrides.sleep = async () => undefined;
  [sellerA, sellerB] = await Promise.all([sandboxAuthorisation(sandboxUrl), sandboxAuthorisation(sandboxUrl)]);
  // Dockside's own sign-in first: its tokens are dated by the clock the tests move.
  admin = await s.token('demo.admin');
  const me = await s.signIn('demo.client');
  tenantId = me.userData.tenantId;
  const store = await s.post(
    '/api/common/stores',
    { companyId: me.userData.companyId, marketplace: 'amazon_us', name: 'Acme Reports', environment: 'sandbox' },
    admin,
  );
  expect(store.status, JSON.stringify(store.meta)).toBe(201);
  storeId = store.body.id;
  await connectAmazonStore(s, sandboxUrl, storeId, admin);
  onOperationDone('amazon.report', async (_deps, done) => void heard.push(done));
  // The poll job's checks are run by hand in the tests, one at a time.
  withdrawJob('marketplace.poll-operation');
});
afterAll(() => s.close());

describe('Amazon reports against the sandbox', () => {
  it('makes each report asynchronously and serves its document in Amazon’s columns, gzipped when large', async () => {
    const compressed = new Set<boolean>();
    for (const type of Object.keys(SPECS) as FlatFileReportType[]) {
      const { client, seen, report } = await made(sellerA, { reportType: type, marketplaceIds: [US], ...SPECS[type] });
      expect(
        seen.map((r) => r.processingStatus),
        type,
      ).toEqual(['IN_QUEUE', 'IN_PROGRESS', 'DONE']);
      expect(seen[0].processingStartTime).toBeUndefined();
      expect(seen[1].processingStartTime).toBeDefined();
      expect(Date.parse(report.processingEndTime!)).toBeGreaterThan(Date.parse(report.processingStartTime!));
      expect(report).toMatchObject({ reportType: type, marketplaceIds: [US] });
      const { doc, served, text } = await documentOf(client, report);
      // The pre-signed URL is this sandbox's, carries no SP-API token, and says how it is compressed.
      expect(doc.url.startsWith(`${sandboxUrl}/sandbox/amazon/`)).toBe(true);
      const gzipped = served[0] === 0x1f && served[1] === 0x8b;
      expect(gzipped, type).toBe(doc.compressionAlgorithm === 'GZIP');
      expect(gzipped || served.length < 1024, type).toBe(true);
      if (gzipped) expect(gunzipSync(served).toString('utf8')).toBe(text);
      compressed.add(gzipped);
      const { columns, rows } = parseFlatFile(text);
      expect(columns, type).toEqual([...REPORT_COLUMNS[type]]);
      expect(rows.length, type).toBeGreaterThan(0);
      lines.set(type, readFlatFileReport(type, text));
    }
    expect(compressed.has(true)).toBe(true);

    // dataStartTime/dataEndTime choose the lines: one return's own second holds just that return (small: not gzipped).
    const first = lines.get('GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA')![0];
    const when = Date.parse(first['return-date']);
    const one = await made(sellerA, {
      reportType: 'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA',
      marketplaceIds: [US],
      dataStartTime: at(when),
      dataEndTime: at(when + 999),
    });
    const narrow = await documentOf(one.client, one.report);
    expect(narrow.doc.compressionAlgorithm).toBeUndefined();
    const rows = parseFlatFile(narrow.text).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r['return-date'] === first['return-date'])).toBe(true);
  });

  it('agrees with the FBA Inventory, Listings and Orders APIs', async () => {
    const client = clientOf(sellerA);
    // MYI: the quantities getInventorySummaries has, SKU by SKU.
    const summaries = (await client.inventorySummaries(US)).payload!.inventorySummaries;
    const myi = lines.get('GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA')!;
    expect(myi.map((r) => r.sku).sort()).toEqual(summaries.map((x) => x.sellerSku).sort());
    for (const x of summaries) {
      const row = myi.find((r) => r.sku === x.sellerSku)!;
      const d = x.inventoryDetails!;
      expect(row).toMatchObject({ fnsku: x.fnSku, asin: x.asin, 'product-name': x.productName });
      expect(Number(row['afn-fulfillable-quantity'])).toBe(d.fulfillableQuantity);
      expect(Number(row['afn-unsellable-quantity'])).toBe(d.unfulfillableQuantity!.totalUnfulfillableQuantity);
      expect(Number(row['afn-reserved-quantity'])).toBe(d.reservedQuantity!.totalReservedQuantity);
      expect(Number(row['afn-inbound-shipped-quantity'])).toBe(d.inboundShippedQuantity);
      expect(Number(row['afn-total-quantity'])).toBe(x.totalQuantity);
    }
    // All Listings: the listings the Listings Items API has, at their prices and ASINs.
    const listed = [];
    let pageToken: string | undefined;
    do {
      const page = await client.catalog(sellerA.sellerId).searchListings(US, { pageSize: 20, pageToken });
      listed.push(...page.items);
      pageToken = page.pagination?.nextToken;
    } while (pageToken);
    const all = lines.get('GET_MERCHANT_LISTINGS_ALL_DATA')!;
    expect(all.map((r) => r['seller-sku']).sort()).toEqual(listed.map((l) => l.sku).sort());
    for (const l of listed) {
      const row = all.find((r) => r['seller-sku'] === l.sku)!;
      expect(row.asin1).toBe(l.summaries![0].asin);
      expect(row.price).toBe(l.offers![0].price.amount);
      expect(row['fulfillment-channel']).toBe('AMAZON_NA');
    }
    // Returns: FBA returns come from FBA orders Amazon shipped, seller returns from orders the seller shipped.
    const orders = new Map((await allOrders(client)).map((o) => [o.orderId, o]));
    const returned = (rows: Record<string, string>[], id: string, sku: string, qty: string, by: string) => {
      for (const r of rows) {
        const o = orders.get(r[id]);
        expect(o, r[id]).toBeDefined();
        expect(o!.fulfillment!.fulfilledBy).toBe(by);
        expect(['SHIPPED', 'PARTIALLY_SHIPPED']).toContain(o!.fulfillment!.fulfillmentStatus);
        const item = o!.orderItems.find((i) => i.product.sellerSku === r[sku]);
        expect(item, r[sku]).toBeDefined();
        expect(Number(r[qty])).toBeLessThanOrEqual(item!.quantityOrdered);
      }
    };
    returned(lines.get('GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA')!, 'order-id', 'sku', 'quantity', 'AMAZON');
    returned(
      lines.get('GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE')!,
      'Order ID',
      'Merchant SKU',
      'Return quantity',
      'MERCHANT',
    );
    // Removals: the seller's own FBA SKUs; the parcels add up to what the orders say was shipped.
    const fnskuOf = new Map(summaries.map((x) => [x.sellerSku, x.fnSku]));
    const detail = lines.get('GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA')!;
    for (const r of detail) {
      expect(r.fnsku).toBe(fnskuOf.get(r.sku));
      const counted = ['cancelled', 'disposed', 'shipped', 'in-process'].reduce(
        (t, k) => t + Number(r[`${k}-quantity`]),
        0,
      );
      expect(counted).toBe(Number(r['requested-quantity']));
    }
    const parcels = lines.get('GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA')!;
    const shippedBy = new Map<string, number>();
    for (const p of parcels) {
      const key = `${p['order-id']}/${p.sku}`;
      shippedBy.set(key, (shippedBy.get(key) ?? 0) + Number(p['shipped-quantity']));
    }
    for (const [key, quantity] of shippedBy) {
      const line = detail.find((r) => `${r['order-id']}/${r.sku}` === key);
      expect(line, key).toBeDefined();
      expect(line!['order-type']).toBe('Return');
      expect(Number(line!['shipped-quantity'])).toBe(quantity);
    }
  });

  it('pages getReports newest first with nextToken alone, and filters by status', async () => {
    const client = clientOf(sellerB);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock += 1;
      ids.push(
        (await client.reports.createReport({ reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] }))
          .reportId,
      );
    }
    const pages: Report[][] = [];
    let page = await client.reports.getReports({ reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'], pageSize: 2 });
    for (;;) {
      valid(v.list, page);
      pages.push(page.reports);
      if (!page.nextToken) break;
      page = await client.reports.getReports({ nextToken: page.nextToken });
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((r) => r.reportId)).toEqual([...ids].reverse());
    expect(pages.flat().every((r) => r.processingStatus === 'IN_QUEUE')).toBe(true);
    // nextToken goes alone, as Amazon requires.
    const token = (await client.reports.getReports({ reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'], pageSize: 2 }))
      .nextToken!;
    const mixed = await raw(client, `/reports?nextToken=${token}&pageSize=2`);
    expect(mixed.status).toBe(400);
    valid(v.errors, mixed.body);
    // Statuses move with the clock; the filter follows them.
    clock += 500;
    const done = await client.reports.getReports({
      reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'],
      processingStatuses: ['DONE'],
      pageSize: 100,
    });
    expect(done.reports.map((r) => r.reportId).sort()).toEqual([...ids].sort());
    const queued = await client.reports.getReports({
      reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'],
      processingStatuses: ['IN_QUEUE'],
    });
    expect(queued.reports).toEqual([]);
    // Another type, another marketplace: not these.
    expect(
      (
        await client.reports.getReports({
          reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'],
          marketplaceIds: ['A2EUQ1WTGCTBG2'],
        })
      ).reports,
    ).toEqual([]);
  });

  it('refuses what Amazon refuses, in its error shape', async () => {
    const client = clientOf(sellerB);
    const post = (body: unknown) => raw(client, '/reports', { method: 'POST', body: JSON.stringify(body) });
    const ok = { reportType: 'GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA', marketplaceIds: [US] };
    const cases: [unknown, RegExp][] = [
      [{ ...ok, reportType: 'GET_EVERYTHING_DATA' }, /Invalid reportType/],
      [{ ...ok, marketplaceIds: ['A1PA6795UKMFR9'] }, /Invalid marketplaceIds/],
      [{ ...ok, marketplaceIds: [] }, /marketplaceIds/],
      [{ marketplaceIds: [US] }, /reportType/],
      [{ ...ok, dataStartTime: at(clock - DAY), dataEndTime: at(clock - 2 * DAY) }, /before dataEndTime/],
      [{ ...ok, dataStartTime: at(clock + DAY) }, /prior to or equal to the current/],
      [{ ...ok, dataStartTime: 'last week' }, /ISO 8601/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      valid(v.errors, res.body);
      expect(res.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
      expect(res.body.errors[0].message).toMatch(message);
    }
    for (const q of ['', '?reportTypes=GET_MERCHANT_LISTINGS_ALL_DATA&pageSize=101', '?nextToken=garbage']) {
      const res = await raw(client, `/reports${q}`);
      expect(res.status, q).toBe(400);
      valid(v.errors, res.body);
    }
    // Through the client: a refusal with Amazon's words, not retried.
    const refused = await failure(client.reports.createReport({ ...ok, reportType: 'GET_EVERYTHING_DATA' }));
    expect(refused).toMatchObject({ kind: 'refused', status: 400 });
    expect(refused!.messages[0]).toMatch(/Amazon \(InvalidInput\).*Invalid reportType/);

    // Only a queued report can be cancelled; it then reads CANCELLED, never processed.
    const { reportId } = await client.reports.createReport(ok);
    await expect(client.reports.cancelReport(reportId)).resolves.toBeNull();
    clock += 1000;
    const cancelled = await client.reports.getReport(reportId);
    expect(cancelled).toMatchObject({ processingStatus: 'CANCELLED' });
    expect(cancelled.processingStartTime).toBeUndefined();
    const { report } = await made(sellerB, ok);
    const late = await failure(clientOf(sellerB).reports.cancelReport(report.reportId));
    expect(late).toMatchObject({ kind: 'refused', status: 400 });
    expect(late!.messages[0]).toMatch(/DONE.*IN_QUEUE/);
    const missing = await raw(client, '/reports/12345678901');
    expect(missing.status).toBe(404);
    valid(v.errors, missing.body);
  });

  it('keeps a seller’s reports and documents from another seller', async () => {
    const { client, report } = await made(sellerA, {
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      marketplaceIds: [US],
    });
    const other = clientOf(sellerB);
    expect(await failure(other.reports.getReport(report.reportId))).toMatchObject({ kind: 'refused', status: 404 });
    expect(await failure(other.reports.getReportDocument(report.reportDocumentId!))).toMatchObject({ status: 404 });
    expect(await failure(other.reports.cancelReport(report.reportId))).toMatchObject({ status: 404 });
    const theirs = await other.reports.getReports({ reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'], pageSize: 100 });
    expect(theirs.reports.some((r) => r.reportId === report.reportId)).toBe(false);
    // The pre-signed URL is a capability: altered, it is refused as S3 refuses a bad signature.
    const { url } = await client.reports.getReportDocument(report.reportDocumentId!);
    const forged = new URL(url);
    forged.searchParams.set('X-Amz-Signature', `${forged.searchParams.get('X-Amz-Signature')}x`);
    const res = await fetch(forged);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const elsewhere = new URL(
      url.replace(report.reportDocumentId!, 'amzn1.spdoc.1.4.na.00000000-0000-0000-0000-000000000000'),
    );
    expect((await fetch(elsewhere)).status).toBe(403);
    // Without the SP-API token, Amazon's 403.
    expect((await fetch(`${sandboxUrl}/sandbox/amazon/reports/2021-06-30/reports/${report.reportId}`)).status).toBe(
      403,
    );
  });

  it('lets a document link expire after five minutes; a fresh one works', async () => {
    const { client, report } = await made(sellerA, {
      reportType: 'GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA',
      marketplaceIds: [US],
    });
    const doc = await client.reports.getReportDocument(report.reportDocumentId!);
    clock += 5 * MINUTE + 1000;
    const res = await fetch(doc.url);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    // An expired link is a refusal to ask again, not the store losing its authorisation.
    const expired = await failure(client.reports.downloadReportDocument(doc));
    expect(expired).toMatchObject({ kind: 'refused', status: 403 });
    expect(expired!.messages[0]).toMatch(/Request has expired.*ask for the document again/);
    const fresh = await client.reports.getReportDocument(report.reportDocumentId!);
    expect(parseFlatFile(await client.reports.downloadReportDocument(fresh)).rows.length).toBeGreaterThan(0);
  });

  it('rides through throttling, reads Content-Encoding gzip, and refuses garbage for a document', async () => {
    const calls: string[] = [];
    const faulty = (faults: string[], match: RegExp): typeof fetch => {
      let n = 0;
      return (input, init) => {
        const headers = new Headers(init?.headers);
        const fault = match.test(String(input)) ? faults[n++] : undefined;
        if (fault) headers.set('x-sandbox-fault', fault);
        calls.push(fault ?? 'none');
        return fetch(input, { ...init, headers });
      };
    };
    const spec = { reportType: 'GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA', marketplaceIds: [US] };
    const { reportId } = await clientOf(sellerA).reports.createReport(spec);
    clock += 500;
    // Amazon's 429 names a slower rate (0.5/s): the client waits its bucket out (real waiting, ~2 s:
    // the rate limiter runs on the real clock), then asks again. getReport is the operation whose
    // usage plan makes that wait shortest.
    const idle = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 50)));
    const throttled = clientOf(sellerA, faulty(['throttle'], /\/reports\/2021-06-30\/reports\/\d+$/), idle);
    const report = await throttled.reports.getReport(reportId);
    expect(report.processingStatus).toBe('DONE');
    expect(calls.filter((c) => c === 'throttle')).toHaveLength(1);
    // The document store slowing down (S3's 503 SlowDown) is retried too.
    const slow = clientOf(sellerA, faulty(['throttle'], /report-documents/));
    const doc = await slow.reports.getReportDocument(report.reportDocumentId!, true);
    expect(doc.compressionAlgorithm).toBe('GZIP');
    // With enableContentEncodingUrlHeader the transport inflates it; the client reads the same text.
    const text = await slow.reports.downloadReportDocument(doc);
    expect(calls.filter((c) => c === 'throttle')).toHaveLength(2);
    expect(parseFlatFile(text).columns).toEqual([...REPORT_COLUMNS.GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA]);
    expect(readFlatFileReport('GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA', text).length).toBeGreaterThan(0);

    // A captive portal's HTML, or a cut-off gzip, is never read as a report.
    const html: typeof fetch = async (input, init) =>
      String(input).includes('report-documents')
        ? new Response('<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>', {
            headers: { 'content-type': 'text/html' },
          })
        : fetch(input, init);
    const portal = clientOf(sellerA, html);
    const plain = await portal.reports.getReportDocument(report.reportDocumentId!);
    expect(await failure(portal.reports.downloadReportDocument(plain))).toMatchObject({ kind: 'garbage' });
    const cut: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).includes('report-documents')) return res;
      return new Response(Buffer.from(await res.arrayBuffer()).subarray(0, 40), { headers: res.headers });
    };
    const broken = clientOf(sellerA, cut);
    const gz = await broken.reports.getReportDocument(report.reportDocumentId!);
    expect(await failure(broken.reports.downloadReportDocument(gz))).toMatchObject({ kind: 'garbage' });
    // And a wrong report is caught by its columns.
    expect(() => readFlatFileReport('GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA', text)).toThrow(/lacks the column/);
  });
});

describe("the 'amazon.report' operation kind", () => {
  async function track(spec: CreateReportSpecification, cancel = false) {
    const [record] = await s.db.select().from(stores).where(eq(stores.id, storeId));
    const amazon = await amazonClientFor(s.started.deps, record);
    const { reportId } = await amazon.reports.createReport(spec);
    if (cancel) await amazon.reports.cancelReport(reportId);
    await trackOperation(s.started.deps, s.db, { storeId, kind: 'amazon.report', operationId: reportId });
    return reportId;
  }
  const check = (reportId: string) =>
    checkOperation(s.started.deps, { tenantId, storeId, operation: reportId, kind: 'amazon.report' });
  const seeOp = async (reportId: string) =>
    (await s.get(`/api/common/stores/${storeId}/operations/${reportId}`, admin)).body;

  it('follows a report to SUCCESS and tells the workflow once', async () => {
    const reportId = await track({ reportType: 'GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA', marketplaceIds: [US] });
    expect(await check(reportId)).toMatchObject({ status: 'IN_PROGRESS', checks: 1 });
    clock += 500;
    expect(await check(reportId)).toMatchObject({ status: 'SUCCESS', checks: 2 });
    expect(await seeOp(reportId)).toMatchObject({
      status: 'SUCCESS',
      operation: 'GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA',
      problems: [],
    });
    expect(heard.filter((h) => h.operationId === reportId)).toEqual([
      expect.objectContaining({ status: 'SUCCESS', storeId, tenantId }),
    ]);
  });

  it('fails a FATAL report with the text of Amazon’s error document', async () => {
    const reportId = await track({
      reportType: 'GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE',
      marketplaceIds: [US],
      dataStartTime: at(clock - 90 * DAY),
      dataEndTime: at(clock),
    });
    clock += 500;
    expect(await check(reportId)).toMatchObject({ status: 'FAILED' });
    const op = await seeOp(reportId);
    expect(op.problems).toEqual([
      expect.objectContaining({ code: 'FATAL', severity: 'ERROR', message: expect.stringMatching(/60-day limit/) }),
    ]);
    expect(heard.find((h) => h.operationId === reportId)?.status).toBe('FAILED');
  });

  it('a report with no data (Amazon cancels it) ends with nothing to import, and Amazon’s words as a warning', async () => {
    const cancelled = await track({ reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] }, true);
    // No data: a window of half a second in which nothing is returned (returns happen on whole seconds).
    const second = Math.floor(clock / 1000) * 1000 - DAY;
    const empty = await track({
      reportType: 'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA',
      marketplaceIds: [US],
      dataStartTime: at(second + 200),
      dataEndTime: at(second + 700),
    });
    clock += 500;
    for (const reportId of [cancelled, empty]) {
      expect(await check(reportId)).toMatchObject({ status: 'SUCCESS' });
      expect((await seeOp(reportId)).problems).toEqual([
        expect.objectContaining({
          code: 'CANCELLED',
          severity: 'WARNING',
          message: `No data to import: ${PROCESSING_STATUS_MEANING.CANCELLED}`,
        }),
      ]);
    }
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
