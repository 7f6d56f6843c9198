/**
 * Service charge plans against the real server (issue 21): plan types and plans with price lines
 * (CRUD, 400 / 409 / 412 in the envelope, never 500), enrolments (one live per client and
 * category, change of plan, end, archived plans), tenancy and client isolation, the price book
 * reading enrolments, and recurring plan fees charged once per period.
 */
import '../helpers/fba.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { loadPriceBook } from '../../server/modules/billing/price-book.js';
import { chargePlanFees } from '../../server/modules/plans/fees.js';
import { runNightlyBilling } from '../../server/modules/billing/daily.js';
import { auditLog, charges } from '../../server/db/schema/index.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

let s: TestServer;
const t: Record<string, string> = {};
const me: Record<string, any> = {};
const PLANS = '/api/plan/management';
const TYPES = '/api/plan/management/types';
const ENROL = '/api/plan/enrollment';

beforeAll(async () => {
  s = await TestServer.start();
  for (const u of ['demo.admin', 'demo.client', 'demo.client2', 'north.admin']) {
    const signed = await s.signIn(u);
    t[u] = signed.accessToken;
    me[u] = signed.userData;
  }
});
afterAll(async () => s?.close());

const acme = () => me['demo.client'].companyId as number;
const blueFox = () => me['demo.client2'].companyId as number;
const tenant = () => me['demo.admin'].tenantId as number;

const plan = (over: Record<string, unknown> = {}) => ({
  name: 'FBA Standard',
  tier: 'standard',
  category: 'fba',
  recurringFee: '0',
  schedule: 'Monthly',
  prices: [
    { code: 'ITEM_SORT', unitPrice: '0.35' },
    { code: 'prep_polybagging', unitPrice: '0.123456' },
  ],
  ...over,
});

describe('plan types', () => {
  it('creates, lists, edits, deletes; taken name 409; blank 400; in use 412', async () => {
    const created = await s.post(TYPES, { name: 'Prep', description: 'Prep centre plans' }, t['demo.admin']);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Prep', description: 'Prep centre plans', planCount: 0 });
    const dup = await s.post(TYPES, { name: 'prep' }, t['demo.admin']);
    expect(dup.status).toBe(409);
    expect(fieldRule(dup.meta.error_list[0])).toMatch(/already exists/);
    const blank = await s.post(TYPES, { name: ' ' }, t['demo.admin']);
    expect(blank.status).toBe(400);
    expect(fieldRule(blank.meta.error_list[0])).toMatch(/^name/);
    const edited = await s.put(`${TYPES}/${created.body.id}`, { name: 'Prep plans' }, t['demo.admin']);
    expect(edited.body).toMatchObject({ name: 'Prep plans', description: null });
    const list = await s.get(`${TYPES}?q=prep`, t['demo.admin']);
    expect(list.body.content.map((r: any) => r.name)).toEqual(['Prep plans']);
    const used = await s.post(PLANS, plan({ name: 'Typed plan', planTypeId: created.body.id }), t['demo.admin']);
    expect(used.status).toBe(201);
    expect(used.body.planTypeName).toBe('Prep plans');
    expect((await s.del(`${TYPES}/${created.body.id}`, t['demo.admin'])).status).toBe(412);
    expect((await s.del(`${PLANS}/${used.body.id}`, t['demo.admin'])).status).toBe(200);
    expect((await s.del(`${TYPES}/${created.body.id}`, t['demo.admin'])).status).toBe(200);
    expect((await s.get(`${TYPES}/${created.body.id}`, t['demo.admin'])).status).toBe(404);
  });
});

