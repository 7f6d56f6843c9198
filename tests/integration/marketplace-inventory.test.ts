/**
 * Inventory by type against the real server: importing marketplace reports (all or nothing, a
 * report replaces its marketplace's lines), the lists with their totals, the catalogue product and
 * the units held here, search and filters, tenant and company isolation, and the larger body limit
 * of the report upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { fieldRules } from '../helpers/refusals.js';

let s: TestServer;
let admin: string;
let receiver: string;
let client: string;
let client2: string;
let north: string;
let acmeId: number;
let foxId: number;

const AMAZON = [
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'your-price',
  'mfn-listing-exists',
  'mfn-fulfillable-quantity',
  'afn-listing-exists',
  'afn-warehouse-quantity',
  'afn-fulfillable-quantity',
  'afn-unsellable-quantity',
  'afn-reserved-quantity',
  'afn-total-quantity',
  'per-unit-volume',
  'afn-inbound-working-quantity',
  'afn-inbound-shipped-quantity',
  'afn-inbound-receiving-quantity',
];
type AmazonRow = {
  sku: string;
  fnsku?: string;
  asin?: string;
  title?: string;
  mfnQty?: number | string;
  afn?: boolean;
  fulfillable?: number | string;
  unsellable?: number;
  reserved?: number;
  working?: number;
  shipped?: number;
  receiving?: number;
};
/** Seller Central's Manage FBA Inventory report: tab separated, one row per SKU. */
const amazon = (rows: AmazonRow[]) =>
  [
    AMAZON.join('\t'),
    ...rows.map((r) =>
      [
        r.sku,
        r.fnsku ?? '',
        r.asin ?? '',
        r.title ?? '',
        'New',
        '19.99',
        r.mfnQty !== undefined ? 'Yes' : 'No',
        r.mfnQty ?? '',
        r.afn === false ? 'No' : 'Yes',
        '0',
        r.fulfillable ?? 0,
        r.unsellable ?? 0,
        r.reserved ?? 0,
        '0',
        '0.05',
        r.working ?? 0,
        r.shipped ?? 0,
        r.receiving ?? 0,
      ].join('\t'),
    ),
  ].join('\n') + '\n';

