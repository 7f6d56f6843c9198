/**
 * FBM labels through the marketplaces' own label APIs (issue 20 step 5) against the Walmart, eBay
 * and ShipEngine sandboxes over real HTTP: a Walmart store's order quoted by Ship With Walmart and
 * an eBay store's order by eBay Logistics, each beside the aggregator's, cheapest and fastest
 * across all; a client seeing totals only and never another client's order; a label bought once
 * on a double submit (one funds draw, a real 4×6 PDF, downloadable from the order), its void
 * discarding or cancelling it at the marketplace and giving the funds back; an expired eBay quote
 * refused in words; a marketplace down leaving the others with a warning; the request bodies held
 * to the typed models of the providers' contracts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { labelsSetup } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { connectEbay } from '../helpers/ebay-consent.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { financeTransactions, sandboxRecords, shippingLabels, stores } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { walmartClientFor } from '../../server/modules/stores/walmart.js';
import { ebayClientFor } from '../../server/modules/stores/ebay.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import {
  createLabelRequestSchema,
  shippingEstimateRequestSchema,
} from '../../server/integrations/walmart/shipping-labels-models.js';
import {
  createShipmentFromQuoteRequestSchema,
  shippingQuoteRequestSchema,
} from '../../server/integrations/ebay/logistics-models.js';

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';
const dims = { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2 };
let walmartStoreId: number;
let ebayStoreId: number;
let walmartOrder: number;
let ebayOrder: number;
/** Every JSON body Dockside posts, to hold them to the typed models. */
const posted: { url: string; body: unknown }[] = [];
/** Sandbox faults to ask for, by a piece of the URL. */
const faults = new Map<string, string>();

const balance = async (companyId: number) =>
  (await s.get(`/api/finance/customer/balances?companyId=${companyId}`, w.admin)).body.balanceCents as number;
const ratesOf = async (id: number, token = w.admin) => {
  const res = await s.post(`${F}/label/psh/rates`, { orderIds: [id] }, token);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
  return res.body[0];
};
const storeRow = async (id: number) => (await s.db.select().from(stores).where(eq(stores.id, id)))[0];

