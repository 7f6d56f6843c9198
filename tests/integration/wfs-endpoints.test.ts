/**
 * The rest of spec §7 "Walmart fulfillment" against the real server and the Walmart sandbox:
 * auth/create and auth/refresh-token (secrets never answered), plan/update (name, ship-from,
 * a template's), one plan line at a time (held units never above what PREP-WFS has free; refused
 * once Walmart has the inbound order), plan/batch, boxes one by one and all at once, scans and bulk
 * scans through the bench's engine, items/search; each with its 4xx: bad input 400, another
 * client 403/404, another tenant 404, business rules 412, conflicts 409; and the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { inventoryBalances, itemReservations, shipmentBoxes } from '../../server/db/schema/index.js';
import { stockAt, upc, WALMART_SECRET, walmartStore, WFS_SHIP_FROM as shipFrom } from '../helpers/wfs.js';
import { fieldRules } from '../helpers/refusals.js';

let s: TestServer;
const tok: Record<string, string> = {};
let fox: number;
let acme: number;
let foxStore: number;
let acmeStore: number;
const products: Record<string, number> = {};
const codes: Record<string, string> = {};
const W = '/api/outbound/wfs';
const P = `${W}/plan`;
const FOX_CLIENT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const errors = (r: { meta: { error_list: { message: string }[] } }) => fieldRules(r);
const template = (companyId: number, name: string) => ({
  companyId,
  name,
  shipFrom: {
    name: 'Fox Dock',
    addressLine1: '9 Pier Road',
    city: 'Bentonville',
    stateCode: 'AR',
    postalCode: '72716',
    countryCode: 'US',
    phone: '479-555-0101',
  },
  carrierPreference: 'WALMART_PREFERRED',
  shippingMode: 'PARCEL',
  boxPresets: [],
});
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Per product key at PREP-WFS: units on hand and units held by WFS plans. */
async function heldAndOnHand() {
  const held = await s.db
    .select({ key: itemReservations.productKey, n: sql<number>`sum(${itemReservations.quantity})::int` })
    .from(itemReservations)
    .where(and(eq(itemReservations.station, 'PREP-WFS'), eq(itemReservations.state, 'held')))
    .groupBy(itemReservations.productKey);
  const onHand = await s.db
    .select({ key: inventoryBalances.productKey, n: sql<number>`sum(${inventoryBalances.quantity})::int` })
    .from(inventoryBalances)
    .where(eq(inventoryBalances.location, 'PREP-WFS'))
    .groupBy(inventoryBalances.productKey);
  const have = new Map(onHand.map((r) => [r.key, Number(r.n)]));
  return held.map((r) => ({ key: r.key, held: Number(r.n), onHand: have.get(r.key) ?? 0 }));
}

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  for (const [k, u] of Object.entries({
    admin: 'demo.admin',
    receiver: 'demo.receiver',
    fox: 'demo.client2',
    acme: 'demo.client',
    north: 'north.admin',
  }))
    tok[k] = await s.token(u);
  fox = (await s.signIn('demo.client2')).userData.companyId;
  acme = (await s.signIn('demo.client')).userData.companyId;
  foxStore = await walmartStore(s, tok.admin, fox, 'Fox Walmart', '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f');
  acmeStore = await walmartStore(s, tok.admin, acme, 'Acme Walmart', '2f3e4d5c-6b7a-4980-a1b2-c3d4e5f60718');
  const made = async (key: string, body: Record<string, unknown>, token = tok.fox) => {
    const res = await s.post(
      '/api/product/products',
      { weightLb: 1, lengthIn: 8, widthIn: 6, heightIn: 4, ...body },
      token,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    products[key] = res.body.id;
    if (body.upc) codes[key] = body.upc as string;
  };
  await made('kettle', { title: 'Fox endpoint kettle', msku: 'FOX-EP-KETTLE', upc: upc(81_234_700_001) });
  await made('towel', { title: 'Fox endpoint towel', msku: 'FOX-EP-TOWEL', upc: upc(81_234_700_002) });
  await made('mug', { title: 'Fox endpoint mug', msku: 'FOX-EP-MUG' });
  await made('lamp', { title: 'Acme endpoint lamp', msku: 'ACME-EP-LAMP', upc: upc(81_234_700_004) }, tok.acme);
  await stockAt(s, tok.admin, fox, 'FOX-EP-KETTLE', 'PREP-WFS', 30);
  await stockAt(s, tok.admin, fox, 'FOX-EP-TOWEL', 'PREP-WFS', 12);
  await stockAt(s, tok.admin, fox, 'FOX-EP-MUG', 'PREP-WFS', 5);
  await stockAt(s, tok.admin, acme, 'ACME-EP-LAMP', 'PREP-WFS', 5);
});
afterAll(() => s?.close());

