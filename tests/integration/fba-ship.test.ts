/**
 * FBA plans from labels to shipped (issue 18 steps 6–7) against the Amazon sandbox: box labels in
 * box order (Amazon's PDF and Dockside's ZPL), an own carrier's tracking given to Amazon before
 * the boxes may leave, shipping takes the units out of the ledger once with the billable events
 * and the client's mail, and cancelling follows Amazon's void window — within it the units come
 * back (the ledger nets to zero), after it the refusal says why. LTL: pallet labels and the BOL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { chargeEvents, inventoryLedger, itemReservations, mailLog } from '../../server/db/schema/index.js';
import { B, fbaWorld, walkToLabels, type FbaWorld } from '../helpers/fba.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';

let w: FbaWorld;

const raw = async (path: string, token: string) => {
  const res = await w.s.started.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
};
const onHand = async () =>
  (await w.s.get(`${B}/available?pageSize=100&companyId=${w.acmeId}`, w.admin)).body.content as {
    productId: number;
    onHand: number;
    held: number;
    available: number;
  }[];
const plan = async (id: number) => (await w.s.get(`${B}/${id}`, w.admin)).body;

beforeAll(async () => {
  w = await fbaWorld([40, 40, 40]);
});
afterAll(() => w.s.close());

describe('labels, tracking and shipping (small parcel)', () => {
  let id: number;
  beforeAll(async () => {
    const [a, b] = w.products;
    id = await walkToLabels(w, [
      [a, 7],
      [b, 3],
    ]);
  });

  it('prints Amazon’s box labels (PDF) and Dockside’s (ZPL) in box order; no pallet labels without LTL', async () => {
    const p = await plan(id);
    const boxes = p.shipments.reduce((n: number, s: { boxes: number }) => n + s.boxes, 0);
    const pdf = await raw(`${B}/${id}/labels`, w.admin);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(boxes);
    const zpl = await raw(`${B}/${id}/labels?source=dockside&format=zpl`, w.admin);
    expect(zpl.type).toMatch(/zpl/);
    const text = new TextDecoder().decode(zpl.bytes);
    expect(text.match(/\^XA/g)?.length).toBe(boxes);
    const tree = (await w.s.get(`/api/outbound/outbound-shipping/box?planId=${id}`, w.admin)).body;
    // Amazon's layout: the FBA box id as Code 128 and the 2D box-content barcode (AMZN,PO:…,FNSKU:…,QTY:…).
    expect(text).toContain(tree.boxes[0].amazonBoxId);
    expect(text).toMatch(/\^BC/);
    expect(text).toMatch(/\^BX/);
    expect(text).toContain(`AMZN,PO:${p.shipments[0].confirmationId}`);
    const ownPdf = await raw(`${B}/${id}/labels?source=dockside&format=pdf`, w.admin);
    expect((await PDFDocument.load(ownPdf.bytes)).getPageCount()).toBe(boxes);
    const pallets = await w.s.get(`${B}/${id}/labels?kind=pallet`, w.admin);
    expect(pallets.status).toBe(412);
    expect((await w.s.get(`${B}/${id}/labels?format=zpl`, w.admin)).status).toBe(412);
    // Another client's user sees no labels of this plan.
    expect((await raw(`${B}/${id}/labels`, w.client2)).status).toBe(404);
  });

  it('ships: the units leave the ledger once, reservations consumed, billable events and the client’s mail', async () => {
    const [a, b] = w.products;
    // Labels for the units the warehouse labels: 5 in stock, fewer than the plan needs.
    const label = await w.s.post(
      '/api/prep-material/prep-material-item',
      {
        name: 'FNSKU label',
        code: 'LBL-SHIP',
        kind: 'label',
        unitOfMeasure: 'each',
        costPrice: '0.01',
        clientPrice: '0.05',
      },
      w.admin,
    );
    expect(label.status).toBe(201);
    await w.s.post(
      '/api/prep-material/purchase',
      { materialId: label.body.id, quantity: 5, unitCost: '0.01', purchasedOn: '2026-11-01' },
      w.admin,
    );
    const before = await onHand();
    const shipped = await w.s.post(`${B}/${id}/ship`, {}, w.admin);
    expect(shipped.status, JSON.stringify(shipped.meta)).toBe(200);
    expect(shipped.body).toMatchObject({ step: 'shipped', status: 'shipping' });
    const after = await onHand();
    const delta = (pid: number) =>
      (before.find((r) => r.productId === pid)?.onHand ?? 0) - (after.find((r) => r.productId === pid)?.onHand ?? 0);
    expect([delta(a.id), delta(b.id)]).toEqual([7, 3]);
    const out = await w.s.db
      .select()
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.reason, 'shipped'), eq(inventoryLedger.refType, 'shipment_box')));
    expect(out.reduce((n, r) => n + r.quantity, 0)).toBe(-10);
    const held = await w.s.db.select().from(itemReservations).where(eq(itemReservations.planId, id));
    expect(held.every((r) => r.state === 'consumed')).toBe(true);
    const events = await w.s.db.select().from(chargeEvents).where(eq(chargeEvents.companyId, w.acmeId));
    const kinds = events.filter((e) => (e.details as { planId?: number }).planId === id).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['box_packed', 'unit_labelled', 'shipment_shipped']));
    // The labels those units took left the materials stock (all 5: short stock never stops a shipment).
    const labelled = events
      .filter((e) => e.kind === 'unit_labelled' && (e.details as { planId?: number }).planId === id)
      .reduce((n, e) => n + e.quantity, 0);
    expect(labelled).toBeGreaterThanOrEqual(5);
    expect((await w.s.get(`/api/prep-material/prep-material-item/${label.body.id}`, w.admin)).body.onHand).toBe(0);
    const used = events.filter(
      (e) => e.kind === 'prep_material_used' && (e.details as { materialId?: number }).materialId === label.body.id,
    );
    expect(used.map((e) => [e.quantity, (e.details as { unitPrice: string }).unitPrice])).toEqual([[5, '0.05']]);
    const mail = await w.s.db.select().from(mailLog).where(eq(mailLog.template, 'fba.shipped'));
    expect(mail.length).toBeGreaterThan(0);
    expect(mail[0].subject).toMatch(/Shipped to Amazon/);
    // Twice is refused; nothing moves again.
    expect((await w.s.post(`${B}/${id}/ship`, {}, w.admin)).status).toBe(412);
    expect((await onHand()).find((r) => r.productId === a.id)?.onHand).toBe(
      after.find((r) => r.productId === a.id)?.onHand,
    );
  });

  it('cancels within Amazon’s void window: the units come back and the ledger nets to zero', async () => {
    const [a] = w.products;
    const before = (await onHand()).find((r) => r.productId === a.id)!;
    const res = await w.s.post(`${B}/${id}/cancel`, {}, w.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const after = (await onHand()).find((r) => r.productId === a.id)!;
    expect(after.onHand - before.onHand).toBe(7);
    const rows = await w.s.db.select().from(inventoryLedger).where(eq(inventoryLedger.refType, 'shipment_box'));
    expect(rows.reduce((n, r) => n + r.quantity, 0)).toBe(0);
    expect(after.available).toBe(after.onHand - after.held);
  });
});

describe('an own carrier, the void window, LTL', () => {
  it('refuses to ship without the own carrier’s tracking; takes it through Amazon, then ships; cannot be cancelled after', async () => {
    const [, , c] = w.products;
    const id = await walkToLabels(w, [[c, 4]], { name: 'Acme own', perBox: 2, solution: 'USE_YOUR_OWN_CARRIER' });
    const p = await plan(id);
    const refused = await w.s.post(`${B}/${id}/ship`, {}, w.admin);
    expect(refused.status).toBe(412);
    expect(refused.meta.error_list.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/enter the tracking number of box \d+ first/)]),
    );
    const tree = (await w.s.get(`/api/outbound/outbound-shipping/box?planId=${id}`, w.admin)).body;
    for (const [k, s] of (p.shipments as { shipmentId: string; id: number }[]).entries()) {
      const boxes = tree.boxes
        .filter((b: { amazonBoxId: string }) => b.amazonBoxId.startsWith(p.shipments[k].confirmationId))
        .map((b: { amazonBoxId: string }, i: number) => ({
          boxId: b.amazonBoxId,
          trackingId: `1Z999AA1${String(k).padStart(2, '0')}${String(i).padStart(8, '0')}`,
        }));
      const bad = await w.s.put(
        `${B}/${id}/shipments/${s.shipmentId}/tracking`,
        { boxes: [{ boxId: 'x', trackingId: '!!' }] },
        w.admin,
      );
      expect(bad.status).toBe(400);
      const unknown = await w.s.put(
        `${B}/${id}/shipments/${s.shipmentId}/tracking`,
        { boxes: [{ boxId: 'FBA000NOPE', trackingId: '1Z999AA10123456784' }] },
        w.admin,
      );
      expect(unknown.status).toBe(412);
      const given = await w.s.put(`${B}/${id}/shipments/${s.shipmentId}/tracking`, { boxes }, w.admin);
      expect(given.status, JSON.stringify(given.meta)).toBe(202);
      await w.settle(id);
    }
    const tracked = await plan(id);
    for (const s of tracked.shipments) expect(s.tracking.boxes.length).toBe(s.boxes);
    const shipped = await w.s.post(`${B}/${id}/ship`, {}, w.admin);
    expect(shipped.status, JSON.stringify(shipped.meta)).toBe(200);
    const cancel = await w.s.post(`${B}/${id}/cancel`, {}, w.admin);
    expect(cancel.status).toBe(412);
    expect(cancel.meta.error_list[0].message).toMatch(/shipped with your own carrier/);
  });

  it('a partnered shipment takes no tracking from the warehouse', async () => {
    const [, b] = w.products;
    const id = await walkToLabels(w, [[b, 1]], { name: 'Acme partnered' });
    const s = (await plan(id)).shipments[0];
    const partnered = await w.s.put(`${B}/${id}/shipments/${s.shipmentId}/tracking`, { proNumber: '123456' }, w.admin);
    expect(partnered.status).toBe(412);
    expect(partnered.meta.error_list[0].message).toMatch(/partnered carrier tracks this shipment/);
  });

  it('after the void window closes, a shipped plan cannot be cancelled, and says why', async () => {
    const [, b] = w.products;
    const id = await walkToLabels(w, [[b, 2]], { name: 'Acme late' });
    expect((await w.s.post(`${B}/${id}/ship`, {}, w.admin)).status).toBe(200);
    w.tick(25 * 3_600_000);
    const late = await w.s.post(`${B}/${id}/cancel`, {}, w.admin);
    expect(late.status).toBe(412);
    expect(late.meta.error_list[0].message).toMatch(
      /void window for the partnered carrier closed at .*: the plan can no longer be cancelled/,
    );
    expect((await plan(id)).status).toBe('shipping');
  });

  it('partnered LTL: pallet labels and Amazon’s bill of lading with its PRO number', async () => {
    const [a] = w.products;
    const id = await walkToLabels(w, [[a, 12]], { name: 'Acme LTL', perBox: 3, mode: 'FREIGHT_LTL', boxLb: 30 });
    const p = await plan(id);
    const s = p.shipments[0];
    expect(s).toMatchObject({ shippingMode: 'FREIGHT_LTL', shippingSolution: 'AMAZON_PARTNERED_CARRIER' });
    expect(s.tracking?.proNumber).toMatch(/^\w+$/);
    const pallets = await raw(`${B}/${id}/labels?kind=pallet`, w.admin);
    expect(pallets.status).toBe(200);
    expect((await PDFDocument.load(pallets.bytes)).getPageCount()).toBeGreaterThan(0);
    const own = await raw(`${B}/${id}/labels?kind=pallet&source=dockside&format=zpl`, w.admin);
    expect(new TextDecoder().decode(own.bytes)).toContain('^XA');
    const bol = await raw(`${B}/${id}/shipments/${s.shipmentId}/bill-of-lading`, w.admin);
    expect(bol.status).toBe(200);
    expect(new TextDecoder().decode(bol.bytes.slice(0, 5))).toBe('%PDF-');
    const shipped = await w.s.post(`${B}/${id}/ship`, {}, w.admin);
    expect(shipped.status).toBe(200);
    const pallet = await w.s.db.select().from(chargeEvents).where(eq(chargeEvents.kind, 'pallet_built'));
    // One event per LTL shipment, counting the pallets its boxes make.
    expect(pallet.length).toBe(p.shipments.length);
    expect(pallet.every((e) => e.quantity >= 1)).toBe(true);

    // Bills of lading: listed, found by PRO and by plan name, scoped; the freight charged once.
    const BOL = `${B}/bill-of-lading`;
    const list = await w.s.get(`${BOL}?q=${encodeURIComponent(s.tracking.proNumber)}`, w.admin);
    expect(list.status, JSON.stringify(list.meta)).toBe(200);
    expect(list.body.content).toEqual([
      expect.objectContaining({ planId: id, proNumber: s.tracking.proNumber, boxes: s.boxes, chargedCents: null }),
    ]);
    expect((await w.s.get(`${BOL}/pro-number/${s.tracking.proNumber}`, w.client)).body.planName).toBe('Acme LTL');
    expect((await w.s.get(`${BOL}/pro-number/${s.tracking.proNumber}`, w.client2)).status).toBe(404);
    expect((await w.s.get(`${BOL}/batch-name/${encodeURIComponent('Acme LTL')}`, w.admin)).body).toHaveLength(
      p.shipments.length,
    );
    expect((await w.s.get(BOL, w.north)).body.totalElements).toBe(0);
    expect((await w.s.post(`${BOL}/pro-number/charge`, { proNumber: s.tracking.proNumber }, w.client)).status).toBe(
      403,
    );
    const charged = await w.s.post(`${BOL}/pro-number/charge`, { proNumber: s.tracking.proNumber }, w.admin);
    expect(charged.status, JSON.stringify(charged.meta)).toBe(200);
    expect(charged.body.chargedCents).toBe(s.costCents);
    const again = await w.s.post(
      `${BOL}/pro-number/charge`,
      { proNumber: s.tracking.proNumber, amountCents: 999 },
      w.admin,
    );
    expect(again.status).toBe(412);
    expect((await w.s.post(`${BOL}/pro-number/charge`, { proNumber: 'NOPE-1' }, w.admin)).status).toBe(404);
  });
});

describe('receiving at Amazon', () => {
  it('follows each shipment through Amazon’s receiving; closed short, it is flagged for a claim', async () => {
    const [a, b, c] = w.products;
    const id = await walkToLabels(
      w,
      [
        [a, 5],
        [b, 4],
        [c, 3],
      ],
      { name: 'Acme receiving', perBox: 4 },
    );
    expect((await w.s.post(`${B}/${id}/ship`, {}, w.admin)).status).toBe(200);
    const refresh = () => w.s.post(`${B}/${id}/receiving/refresh`, {}, w.admin);
    let p = (await refresh()).body;
    expect(p.step).toBe('shipped');
    expect(p.shipments.every((s: { status: string }) => ['READY_TO_SHIP', 'IN_TRANSIT'].includes(s.status))).toBe(true);
    w.tick(30 * 3_600_000);
    p = (await refresh()).body;
    expect(p.step).toBe('receiving');
    expect(p.status).toBe('shipping');
    w.tick(30 * 3_600_000);
    p = (await refresh()).body;
    expect(p.shipments.every((s: { status: string }) => s.status === 'RECEIVING')).toBe(true);
    w.tick(20 * 3_600_000);
    // The job does the same for every shipped plan.
    const { trackShippedPlans } = await import('../../server/modules/fba/receiving.js');
    const run = await trackShippedPlans(w.s.started.deps);
    expect(run.failed).toBe(0);
    p = await plan(id);
    expect(p.status).toBe('closed');
    const shipped = p.shipments
      .flatMap((s: { received: { shipped: number }[] }) => s.received)
      .reduce((n: number, l: { shipped: number }) => n + l.shipped, 0);
    expect(shipped).toBe(12);
    for (const s of p.shipments as { discrepancy: boolean; received: { shipped: number; received: number }[] }[])
      expect(s.discrepancy).toBe(s.received.some((l) => l.received !== l.shipped));
    const flagged = p.shipments.filter((s: { discrepancy: boolean }) => s.discrepancy);
    const last = p.events
      .filter((e: { kind: string }) => e.kind === 'received')
      .map((e: { message: string }) => e.message);
    if (flagged.length) expect(last.join(' ')).toMatch(/Discrepancy for a claim — .*: \d+ of \d+ received/);
    // The client heard each phase: shipped, checked in, closed.
    const { mailLog } = await import('../../server/db/schema/index.js');
    const templates = (await w.s.db.select().from(mailLog))
      .filter((m) => m.body.includes('Acme receiving'))
      .map((m) => m.template);
    expect(new Set(templates)).toEqual(new Set(['fba.shipped', 'fba.checked_in', 'fba.closed']));
    // Open Shipment Plans no longer lists a closed plan.
    const pending = (await w.s.get(`${B}/pending?pageSize=200`, w.admin)).body.content.map((r: { id: number }) => r.id);
    expect(pending).not.toContain(id);
    expect((await refresh()).status).toBe(200);

    // The sandbox answers v0 getShipmentItemsByShipmentId in Amazon's published shape.
    const confirmationId = p.shipments[0].confirmationId;
    const { amazonClientFor } = await import('../../server/modules/stores/amazon.js');
    const { stores } = await import('../../server/db/schema/index.js');
    const [store] = await w.s.db.select().from(stores).where(eq(stores.id, w.storeId));
    const client = await amazonClientFor(w.s.started.deps, store);
    const items = await client.inbound.shipmentItems(confirmationId);
    const v = swaggerDefinition('amazon/fulfillmentInboundV0.json', 'GetShipmentItemsResponse');
    expect(v({ payload: { ItemData: items } }), problemsOf(v)).toBe(true);
    expect(items.map((i) => i.QuantityShipped)).toEqual(
      p.shipments[0].received.map((l: { shipped: number }) => l.shipped),
    );
  });
});