describe('plans', () => {
  let planId: number;
  it('creates a plan with exact decimal price lines and reads it back', async () => {
    const res = await s.post(PLANS, plan(), t['demo.admin']);
    expect(res.status).toBe(201);
    planId = res.body.id;
    expect(res.body).toMatchObject({
      name: 'FBA Standard',
      tier: 'standard',
      category: 'fba',
      recurringFee: '0.00',
      schedule: 'Monthly',
      status: 'active',
      liveEnrollments: 0,
      prices: [
        { code: 'ITEM_SORT', unitPrice: '0.35' },
        { code: 'PREP_POLYBAGGING', unitPrice: '0.123456' },
      ],
    });
    expect((await s.get(`${PLANS}/${planId}`, t['demo.admin'])).body.prices).toHaveLength(2);
  });

  it('refuses bad input with 400 in the envelope, a taken name with 409', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [plan({ name: 'X1', prices: [{ code: 'NOT_A_CODE', unitPrice: '1' }] }), /prices\.0\.code: not a charge code/],
      [plan({ name: 'X2', prices: [{ code: 'ITEM_SORT', unitPrice: '-1' }] }), /prices\.0\.unitPrice/],
      [plan({ name: 'X3', prices: [{ code: 'ITEM_SORT', unitPrice: 'abc' }] }), /prices\.0\.unitPrice/],
      [plan({ name: 'X4', prices: [{ code: 'ITEM_SORT', unitPrice: 1.5 }] }), /prices\.0\.unitPrice/],
      [plan({ name: 'X5', prices: [{ code: 'ITEM_SORT', unitPrice: '0.1234567' }] }), /at most 6 decimals/],
      [
        plan({
          name: 'X6',
          prices: [
            { code: 'ITEM_SORT', unitPrice: '1' },
            { code: 'item_sort', unitPrice: '2' },
          ],
        }),
        /prices\.1\.code: ITEM_SORT is listed twice/,
      ],
      [plan({ name: 'X7', recurringFee: '-5' }), /recurringFee/],
      [plan({ name: 'X8', tier: 'gold' }), /tier: one of/],
      [plan({ name: 'X9', category: 'amazon' }), /category: one of/],
      [plan({ name: 'X10', schedule: 'Hourly' }), /schedule: one of/],
      [plan({ name: 'X11', planTypeId: 999999 }), /planTypeId/],
    ];
    for (const [body, message] of cases) {
      const res = await s.post(PLANS, body, t['demo.admin']);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldRules(res).join('; ')).toMatch(message);
    }
    const dup = await s.post(PLANS, plan({ name: 'fba standard' }), t['demo.admin']);
    expect(dup.status).toBe(409);
    expect((await s.get(`${PLANS}?q=X`, t['demo.admin'])).body.totalElements).toBe(0);
  });

  it('edits a plan, replacing its price lines; filters by tier, category and status; pages', async () => {
    const res = await s.put(
      `${PLANS}/${planId}`,
      plan({ recurringFee: '49.990000', prices: [{ code: 'ITEM_SORT', unitPrice: '0.30' }] }),
      t['demo.admin'],
    );
    expect(res.status).toBe(200);
    expect(res.body.recurringFee).toBe('49.99');
    expect(res.body.prices).toEqual([{ code: 'ITEM_SORT', unitPrice: '0.30' }]);
    await s.post(PLANS, plan({ name: 'FBM Basic', tier: 'basic', category: 'fbm', prices: [] }), t['demo.admin']);
    await s.post(PLANS, plan({ name: 'Storage Pro', tier: 'professional', category: 'storage' }), t['demo.admin']);
    expect((await s.get(`${PLANS}?tier=basic`, t['demo.admin'])).body.content.map((p: any) => p.name)).toEqual([
      'FBM Basic',
    ]);
    expect((await s.get(`${PLANS}?category=storage`, t['demo.admin'])).body.content.map((p: any) => p.name)).toEqual([
      'Storage Pro',
    ]);
    const paged = await s.get(`${PLANS}?pageSize=2&pageNumber=2`, t['demo.admin']);
    expect(paged.body).toMatchObject({ pageNumber: 2, pageSize: 5, totalElements: 3 });
    const two = await s.get(`${PLANS}?pageSize=abc&pageNumber=0`, t['demo.admin']);
    expect(two.body).toMatchObject({ pageNumber: 1, pageSize: 20, totalElements: 3 });
    expect((await s.get(`${PLANS}?tier=gold`, t['demo.admin'])).status).toBe(400);
  });

  it('writes audit rows', async () => {
    const rows = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'service_plan'), eq(auditLog.entityId, String(planId))));
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
  });
});

