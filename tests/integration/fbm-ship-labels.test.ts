/**
 * Issue 38 defect 5: marking shipped carries the labels just bought, and an order shipped with them
 * leaves the "picked, not shipped" count and the bulk labels list. An order of two lines, one in
 * stock and one not: the stocked line is picked and packed, a USPS label is bought for it (as the
 * labels module records any provider's purchase), the order's shipping view offers that label's
 * carrier, service and tracking with the packed units; marked shipped with them, the order is
 * partly shipped (the other line still waits for stock) yet no longer picked-and-waiting anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { fbmOrderLabels, shippingLabels, users } from '../../server/db/schema/index.js';

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';
const dims = { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1 };
const address = {
  name: 'Ada Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  countryCode: 'US',
};

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'ShipLabels');
});
afterAll(() => s.close());

/** A label bought for the order's package (as the FBM labels module records a purchase by any provider). */
async function labelFor(id: number, packageNumber: number, carrier: string, service: string, tracking: string) {
  const [admin] = await s.db.select().from(users).where(eq(users.username, 'demo.admin'));
  const key = `test-label:${id}:${packageNumber}:0`;
  await s.db.insert(shippingLabels).values({
    tenantId: w.tenantId,
    companyId: w.acmeId,
    requestKey: key,
    rateId: `amazon:rate-${id}`,
    carrier,
    service,
    trackingNumber: tracking,
    status: 'bought',
    shipFrom: address as never,
    shipTo: address as never,
    parcels: [],
    format: 'pdf',
    costCents: 700,
    totalCents: 800,
    currency: 'USD',
    createdBy: admin.id,
  });
  await s.db.insert(fbmOrderLabels).values({
    tenantId: w.tenantId,
    companyId: w.acmeId,
    orderId: id,
    packageNumber,
    attempt: 0,
    requestKey: key,
  });
}

const summary = async () => {
  const r = await s.get(`${F}/force/summary`, w.admin);
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return r.body as { picked: number; packed: number; labelled: number; awaiting: number; toReserve: number };
};
const onBulkList = async (id: number) => {
  const r = await s.get(`${F}/bulk/order/items?storeId=${w.acmeStore.id}`, w.admin);
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return (r.body as { orderId: number }[]).some((o) => o.orderId === id);
};

describe('mark shipped with the bought labels', () => {
  it('the view offers every bought label’s carrier and tracking; shipped with them, the order leaves picked-not-shipped and the bulk list', async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 2);
    await saveOrders(s, w.acmeStore, [order('SL-1', { lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1)] })]);
    const id = await orderId(s, 'SL-1');
    const reserved = await s.post(`${F}/order/${id}/reserve`, {}, w.admin);
    expect(reserved.status, JSON.stringify(reserved.meta)).toBe(200);
    expect(reserved.body.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['held', 'no_stock']);
    const batch = await s.post(`${F}/pick/batch`, { orderIds: [id] }, w.admin);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
    for (const l of batch.body.lines)
      expect(
        (await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin))
          .status,
      ).toBe(200);
    expect((await s.put(`${F}/order/${id}/default/box/dimensions`, dims, w.admin)).status).toBe(200);
    expect((await s.post(`${F}/box/item/label/${id}`, { code: 'MUG-1', quantity: 1 }, w.admin)).status).toBe(200);
    const box2 = await s.post(`${F}/box/item/label/${id}`, { code: 'MUG-1', quantity: 1, newBox: true }, w.admin);
    expect(box2.status, JSON.stringify(box2.meta)).toBe(200);
    const boxes = (box2.body.boxes as { number: number }[]).map((b) => b.number);

    expect(await summary()).toMatchObject({ picked: 1, packed: 1, labelled: 0 });
    for (const n of boxes) await labelFor(id, n, 'USPS', 'Priority Mail', `9400TEST${id}0${n}`);
    expect(await summary()).toMatchObject({ picked: 1, packed: 0, labelled: 1 });
    expect(await onBulkList(id)).toBe(true);

    const view = await s.get(`${F}/order/${id}/shipments`, w.admin);
    expect(view.status).toBe(200);
    const lineId = view.body.lines[0].orderLineId as number;
    expect(view.body.labelPackages).toEqual(
      boxes.map((n) => ({
        packageNumber: n,
        carrier: 'USPS',
        service: 'Priority Mail',
        trackingNumber: `9400TEST${id}0${n}`,
        lines: [{ orderLineId: lineId, quantity: 1 }],
      })),
    );

    // What the form sends: every label's package with its units.
    const shipped = await s.post(
      `${F}/order/${id}/mark/as/shipped`,
      {
        packages: view.body.labelPackages.map(
          (p: { carrier: string; service: string; trackingNumber: string; lines: unknown[] }) => ({
            carrier: p.carrier,
            service: p.service,
            trackingNumber: p.trackingNumber,
            lines: p.lines,
          }),
        ),
      },
      w.admin,
    );
    expect(shipped.status, JSON.stringify(shipped.meta)).toBe(201);
    // The lamp line still waits for stock: partly shipped, but nothing is picked and waiting.
    expect(shipped.body.status).toBe('PARTIALLY_SHIPPED');
    expect(await summary()).toMatchObject({ picked: 0, packed: 0, labelled: 0 });
    expect(await onBulkList(id)).toBe(false);
    expect((await s.get(`${F}/order/${id}/shipments`, w.admin)).body.labelPackages).toEqual([]);
  });

  it('an order boxed on Buy bulk shipping (one box for many) is packed, to label — no longer to pack', async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 1);
    await saveOrders(s, w.acmeStore, [order('SL-2', { lines: [line('1', 'MUG-1', 1)] })]);
    const id = await orderId(s, 'SL-2');
    expect((await s.post(`${F}/order/${id}/reserve`, {}, w.admin)).status).toBe(200);
    const batch = await s.post(`${F}/pick/batch`, { orderIds: [id] }, w.admin);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
    for (const l of batch.body.lines)
      expect(
        (await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin))
          .status,
      ).toBe(200);
    expect(await summary()).toMatchObject({ picked: 1, packed: 0, labelled: 0 });
    const boxed = await s.post(`${F}/bulk/boxes`, { orderIds: [id], dimensions: dims }, w.admin);
    expect(boxed.status, JSON.stringify(boxed.meta)).toBe(200);
    expect(boxed.body.updated).toEqual([expect.objectContaining({ orderId: id })]);
    expect(await summary()).toMatchObject({ picked: 1, packed: 1, labelled: 0 });
  });
});
