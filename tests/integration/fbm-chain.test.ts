/**
 * The whole merchant-fulfilment chain (issue 20) through the HTTP API, against the real server and
 * the eBay and ShipEngine sandboxes over real HTTP: orders pulled from a connected eBay store by
 * the store's pull job → matched and reserved → one pick batch, every line picked by scan → packed
 * by scan into boxes with dimensions → rate shopped (the warehouse sees the upcharge, the client
 * does not) → bought in bulk as a job with one carrier refusal injected (a second request buys
 * nothing twice, the retry buys the failed one) → the merged PDF one page per label in pick order →
 * marked shipped with the bought labels (units leave FBM-PACK once, eBay told and holding the
 * tracking) → one order's shipments cancelled (units back once) and reopened as documented → a
 * shipped unit returned and received through the inbound flow back to the client's stock. Another
 * client owns the same SKUs in the same bins throughout: its stock never moves.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { labelsSetup, refuseNthLabel, waitForRun } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { connectEbay } from '../helpers/ebay-consent.js';
import { fbmWorld, stock, type FbmWorld } from '../helpers/fbm.js';
import {
  fbmOrderLabels,
  financeTransactions,
  inventoryBalances,
  inventoryLedger,
  shippingLabels,
  stores,
} from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { ebayClientFor } from '../../server/modules/stores/ebay.js';

let s: TestServer;
let w: FbmWorld;
let storeId: number;
const F = '/api/fbm/web';
const SKUS = ['EB-001', 'EB-002', 'EB-003', 'EB-004', 'EB-005', 'EB-006'];
/** Where each SKU's units wait: both zones' bins and the FBM shelf, so the walk has an order. */
const BIN_OF: Record<string, string> = {
  'EB-001': 'B-1',
  'EB-002': 'A-2',
  'EB-003': 'FBM-SHELF',
  'EB-004': 'A-10',
  'EB-005': 'B-2',
  'EB-006': 'A-1',
};
/** Blue Fox owns the same SKUs, 10 of each in the same bins: never to be touched. */
const BLUE_EACH = 10;
const dims = { lengthIn: 12, widthIn: 9, heightIn: 4, weightLb: 2 };

interface ChainLine {
  id: number;
  sku: string;
  quantity: number;
}
interface ChainOrder {
  id: number;
  marketplaceOrderId: string;
  lines: ChainLine[];
  units: number;
}
/** The four oldest awaiting orders the pull brought in: the chain's orders. */
let chain: ChainOrder[] = [];
/** Units each SKU needs across the chain's orders. */
const need = new Map<string, number>();
/**
 * Units of older open orders outside the chain (a partly shipped order the reserve serves before
 * the chain's): stocked too, so the chain's orders are held in full, and held by those orders.
 */
const extra = new Map<string, number>();
const extraOf = (sku: string) => extra.get(sku) ?? 0;
/** Marketplace order ids of the older orders outside the chain. */
const interlopers = new Set<string>();
/** The chain's order ids in the order the picker walks to them (first pick of each). */
let pickOrder: number[] = [];
/** Each chain order's bought label (one box, one label). */
const labelOf = new Map<number, { id: number; trackingNumber: string; totalCents: number }>();

/** Sum of the ledger for a client's product: at one location, or everywhere (sellable). */
async function ledger(companyId: number, productKey: string, location?: string) {
  const [r] = await s.db
    .select({ q: sql<number>`coalesce(sum(${inventoryLedger.quantity}), 0)::int` })
    .from(inventoryLedger)
    .where(
      and(
        eq(inventoryLedger.tenantId, w.tenantId),
        eq(inventoryLedger.companyId, companyId),
        eq(inventoryLedger.productKey, productKey),
        eq(inventoryLedger.condition, 'sellable'),
        location ? eq(inventoryLedger.location, location) : sql`true`,
      ),
    );
  return Number(r.q);
}
/** The balance table's view of the same (it must agree with the ledger). */
async function balance(companyId: number, productKey: string, location: string) {
  const rows = await s.db
    .select({ q: inventoryBalances.quantity })
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.companyId, companyId),
        eq(inventoryBalances.productKey, productKey),
        eq(inventoryBalances.location, location),
      ),
    );
  return rows.reduce((n, r) => n + r.q, 0);
}
const funds = async (companyId: number) =>
  (await s.get(`/api/finance/customer/balances?companyId=${companyId}`, w.admin)).body.balanceCents as number;
