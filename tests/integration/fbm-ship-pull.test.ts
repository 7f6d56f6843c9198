/**
 * An orders pull after Dockside shipped an order, before the marketplace has heard of it: the
 * marketplace's newer picture (still unshipped) never un-ships the units or the order; once
 * Dockside cancels its shipment, the marketplace's picture rules again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { marketplaceOrderLines, marketplaceOrders } from '../../server/db/schema/index.js';

let s: TestServer;
let w: FbmWorld;
let id: number;
const F = '/api/fbm/web';
const picture = (updatedAt: string) =>
  order('P-1', { updatedAt, lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1)] });
const stored = async () => {
  const [o] = await s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, id));
  const lines = await s.db
    .select()
    .from(marketplaceOrderLines)
    .where(eq(marketplaceOrderLines.orderId, id))
    .orderBy(asc(marketplaceOrderLines.lineId));
  return { status: o.status, shipped: lines.map((l) => l.quantityShipped), lineIds: lines.map((l) => l.id) };
};

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Pull');
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 2);
  await stock(s, w, w.acmeId, 'LAMP-2', 'A-1', 1);
  await saveOrders(s, w.acmeStore, [picture('2026-11-20T10:00:00Z')]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
  id = await orderId(s, 'P-1');
  const batch = await s.post(`${F}/pick/batch`, { storeId: w.acmeStore.id }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const l of batch.body.lines)
    expect(
      (await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin))
        .status,
    ).toBe(200);
});
afterAll(() => s?.close());

describe('a pull after Dockside shipped', () => {
  it('keeps the shipped units and status until the marketplace catches up; a cancelled shipment lets it rule', async () => {
    const { lineIds } = await stored();
    const partly = await s.post(
      `${F}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: '1ZPULL1', lines: [{ orderLineId: lineIds[0], quantity: 2 }] }] },
      w.admin,
    );
    expect(partly.status, JSON.stringify(partly.meta)).toBe(201);
    expect(await stored()).toMatchObject({ status: 'PARTIALLY_SHIPPED', shipped: [2, 0] });

    // The marketplace has not heard yet: its newer picture says nothing shipped.
    expect(await saveOrders(s, w.acmeStore, [picture('2026-11-21T10:00:00Z')])).toMatchObject({ changed: 1 });
    expect(await stored()).toMatchObject({ status: 'PARTIALLY_SHIPPED', shipped: [2, 0] });

    const rest = await s.post(
      `${F}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: '1ZPULL2', lines: [{ orderLineId: lineIds[1], quantity: 1 }] }] },
      w.admin,
    );
    expect(rest.status, JSON.stringify(rest.meta)).toBe(201);
    expect(await saveOrders(s, w.acmeStore, [picture('2026-11-22T10:00:00Z')])).toMatchObject({ changed: 1 });
    expect(await stored()).toMatchObject({ status: 'SHIPPED', shipped: [2, 1] });

    const cancelled = await s.post(`${F}/order/${id}/cancel/all/shipment`, {}, w.admin);
    expect(cancelled.status, JSON.stringify(cancelled.meta)).toBeLessThan(300);
    expect(await saveOrders(s, w.acmeStore, [picture('2026-11-23T10:00:00Z')])).toMatchObject({ changed: 1 });
    expect(await stored()).toMatchObject({ status: 'AWAITING', shipped: [0, 0] });
  });
});
