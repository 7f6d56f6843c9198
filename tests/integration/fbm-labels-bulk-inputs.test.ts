/**
 * Amazon Buy Shipping's additional seller inputs in a bulk label run (POST and PUT /bulk/shipping)
 * against the Amazon sandbox over real HTTP: amazon.ca orders shipped from the US warehouse are
 * international and their customs declaration's purpose (OTHER) has no Amazon contents type, so
 * the Amazon service asks the user for CUSTOMS_CONTENTS_TYPE. A run without it fails that order
 * naming the input (and `needsInputs` for the screen) and buys the others; given in the run, or in
 * the run's update, the order is bought with it — Dockside still filling the items' HS code and
 * origin — and nothing is bought twice. Malformed inputs are refused at the edge (400).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { labelsSetup, waitForRun } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore } from '../helpers/amazon-sandbox.js';
import {
  fbmWorld,
  line,
  order,
  orderId as orderIdOf,
  pickedCanadianOrders,
  saveOrders,
  stock,
  type FbmWorld,
} from '../helpers/fbm.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { fbmLabelRuns, fbmOrderLabels, marketplaceOrders, shippingLabels } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullOrders } from '../../server/modules/orders/pull.js';
import { fieldRules } from '../helpers/refusals.js';

// The machine is shared: starting the server and pulling the store may take a while.
vi.setConfig({ hookTimeout: 300_000, testTimeout: 120_000 });

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';
const C = '/api/external/ship/rate/label/customs';
const dims = { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2 };
/** Two international amazon.ca orders (one given its inputs in the run's update, one in the run) and a domestic one. */
let ca1: number;
let ca2: number;
let home: number;
const amazonRate = new Map<number, string>();
const sent: { path: string; body: unknown }[] = [];

const messages = (res: { meta: { error_list: { message: string }[] } }) => fieldRules(res).join('\n');
const createShipments = () =>
  sent.filter((r) => r.path === '/mfn/v0/shipments') as {
    path: string;
    body: {
      ShipmentRequestDetails: {
        AmazonOrderId: string;
        ItemList: { OrderItemId: string; ItemLevelSellerInputsList?: unknown[] }[];
      };
      ShipmentLevelSellerInputsList?: unknown[];
    };
  }[];
const labelsOf = (orderIds: number[]) =>
  s.db
    .select({ id: shippingLabels.id, orderId: fbmOrderLabels.orderId, provider: shippingLabels.provider })
    .from(fbmOrderLabels)
    .innerJoin(
      shippingLabels,
      and(
        eq(shippingLabels.tenantId, fbmOrderLabels.tenantId),
        eq(shippingLabels.requestKey, fbmOrderLabels.requestKey),
      ),
    )
    .where(and(inArray(fbmOrderLabels.orderId, orderIds), ne(shippingLabels.status, 'voided')));
const marketplaceIdOf = async (id: number) =>
  (await s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, id)))[0].marketplaceOrderId;

/** The customs declaration: items complete, but a purpose Amazon has no contents type for. */
async function declare(id: number) {
  const prefilled = await s.get(`${C}/declaration/${id}/json`, w.admin);
  expect(prefilled.status, JSON.stringify(prefilled.meta)).toBe(200);
  const saved = await s.put(
    `${C}/declaration`,
    {
      orderId: id,
      incoterm: 'DDU',
      purpose: 'OTHER',
      taxIdType: null,
      taxId: null,
      returnHandling: 'RETURN',
      exportFiling: 'NOEEI 30.37(a)',
      itn: null,
      items: prefilled.body.items.map((i: Record<string, unknown>) => ({
        ...i,
        description: 'Kitchen goods',
        hsCode: '6912.00',
        countryOfOrigin: 'IT',
        unitValue: 10,
        unitWeightLb: 0.5,
      })),
    },
    w.admin,
  );
  expect(saved.status, JSON.stringify(saved.meta)).toBe(200);
}

