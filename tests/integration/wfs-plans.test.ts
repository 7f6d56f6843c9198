/**
 * WFS shipment plans (issue 19, decision 0013) against the real server and the Walmart sandbox:
 * a plan's lines hold units at PREP-WFS (never FBA's units, nor FBA's plans WFS's), Walmart's
 * inbound preview says where each line goes, the inbound order makes one shipment per fulfilment
 * centre and the lines pack by shipment; lines without a GTIN/UPC are refused per SKU before
 * Walmart is asked; cancel releases the units and cancels Walmart's order; a client sees only its
 * own plans; another tenant none; bad input 400; a Walmart outage keeps the plan where it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { itemReservations, shipmentPlanItems } from '../../server/db/schema/index.js';
import { upc, WFS_SHIP_FROM as shipFrom } from '../helpers/wfs.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

let s: TestServer;
const tok: Record<string, string> = {};
let fox: number;
let storeId: number;
let acmeStoreId: number;
const products: Record<string, number> = {};
const P = '/api/outbound/wfs/plan';
let fault: string | null = null;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function stock(productCode: string, location: string, quantity: number, companyId = fox) {
  const res = await s.post(
    '/api/inventory/adjust',
    { companyId, productCode, location, quantity, reason: 'found' },
    tok.admin,
  );
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
}
const create = (items: unknown[], extra: Record<string, unknown> = {}, token = tok.admin) =>
  s.post(P, { companyId: fox, storeId, name: 'Fox WFS 1', shipFrom, items, ...extra }, token);

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  clientOverrides.fetch = (input, init) =>
    fetch(
      input,
      fault ? { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-sandbox-fault': fault } } : init,
    );
  for (const [k, u] of Object.entries({
    admin: 'demo.admin',
    fox: 'demo.client2',
    acme: 'demo.client',
    north: 'north.admin',
  }))
    tok[k] = await s.token(u);
  fox = (await s.signIn('demo.client2')).userData.companyId;
  const acme = (await s.signIn('demo.client')).userData.companyId;
  const store = async (companyId: number, name: string, clientId: string) => {
    const id = (await s.post('/api/common/stores', { companyId, marketplace: 'walmart', name }, tok.admin)).body
      .id as number;
    await s.put(
      `/api/common/stores/${id}/credentials`,
      { clientId, clientSecret: 'wm-secret-fedcba9876543210' },
      tok.admin,
    );
    expect((await s.post(`/api/common/stores/${id}/test`, {}, tok.admin)).body.ok).toBe(true);
    return id;
  };
  storeId = await store(fox, 'Blue Fox Walmart', '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f');
  acmeStoreId = await store(acme, 'Acme Walmart', '2f3e4d5c-6b7a-4980-a1b2-c3d4e5f60718');
  const made = async (key: string, body: Record<string, unknown>, token = tok.fox) => {
    const res = await s.post(
      '/api/product/products',
      { weightLb: 1.2, lengthIn: 9, widthIn: 5, heightIn: 3, ...body },
      token,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    products[key] = res.body.id;
  };
  await made('kettle', { title: 'Fox travel kettle', msku: 'FOX-KETTLE-1', upc: upc(81_234_500_001) });
  await made('towel', { title: 'Fox tea towel', msku: 'FOX-TOWEL-1', upc: upc(81_234_500_002) });
  await made('mug', { title: 'Fox mug', msku: 'FOX-MUG-1' });
  await made('acme', { title: 'Acme lamp', msku: 'ACME-LAMP-1', upc: upc(81_234_500_004) }, tok.acme);
  await stock('FOX-KETTLE-1', 'PREP-WFS', 30);
  await stock('FOX-KETTLE-1', 'PREP-FBA', 7);
  await stock('FOX-TOWEL-1', 'PREP-WFS', 12);
  await stock('FOX-MUG-1', 'PREP-WFS', 5);
});
afterAll(() => s?.close());

describe('a WFS plan from PREP-WFS to Walmart’s shipments', () => {
  let id: number;

  it('holds units at PREP-WFS only: more than the station has is refused; FBA’s units are untouched', async () => {
    const tooMany = await create([{ productId: products.kettle, quantity: 31 }]);
    expect(tooMany.status).toBe(412);
    expect(fieldRule(tooMany.meta.error_list[0])).toMatch(
      /Only 30 units .* available at PREP-WFS; the plan asks for 31/,
    );
    const made = await create([
      { productId: products.kettle, quantity: 20 },
      { productId: products.towel, quantity: 12 },
    ]);
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    id = made.body.id;
    expect(made.body).toMatchObject({ channel: 'wfs', status: 'open', step: 'items', skus: 2, units: 32 });
    expect(
      made.body.items.map((i: { msku: string; walmartProductType: string; fnsku: string | null }) => [
        i.msku,
        i.walmartProductType,
        i.fnsku,
      ]),
    ).toEqual([
      ['FOX-KETTLE-1', 'UPC', null],
      ['FOX-TOWEL-1', 'UPC', null],
    ]);
    const held = await s.db.select().from(itemReservations).where(eq(itemReservations.planId, id));
    expect(held.map((r) => [r.station, r.quantity, r.state])).toEqual([
      ['PREP-WFS', 20, 'held'],
      ['PREP-WFS', 12, 'held'],
    ]);
    const wfsAvail = (await s.get(`${P}/available?companyId=${fox}`, tok.admin)).body.content as {
      msku: string;
      available: number;
      held: number;
    }[];
    expect(wfsAvail.find((r) => r.msku === 'FOX-KETTLE-1')).toMatchObject({ held: 20, available: 10 });
    // FBA's availability counts PREP-FBA's 7, none held by the WFS plan.
    const fbaAvail = (await s.get(`/api/outbound/outbound-shipping/batch/available?companyId=${fox}`, tok.admin)).body
      .content as { msku: string; available: number; held: number }[];
    expect(fbaAvail.find((r) => r.msku === 'FOX-KETTLE-1')).toMatchObject({ held: 0, available: 7 });
    // And the plan is no FBA plan: FBA's routes do not find it.
    expect((await s.get(`/api/outbound/outbound-shipping/batch/${id}`, tok.admin)).status).toBe(404);
    const fbaList = (await s.get('/api/outbound/outbound-shipping/batch?status=all', tok.admin)).body.content as {
      id: number;
    }[];
    expect(fbaList.some((p) => p.id === id)).toBe(false);
  });

  it('a line Walmart cannot know (no UPC/GTIN) is refused per SKU before Walmart is asked', async () => {
    const other = await create([{ productId: products.mug, quantity: 2 }], { name: 'Fox mugs' });
    expect(other.status).toBe(201);
    const refused = await s.post(`${P}/${other.body.id}/preview`, { expectedDeliveryDate: inDays(10) }, tok.admin);
    expect(refused.status).toBe(412);
    expect(fieldRule(refused.meta.error_list[0])).toMatch(
      /FOX-MUG-1: Walmart knows an item by its GTIN-14, UPC-12 or EAN-13/,
    );
    const cancelled = await s.post(`${P}/${other.body.id}/cancel`, {}, tok.admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.reservations.every((r: { state: string }) => r.state === 'released')).toBe(true);
  });

  it('previews: where each line would go, journalled; a past delivery day is a 400', async () => {
    expect((await s.post(`${P}/${id}/preview`, { expectedDeliveryDate: '2020-01-01' }, tok.admin)).status).toBe(400);
    expect((await s.post(`${P}/${id}/preview`, { expectedDeliveryDate: 'soon' }, tok.admin)).status).toBe(400);
    expect((await s.post(`${P}/${id}/submit`, {}, tok.admin)).status).toBe(412);
    const res = await s.post(`${P}/${id}/preview`, { expectedDeliveryDate: inDays(10) }, tok.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.step).toBe('preview');
    const nodes = res.body.preview.nodes as { fcName: string | null; lines: { sku: string; quantity: number }[] }[];
    expect(nodes.length).toBeGreaterThan(0);
    const units = nodes.flatMap((n) => n.lines).reduce((t, l) => t + l.quantity, 0);
    expect(units).toBe(32);
    expect(res.body.events.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'walmart.asked',
      'walmart.answered',
    ]);
  });

  it('a Walmart outage or throttling keeps the plan where it was, and says to try again', async () => {
    for (const f of ['error', 'throttle']) {
      fault = f;
      try {
        const res = await s.post(`${P}/${id}/submit`, {}, tok.admin);
        expect([429, 503], `${f}: ${res.status}`).toContain(res.status);
        expect(fieldRule(res.meta.error_list[0])).toMatch(/Walmart/);
      } finally {
        fault = null;
      }
    }
    const p = (await s.get(`${P}/${id}`, tok.admin)).body;
    expect(p).toMatchObject({ step: 'preview', status: 'open', inboundPlanId: null, shipments: [] });
  });

  it('submits: Walmart’s shipments, one per fulfilment centre, and each line packs with its shipment', async () => {
    const res = await s.post(`${P}/${id}/submit`, {}, tok.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toMatchObject({
      step: 'boxes',
      status: 'boxing',
      inboundPlanId: expect.stringMatching(/^DS\d+-\d+$/),
    });
    const shipments = res.body.shipments as {
      shipmentId: string;
      fcName: string | null;
      lines: { sku: string; quantity: number }[];
    }[];
    expect(shipments.length).toBeGreaterThan(0);
    expect(shipments.flatMap((x) => x.lines).reduce((t, l) => t + l.quantity, 0)).toBe(32);
    const lines = await s.db.select().from(shipmentPlanItems).where(eq(shipmentPlanItems.planId, id));
    for (const l of lines) {
      const mine = shipments.find((x) => x.lines.some((i) => i.sku === l.msku));
      expect(l.packingGroupId).toBe(mine!.shipmentId);
    }
    // Lines are Walmart's now; a second submit is refused.
    expect(
      (await s.put(`${P}/${id}/items`, { items: [{ productId: products.kettle, quantity: 1 }] }, tok.admin)).status,
    ).toBe(412);
    expect((await s.post(`${P}/${id}/submit`, {}, tok.admin)).status).toBe(412);
  });

  it('lists and shows pending plans by channel', async () => {
    const list = (await s.get(`${P}/query?status=all`, tok.admin)).body.content as { id: number }[];
    expect(list.map((p) => p.id)).toContain(id);
    const pending = (await s.get(`${P}/pending`, tok.admin)).body.content as { id: number; step: string }[];
    expect(pending.find((p) => p.id === id)?.step).toBe('boxes');
    const fbaPending = await s.get('/api/outbound/outbound-shipping/batch/pending', tok.admin);
    expect(fbaPending.status).toBe(200);
    expect((fbaPending.body.content as { id: number }[]).some((p) => p.id === id)).toBe(false);
  });

  it('cancels at Walmart and releases the units', async () => {
    const res = await s.post(`${P}/${id}/cancel`, {}, tok.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.events.at(-1).message).toMatch(
      /32 units released at PREP-WFS; Walmart’s inbound order DS\d+-\d+ cancelled/,
    );
    const held = await s.db
      .select()
      .from(itemReservations)
      .where(and(eq(itemReservations.planId, id), eq(itemReservations.state, 'held')));
    expect(held).toHaveLength(0);
    expect((await s.post(`${P}/${id}/cancel`, {}, tok.admin)).status).toBe(412);
  });
});

describe('Walmart’s refusals per line', () => {
  it('a delivery day that has passed by the time the order is sent: Walmart refuses the line, said per SKU with the fix', async () => {
    const made = await create([{ productId: products.kettle, quantity: 1 }], { name: 'Fox late' });
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    expect((await s.post(`${P}/${made.body.id}/preview`, { expectedDeliveryDate: inDays(1) }, tok.admin)).status).toBe(
      200,
    );
    const now = s.started.deps.now;
    s.started.deps.now = () => new Date(Date.now() + 3 * 86_400_000);
    try {
      const refused = await s.post(`${P}/${made.body.id}/submit`, {}, tok.admin);
      expect(refused.status).toBe(412);
      const said = fieldRules(refused).join(' | ');
      expect(said).toMatch(/FOX-KETTLE-1/);
      expect(said).toMatch(/expectedDeliveryDate/);
      expect(said).not.toMatch(/orderItems\[/);
    } finally {
      s.started.deps.now = now;
    }
    const p = (await s.get(`${P}/${made.body.id}`, tok.admin)).body;
    expect(p).toMatchObject({ step: 'preview', inboundPlanId: null, shipments: [] });
    expect(p.events.at(-1).kind).toBe('walmart.refused');
    expect((await s.post(`${P}/${made.body.id}/cancel`, {}, tok.admin)).status).toBe(200);
  });
});

describe('auto-assign', () => {
  it('fills boxes per shipment from the quantities; the packer weighs and closes them; nothing is assigned twice', async () => {
    await stock('FOX-TOWEL-1', 'PREP-WFS', 12);
    const made = await create(
      [
        { productId: products.kettle, quantity: 8 },
        { productId: products.towel, quantity: 12 },
      ],
      { name: 'Fox auto' },
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    const id = made.body.id;
    expect(
      (await s.post(`${P}/${id}/boxes/auto-assign`, { lengthIn: 18, widthIn: 14, heightIn: 12 }, tok.admin)).status,
    ).toBe(412);
    expect((await s.post(`${P}/${id}/preview`, { expectedDeliveryDate: inDays(9) }, tok.admin)).status).toBe(200);
    const sent = await s.post(`${P}/${id}/submit`, {}, tok.admin);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(200);
    expect(
      (await s.post(`${P}/${id}/boxes/auto-assign`, { lengthIn: 0, widthIn: 14, heightIn: 12 }, tok.admin)).status,
    ).toBe(400);
    const res = await s.post(`${P}/${id}/boxes/auto-assign`, { lengthIn: 18, widthIn: 14, heightIn: 12 }, tok.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.units).toBe(20);
    const tree = (await s.get(`/api/outbound/outbound-shipping/box?planId=${id}`, tok.admin)).body;
    const boxes = tree.boxes as {
      id: string;
      packingGroupId: string;
      state: string;
      items: { planItemId: number; quantity: number }[];
    }[];
    expect(boxes.length).toBe(res.body.boxes);
    const lines = sent.body.items as { id: number; packingGroupId: string }[];
    for (const b of boxes)
      for (const i of b.items) expect(lines.find((l) => l.id === i.planItemId)!.packingGroupId).toBe(b.packingGroupId);
    expect(
      (await s.post(`${P}/${id}/boxes/auto-assign`, { lengthIn: 18, widthIn: 14, heightIn: 12 }, tok.admin)).status,
    ).toBe(412);
    // Open boxes: not ready to go until each is weighed and closed.
    expect((await s.get(`${P}/${id}/can-transmit`, tok.admin)).body.canTransmit).toBe(false);
    for (const b of boxes)
      expect(
        (
          await s.put(
            `/api/outbound/outbound-shipping/box/${b.id}`,
            { lengthIn: 18, widthIn: 14, heightIn: 12, weightLb: 9 },
            tok.admin,
          )
        ).status,
      ).toBe(200);
    expect((await s.get(`${P}/${id}/can-transmit`, tok.admin)).body).toEqual({ canTransmit: true, problems: [] });
    expect((await s.post(`${P}/${id}/cancel`, {}, tok.admin)).status).toBe(200);
  });
});

describe('who sees what, and bad input', () => {
  it('a client plans for itself only; another client’s plan is 404; another tenant sees none', async () => {
    const mine = await create(
      [{ productId: products.kettle, quantity: 2 }],
      { companyId: undefined, name: 'Fox own' },
      tok.fox,
    );
    expect(mine.status, JSON.stringify(mine.meta)).toBe(201);
    expect(mine.body.companyId).toBe(fox);
    expect((await s.get(`${P}/${mine.body.id}`, tok.acme)).status).toBe(404);
    expect((await s.get(`${P}/${mine.body.id}`, tok.north)).status).toBe(404);
    expect((await s.get(`${P}/query?status=all`, tok.north)).body.totalElements).toBe(0);
    const acmeList = (await s.get(`${P}/query?status=all`, tok.acme)).body.content as { companyId: number }[];
    expect(acmeList.every((p) => p.companyId !== fox)).toBe(true);
    // Another client's store, or another client's product: refused.
    expect((await create([{ productId: products.kettle, quantity: 1 }], { storeId: acmeStoreId })).status).toBe(412);
    expect((await create([{ productId: products.acme, quantity: 1 }])).status).toBe(412);
  });

  it('bad input is refused field by field, nothing stored', async () => {
    const bad = await s.post(
      P,
      { storeId, name: '', shipFrom: { ...shipFrom, stateOrProvinceCode: '' }, items: [] },
      tok.admin,
    );
    expect(bad.status).toBe(400);
    const said = fieldRules(bad).join(' | ');
    expect(said).toMatch(/name/);
    expect(said).toMatch(/stateOrProvinceCode: Walmart needs the state/);
    expect(said).toMatch(/items: add at least one product/);
    expect((await s.get(`${P}/999999`, tok.admin)).status).toBe(404);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as {
      paths: Record<string, object>;
    };
    for (const p of [
      P,
      `${P}/query`,
      `${P}/{id}`,
      `${P}/{id}/preview`,
      `${P}/{id}/submit`,
      `${P}/{id}/cancel`,
      `${P}/available`,
    ])
      expect(doc.paths[p], p).toBeDefined();
  });
});
