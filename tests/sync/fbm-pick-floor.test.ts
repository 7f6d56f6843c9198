/**
 * The FBM picker's handheld offline (issue 20 step 3, decision 0003): a batch's lines in the
 * replica; the scan rule (location, then item, walking order, wrong location/item and too many
 * refused in words); a pick updates the line at once and waits in the outbox; the newest pending
 * pick can be taken back; a pick the server refuses is undone and kept under needs-attention with
 * the server's words, never dropped; an applied pick leaves the outbox and the line as picked.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushRequest, PushResponse } from '../../domain/sync-protocol.js';
import type { PickLineRow } from '../../domain/schemas/fbm-pick.js';
import { judgePickScan, nextStop } from '../../domain/rules/fbm-pick.js';
import { LocalRejection } from '../../sync/mutations/index.js';
import { pendingPicks, undoPendingPick } from '../../sync/mutations/fbm-pick.js';
import { FakeServer } from './fake-server.js';
import { iso, makeEngine, uuid, type TestEngine } from './helpers.js';

let t: TestEngine;
afterEach(async () => t?.engine.close());

const row = (id: number, sequence: number, location: string, key: string, quantity: number): PickLineRow => ({
  id,
  batchId: 5,
  sequence,
  zone: 'Z-A',
  location,
  lpn: '',
  companyId: 42,
  orderId: 100 + id,
  marketplaceOrderId: `O-${id}`,
  productKey: key,
  sku: key,
  title: `Product ${key}`,
  imageUrl: null,
  codes: [key, `UPC-${key}`],
  quantity,
  picked: 0,
  short: 0,
});
const LINES = [row(1, 1, 'A-1', 'MUG-1', 2), row(2, 2, 'A-2', 'LAMP-2', 1), row(3, 3, 'B-1', 'MUG-1', 1)];

/** The server's answers, decided by the test: applied (echo), or a refusal for chosen pick ids. */
function answering(refuse: Map<string, string>) {
  const sent: string[] = [];
  let online = false;
  return {
    sent,
    goOnline: () => (online = true),
    transport: async (req: PushRequest): Promise<PushResponse> => {
      if (!online) throw new TypeError('Failed to fetch');
      return {
        results: req.mutations.map((m) => {
          sent.push(m.id);
          const a = m.args as { id: string; batchLineId: number };
          const why = refuse.get(a.id);
          return why
            ? { id: m.id, status: 'rejected' as const, code: 'business_rule' as const, message: why }
            : { id: m.id, status: 'applied' as const, result: undefined };
        }),
      };
    },
  };
}

async function batchOnDevice(refuse = new Map<string, string>()) {
  const server = new FakeServer();
  const net = answering(refuse);
  t = await makeEngine(server, { transport: net.transport });
  server.publish({
    table: 'pickBatches',
    op: 'put',
    key: '5',
    row: { id: 5, number: 'PB-000005', companyId: 42, status: 'open', createdAt: iso() },
  });
  for (const l of LINES) server.publish({ table: 'pickLines', op: 'put', key: String(l.id), row: { ...l } });
  await t.engine.pull();
  return net;
}

const pick = (line: PickLineRow, code: string | null, quantity = 1, extra: Record<string, unknown> = {}) =>
  t.engine.mutate('fbmPick.record', {
    id: uuid(),
    batchId: 5,
    batchLineId: line.id,
    location: line.location,
    productCode: code,
    quantity,
    pickedAt: iso(),
    ...extra,
  });
const lines = async () => (await t.engine.db.pickLines.where('batchId').equals(5).toArray()) as PickLineRow[];

describe('the pick scan rule', () => {
  it('a location first, then an item there; the next stop follows walking order', () => {
    expect(nextStop(LINES)?.location).toBe('A-1');
    expect(judgePickScan(LINES, null, 'mug-1')).toMatchObject({ ok: false, code: 'scan_location', expected: 'A-1' });
    expect(judgePickScan(LINES, null, 'Q-9')).toMatchObject({ ok: false, code: 'wrong_location', scanned: 'Q-9' });
    expect(judgePickScan(LINES, null, ' a-1 ')).toMatchObject({ ok: true, kind: 'location', location: 'A-1' });
    // Another stop with work may be walked to first.
    expect(judgePickScan(LINES, 'A-1', 'B-1')).toMatchObject({ ok: true, kind: 'location', location: 'B-1' });
    expect(judgePickScan(LINES, 'A-1', 'UPC-MUG-1', 2)).toMatchObject({ ok: true, kind: 'item', quantity: 2 });
    expect(judgePickScan(LINES, 'A-1', 'LAMP-2')).toMatchObject({
      ok: false,
      code: 'wrong_item',
      location: 'A-1',
      expected: 'MUG-1',
    });
    expect(judgePickScan(LINES, 'A-1', 'MUG-1', 3)).toMatchObject({ ok: false, code: 'too_many', left: 2 });
    const done = LINES.map((l) => ({ ...l, picked: l.quantity }));
    expect(judgePickScan(done, 'A-1', 'MUG-1')).toMatchObject({ ok: false, code: 'batch_done' });
    // A stop done is no stop: its location is refused, the next one named.
    const first = [{ ...LINES[0], picked: 2 }, LINES[1], LINES[2]];
    expect(nextStop(first)?.location).toBe('A-2');
    expect(judgePickScan(first, null, 'A-1')).toMatchObject({ ok: false, code: 'wrong_location', expected: 'A-2' });
  });
});