describe('auth/create and auth/refresh-token', () => {
  const connect = (body: Record<string, unknown>, token = tok.admin) => s.post(`${W}/auth/create`, body, token);
  let added: number;

  it('refuses bad input with the field named (400)', async () => {
    const noSecret = await connect({ companyId: fox, name: 'Fox WM 2', clientId: FOX_CLIENT_ID });
    expect(noSecret.status).toBe(400);
    expect(errors(noSecret).join(' ')).toMatch(/clientSecret/);
    const noStore = await connect({ companyId: fox, clientId: FOX_CLIENT_ID, clientSecret: WALMART_SECRET });
    expect(noStore.status).toBe(400);
    expect(errors(noStore).join(' ')).toMatch(/name: name the new store/);
    expect((await connect({ name: 'x', clientId: FOX_CLIENT_ID, clientSecret: WALMART_SECRET })).status).toBe(400);
  });

  it('adds the client’s store, connects it, never answers the secret; the same partner id reuses it', async () => {
    const made = await connect({
      companyId: fox,
      name: 'Fox WM 2',
      sellerId: '10002',
      clientId: FOX_CLIENT_ID,
      clientSecret: WALMART_SECRET,
    });
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    expect(made.body).toMatchObject({ created: true, connected: true });
    expect(made.body.store).toMatchObject({ marketplace: 'walmart', companyId: fox, connection: 'connected' });
    expect(made.body.store.credentialHint).toBe(`•••• ${WALMART_SECRET.slice(-4)}`);
    expect(JSON.stringify(made)).not.toContain(WALMART_SECRET);
    added = made.body.store.id;
    const again = await connect({
      companyId: fox,
      name: 'another name',
      sellerId: '10002',
      clientId: FOX_CLIENT_ID,
      clientSecret: 'wm-secret-rotated-0000000001',
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, connected: true });
    expect(again.body.store.id).toBe(added);
    expect(again.body.store.credentialHint).toBe('•••• 0001');
  });

  it('credentials Walmart refuses leave the store unconnected, in words; a client connects its own store', async () => {
    const bad = await connect(
      { name: 'Acme own WM', clientId: '11111111-2222-4333-8444-555555555555', clientSecret: 'too-short1' },
      tok.acme,
    );
    expect(bad.status, JSON.stringify(bad.meta)).toBe(201);
    expect(bad.body.connected).toBe(false);
    expect(bad.body.store.companyId).toBe(acme);
    expect(bad.body.store.connection).not.toBe('connected');
    expect(bad.meta.warn_list.length).toBe(1);
    const fixed = await connect(
      { storeId: bad.body.store.id, clientId: '11111111-2222-4333-8444-555555555555', clientSecret: WALMART_SECRET },
      tok.acme,
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ created: false, connected: true });
  });

  it('production: the store moves there once its credentials are stored, and Walmart itself is asked', async () => {
    const asked: string[] = [];
    clientOverrides.fetch = async (input) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ error: [{ code: 'UNAUTHORIZED.GMP_GATEWAY_API', description: 'no' }] }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    };
    try {
      const prod = await connect({
        companyId: fox,
        name: 'Fox WM live',
        environment: 'production',
        clientId: FOX_CLIENT_ID,
        clientSecret: WALMART_SECRET,
      });
      expect(prod.status, JSON.stringify(prod.meta)).toBe(201);
      expect(prod.body.store.environment).toBe('production');
      expect(prod.body.connected).toBe(false);
      expect(asked.every((u) => u.startsWith('https://marketplace.walmartapis.com'))).toBe(true);
      expect(asked.length).toBeGreaterThan(0);
    } finally {
      delete clientOverrides.fetch;
    }
  });

  it('keeps to the caller’s stores: another client 403, another tenant 404, not Walmart 412', async () => {
    const body = { storeId: foxStore, clientId: FOX_CLIENT_ID, clientSecret: WALMART_SECRET };
    expect((await connect(body, tok.acme)).status).toBe(403);
    expect((await connect(body, tok.north)).status).toBe(404);
    expect((await connect({ ...body, companyId: acme })).status).toBe(412);
    const amazon = await s.post(
      '/api/common/stores',
      { companyId: fox, marketplace: 'amazon_us', name: 'Fox AMZ' },
      tok.admin,
    );
    expect((await connect({ ...body, storeId: amazon.body.id })).status).toBe(412);
    // A client naming another client's company to add a store: not found.
    expect((await connect({ companyId: fox, name: 'x', ...body, storeId: undefined }, tok.acme)).status).toBe(404);
  });

  it('refresh-token asks Walmart for a new token and answers when it expires; 403/404 outside', async () => {
    const before = Date.now();
    const res = await s.post(`${W}/auth/refresh-token/${foxStore}`, {}, tok.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.storeId).toBe(foxStore);
    expect(res.body.connection).toBe('connected');
    const expires = Date.parse(res.body.tokenExpiresAt);
    expect(expires - before).toBeGreaterThan(14 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(16 * 60_000);
    expect(JSON.stringify(res.body)).not.toMatch(/access_token|accessToken/);
    expect((await s.post(`${W}/auth/refresh-token/${foxStore}`, {}, tok.fox)).status).toBe(200);
    expect((await s.post(`${W}/auth/refresh-token/${foxStore}`, {}, tok.acme)).status).toBe(403);
    expect((await s.post(`${W}/auth/refresh-token/${foxStore}`, {}, tok.north)).status).toBe(404);
    expect((await s.post(`${W}/auth/refresh-token/999999`, {}, tok.admin)).status).toBe(404);
    expect((await s.post(`${W}/auth/refresh-token/abc`, {}, tok.admin)).status).toBe(400);
  });
});

