/**
 * The charges ledger against the real server: work recorded on the floor (units received and
 * sorted by scan, a damaged unit's problem, boxes packed) becomes priced lines — plan line, then
 * the client's fee, then the warehouse's, then the default — with the rule kept; pricing again or
 * twice at once writes nothing twice; manual lines and credits; clients see only their own lines
 * and never the warehouse's notes; another tenant sees nothing.
 */
import '../helpers/fba.js';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, planEnrollments, servicePlanPrices, servicePlans } from '../../server/db/schema/index.js';
import { recordChargeEvents } from '../../server/modules/charges/events.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let receiver: string;
let north: string;
let tenantId: number;
let clientCo: number;
let client2Co: number;

const CHARGES = '/api/finance/customer/charges';
const linesOf = async (companyId: number, code: string) =>
  s.db
    .select()
    .from(charges)
    .where(and(eq(charges.tenantId, tenantId), eq(charges.companyId, companyId), eq(charges.code, code)));
const boxEvent = (companyId: number, sourceId: string, at = '2026-10-05T10:00:00.000Z') => ({
  tenantId,
  companyId,
  kind: 'box_packed' as const,
  quantity: 1,
  sourceType: 'test_box',
  sourceId,
  userId: null,
  at,
});

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  client = await s.token('demo.client');
  client2 = await s.token('demo.client2');
  receiver = await s.token('demo.receiver');
  north = await s.token('north.admin');
  const me = await s.signIn('demo.admin');
  tenantId = me.userData.tenantId;
  clientCo = (await s.signIn('demo.client')).userData.companyId;
  client2Co = (await s.signIn('demo.client2')).userData.companyId;
  // The warehouse's fees, and demo.client2's own box price.
  const put = await s.put(
    '/api/settings/fees',
    {
      values: { ITEM_SORT_FEE: '0.35', PER_BOX_CHARGE: '1.25', PROBLEM_CHARGE: '2.5', PROBLEM_CHARGE_PER_ITEM: '0.75' },
    },
    admin,
  );
  expect(put.status).toBe(200);
  const own = await s.put(`/api/settings/fees/company/${client2Co}`, { values: { PER_BOX_CHARGE: '0.9' } }, admin);
  expect(own.status).toBe(200);
});
afterAll(async () => s?.close());

