/**
 * Customs for international FBM orders (spec §7 …/rate/label/customs/…): a product's defaults, an
 * order's declaration prefilled from its lines × the defaults, refused per field (400) and per rule
 * (412), CN22 vs CN23, the printed PDF and ZPL, the provider-neutral customsForLabel (null when
 * domestic), and scope (the other client's orders and products, another tenant).
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, type FbmWorld } from '../helpers/fbm.js';
import { customsForLabel } from '../../server/modules/customs/service.js';
import { productId } from '../helpers/customs-world.js';

let s: TestServer;
let w: FbmWorld;
const BASE = '/api/external/ship/rate/label/customs';
const ids: Record<string, number> = {};
const berlin = {
  name: 'Ada Käufer',
  line1: 'Hauptstr. 1',
  line2: null,
  city: 'Berlin',
  state: null,
  postalCode: '10115',
  countryCode: 'DE',
  phone: null,
};
const toronto = {
  ...berlin,
  name: 'Bo Buyer',
  line1: '1 King St W',
  city: 'Toronto',
  state: 'ON',
  postalCode: 'M5H 1A1',
  countryCode: 'CA',
};

/** A document as the server sends it (bytes, not the JSON envelope). */
const raw = (path: string) => s.started.app.request(path, { headers: { authorization: `Bearer ${w.client}` } });
const declaration = (id: number) => s.get(`${BASE}/declaration/${id}/json`, w.client);
const save = (body: Record<string, unknown>, token = w.client) => s.put(`${BASE}/declaration`, body, token);
/** Each refusal as "field: rule" (the envelope names the field; the words carry its label, issue 41). */
const messages = (res: { meta: { error_list: { message: string; field?: string }[] } }) =>
  res.meta.error_list
    .map((e) => (e.field ? `${e.field}: ${e.message.slice(e.message.indexOf(': ') + 2)}` : e.message))
    .join('\n');
const ctxOf = async (user: string) => {
  const me = await s.signIn(user);
  return {
    tenantId: me.userData.tenantId,
    companyId: me.userData.companyId,
    userId: me.userData.id,
    isClient: true,
  } as never;
};

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Customs');
  ids.mug = await productId(s, w.acmeId, 'MUG-1');
  ids.lamp = await productId(s, w.acmeId, 'LAMP-2');
  await saveOrders(s, w.acmeStore, [
    order('CUS-DE-1', { shipTo: berlin, lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1)] }),
    order('CUS-CA-BIG', { shipTo: toronto, lines: [line('1', 'MUG-1', 300)] }),
    order('CUS-US-1', { lines: [line('1', 'MUG-1', 1)] }),
  ]);
  await saveOrders(s, w.blueStore, [order('CUS-BLUE-DE', { shipTo: berlin, lines: [line('1', 'MUG-1', 1)] })]);
  for (const o of ['CUS-DE-1', 'CUS-CA-BIG', 'CUS-US-1', 'CUS-BLUE-DE']) ids[o] = await orderId(s, o);
});
afterAll(() => s.close());

describe('customs defaults per product', () => {
  it('saves a product’s defaults (validated) and reads them back; another client’s product is 404', async () => {
    const before = await s.get(`${BASE}/items/default/inventory/${ids.mug}`, w.client);
    expect(before.status, JSON.stringify(before.meta)).toBe(200);
    expect(before.body).toMatchObject({ productId: ids.mug, saved: null, suggested: { description: 'MUG-1 product' } });
    const bad = await s.put(
      `${BASE}/items/default/inventory/${ids.mug}`,
      { description: 'M', hsCode: '69', countryOfOrigin: 'China', declaredValue: 0, weightLb: 0.8 },
      w.client,
    );
    expect(bad.status).toBe(400);
    expect(messages(bad)).toMatch(/^description:/m);
    expect(messages(bad)).toMatch(/^hsCode:/m);
    expect(messages(bad)).toMatch(/^countryOfOrigin:/m);
    expect(messages(bad)).toMatch(/^declaredValue:/m);
    const saved = await s.put(
      `${BASE}/items/default/inventory/${ids.mug}`,
      {
        description: 'Ceramic coffee mug',
        hsCode: '6912.00',
        countryOfOrigin: 'cn',
        declaredValue: 9.5,
        weightLb: 0.8,
      },
      w.client,
    );
    expect(saved.status, JSON.stringify(saved.meta)).toBe(200);
    expect(saved.body).toMatchObject({ hsCode: '691200', countryOfOrigin: 'CN', declaredValue: 9.5 });
    expect((await s.get(`${BASE}/items/default/inventory/${ids.mug}`, w.client2)).status).toBe(404);
    expect((await s.get(`${BASE}/items/default/inventory/${ids.mug}`, w.north)).status).toBe(404);
    expect(
      (
        await s.put(
          `${BASE}/items/default/inventory/${ids.mug}`,
          { description: 'Stolen mug', hsCode: '691200', countryOfOrigin: 'CN', declaredValue: 1, weightLb: 1 },
          w.client2,
        )
      ).status,
    ).toBe(404);
  });
});