describe('a draft plan edited: plan/update and one line at a time', () => {
  let id: number;
  let kettleLine: number;
  let towelLine: number;

  it('creates the plan to edit', async () => {
    const made = await s.post(
      P,
      {
        companyId: fox,
        storeId: foxStore,
        name: 'Fox endpoints',
        shipFrom,
        items: [{ productId: products.kettle, quantity: 5 }],
      },
      tok.admin,
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    id = made.body.id;
    kettleLine = made.body.items[0].id;
  });

  it('plan/update renames and moves the ship-from (typed or a template’s); 400, 404, 412 outside the rules', async () => {
    const renamed = await s.put(`${P}/${id}`, { name: 'Fox endpoints 2' }, tok.fox);
    expect(renamed.status, JSON.stringify(renamed.meta)).toBe(200);
    expect(renamed.body.name).toBe('Fox endpoints 2');
    expect(renamed.body.events.at(-1)).toMatchObject({ kind: 'renamed' });
    expect((await s.put(`${P}/${id}`, {}, tok.admin)).status).toBe(400);
    const noted = await s.put(`${P}/${id}`, { notes: '  Fragile: top load only  ' }, tok.admin);
    expect(noted.body.notes).toBe('Fragile: top load only');
    expect((await s.get(`${P}/${id}`, tok.fox)).body.notes).toBe('Fragile: top load only');
    expect((await s.put(`${P}/${id}`, { notes: 'x'.repeat(2001) }, tok.admin)).status).toBe(400);
    expect((await s.put(`${P}/${id}`, { notes: '' }, tok.admin)).body.notes).toBeNull();
    expect((await s.put(`${P}/${id}`, { name: 'x'.repeat(51) }, tok.admin)).status).toBe(400);
    const noState = await s.put(`${P}/${id}`, { shipFrom: { ...shipFrom, stateOrProvinceCode: '' } }, tok.admin);
    expect(noState.status).toBe(400);
    const moved = await s.put(`${P}/${id}`, { shipFrom: { ...shipFrom, city: 'Elizabeth' } }, tok.admin);
    expect(moved.body.shipFrom.city).toBe('Elizabeth');
    const tpl = await s.post(`${W}/shipping-templates`, template(fox, 'Fox dock'), tok.admin);
    expect(tpl.status, JSON.stringify(tpl.meta)).toBe(201);
    const fromTpl = await s.put(`${P}/${id}`, { templateId: tpl.body.id }, tok.fox);
    expect(fromTpl.status, JSON.stringify(fromTpl.meta)).toBe(200);
    expect(fromTpl.body.shipFrom).toMatchObject({ name: 'Fox Dock', city: 'Bentonville', stateOrProvinceCode: 'AR' });
    expect((await s.put(`${P}/${id}`, { templateId: tpl.body.id, shipFrom }, tok.admin)).status).toBe(400);
    const acmeTpl = await s.post(`${W}/shipping-templates`, template(acme, 'Acme dock'), tok.admin);
    expect(acmeTpl.status, JSON.stringify(acmeTpl.meta)).toBe(201);
    expect((await s.put(`${P}/${id}`, { templateId: acmeTpl.body.id }, tok.admin)).status).toBe(412);
    expect((await s.put(`${P}/${id}`, { templateId: acmeTpl.body.id }, tok.fox)).status).toBe(404);
    expect((await s.put(`${P}/${id}`, { name: 'mine now' }, tok.acme)).status).toBe(404);
    expect((await s.put(`${P}/${id}`, { name: 'mine now' }, tok.north)).status).toBe(404);
  });

  it('adds a line holding its units; the same product again is a conflict; another client’s product refused', async () => {
    const added = await s.post(`${P}/${id}/items`, { productId: products.towel, quantity: 4 }, tok.fox);
    expect(added.status, JSON.stringify(added.meta)).toBe(201);
    towelLine = added.body.items.find((i: { productId: number }) => i.productId === products.towel).id;
    expect(added.body.reservations.filter((r: { state: string }) => r.state === 'held')).toHaveLength(2);
    const twice = await s.post(`${P}/${id}/items`, { productId: products.towel, quantity: 1 }, tok.fox);
    expect(twice.status).toBe(409);
    expect(errors(twice)[0]).toMatch(/on the plan already/);
    expect((await s.post(`${P}/${id}/items`, { productId: products.mug, quantity: 0 }, tok.fox)).status).toBe(400);
    expect((await s.post(`${P}/${id}/items`, { productId: products.mug }, tok.fox)).status).toBe(400);
    const short = await s.post(`${P}/${id}/items`, { productId: products.mug, quantity: 6 }, tok.fox);
    expect(short.status).toBe(412);
    expect(errors(short)[0]).toMatch(/Only 5 units .* available at PREP-WFS; the plan asks for 6/);
    expect((await s.post(`${P}/${id}/items`, { productId: products.lamp, quantity: 1 }, tok.admin)).status).toBe(412);
    expect((await s.post(`${P}/${id}/items`, { productId: products.lamp, quantity: 1 }, tok.fox)).status).toBe(404);
    expect((await s.post(`${P}/${id}/items`, { productId: products.towel, quantity: 1 }, tok.acme)).status).toBe(404);
    expect((await s.post(`${P}/${id}/items`, { productId: products.towel, quantity: 1 }, tok.north)).status).toBe(404);
  });

  it('update/quantity re-holds: more needs free units, fewer gives them back; held never above on hand', async () => {
    const all = await s.put(`${P}/${id}/items/${towelLine}/quantity`, { quantity: 12 }, tok.fox);
    expect(all.status, JSON.stringify(all.meta)).toBe(200);
    const over = await s.put(`${P}/${id}/items/${towelLine}/quantity`, { quantity: 13 }, tok.fox);
    expect(over.status).toBe(412);
    expect(errors(over)[0]).toMatch(/Only 12 units/);
    // Another plan takes the kettles left: this plan's kettle line may not grow past its own 5.
    const rival = await s.post(
      P,
      {
        companyId: fox,
        storeId: foxStore,
        name: 'Fox rival',
        shipFrom,
        items: [{ productId: products.kettle, quantity: 25 }],
      },
      tok.admin,
    );
    expect(rival.status, JSON.stringify(rival.meta)).toBe(201);
    expect((await s.put(`${P}/${id}/items/${kettleLine}/quantity`, { quantity: 6 }, tok.fox)).status).toBe(412);
    const fewer = await s.put(`${P}/${id}/items/${kettleLine}/quantity`, { quantity: 2 }, tok.fox);
    expect(fewer.status).toBe(200);
    // The 3 given back are free for the rival plan, and no more.
    const rivalKettle = rival.body.items[0].id;
    expect((await s.put(`${P}/${rival.body.id}/items/${rivalKettle}/quantity`, { quantity: 29 }, tok.fox)).status).toBe(
      412,
    );
    expect((await s.put(`${P}/${rival.body.id}/items/${rivalKettle}/quantity`, { quantity: 28 }, tok.fox)).status).toBe(
      200,
    );
    for (const k of await heldAndOnHand()) expect(k.held, k.key).toBeLessThanOrEqual(k.onHand);
    const lines = (await s.get(`${P}/${id}/items`, tok.fox)).body as {
      id: number;
      quantity: number;
      held: number;
      boxed: number;
    }[];
    expect(lines.map((l) => [l.id, l.quantity, l.held, l.boxed])).toEqual([
      [kettleLine, 2, 2, 0],
      [towelLine, 12, 12, 0],
    ]);
    expect((await s.put(`${P}/${id}/items/${towelLine}/quantity`, { quantity: -1 }, tok.fox)).status).toBe(400);
    expect((await s.put(`${P}/${id}/items/999999/quantity`, { quantity: 1 }, tok.fox)).status).toBe(404);
    expect((await s.put(`${P}/${id}/items/${towelLine}/quantity`, { quantity: 1 }, tok.acme)).status).toBe(404);
    expect((await s.get(`${P}/${id}/items`, tok.acme)).status).toBe(404);
    expect((await s.get(`${P}/${id}/items`, tok.north)).status).toBe(404);
    expect((await s.post(`${P}/${rival.body.id}/cancel`, {}, tok.admin)).status).toBe(200);
  });

  it('update changes a line’s other fields, keeping the rest; delete releases its units', async () => {
    const changed = await s.put(
      `${P}/${id}/items/${towelLine}`,
      { expiration: '2027-06-30', prepOwner: 'NONE' },
      tok.fox,
    );
    expect(changed.status, JSON.stringify(changed.meta)).toBe(200);
    const towel = changed.body.items.find((i: { id: number }) => i.id === towelLine);
    expect(towel).toMatchObject({ expiration: '2027-06-30', prepOwner: 'NONE', quantity: 12 });
    expect((await s.put(`${P}/${id}/items/${towelLine}`, {}, tok.fox)).status).toBe(400);
    expect((await s.put(`${P}/${id}/items/${towelLine}`, { expiration: '2027-02-30' }, tok.fox)).status).toBe(400);
    const gone = await s.del(`${P}/${id}/items/${towelLine}`, tok.fox);
    expect(gone.status).toBe(200);
    expect(gone.body.items.map((i: { id: number }) => i.id)).toEqual([kettleLine]);
    // The removed line's hold is released (its row outlives the line, detached from it).
    const held = await s.db
      .select()
      .from(itemReservations)
      .where(and(eq(itemReservations.planId, id), eq(itemReservations.state, 'held')));
    expect(held.map((r) => [r.planItemId, r.quantity])).toEqual([[kettleLine, 2]]);
    expect(
      gone.body.reservations.some(
        (r: { state: string; quantity: number }) => r.state === 'released' && r.quantity === 12,
      ),
    ).toBe(true);
    expect((await s.del(`${P}/${id}/items/${towelLine}`, tok.fox)).status).toBe(404);
    expect((await s.del(`${P}/${id}/items/${kettleLine}`, tok.acme)).status).toBe(404);
    // Back to two lines for Walmart.
    expect((await s.post(`${P}/${id}/items`, { productId: products.towel, quantity: 3 }, tok.fox)).status).toBe(201);
  });
});

describe('the bench batch and its boxes from the desk', () => {
  let id: number;
  let plan: {
    items: { id: number; productId: number; msku: string; quantity: number; packingGroupId: string }[];
    shipments: { shipmentId: string }[];
  };
  let boxId: string;

  it('reaches the bench; the lines no longer change (412)', async () => {
    const made = await s.post(
      P,
      {
        companyId: fox,
        storeId: foxStore,
        name: 'Fox bench',
        shipFrom,
        items: [
          { productId: products.kettle, quantity: 3 },
          { productId: products.towel, quantity: 2 },
        ],
      },
      tok.admin,
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    id = made.body.id;
    expect((await s.post(`${P}/${id}/preview`, { expectedDeliveryDate: inDays(7) }, tok.admin)).status).toBe(200);
    const sent = await s.post(`${P}/${id}/submit`, {}, tok.admin);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(200);
    plan = sent.body;
    const line = plan.items[0].id;
    expect((await s.put(`${P}/${id}/items/${line}/quantity`, { quantity: 1 }, tok.admin)).status).toBe(412);
    expect((await s.post(`${P}/${id}/items`, { productId: products.mug, quantity: 1 }, tok.admin)).status).toBe(412);
    expect((await s.del(`${P}/${id}/items/${line}`, tok.admin)).status).toBe(412);
    expect((await s.put(`${P}/${id}`, { name: 'late' }, tok.admin)).status).toBe(412);
    expect((await s.del(`${P}/${id}/boxes`, tok.admin)).body).toEqual({ boxes: 0, units: 0 });
  });

  it('plan/batch answers the plan as the bench sees it', async () => {
    const batch = await s.get(`${P}/${id}/batch`, tok.fox);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(200);
    expect(batch.body.plan).toMatchObject({ id, channel: 'wfs', step: 'boxes', boxMaxWeightLb: 50 });
    const kettle = batch.body.lines.find((l: { msku: string }) => l.msku === 'FOX-EP-KETTLE');
    expect(kettle.codes).toEqual(expect.arrayContaining(['FOX-EP-KETTLE', codes.kettle]));
    expect(kettle.packingGroupId).toBeTruthy();
    expect(batch.body.boxes).toEqual([]);
    expect((await s.get(`${P}/${id}/batch`, tok.acme)).status).toBe(404);
    expect((await s.get(`${P}/${id}/batch`, tok.north)).status).toBe(404);
  });

  it('opens a box for a Walmart shipment; clients 403, other tenants 404, a foreign group 412', async () => {
    const group = plan.items.find((i) => i.msku === 'FOX-EP-KETTLE')!.packingGroupId;
    expect((await s.post(`${W}/box`, { planId: id, packingGroupId: group }, tok.fox)).status).toBe(403);
    expect((await s.post(`${W}/box`, { planId: id, packingGroupId: group }, tok.north)).status).toBe(404);
    expect((await s.post(`${W}/box`, { planId: id, packingGroupId: 'NOT-OURS' }, tok.receiver)).status).toBe(412);
    expect((await s.post(`${W}/box`, { planId: 'x', packingGroupId: group }, tok.receiver)).status).toBe(400);
    const box = await s.post(`${W}/box`, { planId: id, packingGroupId: group }, tok.receiver);
    expect(box.status, JSON.stringify(box.meta)).toBe(201);
    expect(box.body).toMatchObject({ planId: id, boxNo: 1, state: 'open', packingGroupId: group });
    boxId = box.body.id;
  });

  it('scan-item and bulk scan through the bench’s engine; bulk is all or none', async () => {
    const scan = await s.post(`${W}/items/box/scan-item`, { boxId, code: 'fox-ep-kettle', quantity: 1 }, tok.receiver);
    expect(scan.status, JSON.stringify(scan.meta)).toBe(200);
    expect(scan.body).toMatchObject({ units: 1, inBox: 1, boxed: 1, planned: 3 });
    expect((await s.post(`${W}/items/box/scan-item`, { boxId, code: 'x', quantity: 0 }, tok.receiver)).status).toBe(
      400,
    );
    expect((await s.post(`${W}/items/box/scan-item`, { boxId: 'nope', code: 'x' }, tok.receiver)).status).toBe(400);
    expect((await s.post(`${W}/items/box/scan-item`, { boxId, code: 'UNKNOWN-CODE' }, tok.receiver)).status).toBe(412);
    const over = await s.post(`${W}/items/box/scan-item`, { boxId, code: codes.kettle, quantity: 3 }, tok.receiver);
    expect(over.status).toBe(412);
    expect((await s.post(`${W}/items/box/scan-item`, { boxId, code: codes.kettle }, tok.fox)).status).toBe(403);
    expect((await s.post(`${W}/items/box/scan-item`, { boxId, code: codes.kettle }, tok.north)).status).toBe(404);
    const unknownBox = '00000000-0000-4000-8000-000000000000';
    expect(
      (await s.post(`${W}/items/box/scan-item`, { boxId: unknownBox, code: codes.kettle }, tok.receiver)).status,
    ).toBe(404);
    const half = await s.post(
      `${W}/items/box/bulk`,
      { boxId, items: [{ code: codes.kettle, quantity: 1 }, { code: 'UNKNOWN-CODE' }] },
      tok.receiver,
    );
    expect(half.status).toBe(412);
    expect((await s.get(`${W}/box/${boxId}`, tok.receiver)).body.items[0].quantity).toBe(1);
    expect((await s.post(`${W}/items/box/bulk`, { boxId, items: [] }, tok.receiver)).status).toBe(400);
    const bulk = await s.post(
      `${W}/items/box/bulk`,
      { boxId, items: [{ code: codes.kettle }, { code: 'FOX-EP-KETTLE', quantity: 1 }] },
      tok.receiver,
    );
    expect(bulk.status, JSON.stringify(bulk.meta)).toBe(200);
    expect(bulk.body.units).toBe(2);
    expect(bulk.body.scans.at(-1)).toMatchObject({ inBox: 3, boxed: 3, planned: 3 });
  });

  it('boxes/{id} and box/{id} read the boxes; a box is closed within Walmart’s limits; only an empty one is given up', async () => {
    const list = await s.get(`${P}/${id}/boxes`, tok.fox);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: boxId, state: 'open', items: [{ quantity: 3, msku: 'FOX-EP-KETTLE' }] });
    expect((await s.get(`${W}/box/${boxId}`, tok.fox)).body.id).toBe(boxId);
    expect((await s.get(`${W}/box/${boxId}`, tok.acme)).status).toBe(404);
    expect((await s.get(`${W}/box/${boxId}`, tok.north)).status).toBe(404);
    expect((await s.get(`${P}/${id}/boxes`, tok.north)).status).toBe(404);
    const heavy = await s.put(
      `${W}/box/${boxId}`,
      { lengthIn: 18, widthIn: 14, heightIn: 12, weightLb: 61 },
      tok.receiver,
    );
    expect(heavy.status).toBe(412);
    expect(errors(heavy)[0]).toMatch(/Walmart takes at most 50 lb/);
    expect(
      (await s.put(`${W}/box/${boxId}`, { lengthIn: -1, widthIn: 14, heightIn: 12, weightLb: 6 }, tok.receiver)).status,
    ).toBe(400);
    const closed = await s.put(
      `${W}/box/${boxId}`,
      { lengthIn: 18, widthIn: 14, heightIn: 12, weightLb: 6 },
      tok.receiver,
    );
    expect(closed.status, JSON.stringify(closed.meta)).toBe(200);
    expect(closed.body.state).toBe('closed');
    expect((await s.del(`${W}/box/${boxId}`, tok.receiver)).status).toBe(412);
    const group = plan.items.find((i) => i.msku === 'FOX-EP-TOWEL')!.packingGroupId;
    const empty = await s.post(`${W}/box`, { planId: id, packingGroupId: group }, tok.receiver);
    expect((await s.del(`${W}/box/${empty.body.id}`, tok.fox)).status).toBe(403);
    const dropped = await s.del(`${W}/box/${empty.body.id}`, tok.receiver);
    expect(dropped.status).toBe(200);
    expect(dropped.body.state).toBe('discarded');
    expect((await s.get(`${W}/box/${empty.body.id}`, tok.receiver)).status).toBe(404);
  });

  it('box/all clears the packing while the plan is at the bench', async () => {
    expect((await s.del(`${P}/${id}/boxes`, tok.fox)).status).toBe(403);
    expect((await s.del(`${P}/${id}/boxes`, tok.north)).status).toBe(404);
    const cleared = await s.del(`${P}/${id}/boxes`, tok.receiver);
    expect(cleared.status, JSON.stringify(cleared.meta)).toBe(200);
    expect(cleared.body).toEqual({ boxes: 1, units: 3 });
    expect((await s.get(`${P}/${id}/boxes`, tok.receiver)).body).toEqual([]);
    expect(await s.db.select().from(shipmentBoxes).where(eq(shipmentBoxes.planId, id))).toEqual([]);
    const tree = (await s.get(`${P}/${id}/box-tree`, tok.admin)).body;
    expect(tree.boxed).toBe(0);
    expect((await s.get(`${P}/${id}`, tok.admin)).body.events.at(-1).message).toMatch(/Packing cleared: 1 boxes/);
  });
});

