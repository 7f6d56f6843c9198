/**
 * The bench's open box is server state, one for every device of the bench (issue 38 defect 7): a
 * second browser packs into box 1 rather than opening box 2 beside it. A device's box.open says
 * why it opens (`scan`: it saw no open box of the group; `new`: NEW BOX): the server refuses a
 * scan's box when another device's box of the group is open already (409, in words; the scans into
 * it are refused after it, nothing is merged or dropped), and NEW BOX never makes a second empty
 * box. Each box row carries `activeAt` (opened, reopened, taken with "pack into"): every device
 * reads the same box of each group from the replicated rows. Clients and other tenants open nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBoxes } from '../../src/features/bench/scan-plan.js';
import type { BenchBoxRow } from '../../domain/schemas/bench.js';
import { B, fbaWorld, type FbaProduct, type FbaWorld } from '../helpers/fba.js';

const BOX = '/api/outbound/outbound-shipping/box';
let w: FbaWorld;
let planId: number;
let a: FbaProduct;
let groupA: string | null;

interface Result {
  id: string;
  status: string;
  code?: string;
  message?: string;
  result?: { boxNo: number; state: string };
}
const push = async (mutations: { name: string; args: Record<string, unknown> }[], deviceId: string, token?: string) => {
  const res = await w.s.post<{ results: Result[] }>(
    '/api/sync/push',
    { deviceId, mutations: mutations.map((m) => ({ id: randomUUID(), ...m })) },
    token ?? w.receiver,
  );
  expect(res.status).toBe(200);
  return res.body.results;
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
const open = (id: string, reason: 'scan' | 'new' | undefined, minute: number) => ({
  name: 'box.open',
  args: { id, planId, packingGroupId: groupA, openedAt: at(minute), ...(reason ? { reason } : {}) },
});
const scan = (boxId: string, minute: number) => ({
  name: 'box.scan',
  args: { id: randomUUID(), boxId, code: a.fnsku, quantity: 1, scannedAt: at(minute) },
});

/** The plan's box rows as a device's replica holds them after a pull from the start. */
async function replicatedBoxes(): Promise<BenchBoxRow[]> {
  const last = new Map<string, { op: string; row?: BenchBoxRow }>();
  let cursor = 0;
  for (;;) {
    const res = await w.s.get(`/api/sync/pull?cursor=${cursor}&limit=500`, w.receiver);
    for (const ch of res.body.changes as { table: string; key: string; op: string; row?: BenchBoxRow }[])
      if (ch.table === 'benchBoxes') last.set(ch.key, ch);
    cursor = res.body.cursor;
    if (!res.body.hasMore) break;
  }
  return [...last.values()].filter((c) => c.op === 'put' && c.row?.planId === planId).map((c) => c.row!);
}

beforeAll(async () => {
  w = await fbaWorld();
  [a] = w.products;
  const made = await w.create([w.line(a, 6), w.line(w.products[1], 2)], 'Acme one bench');
  planId = made.body.id;
  expect((await w.s.post(`${B}/${planId}/submit`, {}, w.admin)).status).toBe(202);
  await w.settle(planId);
  const p = (await w.s.get(`${B}/${planId}`, w.admin)).body;
  const option = p.packingOptions[0];
  expect(
    (await w.s.post(`${B}/${planId}/packing-options/confirm`, { packingOptionId: option.packingOptionId }, w.admin))
      .status,
  ).toBe(202);
  await w.settle(planId);
  const atBench = (await w.s.get(`${B}/${planId}`, w.admin)).body;
  expect(atBench.step).toBe('boxes');
  groupA = atBench.items.find((i: { fnsku: string }) => i.fnsku === a.fnsku).packingGroupId;
});
afterAll(() => w.s.close());

describe('one open box per packing group for every device of the bench', () => {
  const box1 = randomUUID();
  const box2 = randomUUID();

  it('the first device opens box 1; the replicated row says when it became the group’s box', async () => {
    const results = await push([open(box1, 'scan', 0), scan(box1, 1)], 'bench-desktop');
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const rows = await replicatedBoxes();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: box1, boxNo: 1, state: 'open', activeAt: at(0) });
    // A second browser reads the same rows: box 1 is its box of the group too.
    expect(currentBoxes(rows)).toEqual({ [groupA ?? '']: box1 });
  });

  it('a device that opened its own box offline for a scan loses to box 1: refused in words, its scan after it too, nothing merged', async () => {
    const mine = randomUUID();
    const results = await push([open(mine, 'scan', 2), scan(mine, 3)], 'bench-handheld');
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'conflict' });
    expect(results[0].message).toMatch(/Box 1 of this packing group is open already \(opened on another device\)/);
    expect(results[1].status).toBe('rejected');
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    expect(tree.boxes.map((b: { id: string }) => b.id)).toEqual([box1]);
    expect(tree.boxed).toBe(1);
  });

  it('NEW BOX opens box 2 beside a box in use, which every device then packs into; never a second empty box', async () => {
    expect((await push([open(box2, 'new', 4)], 'bench-handheld'))[0]).toMatchObject({
      status: 'applied',
      result: { boxNo: 2, state: 'open' },
    });
    const again = await push([open(randomUUID(), 'new', 5)], 'bench-desktop');
    expect(again[0]).toMatchObject({ status: 'rejected', code: 'business_rule' });
    expect(again[0].message).toMatch(/Box 2 of this packing group is open and still empty: pack into it first/);
    // The desk's "new box" keeps the same rule.
    const desk = await w.s.post(BOX, { planId, packingGroupId: groupA }, w.admin);
    expect(desk.status).toBe(412);
    expect(desk.meta.error_list[0].message).toMatch(/still empty/);
    // A device of an older version sends no reason: a new box, as before.
    expect((await push([scan(box2, 6), open(randomUUID(), undefined, 7)], 'bench-old'))[1].status).toBe('applied');
    const rows = await replicatedBoxes();
    expect(currentBoxes(rows)[groupA ?? '']).not.toBe(box1);
  });

  it('“pack into” box 1 (a reopen of the open box) makes it the group’s box on every device', async () => {
    const results = await push([{ name: 'box.reopen', args: { boxId: box1, at: at(9) } }], 'bench-desktop');
    expect(results[0]).toMatchObject({ status: 'applied', result: { state: 'open', boxNo: 1 } });
    const rows = await replicatedBoxes();
    expect(rows.find((r) => r.id === box1)?.activeAt).toBe(at(9));
    expect(currentBoxes(rows)).toEqual({ [groupA ?? '']: box1 });
  });

  it('clients and other tenants open no box of the plan', async () => {
    const byClient = await push([open(randomUUID(), 'scan', 10)], 'client-phone', w.client);
    expect(byClient[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const north = await push([open(randomUUID(), 'scan', 10)], 'north-bench', w.north);
    expect(north[0].status).toBe('rejected');
    expect(['forbidden', 'not_found']).toContain(north[0].code);
    expect((await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body.boxes).toHaveLength(3);
  });
});