const expectBlueUntouched = async () => {
  for (const sku of SKUS) {
    expect(await ledger(w.blueId, sku), `Blue ${sku}`).toBe(BLUE_EACH);
    expect(await balance(w.blueId, sku, BIN_OF[sku]), `Blue ${sku} at ${BIN_OF[sku]}`).toBe(BLUE_EACH);
  }
};
const ids = () => chain.map((o) => o.id);
const find = (id: number) => chain.find((o) => o.id === id)!;

/** The text a PDF page shows (pdf-lib draws it as hex strings in Flate-encoded content streams). */
function pageText(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  let ops = '';
  for (const st of streams)
    if (st instanceof PDFRawStream) {
      const raw = Buffer.from(st.contents);
      ops += (st.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1');
    }
  const hex = [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1'));
  const literal = [...ops.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((m) => m[1]);
  return [...hex, ...literal].join('\n');
}

/** The tracking numbers eBay holds for the order (its shipping fulfillments), read with Dockside's own client. */
async function ebayHolds(marketplaceOrderId: string): Promise<string[]> {
  const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
  const page = await (await ebayClientFor(s.started.deps, store)).fulfillment.shippingFulfillments(marketplaceOrderId);
  return (page.fulfillments ?? []).map((f) => f.shipmentTrackingNumber ?? '');
}

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  w = await fbmWorld(s, 'Chain');
  // The warehouse ships from here (the labels' ship-from).
  await labelsSetup(s, w);
  // Both clients catalogue the eBay seller's SKUs; Blue's units sit in the very bins Acme's will.
  for (const [token, companyId] of [
    [w.client, w.acmeId],
    [w.client2, w.blueId],
  ] as const)
    for (const msku of SKUS) {
      const res = await s.post('/api/product/products', { companyId, title: `${msku} item`, msku }, token);
      expect(res.status, JSON.stringify(res.meta)).toBe(201);
    }
  for (const sku of SKUS) await stock(s, w, w.blueId, sku, BIN_OF[sku], BLUE_EACH);
});
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s?.close();
});

