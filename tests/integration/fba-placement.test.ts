/**
 * FBA plans from boxes to transportation (issue 18 steps 4–5) against the Amazon sandbox: the
 * boxes are refused while a unit is loose or a box open, then sent; placement options are offered
 * and each one's transportation quoted by itself, so the landed costs compare side by side with
 * the cheapest recommended; a placement is confirmed (shipments made, FBA box ids given), a
 * delivery window booked for the own-carrier shipment, and transportation confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, fbaWorld, type FbaWorld } from '../helpers/fba.js';

const BOX = '/api/outbound/outbound-shipping/box';
let w: FbaWorld;
let planId: number;

type Plan = {
  step: string;
  status: string;
  operation: string | null;
  placementOptionId: string | null;
  placementOptions: {
    placementOptionId: string;
    status: string;
    feeCents: number;
    shipments: { shipmentId: string; warehouseId: string | null }[];
  }[];
  transportOptions: {
    byPlacement: Record<
      string,
      {
        transportationOptionId: string;
        shipmentId: string;
        shippingMode: string;
        shippingSolution: string;
        costCents: number | null;
        preconditions: string[];
      }[]
    >;
    windows: Record<string, { deliveryWindowOptionId: string }[]>;
  };
  landedCosts: {
    placementOptionId: string;
    quoted: boolean;
    feeCents: number;
    bestCents: number | null;
    recommended: boolean;
    modes: { mode: string; available: boolean; totalCents: number | null }[];
  }[];
  shipments: {
    shipmentId: string;
    confirmationId: string | null;
    warehouseId: string | null;
    boxes: number;
    shippingMode: string | null;
    shippingSolution: string | null;
    costCents: number | null;
    voidableUntil: string | null;
    deliveryWindow: { start: string } | null;
  }[];
  events: { kind: string; message: string }[];
};
const plan = async () => (await w.s.get<Plan>(`${B}/${planId}`, w.admin)).body;

/** Packs the plan's lines into boxes of `perBox` units each from the desk, and closes them. */
async function packAll(perBox: number) {
  const p = (await w.s.get(`${B}/${planId}`, w.admin)).body;
  for (const item of p.items as { fnsku: string; quantity: number; packingGroupId: string | null }[]) {
    let left = item.quantity;
    while (left > 0) {
      const n = Math.min(perBox, left);
      const box = await w.s.post(BOX, { planId, packingGroupId: item.packingGroupId }, w.receiver);
      expect(box.status, JSON.stringify(box.meta)).toBe(201);
      expect((await w.s.post(`${BOX}/${box.body.id}/scan`, { code: item.fnsku, quantity: n }, w.receiver)).status).toBe(
        200,
      );
      const closed = await w.s.put(
        `${BOX}/${box.body.id}`,
        { lengthIn: 16, widthIn: 12, heightIn: 10, weightLb: 2 + n },
        w.receiver,
      );
      expect(closed.status, JSON.stringify(closed.meta)).toBe(200);
      left -= n;
    }
  }
}

beforeAll(async () => {
  w = await fbaWorld();
  const [a, b, c] = w.products;
  const made = await w.create([w.line(a, 8), w.line(b, 6), w.line(c, 4)], 'Acme placement');
  planId = made.body.id;
  expect((await w.s.post(`${B}/${planId}/submit`, {}, w.admin)).status).toBe(202);
  await w.settle(planId);
  const p = (await w.s.get(`${B}/${planId}`, w.admin)).body;
  const perSku = p.packingOptions.find((o: { groups: unknown[] }) => o.groups.length === 3);
  expect(
    (await w.s.post(`${B}/${planId}/packing-options/confirm`, { packingOptionId: perSku.packingOptionId }, w.admin))
      .status,
  ).toBe(202);
  await w.settle(planId);
});
afterAll(() => w.s.close());