describe('an order’s customs declaration', () => {
  it('is prefilled from the lines × the defaults; a line without defaults is named as what to fix', async () => {
    const res = await declaration(ids['CUS-DE-1']);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toMatchObject({
      saved: false,
      international: true,
      shipFromCountry: 'US',
      shipToCountry: 'DE',
      incoterm: 'DDU',
      purpose: 'MERCHANDISE',
      exportFiling: 'NOEEI 30.37(a)',
      documentType: 'CN22',
    });
    expect(res.body.items[0]).toMatchObject({
      sku: 'MUG-1',
      description: 'Ceramic coffee mug',
      hsCode: '691200',
      countryOfOrigin: 'CN',
      quantity: 2,
      unitValue: 9.5,
      unitWeightLb: 0.8,
    });
    // LAMP-2 has no defaults: the line's price is its value, the HS code and origin are missing.
    expect(res.body.items[1]).toMatchObject({ sku: 'LAMP-2', hsCode: '', unitValue: 10 });
    expect(res.body.problems.map((p: { field: string }) => p.field)).toEqual(
      expect.arrayContaining(['items.1.hsCode', 'items.1.countryOfOrigin']),
    );
    await expect(customsForLabel(s.started.deps, await ctxOf('demo.client'), ids['CUS-DE-1'])).rejects.toThrow(
      /not complete/,
    );
  });

  it('refuses a bad declaration per field (400) and a broken rule (412); saves a good one', async () => {
    const current = (await declaration(ids['CUS-DE-1'])).body;
    const items = current.items.map((i: Record<string, unknown>, n: number) =>
      n === 1 ? { ...i, description: 'Desk lamp', hsCode: '940520', countryOfOrigin: 'VN', unitWeightLb: 3.1 } : i,
    );
    const body = {
      orderId: ids['CUS-DE-1'],
      incoterm: 'DDU',
      purpose: 'MERCHANDISE',
      taxIdType: null,
      taxId: null,
      returnHandling: 'RETURN',
      exportFiling: 'NOEEI 30.37(a)',
      itn: null,
      items,
    };
    const invalid = await save({ ...body, incoterm: 'EXW', items: [{ ...items[0], hsCode: 'abc' }] });
    expect(invalid.status).toBe(400);
    expect(messages(invalid)).toMatch(/^incoterm:/m);
    expect(messages(invalid)).toMatch(/^items\.0\.hsCode:/m);
    // DDP to the EU under EUR 150 without the seller's IOSS number.
    const ddp = await save({ ...body, incoterm: 'DDP' });
    expect(ddp.status).toBe(412);
    expect(messages(ddp)).toMatch(/taxIdType: A DDP parcel to the EU.*IOSS/);
    const ok = await save({ ...body, incoterm: 'DDP', taxIdType: 'IOSS', taxId: 'im2760000123' });
    expect(ok.status, JSON.stringify(ok.meta)).toBe(200);
    expect(ok.body).toMatchObject({ saved: true, taxId: 'IM2760000123', problems: [], documentType: 'CN23' });
    // Total weight 2 × 0.8 + 3.1 lb is over a letter-post item's 2 kg: CN23.
    expect(ok.body.totalWeightLb).toBeCloseTo(4.7);
    const forLabel = await customsForLabel(s.started.deps, await ctxOf('demo.client'), ids['CUS-DE-1']);
    expect(forLabel).toMatchObject({
      documentType: 'CN23',
      incoterm: 'DDP',
      dutiesPaidBy: 'sender',
      taxIds: [{ type: 'IOSS', value: 'IM2760000123' }],
      shipToCountry: 'DE',
      totalValue: 29,
    });
    expect(forLabel!.items[1]).toMatchObject({ description: 'Desk lamp', hsCode: '940520', totalValue: 10 });
  });

  it('over USD 2,500 under one HS number asks for AES / ITN and its ITN', async () => {
    const res = await declaration(ids['CUS-CA-BIG']);
    expect(res.body).toMatchObject({ exportFiling: 'AES / ITN', documentType: 'CN23', totalValue: 2850 });
    expect(res.body.problems).toEqual([expect.objectContaining({ field: 'itn' })]);
    const base = {
      orderId: ids['CUS-CA-BIG'],
      incoterm: 'DDU',
      purpose: 'MERCHANDISE',
      taxIdType: null,
      taxId: null,
      returnHandling: 'ABANDON',
      itn: null,
      items: res.body.items,
    };
    const exempt = await save({ ...base, exportFiling: 'NOEEI 30.37(a)' });
    expect(exempt.status).toBe(412);
    expect(messages(exempt)).toMatch(/HS 691200 are worth USD 2850\.00, over USD 2500/);
    const filed = await save({ ...base, exportFiling: 'AES / ITN', itn: 'X20261127123456' });
    expect(filed.status, JSON.stringify(filed.meta)).toBe(200);
    expect(filed.body.problems).toEqual([]);
  });

  it('prints the CN22/CN23: a PDF on a 4×6 page, 4×6 ZPL with the particulars', async () => {
    const pdf = await raw(`${BASE}/declaration/${ids['CUS-CA-BIG']}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-customs-document')).toBe('CN23');
    const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(doc.getTitle()).toBe('CN23 customs declaration, order CUS-CA-BIG');
    const zpl = await raw(`${BASE}/declaration/${ids['CUS-CA-BIG']}/zpl`);
    expect(zpl.status).toBe(200);
    const code = await zpl.text();
    expect(code.startsWith('^XA')).toBe(true);
    for (const want of [
      'CUSTOMS DECLARATION CN 23',
      'Ceramic coffee mug',
      '691200',
      'AES ITN X20261127123456',
      'treat as abandoned',
    ])
      expect(code).toContain(want);
  });

  it('a domestic order needs no declaration: null for the label, 412 to save or print', async () => {
    const res = await declaration(ids['CUS-US-1']);
    expect(res.body).toMatchObject({ international: false, problems: [] });
    expect(await customsForLabel(s.started.deps, await ctxOf('demo.client'), ids['CUS-US-1'])).toBeNull();
    const saved = await save({
      orderId: ids['CUS-US-1'],
      incoterm: 'DDU',
      purpose: 'MERCHANDISE',
      taxIdType: null,
      taxId: null,
      returnHandling: 'RETURN',
      exportFiling: 'NOEEI 30.37(a)',
      itn: null,
      items: res.body.items,
    });
    expect(saved.status).toBe(412);
    expect(messages(saved)).toMatch(/domestic parcel needs no customs declaration/);
    expect((await s.get(`${BASE}/declaration/${ids['CUS-US-1']}/pdf`, w.client)).status).toBe(412);
  });

  it('a client reaches only its own orders; another tenant nothing; warehouse staff every client', async () => {
    expect((await s.get(`${BASE}/declaration/${ids['CUS-DE-1']}/json`, w.client2)).status).toBe(404);
    expect((await s.get(`${BASE}/declaration/${ids['CUS-DE-1']}/pdf`, w.client2)).status).toBe(404);
    expect((await s.get(`${BASE}/declaration/${ids['CUS-DE-1']}/json`, w.north)).status).toBe(404);
    const theirs = (await s.get(`${BASE}/declaration/${ids['CUS-BLUE-DE']}/json`, w.client2)).body;
    expect(
      (
        await save(
          {
            orderId: ids['CUS-BLUE-DE'],
            incoterm: 'DDU',
            purpose: 'GIFT',
            taxIdType: null,
            taxId: null,
            returnHandling: 'RETURN',
            exportFiling: 'NOEEI 30.37(a)',
            itn: null,
            items: [{ ...theirs.items[0], hsCode: '691200', countryOfOrigin: 'CN', unitWeightLb: 1 }],
          },
          w.client,
        )
      ).status,
    ).toBe(404);
    expect((await s.get(`${BASE}/declaration/${ids['CUS-DE-1']}/json`, w.admin)).body).toMatchObject({ saved: true });
    await expect(customsForLabel(s.started.deps, await ctxOf('demo.client2'), ids['CUS-DE-1'])).rejects.toThrow(
      /not found/,
    );
  });
});
