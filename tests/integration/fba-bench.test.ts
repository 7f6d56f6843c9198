/**
 * The packer's bench (issue 18 step 3): boxes of a plan at the bench opened, filled by scan and
 * closed through the floor outbox (sync push, exactly once) and from the desk; a box never holds
 * more of a line than the plan has left nor a line of another packing group; Amazon's box limits
 * are enforced at closing; the bench's devices receive the plan, its lines, boxes and contents in
 * the pull; clients and other tenants get none of it and cannot pack.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chargeEvents, prepMaterialMovements, shipmentBoxItems } from '../../server/db/schema/index.js';
import { B, fbaWorld, type FbaProduct, type FbaWorld } from '../helpers/fba.js';

const BOX = '/api/outbound/outbound-shipping/box';
let w: FbaWorld;
let planId: number;
let a: FbaProduct, b: FbaProduct, c: FbaProduct;
/** Packing group per product. */
const groupOf = new Map<number, string>();

const push = (mutations: { name: string; args: Record<string, unknown> }[], token = w.receiver, deviceId = 'bench-1') =>
  w.s.post<{ results: { id: string; status: string; code?: string; message?: string; result?: any }[] }>(
    '/api/sync/push',
    { deviceId, mutations: mutations.map((m) => ({ id: randomUUID(), ...m })) },
    token,
  );
const now = () => new Date().toISOString();
const open = (packingGroupId: string | null, id: string = randomUUID()) => ({
  name: 'box.open',
  args: { id, planId, packingGroupId, openedAt: now() },
});
const scan = (boxId: string, code: string, quantity = 1) => ({
  name: 'box.scan',
  args: { id: randomUUID(), boxId, code, quantity, scannedAt: now() },
});
const close = (boxId: string, weightLb: number, side = 12) => ({
  name: 'box.close',
  args: { boxId, lengthIn: side, widthIn: 10, heightIn: 8, weightLb, preset: null, closedAt: now() },
});

beforeAll(async () => {
  w = await fbaWorld();
  [a, b, c] = w.products;
  const made = await w.create([w.line(a, 6), w.line(b, 4), w.line(c, 2)], 'Acme bench');
  planId = made.body.id;
  const sent = await w.s.post(`${B}/${planId}/submit`, {}, w.admin);
  expect(sent.status, JSON.stringify(sent.meta)).toBe(202);
  await w.settle(planId);
  const p = (await w.s.get(`${B}/${planId}`, w.admin)).body;
  const perSku = p.packingOptions.find((o: { groups: unknown[] }) => o.groups.length === 3);
  const confirmed = await w.s.post(
    `${B}/${planId}/packing-options/confirm`,
    { packingOptionId: perSku.packingOptionId },
    w.admin,
  );
  expect(confirmed.status).toBe(202);
  await w.settle(planId);
  const atBench = (await w.s.get(`${B}/${planId}`, w.admin)).body;
  expect(atBench.step).toBe('boxes');
  for (const item of atBench.items) groupOf.set(item.productId, item.packingGroupId);
});
afterAll(() => w.s.close());

