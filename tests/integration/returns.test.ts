/**
 * FBM return orders and FBA removal shipments (issue 20): pulled from the Amazon sandbox's reports
 * only when the store's settings ask for it, idempotent by return key, resuming the same report
 * after an outage; uploaded by file all or nothing with a row report; and received through the
 * ordinary inbound flow — the dock scan of the return's tracking number finds it, the item scan
 * counts a sellable unit onto the client's ledger or turns a damaged one into a problem with its
 * damage type. A client sees only its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore } from '../helpers/amazon-sandbox.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { inventoryLedger } from '../../server/db/schema/index.js';
import { returnOrders, returnPulls } from '../../server/db/schema/returns.js';
import { pullReturns, reportWait, scheduleReturnPulls } from '../../server/modules/returns/pull.js';

let s: TestServer;
let sandboxUrl: string;
let admin: string;
let client: string;
let client2: string;
let receiver: string;
let north: string;
let tenantId: number;
let acmeId: number;
let storeId: number;

const pull = () => pullReturns(s.started.deps, { tenantId, storeId });
const countOf = async (kind: string) =>
  (
    await s.db
      .select({ n: sql<number>`count(*)::int` })
      .from(returnOrders)
      .where(and(eq(returnOrders.storeId, storeId), eq(returnOrders.kind, kind)))
  )[0].n;
const setting = async (settingKey: string, value: string) => {
  const res = await s.post(
    '/api/common/settings',
    { referenceType: 'STORE', referenceId: storeId, companyId: acmeId, settingKey, value },
    admin,
  );
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
};
async function upload(segment: 'fbm' | 'fba', csv: string, token: string, query = '') {
  const form = new FormData();
  form.set('file', new File([csv], 'returns.csv', { type: 'text/csv' }));
  const res = await s.started.app.request(`/api/returns/${segment}/file-upload${query}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, ...((await res.json()) as { body: any; meta: any }) };
}
const onHand = async (productKey: string, companyId = acmeId) =>
  Number(
    (
      await s.db
        .select({ n: sql<number>`coalesce(sum(${inventoryLedger.quantity}), 0)::int` })
        .from(inventoryLedger)
        .where(
          and(
            eq(inventoryLedger.companyId, companyId),
            eq(inventoryLedger.productKey, productKey),
            eq(inventoryLedger.condition, 'sellable'),
          ),
        )
    )[0].n,
  );

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  [admin, client, client2, receiver, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'demo.receiver', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  tenantId = me.userData.tenantId;
  acmeId = me.userData.companyId;
  const store = await s.post(
    '/api/common/stores',
    { companyId: acmeId, environment: 'sandbox', marketplace: 'amazon_us', name: 'Acme Returns US' },
    admin,
  );
  expect(store.status, JSON.stringify(store.meta)).toBe(201);
  storeId = store.body.id;
  await connectAmazonStore(s, sandboxUrl, storeId, admin);
  for (const p of [
    { title: 'Returned mug', msku: 'RET-MUG', upc: '0840123456786' },
    { title: 'Returned lamp', msku: 'RET-LAMP', fnsku: 'X00RETLAMP' },
  ]) {
    const res = await s.post('/api/product/products', { companyId: acmeId, ...p }, client);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
  }
});
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s.close();
});

describe('pulling returns and removals from Amazon', () => {
  it('with both settings off: nothing is asked of Amazon, nothing stored, "pull now" says where to turn it on', async () => {
    const r = await pull();
    expect(r.kinds.map((k) => k.skipped)).toEqual([
      'STORE_PULL_AMZ_RETURN_ORDER is off',
      'STORE_PULL_AMZ_REMOVAL_ORDER is off',
    ]);
    expect(await countOf('fbm_return')).toBe(0);
    const now = await s.post('/api/returns/fbm/pull', { storeId }, admin);
    expect(now.status).toBe(412);
    expect(now.meta.error_list[0].message).toBe(
      'Turn on hourly pulling for this store on its Returns or Removals page first',
    );
    expect((await scheduleReturnPulls(s.started.deps)).queued).toBe(0);
  });

  it('STORE_PULL_AMZ_RETURN_ORDER on: the store’s return requests become expected returns, each an inbound batch with its tracking number', async () => {
    await setting('STORE_PULL_AMZ_RETURN_ORDER', 'true');
    const r = await pull();
    const returns = r.kinds.find((k) => k.kind === 'fbm_return')!;
    expect(returns.created).toBeGreaterThan(0);
    expect(r.kinds.find((k) => k.kind === 'fba_removal')!.skipped).toMatch(/off/);
    expect(await countOf('fbm_return')).toBe(returns.created);
    expect(await countOf('fba_removal')).toBe(0);

    const list = await s.get('/api/returns/fbm?pageSize=100', client);
    expect(list.status).toBe(200);
    expect(list.body.totalElements).toBe(returns.created);
    const first = list.body.content[0];
    expect(first).toMatchObject({
      kind: 'fbm_return',
      source: 'amazon',
      stage: 'expected',
      storeName: 'Acme Returns US',
    });
    expect(first.rma).toBeTruthy();
    const detail = await s.get(`/api/returns/fbm/${first.id}`, client);
    expect(detail.body.packages).toHaveLength(1);
    expect(detail.body.packages[0]).toMatchObject({ status: 'expected' });
    expect(detail.body.lines.length).toBeGreaterThan(0);
    expect(detail.body.lines.every((l: { expectedQty: number; sku: string }) => l.expectedQty > 0 && l.sku)).toBe(true);
    // The same return is an inbound batch: the floor's batch endpoint shows the same tracking and items.
    const batch = await s.get(`/api/ship/batch/${first.batchId}`, admin);
    expect(batch.body.trackingNumbers[0].trackingNumber).toBe(first.trackingNumber);
    expect(batch.body.items.every((i: { itemAction: string }) => i.itemAction === 'fbm')).toBe(true);
    // The removals screen lists none of them.
    expect((await s.get('/api/returns/fba', client)).body.totalElements).toBe(0);
  });

  it('a second pull stores nothing twice (idempotent by Amazon RMA id)', async () => {
    const before = await countOf('fbm_return');
    const again = await pull();
    expect(again.kinds[0]).toMatchObject({ created: 0 });
    expect(await countOf('fbm_return')).toBe(before);
  });

  it('STORE_PULL_AMZ_REMOVAL_ORDER on: removal parcels become expected removal shipments, one per tracking number', async () => {
    await setting('STORE_PULL_AMZ_REMOVAL_ORDER', 'true');
    const r = await pull();
    const removals = r.kinds.find((k) => k.kind === 'fba_removal')!;
    expect(removals.created).toBeGreaterThan(0);
    const list = (await s.get('/api/returns/fba?pageSize=100', admin)).body.content;
    expect(list).toHaveLength(removals.created!);
    const keys = new Set(
      list.map((x: { orderId: string; trackingNumber: string }) => `${x.orderId}/${x.trackingNumber}`),
    );
    expect(keys.size).toBe(list.length);
    const detail = (await s.get(`/api/returns/fba/${list[0].id}`, admin)).body;
    expect(detail.lines.every((l: { disposition: string }) => ['Sellable', 'Unsellable'].includes(l.disposition))).toBe(
      true,
    );
    expect((await pull()).kinds.find((k) => k.kind === 'fba_removal')).toMatchObject({ created: 0 });
  });

  it('an Amazon outage while the report is made keeps the report id; the retry reads that same report', async () => {
    await s.db.update(returnPulls).set({ highWater: null }).where(eq(returnPulls.storeId, storeId));
    const failing: typeof fetch = async (input, init) => {
      if (/\/reports\/2021-06-30\/reports\/[^/?]+/.test(String(input)) && (init?.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify({ errors: [{ code: 'InternalFailure', message: 'We are down' }] }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      return fetch(input, init);
    };
    clientOverrides.fetch = failing;
    await expect(pull()).rejects.toMatchObject({ status: 503 });
    clientOverrides.fetch = undefined;
    const [mark] = await s.db
      .select()
      .from(returnPulls)
      .where(and(eq(returnPulls.storeId, storeId), eq(returnPulls.kind, 'fbm_return')));
    expect(mark.pendingReportId).toBeTruthy();
    expect(mark.lastError).toBeTruthy();
    const before = await countOf('fbm_return');
    const retried = await pull();
    expect(retried.kinds[0].reportId).toBe(mark.pendingReportId);
    expect(retried.kinds[0].created).toBe(0);
    expect(await countOf('fbm_return')).toBe(before);
    const [after] = await s.db
      .select()
      .from(returnPulls)
      .where(and(eq(returnPulls.storeId, storeId), eq(returnPulls.kind, 'fbm_return')));
    expect(after).toMatchObject({ pendingReportId: null, lastError: null });
  });

  it('a report Amazon has not finished in time is left to the retry, which reads that report', async () => {
    await s.db.update(returnPulls).set({ highWater: null }).where(eq(returnPulls.storeId, storeId));
    const wait = reportWait.maxMs;
    reportWait.maxMs = -1;
    try {
      await expect(pull()).rejects.toThrow(/has not finished report/);
    } finally {
      reportWait.maxMs = wait;
    }
    const [mark] = await s.db
      .select()
      .from(returnPulls)
      .where(and(eq(returnPulls.storeId, storeId), eq(returnPulls.kind, 'fbm_return')));
    expect(mark.pendingReportId).toBeTruthy();
    const retried = await pull();
    expect(retried.kinds[0]).toMatchObject({ reportId: mark.pendingReportId, created: 0 });
  });

  it('the hourly schedule queues one pull per store with a setting on; the job runs it', async () => {
    const [before] = await s.db
      .select()
      .from(returnPulls)
      .where(and(eq(returnPulls.storeId, storeId), eq(returnPulls.kind, 'fba_removal')));
    expect((await scheduleReturnPulls(s.started.deps)).queued).toBe(1);
    let after = before;
    for (let i = 0; i < 100 && after.lastPulledAt === before.lastPulledAt; i++) {
      await new Promise((r) => setTimeout(r, 100));
      [after] = await s.db
        .select()
        .from(returnPulls)
        .where(and(eq(returnPulls.storeId, storeId), eq(returnPulls.kind, 'fba_removal')));
    }
    expect(Date.parse(after.lastPulledAt!)).toBeGreaterThan(Date.parse(before.lastPulledAt!));
    expect(after.pendingReportId).toBeNull();
  });
});

const RETURNS_CSV = [
  'order_id,rma,tracking_number,carrier,request_date,sku,asin,fnsku,upc,title,quantity,reason,disposition',
  '111-2223334-0001,DRTEST0001,1ZRETTEST0001,UPS,2026-11-20,RET-MUG,,,,Mug,2,CR-UNWANTED_ITEM,',
  '111-2223334-0001,DRTEST0001,1ZRETTEST0001,UPS,2026-11-20,RET-LAMP,,,,Lamp,1,CR-DEFECTIVE,',
].join('\n');

describe('uploading returns and removals', () => {
  it('a bad file is refused row by row and stores nothing', async () => {
    const bad = ['order_id,tracking_number,sku,quantity,colour', ',1ZX,RET-MUG,1,red'].join('\n');
    const wrongColumns = await upload('fbm', bad, client);
    expect(wrongColumns.status).toBe(400);
    expect(wrongColumns.meta.error_list[0].message).toMatch(/Unknown columns: colour/);
    const rows = ['order_id,tracking_number,sku,quantity', ',1ZX,RET-MUG,1', 'R-2,,RET-MUG,0', 'R-3,1ZY,,2'].join('\n');
    const refused = await upload('fba', rows, client);
    expect(refused.status).toBe(400);
    const issues = refused.body.issues.map(
      (i: { row: number; column: string | null; code: string }) => `${i.row}:${i.column}:${i.code}`,
    );
    expect(issues).toEqual([
      '2:order_id:required',
      '3:tracking_number:required',
      '3:quantity:whole_number',
      '4:null:needs_code',
    ]);
    expect((await s.get('/api/returns/fba?q=R-', client)).body.totalElements).toBe(0);
  });

  it('a good file is stored whole, once; the template is the file’s columns', async () => {
    const template = await s.started.app.request('/api/returns/fbm/file-upload/template', {
      headers: { authorization: `Bearer ${client}` },
    });
    expect((await template.text()).split('\n')[0]).toBe(RETURNS_CSV.split('\n')[0]);
    const checked = await upload('fbm', RETURNS_CSV, client, '?validateOnly=true');
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ stored: false, returns: 1, lines: 2 });
    const stored = await upload('fbm', RETURNS_CSV, client);
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ stored: true, created: 1 });
    // Received as an inbound batch, but not listed among the purchase orders.
    expect((await s.get('/api/ship/batch?q=DRTEST0001', client)).body.totalElements).toBe(0);
    expect((await upload('fbm', RETURNS_CSV, client)).body).toMatchObject({ created: 0, unchanged: 1 });
    // Warehouse staff upload for a client they name; without one it is a 400.
    expect((await upload('fbm', RETURNS_CSV, admin)).status).toBe(400);
  });
});

describe('receiving returns through the inbound flow', () => {
  const scanPackage = async (rb: string, trackingNumber: string) =>
    (
      await s.post(
        '/api/inbound/package-scan',
        { id: crypto.randomUUID(), batchId: rb, trackingNumber, scannedAt: new Date().toISOString() },
        receiver,
      )
    ).body;
  const scanItem = (batchId: number, code: string, damaged?: { damageType: string }) =>
    s.post(
      '/api/inbound/item-scan',
      { id: crypto.randomUUID(), batchId, code, scannedAt: new Date().toISOString(), ...(damaged ? { damaged } : {}) },
      receiver,
    );

  it('a sellable unit goes back to the client’s stock; a damaged one becomes a problem with its damage type', async () => {
    const [ret] = (await s.get('/api/returns/fbm?q=DRTEST0001', client)).body.content;
    expect(ret.stage).toBe('expected');
    const mugBefore = await onHand('RET-MUG');
    const rb = crypto.randomUUID();
    await s.post('/api/inbound/package-receive-batch', { id: rb, companyId: acmeId }, receiver);
    // The dock scan of the return's tracking number finds it.
    expect((await scanPackage(rb, '1zrettest0001')).matchStatus).toBe('matched');
    // The mug's own barcode (its catalogue UPC) counts it; the ledger holds one more for Acme.
    const good = await scanItem(ret.batchId, '0840123456786');
    expect(good.status, JSON.stringify(good.meta)).toBe(201);
    expect(good.body.verdict).toBe('received');
    expect(await onHand('RET-MUG')).toBe(mugBefore + 1);
    expect(await onHand('RET-MUG', (await s.signIn('demo.client2')).userData.companyId)).toBe(0);
    const damaged = await scanItem(ret.batchId, 'RET-LAMP', { damageType: 'defective' });
    expect(damaged.body).toMatchObject({ verdict: 'damaged' });

    let detail = (await s.get(`/api/returns/fbm/${ret.id}`, client)).body;
    expect(detail.stage).toBe('receiving');
    expect(detail.packages[0].status).toBe('delivered');
    const mug = detail.lines.find((l: { sku: string }) => l.sku === 'RET-MUG');
    const lamp = detail.lines.find((l: { sku: string }) => l.sku === 'RET-LAMP');
    expect(mug).toMatchObject({ expectedQty: 2, sellableQty: 1, damagedQty: 0, upc: '0840123456786' });
    // The lamp's catalogue FNSKU is its item's, so it lands on the client's one ledger line for it.
    expect(lamp).toMatchObject({ expectedQty: 1, sellableQty: 0, damagedQty: 1, fnsku: 'X00RETLAMP' });
    expect(detail.problems).toEqual([
      expect.objectContaining({
        type: 'damaged',
        damageType: 'defective',
        quantity: 1,
        resolution: 'not_resolved_yet',
      }),
    ]);

    // A different item in the parcel (the buyer sent back something else): a problem, nothing counted.
    const wrong = await scanItem(ret.batchId, 'NOT-WHAT-WAS-SOLD');
    expect(wrong.body).toMatchObject({ verdict: 'unknown', units: 0 });
    await scanItem(ret.batchId, 'RET-MUG');
    detail = (await s.get(`/api/returns/fbm/${ret.id}`, client)).body;
    expect(detail.problems.map((p: { type: string }) => p.type)).toEqual(['damaged', 'item_mismatch']);
    expect(detail).toMatchObject({ stage: 'received', expectedUnits: 3, sellableUnits: 2, problemUnits: 1 });
    expect(
      (await s.get('/api/returns/fbm?stage=received', client)).body.content.map((r: { id: number }) => r.id),
    ).toContain(ret.id);
    expect(
      (await s.get('/api/returns/fbm?stage=expected', client)).body.content.map((r: { id: number }) => r.id),
    ).not.toContain(ret.id);
  });

  it('a removal shipment received back to stock', async () => {
    const csv = [
      'order_id,tracking_number,carrier,sku,fnsku,quantity,disposition',
      'RMVTEST01,1ZREMOVAL0001,UPS,RET-LAMP,X00RETLAMP,3,Sellable',
    ].join('\n');
    expect((await upload('fba', csv, client)).status).toBe(201);
    const [rem] = (await s.get('/api/returns/fba?q=RMVTEST01', client)).body.content;
    expect(rem).toMatchObject({ source: 'upload', stage: 'expected', expectedUnits: 3 });
    const before = await onHand('X00RETLAMP');
    const rb = crypto.randomUUID();
    await s.post('/api/inbound/package-receive-batch', { id: rb, companyId: acmeId }, receiver);
    expect((await scanPackage(rb, '1ZREMOVAL0001')).matchStatus).toBe('matched');
    const counted = await s.post(
      '/api/inbound/item-scan',
      {
        id: crypto.randomUUID(),
        batchId: rem.batchId,
        code: 'X00RETLAMP',
        count: 3,
        scannedAt: new Date().toISOString(),
      },
      receiver,
    );
    expect(counted.status, JSON.stringify(counted.meta)).toBe(201);
    expect(await onHand('X00RETLAMP')).toBe(before + 3);
    const detail = (await s.get(`/api/returns/fba/${rem.id}`, client)).body;
    expect(detail).toMatchObject({ stage: 'received', sellableUnits: 3 });
    expect(detail.lines[0]).toMatchObject({ disposition: 'Sellable', sellableQty: 3 });
  });
});

describe('isolation', () => {
  it('a client sees only its own returns and removals; another tenant sees none', async () => {
    const [mine] = (await s.get('/api/returns/fbm?q=DRTEST0001', client)).body.content;
    expect((await s.get('/api/returns/fbm', client2)).body.totalElements).toBe(0);
    expect((await s.get('/api/returns/fba', client2)).body.totalElements).toBe(0);
    expect((await s.get(`/api/returns/fbm/${mine.id}`, client2)).status).toBe(404);
    expect((await s.get(`/api/returns/fbm/${mine.id}`, north)).status).toBe(404);
    // The same id under the other kind is not found either.
    expect((await s.get(`/api/returns/fba/${mine.id}`, client)).status).toBe(404);
    expect((await s.get('/api/returns/fbm', north)).body.totalElements).toBe(0);
    expect((await s.post('/api/returns/fbm/pull', { storeId }, client2)).status).toBe(404);
    expect((await upload('fbm', RETURNS_CSV, client2, `?companyId=${acmeId}`)).status).toBe(404);
    expect((await s.get('/api/returns/fbm/stores', client2)).body).toEqual([]);
    expect((await s.get('/api/returns/fbm/stores', client)).body).toEqual([
      expect.objectContaining({ id: storeId, pullReturns: true, pullRemovals: true }),
    ]);
    expect((await s.get('/api/returns/fbm?stage=lost', client)).status).toBe(400);
    expect((await s.get('/api/returns/fbm/abc', client)).status).toBe(400);
  });
});