describe('FBM chain: eBay order to shipped, cancelled, returned', () => {
  it('1. imports the orders of a connected eBay store through its pull job', async () => {
    const store = await s.post(
      '/api/common/stores',
      { companyId: w.acmeId, environment: 'sandbox', marketplace: 'ebay', name: 'Acme eBay sandbox' },
      w.admin,
    );
    expect(store.status, JSON.stringify(store.meta)).toBe(201);
    storeId = store.body.id;
    await connectEbay(s, w.admin, storeId);
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, w.admin);
    expect(tested.body.ok, JSON.stringify(tested.body)).toBe(true);

    const started = await s.post(`${F}/refresh/orders`, { storeId }, w.client);
    expect(started.status, JSON.stringify(started.meta)).toBe(201);
    await expect
      .poll(async () => (await s.get(`/api/jobs/batch-process/${started.body.jobId}`, w.client)).body.state, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('completed');

    const awaiting = await s.get(`${F}/view/orders?desk=mfn&storeId=${storeId}&status=AWAITING&pageSize=100`, w.admin);
    expect(awaiting.status).toBe(200);
    expect(awaiting.body.totalElements).toBeGreaterThanOrEqual(4);
    // Every eBay SKU is catalogued, so every pulled line is matched on import.
    expect(awaiting.body.content.every((o: any) => o.unmatchedLines === 0)).toBe(true);
    // The chain: the first four awaiting orders in the order the reserve serves them (oldest first;
    // the match lists the lines in that order). Older open orders outside it (partly shipped ones)
    // are stocked for as well, so that the reserve holds the chain's in full.
    const awaitingIds = new Set(awaiting.body.content.map((o: any) => o.id as number));
    const match = (await s.get(`${F}/match/awaiting/items/store/${storeId}`, w.admin)).body.lines as any[];
    const served = [...new Set(match.map((l) => l.orderId as number))];
    const oldest = served.filter((id) => awaitingIds.has(id)).slice(0, 4);
    const lastLine = match.findLastIndex((l) => l.orderId === oldest[3]);
    for (const l of match.slice(0, lastLine + 1))
      if (!oldest.includes(l.orderId) && l.quantity > 0) {
        interlopers.add(l.marketplaceOrderId);
        extra.set(l.productKey, extraOf(l.productKey) + l.quantity);
      }
    for (const id of oldest) {
      const o = awaiting.body.content.find((x: any) => x.id === id);
      const detail = await s.get(`${F}/view/orders/${o.id}`, w.client);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ storeName: 'Acme eBay sandbox', salesChannel: 'Ebay', status: 'AWAITING' });
      const lines = detail.body.orderLines.map((l: any) => {
        expect(l.product?.msku).toBe(l.sku);
        expect(l.quantityShipped).toBe(0);
        return { id: l.id, sku: l.sku, quantity: l.quantityOrdered };
      });
      chain.push({
        id: o.id,
        marketplaceOrderId: o.marketplaceOrderId,
        lines,
        units: lines.reduce((n: number, l: ChainLine) => n + l.quantity, 0),
      });
      for (const l of lines) need.set(l.sku, (need.get(l.sku) ?? 0) + l.quantity);
    }
    // The client sees its store's orders; Blue Fox none of them.
    expect((await s.get(`${F}/view/orders/${chain[0].id}`, w.client2)).status).toBe(404);
    // Exactly what the four (and any older order) need goes on the shelves: the younger orders find nothing left.
    for (const sku of SKUS) {
      const n = (need.get(sku) ?? 0) + extraOf(sku);
      if (n) await stock(s, w, w.acmeId, sku, BIN_OF[sku], n);
      expect(await ledger(w.acmeId, sku)).toBe(n);
    }
    await expectBlueUntouched();
  });

  it('2. matches, reserves the four, and picks every line of one batch by scan into FBM-PACK', async () => {
    const match = await s.get(`${F}/match/awaiting/items/store/${storeId}`, w.admin);
    expect(match.status, JSON.stringify(match.meta)).toBe(200);
    expect(match.body.unmatched).toBe(0);
    const mine = match.body.lines.filter((l: any) => ids().includes(l.orderId));
    expect(mine.length).toBe(chain.reduce((n, o) => n + o.lines.length, 0));
    for (const l of mine) expect(l).toMatchObject({ matched: true, held: 0 });

    const reserved = await s.post(`${F}/reserve/awaiting/items/store/${storeId}`, {}, w.admin);
    expect(reserved.status, JSON.stringify(reserved.meta)).toBe(200);
    const held = reserved.body.lines.filter((l: any) => l.outcome === 'held');
    // Every line of the four held in full, and the older orders' lines; nothing else.
    expect(
      held.map((l: any) => l.orderLineId).sort(),
      JSON.stringify(reserved.body.lines.map((l: any) => [l.marketplaceOrderId, l.orderLineId, l.outcome])),
    ).toEqual(
      [
        ...chain.flatMap((o) => o.lines.map((l) => l.id)),
        ...match.body.lines
          .filter((l: any) => interlopers.has(l.marketplaceOrderId) && l.quantity > 0)
          .map((l: any) => l.orderLineId),
      ].sort(),
    );
    for (const l of held) expect(l.quantity).toBeGreaterThan(0);
    expect(reserved.body.held).toBe(held.length);
    // Younger orders asking for the same SKUs are told why not (Blue's units never count).
    for (const l of reserved.body.lines.filter((x: any) => x.outcome !== 'held'))
      expect(l.outcome).toBe(l.quantity === 0 ? 'nothing_to_ship' : l.available ? 'insufficient' : 'no_stock');

    const batch = await s.post(`${F}/pick/batch`, { orderIds: ids() }, w.admin);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
    const units = chain.reduce((n, o) => n + o.units, 0);
    expect(batch.body).toMatchObject({ status: 'open', orders: 4, units, picked: 0, companyId: w.acmeId });
    expect(new Set(batch.body.lines.map((l: any) => l.orderId))).toEqual(new Set(ids()));
    for (const l of batch.body.lines) expect(l.location).toBe(BIN_OF[l.productKey]);
    // The walk: zone Z-A, then Z-B, then the unzoned shelf.
    const zones = batch.body.lines.map((l: any) => l.zone ?? '~');
    expect(zones).toEqual([...zones].sort());
    pickOrder = [...new Set<number>(batch.body.lines.map((l: any) => l.orderId))];

    for (const l of batch.body.lines) {
      const r = await s.post(
        `${F}/pick/batch/${batch.body.id}/pick`,
        { location: l.location, productCode: l.productKey.toLowerCase(), quantity: l.quantity },
        w.admin,
      );
      expect(r.status, JSON.stringify(r.meta)).toBe(200);
    }
    const done = await s.get(`${F}/pick/batch/${batch.body.id}`, w.admin);
    expect(done.body).toMatchObject({ status: 'picked', units, picked: units, short: 0 });
    for (const [sku, n] of need) {
      expect(await ledger(w.acmeId, sku, 'FBM-PACK')).toBe(n);
      expect(await balance(w.acmeId, sku, 'FBM-PACK')).toBe(n);
      expect(await ledger(w.acmeId, sku, BIN_OF[sku])).toBe(extraOf(sku));
      expect(await ledger(w.acmeId, sku)).toBe(n + extraOf(sku));
    }
    await expectBlueUntouched();
  });

  it('3. packs each order by scan into a box with its dimensions and weight', async () => {
    for (const o of chain) {
      expect((await s.put(`${F}/order/${o.id}/default/box/dimensions`, dims, w.admin)).status).toBe(200);
      // Something not on the order is refused in words.
      const stranger = SKUS.find((sku) => !o.lines.some((l) => l.sku === sku))!;
      const wrong = await s.post(`${F}/box/item/label/${o.id}`, { code: stranger }, w.admin);
      expect(wrong.status).toBe(412);
      expect(wrong.meta.error_list[0].message).toMatch(/Wrong item/);
      let last: any;
      for (const l of o.lines) {
        last = await s.post(`${F}/box/item/label/${o.id}`, { code: l.sku, quantity: l.quantity }, w.admin);
        expect(last.status, JSON.stringify(last.meta)).toBe(200);
      }
      expect(last.body.complete).toBe(true);
      expect(last.body.boxes).toHaveLength(1);
      expect(last.body.boxes[0]).toMatchObject({ number: 1, dimensions: dims });
      expect(last.body.boxes[0].items.reduce((n: number, i: any) => n + i.quantity, 0)).toBe(o.units);
      const more = await s.post(`${F}/box/item/label/${o.id}`, { code: o.lines[0].sku }, w.admin);
      expect(more.status).toBe(412);
    }
  });

  it('4. rate shops every order: cheapest and fastest marked, the upcharge the warehouse’s to see', async () => {
    const admin = await s.post(`${F}/label/psh/rates`, { orderIds: ids() }, w.admin);
    expect(admin.status, JSON.stringify(admin.meta)).toBe(200);
    expect(admin.body.map((o: any) => o.orderId)).toEqual(ids());
    for (const o of admin.body) {
      expect(o.rates.length).toBeGreaterThan(1);
      const cheapest = o.rates.filter((r: any) => r.cheapest);
      const fastest = o.rates.filter((r: any) => r.fastest);
      expect(cheapest).toHaveLength(1);
      expect(fastest).toHaveLength(1);
      expect(cheapest[0].totalCents).toBe(Math.min(...o.rates.map((r: any) => r.totalCents)));
      const days = o.rates.map((r: any) => r.deliveryDays).filter((d: number | null) => d !== null);
      expect(fastest[0].deliveryDays).toBe(Math.min(...days));
      for (const r of o.rates) {
        expect(r.cost.upchargeCents).toBe(Math.max(Math.round(r.cost.costCents * 0.1), 50));
        expect(r.totalCents).toBe(r.cost.costCents + r.cost.upchargeCents);
      }
    }
    const client = await s.post(`${F}/label/psh/rates`, { orderIds: ids() }, w.client);
    expect(client.status).toBe(200);
    for (const [i, o] of client.body.entries()) {
      expect(o.rates.every((r: any) => r.cost === null)).toBe(true);
      expect(o.rates.map((r: any) => r.totalCents).sort()).toEqual(
        admin.body[i].rates.map((r: any) => r.totalCents).sort(),
      );
    }
    expect(JSON.stringify(client.body)).not.toMatch(/upcharge|costCents/i);
    const other = await s.post(`${F}/label/psh/rates`, { orderIds: [chain[0].id] }, w.client2);
    expect(other.body[0]).toEqual({ orderId: chain[0].id, error: 'Order not found' });
  });

  it('5. buys in bulk as a job: one carrier refusal in words, the rest bought, nothing bought twice, the retry buys it', async () => {
    const before = await funds(w.acmeId);
    refuseNthLabel(2);
    const requestKey = `chain-${Date.now()}-1`;
    const start = await s.post(`${F}/bulk/shipping`, { requestKey, orderIds: ids() }, w.admin);
    expect(start.status, JSON.stringify(start.meta)).toBe(201);
    expect(start.body).toMatchObject({ total: 4, done: 0 });
    expect(start.body.jobId).toBeTruthy();
    // The same request again (a double click): the same run.
    const twice = await s.post(`${F}/bulk/shipping`, { requestKey, orderIds: ids() }, w.admin);
    expect(twice.body.id).toBe(start.body.id);
    const run = await waitForRun(s, w.admin, start.body.id);
    clientOverrides.fetch = undefined;
    expect(run.results).toHaveLength(4);
    expect(run.results.map((r: any) => r.orderId)).toEqual(ids());
    expect(run, JSON.stringify(run.results)).toMatchObject({ done: 4, bought: 3, failed: 1 });
    const failed = run.results.filter((r: any) => r.state === 'failed');
    expect(failed).toHaveLength(1);
    // The carrier's refusal in its words.
    expect(failed[0].error).toBe('ShipEngine: A value in the request is not valid.');
    const failedId = failed[0].orderId as number;
    const spent = run.results.reduce((n: number, r: any) => n + (r.totalCents ?? 0), 0);
    expect(spent).toBeGreaterThan(0);
    expect(await funds(w.acmeId)).toBe(before - spent);
    const job = await s.get(`/api/jobs/batch-process/${run.jobId}`, w.admin);
    expect(job.body.progress).toMatchObject({ done: 4, total: 4 });

    // A second request over the four: the three bought are not bought again, the refused one is retried and bought.
    const again = await waitForRun(
      s,
      w.admin,
      (await s.post(`${F}/bulk/shipping`, { requestKey: `chain-${Date.now()}-2`, orderIds: ids() }, w.admin)).body.id,
    );
    expect(again.results.map((r: any) => [r.orderId, r.state])).toEqual(
      ids().map((id) => [id, id === failedId ? 'bought' : 'already']),
    );
    // The run counts an order as bought whether this run or an earlier one bought its label.
    expect(again).toMatchObject({ done: 4, bought: 4, failed: 0 });
    const retried = again.results.find((r: any) => r.orderId === failedId);
    expect(retried.totalCents).toBeGreaterThan(0);
    expect(await funds(w.acmeId)).toBe(before - spent - retried.totalCents);

    // One label per order, one draw per label.
    for (const o of chain) {
      const labels = (await s.get(`${F}/order/${o.id}/labels`, w.admin)).body;
      expect(labels, o.marketplaceOrderId).toHaveLength(1);
      expect(labels[0]).toMatchObject({ status: 'bought', packageNumber: 1, format: 'pdf' });
      expect(labels[0].trackingNumber).toBeTruthy();
      labelOf.set(o.id, {
        id: labels[0].id,
        trackingNumber: labels[0].trackingNumber,
        totalCents: labels[0].totalCents,
      });
      // The client reads its label without the cost.
      expect((await s.get(`${F}/label/${labels[0].id}`, w.client)).body.cost).toBeNull();
    }
    const draws = await s.db
      .select()
      .from(financeTransactions)
      .where(
        and(
          eq(financeTransactions.kind, 'label_purchase'),
          inArray(
            financeTransactions.sourceId,
            [...labelOf.values()].map((l) => `label-${l.id}`),
          ),
        ),
      );
    expect(draws).toHaveLength(4);
    const rows = await s.db
      .select({ id: shippingLabels.id })
      .from(fbmOrderLabels)
      .innerJoin(
        shippingLabels,
        and(
          eq(shippingLabels.tenantId, fbmOrderLabels.tenantId),
          eq(shippingLabels.requestKey, fbmOrderLabels.requestKey),
        ),
      )
      .where(inArray(fbmOrderLabels.orderId, ids()));
    expect(rows).toHaveLength(4);
  });

  it('6. merges the four labels into one PDF, one page per label, in pick order', async () => {
    // Asked in reverse: the PDF still follows the walk.
    const labelIds = [...ids()].reverse().map((id) => labelOf.get(id)!.id);
    const res = await s.started.app.request(`${F}/bulk/merged/labels/download?labelIds=${labelIds.join(',')}`, {
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(4);
    const pages = pdf.getPages().map((p) => pageText(pdf, p));
    expect(pickOrder).toHaveLength(4);
    pickOrder.forEach((orderId, i) => {
      expect(pages[i], `page ${i + 1}`).toContain(labelOf.get(orderId)!.trackingNumber);
      for (const other of pickOrder.filter((x) => x !== orderId))
        expect(pages[i]).not.toContain(labelOf.get(other)!.trackingNumber);
    });
    // Another tenant gets nothing of it.
    const north = await s.started.app.request(`${F}/bulk/merged/labels/download?labelIds=${labelIds.join(',')}`, {
      headers: { authorization: `Bearer ${w.north}` },
    });
    // Their labels are not found for another tenant: nothing to merge.
    expect(north.status).toBe(412);
    const northBody = (await north.json()) as { meta: { error_list: { message: string }[] } };
    expect(northBody.meta.error_list[0].message).toMatch(/No bought labels/);
  });

  it('7. marks shipped with the bought labels: FBM-PACK left once, SHIPPED, eBay holds the tracking', async () => {
    const res = await s.post(`${F}/bulk/purchase/mark/ship`, { orderIds: ids() }, w.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.results.map((r: any) => [r.orderId, r.ok, r.status])).toEqual(
      ids().map((id) => [id, true, 'SHIPPED']),
    );
    // Again (a double click): answered as repeated, nothing moves twice.
    const again = await s.post(`${F}/bulk/purchase/mark/ship`, { orderIds: ids() }, w.admin);
    expect(again.body.results.every((r: any) => r.ok && r.repeated)).toBe(true);

    for (const [sku] of need) {
      expect(await ledger(w.acmeId, sku, 'FBM-PACK'), sku).toBe(0);
      expect(await balance(w.acmeId, sku, 'FBM-PACK'), sku).toBe(0);
      expect(await ledger(w.acmeId, sku), sku).toBe(extraOf(sku));
    }
    for (const o of chain) {
      const view = await s.get(`${F}/order/${o.id}/shipments`, w.admin);
      expect(view.body).toMatchObject({ status: 'SHIPPED', confirms: true, marketplace: 'ebay' });
      expect(view.body.lines.map((l: any) => l.shipped)).toEqual(o.lines.map((l) => l.quantity));
      expect(view.body.shipments).toHaveLength(1);
      const [sh] = view.body.shipments;
      expect(sh).toMatchObject({ status: 'shipped', units: o.units });
      expect(sh.packages.map((p: any) => p.trackingNumber)).toEqual([labelOf.get(o.id)!.trackingNumber]);
      const out = await s.db
        .select({ q: sql<number>`sum(${inventoryLedger.quantity})::int` })
        .from(inventoryLedger)
        .where(and(eq(inventoryLedger.refType, 'fbm_shipment'), eq(inventoryLedger.refId, String(sh.id))));
      expect(Number(out[0].q)).toBe(-o.units);
    }
    const desk = await s.get(`${F}/view/orders?desk=mfn&storeId=${storeId}&status=SHIPPED&pageSize=100`, w.client);
    for (const o of chain) expect(desk.body.content.map((x: any) => x.id)).toContain(o.id);

    // The confirmation job tells eBay: each shipment sent, eBay holding exactly one package with its tracking.
    for (const o of chain) {
      await expect
        .poll(async () => (await s.get(`${F}/order/${o.id}/shipments`, w.admin)).body.shipments[0].confirmation, {
          timeout: 20_000,
          interval: 100,
        })
        .toBe('sent');
      const tracking = labelOf.get(o.id)!.trackingNumber.replace(/[^A-Za-z0-9]/g, '');
      expect((await ebayHolds(o.marketplaceOrderId)).filter((t) => t === tracking)).toHaveLength(1);
    }
    await expectBlueUntouched();
  });

  it('8. cancels one order’s shipments: units back at FBM-PACK once; reopen answers as documented', async () => {
    const o = find(pickOrder[0]);
    const shipped = await s.post(`${F}/order/${o.id}/reopen/all/shipment`, {}, w.admin);
    expect(shipped.status).toBe(412);
    expect(shipped.meta.error_list[0].message).toMatch(/is shipped: cancel its shipments first/);

    const cancelled = await s.post(`${F}/order/${o.id}/cancel/all/shipment`, {}, w.admin);
    expect(cancelled.status, JSON.stringify(cancelled.meta)).toBe(200);
    expect(cancelled.body, JSON.stringify(cancelled.body)).toMatchObject({
      status: 'AWAITING',
      cancelled: 1,
      unitsBack: o.units,
      toldMarketplace: 1,
    });
    // eBay cannot un-ship: the answer says so.
    expect(cancelled.meta.warn_list.map((m: any) => m.message).join(' ')).toMatch(/cannot un-ship/);
    const again = await s.post(`${F}/order/${o.id}/cancel/all/shipment`, {}, w.admin);
    expect(again.body).toMatchObject({ cancelled: 0, unitsBack: 0 });
    for (const l of o.lines) expect(await ledger(w.acmeId, l.sku, 'FBM-PACK')).toBe(sumOf(o, l.sku));
    for (const [sku] of need) expect(await ledger(w.acmeId, sku)).toBe(extraOf(sku) + sumOf(o, sku));
    const view = await s.get(`${F}/order/${o.id}/shipments`, w.admin);
    expect(view.body.status).toBe('AWAITING');
    expect(view.body.lines.map((l: any) => [l.shipped, l.picked])).toEqual(o.lines.map((l) => [0, l.quantity]));
    expect(view.body.shipments.map((x: any) => x.status)).toEqual(['cancelled']);

    // Reopen takes back cancelled orders only: this one is open already, so nothing changes.
    const reopened = await s.post(`${F}/order/${o.id}/reopen/all/shipment`, {}, w.admin);
    expect(reopened.status, JSON.stringify(reopened.meta)).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'AWAITING', reopened: false, held: 0, notHeld: [] });
    expect(reopened.meta.info_list[0].message).toMatch(/open already/);
    expect((await s.post(`${F}/order/${o.id}/cancel/all/shipment`, {}, w.client)).status).toBe(403);

    // Shipped again with its label: a new shipment, the units leave FBM-PACK once more and only once.
    const reship = await s.post(`${F}/bulk/purchase/mark/ship`, { orderIds: [o.id] }, w.admin);
    expect(reship.body.results[0]).toMatchObject({ orderId: o.id, ok: true, status: 'SHIPPED' });
    for (const [sku] of need) {
      expect(await ledger(w.acmeId, sku, 'FBM-PACK')).toBe(0);
      expect(await ledger(w.acmeId, sku)).toBe(extraOf(sku));
    }
    // eBay already holds that tracking: the confirmation reads first and sends nothing twice.
    await expect
      .poll(
        async () =>
          (await s.get(`${F}/order/${o.id}/shipments`, w.admin)).body.shipments.find((x: any) => x.status === 'shipped')
            ?.confirmation,
        { timeout: 20_000, interval: 100 },
      )
      .toBe('sent');
    const tracking = labelOf.get(o.id)!.trackingNumber.replace(/[^A-Za-z0-9]/g, '');
    expect((await ebayHolds(o.marketplaceOrderId)).filter((t) => t === tracking)).toHaveLength(1);
    await expectBlueUntouched();
  });

  it('9. a returned unit is received through the inbound flow back to the client’s stock; Blue’s unchanged', async () => {
    const o = find(pickOrder[pickOrder.length - 1]);
    const sku = o.lines[0].sku;
    const csv = [
      'order_id,rma,tracking_number,carrier,request_date,sku,asin,fnsku,upc,title,quantity,reason,disposition',
      `${o.marketplaceOrderId},RMA${o.id},1ZCHAINRET${o.id},UPS,2026-11-26,${sku},,,,Returned item,1,CR-UNWANTED_ITEM,`,
    ].join('\n');
    const form = new FormData();
    form.set('file', new File([csv], 'returns.csv', { type: 'text/csv' }));
    const up = await s.started.app.request('/api/returns/fbm/file-upload', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${w.client}` },
    });
    const upBody = (await up.json()) as { body: any; meta: any };
    expect(up.status, JSON.stringify(upBody.meta)).toBe(201);
    expect(upBody.body).toMatchObject({ stored: true, created: 1 });
    const [ret] = (await s.get(`/api/returns/fbm?q=RMA${o.id}`, w.client)).body.content;
    expect(ret).toMatchObject({ stage: 'expected', expectedUnits: 1 });
    expect((await s.get(`/api/returns/fbm?q=RMA${o.id}`, w.client2)).body.totalElements).toBe(0);

    const receiver = await s.token('demo.receiver');
    const rb = crypto.randomUUID();
    expect(
      (await s.post('/api/inbound/package-receive-batch', { id: rb, companyId: w.acmeId }, receiver)).status,
    ).toBeLessThan(300);
    const dock = await s.post(
      '/api/inbound/package-scan',
      {
        id: crypto.randomUUID(),
        batchId: rb,
        trackingNumber: `1zchainret${o.id}`,
        scannedAt: new Date().toISOString(),
      },
      receiver,
    );
    expect(dock.body.matchStatus).toBe('matched');
    const before = await ledger(w.acmeId, sku);
    const item = await s.post(
      '/api/inbound/item-scan',
      { id: crypto.randomUUID(), batchId: ret.batchId, code: sku, scannedAt: new Date().toISOString() },
      receiver,
    );
    expect(item.status, JSON.stringify(item.meta)).toBe(201);
    expect(item.body.verdict).toBe('received');
    expect(await ledger(w.acmeId, sku)).toBe(before + 1);
    const detail = (await s.get(`/api/returns/fbm/${ret.id}`, w.client)).body;
    expect(detail).toMatchObject({ stage: 'received', expectedUnits: 1, sellableUnits: 1, problemUnits: 0 });
    // The scan counts it at the dock; put away to its bin it is pickable again, Blue's units there unmoved.
    expect(await ledger(w.acmeId, sku, 'RECEIVING')).toBe(1);
    const moved = await s.post(
      '/api/inventory/move',
      { from: 'RECEIVING', to: BIN_OF[sku], productCode: sku, quantity: 1, reason: 'restock_inventory' },
      receiver,
    );
    expect(moved.status, JSON.stringify(moved.meta)).toBe(200);
    expect(await ledger(w.acmeId, sku, 'RECEIVING')).toBe(0);
    expect(await ledger(w.acmeId, sku, BIN_OF[sku])).toBe(extraOf(sku) + 1);
    expect(await balance(w.acmeId, sku, BIN_OF[sku])).toBe(extraOf(sku) + 1);
    const match = await s.get(`${F}/match/awaiting/items/store/${storeId}`, w.admin);
    for (const l of match.body.lines.filter((x: any) => x.productKey === sku && x.held === 0))
      expect(l.available).toBe(1);

    // A removal shipment of another SKU, uploaded and received the same way: +2 sellable.
    const other = SKUS.find((x) => x !== sku)!;
    const removal = new FormData();
    removal.set(
      'file',
      new File(
        [
          `order_id,tracking_number,carrier,sku,quantity,disposition\nRMVCHAIN${o.id},1ZCHAINRMV${o.id},UPS,${other},2,Sellable`,
        ],
        'removals.csv',
        { type: 'text/csv' },
      ),
    );
    const rm = await s.started.app.request('/api/returns/fba/file-upload', {
      method: 'POST',
      body: removal,
      headers: { authorization: `Bearer ${w.client}` },
    });
    expect(rm.status).toBe(201);
    const [rem] = (await s.get(`/api/returns/fba?q=RMVCHAIN${o.id}`, w.client)).body.content;
    expect(rem).toMatchObject({ stage: 'expected', expectedUnits: 2 });
    const otherBefore = await ledger(w.acmeId, other);
    const rb2 = crypto.randomUUID();
    await s.post('/api/inbound/package-receive-batch', { id: rb2, companyId: w.acmeId }, receiver);
    const dock2 = await s.post(
      '/api/inbound/package-scan',
      {
        id: crypto.randomUUID(),
        batchId: rb2,
        trackingNumber: `1ZCHAINRMV${o.id}`,
        scannedAt: new Date().toISOString(),
      },
      receiver,
    );
    expect(dock2.body.matchStatus).toBe('matched');
    const counted = await s.post(
      '/api/inbound/item-scan',
      { id: crypto.randomUUID(), batchId: rem.batchId, code: other, count: 2, scannedAt: new Date().toISOString() },
      receiver,
    );
    expect(counted.status, JSON.stringify(counted.meta)).toBe(201);
    expect(await ledger(w.acmeId, other)).toBe(otherBefore + 2);
    expect((await s.get(`/api/returns/fba/${rem.id}`, w.client)).body).toMatchObject({
      stage: 'received',
      sellableUnits: 2,
    });
    await expectBlueUntouched();
  });
});

/** Units of a SKU on one order. */
function sumOf(o: ChainOrder, sku: string) {
  return o.lines.filter((l) => l.sku === sku).reduce((n, l) => n + l.quantity, 0);
}
