/**
 * FBA plans after Amazon has them (issue 18 step 2): packing options are asked for by themselves,
 * offered with their groups and fees, one is confirmed and the lines learn their packing groups;
 * the plan goes to the bench. Every line across plans and the open plans with what blocks each
 * are listed, scoped like the plans.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, fbaWorld, type FbaWorld } from '../helpers/fba.js';
import { fieldRule } from '../helpers/refusals.js';

let w: FbaWorld;
let planId: number;

type Plan = {
  id: number;
  step: string;
  status: string;
  operation: string | null;
  operationId: string | null;
  packingOptionId: string | null;
  items: { id: number; msku: string; packingGroupId: string | null }[];
  packingOptions: {
    packingOptionId: string;
    status: string;
    fees: { amountCents: number }[];
    discounts: { amountCents: number; currency: string }[];
    groups: { packingGroupId: string; items: { msku: string; quantity: number }[] }[];
    shipping: { shippingMode: string | null; shippingSolution: string | null }[];
    boxMaxWeightLb: number | null;
  }[];
  events: { kind: string; message: string; userId: number | null }[];
};
const plan = async (id = planId, token = w.admin) => (await w.s.get<Plan>(`${B}/${id}`, token)).body;

beforeAll(async () => {
  w = await fbaWorld();
  const [a, b, c] = w.products;
  const made = await w.create([w.line(a, 6), w.line(b, 4), w.line(c, 2)], 'Acme packing');
  expect(made.status).toBe(201);
  planId = made.body.id;
});
afterAll(() => w.s.close());

describe('packing options', () => {
  it('cannot be asked for or confirmed before Amazon has the plan', async () => {
    const early = await w.s.post(`${B}/${planId}/packing-options`, {}, w.admin);
    expect(early.status).toBe(412);
    expect(fieldRule(early.meta.error_list[0])).toMatch(/Send the plan to Amazon first/);
    const confirm = await w.s.post(`${B}/${planId}/packing-options/confirm`, { packingOptionId: 'po1' }, w.admin);
    expect(confirm.status).toBe(412);
  });

  it('are asked for by themselves once Amazon has the plan, and kept on the plan with groups and fees', async () => {
    const sent = await w.s.post(`${B}/${planId}/submit`, {}, w.admin);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(202);
    await w.finish(sent.body.operationId);
    let p = await plan();
    expect(p).toMatchObject({ step: 'packing', operation: 'generatePackingOptions' });
    expect(p.packingOptions).toEqual([]);
    // While Amazon works, asking again is refused rather than sent twice.
    expect((await w.s.post(`${B}/${planId}/packing-options`, {}, w.admin)).status).toBe(409);
    await w.finish(p.operationId!);
    p = await plan();
    expect(p.operation).toBeNull();
    expect(p.packingOptions.length).toBe(2);
    const perSku = p.packingOptions.find((o) => o.groups.length === 3)!;
    expect(perSku.discounts[0].amountCents).toBeGreaterThan(0);
    expect(Number.isInteger(perSku.discounts[0].amountCents)).toBe(true);
    for (const o of p.packingOptions) {
      expect(o.status).toBe('OFFERED');
      expect(o.boxMaxWeightLb).toBe(50);
      expect(o.shipping).toContainEqual({ shippingMode: 'FREIGHT_LTL', shippingSolution: 'AMAZON_PARTNERED_CARRIER' });
      // Every unit of the plan is in exactly one group of each option.
      const units = o.groups.flatMap((g) => g.items).reduce((n, i) => n + i.quantity, 0);
      expect(units).toBe(12);
    }
    expect(p.events.at(-1)).toMatchObject({ kind: 'amazon.done', userId: null });
    expect(p.events.at(-1)!.message).toMatch(/Amazon offers 2 ways to pack the plan: choose one/);
  });

  it('refuses an option Amazon did not offer, and bad input', async () => {
    const unknown = await w.s.post(`${B}/${planId}/packing-options/confirm`, { packingOptionId: 'po-nope' }, w.admin);
    expect(unknown.status).toBe(404);
    const bad = await w.s.post(`${B}/${planId}/packing-options/confirm`, {}, w.admin);
    expect(bad.status).toBe(400);
    expect(fieldRule(bad.meta.error_list[0])).toMatch(/packingOptionId/);
  });

  it('a client of another company sees no plan to confirm; the confirmation moves the plan to the bench', async () => {
    const p = await plan();
    const option = p.packingOptions.find((o) => o.groups.length === 3)!;
    const other = await w.s.post(
      `${B}/${planId}/packing-options/confirm`,
      { packingOptionId: option.packingOptionId },
      w.client2,
    );
    expect(other.status).toBe(404);
    const asked = await w.s.post(
      `${B}/${planId}/packing-options/confirm`,
      { packingOptionId: option.packingOptionId },
      w.client,
    );
    expect(asked.status, JSON.stringify(asked.meta)).toBe(202);
    expect(asked.body.operation).toBe('confirmPackingOption');
    await w.finish(asked.body.operationId);
    const after = await plan();
    expect(after).toMatchObject({ step: 'boxes', status: 'boxing', packingOptionId: option.packingOptionId });
    const groups = new Map(option.groups.map((g) => [g.items[0].msku, g.packingGroupId]));
    for (const item of after.items) expect(item.packingGroupId).toBe(groups.get(item.msku));
    expect(after.packingOptions.find((o) => o.packingOptionId === option.packingOptionId)!.status).toBe('ACCEPTED');
    expect(after.events.at(-1)!.message).toMatch(/Packing confirmed: 3 packing groups; next: pack the boxes/);
    // Packing is chosen: no second confirmation.
    const again = await w.s.post(
      `${B}/${planId}/packing-options/confirm`,
      { packingOptionId: option.packingOptionId },
      w.admin,
    );
    expect(again.status).toBe(412);
  });
});

describe('what a new plan needs', () => {
  it('the client’s labelling preference, and availability of chosen products only', async () => {
    const pref = await w.s.get(`${B}/preferences?companyId=${w.acmeId}`, w.admin);
    expect(pref.body).toEqual({ companyId: w.acmeId, labelingPreference: 'SELLER_LABEL' });
    const set = await w.s.post(
      '/api/common/settings',
      {
        referenceType: 'COMPANY',
        referenceId: w.acmeId,
        companyId: w.acmeId,
        settingKey: 'FBA_LABELING_PREFERENCE',
        value: JSON.stringify('AMAZON_LABEL_ONLY'),
      },
      w.admin,
    );
    expect(set.status, JSON.stringify(set.meta)).toBeLessThan(300);
    expect((await w.s.get(`${B}/preferences`, w.client)).body.labelingPreference).toBe('AMAZON_LABEL_ONLY');
    // A line that names no label owner takes the preference.
    const [a, b] = w.products;
    const made = await w.create([{ productId: a.id, quantity: 1, expiration: '2099-01-01' }], 'Acme preference');
    expect(made.status).toBe(201);
    expect((made.body as unknown as { items: { labelOwner: string }[] }).items[0].labelOwner).toBe('AMAZON');
    const only = await w.s.get(`${B}/available?companyId=${w.acmeId}&productIds=${b.id}`, w.admin);
    expect(only.body.content.map((r: { productId: number }) => r.productId)).toEqual([b.id]);
    expect((await w.s.get(`${B}/available?productIds=1,x`, w.admin)).status).toBe(400);
    await w.s.post(`${B}/${made.body.id}/cancel`, {}, w.admin);
  });
});

describe('across plans', () => {
  it('lists every line of every plan with what is boxed, searchable, scoped to the client', async () => {
    const [a] = w.products;
    const all = await w.s.get(`/api/outbound/outbound-shipping/item?pageSize=50&status=all_but_closed`, w.admin);
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBe(3);
    expect(all.body.content[0]).toMatchObject({ planId, planName: 'Acme packing', boxed: 0, step: 'boxes' });
    const found = await w.s.get(
      `/api/outbound/outbound-shipping/item?status=all_but_closed&q=${encodeURIComponent(a.msku)}`,
      w.client,
    );
    expect(found.body.content.map((r: { productId: number }) => r.productId)).toEqual([a.id]);
    expect((await w.s.get(`/api/outbound/outbound-shipping/item?status=all`, w.client2)).body.totalElements).toBe(0);
    expect((await w.s.get(`/api/outbound/outbound-shipping/item?status=all`, w.north)).body.totalElements).toBe(0);
  });

  it('lists open plans with what each waits for', async () => {
    const [a] = w.products;
    const waiting = await w.create([w.line(a, 1)], 'Acme not sent');
    expect(waiting.status).toBe(201);
    const pending = await w.s.get(`${B}/pending?pageSize=50`, w.admin);
    expect(pending.status, JSON.stringify(pending.meta)).toBe(200);
    const byId = new Map(
      (pending.body.content as { id: number; blocker: { code: string }; boxed: number; since: string }[]).map((r) => [
        r.id,
        r,
      ]),
    );
    expect(byId.get(planId)!.blocker.code).toBe('packing');
    expect(byId.get(waiting.body.id)!.blocker.code).toBe('not_sent');
    expect(Date.parse(byId.get(planId)!.since)).not.toBeNaN();
    // Cancelled plans are not open.
    expect((await w.s.post(`${B}/${waiting.body.id}/cancel`, {}, w.admin)).status).toBe(200);
    const after = await w.s.get(`${B}/pending?pageSize=50`, w.client);
    expect(after.body.content.map((r: { id: number }) => r.id)).toEqual([planId]);
    expect((await w.s.get(`${B}/pending`, w.client2)).body.totalElements).toBe(0);
  });

  it('a failed Amazon step shows as the blocker, in Amazon’s words', async () => {
    const [, b] = w.products;
    const made = await w.create([w.line(b, 1)], 'Acme outage');
    w.setFault('error');
    const down = await w.s.post(`${B}/${made.body.id}/submit`, {}, w.admin);
    w.setFault(null);
    expect(down.status).toBe(503);
    const pending = await w.s.get(`${B}/pending?pageSize=50`, w.admin);
    const row = pending.body.content.find((r: { id: number }) => r.id === made.body.id);
    expect(row.blocker.code).toBe('amazon_failed');
    expect(row.blocker.detail).toMatch(/Amazon did not take createInboundPlan/);
  });
});
