/**
 * A new FBA plan as a client (issue 38, defect 11): its ship-from starts at the warehouse's
 * default ship-from site, which a client reads (its own warehouse's, the address only — none of
 * the site's internals); and the line picker marks, before any plan is made, the products the
 * pre-check would refuse in the chosen store, with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, storeListings } from '../../server/db/schema/index.js';
import { TestServer } from '../helpers/server.js';

const B = '/api/outbound/outbound-shipping/batch';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let north: string;
let acmeId: number;
let tenantId: number;
let storeId: number;
const ids: Record<string, number> = {};

type Row = { productId: number; refusals?: { code: string; severity: string; message: string }[] };
const picker = async (token: string, query: string) => s.get(`${B}/available?pageSize=100&${query}`, token);

beforeAll(async () => {
  s = await TestServer.start();
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  acmeId = me.userData.companyId;
  tenantId = me.userData.tenantId;
  const store = await s.post(
    '/api/common/stores',
    { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme Picker', environment: 'sandbox' },
    admin,
  );
  expect(store.status, JSON.stringify(store.meta)).toBe(201);
  storeId = store.body.id;
  const dims = { lengthIn: 4, widthIn: 4, heightIn: 4, weightLb: 1 };
  for (const [name, body] of [
    ['clean', { title: 'Picker clean', msku: 'PICK-CLEAN', fnsku: 'X00PICK001', ...dims }],
    ['unlisted', { title: 'Picker unlisted', msku: 'PICK-NOLIST', ...dims }],
    ['flat', { title: 'Picker no dimensions', msku: 'PICK-FLAT', fnsku: 'X00PICK003' }],
    ['hazmat', { title: 'Picker hazmat', msku: 'PICK-HAZ', fnsku: 'X00PICK004', ...dims }],
    ['dated', { title: 'Picker dated', msku: 'PICK-DATED', fnsku: 'X00PICK005', ...dims }],
  ] as const) {
    const made = await s.post('/api/product/products', body, client);
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    ids[name] = made.body.id;
    const stock = await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: body.msku, location: 'PREP-FBA', quantity: 5, reason: 'found' },
      admin,
    );
    expect(stock.status, JSON.stringify(stock.meta)).toBe(200);
  }
  const listing = (
    sku: string,
    fnsku: string,
    issues: { severity: string; message: string; attribute: string | null }[] = [],
  ) => ({
    tenantId,
    companyId: acmeId,
    storeId,
    sku,
    fnsku,
    channel: 'FBA',
    issues,
    pulledAt: new Date().toISOString(),
  });
  // Amazon wants an expiry with every unit of this one (the catalogue marks it).
  await s.db.update(products).set({ requiresExpiration: true }).where(eq(products.id, ids.dated));
  await s.db
    .insert(storeListings)
    .values([
      listing('PICK-CLEAN', 'X00PICK001'),
      listing('PICK-FLAT', 'X00PICK003'),
      listing('PICK-HAZ', 'X00PICK004', [
        { severity: 'ERROR', message: 'Safety data sheet required', attribute: 'safety_data_sheet_url' },
      ]),
      listing('PICK-DATED', 'X00PICK005'),
    ]);
});
afterAll(async () => s?.close());

describe('the default ship-from of a new plan', () => {
  it('a client reads its warehouse’s default ship-from: name and address, no internals', async () => {
    const r = await s.get(`${B}/ship-from`, client);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      addressLine1: '100 Harbor Way',
      city: 'Newark',
      stateOrProvinceCode: 'NJ',
      postalCode: '07114',
      countryCode: 'US',
    });
    expect(r.body.name).toBeTruthy();
    expect(Object.keys(r.body).sort()).toEqual(
      [
        'addressLine1',
        'addressLine2',
        'city',
        'countryCode',
        'name',
        'phoneNumber',
        'postalCode',
        'stateOrProvinceCode',
      ].sort(),
    );
    expect(JSON.stringify(r.body)).not.toMatch(/timezone|MAIN|defaultShipFrom|"id"/);
  });

  it('each tenant’s users read their own warehouse’s, never another tenant’s', async () => {
    const acme = (await s.get(`${B}/ship-from`, client2)).body;
    expect(acme.city).toBe('Newark');
    const northAddress = (await s.get(`${B}/ship-from`, north)).body;
    expect(northAddress).toMatchObject({ stateOrProvinceCode: 'MN' });
    expect(northAddress.city).not.toBe('Newark');
  });
});

describe('the picker marks what the pre-check would refuse', () => {
  it('each product says why Amazon would refuse it in the chosen store; a clean one says nothing', async () => {
    const r = await picker(client, `storeId=${storeId}`);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const rows = new Map((r.body.content as Row[]).map((x) => [x.productId, x.refusals?.map((f) => f.code) ?? null]));
    expect(rows.get(ids.clean)).toEqual([]);
    expect(rows.get(ids.unlisted)).toEqual(['not_listed']);
    expect(rows.get(ids.flat)).toEqual(['no_dimensions', 'no_weight']);
    expect(rows.get(ids.hazmat)).toEqual(['hazmat']);
    expect(rows.get(ids.dated)).toEqual(['expiration_missing']);
    const hazmat = (r.body.content as Row[]).find((x) => x.productId === ids.hazmat)!.refusals![0];
    expect(hazmat).toMatchObject({ severity: 'error', message: expect.stringContaining('hazmat') });
  });

  it('the warehouse sees the same marks for the client; without a store nothing is marked', async () => {
    const r = await picker(admin, `companyId=${acmeId}&storeId=${storeId}`);
    expect((r.body.content as Row[]).find((x) => x.productId === ids.unlisted)?.refusals?.[0]?.code).toBe('not_listed');
    const plain = await picker(admin, `companyId=${acmeId}`);
    expect((plain.body.content as Row[]).every((x) => x.refusals === undefined)).toBe(true);
  });

  it('another client’s store is not found', async () => {
    const r = await picker(client2, `storeId=${storeId}`);
    expect(r.status).toBe(404);
  });
});