describe('boxes to Amazon', () => {
  it('refuses to send while units are loose or a box is open, saying which', async () => {
    const [a] = w.products;
    const p = (await w.s.get(`${B}/${planId}`, w.admin)).body;
    const groupA = p.items.find((i: { fnsku: string }) => i.fnsku === a.fnsku).packingGroupId;
    const openBox = await w.s.post(BOX, { planId, packingGroupId: groupA }, w.receiver);
    await w.s.post(`${BOX}/${openBox.body.id}/scan`, { code: a.fnsku, quantity: 2 }, w.receiver);
    const refused = await w.s.post(`${B}/${planId}/packing-information`, {}, w.admin);
    expect(refused.status).toBe(412);
    const messages = refused.meta.error_list.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringMatching(/: 2 of 8 units boxed/), expect.stringMatching(/still open/)]),
    );
    // Tidy the trial boxes away: the units back out, the boxes given up.
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    for (const b of tree.boxes) {
      for (const i of b.items)
        await w.s.post(`${BOX}/${b.id}/unscan`, { planItemId: i.planItemId, quantity: i.quantity }, w.receiver);
      expect((await w.s.del(`${BOX}/${b.id}`, w.receiver)).status).toBe(200);
    }
  });

  it('sends every box once all is packed; Amazon takes them and placement options are asked for by themselves', async () => {
    await packAll(4);
    const sent = await w.s.post(`${B}/${planId}/packing-information`, {}, w.admin);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(202);
    expect(sent.body.operation).toBe('setPackingInformation');
    // Box numbers closed up after the trial boxes: 1…5.
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    expect(tree.boxes.map((b: { boxNo: number }) => b.boxNo)).toEqual([1, 2, 3, 4, 5]);
    // While Amazon has the boxes, the bench cannot change them.
    expect((await w.s.post(BOX, { planId, packingGroupId: null }, w.receiver)).status).toBe(412);
    await w.settle(planId);
    const p = await plan();
    expect(p).toMatchObject({ step: 'placement', status: 'box_dims', operation: null });
    expect(p.events.map((e) => e.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Amazon took 5 boxes; next: choose where they go/)]),
    );
  });
});

describe('placement compared by landed cost', () => {
  it('every placement option is quoted for transportation, side by side, the cheapest recommended', async () => {
    const p = await plan();
    expect(p.placementOptions.length).toBe(2);
    for (const o of p.placementOptions)
      expect(p.transportOptions.byPlacement[o.placementOptionId]?.length).toBeGreaterThan(0);
    // Destinations are known before a placement is confirmed (Amazon's getShipment of an offered option).
    for (const o of p.placementOptions) for (const s of o.shipments) expect(s.warehouseId).toMatch(/^[A-Z]{3}\d$/);
    const one = p.placementOptions.find((o) => o.shipments.length === 1)!;
    expect(one.feeCents).toBeGreaterThan(0);
    expect(p.landedCosts).toHaveLength(2);
    for (const row of p.landedCosts) {
      expect(row.quoted).toBe(true);
      const spd = row.modes.find((m) => m.mode === 'partnered_spd')!;
      expect(spd.available).toBe(true);
      expect(spd.totalCents).toBeGreaterThan(row.feeCents);
      // The seller's own carrier has no Amazon quote: available, unpriced.
      expect(row.modes.find((m) => m.mode === 'own_spd')).toMatchObject({ available: true, totalCents: null });
    }
    const recommended = p.landedCosts.filter((r) => r.recommended);
    expect(recommended).toHaveLength(1);
    expect(recommended[0].bestCents).toBe(Math.min(...p.landedCosts.map((r) => r.bestCents!)));
  });

  it('confirms the recommended placement: shipments made, boxes with FBA box ids', async () => {
    const p = await plan();
    const chosen = p.landedCosts.find((r) => r.recommended)!.placementOptionId;
    const bad = await w.s.post(
      `${B}/${planId}/placement-options/confirm`,
      { placementOptionId: 'pl-unknown' },
      w.admin,
    );
    expect(bad.status).toBe(404);
    const other = await w.s.post(`${B}/${planId}/placement-options/confirm`, { placementOptionId: chosen }, w.client2);
    expect(other.status).toBe(404);
    expect(
      (await w.s.post(`${B}/${planId}/placement-options/confirm`, { placementOptionId: chosen }, w.admin)).status,
    ).toBe(202);
    await w.settle(planId);
    const after = await plan();
    expect(after).toMatchObject({ step: 'transport', placementOptionId: chosen });
    const option = after.placementOptions.find((o) => o.placementOptionId === chosen)!;
    expect(after.shipments.map((s) => s.shipmentId).sort()).toEqual(option.shipments.map((s) => s.shipmentId).sort());
    expect(after.shipments.reduce((n, s) => n + s.boxes, 0)).toBe(5);
    const tree = (await w.s.get(`${BOX}?planId=${planId}`, w.admin)).body;
    for (const b of tree.boxes) {
      expect(b.amazonBoxId).toMatch(/^FBA[0-9A-Z]+U\d{6}$/);
      expect(after.shipments.map((s) => s.shipmentId)).toContain(b.shipmentId);
    }
  });
});

