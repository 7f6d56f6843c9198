/**
 * Amazon Buy Shipping's additional seller inputs (issue 20; Merchant Fulfillment v0
 * getAdditionalSellerInputs) against the Amazon sandbox over real HTTP: an amazon.ca order shipped
 * from the US warehouse is international; for an Amazon service the inputs are fetched, Dockside
 * fills the items' HS code and country of manufacture from the customs declaration, a contents
 * type it cannot map (purpose OTHER) is asked for; the purchase is refused in words (412) while it
 * is missing or not one of Amazon's values — nothing bought — and bought once given, the inputs
 * sent in createShipment; every request body sent to Amazon validates against the reference model.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { labelsSetup } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore } from '../helpers/amazon-sandbox.js';
import { fbmWorld, pickedCanadianOrders, type FbmWorld } from '../helpers/fbm.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { fbmOrderLabels } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullOrders } from '../../server/modules/orders/pull.js';

// The machine is shared: starting the server and pulling the store may take a while.
vi.setConfig({ hookTimeout: 300_000, testTimeout: 120_000 });

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';
const C = '/api/external/ship/rate/label/customs';
const MODEL = 'amazon/merchantFulfillmentV0.json';
const dims = { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2 };
let orderId: number;
let rateId: string;
let skus: string[];
const sent: { path: string; body: unknown }[] = [];

const messages = (res: { meta: { error_list: { message: string }[] } }) =>
  res.meta.error_list.map((e) => e.message).join('\n');
const valid = (definition: string, value: unknown) => {
  const v = swaggerDefinition(MODEL, definition);
  expect(v(value), problemsOf(v)).toBe(true);
};
const labelsOf = () => s.db.select().from(fbmOrderLabels).where(eq(fbmOrderLabels.orderId, orderId));

beforeAll(async () => {
  s = await TestServer.start();
  const sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  w = await fbmWorld(s, 'AmzInputs');
  await labelsSetup(s, w);
  const added = await s.post(
    '/api/common/stores',
    { companyId: w.acmeId, environment: 'sandbox', marketplace: 'amazon_ca', name: 'Acme Amazon CA' },
    w.admin,
  );
  expect(added.status, JSON.stringify(added.meta)).toBe(201);
  await connectAmazonStore(s, sandboxUrl, added.body.id, w.admin);
  await pullOrders(s.deps, { tenantId: w.tenantId, storeId: added.body.id });
  [{ id: orderId, skus }] = await pickedCanadianOrders(s, w, added.body.id, 1);
  expect((await s.put(`${F}/order/${orderId}/default/box/dimensions`, dims, w.admin)).status).toBe(200);

  // The customs declaration: items complete, but a purpose Amazon has no contents type for.
  const prefilled = await s.get(`${C}/declaration/${orderId}/json`, w.admin);
  expect(prefilled.status, JSON.stringify(prefilled.meta)).toBe(200);
  const saved = await s.put(
    `${C}/declaration`,
    {
      orderId,
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

  const rates = await s.post(`${F}/label/psh/rates`, { orderIds: [orderId] }, w.admin);
  expect(rates.status, JSON.stringify(rates.meta)).toBe(200);
  const amazon = (rates.body[0].rates as { rateId: string; provider: string }[]).find((r) => r.provider === 'amazon');
  expect(amazon, JSON.stringify(rates.body[0])).toBeTruthy();
  rateId = amazon!.rateId;

  // Every request body sent to Amazon's Merchant Fulfillment, kept for the reference model.
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

describe('Amazon Buy Shipping additional seller inputs', () => {
  it('are fetched for the international service: the items’ filled from customs, the contents type asked for', async () => {
    const res = await s.post(`${F}/label/psh/amazon/seller/inputs`, { orderId, rateId }, w.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    const inputs = res.body.inputs as Record<string, unknown>[];
    expect(inputs.find((i) => i.name === 'CUSTOMS_CONTENTS_TYPE')).toMatchObject({
      level: 'shipment',
      key: 'CUSTOMS_CONTENTS_TYPE',
      required: true,
      value: null,
      options: expect.arrayContaining(['MERCHANDISE', 'GIFT']),
      problem: 'required for this shipping service',
    });
    const items = inputs.filter((i) => i.level === 'item');
    expect(items.length).toBe(skus.length * 2);
    for (const i of items) {
      expect(skus).toContain(i.sku);
      expect(i.key).toBe(`${i.orderItemId}:${i.name}`);
      expect(i).toMatchObject({ source: 'customs', problem: null });
      expect(i.value).toBe(i.name === 'COUNTRY_OF_MANUFACTURE' ? 'IT' : '691200');
    }
    const asked = sent.filter((r) => r.path === '/mfn/v0/additionalSellerInputs');
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) valid('GetAdditionalSellerInputsRequest', r.body);
  });

  it('a purchase missing one, or with a value Amazon does not take, is refused in words (412): nothing bought', async () => {
    const missing = await s.post(`${F}/label/psh/purchase`, { orderId, rateId }, w.admin);
    expect(missing.status).toBe(412);
    expect(messages(missing)).toContain('Amazon Buy Shipping needs more for order');
    expect(messages(missing)).toContain('Contents type (CUSTOMS_CONTENTS_TYPE): required for this shipping service');
    const wrong = await s.post(
      `${F}/label/psh/purchase`,
      { orderId, rateId, sellerInputs: { CUSTOMS_CONTENTS_TYPE: 'FURNITURE' } },
      w.admin,
    );
    expect(wrong.status).toBe(412);
    expect(messages(wrong)).toMatch(/CUSTOMS_CONTENTS_TYPE\): must be one of MERCHANDISE, GIFT/);
    expect(sent.filter((r) => r.path === '/mfn/v0/shipments')).toHaveLength(0);
    expect((await labelsOf()).filter((l) => l.shippingLabelId !== null)).toHaveLength(0);
  });

  it('given, the label is bought with the inputs in createShipment, valid against the reference model', async () => {
    const res = await s.post(
      `${F}/label/psh/purchase`,
      { orderId, rateId, sellerInputs: { CUSTOMS_CONTENTS_TYPE: 'MERCHANDISE' } },
      w.admin,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.state).toBe('bought');
    const created = sent.filter((r) => r.path === '/mfn/v0/shipments');
    expect(created).toHaveLength(1);
    const body = created[0].body as {
      ShipmentLevelSellerInputsList: unknown[];
      ShipmentRequestDetails: { ItemList: { ItemLevelSellerInputsList: unknown[] }[] };
    };
    valid('CreateShipmentRequest', body);
    expect(body.ShipmentLevelSellerInputsList).toEqual([
      {
        AdditionalInputFieldName: 'CUSTOMS_CONTENTS_TYPE',
        AdditionalSellerInput: { DataType: 'STRING', ValueAsString: 'MERCHANDISE' },
      },
    ]);
    for (const item of body.ShipmentRequestDetails.ItemList)
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
    for (const r of sent.filter((x) => x.path === '/mfn/v0/eligibleShippingServices'))
      valid('GetEligibleShipmentServicesRequest', r.body);
    expect((await labelsOf()).filter((l) => l.shippingLabelId !== null).length).toBeGreaterThan(0);
  });
});
