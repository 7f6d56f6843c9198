/**
 * A WFS plan end to end against the Walmart sandbox (issue 19): inbound order → packed at the same
 * bench as FBA (boxes per Walmart shipment, units recognised by SKU and UPC, Walmart's box limits)
 * → can-transmit → Walmart's preferred carrier quoted, accepted, voided within its window and
 * accepted again, or the client's own carrier with tracking → receiving and carrier labels (real
 * PDFs, ZPL) → shipped: the units leave PREP-WFS exactly once with the billable events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { chargeEvents, inventoryLedger, itemReservations, mailLog } from '../../server/db/schema/index.js';
import { trackShippedPlans } from '../../server/modules/fba/receiving.js';
import { upc, WFS_SHIP_FROM as shipFrom } from '../helpers/wfs.js';

let s: TestServer;
const tok: Record<string, string> = {};
let fox: number;
let storeId: number;
const P = '/api/outbound/wfs/plan';
const BOX = '/api/outbound/outbound-shipping/box';
const codes: Record<string, string> = {};
let offset = 0;

const day = (n: number) => new Date(Date.now() + offset + n * 86_400_000).toISOString().slice(0, 10);
const raw = async (path: string, token = tok.admin) => {
  const res = await s.started.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
};

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  s.started.deps.now = () => new Date(Date.now() + offset);
  for (const [k, u] of Object.entries({ admin: 'demo.admin', receiver: 'demo.receiver', fox: 'demo.client2' }))
    tok[k] = await s.token(u);
  fox = (await s.signIn('demo.client2')).userData.companyId;
  storeId = (await s.post('/api/common/stores', { companyId: fox, marketplace: 'walmart', name: 'Fox WM' }, tok.admin))
    .body.id;
  await s.put(
    `/api/common/stores/${storeId}/credentials`,
    { clientId: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', clientSecret: 'wm-secret-fedcba9876543210' },
    tok.admin,
  );
  expect((await s.post(`/api/common/stores/${storeId}/test`, {}, tok.admin)).body.ok).toBe(true);
  // Several SKUs, so Walmart's preview splits them over fulfilment centres.
  for (let i = 1; i <= 6; i++) {
    const code = upc(81_234_600_000 + i);
    const res = await s.post(
      '/api/product/products',
      { title: `Fox item ${i}`, msku: `FOX-WFS-${i}`, upc: code, weightLb: 1, lengthIn: 8, widthIn: 6, heightIn: 4 },
      tok.fox,
    );
    expect(res.status).toBe(201);
    codes[`FOX-WFS-${i}`] = code;
    const found = await s.post(
      '/api/inventory/adjust',
      { companyId: fox, productCode: `FOX-WFS-${i}`, location: 'PREP-WFS', quantity: 10, reason: 'found' },
      tok.admin,
    );
    expect(found.status).toBe(200);
  }
});
afterAll(() => s?.close());

describe('a WFS plan from the bench to the carrier', () => {
  let id: number;
  let plan: {
    items: { id: number; productId: number; msku: string; quantity: number; packingGroupId: string }[];
    shipments: { shipmentId: string; lines: { sku: string; quantity: number }[] }[];
  };

  it('is created, previewed and submitted: Walmart’s shipments', async () => {
    const products = (await s.get(`/api/product/products?pageSize=50`, tok.fox)).body.content as {
      id: number;
      msku: string;
    }[];
    const items = products.filter((p) => p.msku?.startsWith('FOX-WFS-')).map((p) => ({ productId: p.id, quantity: 4 }));
    expect(items).toHaveLength(6);
    const made = await s.post(P, { companyId: fox, storeId, name: 'Fox flow', shipFrom, items }, tok.admin);
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    id = made.body.id;
    expect((await s.post(`${P}/${id}/preview`, { expectedDeliveryDate: day(7) }, tok.admin)).status).toBe(200);
    const sent = await s.post(`${P}/${id}/submit`, {}, tok.admin);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(200);
    plan = sent.body;
    expect(plan.shipments.length).toBeGreaterThanOrEqual(1);
  });

  it('packs at the bench: one box per shipment, by SKU and UPC; a unit of another shipment is refused', async () => {
    const early = await s.post(`${P}/${id}/boxes/done`, {}, tok.admin);
    expect(early.status).toBe(412);
    expect(early.meta.error_list.map((e: { message: string }) => e.message).join(' | ')).toMatch(/No boxes yet/);
    expect((await s.get(`${P}/${id}/can-transmit`, tok.admin)).body.canTransmit).toBe(false);
    for (const sh of plan.shipments) {
      const box = await s.post(BOX, { planId: id, packingGroupId: sh.shipmentId }, tok.receiver);
      expect(box.status, JSON.stringify(box.meta)).toBe(201);
      const mine = plan.items.filter((i) => i.packingGroupId === sh.shipmentId);
      for (const [n, line] of mine.entries()) {
        // One line by its SKU, the next by its UPC.
        const code = n % 2 === 0 ? line.msku : codes[line.msku];
        const scanned = await s.post(`${BOX}/${box.body.id}/scan`, { code, quantity: line.quantity }, tok.receiver);
        expect(scanned.status, JSON.stringify(scanned.meta)).toBe(200);
      }
      const other = plan.items.find((i) => i.packingGroupId !== sh.shipmentId);
      if (other)
        expect(
          (await s.post(`${BOX}/${box.body.id}/scan`, { code: other.msku, quantity: 1 }, tok.receiver)).status,
        ).toBe(412);
      // Walmart's box limits, in Walmart's name.
      const heavy = await s.put(
        `${BOX}/${box.body.id}`,
        { lengthIn: 18, widthIn: 14, heightIn: 12, weightLb: 61 },
        tok.receiver,
      );
      expect(heavy.status).toBe(412);
      expect(heavy.meta.error_list[0].message).toMatch(/Walmart takes at most 50 lb/);
      const closed = await s.put(
        `${BOX}/${box.body.id}`,
        { lengthIn: 18, widthIn: 14, heightIn: 12, weightLb: 12 },
        tok.receiver,
      );
      expect(closed.status, JSON.stringify(closed.meta)).toBe(200);
    }
    expect((await s.get(`${P}/${id}/can-transmit`, tok.admin)).body).toEqual({ canTransmit: true, problems: [] });
    const done = await s.post(`${P}/${id}/boxes/done`, {}, tok.admin);
    expect(done.status, JSON.stringify(done.meta)).toBe(200);
    expect(done.body.step).toBe('carrier');
    expect(done.body.shipments.every((x: { boxes: number }) => x.boxes === 1)).toBe(true);
    // The box map and tree agree: every line wholly boxed, in its shipment's box, nothing refused.
    const map = (await s.get(`${P}/${id}/box-map`, tok.admin)).body as {
      quantity: number;
      boxed: number;
      boxes: unknown[];
    }[];
    expect(map.every((l) => l.boxed === l.quantity && l.boxes.length === 1)).toBe(true);
    const tree = (await s.get(`${P}/${id}/box-tree`, tok.admin)).body;
    expect(tree.left).toEqual([]);
    expect(
      tree.boxes.every((b: { problems: string[]; shipmentId: string }) => b.problems.length === 0 && b.shipmentId),
    ).toBe(true);
    const stats = (await s.get(`${P}/stats?companyId=${fox}`, tok.admin)).body;
    expect(stats.byStep.carrier).toBe(1);
    expect(stats.units).toBe(24);
    expect((await s.post(`${P}/${id}/close`, {}, tok.admin)).status).toBe(412);
    // The bench takes no more scans.
    const late = await s.post(BOX, { planId: id, packingGroupId: plan.shipments[0].shipmentId }, tok.receiver);
    expect(late.status).toBe(412);
    const packed = await s.db.select().from(chargeEvents).where(eq(chargeEvents.kind, 'box_packed'));
    expect(
      packed
        .filter((e) => (e.details as { planId: number }).planId === id)
        .map((e) => (e.details as { channel: string }).channel),
    ).toEqual(plan.shipments.map(() => 'wfs'));
  });

  it('Walmart’s carrier: quoted, accepted, voided within the window, accepted again; own carrier for the rest', async () => {
    const [first, ...rest] = plan.shipments;
    const C = (sh: string, what: string) => `${P}/${id}/shipments/${sh}/carrier/${what}`;
    expect((await s.post(C(first.shipmentId, 'confirm'), {}, tok.admin)).status).toBe(412);
    expect((await s.post(C(first.shipmentId, 'quote'), { mode: 'AIR' }, tok.admin)).status).toBe(400);
    const quoted = await s.post(C(first.shipmentId, 'quote'), { mode: 'PARCEL' }, tok.admin);
    expect(quoted.status, JSON.stringify(quoted.meta)).toBe(200);
    const q = quoted.body.shipments.find((x: { shipmentId: string }) => x.shipmentId === first.shipmentId).carrier;
    expect(q).toMatchObject({ kind: 'walmart', status: 'ESTIMATED', mode: 'PARCEL' });
    expect(q.chargeCents).toBeGreaterThan(0);
    const accepted = await s.post(C(first.shipmentId, 'confirm'), {}, tok.admin);
    expect(accepted.status, JSON.stringify(accepted.meta)).toBe(200);
    const a = accepted.body.shipments.find((x: { shipmentId: string }) => x.shipmentId === first.shipmentId).carrier;
    expect(a.status).toBe('ACCEPTED');
    expect(Date.parse(a.voidableUntil) - Date.now() - offset).toBeGreaterThan(23 * 3_600_000);
    expect((await s.post(C(first.shipmentId, 'void'), {}, tok.admin)).body.shipments[0].carrier).toBeTruthy();
    const requoted = await s.post(C(first.shipmentId, 'quote'), { mode: 'PARCEL' }, tok.admin);
    expect(requoted.status, JSON.stringify(requoted.meta)).toBe(200);
    const reaccepted = await s.post(C(first.shipmentId, 'confirm'), {}, tok.admin);
    expect(reaccepted.body.step).toBe(rest.length ? 'carrier' : 'labels');
    for (const sh of rest) {
      expect(
        (await s.post(C(sh.shipmentId, 'own'), { mode: 'PARCEL', carrierName: 'UPS', trackingNumbers: [] }, tok.admin))
          .status,
      ).toBe(400);
      const own = await s.post(
        C(sh.shipmentId, 'own'),
        { mode: 'PARCEL', carrierName: 'UPS', trackingNumbers: ['1Z999AA10123456784'] },
        tok.admin,
      );
      expect(own.status, JSON.stringify(own.meta)).toBe(200);
    }
    const p = (await s.get(`${P}/${id}`, tok.admin)).body;
    expect(p.step).toBe('labels');
    expect(
      p.shipments
        .slice(1)
        .every(
          (x: { carrier: { status: string; trackingNumbers: string[] } }) =>
            x.carrier.status === 'OWN' && x.carrier.trackingNumbers.length === 1,
        ),
    ).toBe(true);
  });

  it('prints Walmart’s receiving labels (PDF and ZPL) and its carrier’s labels', async () => {
    const sh = plan.shipments[0].shipmentId;
    const pdf = await raw(`${P}/${id}/shipments/${sh}/labels`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toMatch(/pdf/);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    const zpl = await raw(`${P}/${id}/shipments/${sh}/labels?format=zpl`);
    expect(zpl.status).toBe(200);
    expect(new TextDecoder().decode(zpl.bytes)).toContain('^XA');
    const carrier = await raw(`${P}/${id}/shipments/${sh}/labels?kind=carrier&shipDate=${day(1)}`);
    expect(carrier.status).toBe(200);
    expect((await PDFDocument.load(carrier.bytes)).getPageCount()).toBe(1);
    if (plan.shipments[1])
      expect((await raw(`${P}/${id}/shipments/${plan.shipments[1].shipmentId}/labels?kind=carrier`)).status).toBe(412);
  });

  it('ships: the units leave PREP-WFS once, reservations consumed, shipments recorded for billing', async () => {
    const res = await s.post(`${P}/${id}/ship`, {}, tok.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toMatchObject({ step: 'shipped', status: 'shipping' });
    const out = await s.db
      .select()
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.reason, 'shipped'), eq(inventoryLedger.location, 'PREP-WFS')));
    expect(out.reduce((n, r) => n + r.quantity, 0)).toBe(-24);
    const held = await s.db.select().from(itemReservations).where(eq(itemReservations.planId, id));
    expect(held.every((r) => r.state === 'consumed')).toBe(true);
    const shipped = (await s.db.select().from(chargeEvents).where(eq(chargeEvents.kind, 'shipment_shipped'))).filter(
      (e) => (e.details as { planId: number }).planId === id,
    );
    expect(shipped).toHaveLength(plan.shipments.length);
    const mail = await s.db.select().from(mailLog).where(eq(mailLog.template, 'wfs.shipped'));
    expect(mail.length).toBeGreaterThan(0);
    expect(mail[0].subject).toBe('Shipped to Walmart: Fox flow');
    expect((await s.post(`${P}/${id}/ship`, {}, tok.admin)).status).toBe(412);
    expect((await s.post(`${P}/${id}/cancel`, {}, tok.admin)).status).toBe(412);
  });

  it('follows Walmart’s receiving: receiving, then closed, with each SKU’s units and any discrepancy for a claim', async () => {
    expect((await s.post(`${P}/${id}/receiving/refresh`, {}, tok.admin)).body.step).toBe('shipped');
    offset += 3.5 * 86_400_000; // delivered, half received
    const receiving = await s.post(`${P}/${id}/receiving/refresh`, {}, tok.admin);
    expect(receiving.status, JSON.stringify(receiving.meta)).toBe(200);
    expect(receiving.body.step).toBe('receiving');
    offset += 86_400_000; // every shipment closed
    // The shipped-plans job follows WFS plans too.
    const job = await trackShippedPlans(s.started.deps);
    expect(job.failed).toBe(0);
    expect(job.changed).toBeGreaterThanOrEqual(1);
    const closed = (await s.get(`${P}/${id}`, tok.admin)).body;
    expect(closed.status).toBe('closed');
    for (const sh of closed.shipments as {
      received: { shipped: number; received: number }[];
      discrepancy: boolean;
    }[]) {
      expect(sh.received.reduce((n, l) => n + l.shipped, 0)).toBeGreaterThan(0);
      expect(sh.discrepancy).toBe(sh.received.some((l) => l.received !== l.shipped));
    }
    expect(closed.events.filter((e: { kind: string }) => e.kind === 'received').length).toBeGreaterThanOrEqual(
      closed.shipments.length,
    );
    expect((await s.post(`${P}/${id}/close`, {}, tok.admin)).status).toBe(412);
    expect((await s.get(`${P}/stats`, tok.admin)).body.byStatus.closed).toBe(1);
  });
});
