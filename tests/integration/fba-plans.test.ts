/**
 * FBA shipment plans, first slice (issue 18, decision 0010): a client's units waiting at the FBA
 * prep station are planned for one of its Amazon stores; the lines hold their units (another plan
 * cannot take them), change while the plan is ours alone, are pre-checked for what Amazon would
 * refuse, and are sent to the Amazon sandbox's createInboundPlan — followed as an operation until
 * the plan reaches packing with Amazon's FNSKUs and prep instructions, or stays at items with
 * Amazon's problems. An Amazon outage keeps the plan and what it holds; cancelling gives the
 * units back. Other clients and tenants see nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore, SHIP_FROM } from '../helpers/amazon-sandbox.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullListings } from '../../server/modules/listings/pull.js';
import { checkOperation } from '../../server/modules/operations/service.js';
import { withdrawJob } from '../../server/jobs/store-pulls.js';
import { products, stores } from '../../server/db/schema/index.js';
import { plannable } from '../helpers/plannable.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

const B = '/api/outbound/outbound-shipping/batch';
const MODEL = 'amazon/fulfillmentInbound_2024-03-20.json';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let north: string;
let acmeId: number;
let foxId: number;
let tenantId: number;
let storeId: number;
let clock = Date.now();
let fault: 'error' | null = null;
const day = (offsetDays: number) => new Date(clock + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface Product {
  id: number;
  title: string;
  fnsku: string;
  msku: string;
}
/** Acme's products, each with units at PREP-FBA: three listed on the store, one not. */
let mug: Product;
let board: Product;
let mat: Product;
let loose: Product;

type Plan = {
  id: number;
  status: string;
  step: string;
  name: string;
  inboundPlanId: string | null;
  operationId: string | null;
  operation: string | null;
  skus: number;
  units: number;
  items: {
    id: number;
    productId: number;
    msku: string | null;
    fnsku: string | null;
    quantity: number;
    labelOwner: string;
    prepInstructions: { prepType?: string; prepOwner?: string }[];
  }[];
  reservations: { planItemId: number | null; productKey: string; quantity: number; state: string }[];
  packingOptions: { packingOptionId: string; status: string; groups: { packingGroupId: string }[] }[];
  events: { kind: string; message: string; userId: number | null; request: unknown; response: unknown }[];
};
type Available = { productId: number; onHand: number; held: number; available: number };

const plan = async (id: number, token = admin) => (await s.get<Plan>(`${B}/${id}`, token)).body;
const available = async (token = admin, companyId: number | null = acmeId) =>
  (await s.get(`${B}/available?pageSize=100${companyId ? `&companyId=${companyId}` : ''}`, token)).body
    .content as Available[];
const availableOf = async (p: Product) => (await available()).find((r) => r.productId === p.id)?.available ?? 0;
const line = (p: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
  productId: p.id,
  quantity,
  ...extra,
});
const create = (items: unknown[], name = 'Acme March', token = admin, companyId: number | undefined = acmeId) =>
  s.post<Plan>(B, { ...(companyId ? { companyId } : {}), storeId, name, shipFrom: SHIP_FROM, items }, token);
const check = (operation: string) =>
  checkOperation(s.started.deps, { tenantId, storeId, operation, kind: 'amazon.inbound' });
/** Moves the clock past the sandbox's processing time and runs the poll job's check once. */
const finish = async (operation: string) => {
  clock += 1000;
  return check(operation);
};