describe('packing by scan through the outbox', () => {
  let boxA: string;

  it('opens a box for a packing group and fills it by scan, each scan applied once', async () => {
    boxA = randomUUID();
    const res = await push([open(groupOf.get(a.id)!, boxA), scan(boxA, a.fnsku), scan(boxA, a.fnsku.toLowerCase(), 2)]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(res.body.results[0].result).toMatchObject({ boxNo: 1, state: 'open', packingGroupId: groupOf.get(a.id) });
    expect(res.body.results[2].result).toMatchObject({ units: 2, inBox: 3, boxed: 3, planned: 6, fnsku: a.fnsku });
    // The same scan sent again (a lost answer) changes nothing.
    const again = scan(boxA, a.msku, 1);
    const first = await w.s.post(
      '/api/sync/push',
      { deviceId: 'bench-1', mutations: [{ id: 'c9a4b7de-0000-4000-8000-000000000001', ...again }] },
      w.receiver,
    );
    const second = await w.s.post(
      '/api/sync/push',
      { deviceId: 'bench-1', mutations: [{ id: 'c9a4b7de-0000-4000-8000-000000000001', ...again }] },
      w.receiver,
    );
    expect(second.body.results[0]).toEqual(first.body.results[0]);
    const [row] = await w.s.db.select().from(shipmentBoxItems).where(eq(shipmentBoxItems.boxId, boxA));
    expect(row.quantity).toBe(4);
  });

  it('refuses an over-scan, another group’s unit and an unknown code, in words; nothing changes', async () => {
    const res = await push([scan(boxA, a.fnsku, 3), scan(boxA, b.fnsku), scan(boxA, 'NOT-IN-PLAN-1')]);
    expect(res.body.results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'business_rule'],
      ['rejected', 'business_rule'],
      ['rejected', 'business_rule'],
    ]);
    expect(res.body.results[0].message).toMatch(/Only 2 units of .* left to box; the scan counts 3/);
    expect(res.body.results[1].message).toMatch(/belongs to another packing group/);
    expect(res.body.results[2].message).toBe('NOT-IN-PLAN-1 is not in this plan');
    const [row] = await w.s.db.select().from(shipmentBoxItems).where(eq(shipmentBoxItems.boxId, boxA));
    expect(row.quantity).toBe(4);
  });

  it('a second bench packs the same line: together they never exceed the plan', async () => {
    const boxA2 = randomUUID();
    const [one, two] = await Promise.all([
      push([open(groupOf.get(a.id)!, boxA2), scan(boxA2, a.fnsku, 2)], w.receiver, 'bench-2'),
      push([scan(boxA, a.fnsku, 2)], w.receiver, 'bench-1'),
    ]);
    const outcomes = [one.body.results[1], two.body.results[0]].map((r) => r.status).sort();
    expect(outcomes).toEqual(['applied', 'rejected']);
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    expect(
      tree.boxes
        .flatMap((x: { items: { quantity: number }[] }) => x.items)
        .reduce((n: number, i: { quantity: number }) => n + i.quantity, 0),
    ).toBe(6);
    expect(tree.boxes.map((x: { boxNo: number }) => x.boxNo)).toEqual([1, 2]);
  });

  it('takes units back out, and closes a box within Amazon’s limits only', async () => {
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    const second = tree.boxes.find((x: { boxNo: number }) => x.boxNo === 2);
    const lineA = tree.boxes[0].items[0].planItemId;
    if (second.items.length) {
      const back = await push([
        {
          name: 'box.unscan',
          args: {
            id: randomUUID(),
            boxId: second.id,
            planItemId: lineA,
            quantity: second.items[0].quantity,
            at: now(),
          },
        },
      ]);
      expect(back.body.results[0].status).toBe('applied');
    }
    const discard = await push([{ name: 'box.discard', args: { boxId: second.id, at: now() } }]);
    expect(discard.body.results[0]).toMatchObject({ status: 'applied', result: { state: 'discarded' } });
    // Box 1 now holds 4 or 6 of a; fill it to 6.
    const left = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body.left.find(
      (l: { planItemId: number }) => l.planItemId === lineA,
    );
    if (left) expect((await push([scan(boxA, a.fnsku, left.left)])).body.results[0].status).toBe('applied');

    const tooHeavy = await push([close(boxA, 62)]);
    expect(tooHeavy.body.results[0].message).toMatch(
      /weighs 62 lb: Amazon takes at most 50 lb for a box of several units/,
    );
    const tooLong = await push([close(boxA, 12, 30)]);
    expect(tooLong.body.results[0].message).toMatch(/at most 25 in a side/);
    const ok = await push([close(boxA, 9.4)]);
    expect(ok.body.results[0]).toMatchObject({ status: 'applied', result: { state: 'closed', teamLift: false } });
    const late = await push([scan(boxA, a.fnsku)]);
    expect(late.body.results[0].message).toMatch(/Box 1 is closed/);
  });

  it('a heavy single unit goes alone with a TEAM LIFT label; closing twice records one packed box and uses one carton', async () => {
    // A carton of the box's inside dimensions (listed in another orientation), one in stock.
    const carton = await w.s.post(
      '/api/prep-material/prep-material-item',
      {
        name: 'Carton 8x10x30',
        code: 'CTN-81030',
        kind: 'box',
        unitOfMeasure: 'each',
        costPrice: '1.10',
        clientPrice: '2.40',
        lengthIn: '8',
        widthIn: '10',
        heightIn: '30',
        reorderLevel: 0,
      },
      w.admin,
    );
    expect(carton.status).toBe(201);
    const bought = await w.s.post(
      '/api/prep-material/purchase',
      { materialId: carton.body.id, quantity: 1, unitCost: '1.10', purchasedOn: '2026-11-01' },
      w.admin,
    );
    expect(bought.status).toBe(201);
    const boxC = randomUUID();
    const res = await push([open(groupOf.get(c.id)!, boxC), scan(boxC, c.fnsku), close(boxC, 58, 30)]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(res.body.results[2].result.teamLift).toBe(true);
    const reopen = await push([{ name: 'box.reopen', args: { boxId: boxC, at: now() } }, close(boxC, 57, 30)]);
    expect(reopen.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const packed = await w.s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.kind, 'box_packed'), eq(chargeEvents.sourceId, boxC)));
    expect(packed).toHaveLength(1);
    expect(packed[0]).toMatchObject({ companyId: w.acmeId, quantity: 1 });
    // The carton left the materials stock once, charged to the client at its client price.
    const used = await w.s.db
      .select()
      .from(prepMaterialMovements)
      .where(and(eq(prepMaterialMovements.sourceType, 'shipment_box'), eq(prepMaterialMovements.sourceId, boxC)));
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ materialId: carton.body.id, quantity: -1, companyId: w.acmeId });
    const stock = await w.s.get(`/api/prep-material/prep-material-item/${carton.body.id}`, w.admin);
    expect(stock.body.onHand).toBe(0);
    const charged = await w.s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.kind, 'prep_material_used'), eq(chargeEvents.sourceId, String(used[0].id))));
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({
      companyId: w.acmeId,
      quantity: 1,
      details: { unitPrice: '2.40', materialName: 'Carton 8x10x30' },
    });
  });
});