describe('pricing recorded work', () => {
  it('units received and sorted by scan, and a damaged unit, become lines at the fee settings', async () => {
    const b = await s.post(
      '/api/ship/batch',
      { batchName: 'PO-CHARGES', items: [{ title: 'Teapot', msku: 'CHG-TEAPOT', expectedQty: 6 }] },
      client,
    );
    expect(b.status).toBe(201);
    const batchId = b.body.id;
    const itemId = b.body.items[0].id;
    const push = async (name: string, args: Record<string, unknown>) => {
      const id = randomUUID();
      const res = await s.post(
        '/api/sync/push',
        { deviceId: 'hh-charges', mutations: [{ id, name, args: { id, ...args } }] },
        receiver,
      );
      expect(res.body.results[0].status).toBe('applied');
      return id;
    };
    const scanAt = new Date().toISOString();
    const scan = await push('item.scan', { batchId, code: 'CHG-TEAPOT', count: 5, scannedAt: scanAt });
    await push('item.scan', { batchId, code: 'CHG-TEAPOT', damaged: { damageType: 'broken' }, scannedAt: scanAt });
    await push('item.sort', { batchItemId: itemId, quantity: 4, location: 'PREP-FBA', sortedAt: scanAt });
    // The same scan again (a device retry): applied once, so recorded once.
    await s.post(
      '/api/sync/push',
      {
        deviceId: 'hh-charges',
        mutations: [
          { id: scan, name: 'item.scan', args: { id: scan, batchId, code: 'CHG-TEAPOT', count: 5, scannedAt: scanAt } },
        ],
      },
      receiver,
    );

    // The button prices whatever the seconds-later pricing (charges-auto-pricing.test.ts) has not.
    const priced = await s.post(`${CHARGES}/price`, {}, admin);
    expect(priced.status).toBe(200);
    expect(priced.body.written).toBeGreaterThanOrEqual(0);

    const received = await linesOf(clientCo, 'UNIT_RECEIVED');
    // 5 good + 1 damaged unit received; no plan prices receiving: recorded at 0, marked unpriced.
    expect(received.map((r) => Number(r.quantity)).reduce((a, n) => a + n, 0)).toBe(6);
    expect(received.every((r) => r.amountCents === 0 && r.rule.source === 'unpriced')).toBe(true);
    const [sorted] = await linesOf(clientCo, 'ITEM_SORT');
    expect(sorted).toMatchObject({
      quantity: '4.0000',
      amountCents: 140,
      rule: { source: 'tenantFee', feeKey: 'ITEM_SORT_FEE' },
    });
    // The damaged unit's problem: 2.50 per problem + 0.75 per unit.
    const [problem] = await linesOf(clientCo, 'PROBLEM_DAMAGED');
    expect(problem).toMatchObject({
      amountCents: 250,
      category: 'problems',
      rule: { source: 'tenantFee', feeKey: 'PROBLEM_CHARGE' },
    });
    const [units] = await linesOf(clientCo, 'PROBLEM_UNITS');
    expect(units).toMatchObject({ amountCents: 75, sourceId: problem.sourceId });
  });

  it("uses the client's own fee over the warehouse's, and an enrolled plan's line over both, from its start day", async () => {
    await recordChargeEvents(s.db, [boxEvent(clientCo, 'p1'), boxEvent(client2Co, 'p2')]);
    const [plan] = await s.db
      .insert(servicePlans)
      .values({ tenantId, name: 'FBA Pro (charges test)', tier: 'professional', category: 'fba' })
      .returning();
    await s.db.insert(servicePlanPrices).values({ tenantId, planId: plan.id, code: 'BOX_PACKED', unitPrice: '0.5' });
    await s.db
      .insert(planEnrollments)
      .values({ tenantId, companyId: clientCo, planId: plan.id, category: 'fba', startsOn: '2026-10-10' });
    await recordChargeEvents(s.db, [boxEvent(clientCo, 'p3', '2026-10-12T09:00:00.000Z')]);
    await s.post(`${CHARGES}/price`, {}, admin);

    const mine = await linesOf(clientCo, 'BOX_PACKED');
    const bySource = Object.fromEntries(mine.map((l) => [l.sourceId, l]));
    const ids = await s.db
      .select({ id: charges.sourceId, d: charges.details })
      .from(charges)
      .where(eq(charges.code, 'BOX_PACKED'));
    expect(ids.length).toBe(3);
    const line = (src: string) =>
      Object.values(bySource).find((l) => (l.details as { eventSource: string }).eventSource === `test_box:${src}`);
    // Before the plan's start day: the warehouse's fee; from it: the plan.
    expect(line('p1')).toMatchObject({ amountCents: 125, rule: { source: 'tenantFee' } });
    expect(line('p3')).toMatchObject({
      amountCents: 50,
      rule: { source: 'plan', planId: plan.id, planName: 'FBA Pro (charges test)' },
    });
    const [other] = await linesOf(client2Co, 'BOX_PACKED');
    expect(other).toMatchObject({ amountCents: 90, rule: { source: 'clientFee', feeKey: 'PER_BOX_CHARGE' } });
  });

  it('pricing again, or twice at once, writes nothing twice', async () => {
    await recordChargeEvents(
      s.db,
      Array.from({ length: 30 }, (_, i) => boxEvent(client2Co, `race-${i}`)),
    );
    // Two presses at once (and the seconds-later pricing, racing them): one line per event.
    const [a, b] = await Promise.all([s.post(`${CHARGES}/price`, {}, admin), s.post(`${CHARGES}/price`, {}, admin)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const raceLines = async () =>
      (await s.db.select().from(charges).where(eq(charges.code, 'BOX_PACKED'))).filter((l) =>
        String((l.details as { eventSource?: string }).eventSource).startsWith('test_box:race-'),
      ).length;
    expect(await raceLines()).toBe(30);
    const after = (await s.db.select().from(charges)).length;
    expect((await s.post(`${CHARGES}/price`, {}, admin)).body.written).toBe(0);
    expect((await s.db.select().from(charges)).length).toBe(after);
    expect(await raceLines()).toBe(30);
  });
});

describe('charges screens and manual lines', () => {
  it('adds a manual line and a credit; bad input 400, unknown client 404, a client 403', async () => {
    const add = await s.post(
      CHARGES,
      {
        companyId: clientCo,
        description: 'Photo shoot',
        quantity: '3',
        unitPrice: '12.345',
        serviceDate: '2026-10-20',
      },
      admin,
    );
    expect(add.status).toBe(200);
    expect(add.body.amountCents).toBe(3704); // 37.035 rounded half away from zero, once
    const credit = await s.post(
      CHARGES,
      {
        companyId: clientCo,
        description: 'Goodwill credit',
        quantity: '1',
        unitPrice: '-5',
        serviceDate: '2026-10-21',
      },
      admin,
    );
    expect(credit.body.amountCents).toBe(-500);

    const bad = await s.post(
      CHARGES,
      { companyId: clientCo, description: '', quantity: '0', unitPrice: 'ten', serviceDate: 'x' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list.length).toBeGreaterThanOrEqual(3);
    const northCo = (await s.signIn('north.admin')).userData.companyId;
    const foreign = await s.post(
      CHARGES,
      { companyId: northCo, description: 'x', quantity: '1', unitPrice: '1', serviceDate: '2026-10-20' },
      admin,
    );
    expect(foreign.status).toBe(404);
    const byClient = await s.post(
      CHARGES,
      { companyId: clientCo, description: 'x', quantity: '1', unitPrice: '1', serviceDate: '2026-10-20' },
      client,
    );
    expect(byClient.status).toBe(403);
    expect((await s.post(`${CHARGES}/price`, {}, client)).status).toBe(403);
  });

  it('a client sees only its own lines, without the notes; filters and the total of all matching', async () => {
    const mine = await s.get(`${CHARGES}?pageSize=200`, client);
    expect(mine.status).toBe(200);
    expect(mine.body.content.length).toBeGreaterThan(0);
    expect(mine.body.content.every((c: { companyId: number }) => c.companyId === clientCo)).toBe(true);
    expect(mine.body.content.some((c: { rule: { note?: string } }) => c.rule.note)).toBe(false);
    const sum = mine.body.content.reduce((a: number, c: { amountCents: number }) => a + c.amountCents, 0);
    expect(mine.body.totalCents).toBe(sum);
    // Asking for another client's lines gives the own ones only.
    const sneaky = await s.get(`${CHARGES}?companyId=${client2Co}&pageSize=200`, client);
    expect(sneaky.body.content.every((c: { companyId: number }) => c.companyId === clientCo)).toBe(true);

    const warehouse = await s.get(`${CHARGES}?companyId=${clientCo}&category=other&pageSize=50`, admin);
    expect(warehouse.body.content.map((c: { description: string }) => c.description).sort()).toEqual([
      'Goodwill credit',
      'Photo shoot',
    ]);
    expect(warehouse.body.totalCents).toBe(3204);
    expect(warehouse.body.content[0].rule.note).toMatch(/entered by demo.admin/);
    const byDay = await s.get(`${CHARGES}?companyId=${clientCo}&from=2026-10-21&to=2026-10-21`, admin);
    expect(byDay.body.content.map((c: { description: string }) => c.description)).toEqual(['Goodwill credit']);
    expect((await s.get(`${CHARGES}?from=yesterday`, admin)).status).toBe(400);

    const theirs = await s.get(`${CHARGES}?pageSize=200`, client2);
    expect(theirs.body.content.every((c: { companyId: number }) => c.companyId === client2Co)).toBe(true);
    const otherTenant = await s.get(`${CHARGES}?pageSize=200`, north);
    expect(otherTenant.body.totalElements).toBe(0);
  });
});
