/**
 * The inventory snapshot's words (issue 38, defect 12): a product whose balance lines carry no
 * title (stock posted by an adjustment, a product imported from a listing) is listed with its
 * catalogue title, and the search finds it by its MSKU and its other codes — not only by the key
 * it is filed under (its FNSKU) — now and as of a past moment, by place and per product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let acmeId: number;

type Line = { productKey: string; title: string | null; quantity: number; companyId: number };
const search = async (query: string, token = admin): Promise<Line[]> =>
  (await s.get(`/api/inventory?pageSize=50&${query}`, token)).body.content;

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  client = await s.token('demo.client');
  client2 = await s.token('demo.client2');
  acmeId = (await s.get('/api/users/current-user', client)).body.companyId;
  await s.post('/api/warehouse-location', { code: 'SNAP-A-01', type: 'bin' }, admin);
  const made = await s.post(
    '/api/product/products',
    { companyId: acmeId, title: 'Listing lamp shade', fnsku: 'X00SNAP001', msku: 'LAMP-SHADE-9', asin: 'B0SNAP0001' },
    admin,
  );
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
  // Stock posted with no title on its line (the ledger knows the key only).
  const adjusted = await s.post(
    '/api/inventory/adjust',
    { companyId: acmeId, productCode: 'LAMP-SHADE-9', location: 'SNAP-A-01', quantity: 7, reason: 'found' },
    admin,
  );
  expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
});
afterAll(async () => s?.close());

describe('the snapshot names and finds a product by its catalogue record', () => {
  it('the line carries the catalogue title, by place and per product', async () => {
    const byPlace = await search('location=SNAP-A-01');
    expect(byPlace).toEqual([
      expect.objectContaining({ productKey: 'X00SNAP001', title: 'Listing lamp shade', quantity: 7 }),
    ]);
    const perProduct = await search('groupBy=product&q=X00SNAP001');
    expect(perProduct).toEqual([expect.objectContaining({ productKey: 'X00SNAP001', title: 'Listing lamp shade' })]);
  });

  it('searching by MSKU (any case), ASIN or the catalogue title finds it', async () => {
    for (const q of ['LAMP-SHADE-9', 'lamp-shade', 'B0SNAP0001', 'lamp shade'])
      for (const group of ['', '&groupBy=product']) {
        const found = await search(`q=${encodeURIComponent(q)}${group}`);
        expect(
          found.map((l) => l.productKey),
          `${q}${group}`,
        ).toContain('X00SNAP001');
      }
  });

  it('as of now (a past moment’s ledger), the MSKU finds it with its title too', async () => {
    const asOf = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const found = await search(`asOf=${asOf}&q=LAMP-SHADE-9`);
    expect(found).toEqual([
      expect.objectContaining({ productKey: 'X00SNAP001', title: 'Listing lamp shade', quantity: 7 }),
    ]);
  });

  it('the client owning it finds it by MSKU; another client does not', async () => {
    expect((await search('q=LAMP-SHADE-9', client)).map((l) => l.productKey)).toEqual(['X00SNAP001']);
    expect(await search('q=LAMP-SHADE-9', client2)).toEqual([]);
  });
});
