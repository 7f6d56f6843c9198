/**
 * Faults in the middle of an FBA plan (issue 18 "Fault"): Amazon throttling a step beyond the
 * client's retries, a failed operation, and the server killed around Amazon's confirmation —
 * before the call reached Amazon, after Amazon confirmed but before the operation was followed,
 * and after it was followed but before its id was written. The plan resumes from Amazon's state
 * and Amazon is never asked to confirm twice; nothing held or packed is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The app first: it extends zod for OpenAPI before any schema the routes document is made.
import { B, fbaWorld, type FbaWorld } from '../helpers/fba.js';
import { eq } from 'drizzle-orm';
import { shipmentPlans, stores } from '../../server/db/schema/index.js';
import { amazonClientFor } from '../../server/modules/stores/amazon.js';
import { trackOperation } from '../../server/modules/operations/service.js';
import { onInboundOperationDone } from '../../server/modules/fba/amazon-steps.js';
import { resumeStaleClaims } from '../../server/modules/fba/resume.js';

const BOX = '/api/outbound/outbound-shipping/box';
let w: FbaWorld;

type Plan = {
  id: number;
  step: string;
  operation: string | null;
  operationId: string | null;
  inboundPlanId: string;
  placementOptionId: string | null;
  landedCosts: { placementOptionId: string; recommended: boolean }[];
  shipments: unknown[];
  reservations: { state: string; quantity: number }[];
  events: { kind: string; message: string }[];
};
const plan = async (id: number) => (await w.s.get<Plan>(`${B}/${id}`, w.admin)).body;

/** A plan at placement: submitted, packed in boxes and sent. */
async function atPlacement(name: string): Promise<number> {
  const [a] = w.products;
  const id = (await w.create([w.line(a, 4)], name)).body.id;
  expect((await w.s.post(`${B}/${id}/submit`, {}, w.admin)).status).toBe(202);
  await w.settle(id);
  const p = (await w.s.get(`${B}/${id}`, w.admin)).body;
  await w.s.post(
    `${B}/${id}/packing-options/confirm`,
    { packingOptionId: p.packingOptions[0].packingOptionId },
    w.admin,
  );
  await w.settle(id);
  for (let i = 0; i < 2; i++) {
    const box = await w.s.post(BOX, { planId: id, packingGroupId: null }, w.receiver);
    await w.s.post(`${BOX}/${box.body.id}/scan`, { code: a.fnsku, quantity: 2 }, w.receiver);
    await w.s.put(`${BOX}/${box.body.id}`, { lengthIn: 12, widthIn: 10, heightIn: 8, weightLb: 4 }, w.receiver);
  }
  expect((await w.s.post(`${B}/${id}/packing-information`, {}, w.admin)).status).toBe(202);
  await w.settle(id);
  expect((await plan(id)).step).toBe('placement');
  return id;
}

/** What the server had done when it died: claimed the plan for a confirmation (and maybe more). */
async function claim(id: number, operation: string) {
  await w.s.db
    .update(shipmentPlans)
    .set({ operation, operationId: null, updatedAt: w.s.started.deps.now().toISOString() })
    .where(eq(shipmentPlans.id, id));
}
async function amazon() {
  const [store] = await w.s.db.select().from(stores).where(eq(stores.id, w.storeId));
  return amazonClientFor(w.s.started.deps, store);
}

beforeAll(async () => {
  w = await fbaWorld([60, 20, 20]);
});
afterAll(() => w.s.close());