describe('items/search', () => {
  type Row = {
    msku: string;
    eligible: boolean;
    problem: string | null;
    onHand: number;
    held: number;
    available: number;
  };
  it('finds the client’s products by title, SKU or UPC with units free at PREP-WFS and whether Walmart takes them', async () => {
    const res = await s.get(`${W}/items/search?q=Fox endpoint`, tok.fox);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    const rows = res.body.content as Row[];
    expect(rows.map((r) => r.msku).sort()).toEqual(['FOX-EP-KETTLE', 'FOX-EP-MUG', 'FOX-EP-TOWEL']);
    const mug = rows.find((r) => r.msku === 'FOX-EP-MUG')!;
    expect(mug).toMatchObject({ eligible: false, onHand: 5, available: 5 });
    expect(mug.problem).toMatch(/GTIN, UPC or EAN/);
    const kettle = rows.find((r) => r.msku === 'FOX-EP-KETTLE')!;
    expect(kettle).toMatchObject({ eligible: true, walmartProductType: 'UPC', onHand: 30 });
    expect(kettle.available).toBe(kettle.onHand - kettle.held);
    const byUpc = await s.get(`${W}/items/search?q=${codes.towel}&companyId=${fox}&storeId=${foxStore}`, tok.admin);
    expect((byUpc.body.content as Row[]).map((r) => r.msku)).toEqual(['FOX-EP-TOWEL']);
    const bySku = await s.get(`${W}/items/search?q=FOX-EP-K&companyId=${fox}`, tok.admin);
    expect((bySku.body.content as Row[]).map((r) => r.msku)).toEqual(['FOX-EP-KETTLE']);
  });

  it('refuses what is outside: no client named 400, another client 404, another tenant 404, a foreign store 412', async () => {
    expect((await s.get(`${W}/items/search?q=Fox`, tok.admin)).status).toBe(400);
    expect((await s.get(`${W}/items/search?companyId=${fox}`, tok.acme)).status).toBe(404);
    expect((await s.get(`${W}/items/search?companyId=${fox}`, tok.north)).status).toBe(404);
    expect((await s.get(`${W}/items/search?companyId=${fox}&storeId=${acmeStore}`, tok.admin)).status).toBe(412);
    const acmeOwn = (await s.get(`${W}/items/search?q=endpoint`, tok.acme)).body.content as Row[];
    expect(acmeOwn.map((r) => r.msku)).toEqual(['ACME-EP-LAMP']);
  });
});

