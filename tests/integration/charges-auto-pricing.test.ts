/**
 * Recorded work is priced within seconds, with nobody pressing "Price recorded work now" (issue 38
 * defect 9; server/modules/billing/recorded-work.ts): units scanned and sorted on the floor
 * become lines on their own; a burst of work is priced once per event, also when the button is
 * pressed meanwhile (and, on PostgreSQL, when a second process records and prices at the same
 * time); the Charges screen's "waiting to be priced" count is right and scoped to the tenant and,
 * for a client, to its company.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { chargeEvents, charges } from '../../server/db/schema/index.js';
import { DEBOUNCE_MS, recordedWorkPricer } from '../../server/modules/billing/recorded-work.js';
import { recordChargeEvents } from '../../server/modules/charges/events.js';
import { JobQueue } from '../../server/jobs/queue.js';
import { registerStoreJobs } from '../../server/jobs/store-pulls.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let receiver: string;
let north: string;
let northClient: string;
let tenantId: number;
let northTenantId: number;
let clientCo: number;
let client2Co: number;
let northCo: number;

const CHARGES = '/api/finance/customer/charges';
const WAITING = `${CHARGES}/waiting`;

/** Polls until `done` holds (at most `ms`); the test then asserts on what it found. */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Events of this tenant with no line yet, read from the tables (not through the endpoint). */
const unpricedIds = async (ids: number[]) => {
  if (!ids.length) return [];
  const priced = await s.db
    .select({ id: charges.sourceId })
    .from(charges)
    .where(
      and(
        eq(charges.sourceType, 'charge_event'),
        inArray(
          charges.sourceId,
          ids.map((i) => String(i)),
        ),
      ),
    );
  const done = new Set(priced.map((p) => Number(p.id)));
  return ids.filter((i) => !done.has(i));
};

const push = async (mutations: { name: string; args: Record<string, unknown> }[]) => {
  const res = await s.post(
    '/api/sync/push',
    {
      deviceId: `hh-auto-${randomUUID().slice(0, 8)}`,
      mutations: mutations.map((m) => {
        const id = randomUUID();
        return { id, name: m.name, args: { id, ...m.args } };
      }),
    },
    receiver,
  );
  expect(res.status).toBe(200);
  for (const r of res.body.results) expect(r.status).toBe('applied');
};

async function newBatch(msku: string, expectedQty: number) {
  const b = await s.post(
    '/api/ship/batch',
    { batchName: `PO-${msku}`, items: [{ title: `Item ${msku}`, msku, expectedQty }] },
    client,
  );
  expect(b.status).toBe(201);
  return { batchId: b.body.id as number, itemId: b.body.items[0].id as number };
}

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  client = await s.token('demo.client');
  client2 = await s.token('demo.client2');
  receiver = await s.token('demo.receiver');
  north = await s.token('north.admin');
  northClient = await s.token('north.client');
  tenantId = (await s.signIn('demo.admin')).userData.tenantId;
  clientCo = (await s.signIn('demo.client')).userData.companyId;
  client2Co = (await s.signIn('demo.client2')).userData.companyId;
  const n = await s.signIn('north.client');
  northTenantId = n.userData.tenantId;
  northCo = n.userData.companyId;
  const put = await s.put('/api/settings/fees', { values: { ITEM_SORT_FEE: '0.35', PER_BOX_CHARGE: '1.25' } }, admin);
  expect(put.status).toBe(200);
});
afterAll(async () => s?.close());