beforeAll(async () => {
  s = await TestServer.start();
  const sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  // While `fault` is set, every call to the sandbox asks it for that fault (x-sandbox-fault).
  clientOverrides.fetch = (input, init) =>
    fetch(
      input,
      fault ? { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-sandbox-fault': fault } } : init,
    );
  // One clock for Dockside and its sandbox, moved by the tests.
  s.started.deps.now = () => new Date(clock);
  // The poll job's checks are run by hand (checkOperation), one at a time.
  withdrawJob('marketplace.poll-operation');
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  acmeId = me.userData.companyId;
  tenantId = me.userData.tenantId;
  foxId = (await s.signIn('demo.client2')).userData.companyId;

  const store = await s.post(
    '/api/common/stores',
    { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme US', environment: 'sandbox' },
    admin,
  );
  expect(store.status, JSON.stringify(store.meta)).toBe(201);
  storeId = store.body.id;
  await connectAmazonStore(s, sandboxUrl, storeId, admin);
  await pullListings(s.started.deps, { tenantId, storeId });

  // Three of the store's FBA listings become Acme's products (as Listing info imports them).
  const rows = (await s.get(`/api/external/amazon/stores/${storeId}/listings?pageSize=100`, admin)).body.content as {
    sku: string;
    fnsku: string | null;
    channel: string;
    issues: { severity: string }[];
  }[];
  const clean = rows.filter(plannable);
  expect(clean.length).toBeGreaterThanOrEqual(3);
  const imported = await s.post(
    `/api/external/amazon/stores/${storeId}/listings/import`,
    { skus: clean.slice(0, 3).map((r) => r.sku) },
    client,
  );
  expect(imported.status).toBe(200);
  const made: Product[] = [];
  for (const { productId } of imported.body.created as { productId: number }[])
    made.push((await s.get(`/api/product/products/${productId}`, client)).body);
  [mug, board, mat] = made;
  const looseMade = await s.post(
    '/api/product/products',
    { title: 'Loose candle', msku: 'ACME-CANDLE-1', lengthIn: 3, widthIn: 3, heightIn: 4, weightLb: 0.5 },
    client,
  );
  expect(looseMade.status).toBe(201);
  loose = looseMade.body;

  // Units received and sorted to the FBA prep station (adjusted in, as a count would find them).
  for (const [p, quantity] of [
    [mug, 10],
    [board, 10],
    [mat, 6],
    [loose, 3],
  ] as const) {
    const found = await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: p.fnsku ?? p.msku, location: 'PREP-FBA', quantity, reason: 'found' },
      admin,
    );
    expect(found.status, JSON.stringify(found.meta)).toBe(200);
  }
  // Units elsewhere are not the station's: they are never available to a plan.
  await s.post(
    '/api/inventory/adjust',
    { companyId: acmeId, productCode: mug.fnsku, location: 'PREP-WFS', quantity: 50, reason: 'found' },
    admin,
  );
});
afterAll(() => s.close());

let first: number;
let second: number;