describe('Amazon throttling and failing mid-flow', () => {
  it('a step Amazon throttles beyond the retries changes nothing; asked again it goes through', async () => {
    const id = await atPlacement('Acme throttled');
    const option = (await plan(id)).landedCosts.find((r) => r.recommended)!.placementOptionId;
    w.setFault('throttle');
    const throttled = await w.s.post(`${B}/${id}/placement-options/confirm`, { placementOptionId: option }, w.admin);
    w.setFault(null);
    expect([429, 503]).toContain(throttled.status);
    expect(throttled.meta.error_list.at(-1)?.message).toMatch(/The plan is unchanged: confirm the placement again/);
    let p = await plan(id);
    expect(p).toMatchObject({ step: 'placement', operation: null, placementOptionId: null });
    expect(p.events.at(-1)).toMatchObject({ kind: 'amazon.refused' });
    expect(
      (await w.s.post(`${B}/${id}/placement-options/confirm`, { placementOptionId: option }, w.admin)).status,
    ).toBe(202);
    await w.settle(id);
    p = await plan(id);
    expect(p.step).toBe('transport');
  });

  it('an operation Amazon fails leaves the plan where it was, with Amazon’s problems in words', async () => {
    const id = await atPlacement('Acme failed');
    const p = await plan(id);
    const option = p.landedCosts[0].placementOptionId;
    const asked = await w.s.post(`${B}/${id}/placement-options/confirm`, { placementOptionId: option }, w.admin);
    expect(asked.status).toBe(202);
    // Amazon answers the operation FAILED (as it does for a placement it can no longer honour).
    await onInboundOperationDone(w.s.started.deps, {
      tenantId: w.tenantId,
      storeId: w.storeId,
      kind: 'amazon.inbound',
      operationId: asked.body.operationId,
      operation: 'confirmPlacementOption',
      subject: String(id),
      status: 'FAILED',
      problems: [{ code: 'FBA_INB-0222', message: 'The placement option has expired', severity: 'ERROR' }],
    });
    const after = await plan(id);
    expect(after).toMatchObject({ step: 'placement', operation: null, operationId: null });
    expect(after.events.at(-1)!.message).toMatch(
      /Amazon’s confirmPlacementOption failed: Amazon \(FBA_INB-0222\): The placement option has expired/,
    );
    const pending = (await w.s.get(`${B}/pending?pageSize=100`, w.admin)).body.content.find(
      (r: { id: number }) => r.id === id,
    );
    expect(pending.blocker.code).toBe('amazon_failed');
    expect(after.reservations.every((r) => r.state === 'held')).toBe(true);
  });
});

describe('the server killed around a confirmation', () => {
  it('died after Amazon confirmed, before following it: the sweep reads Amazon and moves on without asking twice', async () => {
    const id = await atPlacement('Acme crash A');
    const p = await plan(id);
    const option = p.landedCosts.find((r) => r.recommended)!.placementOptionId;
    await claim(id, 'confirmPlacementOption');
    await (await amazon()).inbound.confirmPlacementOption(p.inboundPlanId, option);
    // Until the claim is stale nothing happens; after it the sweep resumes.
    expect((await resumeStaleClaims(w.s.started.deps)).resumed).toBe(0);
    w.tick(6 * 60_000);
    const swept = await resumeStaleClaims(w.s.started.deps);
    expect(swept.resumed).toBe(1);
    const after = await plan(id);
    expect(after).toMatchObject({ step: 'transport', placementOptionId: option, operation: null });
    expect(after.shipments.length).toBeGreaterThan(0);
    expect(after.events.some((e) => /Resumed after an interruption/.test(e.message))).toBe(true);
    expect(after.events.filter((e) => e.kind === 'amazon.refused')).toEqual([]);
  });

  it('died before the call reached Amazon: the claim is released and the step can be asked again', async () => {
    const id = await atPlacement('Acme crash B');
    const option = (await plan(id)).landedCosts.find((r) => r.recommended)!.placementOptionId;
    await claim(id, 'confirmPlacementOption');
    expect(
      (await w.s.post(`${B}/${id}/placement-options/confirm`, { placementOptionId: option }, w.admin)).status,
    ).toBe(409);
    w.tick(6 * 60_000);
    // Asking again settles the stale claim first (Amazon had not confirmed), then asks.
    const again = await w.s.post(`${B}/${id}/placement-options/confirm`, { placementOptionId: option }, w.admin);
    expect(again.status, JSON.stringify(again.meta)).toBe(202);
    expect((await plan(id)).events.some((e) => /did not reach Amazon: ask again/.test(e.message))).toBe(true);
    await w.settle(id);
    expect((await plan(id)).step).toBe('transport');
  });

  it('died after following the operation, before writing its id: the poll adopts it', async () => {
    const id = await atPlacement('Acme crash C');
    const p = await plan(id);
    const option = p.landedCosts.find((r) => r.recommended)!.placementOptionId;
    await claim(id, 'confirmPlacementOption');
    const started = await (await amazon()).inbound.confirmPlacementOption(p.inboundPlanId, option);
    await trackOperation(w.s.started.deps, w.s.db, {
      storeId: w.storeId,
      kind: 'amazon.inbound',
      operationId: started.operationId,
      subject: String(id),
    });
    await w.finish(started.operationId);
    const after = await plan(id);
    expect(after).toMatchObject({ step: 'transport', operation: null });
  });
});