describe('recorded work is priced on its own', () => {
  it('units scanned and sorted on the floor become priced lines without the price button', async () => {
    const { batchId, itemId } = await newBatch('AUTO-KETTLE', 5);
    const at = new Date().toISOString();
    await push([{ name: 'item.scan', args: { batchId, code: 'AUTO-KETTLE', count: 5, scannedAt: at } }]);
    await push([{ name: 'item.sort', args: { batchItemId: itemId, quantity: 3, location: 'PREP-FBA', sortedAt: at } }]);

    const events = await s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.tenantId, tenantId), eq(chargeEvents.companyId, clientCo)));
    const sort = events.find((e) => e.kind === 'unit_sorted' && e.sourceId.includes(String(itemId)));
    const receive = events.find((e) => e.kind === 'unit_received' && e.sourceId.includes(String(itemId)));
    expect(sort).toBeDefined();
    expect(receive).toBeDefined();

    const left = await eventually(
      () => unpricedIds([sort!.id, receive!.id]),
      (ids) => ids.length === 0,
    );
    expect(left).toEqual([]);
    const [line] = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.sourceType, 'charge_event'), eq(charges.sourceId, String(sort!.id))));
    expect(line).toMatchObject({
      code: 'ITEM_SORT',
      companyId: clientCo,
      quantity: '3.0000',
      amountCents: 105,
      rule: { source: 'tenantFee', feeKey: 'ITEM_SORT_FEE' },
    });
    // The client reads it on the Charges screen without anyone having priced anything.
    const mine = await s.get(`${CHARGES}?code=ITEM_SORT`, client);
    expect(mine.body.content.some((c: { sourceId: string }) => c.sourceId === String(sort!.id))).toBe(true);
    // And the pricing job stays off the jobs screen (it is the platform's, as the nightly job).
    const jobs = await s.get('/api/jobs/batch-process?name=billing.price-recorded', admin);
    expect(jobs.status).toBe(200);
    expect(jobs.body.totalElements).toBe(0);
  });

  it('a problem the warehouse raises is charged without the price button', async () => {
    const raised = await s.post(
      '/api/problem-management/problem',
      { companyId: clientCo, type: 'missing_item', quantity: 2 },
      admin,
    );
    expect(raised.status).toBeLessThan(300);
    const lines = await eventually(
      () =>
        s.db
          .select()
          .from(charges)
          .where(and(eq(charges.sourceType, 'problem'), eq(charges.sourceId, String(raised.body.id)))),
      (l) => l.length > 0,
    );
    // No plan prices it: one line per problem and one for its units (written together).
    expect(lines).toHaveLength(2);
    const units = lines.find((l) => l.code === 'PROBLEM_UNITS');
    const problem = lines.find((l) => l.code !== 'PROBLEM_UNITS');
    expect(problem?.code).toMatch(/^PROBLEM_MISSING_ITEM/);
    expect(problem).toMatchObject({ companyId: clientCo, quantity: '1.0000' });
    expect(units).toMatchObject({ companyId: clientCo, quantity: '2.0000' });
  });

  it('a burst of work, with the button pressed meanwhile, is priced exactly once per event, in fewer runs than events', async () => {
    const items = await Promise.all(Array.from({ length: 6 }, (_, i) => newBatch(`AUTO-BURST-${i}`, 4)));
    const at = new Date().toISOString();
    const ran = async () =>
      Number(
        (
          (await s.deps.db.execute(
            sql`select (select count(*) from pgboss.job where name = 'billing.price-recorded')
                     + (select count(*) from pgboss.archive where name = 'billing.price-recorded') as n`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0].n,
      );
    const runsBefore = await ran();
    // Six devices at once, each scanning and sorting its batch; the warehouse presses the button too.
    await Promise.all([
      ...items.map(({ batchId, itemId }, i) =>
        push([
          { name: 'item.scan', args: { batchId, code: `AUTO-BURST-${i}`, count: 4, scannedAt: at } },
          { name: 'item.sort', args: { batchItemId: itemId, quantity: 4, location: 'PREP-FBA', sortedAt: at } },
        ]),
      ),
      s.post(`${CHARGES}/price`, {}, admin),
    ]);
    await recordChargeEvents(
      s.db,
      Array.from({ length: 20 }, (_, i) => ({
        tenantId,
        companyId: client2Co,
        kind: 'box_packed' as const,
        quantity: 1,
        sourceType: 'test_burst_box',
        sourceId: `b${i}`,
        userId: null,
        at,
      })),
    );
    const itemIds = new Set(items.map((i) => String(i.itemId)));
    const burst = (await s.db.select().from(chargeEvents).where(eq(chargeEvents.tenantId, tenantId))).filter(
      (e) => e.sourceType === 'test_burst_box' || [...itemIds].some((id) => e.sourceId.includes(`:${id}:`)),
    );
    expect(burst.length).toBe(6 * 2 + 20);

    const left = await eventually(
      () => unpricedIds(burst.map((e) => e.id)),
      (ids) => ids.length === 0,
    );
    expect(left).toEqual([]);
    await s.post(`${CHARGES}/price`, {}, admin);
    // One line per (code, event): nothing twice, whoever priced it.
    const lines = await s.db
      .select({ sourceId: charges.sourceId, code: charges.code, n: sql<number>`count(*)::int` })
      .from(charges)
      .where(
        and(
          eq(charges.sourceType, 'charge_event'),
          inArray(
            charges.sourceId,
            burst.map((e) => String(e.id)),
          ),
        ),
      )
      .groupBy(charges.sourceId, charges.code);
    expect(lines.length).toBe(burst.length);
    expect(lines.every((l) => l.n === 1)).toBe(true);
    // 32 events from seven writers: gathered into a few runs, not one per event.
    expect((await ran()) - runsBefore).toBeLessThan(burst.length / 2);
  });

  it('work recorded in a transaction that commits late is priced after the commit, and rolled-back work never', async () => {
    const box = (src: string) => ({
      tenantId,
      companyId: clientCo,
      kind: 'box_packed' as const,
      quantity: 1,
      sourceType: 'test_late_commit',
      sourceId: src,
      userId: null,
      at: new Date().toISOString(),
    });
    // Open well past the gathering of the burst: a run queued then would find nothing.
    await s.db.transaction(async (tx) => {
      await recordChargeEvents(tx, [box('late')]);
      await new Promise((r) => setTimeout(r, DEBOUNCE_MS * 4));
    });
    await s.db
      .transaction(async (tx) => {
        await recordChargeEvents(tx, [box('undone')]);
        tx.rollback();
      })
      .catch(() => undefined);
    const [late] = await s.db.select().from(chargeEvents).where(eq(chargeEvents.sourceId, 'late'));
    expect(
      await eventually(
        () => unpricedIds([late.id]),
        (ids) => ids.length === 0,
      ),
    ).toEqual([]);
    expect(await s.db.select().from(chargeEvents).where(eq(chargeEvents.sourceId, 'undone'))).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'two processes recording and pricing the same tenant at once price each event once',
    async () => {
      // A second server process: its own connections, its own queue workers and listener.
      const other = await openDatabase({ databaseUrl: s.deps.config.databaseUrl });
      const queue = new JobQueue(other, { schedule: false, pollingIntervalSeconds: 0.5 });
      const deps2 = { ...s.deps, db: other.db, jobs: queue };
      registerStoreJobs(queue, deps2);
      await queue.start();
      const pricer = recordedWorkPricer(deps2);
      try {
        const at = new Date().toISOString();
        const box = (src: string) => ({
          tenantId,
          companyId: clientCo,
          kind: 'box_packed' as const,
          quantity: 1,
          sourceType: 'test_two_process',
          sourceId: src,
          userId: null,
          at,
        });
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            Promise.all([
              recordChargeEvents(s.db, [box(`a${i}`)]),
              other.db.transaction((tx) => recordChargeEvents(tx, [box(`b${i}`)])),
            ]),
          ),
        );
        const events = await s.db.select().from(chargeEvents).where(eq(chargeEvents.sourceType, 'test_two_process'));
        expect(events.length).toBe(20);
        const left = await eventually(
          () => unpricedIds(events.map((e) => e.id)),
          (ids) => ids.length === 0,
        );
        expect(left).toEqual([]);
        const [{ n }] = await s.db
          .select({ n: sql<number>`count(*)::int` })
          .from(charges)
          .where(
            and(
              eq(charges.sourceType, 'charge_event'),
              inArray(
                charges.sourceId,
                events.map((e) => String(e.id)),
              ),
            ),
          );
        expect(n).toBe(20);
      } finally {
        pricer.stop();
        await queue.stop({ graceful: true, timeoutMs: 5_000 });
        await other.close();
      }
    },
  );
});