describe('planning a shipment to FBA', () => {
  it('lists what the client may plan: on hand at PREP-FBA, nothing held yet', async () => {
    const rows = await available();
    expect(rows.map((r) => r.productId).sort()).toEqual([mug.id, board.id, mat.id, loose.id].sort());
    expect(rows.find((r) => r.productId === mug.id)).toMatchObject({ onHand: 10, held: 0, available: 10 });
    // The client asks for its own without naming itself; staff must name the client.
    expect((await available(client, null)).length).toBe(4);
    expect((await s.get(`${B}/available`, admin)).status).toBe(400);
    expect(await available(client2, null)).toEqual([]);
    const searched = (await s.get(`${B}/available?companyId=${acmeId}&q=candle`, admin)).body;
    expect(searched.content.map((r: Available) => r.productId)).toEqual([loose.id]);
  });

  it('creates a plan whose lines hold their units; availability drops by what is held', async () => {
    const res = await create([line(mug, 6), line(board, 4)]);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    first = res.body.id;
    expect(res.body).toMatchObject({ status: 'open', step: 'items', skus: 2, units: 10, inboundPlanId: null });
    const mugLine = res.body.items.find((i) => i.productId === mug.id)!;
    // The line carries the store listing's SKU and FNSKU as Amazon knows them.
    expect(mugLine).toMatchObject({ msku: mug.msku, fnsku: mug.fnsku, quantity: 6, labelOwner: 'SELLER' });
    expect(res.body.reservations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ planItemId: mugLine.id, productKey: mug.fnsku, quantity: 6, state: 'held' }),
      ]),
    );
    expect(res.body.events.map((e) => e.kind)).toEqual(['created']);
    expect(await availableOf(mug)).toBe(4);
    expect(await availableOf(board)).toBe(6);
    expect((await available()).find((r) => r.productId === mug.id)).toMatchObject({ onHand: 10, held: 6 });
  });

  it('a second plan cannot take the units the first holds: 412 naming the product and what is free', async () => {
    const res = await create([line(mug, 5), line(mat, 2)], 'Acme greedy');
    expect(res.status).toBe(412);
    expect(fieldRules(res)).toEqual([
      `Only 4 units of ${mug.title} (${mug.fnsku}) are available at PREP-FBA; the plan asks for 5`,
    ]);
    // Nothing of the refused plan stayed behind.
    expect(await availableOf(mat)).toBe(6);
    // The client plans the rest for itself (its own company, without naming it).
    const own = await create([line(mug, 4), line(mat, 2)], 'Acme own', client, undefined);
    expect(own.status, JSON.stringify(own.meta)).toBe(201);
    second = own.body.id;
    expect(await availableOf(mug)).toBe(0);
  });

  it('edits lines within what is available: up, down, added, removed; and renames', async () => {
    const tooMany = await s.put(`${B}/${first}/items`, { items: [line(mug, 7), line(board, 4)] }, admin);
    expect(tooMany.status).toBe(412);
    expect(fieldRule(tooMany.meta.error_list[0])).toMatch(
      /Only 6 units of .* available at PREP-FBA; the plan asks for 7/,
    );
    // Down on the mug, the board removed, the mat and the unlisted candle added.
    const edited = await s.put<Plan>(
      `${B}/${first}/items`,
      { items: [line(mug, 5), line(mat, 4), line(loose, 1)] },
      client,
    );
    expect(edited.status, JSON.stringify(edited.meta)).toBe(200);
    expect(edited.body).toMatchObject({ skus: 3, units: 10 });
    const states = edited.body.reservations.map((r) => [r.productKey, r.quantity, r.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [mug.fnsku, 5, 'held'],
        [board.fnsku, 4, 'released'],
        [mat.fnsku, 4, 'held'],
      ]),
    );
    expect(await availableOf(board)).toBe(10);
    expect(await availableOf(mug)).toBe(1);
    expect(await availableOf(mat)).toBe(0);
    const renamed = await s.put<Plan>(`${B}/${first}`, { name: 'Acme March (2)' }, client);
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Acme March (2)');
    expect(renamed.body.events.map((e) => e.kind)).toEqual(['created', 'items', 'renamed']);
  });

  it('pre-checks what Amazon would refuse, per SKU in words, and refuses the submission while any is an error', async () => {
    await s.db.update(products).set({ requiresExpiration: true }).where(eq(products.id, mat.id));
    const pre = await s.get(`${B}/${first}/precheck`, client);
    expect(pre.status).toBe(200);
    expect(pre.body).toMatchObject({ ok: false, skus: 3, units: 10 });
    const about = (p: Product) =>
      (pre.body.problems as { productId: number; message: string; severity: string }[])
        .filter((x) => x.productId === p.id)
        .map((x) => x.message);
    expect(about(loose)).toEqual([expect.stringMatching(/Acme US does not list this product/)]);
    expect(about(mug)).toEqual([
      'No length, width, height in the catalogue: enter the product’s dimensions (in), which Amazon needs to place it',
      'No weight in the catalogue: enter the product’s weight (lb)',
    ]);
    expect(about(mat)).toContain('This product needs an expiration date: enter the units’ expiration date on the line');

    const refused = await s.post(`${B}/${first}/submit`, {}, client);
    expect(refused.status).toBe(412);
    expect(fieldRules(refused)).toContain(`${mug.msku}: No weight in the catalogue: enter the product’s weight (lb)`);
    const after = await plan(first);
    expect(after).toMatchObject({ step: 'items', operation: null, inboundPlanId: null });

    // Fixed: dimensions and weights entered, the unlisted candle out, the mat's expiry given.
    for (const p of [mug, board, mat]) {
      const put = await s.put(
        `/api/product/products/${p.id}`,
        { title: p.title, msku: p.msku, fnsku: p.fnsku, lengthIn: 8, widthIn: 6, heightIn: 4, weightLb: 1.2 },
        client,
      );
      expect(put.status, JSON.stringify(put.meta)).toBe(200);
    }
    const fixed = await s.put(
      `${B}/${first}/items`,
      { items: [line(mug, 5), line(mat, 4, { expiration: day(400), manufacturingLotCode: 'LOT-7' })] },
      client,
    );
    expect(fixed.status).toBe(200);
    expect(await availableOf(loose)).toBe(3);
    const clean = (await s.get(`${B}/${first}/precheck`, client)).body;
    expect(clean).toMatchObject({ ok: true, errors: 0, warnings: 0, problems: [] });
  });

  it('submits to Amazon and follows the operation until the plan is at packing with FNSKUs and prep instructions', async () => {
    const sent = await s.post(`${B}/${first}/submit`, {}, client);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(202);
    const { inboundPlanId, operationId } = sent.body;
    expect(inboundPlanId).toMatch(/^wf/);
    let p = await plan(first);
    expect(p).toMatchObject({ step: 'items', inboundPlanId, operationId, operation: 'createInboundPlan' });
    // What was asked is journalled as Amazon's model has it.
    const asked = p.events.find((e) => e.kind === 'amazon.asked')!;
    const vReq = swaggerDefinition(MODEL, 'CreateInboundPlanRequest');
    expect(vReq(asked.request), problemsOf(vReq)).toBe(true);
    expect(asked.request).toMatchObject({
      destinationMarketplaces: ['ATVPDKIKX0DER'],
      name: 'Acme March (2)',
      items: expect.arrayContaining([
        {
          msku: mat.msku,
          quantity: 4,
          labelOwner: 'SELLER',
          prepOwner: 'SELLER',
          expiration: day(400),
          manufacturingLotCode: 'LOT-7',
        },
      ]),
    });
    expect(p.events.map((e) => e.kind).slice(-2)).toEqual(['amazon.asked', 'amazon.answered']);

    // While Amazon works, the plan is not sent twice nor changed under it.
    expect((await s.post(`${B}/${first}/submit`, {}, client)).status).toBe(409);
    expect((await s.put(`${B}/${first}/items`, { items: [line(mug, 1)] }, client)).status).toBe(409);
    expect((await s.post(`${B}/${first}/cancel`, {}, client)).status).toBe(409);

    expect(await check(operationId)).toMatchObject({ status: 'IN_PROGRESS' });
    expect((await plan(first)).step).toBe('items');
    expect(await finish(operationId)).toMatchObject({ status: 'SUCCESS' });
    p = await plan(first);
    // Asking for packing options is no decision: it starts by itself.
    expect(p).toMatchObject({ step: 'packing', status: 'open', inboundPlanId, operation: 'generatePackingOptions' });
    for (const item of p.items) {
      expect(item.fnsku).toMatch(/^X00/);
      expect(item.prepInstructions).toEqual(
        expect.arrayContaining([{ prepType: 'ITEM_LABELING', prepOwner: 'SELLER' }]),
      );
    }
    const done = p.events.at(-3)!;
    expect(done).toMatchObject({ kind: 'amazon.done', userId: null });
    expect(done.message).toMatch(/next: packing/);
    expect(p.events.slice(-2).map((e) => [e.kind, e.userId])).toEqual([
      ['amazon.asked', null],
      ['amazon.answered', null],
    ]);
    // The units stay held for the plan; its lines no longer change here.
    expect(
      p.reservations
        .filter((r) => r.state === 'held')
        .map((r) => r.quantity)
        .sort(),
    ).toEqual([4, 5]);
    const late = await s.put(`${B}/${first}/items`, { items: [line(mug, 1)] }, client);
    expect(late.status).toBe(412);
    expect(fieldRule(late.meta.error_list[0])).toMatch(/Amazon has the plan’s items already/);
    // A repeated poll (a retried job) changes nothing.
    const events = p.events.length;
    await check(operationId);
    expect((await plan(first)).events.length).toBe(events);
  });

  it('a failed operation leaves the plan at items with Amazon’s problem journalled; fixed, it goes again', async () => {
    const res = await create([line(board, 3, { expiration: day(-2) })], 'Acme expired');
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    const id = res.body.id;
    const pre = (await s.get(`${B}/${id}/precheck`, admin)).body;
    expect(pre).toMatchObject({ ok: true, warnings: 1 });
    expect(pre.problems[0].message).toMatch(/has passed: Amazon will refuse these units/);
    const sent = await s.post(`${B}/${id}/submit`, {}, admin);
    expect(sent.status).toBe(202);
    expect(await finish(sent.body.operationId)).toMatchObject({ status: 'FAILED' });
    const p = await plan(id);
    expect(p).toMatchObject({ step: 'items', status: 'open', operationId: null, operation: null, inboundPlanId: null });
    const failed = p.events.at(-1)!;
    expect(failed.kind).toBe('amazon.failed');
    expect(failed.message).toMatch(/Amazon \(FBA_INB-0135\): MSKU .* the expiration date .* has passed/);
    expect(failed.message).toMatch(/Fix the plan and submit it again/);
    expect(p.reservations[0]).toMatchObject({ quantity: 3, state: 'held' });

    const fixed = await s.put(`${B}/${id}/items`, { items: [line(board, 3, { expiration: day(300) })] }, admin);
    expect(fixed.status).toBe(200);
    const again = await s.post(`${B}/${id}/submit`, {}, admin);
    expect(again.status).toBe(202);
    expect(await finish(again.body.operationId)).toMatchObject({ status: 'SUCCESS' });
    expect((await plan(id)).step).toBe('packing');
  });

  it('an Amazon outage on submit keeps the plan where it was and everything it holds', async () => {
    // The mat needs its expiration date (as the pre-check said of the first plan).
    const dated = await s.put(
      `${B}/${second}/items`,
      { items: [line(mug, 4), line(mat, 2, { expiration: day(400) })] },
      client,
    );
    expect(dated.status).toBe(200);
    const before = await plan(second, client);
    fault = 'error';
    const down = await s.post(`${B}/${second}/submit`, {}, client);
    fault = null;
    expect(down.status).toBe(503);
    expect(fieldRules(down)).toEqual([
      expect.stringMatching(/^Amazon is having trouble \(5\d\d\)/),
      'The plan is unchanged: it keeps its items and the units they hold; submit it again',
    ]);
    const after = await plan(second, client);
    expect(after).toMatchObject({
      step: 'items',
      status: 'open',
      operation: null,
      operationId: null,
      inboundPlanId: null,
    });
    expect(after.reservations).toEqual(before.reservations);
    expect(after.events.at(-1)).toMatchObject({ kind: 'amazon.refused' });
    expect(after.events.at(-1)!.message).toMatch(/Amazon did not take createInboundPlan/);
    // Amazon back: the same plan goes through.
    const sent = await s.post(`${B}/${second}/submit`, {}, client);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(202);
    expect(await finish(sent.body.operationId)).toMatchObject({ status: 'SUCCESS' });
  });

  it('cancelling releases every unit the plan holds, and cancels Amazon’s plan', async () => {
    // Not while Amazon works out the packing options: once they are offered.
    const offering = (await plan(first)).operationId!;
    expect((await s.post(`${B}/${first}/cancel`, {}, client)).status).toBe(409);
    expect(await finish(offering)).toMatchObject({ status: 'SUCCESS' });
    expect((await plan(first)).packingOptions.length).toBeGreaterThan(0);
    const heldBefore = await availableOf(mug);
    const res = await s.post<Plan>(`${B}/${first}/cancel`, {}, client);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.reservations.every((r) => r.state === 'released')).toBe(true);
    expect(res.body.operation).toBe('cancelInboundPlan');
    expect(await availableOf(mug)).toBe(heldBefore + 5);
    expect(await availableOf(mat)).toBe(4);
    expect(await finish(res.body.operationId!)).toMatchObject({ status: 'SUCCESS' });
    const p = await plan(first);
    expect(p.operation).toBeNull();
    expect(p.events.map((e) => e.kind).slice(-4)).toEqual([
      'amazon.asked',
      'amazon.answered',
      'cancelled',
      'amazon.done',
    ]);
    const twice = await s.post(`${B}/${first}/cancel`, {}, client);
    expect(twice.status).toBe(412);
    expect(fieldRule(twice.meta.error_list[0])).toBe('The plan is cancelled already');
    expect((await s.put(`${B}/${first}`, { name: 'Too late' }, client)).status).toBe(412);
  });

  it('two plans asked at once for the same units: one holds them, the other is refused', async () => {
    const free = await availableOf(loose);
    expect(free).toBe(3);
    const both = await Promise.all([create([line(loose, 3)], 'Race A'), create([line(loose, 3)], 'Race B')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 412]);
    expect(await availableOf(loose)).toBe(0);
    const winner = both.find((r) => r.status === 201)!;
    expect((await s.post(`${B}/${winner.body.id}/cancel`, {}, admin)).status).toBe(200);
    expect(await availableOf(loose)).toBe(3);
  });

  it('lists plans by status filter, client and name', async () => {
    const list = (q: string, token = admin) => s.get(`${B}?pageSize=100&${q}`, token);
    const ids = async (q: string, token = admin) =>
      ((await list(q, token)).body.content as { id: number }[]).map((r) => r.id);
    const cancelled = (await list('status=cancelled')).body.content as { id: number; status: string }[];
    expect(cancelled.map((r) => r.id)).toContain(first);
    expect(cancelled.every((r) => r.status === 'cancelled')).toBe(true);
    expect(await ids('status=all_but_closed')).not.toContain(first);
    expect((await ids('status=open')).sort()).toEqual((await ids('status=all_but_closed')).sort());
    expect(await ids('status=all')).toContain(first);
    expect(await ids(`q=${encodeURIComponent('march (2')}`)).toEqual([first]);
    expect((await ids(`companyId=${foxId}`)).length).toBe(0);
    const page = (await s.get(`${B}?pageSize=1&pageNumber=2`, admin)).body;
    expect(page).toMatchObject({ pageNumber: 2, pageSize: 5 });
    const bad = await list('status=working');
    expect(bad.status).toBe(400);
    expect(fieldRule(bad.meta.error_list[0])).toMatch(/^status: one of all, all_but_closed, open/);
  });
});