beforeAll(async () => {
  s = await TestServer.start();
  const sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  w = await fbmWorld(s, 'BulkInputs');
  await labelsSetup(s, w);
  const added = await s.post(
    '/api/common/stores',
    { companyId: w.acmeId, environment: 'sandbox', marketplace: 'amazon_ca', name: 'Acme Amazon CA' },
    w.admin,
  );
  expect(added.status, JSON.stringify(added.meta)).toBe(201);
  await connectAmazonStore(s, sandboxUrl, added.body.id, w.admin);
  await pullOrders(s.deps, { tenantId: w.tenantId, storeId: added.body.id });
  [ca1, ca2] = (await pickedCanadianOrders(s, w, added.body.id, 2)).map((o) => o.id);

  // A domestic order of the eBay store, bought through the aggregator beside them.
  await stock(s, w, w.acmeId, 'MUG-1', 'FBM-SHELF', 2);
  await saveOrders(s, w.acmeStore, [order('BI-1', { lines: [line('1', 'MUG-1', 1)] })]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
  home = await orderIdOf(s, 'BI-1');
  const batch = await s.post(`${F}/pick/batch`, { orderIds: [home] }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const l of batch.body.lines)
    expect(
      (await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin))
        .status,
    ).toBe(200);

  for (const id of [ca1, ca2, home])
    expect((await s.put(`${F}/order/${id}/default/box/dimensions`, dims, w.admin)).status).toBe(200);
  for (const id of [ca1, ca2]) await declare(id);

  const rates = await s.post(`${F}/label/psh/rates`, { orderIds: [ca1, ca2] }, w.admin);
  expect(rates.status, JSON.stringify(rates.meta)).toBe(200);
  for (const r of rates.body as { orderId: number; rates: { rateId: string; provider: string }[] }[]) {
    const amazon = r.rates.find((q) => q.provider === 'amazon');
    expect(amazon, JSON.stringify(r)).toBeTruthy();
    amazonRate.set(r.orderId, amazon!.rateId);
  }

  // Every request body sent to Amazon's Merchant Fulfillment, as the sandbox received it.
  clientOverrides.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const at = url.indexOf('/mfn/v0/');
    if (at >= 0 && typeof init?.body === 'string') sent.push({ path: url.slice(at), body: JSON.parse(init.body) });
    return fetch(input, init);
  };
});
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s?.close();
});