describe('transportation', () => {
  it('refuses an own carrier without a delivery window and a selection missing a shipment', async () => {
    const p = await plan();
    const quotes = p.transportOptions.byPlacement[p.placementOptionId!];
    const first = p.shipments[0];
    const own = quotes.find(
      (q) =>
        q.shipmentId === first.shipmentId &&
        q.shippingSolution === 'USE_YOUR_OWN_CARRIER' &&
        q.shippingMode === 'GROUND_SMALL_PARCEL',
    )!;
    const res = await w.s.post(
      `${B}/${planId}/transport/confirm`,
      { selections: [{ shipmentId: first.shipmentId, transportationOptionId: own.transportationOptionId }] },
      w.admin,
    );
    expect(res.status).toBe(412);
    const messages = res.meta.error_list.map((e: { message: string }) => e.message).join(' | ');
    expect(messages).toMatch(/book a delivery window before using your own carrier/);
    if (p.shipments.length > 1) expect(messages).toMatch(/choose exactly one way to ship it/);
  });

  it('books a delivery window, then confirms own carrier for one shipment and Amazon’s partnered carrier for the rest', async () => {
    let p = await plan();
    const [first, ...rest] = p.shipments;
    expect((await w.s.post(`${B}/${planId}/shipments/${first.shipmentId}/delivery-windows`, {}, w.admin)).status).toBe(
      202,
    );
    await w.settle(planId);
    p = await plan();
    const windows = p.transportOptions.windows[first.shipmentId];
    expect(windows.length).toBeGreaterThan(0);
    expect(
      (
        await w.s.post(
          `${B}/${planId}/shipments/${first.shipmentId}/delivery-windows/confirm`,
          { deliveryWindowOptionId: windows[0].deliveryWindowOptionId },
          w.admin,
        )
      ).status,
    ).toBe(202);
    await w.settle(planId);
    p = await plan();
    expect(p.shipments[0].deliveryWindow).not.toBeNull();
    const quotes = p.transportOptions.byPlacement[p.placementOptionId!];
    const pick = (shipmentId: string, solution: string) =>
      quotes.find(
        (q) =>
          q.shipmentId === shipmentId && q.shippingSolution === solution && q.shippingMode === 'GROUND_SMALL_PARCEL',
      )!;
    const selections = [
      {
        shipmentId: first.shipmentId,
        transportationOptionId: pick(first.shipmentId, 'USE_YOUR_OWN_CARRIER').transportationOptionId,
      },
      ...rest.map((s) => ({
        shipmentId: s.shipmentId,
        transportationOptionId: pick(s.shipmentId, 'AMAZON_PARTNERED_CARRIER').transportationOptionId,
      })),
    ];
    const res = await w.s.post(`${B}/${planId}/transport/confirm`, { selections }, w.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(202);
    await w.settle(planId);
    p = await plan();
    expect(p.step).toBe('labels');
    expect(p.shipments[0]).toMatchObject({
      shippingSolution: 'USE_YOUR_OWN_CARRIER',
      shippingMode: 'GROUND_SMALL_PARCEL',
    });
    for (const s of p.shipments.slice(1)) {
      expect(s).toMatchObject({ shippingSolution: 'AMAZON_PARTNERED_CARRIER' });
      expect(s.costCents).toBeGreaterThan(0);
      expect(Date.parse(s.voidableUntil!)).toBeGreaterThan(Date.now());
    }
  });
});