describe('isolation and bad input', () => {
  it('another client and another tenant see none of it', async () => {
    for (const token of [client2, north]) {
      expect((await s.get(`${B}/${first}`, token)).status).toBe(404);
      expect((await s.get(`${B}/${first}/precheck`, token)).status).toBe(404);
      expect((await s.put(`${B}/${second}/items`, { items: [line(mug, 1)] }, token)).status).toBe(404);
      expect((await s.post(`${B}/${second}/submit`, {}, token)).status).toBe(404);
      expect((await s.post(`${B}/${second}/cancel`, {}, token)).status).toBe(404);
      expect((await s.get(`${B}?status=all`, token)).body.totalElements).toBe(0);
    }
  });

  it('a client cannot plan another client’s product or store; staff cannot mix clients', async () => {
    const foxStore = await s.post(
      '/api/common/stores',
      { companyId: foxId, marketplace: 'amazon_us', name: 'Fox US', environment: 'sandbox' },
      admin,
    );
    // Blue Fox naming Acme's store or product: not found in its scope.
    const withAcmeStore = await s.post(
      B,
      { storeId, name: 'Fox', shipFrom: SHIP_FROM, items: [line(mug, 1)] },
      client2,
    );
    expect(withAcmeStore.status).toBe(404);
    const unconnected = await s.post(
      B,
      { storeId: foxStore.body.id, name: 'Fox', shipFrom: SHIP_FROM, items: [line(mug, 1)] },
      client2,
    );
    // Its own store is not connected yet: refused before the items are read.
    expect(unconnected.status).toBe(412);
    expect(fieldRule(unconnected.meta.error_list[0])).toMatch(/Connect Fox US to Amazon first/);
    // Connected (as Merchant Connect would): now the product is what is refused.
    await s.db.update(stores).set({ connection: 'connected' }).where(eq(stores.id, foxStore.body.id));
    const foreign = await s.post(
      B,
      { storeId: foxStore.body.id, name: 'Fox', shipFrom: SHIP_FROM, items: [line(mug, 1)] },
      client2,
    );
    expect(foreign.status).toBe(404);
    expect(fieldRule(foreign.meta.error_list[0])).toBe(`Product ${mug.id} not found`);
    // Staff: Acme's plan on Fox's store, or Fox's plan with Acme's product, is refused in words.
    const wrongStore = await s.post(
      B,
      { companyId: acmeId, storeId: foxStore.body.id, name: 'Mixed', shipFrom: SHIP_FROM, items: [line(mug, 1)] },
      admin,
    );
    expect(wrongStore.status).toBe(412);
    expect(fieldRule(wrongStore.meta.error_list[0])).toBe('The store Fox US belongs to another client');
    const wrongProduct = await s.post(
      B,
      { companyId: foxId, storeId: foxStore.body.id, name: 'Mixed', shipFrom: SHIP_FROM, items: [line(mug, 1)] },
      admin,
    );
    expect(wrongProduct.status).toBe(412);
    expect(fieldRule(wrongProduct.meta.error_list[0])).toMatch(/belongs to another client than the plan/);
  });

  it('bad input: 400 with what to fix in each field', async () => {
    const res = await s.post(
      B,
      {
        companyId: acmeId,
        storeId,
        name: '',
        shipFrom: { ...SHIP_FROM, countryCode: 'USA', phoneNumber: '' },
        items: [line(mug, 0), { productId: mug.id, quantity: 1, expiration: '2026-13-45' }],
      },
      admin,
    );
    expect(res.status).toBe(400);
    const messages = fieldRules(res);
    expect(messages).toEqual(
      expect.arrayContaining([
        'name: required',
        'shipFrom.countryCode: the two-letter country code (US)',
        'shipFrom.phoneNumber: required',
        'items.0.quantity: at least 1 (leave the line out to remove it)',
        'items.1.expiration: not a real date',
      ]),
    );
    const dup = await s.put(`${B}/${second}/items`, { items: [line(mug, 1), line(mug, 2)] }, admin);
    expect(dup.status).toBe(400);
    expect(fieldRule(dup.meta.error_list[0])).toBe('items: each product once; add the quantities together');
    const longName = await s.put(`${B}/${second}`, { name: 'x'.repeat(41) }, admin);
    expect(longName.status).toBe(400);
    expect(fieldRule(longName.meta.error_list[0])).toBe('name: at most 40 characters (Amazon’s limit)');
    const none = await s.post(B, { storeId, name: 'x', shipFrom: SHIP_FROM, items: [] }, client);
    expect(fieldRule(none.meta.error_list[0])).toBe('items: add at least one product');
    expect((await s.get(`${B}/abc`, admin)).status).toBe(400);
    expect((await s.get(`${B}/999999`, admin)).status).toBe(404);
  });
});
