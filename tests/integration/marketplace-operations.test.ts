/**
 * Marketplace operations (issue 17): an Amazon inbound operation followed by the
 * `marketplace.poll-operation` job — checked once per run with a growing pause, never waited on by
 * a request — until it succeeds or fails with Amazon's problems; the workflow that started it hears
 * once it is done; an operation that never ends is given up; other clients and tenants cannot read
 * it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore, SHIP_FROM } from '../helpers/amazon-sandbox.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { amazonClientFor } from '../../server/modules/stores/amazon.js';
import { marketplaceOperations, stores } from '../../server/db/schema/index.js';
import {
  checkDelayMs,
  checkOperation,
  GIVE_UP_AFTER_MS,
  operationJobKey,
  trackOperation,
} from '../../server/modules/operations/service.js';
import { onOperationDone, type FinishedOperation } from '../../server/modules/operations/kinds.js';
import { BOSS_SCHEMA } from '../../server/jobs/queue.js';
import { withdrawJob } from '../../server/jobs/store-pulls.js';
import { provideOperationPoll } from '../../server/modules/operations/poll.js';
import { fieldRule } from '../helpers/refusals.js';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let north: string;
let storeId: number;
let tenantId: number;
let clock = Date.now();
const heard: FinishedOperation[] = [];

beforeAll(async () => {
  s = await TestServer.start();
  const sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  // One clock for Dockside and its sandbox, moved by the tests.
  s.started.deps.now = () => new Date(clock);
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  tenantId = me.userData.tenantId;
  const store = await s.post(
    '/api/common/stores',
    { companyId: me.userData.companyId, marketplace: 'amazon_us', name: 'Acme US', environment: 'sandbox' },
    admin,
  );
  expect(store.status, JSON.stringify(store.meta)).toBe(201);
  storeId = store.body.id;
  await connectAmazonStore(s, sandboxUrl, storeId, admin);
  onOperationDone('amazon.inbound', async (_deps, done) => void heard.push(done));
  // The checks are run by hand below, one at a time; the queue runs them itself in the last test.
  withdrawJob('marketplace.poll-operation');
});
afterAll(() => s.close());

async function startPlan(items: { msku: string; quantity: number; expiration?: string }[]) {
  const [record] = await s.db.select().from(stores).where(eq(stores.id, storeId));
  const amazon = await amazonClientFor(s.started.deps, record);
  const created = await amazon.inbound.createInboundPlan({
    destinationMarketplaces: ['ATVPDKIKX0DER'],
    items: items.map((i) => ({ ...i, labelOwner: 'SELLER', prepOwner: 'SELLER' })),
    name: 'Operations test',
    sourceAddress: SHIP_FROM,
  });
  await trackOperation(s.started.deps, s.db, {
    storeId,
    kind: 'amazon.inbound',
    operationId: created.operationId,
    subject: created.inboundPlanId,
  });
  return created;
}

/** The poll job waiting for an operation: its state and when it may start. */
async function queuedCheck(operationId: string) {
  const rows = await s.started.database.executeSql(
    `select state, start_after from ${BOSS_SCHEMA}.job where name = 'marketplace.poll-operation' and singleton_key = $1 and state in ('created', 'retry')`,
    [operationKey(operationId)],
  );
  return rows.rows as { state: string; start_after: Date }[];
}
const operationKey = (operationId: string) => operationJobKey(storeId, operationId);
const data = (operation: string) => ({ tenantId, storeId, operation, kind: 'amazon.inbound' });
const seeOp = (operationId: string, token = admin) =>
  s.get(`/api/common/stores/${storeId}/operations/${operationId}`, token);

