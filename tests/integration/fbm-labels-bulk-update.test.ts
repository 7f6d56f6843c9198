/**
 * Updating a bulk label run (spec /bulk/shipping update, PUT /bulk/shipping/{id}): after a run
 * ends with a carrier refusal, the desk changes the failed order's choice and drops another, and
 * the same run buys only what is left — never an order it had bought; a running run, a bought or
 * a stranger order, an empty re-run are refused in words; clients and other tenants cannot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { labelsSetup, refuseNthLabel, waitForRun } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { fbmLabelRuns, fbmOrderLabels, shippingLabels } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';
const ids: Record<string, number> = {};
const errors = (r: { meta: { error_list: { message: string }[] } }) =>
  r.meta.error_list.map((e) => e.message).join(' ');
const labelsOf = async (orderIds: number[]) =>
  s.db
    .select({ id: shippingLabels.id, orderId: fbmOrderLabels.orderId, status: shippingLabels.status })
    .from(fbmOrderLabels)
    .innerJoin(
      shippingLabels,
      and(
        eq(shippingLabels.tenantId, fbmOrderLabels.tenantId),
        eq(shippingLabels.requestKey, fbmOrderLabels.requestKey),
      ),
    )
    .where(and(inArray(fbmOrderLabels.orderId, orderIds), ne(shippingLabels.status, 'voided')));

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  w = await fbmWorld(s, 'RunUpdate');
  await labelsSetup(s, w);
  await stock(s, w, w.acmeId, 'MUG-1', 'FBM-SHELF', 3);
  await saveOrders(s, w.acmeStore, [
    order('U-1', { lines: [line('1', 'MUG-1', 1)] }),
    order('U-2', { lines: [line('1', 'MUG-1', 1)] }),
    order('U-3', { lines: [line('1', 'MUG-1', 1)] }),
  ]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
  for (const id of ['U-1', 'U-2', 'U-3']) ids[id] = await orderId(s, id);
  const batch = await s.post(`${F}/pick/batch`, { storeId: w.acmeStore.id }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const l of batch.body.lines)
    expect(
      (await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin))
        .status,
    ).toBe(200);
  for (const id of Object.values(ids))
    expect(
      (
        await s.put(
          `${F}/order/${id}/default/box/dimensions`,
          { lengthIn: 8, widthIn: 6, heightIn: 4, weightLb: 1 },
          w.admin,
        )
      ).status,
    ).toBe(200);
});
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s?.close();
});

describe('updating a finished bulk run', () => {
  let runId: number;

  it('the failed order is bought again with a new choice; the bought ones are untouched, never bought twice', async () => {
    refuseNthLabel(2); // U-2's label is refused by the carrier
    const start = await s.post(
      `${F}/bulk/shipping`,
      { requestKey: `update-test-${Date.now()}`, orderIds: [ids['U-1'], ids['U-2'], ids['U-3']] },
      w.admin,
    );
    expect(start.status, JSON.stringify(start.meta)).toBe(201);
    runId = start.body.id;
    const first = await waitForRun(s, w.admin, runId);
    clientOverrides.fetch = undefined;
    expect(first.results.map((r: any) => r.state)).toEqual(['bought', 'failed', 'bought']);
    const [u1Label] = await labelsOf([ids['U-1']]);

    // Refusals first, in words, and the run as it was.
    const bought = await s.put(`${F}/bulk/shipping/${runId}`, { dropOrderIds: [ids['U-1']] }, w.admin);
    expect(bought.status).toBe(412);
    expect(errors(bought)).toMatch(/U-1: already bought in this run; void the label/);
    const stranger = await s.put(`${F}/bulk/shipping/${runId}`, { rates: { '999999': 'rate-x' } }, w.admin);
    expect(stranger.status).toBe(412);
    expect(errors(stranger)).toMatch(/Order 999999 is not in this run/);
    const badPreset = await s.put(`${F}/bulk/shipping/${runId}`, { preset: { kind: 'slowest' } }, w.admin);
    expect(badPreset.status).toBe(400);
    expect((await s.get(`${F}/bulk/shipping/${runId}`, w.admin)).body.results[1].state).toBe('failed');

    // U-2 again with the fastest service; U-3 (bought) stays; nothing to drop that was bought.
    const updated = await s.put(`${F}/bulk/shipping/${runId}`, { preset: { kind: 'fastest' } }, w.admin);
    expect(updated.status, JSON.stringify(updated.meta)).toBe(200);
    expect(updated.body).toMatchObject({ id: runId, status: 'queued', total: 3, bought: 2, failed: 0 });
    expect(updated.body.results[1]).toMatchObject({ state: 'pending', error: null });
    // While it buys, a second update is refused: one change at a time.
    const racing = await s.put(`${F}/bulk/shipping/${runId}`, { format: 'zpl' }, w.admin);
    expect([409, 412]).toContain(racing.status);

    const second = await waitForRun(s, w.admin, runId);
    expect(second.results.map((r: any) => r.state)).toEqual(['bought', 'bought', 'bought']);
    const labels = await labelsOf(Object.values(ids));
    expect(labels).toHaveLength(3); // one label per order: the bought ones were not bought again
    expect(labels.find((l) => l.orderId === ids['U-1'])!.id).toBe(u1Label.id);

    // Nothing is left to buy: a re-run is refused in words.
    const empty = await s.put(`${F}/bulk/shipping/${runId}`, {}, w.admin);
    expect(empty.status).toBe(412);
    expect(errors(empty)).toMatch(/nothing to buy again/);
  });

  it('an unbought order dropped from a run leaves it and is not bought; then nothing is left to buy', async () => {
    for (const id of [ids['U-1'], ids['U-3']]) {
      const [label] = await labelsOf([id]);
      expect((await s.del(`${F}/label/${label.id}`, w.admin)).status).toBe(200); // unbought again
    }
    refuseNthLabel('all');
    const start = await s.post(
      `${F}/bulk/shipping`,
      { requestKey: `update-drop-${Date.now()}`, orderIds: [ids['U-3'], ids['U-1']] },
      w.admin,
    );
    const first = await waitForRun(s, w.admin, start.body.id);
    clientOverrides.fetch = undefined;
    expect(first.results.map((r: any) => r.state)).toEqual(['failed', 'failed']);
    const dropped = await s.put(`${F}/bulk/shipping/${start.body.id}`, { dropOrderIds: [ids['U-3']] }, w.admin);
    expect(dropped.status, JSON.stringify(dropped.meta)).toBe(200);
    expect(dropped.body.results.map((r: any) => r.marketplaceOrderId)).toEqual(['U-1']);
    const second = await waitForRun(s, w.admin, start.body.id);
    expect(second.results.map((r: any) => [r.marketplaceOrderId, r.state])).toEqual([['U-1', 'bought']]);
    expect(await labelsOf([ids['U-3']])).toHaveLength(0);
    expect(await labelsOf([ids['U-1']])).toHaveLength(1);
    const again = await s.put(`${F}/bulk/shipping/${start.body.id}`, { dropOrderIds: [ids['U-1']] }, w.admin);
    expect(again.status).toBe(412);
    const [row] = await s.db.select().from(fbmLabelRuns).where(eq(fbmLabelRuns.id, start.body.id));
    expect(row.results).toHaveLength(1); // refused: the run as it was
  });

  it('clients and other tenants cannot update a run', async () => {
    expect((await s.put(`${F}/bulk/shipping/${runId}`, {}, w.client)).status).toBe(403);
    const other = await s.put(`${F}/bulk/shipping/${runId}`, {}, w.north);
    expect(other.status).toBe(404); // another tenant’s run does not exist for it
  });
});