describe('the desk, the pull and who may pack', () => {
  it('the desk packs with the same rules and shows the box tree with what is left and what Amazon would refuse', async () => {
    const opened = await w.s.post(`${BOX}`, { planId, packingGroupId: groupOf.get(b.id) }, w.admin);
    expect(opened.status, JSON.stringify(opened.meta)).toBe(201);
    const id = opened.body.id;
    const over = await w.s.post(`${BOX}/${id}/scan`, { code: b.fnsku, quantity: 5 }, w.admin);
    expect(over.status).toBe(412);
    expect(over.meta.error_list[0].message).toMatch(/Only 4 units/);
    expect((await w.s.post(`${BOX}/${id}/scan`, { code: b.fnsku, quantity: 3 }, w.admin)).status).toBe(200);
    const bad = await w.s.put(`${BOX}/${id}`, { lengthIn: -1, widthIn: 10, heightIn: 8, weightLb: 5 }, w.admin);
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list[0]).toMatchObject({ field: 'lengthIn', message: 'Length (in): more than 0 in' });
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    // b: 3 of 4 boxed; c: 1 of 2 (its heavy unit went alone).
    expect(tree.left.map((l: { left: number }) => l.left)).toEqual([1, 1]);
    const openBox = tree.boxes.find((x: { id: string }) => x.id === id);
    expect(openBox.problems[0]).toMatch(/still open/);
    expect(tree.units).toBe(12);
    expect(tree.boxed).toBe(10);
    const presets = (await w.s.get(`${BOX}/presets`, w.admin)).body;
    expect(presets.length).toBeGreaterThan(0);
    expect(presets[0]).toMatchObject({ lengthIn: expect.any(Number), tareLb: expect.any(Number) });
  });

  it('Open Shipment Plans counts the boxed units', async () => {
    const pending = (await w.s.get(`${B}/pending`, w.admin)).body.content.find((r: { id: number }) => r.id === planId);
    expect(pending).toMatchObject({ boxed: 10, units: 12, blocker: { code: 'packing' } });
  });

  it('the bench’s devices receive the plan, its lines with every code, boxes and contents; others do not', async () => {
    const pullAll = async (token: string) => {
      const changes: { table: string; key: string; op: string; row?: any }[] = [];
      let cursor = 0;
      for (;;) {
        const res = await w.s.get(`/api/sync/pull?cursor=${cursor}&limit=500`, token);
        changes.push(...res.body.changes);
        cursor = res.body.cursor;
        if (!res.body.hasMore) return changes;
      }
    };
    const seen = await pullAll(w.receiver);
    const last = new Map<string, { op: string; row?: any }>();
    for (const ch of seen) last.set(`${ch.table}:${ch.key}`, ch);
    const plan = last.get(`benchPlans:${planId}`)!;
    expect(plan.row).toMatchObject({ id: planId, step: 'boxes', channel: 'fba', boxMaxWeightLb: 50 });
    const lines = [...last.entries()].filter(([k]) => k.startsWith('benchLines:')).map(([, v]) => v.row);
    expect(lines).toHaveLength(3);
    const lineA = lines.find((l) => l.fnsku === a.fnsku);
    expect(lineA.codes).toEqual(expect.arrayContaining([a.fnsku, a.msku.toUpperCase()]));
    const boxes = [...last.entries()].filter(([k, v]) => k.startsWith('benchBoxes:') && v.op === 'put');
    expect(boxes.length).toBe(3);
    const items = [...last.entries()]
      .filter(([k, v]) => k.startsWith('benchBoxItems:') && v.op === 'put')
      .map(([, v]) => v.row);
    expect(items.reduce((n, i) => n + i.quantity, 0)).toBe(10);
    // Another client and another tenant see none of it.
    for (const token of [w.client2, w.north]) {
      const theirs = await pullAll(token);
      expect(theirs.filter((ch) => ch.table.startsWith('bench'))).toEqual([]);
    }
  });

  it('clients cannot pack; other tenants find no box; a plan not at the bench takes no box', async () => {
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    const someBox = tree.boxes[0].id;
    const byClient = await push([scan(someBox, a.fnsku)], w.client);
    expect(byClient.body.results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect((await w.s.get(`${BOX}?planId=${planId}`, w.client2)).status).toBe(404);
    const north = await push([scan(someBox, a.fnsku)], w.north);
    expect(north.body.results[0]).toMatchObject({ status: 'rejected' });
    expect(['forbidden', 'not_found']).toContain(north.body.results[0].code);
    const other = await w.create([w.line(a, 1)], 'Acme early');
    const early = await w.s.post(`${BOX}`, { planId: other.body.id, packingGroupId: null }, w.admin);
    expect(early.status).toBe(412);
    expect(early.meta.error_list[0].message).toMatch(/not at the bench yet/);
    // At a German bench (issue 41): the refusal in German, with its code.
    const german = await w.s.request('POST', BOX, {
      token: w.admin,
      body: { planId: other.body.id, packingGroupId: null },
      headers: { language: 'de' },
    });
    expect(german.meta.error_list[0]).toMatchObject({
      code: 'refusals.bench.notYetFba',
      message: 'Plan Acme early ist noch nicht am Packtisch: zuerst seine Verpackungsoption bestätigen',
    });
  });
});
