/** The product catalogue against the real server: CRUD, codes, bundles, the MSKU formula, isolation, floor scans. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let acmeId: number;
const base = '/api/product/products';

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  client = await s.token('demo.client');
  client2 = await s.token('demo.client2');
  acmeId = (await s.get('/api/users/current-user', client)).body.companyId;
});
afterAll(async () => s?.close());

describe('products', () => {
  let mugId: number;
  it('a client creates its products; codes are unique per client; dimensions give cubic feet', async () => {
    const mug = await s.post(
      base,
      {
        title: 'Blue mug',
        fnsku: 'X00PRDMUG1',
        msku: 'MUG-BLUE',
        upc: '012345678905',
        category: 'Kitchen',
        lengthIn: 6,
        widthIn: 6,
        heightIn: 4.8,
        weightLb: 0.9,
      },
      client,
    );
    expect(mug.status).toBe(201);
    mugId = mug.body.id;
    expect(mug.body).toMatchObject({ companyId: acmeId, productType: 'individual', cubicFeet: 0.1 });
    expect(mug.body.codes.map((c: { code: string; codeType: string }) => [c.code, c.codeType])).toEqual([
      ['X00PRDMUG1', 'FNSKU'],
      ['MUG-BLUE', 'MSKU'],
      ['012345678905', 'UPC'],
    ]);
    const dup = await s.post(base, { title: 'Other mug', upc: '012345678905' }, client);
    expect(dup.status).toBe(409);
    expect(dup.meta.error_list[0].message).toMatch(/^012345678905 is already a code of “Blue mug”/);
    // Another client may have the same code: codes are unique per client.
    expect((await s.post(base, { title: 'Their mug', upc: '012345678905' }, client2)).status).toBe(201);
    expect(
      (await s.post(base, { title: '', upc: 'abc' }, client)).meta.error_list.map(
        (e: { message: string }) => e.message,
      ),
    ).toEqual(['Title is required', 'UPC / EAN: 8 to 14 digits (UPC, EAN or GTIN)']);
    // Warehouse users name the client.
    expect((await s.post(base, { title: 'No client' }, admin)).status).toBe(400);
    expect((await s.post(base, { title: 'For Acme', companyId: acmeId }, admin)).status).toBe(201);
  });

  it('extra codes: added, found by search, removed; the primary ones are changed on the product', async () => {
    const added = await s.post(
      `/api/product/upc-and-codes/${mugId}`,
      { code: '4006381333931', codeType: 'EAN' },
      client,
    );
    expect(added.status).toBe(201);
    const found = await s.get(`${base}?q=40063813&pageSize=50`, client);
    expect(found.body.content.map((p: { title: string }) => p.title)).toEqual(['Blue mug']);
    const primary = added.body.codes.find((c: { primary: boolean }) => c.primary);
    expect((await s.del(`/api/product/upc-and-codes/${mugId}/${primary.id}`, client)).status).toBe(412);
    const extra = added.body.codes.find((c: { code: string }) => c.code === '4006381333931');
    expect((await s.del(`/api/product/upc-and-codes/${mugId}/${extra.id}`, client)).body.codes).toHaveLength(3);
  });

  it('bundles and multi-packs follow the rules; a product in a bundle cannot be deleted', async () => {
    const empty = await s.post(base, { title: 'Gift set', productType: 'bundle', components: [] }, client);
    expect(empty.status).toBe(412);
    expect(empty.meta.error_list[0].message).toBe('A bundle needs at least one item: add a bundle item');
    const single = await s.post(
      base,
      { title: 'Mug ×1', productType: 'multi_pack', components: [{ productId: mugId, quantity: 1 }] },
      client,
    );
    expect(single.meta.error_list[0].message).toBe("A multi-pack's count must be at least 2");
    const pack = await s.post(
      base,
      {
        title: 'Mug 2-pack',
        productType: 'multi_pack',
        msku: 'MUG-2PK',
        components: [{ productId: mugId, quantity: 2 }],
      },
      client,
    );
    expect(pack.status).toBe(201);
    expect(pack.body.components).toMatchObject([{ productId: mugId, quantity: 2, title: 'Blue mug' }]);
    const nested = await s.post(
      base,
      { title: 'Bundle of packs', productType: 'bundle', components: [{ productId: pack.body.id, quantity: 1 }] },
      client,
    );
    expect(nested.status).toBe(412);
    const theirs = (await s.get(`${base}?q=Their&pageSize=5`, client2)).body.content[0].id;
    expect(
      (
        await s.post(
          base,
          { title: 'Mixed', productType: 'bundle', components: [{ productId: theirs, quantity: 1 }] },
          client,
        )
      ).status,
    ).toBe(412);
    const inUse = await s.del(`${base}/${mugId}`, client);
    expect(inUse.status).toBe(412);
    expect(
      (await s.put(`${base}/${mugId}`, { title: 'Blue mug', productType: 'bundle', components: [] }, client)).status,
    ).toBe(412);
    expect(
      (await s.get(`${base}?productType=multi_pack`, client)).body.content.map(
        (p: { title: string; items: number }) => [p.title, p.items],
      ),
    ).toEqual([['Mug 2-pack', 1]]);
  });

  it('the next merchant SKU follows the client’s MSKUFORMULA setting', async () => {
    const account = (await s.get(`/api/company/${acmeId}`, admin)).body.accountNo as string;
    expect((await s.get(`${base}/next-msku`, client)).body).toEqual({
      formula: '{ACCOUNT}-{SEQ:5}',
      msku: `${account}-00001`,
    });
    await s.post(base, { title: 'Numbered', msku: `${account}-00041` }, client);
    expect((await s.get(`${base}/next-msku`, client)).body.msku).toBe(`${account}-00042`);
    const set = await s.post(
      '/api/common/settings',
      {
        companyId: acmeId,
        referenceId: acmeId,
        referenceType: 'COMPANY',
        settingKey: 'MSKUFORMULA',
        settingType: 'STRING',
        value: JSON.stringify('ACME-{SEQ:3}'),
      },
      admin,
    );
    expect(set.status).toBeLessThan(300);
    expect((await s.get(`${base}/next-msku?companyId=${acmeId}`, admin)).body).toEqual({
      formula: 'ACME-{SEQ:3}',
      msku: 'ACME-001',
    });
  });

  it('a client never sees or changes another client’s products; another tenant sees none', async () => {
    const list = (await s.get(`${base}?pageSize=200`, client2)).body.content;
    expect(list.map((p: { title: string }) => p.title)).toEqual(['Their mug']);
    expect((await s.get(`${base}/${mugId}`, client2)).status).toBe(404);
    expect((await s.put(`${base}/${mugId}`, { title: 'Taken' }, client2)).status).toBe(404);
    expect((await s.del(`${base}/${mugId}`, client2)).status).toBe(404);
    expect((await s.get(`${base}?pageSize=200`, await s.token('north.admin'))).body.totalElements).toBe(0);
    expect((await s.get(`${base}?companyId=${acmeId}&pageSize=200`, admin)).body.totalElements).toBeGreaterThan(3);
  });

  it('a floor move resolves the product by any of its codes (an EAN added in the catalogue)', async () => {
    await s.post('/api/warehouse-location', { code: 'PRD-A', type: 'bin' }, admin);
    await s.post('/api/warehouse-location', { code: 'PRD-B', type: 'bin' }, admin);
    await s.post(`/api/product/upc-and-codes/${mugId}`, { code: '4006381333931', codeType: 'EAN' }, client);
    await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: 'X00PRDMUG1', location: 'PRD-A', quantity: 5, reason: 'found' },
      admin,
    );
    const id = randomUUID();
    const receiver = await s.token('demo.receiver');
    const res = await s.post(
      '/api/sync/push',
      {
        deviceId: 'hh',
        mutations: [
          {
            id,
            name: 'inventory.move',
            args: {
              id,
              from: 'PRD-A',
              to: 'PRD-B',
              productCode: '4006381333931',
              quantity: 2,
              reason: 'restock_inventory',
              movedAt: new Date().toISOString(),
            },
          },
        ],
      },
      receiver,
    );
    expect(res.body.results[0]).toMatchObject({ status: 'applied', result: { productKey: 'X00PRDMUG1', quantity: 2 } });
  });
});