describe('enrolments', () => {
  let standard: number;
  let premium: number;
  let archived: number;
  let first: number;
  beforeAll(async () => {
    standard = (await s.get(`${PLANS}?q=FBA Standard`, t['demo.admin'])).body.content[0].id;
    premium = (
      await s.post(
        PLANS,
        plan({ name: 'FBA Premium', tier: 'enterprise', prices: [{ code: 'ITEM_SORT', unitPrice: '0.20' }] }),
        t['demo.admin'],
      )
    ).body.id;
    archived = (await s.post(PLANS, plan({ name: 'Old plan', status: 'archived' }), t['demo.admin'])).body.id;
    await s.put('/api/settings/fees', { values: { ITEM_SORT_FEE: '0.50' } }, t['demo.admin']);
  });

  it('enrols a client from a day; a second live plan of the category is 409; archived 412', async () => {
    const res = await s.post(ENROL, { companyId: acme(), planId: standard, startsOn: '2026-03-31' }, t['demo.admin']);
    expect(res.status).toBe(201);
    first = res.body.id;
    expect(res.body).toMatchObject({
      companyId: acme(),
      companyName: 'Acme Sellers',
      planName: 'FBA Standard',
      category: 'fba',
      startsOn: '2026-03-31',
      endsOn: null,
    });
    const second = await s.post(ENROL, { companyId: acme(), planId: premium, startsOn: '2026-05-01' }, t['demo.admin']);
    expect(second.status).toBe(409);
    expect(fieldRule(second.meta.error_list[0])).toMatch(/already has a fba plan/);
    const old = await s.post(
      ENROL,
      { companyId: blueFox(), planId: archived, startsOn: '2026-05-01' },
      t['demo.admin'],
    );
    expect(old.status).toBe(412);
    const fbm = (await s.get(`${PLANS}?category=fbm`, t['demo.admin'])).body.content[0].id;
    expect(
      (await s.post(ENROL, { companyId: acme(), planId: fbm, startsOn: '2026-05-01' }, t['demo.admin'])).status,
    ).toBe(201);
    const bad = await s.post(ENROL, { companyId: acme(), planId: standard, startsOn: '2026-02-30' }, t['demo.admin']);
    expect(bad.status).toBe(400);
    expect(fieldRule(bad.meta.error_list[0])).toMatch(/startsOn: not a real day/);
    const warehouse = await s.post(
      ENROL,
      { companyId: me['demo.admin'].companyId, planId: standard, startsOn: '2026-05-01' },
      t['demo.admin'],
    );
    expect(warehouse.status).toBe(400);
  });

  it('two enrolments of one client and category at once: one wins, the other is 409', async () => {
    const wfs = (await s.post(PLANS, plan({ name: 'WFS Race', category: 'wfs', prices: [] }), t['demo.admin'])).body.id;
    const body = { companyId: acme(), planId: wfs, startsOn: '2026-09-01' };
    const both = await Promise.all([s.post(ENROL, body, t['demo.admin']), s.post(ENROL, body, t['demo.admin'])]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = both.find((r) => r.status === 201)!;
    // Cancelled before it starts (ends the day before): it never prices anything.
    const cancelled = await s.post(`${ENROL}/${winner.body.id}/end`, { endsOn: '2026-08-31' }, t['demo.admin']);
    expect(cancelled.body.endsOn).toBe('2026-08-31');
  });

  it('prices by the plan from the start day, the fee setting before it', async () => {
    const book = await loadPriceBook(s.db, tenant());
    const on = await book.price(acme(), 'ITEM_SORT', '2026-03-31');
    expect(on).toEqual({ unitPrice: '0.3', rule: { source: 'plan', planId: standard, planName: 'FBA Standard' } });
    const before = await book.price(acme(), 'ITEM_SORT', '2026-03-30');
    expect(before).toEqual({ unitPrice: '0.50', rule: { source: 'tenantFee', feeKey: 'ITEM_SORT_FEE' } });
    const other = await book.price(blueFox(), 'ITEM_SORT', '2026-04-10');
    expect(other.rule.source).toBe('tenantFee');
  });

  it('changes plan (the old one ends the day before), then ends the enrolment', async () => {
    const change = await s.post(
      ENROL,
      { companyId: acme(), planId: premium, startsOn: '2026-06-01', endCurrent: true },
      t['demo.admin'],
    );
    expect(change.status).toBe(201);
    const old = await s.get(`${ENROL}/${first}`, t['demo.admin']);
    expect(old.body.endsOn).toBe('2026-05-31');
    const book = await loadPriceBook(s.db, tenant());
    expect((await book.price(acme(), 'ITEM_SORT', '2026-05-31')).unitPrice).toBe('0.3');
    expect((await book.price(acme(), 'ITEM_SORT', '2026-06-01')).rule.planName).toBe('FBA Premium');
    // Changing to a day not after the current start is a conflict, not a silent overlap.
    const back = await s.post(
      ENROL,
      { companyId: acme(), planId: standard, startsOn: '2026-06-01', endCurrent: true },
      t['demo.admin'],
    );
    expect(back.status).toBe(409);
    const tooEarly = await s.post(`${ENROL}/${change.body.id}/end`, { endsOn: '2026-01-01' }, t['demo.admin']);
    expect(tooEarly.status).toBe(400);
    const ended = await s.post(`${ENROL}/${change.body.id}/end`, { endsOn: '2026-06-30' }, t['demo.admin']);
    expect(ended.status).toBe(200);
    expect(ended.body.endsOn).toBe('2026-06-30');
    expect((await s.post(`${ENROL}/${change.body.id}/end`, { endsOn: '2026-07-30' }, t['demo.admin'])).status).toBe(
      412,
    );
    expect((await (await loadPriceBook(s.db, tenant())).price(acme(), 'ITEM_SORT', '2026-07-01')).rule.source).toBe(
      'tenantFee',
    );
    const history = await s.get(`${ENROL}?companyId=${acme()}&category=fba`, t['demo.admin']);
    expect(history.body.content.map((e: any) => [e.planName, e.startsOn, e.endsOn])).toEqual([
      ['FBA Premium', '2026-06-01', '2026-06-30'],
      ['FBA Standard', '2026-03-31', '2026-05-31'],
    ]);
    expect((await s.del(`${PLANS}/${standard}`, t['demo.admin'])).status).toBe(412);
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.entity, 'plan_enrollment'));
    expect(audits.length).toBeGreaterThanOrEqual(4);
  });

  it('lets a client read only its own enrolments and plans, and write nothing', async () => {
    const client = t['demo.client'];
    const mine = await s.get(ENROL, client);
    expect(mine.status).toBe(200);
    expect(mine.body.content.every((e: any) => e.companyId === acme())).toBe(true);
    expect(mine.body.totalElements).toBe(4);
    expect((await s.get(`${ENROL}?companyId=${blueFox()}`, client)).status).toBe(403);
    const plans = await s.get(`${PLANS}?pageSize=50`, client);
    expect(plans.body.content.map((p: any) => p.name).sort()).toEqual([
      'FBA Premium',
      'FBA Standard',
      'FBM Basic',
      'WFS Race',
    ]);
    expect(plans.body.content.every((p: any) => p.liveEnrollments === 0)).toBe(true);
    const storage = (await s.get(`${PLANS}?category=storage`, t['demo.admin'])).body.content[0].id;
    expect((await s.get(`${PLANS}/${storage}`, client)).status).toBe(404);
    expect((await s.get(`${PLANS}/${premium}`, client)).body.prices).toEqual([
      { code: 'ITEM_SORT', unitPrice: '0.20' },
    ]);
    // Blue Fox is enrolled nowhere: it sees no plan and no enrolment of Acme.
    const fox = t['demo.client2'];
    expect((await s.get(PLANS, fox)).body.totalElements).toBe(0);
    expect((await s.get(`${ENROL}/${first}`, fox)).status).toBe(404);
    expect((await s.get(`${ENROL}/my-plans`, fox)).body).toEqual([]);
    expect((await s.get(`${ENROL}/my-plans?companyId=${acme()}`, fox)).status).toBe(403);
    // Writes: 403 whatever the body.
    expect((await s.post(PLANS, plan({ name: 'Mine' }), client)).status).toBe(403);
    expect((await s.put(`${PLANS}/${premium}`, plan({ name: 'Mine' }), client)).status).toBe(403);
    expect((await s.del(`${PLANS}/${premium}`, client)).status).toBe(403);
    expect((await s.post(TYPES, { name: 'Mine' }, client)).status).toBe(403);
    expect((await s.get(TYPES, client)).status).toBe(403);
    expect((await s.post(ENROL, { companyId: acme(), planId: premium, startsOn: '2027-01-01' }, client)).status).toBe(
      403,
    );
    expect((await s.post(`${ENROL}/${first}/end`, { endsOn: '2027-01-01' }, client)).status).toBe(403);
  });

  it('my-plans: a client its own current plans with prices; the warehouse names the client', async () => {
    const fbm = (await s.get(`${PLANS}?category=fbm`, t['demo.admin'])).body.content[0];
    const mine = await s.get(`${ENROL}/my-plans`, t['demo.client']);
    expect(mine.status).toBe(200);
    expect(mine.body.map((m: any) => m.plan.name)).toEqual(['FBM Basic']);
    expect(mine.body[0].plan.prices).toEqual(fbm.prices);
    const asWarehouse = await s.get(`${ENROL}/my-plans?companyId=${acme()}`, t['demo.admin']);
    expect(asWarehouse.body.map((m: any) => m.enrollment.companyName)).toEqual(['Acme Sellers']);
    expect((await s.get(`${ENROL}/my-plans`, t['demo.admin'])).status).toBe(400);
  });

  it('keeps tenants apart: another tenant’s plan and enrolment are 404', async () => {
    const north = t['north.admin'];
    expect((await s.get(`${PLANS}/${premium}`, north)).status).toBe(404);
    expect((await s.put(`${PLANS}/${premium}`, plan({ name: 'Hijack' }), north)).status).toBe(404);
    expect((await s.del(`${PLANS}/${premium}`, north)).status).toBe(404);
    expect((await s.get(`${ENROL}/${first}`, north)).status).toBe(404);
    expect((await s.post(`${ENROL}/${first}/end`, { endsOn: '2026-12-31' }, north)).status).toBe(404);
    expect((await s.get(PLANS, north)).body.totalElements).toBe(0);
    expect((await s.get(ENROL, north)).body.totalElements).toBe(0);
    const northClient = me['north.admin'].companyId;
    expect(
      (await s.post(ENROL, { companyId: northClient, planId: premium, startsOn: '2026-07-01' }, north)).status,
    ).toBe(400);
    expect((await s.post(ENROL, { companyId: acme(), planId: premium, startsOn: '2026-07-01' }, north)).status).toBe(
      400,
    );
    // The same plan name is free in another tenant.
    expect((await s.post(PLANS, plan({ name: 'FBA Premium' }), north)).status).toBe(201);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as { paths: object };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/plan/management',
        '/api/plan/management/{id}',
        '/api/plan/management/types',
        '/api/plan/enrollment',
        '/api/plan/enrollment/my-plans',
        '/api/plan/enrollment/{id}/end',
      ]),
    );
  });
});