describe('what waits to be priced', () => {
  it('is counted per tenant, and per company for a client; pricing leaves nothing waiting', async () => {
    // Let anything the earlier tests recorded be priced first.
    await eventually(
      async () => (await s.get(WAITING, admin)).body.waiting as number,
      (n) => n === 0,
    );
    // Rows written straight to the table raise no signal: they wait, as work recorded before a
    // crash would, for the next run, the night or the button.
    const row = (t: number, companyId: number, sourceId: string) => ({
      tenantId: t,
      companyId,
      kind: 'box_packed',
      quantity: 1,
      sourceType: 'test_waiting',
      sourceId,
      at: new Date().toISOString(),
    });
    await s.db
      .insert(chargeEvents)
      .values([
        row(tenantId, clientCo, 'w1'),
        row(tenantId, clientCo, 'w2'),
        row(tenantId, client2Co, 'w3'),
        row(northTenantId, northCo, 'w4'),
      ]);

    expect((await s.get(WAITING, admin)).body).toEqual({ waiting: 3, canPrice: true });
    expect((await s.get(WAITING, client)).body).toEqual({ waiting: 2, canPrice: false });
    expect((await s.get(WAITING, client2)).body).toEqual({ waiting: 1, canPrice: false });
    expect((await s.get(WAITING, north)).body).toEqual({ waiting: 1, canPrice: true });
    expect((await s.get(WAITING, northClient)).body).toEqual({ waiting: 1, canPrice: false });
    // Someone without the charges screen is refused; nobody signed in is 401.
    expect((await s.get(WAITING, receiver)).status).toBe(403);
    expect((await s.get(WAITING)).status).toBe(401);
    // A client cannot price.
    expect((await s.post(`${CHARGES}/price`, {}, client)).status).toBe(403);

    const priced = await s.post(`${CHARGES}/price`, {}, admin);
    expect(priced.body.written).toBe(3);
    expect((await s.get(WAITING, admin)).body.waiting).toBe(0);
    expect((await s.get(WAITING, client)).body.waiting).toBe(0);
    // The other tenant's event is its own to price.
    expect((await s.get(WAITING, north)).body.waiting).toBe(1);
    expect((await s.post(`${CHARGES}/price`, {}, north)).body.written).toBe(1);
    expect((await s.get(WAITING, northClient)).body.waiting).toBe(0);
  });
});
