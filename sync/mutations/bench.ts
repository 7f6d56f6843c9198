/**
 * The packer's bench on the device (decision 0010): boxes opened, filled and closed in the
 * replica at once — the verdict in the scan's frame, offline too — with the same rules the server
 * applies (domain/rules/bench.ts). The server's numbering and verdict replace the device's on the
 * next pull; a refusal undoes the optimistic change and waits under needs-attention.
 */
import { judgeBox, judgeOpen, judgeScan } from '../../domain/rules/bench.js';
import type { BenchBoxRow, BenchPlanRow } from '../../domain/schemas/bench.js';
import type { ReplicaDb } from '../replica.js';
import { LocalRejection, type LocalApplier } from './types.js';

async function benchPlan(db: ReplicaDb, planId: number): Promise<BenchPlanRow> {
  const plan = await db.benchPlans.get(planId);
  if (!plan) throw new LocalRejection('not_found', 'This plan is not on this device yet: go online once to load it');
  if (plan.status === 'cancelled') throw new LocalRejection('business_rule', `Plan ${plan.name} is cancelled`);
  if (plan.step !== 'boxes')
    throw new LocalRejection('business_rule', `Plan ${plan.name} is not at the bench (it is at ${plan.step})`);
  return plan;
}

async function boxOf(db: ReplicaDb, boxId: string): Promise<{ box: BenchBoxRow; plan: BenchPlanRow }> {
  const box = await db.benchBoxes.get(boxId);
  if (!box) throw new LocalRejection('not_found', 'Box not found on this device');
  return { box, plan: await benchPlan(db, box.planId) };
}

const result = (b: BenchBoxRow, state: 'open' | 'closed' | 'discarded' = b.state) => ({
  id: b.id,
  planId: b.planId,
  boxNo: b.boxNo,
  packingGroupId: b.packingGroupId,
  state,
  teamLift: b.teamLift,
});

export const boxOpen: LocalApplier<'box.open'> = {
  stores: ['benchPlans', 'benchBoxes', 'benchBoxItems'],
  async apply(db, writes, args) {
    const existing = await db.benchBoxes.get(args.id);
    if (existing) return result(existing);
    await benchPlan(db, args.planId);
    const boxes = await db.benchBoxes.where('planId').equals(args.planId).toArray();
    // The server's rule, on what the device holds: the bench's open box of the group is one.
    const items = await db.benchBoxItems.where('planId').equals(args.planId).toArray();
    const verdict = judgeOpen(boxes, args.packingGroupId, args.reason, (id) =>
      items.reduce((n, i) => (i.boxId === id ? n + i.quantity : n), 0),
    );
    if (!verdict.ok) throw new LocalRejection('business_rule', verdict.message);
    const box: BenchBoxRow = {
      id: args.id,
      planId: args.planId,
      // Provisional: the server numbers boxes in the order they reach it.
      boxNo: boxes.reduce((n, b) => Math.max(n, b.boxNo), 0) + 1,
      packingGroupId: args.packingGroupId,
      state: 'open',
      lengthIn: null,
      widthIn: null,
      heightIn: null,
      weightLb: null,
      preset: null,
      teamLift: false,
      amazonBoxId: null,
      openedAt: args.openedAt,
      closedAt: null,
      activeAt: args.openedAt,
    };
    await writes.put('benchBoxes', box.id, box);
    return result(box);
  },
};

export const boxScan: LocalApplier<'box.scan'> = {
  stores: ['benchPlans', 'benchLines', 'benchBoxes', 'benchBoxItems'],
  async apply(db, writes, args) {
    const { box } = await boxOf(db, args.boxId);
    if (box.state !== 'open')
      throw new LocalRejection('business_rule', `Box ${box.boxNo} is closed: reopen it, or open a new box`);
    const { lines, items } = await db.benchOf(box.planId);
    const boxed = new Map<number, number>();
    for (const i of items) boxed.set(i.planItemId, (boxed.get(i.planItemId) ?? 0) + i.quantity);
    const verdict = judgeScan(lines, box, args.code, args.quantity, (id) => boxed.get(id) ?? 0);
    if (!verdict.ok) throw new LocalRejection('business_rule', verdict.message);
    const line = verdict.line;
    const key = `${box.id}:${line.id}`;
    const inBox = (items.find((i) => i.id === key)?.quantity ?? 0) + verdict.units;
    await writes.put('benchBoxItems', key, {
      id: key,
      boxId: box.id,
      planId: box.planId,
      planItemId: line.id,
      quantity: inBox,
    });
    if (box.packingGroupId === null && line.packingGroupId !== null)
      await writes.put('benchBoxes', box.id, { ...box, packingGroupId: line.packingGroupId });
    return {
      boxId: box.id,
      boxNo: box.boxNo,
      planItemId: line.id,
      title: line.title,
      fnsku: line.fnsku,
      msku: line.msku,
      units: verdict.units,
      inBox,
      boxed: (boxed.get(line.id) ?? 0) + verdict.units,
      planned: line.quantity,
    };
  },
};