describe('recurring plan fees', () => {
  it('charges PLAN_FEE when a period starts, once, at the plan’s fee, with the rule', async () => {
    const admin = t['demo.admin'];
    const monthly = await s.post(
      PLANS,
      plan({ name: 'Storage Monthly', category: 'storage', recurringFee: '25.5', schedule: 'Monthly', prices: [] }),
      admin,
    );
    const weekly = await s.post(
      PLANS,
      plan({ name: 'WFS Weekly', category: 'wfs', recurringFee: '3.333', schedule: 'Weekly', prices: [] }),
      admin,
    );
    const once = await s.post(
      PLANS,
      plan({ name: 'Setup fee', category: 'fbm', recurringFee: '100', schedule: 'OneTime', prices: [] }),
      admin,
    );
    const m = await s.post(ENROL, { companyId: blueFox(), planId: monthly.body.id, startsOn: '2026-01-31' }, admin);
    const w = await s.post(ENROL, { companyId: blueFox(), planId: weekly.body.id, startsOn: '2026-02-01' }, admin);
    const o = await s.post(ENROL, { companyId: blueFox(), planId: once.body.id, startsOn: '2026-02-28' }, admin);
    expect([m.status, w.status, o.status]).toEqual([201, 201, 201]);
    // Free plans charge nothing (Acme's FBM Basic is live on these days, fee 0); Acme's FBA
    // Standard (49.99 monthly, 2026-03-31 to 2026-05-31) falls due on the 31st, then the 30th.
    const days = ['2026-01-31', '2026-02-01', '2026-02-08', '2026-02-10', '2026-02-28', '2026-03-31', '2026-04-30'];
    const added: number[] = [];
    for (const d of days) added.push(await chargePlanFees(s.db, tenant(), d));
    expect(added).toEqual([1, 1, 1, 0, 2, 2, 2]);
    // Re-running any day adds nothing.
    for (const d of days) expect(await chargePlanFees(s.db, tenant(), d)).toBe(0);
    const rows = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.tenantId, tenant()), eq(charges.code, 'PLAN_FEE'), eq(charges.companyId, blueFox())));
    const byDay = rows
      .map((r) => [r.serviceDate, r.sourceId, r.unitPrice.replace(/0+$/, ''), r.amountCents])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
    expect(byDay).toEqual([
      ['2026-01-31', `${m.body.id}:2026-01-31`, '25.5', 2550],
      ['2026-02-01', `${w.body.id}:2026-02-01`, '3.333', 333],
      ['2026-02-08', `${w.body.id}:2026-02-08`, '3.333', 333],
      ['2026-02-28', `${m.body.id}:2026-02-28`, '25.5', 2550],
      ['2026-02-28', `${o.body.id}:2026-02-28`, '100.', 10000],
      ['2026-03-31', `${m.body.id}:2026-03-31`, '25.5', 2550],
      ['2026-04-30', `${m.body.id}:2026-04-30`, '25.5', 2550],
    ]);
    const acmeFees = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.code, 'PLAN_FEE'), eq(charges.companyId, acme())));
    expect(acmeFees.map((r) => [r.serviceDate, r.amountCents]).sort()).toEqual([
      ['2026-03-31', 4999],
      ['2026-04-30', 4999],
    ]);
    // Acme's last day (2026-05-31) still falls due, with Blue Fox's monthly and weekly (day 119) fees.
    expect(await chargePlanFees(s.db, tenant(), '2026-05-31')).toBe(3);
    expect(await chargePlanFees(s.db, tenant(), '2026-06-30')).toBe(1);
    const r0 = rows.find((r) => r.sourceId === `${m.body.id}:2026-01-31`)!;
    expect(r0).toMatchObject({
      companyId: blueFox(),
      category: 'plan',
      sourceType: 'plan_enrollment',
      currency: 'USD',
      quantity: '1.0000',
      rule: { source: 'event', planId: monthly.body.id, planName: 'Storage Monthly' },
    });
  });

  it('is a step of the nightly billing job, which catches up the last week', async () => {
    const feesOf = async () =>
      (
        await s.db
          .select({ sourceId: charges.sourceId })
          .from(charges)
          .where(and(eq(charges.code, 'PLAN_FEE'), eq(charges.companyId, blueFox())))
      )
        .map((r) => r.sourceId.split(':')[1])
        .sort();
    const before = await feesOf();
    expect(before.filter((d) => d >= '2026-07-01')).toEqual([]);
    await runNightlyBilling(s.deps, new Date('2026-07-31T02:00:00Z'));
    // Monthly from 01-31: 07-31; weekly from 02-01: 07-26 (day 175); 07-05 is outside the week.
    expect((await feesOf()).filter((d) => d >= '2026-07-01')).toEqual(['2026-07-26', '2026-07-31']);
    await runNightlyBilling(s.deps, new Date('2026-07-31T23:00:00Z'));
    expect((await feesOf()).length).toBe(before.length + 2);
  });
});