describe('a bulk run and Amazon’s additional seller inputs', () => {
  let runId: number;

  it('malformed inputs are refused at the edge (400, each named), and no run starts', async () => {
    const key = `inputs-bad-${Date.now()}`;
    const base = { requestKey: key, orderIds: [ca1, home], rates: { [ca1]: amazonRate.get(ca1)! } };
    const cases: [unknown, RegExp][] = [
      [{ [ca1]: { CUSTOMS_CONTENTS_TYPE: 5 } }, /sellerInputs\.\d+\.CUSTOMS_CONTENTS_TYPE: a text value$/m],
      [
        { [ca1]: { CUSTOMS_CONTENTS_TYPE: 'X'.repeat(201) } },
        /sellerInputs\.\d+\.CUSTOMS_CONTENTS_TYPE: at most 200 characters/,
      ],
      [{ [ca1]: 'MERCHANDISE' }, new RegExp(`sellerInputs\\.${ca1}: the inputs: texts by input name`)],
      [{ 'order-1': { CUSTOMS_CONTENTS_TYPE: 'GIFT' } }, /sellerInputs\.order-1: not an order id/],
      [['GIFT'], /sellerInputs: the inputs by order id/],
      [
        { [ca2]: { CUSTOMS_CONTENTS_TYPE: 'GIFT' } },
        new RegExp(`sellerInputs\\.${ca2}: order ${ca2} is not one of orderIds`),
      ],
    ];
    for (const [sellerInputs, said] of cases) {
      const res = await s.post(`${F}/bulk/shipping`, { ...base, sellerInputs }, w.admin);
      expect(res.status, JSON.stringify(sellerInputs)).toBe(400);
      expect(res.meta.error_list.length).toBeGreaterThan(0);
      expect(messages(res)).toMatch(said);
    }
    const runs = await s.db.select().from(fbmLabelRuns).where(eq(fbmLabelRuns.requestKey, key));
    expect(runs).toHaveLength(0);
  });

  it('without the inputs the order fails naming what is missing; the others are bought', async () => {
    const start = await s.post(
      `${F}/bulk/shipping`,
      { requestKey: `inputs-none-${Date.now()}`, orderIds: [ca1, home], rates: { [ca1]: amazonRate.get(ca1)! } },
      w.admin,
    );
    expect(start.status, JSON.stringify(start.meta)).toBe(201);
    runId = start.body.id;
    const run = await waitForRun(s, w.admin, runId);
    expect(run).toMatchObject({ total: 2, done: 2, bought: 1, failed: 1 });
    const [failed, bought] = run.results;
    expect(bought).toMatchObject({ orderId: home, state: 'bought', needsInputs: null });
    expect(failed).toMatchObject({ orderId: ca1, state: 'failed' });
    expect(failed.error).toContain(`Amazon Buy Shipping needs more for order ${await marketplaceIdOf(ca1)}`);
    expect(failed.error).toContain('Contents type (CUSTOMS_CONTENTS_TYPE): required for this shipping service');
    // The screen's data: the rate and only what the user must give (the items' inputs Dockside filled).
    expect(failed.needsInputs.rateId).toBe(amazonRate.get(ca1));
    expect(failed.needsInputs.inputs.map((i: { key: string }) => i.key)).toEqual(['CUSTOMS_CONTENTS_TYPE']);
    expect(failed.needsInputs.inputs[0]).toMatchObject({
      options: expect.arrayContaining(['MERCHANDISE', 'GIFT']),
      problem: 'required for this shipping service',
    });
    // Refused before Amazon was asked to sell anything.
    expect(createShipments()).toHaveLength(0);
    expect(await labelsOf([ca1])).toHaveLength(0);
    expect(await labelsOf([home])).toHaveLength(1);
  });

  it('given in the run’s update — wrong, then right — the order is bought with them, the others untouched', async () => {
    const [homeLabel] = await labelsOf([home]);
    // Not in the run, or bought already: refused in words, as for rates.
    const stranger = await s.put(
      `${F}/bulk/shipping/${runId}`,
      { sellerInputs: { [ca2]: { CUSTOMS_CONTENTS_TYPE: 'GIFT' } } },
      w.admin,
    );
    expect(stranger.status).toBe(412);
    expect(messages(stranger)).toContain(`Order ${ca2} is not in this run`);
    const boughtOne = await s.put(
      `${F}/bulk/shipping/${runId}`,
      { sellerInputs: { [home]: { CUSTOMS_CONTENTS_TYPE: 'GIFT' } } },
      w.admin,
    );
    expect(boughtOne.status).toBe(412);
    expect(messages(boughtOne)).toContain('BI-1: already bought in this run');
    const badEdge = await s.put(`${F}/bulk/shipping/${runId}`, { sellerInputs: { [ca1]: ['GIFT'] } }, w.admin);
    expect(badEdge.status).toBe(400);
    expect(messages(badEdge)).toMatch(/sellerInputs/);

    // A value Amazon does not take: the order fails again, saying which values it takes.
    const wrong = await s.put(
      `${F}/bulk/shipping/${runId}`,
      { sellerInputs: { [ca1]: { CUSTOMS_CONTENTS_TYPE: 'FURNITURE' } } },
      w.admin,
    );
    expect(wrong.status, JSON.stringify(wrong.meta)).toBe(200);
    expect(wrong.body.results[0]).toMatchObject({ state: 'pending', error: null, needsInputs: null });
    expect(JSON.stringify(wrong.body)).not.toContain('FURNITURE'); // the inputs are kept, not shown
    const refused = await waitForRun(s, w.admin, runId);
    expect(refused.results[0].state).toBe('failed');
    expect(refused.results[0].error).toMatch(
      /Contents type \(CUSTOMS_CONTENTS_TYPE\): must be one of MERCHANDISE, GIFT/,
    );
    expect(refused.results[0].needsInputs.inputs[0]).toMatchObject({ value: 'FURNITURE' });
    expect(createShipments()).toHaveLength(0);

    const right = await s.put(
      `${F}/bulk/shipping/${runId}`,
      { sellerInputs: { [ca1]: { CUSTOMS_CONTENTS_TYPE: 'MERCHANDISE' } } },
      w.admin,
    );
    expect(right.status, JSON.stringify(right.meta)).toBe(200);
    const done = await waitForRun(s, w.admin, runId);
    expect(done).toMatchObject({ total: 2, done: 2, bought: 2, failed: 0 });
    expect(done.results.map((r: { state: string }) => r.state)).toEqual(['bought', 'bought']);
    expect(done.results[0].needsInputs).toBeNull();

    // Amazon was asked once, with the user's contents type and Dockside's items' inputs.
    const created = createShipments();
    expect(created).toHaveLength(1);
    expect(created[0].body.ShipmentRequestDetails.AmazonOrderId).toBe(await marketplaceIdOf(ca1));
    expect(created[0].body.ShipmentLevelSellerInputsList).toEqual([
      {
        AdditionalInputFieldName: 'CUSTOMS_CONTENTS_TYPE',
        AdditionalSellerInput: { DataType: 'STRING', ValueAsString: 'MERCHANDISE' },
      },
    ]);
    for (const item of created[0].body.ShipmentRequestDetails.ItemList)
      expect(item.ItemLevelSellerInputsList).toEqual(
        expect.arrayContaining([
          {
            AdditionalInputFieldName: 'COUNTRY_OF_MANUFACTURE',
            AdditionalSellerInput: { DataType: 'STRING', ValueAsString: 'IT' },
          },
          {
            AdditionalInputFieldName: 'ITEM_HARMONIZED_TARIFF_CODE',
            AdditionalSellerInput: { DataType: 'STRING', ValueAsString: '691200' },
          },
        ]),
      );
    const v = swaggerDefinition('amazon/merchantFulfillmentV0.json', 'CreateShipmentRequest');
    expect(v(created[0].body), problemsOf(v)).toBe(true);

    const labels = await labelsOf([ca1, home]);
    expect(labels).toHaveLength(2); // one each: the domestic order was not bought again
    expect(labels.find((l) => l.orderId === ca1)).toMatchObject({ provider: 'amazon' });
    expect(labels.find((l) => l.orderId === home)!.id).toBe(homeLabel.id);
    // Bought: the run keeps no inputs for it any more.
    const [row] = await s.db.select().from(fbmLabelRuns).where(eq(fbmLabelRuns.id, runId));
    expect(row.results[0].sellerInputs).toBeUndefined();
  });

  it('given in the run, the order is bought at once; a second run over the same orders buys nothing', async () => {
    const body = {
      orderIds: [ca2, ca1],
      rates: { [ca2]: amazonRate.get(ca2)! },
      sellerInputs: { [ca2]: { CUSTOMS_CONTENTS_TYPE: 'GIFT' } },
    };
    const start = await s.post(`${F}/bulk/shipping`, { requestKey: `inputs-given-${Date.now()}`, ...body }, w.admin);
    expect(start.status, JSON.stringify(start.meta)).toBe(201);
    const run = await waitForRun(s, w.admin, start.body.id);
    expect(run.results.map((r: { state: string }) => r.state)).toEqual(['bought', 'already']);
    const created = createShipments();
    expect(created).toHaveLength(2);
    expect(created[1].body.ShipmentRequestDetails.AmazonOrderId).toBe(await marketplaceIdOf(ca2));
    expect(created[1].body.ShipmentLevelSellerInputsList).toEqual([
      {
        AdditionalInputFieldName: 'CUSTOMS_CONTENTS_TYPE',
        AdditionalSellerInput: { DataType: 'STRING', ValueAsString: 'GIFT' },
      },
    ]);
    expect(await labelsOf([ca2])).toHaveLength(1);

    // Again, with another key: every order is bought already, Amazon is not asked to sell again.
    const again = await s.post(`${F}/bulk/shipping`, { requestKey: `inputs-again-${Date.now()}`, ...body }, w.admin);
    expect(again.status, JSON.stringify(again.meta)).toBe(201);
    const second = await waitForRun(s, w.admin, again.body.id);
    expect(second.results.map((r: { state: string }) => r.state)).toEqual(['already', 'already']);
    expect(createShipments()).toHaveLength(2);
    expect(await labelsOf([ca1, ca2, home])).toHaveLength(3);
  });

  it('clients and other tenants cannot give inputs to a run', async () => {
    const body = { sellerInputs: { [ca1]: { CUSTOMS_CONTENTS_TYPE: 'GIFT' } } };
    expect((await s.put(`${F}/bulk/shipping/${runId}`, body, w.client)).status).toBe(403);
    expect((await s.put(`${F}/bulk/shipping/${runId}`, body, w.north)).status).toBe(404);
  });
});