export const boxUnscan: LocalApplier<'box.unscan'> = {
  stores: ['benchPlans', 'benchLines', 'benchBoxes', 'benchBoxItems'],
  async apply(db, writes, args) {
    const { box } = await boxOf(db, args.boxId);
    if (box.state !== 'open')
      throw new LocalRejection('business_rule', `Box ${box.boxNo} is closed: reopen it to take units out`);
    const { lines, items } = await db.benchOf(box.planId);
    const line = lines.find((l) => l.id === args.planItemId);
    if (!line) throw new LocalRejection('not_found', 'Plan line not found on this device');
    const key = `${box.id}:${line.id}`;
    const held = items.find((i) => i.id === key)?.quantity ?? 0;
    if (held < args.quantity)
      throw new LocalRejection(
        'business_rule',
        `Box ${box.boxNo} holds ${held} of ${line.title}: it cannot give back ${args.quantity}`,
      );
    const left = held - args.quantity;
    if (left)
      await writes.put('benchBoxItems', key, {
        id: key,
        boxId: box.id,
        planId: box.planId,
        planItemId: line.id,
        quantity: left,
      });
    else await writes.delete('benchBoxItems', key);
    const boxed = items.filter((i) => i.planItemId === line.id).reduce((n, i) => n + i.quantity, 0) - args.quantity;
    return {
      boxId: box.id,
      boxNo: box.boxNo,
      planItemId: line.id,
      title: line.title,
      fnsku: line.fnsku,
      msku: line.msku,
      units: -args.quantity,
      inBox: left,
      boxed,
      planned: line.quantity,
    };
  },
};

export const boxClose: LocalApplier<'box.close'> = {
  stores: ['benchPlans', 'benchBoxes', 'benchBoxItems'],
  async apply(db, writes, args) {
    const { box, plan } = await boxOf(db, args.boxId);
    const contents = await db.benchBoxItems.where('boxId').equals(box.id).toArray();
    const verdict = judgeBox(
      args,
      contents.reduce((n, i) => n + i.quantity, 0),
      plan.boxMaxWeightLb ?? undefined,
    );
    if (verdict.problems.length)
      throw new LocalRejection('business_rule', `Box ${box.boxNo}: ${verdict.problems.join('; ')}`);
    const closed: BenchBoxRow = {
      ...box,
      state: 'closed',
      lengthIn: args.lengthIn,
      widthIn: args.widthIn,
      heightIn: args.heightIn,
      weightLb: args.weightLb,
      preset: args.preset,
      teamLift: verdict.teamLift,
      closedAt: box.closedAt ?? args.closedAt,
    };
    await writes.put('benchBoxes', box.id, closed);
    return result(closed);
  },
};

export const boxReopen: LocalApplier<'box.reopen'> = {
  stores: ['benchPlans', 'benchBoxes'],
  async apply(db, writes, args) {
    const { box } = await boxOf(db, args.boxId);
    // Reopened, or an open box taken ("pack into"): its group's box on this bench from now on.
    const open: BenchBoxRow = { ...box, state: 'open', activeAt: args.at };
    await writes.put('benchBoxes', box.id, open);
    return result(open);
  },
};

export const boxDiscard: LocalApplier<'box.discard'> = {
  stores: ['benchPlans', 'benchBoxes', 'benchBoxItems'],
  async apply(db, writes, args) {
    const { box } = await boxOf(db, args.boxId);
    if (await db.benchBoxItems.where('boxId').equals(box.id).count())
      throw new LocalRejection('business_rule', `Box ${box.boxNo} is not empty: take its units out first`);
    await writes.delete('benchBoxes', box.id);
    return result(box, 'discarded');
  },
};