describe('two plans raising the same product at once', () => {
  it('hold no more than PREP-WFS has: one raise goes through, the other is refused', async () => {
    const cup = await s.post(
      '/api/product/products',
      { title: 'Fox race cup', msku: 'FOX-EP-CUP', upc: upc(81_234_700_009), weightLb: 1 },
      tok.fox,
    );
    expect(cup.status, JSON.stringify(cup.meta)).toBe(201);
    await stockAt(s, tok.admin, fox, 'FOX-EP-CUP', 'PREP-WFS', 10);
    const plans = [];
    for (const name of ['Race A', 'Race B']) {
      const made = await s.post(
        P,
        { companyId: fox, storeId: foxStore, name, shipFrom, items: [{ productId: cup.body.id, quantity: 1 }] },
        tok.admin,
      );
      expect(made.status, JSON.stringify(made.meta)).toBe(201);
      plans.push(made.body as { id: number; items: { id: number }[] });
    }
    const raises = await Promise.all(
      plans.map((p) => s.put(`${P}/${p.id}/items/${p.items[0].id}/quantity`, { quantity: 9 }, tok.admin)),
    );
    expect(raises.map((r) => r.status).sort()).toEqual([200, 412]);
    for (const k of await heldAndOnHand()) expect(k.held, k.key).toBeLessThanOrEqual(k.onHand);
    const row = (await s.get(`${W}/items/search?q=FOX-EP-CUP`, tok.fox)).body.content[0];
    expect(row).toMatchObject({ onHand: 10, held: 10, available: 0 });
  });
});