describe('picking offline', () => {
  it('a pick takes the units on the line at once and waits in the outbox', async () => {
    const net = await batchOnDevice();
    expect(await pick(LINES[0], 'MUG-1')).toMatchObject({ lineId: 1, picked: 1, batchStatus: 'picking' });
    await pick(LINES[0], 'UPC-MUG-1');
    expect((await lines()).find((l) => l.id === 1)).toMatchObject({ picked: 2 });
    expect(nextStop(await lines())?.location).toBe('A-2');
    expect((await pendingPicks(t.engine.db, 5)).length).toBe(2);
    expect(net.sent).toEqual([]);
  });

  it('refuses at once a wrong item, a wrong location or too many; nothing is queued', async () => {
    await batchOnDevice();
    await expect(pick(LINES[0], 'LAMP-2')).rejects.toThrow(/Wrong item: LAMP-2 is not to be picked at A-1; pick MUG-1/);
    await expect(pick(LINES[0], 'MUG-1', 3)).rejects.toThrow(/Too many: 2 more of MUG-1 at A-1, not 3/);
    await expect(pick(LINES[0], 'MUG-1', 1, { location: 'B-1' })).rejects.toBeInstanceOf(LocalRejection);
    expect(await t.engine.db.outbox.count()).toBe(0);
  });

  it('a short pick marks the rest of the line short; the newest pending pick can be taken back', async () => {
    await batchOnDevice();
    await pick(LINES[0], 'MUG-1');
    await pick(LINES[1], null, 0, { short: true, reason: 'not_found' });
    expect((await lines()).find((l) => l.id === 2)).toMatchObject({ picked: 0, short: 1 });
    const pending = await pendingPicks(t.engine.db, 5);
    expect(await undoPendingPick(t.engine.db, pending[1].id)).toBe(true);
    expect((await lines()).find((l) => l.id === 2)).toMatchObject({ picked: 0, short: 0 });
    expect(await undoPendingPick(t.engine.db, pending[0].id)).toBe(true);
    expect((await lines()).find((l) => l.id === 1)).toMatchObject({ picked: 0 });
    expect(await t.engine.db.outbox.count()).toBe(0);
    // An entry that is not there (sent meanwhile) is not taken back.
    expect(await undoPendingPick(t.engine.db, pending[0].id)).toBe(false);
  });

  it('a pick under a later pick of the same line is not taken back alone', async () => {
    await batchOnDevice();
    await pick(LINES[0], 'MUG-1');
    await pick(LINES[0], 'MUG-1');
    const [older] = await pendingPicks(t.engine.db, 5);
    expect(await undoPendingPick(t.engine.db, older.id)).toBe(false);
    expect((await lines()).find((l) => l.id === 1)).toMatchObject({ picked: 2 });
  });

  it('online again: applied picks leave the outbox; a refused one is undone and kept with the server’s words', async () => {
    const refuse = new Map<string, string>();
    const net = await batchOnDevice(refuse);
    await pick(LINES[0], 'MUG-1');
    const refusedId = uuid();
    refuse.set(refusedId, 'Wrong item: MUG-1 is not LAMP-2, the item this pick asks for at A-2');
    await pick(LINES[2], 'MUG-1', 1, { id: refusedId });
    net.goOnline();
    await t.engine.drain();
    expect(await t.engine.db.outbox.count()).toBe(0);
    expect((await lines()).find((l) => l.id === 1)).toMatchObject({ picked: 1 });
    expect((await lines()).find((l) => l.id === 3)).toMatchObject({ picked: 0 });
    const attention = await t.engine.needsAttention();
    expect(attention).toHaveLength(1);
    expect(attention[0]).toMatchObject({ name: 'fbmPick.record', code: 'business_rule' });
    expect(attention[0].message).toMatch(/Wrong item: MUG-1 is not LAMP-2/);
  });

  it('a cancelled batch takes no more picks on the device', async () => {
    await batchOnDevice();
    await t.engine.db.pickBatches.update(5, { status: 'cancelled' });
    await expect(pick(LINES[0], 'MUG-1')).rejects.toThrow(/PB-000005 is cancelled/);
  });
});
