/**
 * The bench on the device, offline (decision 0010): a plan at the bench, its lines and boxes in
 * the replica; boxes opened, filled and closed with the verdict at once and nothing sent; the
 * same rules as the server's (over-scan, other group, unknown code, box limits); a refusal by the
 * server undoes the scan and waits under needs-attention.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BenchLineRow, BenchPlanRow } from '../../domain/schemas/bench.js';
import { LocalRejection } from '../../sync/mutations/index.js';
import { iso, makeEngine, uuid, type TestEngine } from './helpers.js';

let t: TestEngine;
afterEach(async () => t?.engine.close());

const PLAN: BenchPlanRow = {
  id: 7,
  channel: 'fba',
  companyId: 42,
  name: 'Acme March',
  status: 'boxing',
  step: 'boxes',
  boxMaxWeightLb: 50,
};
const line = (id: number, fnsku: string, quantity: number, group: string, packSize = 1): BenchLineRow => ({
  id,
  planId: PLAN.id,
  companyId: 42,
  title: `Product ${fnsku}`,
  msku: `MSKU-${id}`,
  fnsku,
  asin: null,
  codes: [fnsku, `MSKU-${id}`],
  quantity,
  packingGroupId: group,
  labelOwner: 'SELLER',
  prepInstructions: [{ prepType: 'ITEM_LABELING', prepOwner: 'SELLER' }],
  packSize,
  weightLb: 1,
  expiration: null,
});

async function benchOffline() {
  t = await makeEngine();
  t.server.publish({ table: 'benchPlans', op: 'put', key: '7', row: { ...PLAN } });
  const board = line(2, 'X00BOARD01', 3, 'pgB', 12);
  board.codes.push('0036000291452');
  for (const l of [line(1, 'X00MUG0001', 5, 'pgA'), board])
    t.server.publish({ table: 'benchLines', op: 'put', key: String(l.id), row: { ...l } });
  await t.engine.pull();
  t.server.online = false;
}

const open = (group: string | null, id = uuid()) =>
  t.engine.mutate('box.open', { id, planId: PLAN.id, packingGroupId: group, openedAt: iso() });
const scan = (boxId: string, code: string, quantity = 1) =>
  t.engine.mutate('box.scan', { id: uuid(), boxId, code, quantity, scannedAt: iso() });

describe('the bench offline', () => {
  it('opens boxes numbered in order and fills them by any code of a line, at once', async () => {
    await benchOffline();
    const box = await open('pgA');
    expect(box).toMatchObject({ boxNo: 1, state: 'open', packingGroupId: 'pgA' });
    expect(await scan(box.id, 'x00mug0001')).toMatchObject({ units: 1, inBox: 1, boxed: 1, planned: 5 });
    expect(await scan(box.id, 'MSKU-1', 2)).toMatchObject({ units: 2, inBox: 3, boxed: 3 });
    expect((await open('pgA')).boxNo).toBe(2);
    const { items } = await t.engine.db.benchOf(PLAN.id);
    expect(items).toEqual([{ id: `${box.id}:1`, boxId: box.id, planId: 7, planItemId: 1, quantity: 3 }]);
    expect((await t.engine.db.outbox.orderBy('seq').toArray()).map((e) => e.name)).toEqual([
      'box.open',
      'box.scan',
      'box.scan',
      'box.open',
    ]);
  });

  it('refuses at once what the server would: over-scan, another group, an unknown code; nothing is queued', async () => {
    await benchOffline();
    const box = await open('pgA');
    await scan(box.id, 'X00MUG0001', 5);
    const queued = await t.engine.db.outbox.count();
    await expect(scan(box.id, 'X00MUG0001')).rejects.toThrow(/All 5 units of Product X00MUG0001 are boxed already/);
    await expect(scan(box.id, 'X00BOARD01')).rejects.toThrow(/belongs to another packing group/);
    await expect(scan(box.id, 'WHAT-IS-THIS')).rejects.toBeInstanceOf(LocalRejection);
    expect(await t.engine.db.outbox.count()).toBe(queued);
  });

  it('a box opened for no group takes its first unit’s group; a case barcode counts the case', async () => {
    await benchOffline();
    const box = await open(null);
    // The case code (GTIN-14, indicator 1) of the board's UPC 036000291452: a case of 12 is more than the plan's 3.
    await expect(scan(box.id, '10036000291459')).rejects.toThrow(
      /Only 3 units of Product X00BOARD01 left to box; the scan counts 12/,
    );
    expect(await scan(box.id, 'X00BOARD01', 3)).toMatchObject({ units: 3, boxed: 3 });
    expect((await t.engine.db.benchBoxes.get(box.id))?.packingGroupId).toBe('pgB');
  });

  it('closes a box within Amazon’s limits, with a TEAM LIFT for a heavy single unit', async () => {
    await benchOffline();
    const many = await open('pgA');
    await scan(many.id, 'X00MUG0001', 2);
    const close = (boxId: string, weightLb: number, lengthIn = 12) =>
      t.engine.mutate('box.close', { boxId, lengthIn, widthIn: 10, heightIn: 8, weightLb, closedAt: iso() });
    await expect(close(many.id, 51)).rejects.toThrow(/at most 50 lb for a box of several units/);
    expect(await close(many.id, 4.2)).toMatchObject({ state: 'closed', teamLift: false });
    await expect(scan(many.id, 'X00MUG0001')).rejects.toThrow(/closed/);
    const single = await open('pgA');
    await scan(single.id, 'X00MUG0001');
    expect(await close(single.id, 64, 30)).toMatchObject({ state: 'closed', teamLift: true });
  });

  it('a scan the server refuses is undone on the device and waits under needs-attention', async () => {
    await benchOffline();
    const box = await open('pgA');
    await scan(box.id, 'X00MUG0001', 2);
    const entries = await t.engine.db.outbox.orderBy('seq').toArray();
    t.server.rejectIds.add(entries[1].id);
    t.server.online = true;
    t.engine.wake('online');
    await t.engine.drain();
    const attention = await t.engine.needsAttention();
    expect(attention.map((a) => [a.name, a.code])).toEqual([['box.scan', 'business_rule']]);
    // The optimistic contents are undone: the box is empty again until the server says otherwise.
    expect((await t.engine.db.benchOf(PLAN.id)).items).toEqual([]);
  });
});