describe('the OpenAPI document', () => {
  it('documents every new route with the others', async () => {
    const res = await s.started.app.request('/api/docs/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const want: [string, string][] = [
      ['/api/outbound/wfs/auth/create', 'post'],
      ['/api/outbound/wfs/auth/refresh-token/{id}', 'post'],
      ['/api/outbound/wfs/plan/{id}', 'put'],
      ['/api/outbound/wfs/plan/{id}/batch', 'get'],
      ['/api/outbound/wfs/plan/{id}/items', 'get'],
      ['/api/outbound/wfs/plan/{id}/items', 'post'],
      ['/api/outbound/wfs/plan/{id}/items/{itemId}', 'put'],
      ['/api/outbound/wfs/plan/{id}/items/{itemId}/quantity', 'put'],
      ['/api/outbound/wfs/plan/{id}/items/{itemId}', 'delete'],
      ['/api/outbound/wfs/box', 'post'],
      ['/api/outbound/wfs/plan/{id}/boxes', 'get'],
      ['/api/outbound/wfs/plan/{id}/boxes', 'delete'],
      ['/api/outbound/wfs/box/{boxId}', 'get'],
      ['/api/outbound/wfs/box/{boxId}', 'put'],
      ['/api/outbound/wfs/box/{boxId}', 'delete'],
      ['/api/outbound/wfs/items/box/scan-item', 'post'],
      ['/api/outbound/wfs/items/box/bulk', 'post'],
      ['/api/outbound/wfs/items/search', 'get'],
    ];
    for (const [path, method] of want) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
  });
});
