/**
 * Buy Shipping Labels (issue 20 tools; billing's label funds): a label bought from a shopped rate
 * on the ShipEngine sandbox, its document kept (a real PDF), paid from the client's label funds
 * with the warehouse's upcharge (hand-computed), once per request key; the warehouse's own label
 * draws nothing; short funds under ENFORCE_PAYMENT_METHOD store nothing; a void gives the funds
 * back and takes the charge back; clients see their own labels and never the cost or upcharge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { topUpFunds } from '../helpers/funds.js';
import { TestServer } from '../helpers/server.js';
import { charges, financeTransactions, shippingLabels } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

let s: TestServer;
const tok: Record<string, string> = {};
let acme: number;
let blueFox: number;
const L = '/api/external/ship/rate/label';
const from = {
  name: 'Dockside Prep',
  phone: '555-0100',
  line1: '100 Harbor Way',
  city: 'Newark',
  state: 'NJ',
  postalCode: '07114',
};
const to = { name: 'Jane Buyer', line1: '5 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' };
const parcels = [{ weightLb: 3, lengthIn: 12, widthIn: 10, heightIn: 6 }];
let keySeq = 0;
const key = () => `test-key-${++keySeq}-${Date.now()}`;

async function cheapest(token = tok.admin) {
  const res = await s.post(`${L}/list/rates`, { shipFrom: from, shipTo: to, parcels }, token);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
  return res.body.rates[0] as { rateId: string; amount: number; carrier: string; service: string };
}
const buy = (body: Record<string, unknown>, token = tok.admin) =>
  s.post(`${L}/purchase`, { shipFrom: from, shipTo: to, parcels, ...body }, token);
const raw = async (path: string, token: string) => {
  const res = await s.started.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
};
const balance = async (companyId: number) =>
  (await s.get(`/api/finance/customer/balances?companyId=${companyId}`, tok.admin)).body.balanceCents as number;

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  for (const [name, user] of Object.entries({
    admin: 'demo.admin',
    client: 'demo.client',
    client2: 'demo.client2',
    north: 'north.admin',
  }))
    tok[name] = await s.token(user);
  acme = (await s.signIn('demo.client')).userData.companyId;
  blueFox = (await s.signIn('demo.client2')).userData.companyId;
  const fees = await s.put(
    `/api/settings/fees/company/${acme}`,
    {
      values: {
        SHIPPING_UPCHARGE_PERCENT: '10',
        SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0.50',
        ENFORCE_PAYMENT_METHOD: false,
      },
    },
    tok.admin,
  );
  expect(fees.status, JSON.stringify(fees.meta)).toBe(200);
  // Acme topped up its label funds earlier.
  await topUpFunds(s, (await s.signIn('demo.admin')).userData.tenantId, acme, 20_000);
});
afterAll(() => s?.close());

describe('buying a label', () => {
  let labelId: number;
  let requestKey: string;
  let rate: Awaited<ReturnType<typeof cheapest>>;

  it('for a client: the carrier’s cost plus the upcharge drawn from its funds, the PDF kept', async () => {
    rate = await cheapest();
    requestKey = key();
    const before = await balance(acme);
    const res = await buy({ requestKey, rateId: rate.rateId, companyId: acme, reference: 'ORDER-77' });
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    const cost = Math.round(rate.amount * 100);
    const upcharge = Math.max(Math.round(cost * 0.1), 50);
    expect(res.body).toMatchObject({
      companyId: acme,
      companyName: 'Acme Sellers',
      carrier: rate.carrier,
      status: 'bought',
      reference: 'ORDER-77',
      totalCents: cost + upcharge,
      cost: { costCents: cost, upchargeCents: upcharge },
      balanceCents: before - cost - upcharge,
    });
    expect(res.body.trackingNumber).toBeTruthy();
    labelId = res.body.id;
    expect(await balance(acme)).toBe(before - cost - upcharge);
    const doc = await raw(`${L}/${labelId}/document`, tok.admin);
    expect(doc.type).toBe('application/pdf');
    expect((await PDFDocument.load(doc.bytes)).getPageCount()).toBe(1);
    const charged = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.code, 'SHIPPING_LABEL'), eq(charges.sourceId, `label-${labelId}`)));
    expect(charged.map((c) => [c.amountCents, c.settledBy])).toEqual([[cost + upcharge, 'funds']]);
  });

  it('the same request key again buys nothing more; with another rate it is a 409', async () => {
    const again = await buy({ requestKey, rateId: rate.rateId, companyId: acme });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(labelId);
    const rows = await s.db.select().from(shippingLabels).where(eq(shippingLabels.requestKey, requestKey));
    expect(rows).toHaveLength(1);
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(and(eq(financeTransactions.kind, 'label_purchase'), eq(financeTransactions.sourceId, `label-${labelId}`)));
    expect(draws).toHaveLength(1);
    const other = (await s.post(`${L}/list/rates`, { shipFrom: from, shipTo: to, parcels }, tok.admin)).body.rates[1];
    expect((await buy({ requestKey, rateId: other.rateId, companyId: acme })).status).toBe(409);
  });

  it('two clicks at once buy one label', async () => {
    const r = await cheapest();
    const k = key();
    const [a, b] = await Promise.all([
      buy({ requestKey: k, rateId: r.rateId, companyId: acme }),
      buy({ requestKey: k, rateId: r.rateId, companyId: acme }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    expect(await s.db.select().from(shippingLabels).where(eq(shippingLabels.requestKey, k))).toHaveLength(1);
  });

  it('the warehouse’s own label draws no funds and makes no charge', async () => {
    const r = await cheapest();
    const res = await buy({ requestKey: key(), rateId: r.rateId, format: 'zpl' });
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toMatchObject({ companyId: null, totalCents: Math.round(r.amount * 100), balanceCents: null });
    const doc = await raw(`${L}/${res.body.id}/document`, tok.admin);
    expect(doc.type).toBe('application/zpl');
    expect(new TextDecoder().decode(doc.bytes)).toMatch(/^\^XA/);
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.sourceId, `label-${res.body.id}`));
    expect(draws).toHaveLength(0);
  });

  it('short funds under ENFORCE_PAYMENT_METHOD: 412 and nothing stored', async () => {
    const set = await s.put(
      `/api/settings/fees/company/${blueFox}`,
      { values: { ENFORCE_PAYMENT_METHOD: true } },
      tok.admin,
    );
    expect(set.status).toBe(200);
    const before = await s.db.select().from(shippingLabels);
    const r = await cheapest();
    const res = await buy({ requestKey: key(), rateId: r.rateId, companyId: blueFox });
    expect(res.status).toBe(412);
    expect(fieldRule(res.meta.error_list[0])).toMatch(/funds are short/);
    expect(await s.db.select().from(shippingLabels)).toHaveLength(before.length);
  });

  it('voids within the window: the funds come back, the charge is taken back; twice is refused', async () => {
    const before = await balance(acme);
    const label = (await s.get(`${L}/${labelId}`, tok.admin)).body;
    const res = await s.post(`${L}/void/${labelId}`, {}, tok.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.status).toBe('voided');
    expect(res.body.voidedAt).toBeTruthy();
    expect(await balance(acme)).toBe(before + label.totalCents);
    const lines = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.code, 'SHIPPING_LABEL'), eq(charges.companyId, acme)));
    const mine = lines.filter((c) => c.sourceId.startsWith(`label-${labelId}`));
    expect(mine.reduce((t, c) => t + c.amountCents, 0)).toBe(0);
    // Given back to the funds it came from, once: a label refund, and the charge's reversal is
    // settled by the funds too (no invoice credits it a second time).
    expect(mine.map((c) => c.settledBy)).toEqual(['funds', 'funds']);
    const back = await s.db
      .select()
      .from(financeTransactions)
      .where(and(eq(financeTransactions.kind, 'label_refund'), eq(financeTransactions.sourceId, `label-${labelId}`)));
    expect(back.map((t) => [t.amountCents, t.status])).toEqual([[label.totalCents, 'succeeded']]);
    expect((await s.post(`${L}/void/${labelId}`, {}, tok.admin)).status).toBe(412);
  });
});

describe('who sees what', () => {
  it('a client buys and lists its own labels, never the cost or upcharge', async () => {
    const r = await cheapest(tok.client2);
    const mine = await buy({ requestKey: key(), rateId: r.rateId }, tok.client2);
    // Blue Fox's funds are short under its enforced payment method: a deposit would be needed.
    expect(mine.status).toBe(412);
    await s.put(`/api/settings/fees/company/${blueFox}`, { values: { ENFORCE_PAYMENT_METHOD: false } }, tok.admin);
    // That rate's label was bought and voided again: the carrier wants a fresh rate.
    const fresh = await cheapest(tok.client2);
    const bought = await buy({ requestKey: key(), rateId: fresh.rateId }, tok.client2);
    expect(bought.status, JSON.stringify(bought.meta)).toBe(200);
    expect(bought.body).toMatchObject({ companyId: blueFox, cost: null });
    const list = (await s.get(`${L}/query`, tok.client2)).body;
    expect(list.content.length).toBeGreaterThan(0);
    expect(
      list.content.every((l: { companyId: number; cost: unknown }) => l.companyId === blueFox && l.cost === null),
    ).toBe(true);
    expect((await buy({ requestKey: key(), rateId: r.rateId, companyId: acme }, tok.client2)).status).toBe(403);
    expect((await s.get(`${L}/query?companyId=${acme}`, tok.client2)).status).toBe(403);
    const acmeLabel = (await s.get(`${L}/query?companyId=${acme}`, tok.admin)).body.content[0];
    expect((await s.get(`${L}/${acmeLabel.id}`, tok.client2)).status).toBe(404);
    expect((await raw(`${L}/${acmeLabel.id}/document`, tok.client2)).status).toBe(404);
    // Acme's user sees the labels the warehouse bought for Acme, at what its funds paid.
    const acmeSees = (await s.get(`${L}/query`, tok.client)).body.content as { companyId: number; cost: unknown }[];
    expect(acmeSees.length).toBeGreaterThan(0);
    expect(acmeSees.every((l) => l.companyId === acme && l.cost === null)).toBe(true);
  });

  it('another tenant sees none of them', async () => {
    const any = (await s.get(`${L}/query`, tok.admin)).body.content[0];
    expect((await s.get(`${L}/${any.id}`, tok.north)).status).toBe(404);
    expect((await s.post(`${L}/void/${any.id}`, {}, tok.north)).status).toBe(404);
    expect((await s.get(`${L}/query`, tok.north)).body.totalElements).toBe(0);
  });

  it('filters by status and searches tracking, reference and recipient', async () => {
    const voided = (await s.get(`${L}/query?status=voided`, tok.admin)).body.content;
    expect(voided.length).toBe(1);
    const byRef = (await s.get(`${L}/query?q=order-77`, tok.admin)).body.content;
    expect(byRef.map((l: { reference: string }) => l.reference)).toEqual(['ORDER-77']);
    expect((await s.get(`${L}/query?q=jane`, tok.admin)).body.totalElements).toBeGreaterThan(1);
  });
});

describe('bad input', () => {
  it('is refused field by field in the envelope; a rate the carrier does not know is a 4xx; nothing stored', async () => {
    const before = (await s.db.select().from(shippingLabels)).length;
    const bad = await buy({ requestKey: 'x', rateId: '', companyId: acme, format: 'png' });
    expect(bad.status).toBe(400);
    const said = fieldRules(bad).join(' | ');
    expect(said).toMatch(/requestKey/);
    expect(said).toMatch(/rateId/);
    expect(said).toMatch(/format/);
    const unknown = await buy({ requestKey: key(), rateId: 'se-nope-000', companyId: acme });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.meta.error_list.length).toBeGreaterThan(0);
    expect((await s.get(`${L}/999999`, tok.admin)).status).toBe(404);
    expect((await s.db.select().from(shippingLabels)).length).toBe(before);
  });

  it('across a border without a customs declaration nothing is rated or sold: 412 in words, nothing stored', async () => {
    // The carrier would refuse it too ("customs information is required"); the tool says so first
    // (shipping-labels-customs.test.ts buys one with its declaration).
    const abroad = { ...to, city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6', countryCode: 'CA' };
    const rated = await s.post(`${L}/list/rates`, { shipFrom: from, shipTo: abroad, parcels }, tok.admin);
    expect(rated.status).toBe(412);
    const domestic = await cheapest();
    const before = (await s.db.select().from(shippingLabels)).length;
    const res = await buy({ shipTo: abroad, requestKey: key(), rateId: domestic.rateId, companyId: acme });
    expect(res.status).toBe(412);
    expect(fieldRules(res).join()).toMatch(/This parcel crosses a border \(US → CA\): fill in its customs declaration/);
    expect((await s.db.select().from(shippingLabels)).length).toBe(before);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as {
      paths: Record<string, object>;
    };
    for (const p of [`${L}/purchase`, `${L}/query`, `${L}/void/{id}`, `${L}/{id}`, `${L}/{id}/document`])
      expect(doc.paths[p], p).toBeDefined();
  });
});