async function upload(query: string, text: string, token: string, name = 'inventory.txt') {
  const form = new FormData();
  form.set('file', new File([text], name, { type: 'text/plain' }));
  const res = await s.started.app.request(`/api/inventory/marketplace/report?${query}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    ...((await res.json()) as {
      body: any;
      meta: { error_list: { message: string }[]; info_list: { message: string }[] };
    }),
  };
}
type Line = {
  sku: string;
  companyId: number;
  companyName: string;
  fulfillable: number;
  inbound: number;
  reserved: number;
  unsellable: number;
  productId: number | null;
  heldHere: number;
  type: string;
};
const list = async (query: string, token = admin) =>
  s.get<{
    content: Line[];
    totalElements: number;
    totals: Record<string, number>;
    reportedAt: string | null;
    pageNumber: number;
    pageSize: number;
  }>(`/api/inventory/marketplace?pageSize=50&${query}`, token);
const skus = async (query: string, token = admin) => (await list(query, token)).body.content.map((l) => l.sku);
const errors = (r: { meta: { error_list: { message: string }[] } }) => fieldRules(r);

const FIRST_REPORT = amazon([
  {
    sku: 'MUG-1',
    fnsku: 'X00MKTMUG1',
    asin: 'B0MKTMUG01',
    title: 'Blue ceramic mug',
    fulfillable: 10,
    working: 1,
    shipped: 2,
    receiving: 3,
    reserved: 4,
    unsellable: 1,
  },
  { sku: 'RUG-1', fnsku: 'X00MKTRUG1', title: 'Red wool rug', fulfillable: 0, mfnQty: 5 },
  { sku: 'LAMP-1', title: 'Brass desk lamp', afn: false, mfnQty: 2 },
]);

beforeAll(async () => {
  s = await TestServer.start();
  [admin, receiver, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.receiver', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  acmeId = (await s.get('/api/users/current-user', client)).body.companyId;
  foxId = (await s.get('/api/users/current-user', client2)).body.companyId;
  expect((await s.post('/api/warehouse-location', { code: 'MKT-A-01', type: 'bin' }, admin)).status).toBe(201);
});
afterAll(async () => s?.close());

describe('importing a report', () => {
  it("a warehouse user imports a client's Amazon report: the FBA and FBM lists show its lines with totals", async () => {
    const r = await upload(
      `marketplace=amazon&companyId=${acmeId}&reportedAt=2026-03-01T08:00:00Z`,
      FIRST_REPORT,
      admin,
    );
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      marketplace: 'amazon',
      companyId: acmeId,
      reportedAt: '2026-03-01T08:00:00.000Z',
      rows: 3,
      lines: { fba: 2, fbm: 2 },
      matched: 0,
    });
    expect(r.meta.info_list).toEqual([{ message: 'Imported 4 lines from inventory.txt' }]);

    const fba = await list(`type=fba&companyId=${acmeId}`);
    expect(fba.status).toBe(200);
    expect(fba.body.content.map((l) => [l.sku, l.fulfillable, l.inbound, l.reserved, l.unsellable])).toEqual([
      ['MUG-1', 10, 6, 4, 1],
      ['RUG-1', 0, 0, 0, 0],
    ]);
    expect(fba.body.content[0]).toMatchObject({
      type: 'fba',
      companyId: acmeId,
      companyName: 'Acme Sellers',
      fnsku: 'X00MKTMUG1',
      asin: 'B0MKTMUG01',
      title: 'Blue ceramic mug',
      itemId: null,
      gtin: null,
      reportedAt: '2026-03-01T08:00:00.000Z',
      productId: null,
      heldHere: 0,
    });
    expect(fba.body).toMatchObject({
      totalElements: 2,
      totals: { fulfillable: 10, inbound: 6, reserved: 4, unsellable: 1, heldHere: 0 },
      reportedAt: '2026-03-01T08:00:00.000Z',
    });
    expect((await list('type=fbm')).body.content.map((l) => [l.sku, l.fulfillable])).toEqual([
      ['LAMP-1', 2],
      ['RUG-1', 5],
    ]);
    // Totals describe the whole filter, also past the last page.
    const past = await s.get(`/api/inventory/marketplace?type=fba&pageNumber=2&pageSize=5`, admin);
    expect(past.body).toMatchObject({
      content: [],
      pageNumber: 2,
      pageSize: 5,
      totalElements: 2,
      totals: { fulfillable: 10, inbound: 6 },
    });
    expect((await list('type=wfs')).body).toMatchObject({
      content: [],
      totalElements: 0,
      totals: { fulfillable: 0, heldHere: 0 },
      reportedAt: null,
    });
    // Turning pages: the same lines and count without the totals.
    const bare = await list(`type=fba&companyId=${acmeId}&withTotals=false`);
    expect(bare.body).toMatchObject({ totalElements: 2, totals: null, reportedAt: '2026-03-01T08:00:00.000Z' });
    expect(bare.body.content).toEqual(fba.body.content);
    expect((await list('type=fba&withTotals=maybe')).status).toBe(400);
  });

  it("a new report replaces that marketplace's lines: a SKU missing from it is gone; other marketplaces' lines stay", async () => {
    const walmart =
      'SKU,Item ID,Item name,GTIN,Available to sell qty,Inbound qty\nWM-LAMP,5566778899,Floor lamp,00012345678905,7,3\n';
    const w = await upload(`marketplace=walmart&companyId=${acmeId}`, walmart, admin, 'wfs.csv');
    expect(w.status).toBe(201);
    expect(w.meta.info_list[0].message).toBe('Imported 1 line from wfs.csv');

    const second = amazon([
      { sku: 'MUG-1', fnsku: 'X00MKTMUG1', asin: 'B0MKTMUG01', title: 'Blue ceramic mug', fulfillable: 8, reserved: 1 },
      { sku: 'new-1', fnsku: 'X00NEWAMZ1', title: 'Green wool rug', fulfillable: 3, mfnQty: 1 },
      { sku: 'LOOSE-1', title: 'Loose item', fulfillable: 0 },
    ]);
    const r = await upload(`marketplace=amazon&companyId=${acmeId}&reportedAt=2026-03-02T08:00:00Z`, second, admin);
    expect(r.status).toBe(201);
    expect(r.body.lines).toEqual({ fba: 3, fbm: 1 });
    expect(await skus('type=fba')).toEqual(['LOOSE-1', 'MUG-1', 'new-1']);
    expect(await skus('type=fbm')).toEqual(['new-1']);
    const wfs = await list('type=wfs');
    expect(wfs.body.content).toMatchObject([
      { sku: 'WM-LAMP', itemId: '5566778899', gtin: '00012345678905', fulfillable: 7, inbound: 3 },
    ]);
    expect((await list('type=fba')).body.reportedAt).toBe('2026-03-02T08:00:00.000Z');
  });

  it('a report with a bad row is refused whole with its row numbers, and the lines already there stay', async () => {
    const bad = amazon([
      { sku: 'A-1', fulfillable: 1 },
      { sku: 'A-2', fulfillable: 2 },
      { sku: 'A-3', fulfillable: 'lots' },
      { sku: '', fulfillable: 1 },
    ]);
    const r = await upload(`marketplace=amazon&companyId=${acmeId}`, bad, admin);
    expect(r.status).toBe(400);
    expect(errors(r)).toEqual([
      'Row 3: afn-fulfillable-quantity: "lots" is not a whole number of units',
      'Row 4: sku: required',
    ]);
    expect(await skus('type=fba')).toEqual(['LOOSE-1', 'MUG-1', 'new-1']);

    const wrongFile = await upload(
      `marketplace=amazon&companyId=${acmeId}`,
      'Custom label (SKU),Available quantity\nEB-1,2\n',
      admin,
      'ebay.csv',
    );
    expect(wrongFile.status).toBe(400);
    expect(errors(wrongFile)).toEqual([
      expect.stringMatching(/^The file has no "sku" or "seller-sku" or "msku" column/),
      expect.stringMatching(/"afn-fulfillable-quantity" or "mfn-fulfillable-quantity"/),
    ]);
    expect(
      (await upload(`marketplace=amazon&companyId=${acmeId}`, `${AMAZON.join('\t')}\n`, admin)).meta.error_list,
    ).toEqual([{ message: 'The file has no rows' }]);
    expect(errors(await upload(`marketplace=etsy&companyId=${acmeId}`, FIRST_REPORT, admin))).toEqual([
      'marketplace: one of amazon, walmart, ebay',
    ]);
    expect(
      errors(await upload(`marketplace=amazon&companyId=${acmeId}&reportedAt=yesterday`, FIRST_REPORT, admin)),
    ).toEqual(['reportedAt: a date and time']);
    const noFile = await s.started.app.request(
      `/api/inventory/marketplace/report?marketplace=amazon&companyId=${acmeId}`,
      { method: 'POST', body: new FormData(), headers: { authorization: `Bearer ${admin}` } },
    );
    expect(noFile.status).toBe(400);
    expect(await skus('type=fba')).toEqual(['LOOSE-1', 'MUG-1', 'new-1']);
  });

  it('a report with many bad rows lists the first 20 and counts the rest', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ sku: `BAD-${i}`, fulfillable: -1 }));
    const r = await upload(`marketplace=amazon&companyId=${acmeId}`, amazon(rows), admin);
    expect(r.status).toBe(400);
    expect(errors(r)).toHaveLength(21);
    expect(errors(r).at(-1)).toBe('…and 5 more rows with problems');
  });
});

describe('who imports and sees what', () => {
  it('warehouse users name the client; floor staff without the ability are refused; signed-out callers too', async () => {
    expect(errors(await upload('marketplace=amazon', FIRST_REPORT, admin))).toEqual([
      'companyId: required for warehouse users',
    ]);
    expect((await upload('marketplace=amazon&companyId=999999', FIRST_REPORT, admin)).status).toBe(404);
    expect((await upload('marketplace=amazon', FIRST_REPORT, receiver)).status).toBe(403);
    expect((await list('type=fba', receiver)).status).toBe(403);
    expect((await s.get('/api/inventory/marketplace?type=fba')).status).toBe(401);
    expect(errors(await list('type=shopify'))).toEqual(['type: one of fba, fbm, wfs, ebay']);
  });

  it('a client imports for its own company and sees only its lines; another client sees none of them and cannot import for them', async () => {
    const ebay = 'Item number,Title,Custom label (SKU),Available quantity\n225566778899,Vintage lamp,EB-LAMP,"1,200"\n';
    const own = await upload('marketplace=ebay', ebay, client, 'ebay.csv');
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ companyId: acmeId, lines: { ebay: 1 } });
    expect((await list('type=ebay', client)).body.content).toMatchObject([
      { sku: 'EB-LAMP', fulfillable: 1200, companyId: acmeId },
    ]);
    expect(await skus('type=fba', client)).toEqual(['LOOSE-1', 'MUG-1', 'new-1']);

    expect((await upload(`marketplace=ebay&companyId=${foxId}`, ebay, client)).status).toBe(404);
    expect((await upload(`marketplace=ebay&companyId=${acmeId}`, ebay, client2)).status).toBe(404);
    // Blue Fox sees nothing of Acme's, even naming Acme's company.
    for (const type of ['fba', 'fbm', 'wfs', 'ebay']) {
      const other = await list(`type=${type}&companyId=${acmeId}`, client2);
      expect(other.body).toMatchObject({ content: [], totalElements: 0, reportedAt: null });
    }
    expect((await list('type=ebay', client)).body.content).toHaveLength(1);
  });

  it('another tenant sees nothing of this one and cannot import for its clients', async () => {
    for (const type of ['fba', 'fbm', 'wfs', 'ebay'])
      expect((await list(`type=${type}`, north)).body).toMatchObject({
        content: [],
        totalElements: 0,
        totals: { fulfillable: 0 },
        reportedAt: null,
      });
    expect((await list(`type=fba&companyId=${acmeId}`, north)).body.content).toEqual([]);
    expect((await upload(`marketplace=amazon&companyId=${acmeId}`, FIRST_REPORT, north)).status).toBe(404);
    expect(await skus('type=fba')).toEqual(['LOOSE-1', 'MUG-1', 'new-1']);
  });
});

describe('the catalogue product and the units held here', () => {
  it('a line names the catalogue product of any of its codes and counts the sellable units on hand under each key once', async () => {
    // MUG-1's FNSKU is a product's FNSKU (also its ledger key).
    const mug = await s.post(
      '/api/product/products',
      { companyId: acmeId, title: 'Blue ceramic mug', fnsku: 'X00MKTMUG1' },
      admin,
    );
    expect(mug.status).toBe(201);
    // new-1's SKU is a product's MSKU; that product's ledger key is its own FNSKU, which the line does not carry.
    const rug = await s.post(
      '/api/product/products',
      { companyId: acmeId, title: 'Green wool rug', msku: 'NEW-1', fnsku: 'X00RUGCAT1' },
      admin,
    );
    expect(rug.status).toBe(201);
    const adjust = (productCode: string, quantity: number, condition = 'sellable') =>
      s.post(
        '/api/inventory/adjust',
        { companyId: acmeId, productCode, location: 'MKT-A-01', quantity, condition, reason: 'found' },
        admin,
      );
    expect((await adjust('X00MKTMUG1', 7)).status).toBe(200);
    expect((await adjust('X00MKTMUG1', 2, 'damaged')).status).toBe(200);
    expect((await adjust('NEW-1', 3)).status).toBe(200);
    // Units under the line's own SKU, of a product the catalogue does not know.
    expect((await adjust('LOOSE-1', 4)).status).toBe(200);
    // Blue Fox's stock under the same code is not Acme's.
    const foxMug = await s.post(
      '/api/product/products',
      { companyId: foxId, title: 'Their mug', fnsku: 'X00MKTMUG1' },
      admin,
    );
    expect(foxMug.status).toBe(201);
    expect(
      (
        await s.post(
          '/api/inventory/adjust',
          { companyId: foxId, productCode: 'X00MKTMUG1', location: 'MKT-A-01', quantity: 50, reason: 'found' },
          admin,
        )
      ).status,
    ).toBe(200);

    const fba = await list(`type=fba&companyId=${acmeId}`);
    expect(fba.body.content.map((l) => [l.sku, l.productId, l.heldHere])).toEqual([
      ['LOOSE-1', null, 4],
      ['MUG-1', mug.body.id, 7],
      ['new-1', rug.body.id, 3],
    ]);
    expect(fba.body.totals.heldHere).toBe(14);
    expect((await list('type=fbm')).body.content.map((l) => [l.sku, l.productId, l.heldHere])).toEqual([
      ['new-1', rug.body.id, 3],
    ]);
    // The import counts the lines that name a catalogue product.
    const again = await upload(
      `marketplace=amazon&companyId=${acmeId}&reportedAt=2026-03-02T08:00:00Z`,
      amazon([
        {
          sku: 'MUG-1',
          fnsku: 'X00MKTMUG1',
          asin: 'B0MKTMUG01',
          title: 'Blue ceramic mug',
          fulfillable: 8,
          reserved: 1,
        },
        { sku: 'new-1', fnsku: 'X00NEWAMZ1', title: 'Green wool rug', fulfillable: 3, mfnQty: 1 },
        { sku: 'LOOSE-1', title: 'Loose item', fulfillable: 0 },
      ]),
      admin,
    );
    expect(again.body).toMatchObject({ lines: { fba: 3, fbm: 1 }, matched: 3 });
  });

  it('filters: not in the catalogue, in stock, out of stock', async () => {
    expect(await skus('type=fba&stock=not_in_catalogue')).toEqual(['LOOSE-1']);
    expect((await list('type=fba&stock=not_in_catalogue')).body.totals).toEqual({
      fulfillable: 0,
      inbound: 0,
      reserved: 0,
      unsellable: 0,
      heldHere: 4,
    });
    expect(await skus('type=fba&stock=in_stock')).toEqual(['MUG-1', 'new-1']);
    expect(await skus('type=fba&stock=out_of_stock')).toEqual(['LOOSE-1']);
    expect(await skus('type=fba&stock=all')).toEqual(['LOOSE-1', 'MUG-1', 'new-1']);
    expect(errors(await list('type=fba&stock=some'))[0]).toMatch(/^stock/);
  });

  it('search: every word typed, anywhere in the codes (SKU, FNSKU, ASIN, item id, GTIN) or the title, in any case', async () => {
    expect(await skus('type=fba&q=NEW')).toEqual(['new-1']);
    expect(await skus('type=fba&q=mug-')).toEqual(['MUG-1']);
    expect(await skus('type=fba&q=x00mktm')).toEqual(['MUG-1']);
    expect(await skus('type=fba&q=b0mkt')).toEqual(['MUG-1']);
    expect(await skus('type=fba&q=wool')).toEqual(['new-1']);
    expect(await skus(`type=fba&q=${encodeURIComponent('ceramic BLUE')}`)).toEqual(['MUG-1']);
    expect(await skus('type=wfs&q=55667')).toEqual(['WM-LAMP']);
    expect(await skus('type=wfs&q=000123')).toEqual(['WM-LAMP']);
    // A wildcard typed is a character, not a pattern; the report time stays that of the clients listed.
    const none = await list(`type=fba&q=${encodeURIComponent('%')}`);
    expect(none.body).toMatchObject({ content: [], totalElements: 0, reportedAt: '2026-03-02T08:00:00.000Z' });
    // Words may mix a code and the title; each must appear.
    expect(await skus('type=fba&q=UG-1')).toEqual(['MUG-1']);
    expect(await skus(`type=fba&q=${encodeURIComponent('mktmug blue')}`)).toEqual(['MUG-1']);
    expect(await skus(`type=fba&q=${encodeURIComponent('mktmug wool')}`)).toEqual([]);
  });
});

describe('report size', () => {
  it('a report over the 1 MiB global limit but under 16 MiB is accepted on this route; other routes still refuse > 1 MiB', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      sku: `FOX-${String(i).padStart(5, '0')}`,
      fnsku: `X0F${String(i).padStart(7, '0')}`,
      asin: `B0F${String(i).padStart(7, '0')}`,
      title: `Blue Fox product number ${i}, assorted colours`,
      fulfillable: i % 7,
      working: 1,
      reserved: i % 3,
    }));
    const text = amazon(rows);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const r = await upload(`marketplace=amazon&companyId=${foxId}`, text, admin);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ rows: 12_000, lines: { fba: 12_000 } });
    const fox = await list('type=fba', client2);
    expect(fox.body.totalElements).toBe(12_000);
    expect(fox.body.totals.inbound).toBe(12_000);
    expect(fox.body.content[0].sku).toBe('FOX-00000');
    // Acme's lines are untouched by Blue Fox's report.
    expect(await skus(`type=fba&companyId=${acmeId}`)).toEqual(['LOOSE-1', 'MUG-1', 'new-1']);

    const tooBig = await upload(`marketplace=amazon&companyId=${foxId}`, 'x'.repeat(16 * 1024 * 1024 + 10), admin);
    expect(tooBig.status).toBe(413);
    expect(errors(tooBig)).toEqual(['The request body is larger than 16 MiB']);

    const form = new FormData();
    form.set('file', new File([text], 'po.csv', { type: 'text/csv' }));
    const po = await s.started.app.request(`/api/ship/csv-upload?batch_name=BIG&companyId=${foxId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(po.status).toBe(413);
    expect(((await po.json()) as { meta: { error_list: { message: string }[] } }).meta.error_list).toEqual([
      { message: 'The request body is larger than 1 MiB' },
    ]);
  });
});

describe('report encodings', () => {
  it('a report in Windows-1252 (Amazon flat files in several marketplaces) keeps its accented titles', async () => {
    const text = amazon([{ sku: 'CAFE-1', title: 'Café crème bowl', fulfillable: 3 }]);
    const bytes = Uint8Array.from([...text].map((ch) => ch.charCodeAt(0))); // é = 0xE9, è = 0xE8: Latin-1 bytes, not UTF-8
    const form = new FormData();
    form.set('file', new File([bytes], 'latin1.txt', { type: 'text/plain' }));
    const res = await s.started.app.request(`/api/inventory/marketplace/report?marketplace=amazon&companyId=${foxId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(201);
    const line = (await list(`type=fba&companyId=${foxId}&q=CAFE`)).body.content.find((l) => l.sku === 'CAFE-1') as
      (Line & { title: string }) | undefined;
    expect(line?.title).toBe('Café crème bowl');
  });
});
