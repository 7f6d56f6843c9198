/**
 * Reshaping FBA plans (spec §4: split, consolidate, revert to working, close): the units move with
 * the lines so availability never moves and totals are kept; reverting cancels Amazon's plan and
 * keeps ours with its units (boxes must be empty); closing ends a shipped plan by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, fbaWorld, walkToLabels, type FbaWorld } from '../helpers/fba.js';

const BOX = '/api/outbound/outbound-shipping/box';
let w: FbaWorld;

type Plan = {
  id: number;
  step: string;
  status: string;
  inboundPlanId: string | null;
  operation: string | null;
  items: { id: number; productId: number; quantity: number; fnsku: string; packingGroupId: string | null }[];
  reservations: { quantity: number; state: string }[];
  events: { kind: string; message: string }[];
};
const plan = async (id: number) => (await w.s.get<Plan>(`${B}/${id}`, w.admin)).body;
const available = async () =>
  new Map(
    (
      (await w.s.get(`${B}/available?pageSize=100&companyId=${w.acmeId}`, w.admin)).body.content as {
        productId: number;
        available: number;
        held: number;
      }[]
    ).map((r) => [r.productId, r]),
  );
const held = (p: Plan) => p.reservations.filter((r) => r.state === 'held').reduce((n, r) => n + r.quantity, 0);

beforeAll(async () => {
  w = await fbaWorld([40, 40, 40]);
});
afterAll(() => w.s.close());

describe('split and consolidate', () => {
  it('splits lines and quantities into a new plan; the units move with them, totals kept', async () => {
    const [a, b] = w.products;
    const made = await w.create([w.line(a, 6), w.line(b, 4)], 'Acme big');
    const id = made.body.id;
    const before = await available();
    const p = await plan(id);
    const lineA = p.items.find((i) => i.productId === a.id)!;
    const lineB = p.items.find((i) => i.productId === b.id)!;
    const bad = await w.s.post(
      `${B}/${id}/split`,
      {
        items: [
          { planItemId: lineA.id, quantity: 6 },
          { planItemId: lineB.id, quantity: 4 },
        ],
      },
      w.admin,
    );
    expect(bad.status).toBe(412);
    expect(bad.meta.error_list[0].message).toMatch(/leaves something in each plan/);
    expect(
      (await w.s.post(`${B}/${id}/split`, { items: [{ planItemId: lineA.id, quantity: 7 }] }, w.admin)).status,
    ).toBe(412);
    expect((await w.s.post(`${B}/${id}/split`, { items: [{ planItemId: 999999, quantity: 1 }] }, w.admin)).status).toBe(
      412,
    );
    expect(
      (await w.s.post(`${B}/${id}/split`, { items: [{ planItemId: lineA.id, quantity: 1 }] }, w.client2)).status,
    ).toBe(404);
    const split = await w.s.post(
      `${B}/${id}/split`,
      {
        items: [
          { planItemId: lineA.id, quantity: 2 },
          { planItemId: lineB.id, quantity: 4 },
        ],
        name: 'Acme big B',
      },
      w.admin,
    );
    expect(split.status, JSON.stringify(split.meta)).toBe(200);
    const [from, to] = [await plan(id), await plan(split.body.to)];
    expect(from.items.map((i) => [i.productId, i.quantity])).toEqual([[a.id, 4]]);
    expect(to.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [a.id, 2],
        [b.id, 4],
      ].sort(),
    );
    expect(held(from) + held(to)).toBe(10);
    const after = await available();
    expect(after.get(a.id)!.available).toBe(before.get(a.id)!.available);
    expect(after.get(b.id)!.available).toBe(before.get(b.id)!.available);
    expect(to.events[0].message).toMatch(new RegExp(`Split from plan #${id}`));
  });

  it('merges plans of one store into one; the others are cancelled and their units held there', async () => {
    const [a, , c] = w.products;
    const one = (await w.create([w.line(a, 3)], 'Acme one')).body.id;
    const two = (await w.create([w.line(a, 2), w.line(c, 5)], 'Acme two')).body.id;
    const before = await available();
    expect((await w.s.post(`${B}/${one}/consolidate`, { planIds: [one] }, w.admin)).status).toBe(412);
    const merged = await w.s.post(`${B}/${one}/consolidate`, { planIds: [two] }, w.admin);
    expect(merged.status, JSON.stringify(merged.meta)).toBe(200);
    const target = await plan(one);
    expect(target.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [a.id, 5],
        [c.id, 5],
      ].sort(),
    );
    expect(held(target)).toBe(10);
    const source = await plan(two);
    expect(source.status).toBe('cancelled');
    expect(held(source)).toBe(0);
    const after = await available();
    expect(after.get(a.id)!.available).toBe(before.get(a.id)!.available);
    expect(after.get(c.id)!.available).toBe(before.get(c.id)!.available);
    // A plan Amazon has is no longer ours alone: it neither merges nor splits.
    expect((await w.s.post(`${B}/${one}/submit`, {}, w.admin)).status).toBe(202);
    const three = (await w.create([w.line(c, 1)], 'Acme three')).body.id;
    expect((await w.s.post(`${B}/${three}/consolidate`, { planIds: [one] }, w.admin)).status).toBe(409);
    await w.settle(one);
    const late = await w.s.post(`${B}/${three}/consolidate`, { planIds: [one] }, w.admin);
    expect(late.status).toBe(412);
    expect(late.meta.error_list[0].message).toMatch(/Amazon has the plan’s items already/);
  });
});

describe('revert to working, close', () => {
  it('reverts a plan at the bench once its boxes are empty: Amazon’s plan is cancelled, ours keeps its units', async () => {
    const [, b] = w.products;
    const id = (await w.create([w.line(b, 3)], 'Acme revert')).body.id;
    expect((await w.s.post(`${B}/${id}/submit`, {}, w.admin)).status).toBe(202);
    await w.settle(id);
    let p = (await w.s.get(`${B}/${id}`, w.admin)).body;
    expect(
      (
        await w.s.post(
          `${B}/${id}/packing-options/confirm`,
          { packingOptionId: p.packingOptions[0].packingOptionId },
          w.admin,
        )
      ).status,
    ).toBe(202);
    await w.settle(id);
    const box = await w.s.post(BOX, { planId: id, packingGroupId: null }, w.receiver);
    expect((await w.s.post(`${BOX}/${box.body.id}/scan`, { code: b.fnsku, quantity: 2 }, w.receiver)).status).toBe(200);
    const full = await w.s.post(`${B}/${id}/revert`, {}, w.admin);
    expect(full.status).toBe(412);
    expect(full.meta.error_list[0].message).toMatch(/unpack them at the bench first/);
    const line = (await plan(id)).items[0];
    await w.s.post(`${BOX}/${box.body.id}/unscan`, { planItemId: line.id, quantity: 2 }, w.receiver);
    const amazonPlan = (await plan(id)).inboundPlanId;
    const reverted = await w.s.post(`${B}/${id}/revert`, {}, w.admin);
    expect(reverted.status, JSON.stringify(reverted.meta)).toBe(200);
    expect(reverted.body).toMatchObject({
      step: 'items',
      status: 'open',
      inboundPlanId: null,
      operation: 'cancelInboundPlan',
    });
    await w.settle(id);
    p = await plan(id);
    expect(held(p)).toBe(3);
    expect((await w.s.get(`${BOX}?planId=${id}`, w.admin)).body.boxes).toEqual([]);
    // Sent again, it gets a new Amazon plan.
    const again = await w.s.post(`${B}/${id}/submit`, {}, w.admin);
    expect(again.status).toBe(202);
    expect(again.body.inboundPlanId).not.toBe(amazonPlan);
  });

  it('closes a shipped plan by hand; an unshipped one is refused', async () => {
    const [a] = w.products;
    const id = await walkToLabels(w, [[a, 2]], { name: 'Acme close' });
    expect((await w.s.post(`${B}/${id}/close`, {}, w.admin)).status).toBe(412);
    expect((await w.s.post(`${B}/${id}/revert`, {}, w.admin)).status).toBe(412);
    expect((await w.s.post(`${B}/${id}/ship`, {}, w.admin)).status).toBe(200);
    const closed = await w.s.post(`${B}/${id}/close`, {}, w.admin);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect((await w.s.post(`${B}/${id}/close`, {}, w.admin)).status).toBe(412);
  });
});