describe('marketplace operations', () => {
  it('follows an inbound plan’s operation to SUCCESS, one check per run, and tells the workflow once', async () => {
    const sku = 'ACME-MUG-BLUE';
    const { operationId, inboundPlanId } = await startPlan([{ msku: sku, quantity: 12 }]);
    // The first check is queued a moment later, not run by the request that started the plan.
    const [first] = await queuedCheck(operationId);
    expect(first.state).toBe('created');
    expect(new Date(first.start_after).getTime()).toBeGreaterThan(Date.now());

    const running = await seeOp(operationId);
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ status: 'IN_PROGRESS', subject: inboundPlanId, checks: 0, finishedAt: null });

    // Amazon is still working: the check says so and queues the next one after a longer pause.
    const still = await checkOperation(s.started.deps, data(operationId));
    expect(still).toMatchObject({ status: 'IN_PROGRESS', checks: 1 });
    expect(heard.filter((h) => h.operationId === operationId)).toHaveLength(0);
    expect(checkDelayMs(1)).toBeGreaterThan(checkDelayMs(0));

    clock += 1000;
    const done = await checkOperation(s.started.deps, data(operationId));
    expect(done).toMatchObject({ status: 'SUCCESS', checks: 2 });
    const seen = await seeOp(operationId, client);
    expect(seen.body).toMatchObject({ status: 'SUCCESS', operation: 'createInboundPlan', problems: [] });
    expect(seen.body.finishedAt).not.toBeNull();
    expect(heard.filter((h) => h.operationId === operationId)).toEqual([
      expect.objectContaining({ status: 'SUCCESS', subject: inboundPlanId, storeId, tenantId }),
    ]);

    // A repeated run (a job retried after the state was stored) asks Amazon nothing more.
    const again = await checkOperation(s.started.deps, data(operationId));
    expect(again).toMatchObject({ status: 'SUCCESS', checks: 2 });
  });

  it('stores Amazon’s problems when the operation fails', async () => {
    const { operationId } = await startPlan([{ msku: 'ACME-MUG-BLUE', quantity: 6, expiration: '2026-01-31' }]);
    clock += 1000;
    expect(await checkOperation(s.started.deps, data(operationId))).toMatchObject({ status: 'FAILED' });
    const failed = await seeOp(operationId);
    expect(failed.body.status).toBe('FAILED');
    expect(failed.body.problems[0]).toMatchObject({ code: 'FBA_INB-0135', severity: 'ERROR' });
    expect(failed.body.problems[0].message).toContain('ACME-MUG-BLUE');
    expect(heard.find((h) => h.operationId === operationId)?.status).toBe('FAILED');
  });

  it('gives up on an operation that never finishes, and says so', async () => {
    const { operationId } = await startPlan([{ msku: 'ACME-MUG-BLUE', quantity: 3 }]);
    // Started long ago and never finished (as if Amazon lost it).
    await s.db
      .update(marketplaceOperations)
      .set({ startedAt: new Date(clock - GIVE_UP_AFTER_MS - 1000).toISOString() })
      .where(eq(marketplaceOperations.operationId, operationId));
    expect(await checkOperation(s.started.deps, data(operationId))).toMatchObject({ status: 'GAVE_UP' });
    expect((await seeOp(operationId)).body.status).toBe('GAVE_UP');
    expect(heard.find((h) => h.operationId === operationId)?.status).toBe('GAVE_UP');
  });

  it('runs through the queue on its own', async () => {
    provideOperationPoll();
    const { operationId } = await startPlan([{ msku: 'ACME-MUG-BLUE', quantity: 2 }]);
    clock += 1000;
    // The worker picks the queued check up within its start delay and polling interval.
    for (let i = 0; i < 80 && (await seeOp(operationId)).body.status === 'IN_PROGRESS'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await seeOp(operationId)).body.status).toBe('SUCCESS');
  });

  it('is the store’s client’s and tenant’s only', async () => {
    const [op] = heard;
    expect((await seeOp(op.operationId, client2)).status).toBe(404);
    expect((await seeOp(op.operationId, north)).status).toBe(404);
    expect((await seeOp('no-such-operation')).status).toBe(404);
    const tooLong = await seeOp('x'.repeat(101));
    expect(tooLong.status).toBe(400);
    expect(fieldRule(tooLong.meta.error_list[0])).toMatch(/operationId/);
    expect((await s.get(`/api/common/stores/abc/operations/${op.operationId}`, admin)).status).toBe(400);
    // The same id under another store is not this operation.
    expect(await checkOperation(s.started.deps, { ...data(op.operationId), storeId: storeId + 1000 })).toMatchObject({
      skipped: 'No such operation',
    });
  });
});