/** An order of the store, stocked, reserved, picked and given its default box. */
async function pickedOrder(
  store: { id: number; tenantId: number; companyId: number },
  id: string,
  channel: 'SellerFulfilled' | 'Ebay',
) {
  await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 1);
  await saveOrders(s, store, [order(id, { salesChannel: channel, lines: [line('1', 'MUG-1', 1)] })]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${store.id}`, {}, w.admin)).status).toBe(200);
  const oid = await orderId(s, id);
  const batch = await s.post(`${F}/pick/batch`, { orderIds: [oid] }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const b of batch.body.lines)
    await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: b.id, quantity: b.quantity }, w.admin);
  expect((await s.put(`${F}/order/${oid}/default/box/dimensions`, dims, w.admin)).status).toBe(200);
  return oid;
}

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  clientOverrides.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (init?.method === 'POST' && typeof init.body === 'string')
      try {
        posted.push({ url, body: JSON.parse(init.body) as unknown });
      } catch {
        // A form-encoded token request.
      }
    const fault = [...faults].find(([part]) => url.includes(part))?.[1];
    if (fault) {
      const headers = new Headers(init?.headers);
      headers.set('x-sandbox-fault', fault);
      return fetch(input, { ...init, headers });
    }
    return fetch(input, init);
  };
  w = await fbmWorld(s, 'WmEbLabels');
  await labelsSetup(s, w);
  const add = async (marketplace: string, name: string) => {
    const res = await s.post(
      '/api/common/stores',
      { companyId: w.acmeId, environment: 'sandbox', marketplace, name },
      w.admin,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    return res.body.id as number;
  };
  walmartStoreId = await add('walmart', 'Acme Walmart');
  const creds = await s.put(
    `/api/common/stores/${walmartStoreId}/credentials`,
    { clientId: '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19', clientSecret: 'wm-secret-0123456789abcdef' },
    w.admin,
  );
  expect(creds.status, JSON.stringify(creds.meta)).toBe(200);
  ebayStoreId = await add('ebay', 'Acme eBay connected');
  await connectEbay(s, w.admin, ebayStoreId);
  const store = (id: number) => ({ id, tenantId: w.tenantId, companyId: w.acmeId });
  walmartOrder = await pickedOrder(store(walmartStoreId), '108812345678901', 'SellerFulfilled');
  ebayOrder = await pickedOrder(store(ebayStoreId), '12-34567-89012', 'Ebay');
}, 120_000);
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s?.close();
});

describe.each([
  ['walmart', () => walmartOrder, /^walmart:[^:]+:[A-Z_0-9]+$/],
  ['ebay', () => ebayOrder, /^ebay:[0-9a-f-]+:[0-9a-f-]+$/],
] as const)('rate shop for a %s order', (provider, idOf, rateIdPattern) => {
  it('quotes the marketplace’s services beside the aggregator’s; cheapest and fastest across all', async () => {
    const o = await ratesOf(idOf());
    expect([...new Set(o.rates.map((r: any) => r.provider))].sort()).toEqual([provider, 'shipengine'].sort());
    expect(o.refused.filter((r: any) => r.provider === provider)).toEqual([]);
    expect(o.rates.filter((r: any) => r.cheapest)).toHaveLength(1);
    expect(o.rates.filter((r: any) => r.fastest)).toHaveLength(1);
    expect(o.rates.find((r: any) => r.cheapest).totalCents).toBe(Math.min(...o.rates.map((r: any) => r.totalCents)));
    const days = o.rates.map((r: any) => r.deliveryDays).filter((d: any) => d !== null);
    expect(o.rates.find((r: any) => r.fastest).deliveryDays).toBe(Math.min(...days));
    for (const r of o.rates.filter((x: any) => x.provider === provider)) {
      expect(r.rateId).toMatch(rateIdPattern);
      // The same upcharge rule as every label: 10 %, at least $0.50.
      expect(r.cost.upchargeCents).toBe(Math.max(50, Math.round(r.cost.costCents * 0.1)));
      expect(r.totalCents).toBe(r.cost.costCents + r.cost.upchargeCents);
    }
  });

  it('a client sees the same totals and no cost or upcharge; another client sees nothing of the order', async () => {
    const admin = await ratesOf(idOf());
    const client = await ratesOf(idOf(), w.client);
    expect(client.rates.every((r: any) => r.cost === null)).toBe(true);
    expect(JSON.stringify(client)).not.toMatch(/upcharge|costCents/i);
    const totals = (x: any) =>
      x.rates
        .filter((r: any) => r.provider === provider)
        .map((r: any) => `${r.serviceCode}:${r.totalCents}`)
        .sort();
    expect(totals(client)).toEqual(totals(admin));
    const other = await s.post(`${F}/label/psh/rates`, { orderIds: [idOf()] }, w.client2);
    expect(JSON.stringify(other.body ?? null)).not.toMatch(new RegExp(`"provider":"${provider}"`));
    expect(other.status === 404 || (other.body?.[0]?.rates ?? []).length === 0).toBe(true);
  });

  it('the marketplace down: the aggregator’s quotes still shown, with a warning in words', async () => {
    faults.set(provider === 'walmart' ? '/v3/shipping/labels' : '/sell/logistics/', 'error');
    try {
      const o = await ratesOf(idOf());
      expect(o.rates.length).toBeGreaterThan(0);
      expect(o.rates.every((r: any) => r.provider === 'shipengine')).toBe(true);
      const warning = o.refused.find((r: any) => r.provider === provider);
      expect(warning.reason).toMatch(
        provider === 'walmart' ? /Ship With Walmart gave no quotes/ : /eBay Logistics gave no quotes/,
      );
    } finally {
      faults.clear();
    }
  });
});

describe.each([
  ['walmart', () => walmartOrder],
  ['ebay', () => ebayOrder],
] as const)('buying and voiding a %s label', (provider, idOf) => {
  let labelId: number;

  it('a double submit buys one label, keeps a 4×6 PDF, downloadable from the order, and draws the funds once', async () => {
    const before = await balance(w.acmeId);
    const rate = (await ratesOf(idOf())).rates.find((r: any) => r.provider === provider);
    const buy = () => s.post(`${F}/label/psh/purchase`, { orderId: idOf(), rateId: rate.rateId }, w.admin);
    const [a, b] = await Promise.all([buy(), buy()]);
    for (const r of [a, b]) expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(a.body.labelIds).toEqual(b.body.labelIds);
    expect(a.body.labelIds).toHaveLength(1);
    labelId = a.body.labelIds[0];
    const rows = await s.db
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.tenantId, w.tenantId), eq(shippingLabels.provider, provider)));
    expect(rows.filter((r) => r.status === 'bought')).toHaveLength(1);
    const [row] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, labelId));
    expect(row).toMatchObject({ provider, status: 'bought', service: rate.service, costCents: rate.cost.costCents });
    expect(row.trackingNumber).toBeTruthy();
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(and(eq(financeTransactions.kind, 'label_purchase'), eq(financeTransactions.sourceId, `label-${labelId}`)));
    expect(draws).toHaveLength(1);
    expect(await balance(w.acmeId)).toBe(before - rate.totalCents);
    const res = await s.started.app.request(`${F}/order/${idOf()}/label/${labelId}/${provider}/download`, {
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/pdf/);
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([288, 432]);
  });

  it('a void takes the label back at the marketplace and gives the funds back', async () => {
    const before = await balance(w.acmeId);
    const [row] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, labelId));
    const voided = await s.del(`${F}/label/${labelId}`, w.admin);
    expect(voided.status, JSON.stringify(voided.meta)).toBe(200);
    expect(voided.body.status).toBe('voided');
    expect(await balance(w.acmeId)).toBe(before + row.totalCents);
    if (provider === 'walmart') {
      const client = walmartClientFor(s.deps, await storeRow(walmartStoreId));
      const { data } = await client.shippingLabels.labelsOf('108812345678901');
      expect(data.map((l) => l.trackingNo)).not.toContain(row.trackingNumber);
    } else {
      const client = await ebayClientFor(s.deps, await storeRow(ebayStoreId));
      const shipment = await client.logistics.shipment(row.providerLabelId!);
      expect(shipment.cancellation?.cancellationStatus).toBe('CANCELLATION_ACCEPTED');
    }
    // Voided a second time: refused in words, the funds untouched.
    const again = await s.del(`${F}/label/${labelId}`, w.admin);
    expect(again.status).toBe(412);
    expect(await balance(w.acmeId)).toBe(before + row.totalCents);
  });

  it('a crash after the marketplace sold the label: the retry reads it back instead of buying twice', async () => {
    const rate = (await ratesOf(idOf())).rates.find((r: any) => r.provider === provider);
    const first = await s.post(`${F}/label/psh/purchase`, { orderId: idOf(), rateId: rate.rateId }, w.admin);
    expect(first.status, JSON.stringify(first.meta)).toBe(200);
    const id = first.body.labelIds[0];
    const [sold] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, id));
    // As the process left it when it died after the marketplace's answer: the claim still buying.
    await s.db
      .update(shippingLabels)
      .set({ status: 'buying', createdAt: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(shippingLabels.id, id));
    const purchases: string[] = [];
    const before = clientOverrides.fetch;
    clientOverrides.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const path = new URL(url).pathname;
      if (
        (init?.method === 'POST' && path.endsWith('/v3/shipping/labels')) ||
        path.endsWith('/shipment/create_from_shipping_quote')
      )
        purchases.push(path);
      return (before ?? fetch)(input, init);
    };
    let again;
    try {
      again = await s.post(`${F}/label/psh/purchase`, { orderId: idOf(), rateId: rate.rateId }, w.admin);
    } finally {
      clientOverrides.fetch = before;
    }
    expect(again.status, JSON.stringify(again.meta)).toBe(200);
    expect(again.body.labelIds).toEqual([id]);
    expect(purchases).toEqual([]); // read back, not bought again
    const [healed] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, id));
    expect(healed).toMatchObject({
      status: 'bought',
      providerLabelId: sold.providerLabelId,
      trackingNumber: sold.trackingNumber,
    });
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(and(eq(financeTransactions.kind, 'label_purchase'), eq(financeTransactions.sourceId, `label-${id}`)));
    expect(draws).toHaveLength(1);
    // Voided again, so the order is as the next tests expect it: nothing bought.
    expect((await s.del(`${F}/label/${id}`, w.admin)).status).toBe(200);
  });
});

describe('an expired eBay quote', () => {
  it('is refused (412, in words) before eBay sells anything; nothing is drawn', async () => {
    const rate = (await ratesOf(ebayOrder)).rates.find((r: any) => r.provider === 'ebay');
    const quoteId = rate.rateId.split(':')[1];
    // The quote's 15 minutes run out (the sandbox keeps it as eBay would answer it).
    await s.db
      .update(sandboxRecords)
      .set({
        data: sql`jsonb_set(${sandboxRecords.data}, '{expirationDate}', to_jsonb(${new Date(Date.now() - 60_000).toISOString()}::text))`,
      })
      .where(
        and(
          eq(sandboxRecords.provider, 'ebay'),
          eq(sandboxRecords.kind, 'logistics-quote'),
          eq(sandboxRecords.key, quoteId),
        ),
      );
    const before = await balance(w.acmeId);
    const sold = posted.filter((p) => p.url.includes('create_from_shipping_quote')).length;
    const res = await s.post(`${F}/label/psh/purchase`, { orderId: ebayOrder, rateId: rate.rateId }, w.admin);
    expect(res.status).toBe(412);
    expect(res.meta.error_list.map((e: any) => e.message).join()).toMatch(/quote .* expired .* shop the rates again/);
    expect(posted.filter((p) => p.url.includes('create_from_shipping_quote')).length).toBe(sold);
    expect(await balance(w.acmeId)).toBe(before);
    const live = await s.db
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.provider, 'ebay'), eq(shippingLabels.status, 'bought')));
    expect(live).toHaveLength(0);
  });
});

describe('the sandboxes hold to the contracts', () => {
  it('refuse a ship-to that is not a US address, in the provider’s words', async () => {
    const bad = {
      addressLines: ['1 Main St'],
      city: 'Springfield',
      state: 'IL',
      postalCode: 'ABCDE',
      countryCode: 'US',
    };
    const good = { ...bad, postalCode: '62701' };
    const walmart = walmartClientFor(s.deps, await storeRow(walmartStoreId));
    const refusal = await walmart.shippingLabels
      .estimates({
        packageType: 'CUSTOM_PACKAGE',
        boxDimensions: { boxWeight: 2, boxWeightUnit: 'LB' },
        shipByDate: new Date().toISOString(),
        deliverByDate: new Date().toISOString(),
        fromAddress: good,
        toAddress: bad,
      })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ProviderFailure);
    expect((refusal as ProviderFailure).kind).toBe('refused');
    expect((refusal as ProviderFailure).messages.join()).toMatch(/toAddress\.postalCode.*ABCDE is not a valid US ZIP/);
    const ebay = await ebayClientFor(s.deps, await storeRow(ebayStoreId));
    const address = {
      addressLine1: '1 Main St',
      city: 'Toronto',
      stateOrProvince: 'ON',
      postalCode: 'M5H 3T4',
      countryCode: 'CA',
    };
    const ebayRefusal = await ebay.logistics
      .createShippingQuote({
        packageSpecification: { weight: { value: '2', unit: 'POUND' } },
        shipFrom: {
          fullName: 'W',
          contactAddress: { ...address, city: 'Newark', stateOrProvince: 'NJ', postalCode: '07114', countryCode: 'US' },
        },
        shipTo: { fullName: 'Zoe', contactAddress: address },
      })
      .catch((e: unknown) => e);
    expect((ebayRefusal as ProviderFailure).kind).toBe('refused');
    expect((ebayRefusal as ProviderFailure).messages.join()).toMatch(/eBay \(\d+\): .*within the US only/);
  });

  it('every body Dockside posted matches the typed model of the provider’s contract', () => {
    const models: [RegExp, { safeParse: (v: unknown) => { success: boolean; error?: unknown } }][] = [
      [/\/v3\/shipping\/labels\/shipping-estimates$/, shippingEstimateRequestSchema],
      [/\/v3\/shipping\/labels$/, createLabelRequestSchema],
      [/\/sell\/logistics\/v1_beta\/shipping_quote$/, shippingQuoteRequestSchema],
      [/\/sell\/logistics\/v1_beta\/shipment\/create_from_shipping_quote$/, createShipmentFromQuoteRequestSchema],
    ];
    for (const [path, schema] of models) {
      const bodies = posted.filter((p) => path.test(new URL(p.url).pathname));
      expect(bodies.length, String(path)).toBeGreaterThan(0);
      for (const b of bodies) {
        const parsed = schema.safeParse(b.body);
        expect(parsed.success, `${b.url}: ${JSON.stringify(parsed.error)}`).toBe(true);
      }
    }
  });
});
