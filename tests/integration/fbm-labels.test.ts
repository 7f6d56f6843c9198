/**
 * FBM packing and labels (issue 20 steps 4–6) against the real server and the ShipEngine sandbox:
 * picked orders packed by scan (a wrong item or too many refused 412), rate shopping per order
 * with the cheapest and fastest marked and the upcharge shown to the warehouse only, a bulk
 * purchase as a job with one injected carrier refusal (one result per order, the failure in
 * words), a double submit and a second run buying nothing twice, a crash between the carrier and
 * the link healed by the purchase key, short funds refused under ENFORCE_PAYMENT_METHOD, the
 * merged PDF one page per label in pick order, a void giving the funds back and opening the
 * package to be bought again; clients and other tenants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { labelsSetup, refuseNthLabel, waitForRun } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import {
  fbmOrderLabels,
  financeTransactions,
  marketplaceOrders,
  settings,
  shippingLabels,
} from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { mergedLabels } from '../../server/modules/fbm-labels/documents.js';
import { runBulk } from '../../server/modules/fbm-labels/bulk.js';
import { fieldRule } from '../helpers/refusals.js';

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';
const ids: Record<string, number> = {};
const pickOrder: number[] = [];
let keySeq = 0;
const key = () => `bulk-test-${++keySeq}-${Date.now()}`;
const dims = { lengthIn: 12, widthIn: 9, heightIn: 4, weightLb: 2 };
const balance = async (companyId: number) =>
  (await s.get(`/api/finance/customer/balances?companyId=${companyId}`, w.admin)).body.balanceCents as number;
const labelsOf = async (orderIds: number[]) =>
  s.db
    .select({ id: shippingLabels.id, status: shippingLabels.status, orderId: fbmOrderLabels.orderId })
    .from(fbmOrderLabels)
    .innerJoin(
      shippingLabels,
      and(
        eq(shippingLabels.tenantId, fbmOrderLabels.tenantId),
        eq(shippingLabels.requestKey, fbmOrderLabels.requestKey),
      ),
    )
    .where(inArray(fbmOrderLabels.orderId, orderIds));

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  w = await fbmWorld(s, 'Labels');
  await labelsSetup(s, w);
  // Walking order: zone Z-A (L-2's lamp), zone Z-B (L-1's mugs), then the unzoned shelf (L-3, L-4).
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 2);
  await stock(s, w, w.acmeId, 'LAMP-2', 'A-1', 1);
  await stock(s, w, w.acmeId, 'TOTE-3', 'FBM-SHELF', 2);
  await stock(s, w, w.blueId, 'MUG-1', 'A-2', 1);
  await saveOrders(s, w.acmeStore, [
    order('L-1', { purchasedAt: '2026-11-20T10:00:00Z', lines: [line('1', 'MUG-1', 2)] }),
    order('L-2', { purchasedAt: '2026-11-20T11:00:00Z', lines: [line('1', 'LAMP-2', 1)] }),
    order('L-3', { purchasedAt: '2026-11-20T12:00:00Z', lines: [line('1', 'TOTE-3', 1)] }),
    order('L-4', { purchasedAt: '2026-11-20T13:00:00Z', lines: [line('1', 'TOTE-3', 1)] }),
  ]);
  await saveOrders(s, w.blueStore, [order('LB-1', { lines: [line('1', 'MUG-1', 1)] })]);
  for (const store of [w.acmeStore, w.blueStore])
    expect((await s.post(`${F}/reserve/awaiting/items/store/${store.id}`, {}, w.admin)).status).toBe(200);
  for (const id of ['L-1', 'L-2', 'L-3', 'L-4', 'LB-1']) ids[id] = await orderId(s, id);
  for (const storeId of [w.acmeStore.id, w.blueStore.id]) {
    const batch = await s.post(`${F}/pick/batch`, { storeId }, w.admin);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
    for (const l of batch.body.lines) {
      const r = await s.post(
        `${F}/pick/batch/${batch.body.id}/pick`,
        { batchLineId: l.id, quantity: l.quantity },
        w.admin,
      );
      expect(r.status, JSON.stringify(r.meta)).toBe(200);
      if (storeId === w.acmeStore.id && !pickOrder.includes(l.orderId)) pickOrder.push(l.orderId);
    }
  }
  expect(pickOrder).toEqual([ids['L-2'], ids['L-1'], ids['L-3'], ids['L-4']]);
});
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s?.close();
});

describe('packing by scan', () => {
  it('a wrong item or more than was picked is refused (412); the right ones fill box 1 with the default size', async () => {
    const L1 = ids['L-1'];
    expect((await s.put(`${F}/order/${L1}/default/box/dimensions`, dims, w.admin)).status).toBe(200);
    const wrong = await s.post(`${F}/box/item/label/${L1}`, { code: 'LAMP-2' }, w.admin);
    expect(wrong.status).toBe(412);
    expect(wrong.meta.error_list.map((e: any) => e.message).join()).toMatch(/Wrong item: LAMP-2 is not on order L-1/);
    // The packer's language (issue 41): the same refusal to a Portuguese screen.
    const pt = await s.request('POST', `${F}/box/item/label/${L1}`, {
      token: w.admin,
      body: { code: 'LAMP-2' },
      headers: { language: 'pt' },
    });
    expect(pt.meta.error_list[0]).toMatchObject({
      code: 'refusals.pack.wrongItem',
      message: 'Item errado: LAMP-2 não está no pedido L-1',
    });
    const tooMany = await s.post(`${F}/box/item/label/${L1}`, { code: 'MUG-1', quantity: 3 }, w.admin);
    expect(tooMany.status).toBe(412);
    expect(tooMany.meta.error_list.map((e: any) => e.message).join()).toMatch(/Too many: 2 more/);
    const one = await s.post(`${F}/box/item/label/${L1}`, { code: 'mug-1' }, w.admin);
    expect(one.status, JSON.stringify(one.meta)).toBe(200);
    const two = await s.post(`${F}/box/item/label/${L1}`, { code: 'MUG-1' }, w.admin);
    expect(two.body.boxes).toHaveLength(1);
    expect(two.body.boxes[0]).toMatchObject({ number: 1, dimensions: dims, items: [{ quantity: 2 }] });
    expect(two.body.lines[0]).toMatchObject({ toShip: 2, packed: 2, remaining: 0 });
    expect(two.body.complete).toBe(true);
    const third = await s.post(`${F}/box/item/label/${L1}`, { code: 'MUG-1' }, w.admin);
    expect(third.status).toBe(412);
    // Out and in again; the remaining view answers the same.
    const out = await s.del(`${F}/box/item/label/${two.body.boxes[0].items[0].id}`, w.admin);
    expect(out.body.boxes).toHaveLength(0);
    await s.post(`${F}/box/item/label/${L1}`, { code: 'MUG-1', quantity: 2 }, w.admin);
    const remaining = await s.get(`${F}/box/item/reserved/remaining/items/${L1}`, w.admin);
    expect(remaining.body.lines[0].remaining).toBe(0);
    expect((await s.get(`/api/external/ship/order/label/${L1}/box/item`, w.admin)).body.boxes).toHaveLength(1);
  });

  it('bad dimensions are a 400; packing is the warehouse’s; another client or tenant finds no order', async () => {
    const L2 = ids['L-2'];
    const bad = await s.put(`${F}/order/${L2}/default/box/dimensions`, { ...dims, weightLb: 0 }, w.admin);
    expect(bad.status).toBe(400);
    expect((await s.post(`${F}/box/item/label/${L2}`, { code: 'LAMP-2' }, w.client)).status).toBe(403);
    expect((await s.get(`${F}/box/item/reserved/remaining/items/${L2}`, w.client2)).status).toBe(404);
    expect((await s.get(`${F}/box/item/reserved/remaining/items/${L2}`, w.north)).status).toBe(404);
    expect((await s.get(`${F}/box/item/reserved/remaining/items/${L2}`, w.client)).status).toBe(200);
    for (const id of ['L-2', 'L-3', 'L-4', 'LB-1'])
      expect((await s.put(`${F}/order/${ids[id]}/default/box/dimensions`, dims, w.admin)).status).toBe(200);
  });
});

describe('rate shopping', () => {
  it('quotes every order side by side, one cheapest and one fastest; the warehouse sees cost and upcharge', async () => {
    const res = await s.post(`${F}/label/psh/rates`, { orderIds: [ids['L-1'], ids['L-2']] }, w.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toHaveLength(2);
    for (const o of res.body) {
      expect(o.rates.length).toBeGreaterThan(1);
      expect(new Set(o.rates.map((r: any) => r.carrierCode)).size).toBeGreaterThan(1);
      expect(o.rates.filter((r: any) => r.cheapest)).toHaveLength(1);
      expect(o.rates.filter((r: any) => r.fastest)).toHaveLength(1);
      const cheapest = o.rates.find((r: any) => r.cheapest);
      expect(Math.min(...o.rates.map((r: any) => r.totalCents))).toBe(cheapest.totalCents);
      const fastest = o.rates.find((r: any) => r.fastest);
      const days = o.rates.map((r: any) => r.deliveryDays).filter((d: any) => d !== null);
      expect(fastest.deliveryDays).toBe(Math.min(...days));
      for (const r of o.rates) {
        expect(r.cost.upchargeCents).toBe(Math.max(Math.round(r.cost.costCents * 0.1), 50));
        expect(r.totalCents).toBe(r.cost.costCents + r.cost.upchargeCents);
      }
    }
  });

  it('a client sees the same totals and never the cost; another client’s order is not found', async () => {
    const admin = (await s.post(`${F}/label/psh/rates`, { orderIds: [ids['L-2']] }, w.admin)).body[0];
    const client = (await s.post(`${F}/label/psh/rates`, { orderIds: [ids['L-2']] }, w.client)).body[0];
    expect(client.rates.every((r: any) => r.cost === null)).toBe(true);
    expect(JSON.stringify(client)).not.toMatch(/upcharge/i);
    expect(client.rates.map((r: any) => r.totalCents).sort()).toEqual(admin.rates.map((r: any) => r.totalCents).sort());
    const other = (await s.post(`${F}/label/psh/rates`, { orderIds: [ids['L-2']] }, w.client2)).body[0];
    expect(other).toEqual({ orderId: ids['L-2'], error: 'Order not found' });
  });
});

describe('bulk buying', () => {
  let runId: number;
  const acmeOrders = () => [ids['L-1'], ids['L-2'], ids['L-3']];

  it('runs as a job: one result per order, the carrier’s refusal of one listed in words, the rest bought', async () => {
    const before = await balance(w.acmeId);
    refuseNthLabel(2);
    const requestKey = key();
    const start = await s.post(`${F}/bulk/shipping`, { requestKey, orderIds: acmeOrders() }, w.admin);
    expect(start.status, JSON.stringify(start.meta)).toBe(201);
    expect(start.body).toMatchObject({ total: 3, done: 0 });
    expect(start.body.jobId).toBeTruthy();
    runId = start.body.id;
    // A double click: the same run, nothing more.
    const again = await s.post(`${F}/bulk/shipping`, { requestKey, orderIds: acmeOrders() }, w.admin);
    expect(again.body.id).toBe(runId);
    const run = await waitForRun(s, w.admin, runId);
    clientOverrides.fetch = undefined;
    expect(run.results.map((r: any) => [r.marketplaceOrderId, r.state])).toEqual([
      ['L-1', 'bought'],
      ['L-2', 'failed'],
      ['L-3', 'bought'],
    ]);
    expect(run.results[1].error).toMatch(/ShipEngine/);
    expect(run).toMatchObject({ done: 3, bought: 2, failed: 1 });
    const job = await s.get(`/api/jobs/batch-process/${run.jobId}`, w.admin);
    expect(job.body.progress).toMatchObject({ done: 3, total: 3 });
    // The refused label left nothing: no label row, no draw.
    expect(await labelsOf([ids['L-2']])).toHaveLength(0);
    const spent = run.results.reduce((n: number, r: any) => n + (r.totalCents ?? 0), 0);
    expect(await balance(w.acmeId)).toBe(before - spent);
  });

  it('a second run over the same orders buys only the failed one; re-running the first buys nothing', async () => {
    const start = await s.post(`${F}/bulk/shipping`, { requestKey: key(), orderIds: acmeOrders() }, w.admin);
    const run = await waitForRun(s, w.admin, start.body.id);
    expect(run.results.map((r: any) => r.state)).toEqual(['already', 'bought', 'already']);
    // The first run's job again, as after a crash: nothing bought twice.
    await runBulk(s.deps, w.tenantId, runId);
    const labels = await labelsOf(acmeOrders());
    expect(labels).toHaveLength(3);
    expect(new Set(labels.map((l) => l.orderId)).size).toBe(3);
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(
        and(
          eq(financeTransactions.kind, 'label_purchase'),
          inArray(
            financeTransactions.sourceId,
            labels.map((l) => `label-${l.id}`),
          ),
        ),
      );
    expect(draws).toHaveLength(3);
  });

  it('a crash after the carrier sold the label and before it was linked: the key finds the label', async () => {
    const L3 = ids['L-3'];
    await s.db.update(fbmOrderLabels).set({ shippingLabelId: null }).where(eq(fbmOrderLabels.orderId, L3));
    const again = await s.post(`${F}/label/psh/purchase`, { orderId: L3 }, w.admin);
    expect(again.status, JSON.stringify(again.meta)).toBe(200);
    expect(again.body.state).toBe('already');
    expect(await labelsOf([L3])).toHaveLength(1);
  });

  it('short funds are refused when the client’s payment method is enforced; nothing is left bought', async () => {
    const enforce = await s.put(
      `/api/settings/fees/company/${w.blueId}`,
      { values: { ENFORCE_PAYMENT_METHOD: true } },
      w.admin,
    );
    expect(enforce.status).toBe(200);
    expect(await balance(w.blueId)).toBeLessThan(100);
    const res = await s.post(`${F}/label/psh/purchase`, { orderId: ids['LB-1'] }, w.admin);
    expect(res.status).toBe(412);
    expect(res.meta.error_list.map((e: any) => e.message).join()).toMatch(/funds are short/);
    expect(await labelsOf([ids['LB-1']])).toHaveLength(0);
    const bought = await s.db
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.companyId, w.blueId), isNotNull(shippingLabels.providerLabelId)));
    expect(bought).toHaveLength(0);
  });

  it('the merged PDF has one page per label, in pick order', async () => {
    const res = await s.started.app.request(`${F}/bulk/merged/labels/download?runId=${runId}`, {
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    // The first run bought L-1 and L-3, the second L-2 (not in the first run's results until re-run).
    const run = (await s.get(`${F}/bulk/shipping/${runId}`, w.admin)).body;
    const labelCount = run.results.flatMap((r: any) => r.labelIds).length;
    expect(pdf.getPageCount()).toBe(labelCount);
    const all = await labelsOf(acmeOrders());
    const merged = await mergedLabels(s.deps, { tenantId: w.tenantId, isClient: false } as never, {
      labelIds: all.map((l) => l.id).join(','),
    });
    expect(merged.order.map((o) => o.orderId)).toEqual(pickOrder.filter((id) => acmeOrders().includes(id)));
    expect((await PDFDocument.load(merged.bytes)).getPageCount()).toBe(3);
  });

  it('a void within the window gives the funds back, and the order may be bought again', async () => {
    const L1 = ids['L-1'];
    const [label] = (await s.get(`${F}/order/${L1}/labels`, w.admin)).body;
    const before = await balance(w.acmeId);
    const voided = await s.del(`${F}/label/${label.id}`, w.admin);
    expect(voided.status, JSON.stringify(voided.meta)).toBe(200);
    expect(voided.body.status).toBe('voided');
    expect(await balance(w.acmeId)).toBe(before + label.totalCents);
    expect((await s.del(`${F}/label/${label.id}`, w.admin)).status).toBe(412);
    const again = await s.post(`${F}/label/psh/purchase`, { orderId: L1, preset: { kind: 'fastest' } }, w.admin);
    expect(again.status, JSON.stringify(again.meta)).toBe(200);
    expect(again.body.state).toBe('bought');
    const labels = await labelsOf([L1]);
    expect(labels.map((l) => l.status).sort()).toEqual(['bought', 'voided']);
    // Packed boxes with a label are not changed until voided.
    const pack = (await s.get(`${F}/box/item/reserved/remaining/items/${L1}`, w.admin)).body;
    expect(pack.boxes, JSON.stringify(pack)).toHaveLength(1);
    expect((await s.del(`${F}/box/item/label/${pack.boxes[0].items[0].id}`, w.admin)).status).toBe(412);
  });
});

describe('auto-close after label purchase', () => {
  it('when the client’s setting is on, the order is marked shipped with the label’s tracking once bought', async () => {
    const L4 = ids['L-4'];
    await s.db.insert(settings).values([
      {
        tenantId: w.tenantId,
        companyId: w.acmeId,
        referenceType: 'COMPANY',
        referenceId: w.acmeId,
        settingKey: 'AUTO_CLOSE_AFTER_LABEL_PURCHASE',
        value: 'true',
      },
      {
        tenantId: w.tenantId,
        companyId: w.acmeId,
        referenceType: 'COMPANY',
        referenceId: w.acmeId,
        settingKey: 'FBM_ORDER_AUTO_CLOSE_DELAY_HOURS',
        value: '0',
      },
    ]);
    const bought = await s.post(`${F}/label/psh/purchase`, { orderId: L4 }, w.admin);
    expect(bought.status, JSON.stringify(bought.meta)).toBe(200);
    await expect
      .poll(async () => (await s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, L4)))[0].status, {
        timeout: 30_000,
        interval: 300,
      })
      .toBe('SHIPPED');
    await s.db
      .delete(settings)
      .where(
        and(
          eq(settings.tenantId, w.tenantId),
          eq(settings.companyId, w.acmeId),
          inArray(settings.settingKey, ['AUTO_CLOSE_AFTER_LABEL_PURCHASE', 'FBM_ORDER_AUTO_CLOSE_DELAY_HOURS']),
        ),
      );
  });
});

describe('an order in two boxes', () => {
  it('is shopped for both packages (each with its upcharge) and bought as two labels, one per box', async () => {
    await stock(s, w, w.acmeId, 'LAMP-2', 'A-2', 2);
    await saveOrders(s, w.acmeStore, [order('L-6', { lines: [line('1', 'LAMP-2', 2)] })]);
    expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
    const L6 = await orderId(s, 'L-6');
    const batch = await s.post(`${F}/pick/batch`, { orderIds: [L6] }, w.admin);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
    for (const l of batch.body.lines)
      await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin);
    await s.put(`${F}/order/${L6}/default/box/dimensions`, dims, w.admin);
    await s.post(`${F}/box/item/label/${L6}`, { code: 'LAMP-2' }, w.admin);
    const two = await s.post(`${F}/box/item/label/${L6}`, { code: 'LAMP-2', newBox: true }, w.admin);
    expect(two.body.boxes.map((b: any) => b.number)).toEqual([1, 2]);
    const heavier = await s.put(`${F}/box/${two.body.boxes[1].id}/dimensions`, { ...dims, weightLb: 9 }, w.admin);
    expect(heavier.body.boxes[1].dimensions.weightLb).toBe(9);
    const [shop] = (await s.post(`${F}/label/psh/rates`, { orderIds: [L6] }, w.admin)).body;
    expect(shop.parcels).toBe(2);
    const cheapest = shop.rates.find((r: any) => r.cheapest);
    expect(cheapest.rateId.split('|')).toHaveLength(2);
    expect(cheapest.cost.upchargeCents).toBeGreaterThanOrEqual(100);
    const bought = await s.post(`${F}/label/psh/purchase`, { orderId: L6, rateId: cheapest.rateId }, w.admin);
    expect(bought.status, JSON.stringify(bought.meta)).toBe(200);
    expect(bought.body.labelIds).toHaveLength(2);
    expect(bought.body.totalCents).toBe(cheapest.totalCents);
    const labels = (await s.get(`${F}/order/${L6}/labels`, w.admin)).body;
    expect(labels.map((l: any) => l.packageNumber)).toEqual([1, 2]);
  });
});

describe('labels from the client’s own carrier account', () => {
  it('the client adds its own label to a package: kept and printable, no funds drawn, once per package', async () => {
    const LB1 = ids['LB-1'];
    const carriers = await s.get(`${F}/label/custom/carriers`, w.client2);
    // The warehouse's active carriers (Settings › Carriers) first, then the usual others once each.
    expect(carriers.body.slice(0, 5)).toEqual(['DHL', 'FedEx', 'Old Dominion Freight Line', 'UPS', 'USPS']);
    expect(carriers.body).toEqual(expect.arrayContaining(['DHL Express', 'OnTrac', 'Other']));
    expect(carriers.body.filter((c: string) => c.toUpperCase() === 'UPS')).toHaveLength(1);
    const pdf = await PDFDocument.create();
    pdf.addPage([288, 432]);
    const document = Buffer.from(await pdf.save()).toString('base64');
    const before = await balance(w.blueId);
    const body = { orderId: LB1, carrier: 'UPS', service: 'Ground', trackingNumber: '1z999aa10123456784', document };
    expect(
      (await s.post(`${F}/label/custom`, { ...body, document: Buffer.from('hello').toString('base64') }, w.client2))
        .status,
    ).toBe(400);
    expect((await s.post(`${F}/label/custom`, { ...body, trackingNumber: 'x' }, w.client2)).status).toBe(400);
    const unlisted = await s.post(`${F}/label/custom`, { ...body, carrier: 'Pony Express' }, w.client2);
    expect(unlisted.status).toBe(400);
    expect(fieldRule(unlisted.meta.error_list[0])).toMatch(/^carrier: one of the listed carriers \(DHL, FedEx/);
    expect((await s.post(`${F}/label/custom`, body, w.client)).status).toBe(404);
    const added = await s.post(`${F}/label/custom`, body, w.client2);
    expect(added.status, JSON.stringify(added.meta)).toBe(201);
    expect(added.body).toMatchObject({
      provider: 'custom',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      status: 'bought',
      totalCents: 0,
      cost: null,
      packageNumber: 1,
    });
    expect(await balance(w.blueId)).toBe(before);
    const twice = await s.post(`${F}/label/custom`, body, w.client2);
    expect(twice.status).toBe(409);
    const merged = await s.started.app.request(`${F}/bulk/merged/labels/download?labelIds=${added.body.id}`, {
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect((await PDFDocument.load(new Uint8Array(await merged.arrayBuffer()))).getPageCount()).toBe(1);
    const voided = await s.del(`${F}/label/${added.body.id}`, w.client2);
    expect(voided.status, JSON.stringify(voided.meta)).toBe(200);
    expect(voided.body.status).toBe('voided');
    expect((await s.del(`${F}/label/${added.body.id}`, w.client2)).status).toBe(412);
    // Voided, the package takes a label again; the carrier named as the list names it.
    const again = await s.post(
      `${F}/label/custom`,
      { ...body, carrier: 'fed-ex', trackingNumber: '1Z999AA10123456785' },
      w.client2,
    );
    expect(again.status).toBe(201);
    expect(again.body.carrier).toBe('FedEx');
  });
});

describe('who sees what', () => {
  it('a client reads its own labels without cost; another client, another tenant nothing; bulk is the warehouse’s', async () => {
    const [label] = (await s.get(`${F}/order/${ids['L-2']}/labels`, w.admin)).body;
    expect(label.cost).not.toBeNull();
    const mine = await s.get(`${F}/label/${label.id}`, w.client);
    expect(mine.status).toBe(200);
    expect(mine.body.cost).toBeNull();
    expect((await s.get(`${F}/label/${label.id}`, w.client2)).status).toBe(404);
    expect((await s.get(`${F}/label/${label.id}`, w.north)).status).toBe(404);
    expect((await s.del(`${F}/label/${label.id}`, w.client2)).status).toBe(404);
    expect((await s.post(`${F}/bulk/shipping`, { requestKey: key(), orderIds: [ids['L-4']] }, w.client)).status).toBe(
      403,
    );
    expect((await s.post(`${F}/bulk/shipping`, { requestKey: key(), orderIds: [ids['L-4']] }, w.north)).status).toBe(
      404,
    );
    const rows = (await s.get(`${F}/bulk/order/items`, w.admin)).body as any[];
    expect(rows.map((r) => r.marketplaceOrderId)).toContain('LB-1');
    expect((await s.get(`${F}/bulk/order/items`, w.north)).body).toEqual([]);
    const res = await s.started.app.request(`${F}/bulk/merged/labels/download?runId=${1}`, {
      headers: { authorization: `Bearer ${w.north}` },
    });
    expect(res.status).toBe(404);
  });

  it('a bulk request without orders or with a bad key is a 400 in the envelope', async () => {
    const bad = await s.post(`${F}/bulk/shipping`, { requestKey: 'x', orderIds: [] }, w.admin);
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list.map((e: any) => e.field).join()).toMatch(/requestKey/);
  });
});

void sql;
