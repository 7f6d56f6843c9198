/**
 * FBM labels through Amazon Buy Shipping (issue 20 step 5) against the Amazon and ShipEngine
 * sandboxes over real HTTP: an Amazon store's order pulled, linked, stocked, picked and given its
 * box; Amazon's eligible services quoted beside the aggregator's (an eBay order gets none),
 * cheapest and fastest across both, a client seeing totals only; an Amazon service bought once on a
 * double submit (one label, one funds draw, the document kept); its void cancelling the shipment
 * at Amazon and giving the funds back; Amazon down leaving the aggregator's quotes and a warning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { labelsSetup } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore } from '../helpers/amazon-sandbox.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import {
  financeTransactions,
  marketplaceOrderLines,
  marketplaceOrders,
  shippingLabels,
  stores,
} from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullOrders } from '../../server/modules/orders/pull.js';
import { amazonClientFor } from '../../server/modules/stores/amazon.js';

let s: TestServer;
let sandboxUrl: string;
let w: FbmWorld;
const F = '/api/fbm/web';
const dims = { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2 };
let amazonStoreId: number;
let amazonOrder: number;
let ebayOrder: number;
let intlOrder: number;

const balance = async (companyId: number) =>
  (await s.get(`/api/finance/customer/balances?companyId=${companyId}`, w.admin)).body.balanceCents as number;
const ratesOf = async (id: number, token = w.admin) => {
  const res = await s.post(`${F}/label/psh/rates`, { orderIds: [id] }, token);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
  return res.body[0];
};

/** An open seller-shipped US order of the Amazon store, linked, stocked, reserved and picked. */
async function pickedAmazonOrder(storeId: number): Promise<number> {
  const orders = await s.db
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.storeId, storeId),
        eq(marketplaceOrders.status, 'AWAITING'),
        sql`${marketplaceOrders.fulfillmentNetwork} not in ('AFN', 'WFS')`,
        sql`${marketplaceOrders.shipTo}->>'countryCode' = 'US'`,
      ),
    )
    .orderBy(asc(marketplaceOrders.purchasedAt));
  const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
  const client = await amazonClientFor(s.deps, store);
  next: for (const o of orders) {
    const lines = await s.db.select().from(marketplaceOrderLines).where(eq(marketplaceOrderLines.orderId, o.id));
    if (!lines.length || lines.some((l) => !l.sku || l.quantityShipped > 0) || lines.length > 2) continue;
    const { order: at } = await client.orders.getOrder(o.marketplaceOrderId);
    if (at.programs?.includes('IN_STORE_PICK_UP')) continue;
    for (const l of lines) {
      const link = (body: object) => s.post(`${F}/view/orders/${o.id}/lines/${l.id}/product`, body, w.admin);
      let linked = await link({ create: true });
      if (linked.status === 409) linked = await link({ code: l.sku });
      if (linked.status === 412) continue next;
      expect([200, 201], JSON.stringify(linked.meta)).toContain(linked.status);
      await stock(s, w, w.acmeId, l.sku!, 'A-1', l.quantityOrdered * 5);
    }
    expect((await s.post(`${F}/reserve/awaiting/items/store/${storeId}`, {}, w.admin)).status).toBe(200);
    const batch = await s.post(`${F}/pick/batch`, { orderIds: [o.id] }, w.admin);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
    for (const b of batch.body.lines) {
      const r = await s.post(
        `${F}/pick/batch/${batch.body.id}/pick`,
        { batchLineId: b.id, quantity: b.quantity },
        w.admin,
      );
      expect(r.status, JSON.stringify(r.meta)).toBe(200);
    }
    return o.id;
  }
  throw new Error('No open seller-shipped US order in the Amazon store');
}

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  w = await fbmWorld(s, 'AmzLabels');
  await labelsSetup(s, w);
  const added = await s.post(
    '/api/common/stores',
    { companyId: w.acmeId, environment: 'sandbox', marketplace: 'amazon_us', name: 'Acme Amazon' },
    w.admin,
  );
  expect(added.status, JSON.stringify(added.meta)).toBe(201);
  amazonStoreId = added.body.id;
  await connectAmazonStore(s, sandboxUrl, amazonStoreId, w.admin);
  await pullOrders(s.deps, { tenantId: w.tenantId, storeId: amazonStoreId });
  amazonOrder = await pickedAmazonOrder(amazonStoreId);
  expect((await s.put(`${F}/order/${amazonOrder}/default/box/dimensions`, dims, w.admin)).status).toBe(200);

  // An eBay order of the same client (the world's own store): the aggregator alone quotes it.
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 1);
  await saveOrders(s, w.acmeStore, [order('E-1', { lines: [line('1', 'MUG-1', 1)] })]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
  ebayOrder = await orderId(s, 'E-1');
  const batch = await s.post(`${F}/pick/batch`, { orderIds: [ebayOrder] }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const b of batch.body.lines)
    await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: b.id, quantity: b.quantity }, w.admin);
  expect((await s.put(`${F}/order/${ebayOrder}/default/box/dimensions`, dims, w.admin)).status).toBe(200);

  // An international order (to Canada) of the same store: customs declared before it is bought.
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 1);
  await saveOrders(s, w.acmeStore, [
    order('INTL-1', {
      lines: [line('1', 'MUG-1', 1)],
      shipTo: {
        name: 'Zoe Buyer',
        line1: '200 King St W',
        line2: null,
        city: 'Toronto',
        state: 'ON',
        postalCode: 'M5H 3T4',
        countryCode: 'CA',
        phone: '4165550100',
      },
    }),
  ]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
  intlOrder = await orderId(s, 'INTL-1');
  const intlBatch = await s.post(`${F}/pick/batch`, { orderIds: [intlOrder] }, w.admin);
  expect(intlBatch.status, JSON.stringify(intlBatch.meta)).toBe(201);
  for (const b of intlBatch.body.lines)
    await s.post(`${F}/pick/batch/${intlBatch.body.id}/pick`, { batchLineId: b.id, quantity: b.quantity }, w.admin);
  expect((await s.put(`${F}/order/${intlOrder}/default/box/dimensions`, dims, w.admin)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s?.close();
});

describe('rate shop with Amazon Buy Shipping', () => {
  it('quotes Amazon’s services beside the aggregator’s for an Amazon order; cheapest and fastest across both', async () => {
    const o = await ratesOf(amazonOrder);
    const providers = new Set(o.rates.map((r: any) => r.provider));
    expect([...providers].sort()).toEqual(['amazon', 'shipengine']);
    expect(o.rates.filter((r: any) => r.cheapest)).toHaveLength(1);
    expect(o.rates.filter((r: any) => r.fastest)).toHaveLength(1);
    const cheapest = o.rates.find((r: any) => r.cheapest);
    expect(cheapest.totalCents).toBe(Math.min(...o.rates.map((r: any) => r.totalCents)));
    const fastest = o.rates.find((r: any) => r.fastest);
    const days = o.rates.map((r: any) => r.deliveryDays).filter((d: any) => d !== null);
    expect(fastest.deliveryDays).toBe(Math.min(...days));
    for (const r of o.rates.filter((x: any) => x.provider === 'amazon')) {
      expect(r.rateId).toMatch(/^amazon:/);
      // The same upcharge rule: 10 %, at least $0.50.
      expect(r.cost.upchargeCents).toBe(Math.max(50, Math.round(r.cost.costCents * 0.1)));
      expect(r.totalCents).toBe(r.cost.costCents + r.cost.upchargeCents);
    }
  });

  it('an eBay order gets the aggregator’s quotes only', async () => {
    const o = await ratesOf(ebayOrder);
    expect(o.rates.length).toBeGreaterThan(0);
    expect(o.rates.every((r: any) => r.provider === 'shipengine')).toBe(true);
  });

  it('a client sees the same totals and no cost or upcharge', async () => {
    const admin = await ratesOf(amazonOrder);
    const client = await ratesOf(amazonOrder, w.client);
    expect(client.rates.every((r: any) => r.cost === null)).toBe(true);
    expect(JSON.stringify(client)).not.toMatch(/upcharge|costCents/i);
    const amazonTotals = (x: any) =>
      x.rates
        .filter((r: any) => r.provider === 'amazon')
        .map((r: any) => r.totalCents)
        .sort();
    expect(amazonTotals(client)).toEqual(amazonTotals(admin));
  });

  it('Amazon down: the aggregator’s quotes still shown, with a warning in words', async () => {
    clientOverrides.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/mfn/v0/eligibleShippingServices'))
        return new Response(JSON.stringify({ errors: [{ code: 'InternalFailure', message: 'We are down' }] }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      return fetch(input, init);
    };
    try {
      const o = await ratesOf(amazonOrder);
      expect(o.rates.length).toBeGreaterThan(0);
      expect(o.rates.every((r: any) => r.provider === 'shipengine')).toBe(true);
      const warning = o.refused.find((r: any) => r.provider === 'amazon');
      expect(warning.reason).toMatch(/Amazon Buy Shipping gave no quotes/);
    } finally {
      clientOverrides.fetch = undefined;
    }
  });
});

describe('buying and voiding an Amazon label', () => {
  let labelId: number;
  let shipmentId: string;

  it('a double submit buys one label through Amazon, keeps its PDF and draws the funds once', async () => {
    const before = await balance(w.acmeId);
    const amazon = (await ratesOf(amazonOrder)).rates.find((r: any) => r.provider === 'amazon');
    const buy = () => s.post(`${F}/label/psh/purchase`, { orderId: amazonOrder, rateId: amazon.rateId }, w.admin);
    const [a, b] = await Promise.all([buy(), buy()]);
    for (const r of [a, b]) expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(a.body.labelIds).toEqual(b.body.labelIds);
    expect(a.body.labelIds).toHaveLength(1);
    labelId = a.body.labelIds[0];
    const rows = await s.db
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.tenantId, w.tenantId), eq(shippingLabels.provider, 'amazon')));
    expect(rows).toHaveLength(1);
    const [row] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, labelId));
    expect(row).toMatchObject({ provider: 'amazon', status: 'bought', service: amazon.service });
    expect(row.trackingNumber).toBeTruthy();
    shipmentId = row.providerLabelId!;
    const pdf = await PDFDocument.load(Buffer.from(row.document!, 'base64'));
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(and(eq(financeTransactions.kind, 'label_purchase'), eq(financeTransactions.sourceId, `label-${labelId}`)));
    expect(draws).toHaveLength(1);
    expect(await balance(w.acmeId)).toBe(before - amazon.totalCents);
    const [store] = await s.db.select().from(stores).where(eq(stores.id, amazonStoreId));
    const shipment = await (await amazonClientFor(s.deps, store)).merchantFulfillment.getShipment(shipmentId);
    expect(shipment.Status).toBe('Purchased');
  });

  it('a void cancels the shipment at Amazon and gives the funds back', async () => {
    const before = await balance(w.acmeId);
    const [row] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, labelId));
    const voided = await s.del(`${F}/label/${labelId}`, w.admin);
    expect(voided.status, JSON.stringify(voided.meta)).toBe(200);
    expect(voided.body.status).toBe('voided');
    expect(await balance(w.acmeId)).toBe(before + row.totalCents);
    const [store] = await s.db.select().from(stores).where(eq(stores.id, amazonStoreId));
    const shipment = await (await amazonClientFor(s.deps, store)).merchantFulfillment.getShipment(shipmentId);
    expect(['RefundPending', 'RefundApplied']).toContain(shipment.Status);
  });
  it('a crash after Amazon sold the label: the retry reads it back (getShipment) instead of buying twice', async () => {
    const amazon = (await ratesOf(amazonOrder)).rates.find((r: any) => r.provider === 'amazon');
    const first = await s.post(`${F}/label/psh/purchase`, { orderId: amazonOrder, rateId: amazon.rateId }, w.admin);
    expect(first.status, JSON.stringify(first.meta)).toBe(200);
    const id = first.body.labelIds[0];
    expect(id).not.toBe(labelId);
    const [sold] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, id));
    // As the process left it when it died after Amazon's answer: the claim still buying, Amazon's id kept.
    await s.db
      .update(shippingLabels)
      .set({ status: 'buying', createdAt: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(shippingLabels.id, id));
    const calls: string[] = [];
    clientOverrides.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/mfn/v0/shipments'))
        calls.push(`${init?.method ?? 'GET'} ${new URL(url).pathname.replace(/^.*(?=\/mfn\/)/, '')}`);
      return fetch(input, init);
    };
    let again;
    try {
      again = await s.post(`${F}/label/psh/purchase`, { orderId: amazonOrder, rateId: amazon.rateId }, w.admin);
    } finally {
      clientOverrides.fetch = undefined;
    }
    expect(again.status, JSON.stringify(again.meta)).toBe(200);
    expect(again.body.labelIds).toEqual([id]);
    expect(calls).toEqual([`GET /mfn/v0/shipments/${sold.providerLabelId}`]);
    const [healed] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, id));
    expect(healed).toMatchObject({ status: 'bought', providerLabelId: sold.providerLabelId });
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(and(eq(financeTransactions.kind, 'label_purchase'), eq(financeTransactions.sourceId, `label-${id}`)));
    expect(draws).toHaveLength(1);
  });
});

describe('customs for an international order', () => {
  it('is refused (412, in words) while its customs declaration is incomplete; nothing is bought', async () => {
    const res = await s.post(`${F}/label/psh/purchase`, { orderId: intlOrder }, w.admin);
    expect(res.status).toBe(412);
    expect(res.meta.error_list.map((e: any) => e.message).join()).toMatch(/customs declaration .* is not complete/);
    const rows = await s.db
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.tenantId, w.tenantId), sql`${shippingLabels.shipTo}->>'countryCode' = 'CA'`));
    expect(rows).toHaveLength(0);
  });

  it('once declared, is bought with its customs and the merged PDF has the CN22 after the label', async () => {
    const saved = await s.put(
      '/api/external/ship/rate/label/customs/declaration',
      {
        orderId: intlOrder,
        incoterm: 'DDU',
        purpose: 'MERCHANDISE',
        taxIdType: null,
        taxId: null,
        returnHandling: 'RETURN',
        exportFiling: 'NOEEI 30.37(a)',
        itn: null,
        items: [
          {
            lineId: null,
            productId: null,
            sku: 'MUG-1',
            description: 'Ceramic coffee mug',
            hsCode: '6912.00',
            countryOfOrigin: 'US',
            quantity: 1,
            unitValue: 10,
            unitWeightLb: 1,
          },
        ],
      },
      w.admin,
    );
    expect(saved.status, JSON.stringify(saved.meta)).toBe(200);
    const posted: any[] = [];
    clientOverrides.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/v1/rates') && typeof init?.body === 'string') posted.push(JSON.parse(init.body));
      return fetch(input, init);
    };
    let bought;
    try {
      bought = await s.post(`${F}/label/psh/purchase`, { orderId: intlOrder }, w.admin);
    } finally {
      clientOverrides.fetch = undefined;
    }
    expect(bought.status, JSON.stringify(bought.meta)).toBe(200);
    expect(bought.body.state).toBe('bought');
    // The shipment was rated with ShipEngine's customs (international_shipment_options).
    expect(posted.at(-1).shipment.customs).toMatchObject({
      contents: 'merchandise',
      non_delivery: 'return_to_sender',
      terms_of_trade_code: 'ddu',
      customs_items: [{ harmonized_tariff_code: '691200', country_of_origin: 'US', quantity: 1 }],
    });
    const labelIds = bought.body.labelIds.join(',');
    const res = await s.started.app.request(`${F}/bulk/merged/labels/download?labelIds=${labelIds}`, {
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect(res.status).toBe(200);
    const merged = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(merged.getPageCount()).toBe(bought.body.labelIds.length + 1);
    // A domestic order's merge has no customs page.
    const domestic = await s.post(`${F}/label/psh/purchase`, { orderId: ebayOrder }, w.admin);
    expect(domestic.status, JSON.stringify(domestic.meta)).toBe(200);
    const res2 = await s.started.app.request(
      `${F}/bulk/merged/labels/download?labelIds=${domestic.body.labelIds.join(',')}`,
      { headers: { authorization: `Bearer ${w.admin}` } },
    );
    expect((await PDFDocument.load(new Uint8Array(await res2.arrayBuffer()))).getPageCount()).toBe(
      domestic.body.labelIds.length,
    );
  });
});
