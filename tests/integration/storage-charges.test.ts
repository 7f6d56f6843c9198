/**
 * Daily storage charges (issue 21) against the real server, amounts computed by hand: free days, a
 * mid-month receipt and a mid-month shipment, FIFO by receipt, a client's own rate, units waiting
 * in RECEIVING typed by their PO line; re-runs, two runs at once and a killed run give the same
 * lines; a late correction becomes an adjusting line for exactly the difference; missing
 * dimensions are reported, not charged; a metric tenant is charged per cubic metre; tenancy.
 */
import '../helpers/fba.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { postLedger, type LedgerInsert } from '../../server/modules/inventory/ledger.js';
import { runStorageDay, volumePerUnit } from '../../server/modules/billing/storage.js';
import { batchItems, charges, inboundBatches, products } from '../../server/db/schema/index.js';
import { cubicFeetPerUnit, storageFeeForDay, type StockMovement } from '../../domain/rules/storage-fees.js';

const PATH = '/api/finance/customer/storage-charges';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let northAdmin: string;
let tenantId: number;
let northTenantId: number;
let acme: number;
let blueFox: number;
let northClient: number;
const id: Record<string, number> = {};
let ref = 0;

async function book(rows: (Omit<LedgerInsert, 'tenantId' | 'reason'> & { reason?: string; tenant?: number })[]) {
  await s.db.transaction(async (tx) =>
    postLedger(
      tx,
      rows.map(({ tenant, ...r }) => ({
        tenantId: tenant ?? tenantId,
        reason: r.quantity > 0 ? 'receive' : 'shipped',
        refType: 'test',
        refId: `t${++ref}`,
        ...r,
      })),
    ),
  );
}

async function product(
  tenant: number,
  companyId: number,
  title: string,
  fnsku: string,
  dims?: [number, number, number],
) {
  const [p] = await s.db
    .insert(products)
    .values({
      tenantId: tenant,
      companyId,
      title,
      fnsku,
      ...(dims ? { lengthIn: dims[0], widthIn: dims[1], heightIn: dims[2] } : {}),
    })
    .returning();
  return p.id;
}

async function poLine(companyId: number, itemAction: string, fnsku: string, title: string) {
  const [b] = await s.db
    .insert(inboundBatches)
    .values({ tenantId, companyId, batchName: `PO-${fnsku}` })
    .returning();
  const [i] = await s.db
    .insert(batchItems)
    .values({ tenantId, companyId, batchId: b.id, title, fnsku, expectedQty: 10, itemAction })
    .returning();
  return i.id;
}

/** The lines of a day, per product: [sum of cents, number of lines]. */
async function dayLines(day: string, tenant = tenantId) {
  const rows = await s.db
    .select()
    .from(charges)
    .where(and(eq(charges.tenantId, tenant), eq(charges.serviceDate, day), eq(charges.code, 'STORAGE_DAILY')));
  const out: Record<number, { cents: number; lines: number; qty: number }> = {};
  for (const r of rows) {
    const pid = Number((r.details as { productId: number }).productId);
    out[pid] ??= { cents: 0, lines: 0, qty: 0 };
    out[pid].cents += Number(r.amountCents);
    out[pid].lines += 1;
    out[pid].qty = Math.round((out[pid].qty + Number(r.quantity)) * 10_000) / 10_000;
  }
  return out;
}

const at = (day: string, time = '10:00:00') => `${day}T${time}Z`;
const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
    out.push(d.toISOString().slice(0, 10));
  return out;
};

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  const c1 = await s.signIn('demo.client');
  const c2 = await s.signIn('demo.client2');
  client = c1.accessToken;
  client2 = c2.accessToken;
  tenantId = c1.userData.tenantId;
  acme = c1.userData.companyId;
  blueFox = c2.userData.companyId;
  const n = await s.signIn('north.admin');
  northAdmin = n.accessToken;
  northTenantId = n.userData.tenantId;
  northClient = (await s.signIn('north.client')).userData.companyId;

  // Warehouse: 0.05 per cubic foot and day after 10 free days, storage inventory only (the default).
  expect(
    (
      await s.put(
        '/api/settings/fees',
        { values: { DAILY_STORAGE_FEE_PER_QF: '0.05', FREE_STORAGE_DAY_COUNT: 10 } },
        admin,
      )
    ).status,
  ).toBe(200);
  // Blue Fox pays its own rate: 0.04.
  expect(
    (await s.put(`/api/settings/fees/company/${blueFox}`, { values: { DAILY_STORAGE_FEE_PER_QF: '0.04' } }, admin))
      .status,
  ).toBe(200);

  // Acme. Widget 12×10×6 in = 0.4167 ft³: 100 received Mar 1, 50 more Mar 15 (mid-month receipt),
  // 120 shipped Mar 20 (mid-month shipment: the 100 of Mar 1 and 20 of Mar 15 leave, FIFO).
  id.widget = await product(tenantId, acme, 'Widget', 'X00WIDGET', [12, 10, 6]);
  // Gadget 24×12×12 in = 2 ft³: 10 received Feb 20.
  id.gadget = await product(tenantId, acme, 'Gadget', 'X00GADGET', [24, 12, 12]);
  // No dimensions: 5 held since Feb 1 — reported, not charged.
  id.nodims = await product(tenantId, acme, 'Mystery box', 'X00NODIMS');
  // At the FBA prep station: fba_prep inventory, not a charged type.
  id.fba = await product(tenantId, acme, 'FBA thing', 'X00FBA', [10, 10, 10]);
  await book([
    { companyId: acme, productKey: 'X00WIDGET', location: 'BIN-A1', quantity: 100, at: at('2026-03-01') },
    { companyId: acme, productKey: 'X00WIDGET', location: 'BIN-A1', quantity: 50, at: at('2026-03-15') },
    { companyId: acme, productKey: 'X00GADGET', location: 'BIN-A2', quantity: 10, at: at('2026-02-20') },
    { companyId: acme, productKey: 'X00NODIMS', location: 'BIN-A3', quantity: 5, at: at('2026-02-01') },
    { companyId: acme, productKey: 'X00FBA', location: 'PREP-FBA', quantity: 40, at: at('2026-02-01') },
  ]);
  await book([{ companyId: acme, productKey: 'X00WIDGET', location: 'BIN-A1', quantity: -120, at: at('2026-03-20') }]);

  // Blue Fox. Cube 12×12×12 in = 1 ft³: 7 held since Feb 1.
  id.cube = await product(tenantId, blueFox, 'Cube', 'Y00CUBE', [12, 12, 12]);
  // Lamp (1 ft³) on a storage PO line: 6 received into RECEIVING Mar 1, sorted to a bin Mar 3 —
  // the sort is not a receipt: charged from Mar 11.
  id.lamp = await product(tenantId, blueFox, 'Lamp', 'Y00LAMP', [12, 12, 12]);
  const lampLine = await poLine(blueFox, 'storage', 'Y00LAMP', 'Lamp');
  await book([
    {
      companyId: blueFox,
      productKey: 'Y00CUBE',
      location: 'BIN-B1',
      quantity: 7,
      at: at('2026-02-01'),
    },
    {
      companyId: blueFox,
      batchItemId: lampLine,
      productKey: 'Y00LAMP',
      location: 'RECEIVING',
      quantity: 6,
      at: at('2026-03-01'),
    },
  ]);
  await book([
    {
      companyId: blueFox,
      batchItemId: lampLine,
      productKey: 'Y00LAMP',
      location: 'RECEIVING',
      quantity: -6,
      reason: 'sort',
      refId: 'sort-lamp',
      at: at('2026-03-03'),
    },
    {
      companyId: blueFox,
      batchItemId: lampLine,
      productKey: 'Y00LAMP',
      location: 'BIN-B2',
      quantity: 6,
      reason: 'sort',
      refId: 'sort-lamp',
      at: at('2026-03-03'),
    },
  ]);
  // Toy (1 ft³) on an FBA prep PO line, waiting in RECEIVING since Feb 1: fba_prep, not charged.
  id.toy = await product(tenantId, blueFox, 'Toy', 'Y00TOY', [12, 12, 12]);
  const toyLine = await poLine(blueFox, 'fba_prep', 'Y00TOY', 'Toy');
  await book([
    {
      companyId: blueFox,
      batchItemId: toyLine,
      productKey: 'Y00TOY',
      location: 'RECEIVING',
      quantity: 3,
      at: at('2026-02-01'),
    },
  ]);
}, 120_000);
afterAll(async () => s?.close());

describe('volumes', () => {
  it('agree with the domain rule (cubic feet) and convert to cubic metres exactly', () => {
    for (const dims of [
      [12, 10, 6],
      [24, 12, 12],
      [10.5, 7.25, 3.1],
      [0.4, 0.4, 0.4],
      [48, 40, 36.75],
    ] as [number, number, number][]) {
      const d = { lengthIn: dims[0], widthIn: dims[1], heightIn: dims[2] };
      expect(volumePerUnit(d, 'imperial')).toBe(cubicFeetPerUnit(d));
    }
    expect(volumePerUnit({ lengthIn: 12, widthIn: 10, heightIn: 6 }, 'imperial')).toBe('0.4167');
    // 1000 in³ × 0.000016387064 m³/in³ = 0.016387064 m³.
    expect(volumePerUnit({ lengthIn: 10, widthIn: 10, heightIn: 10 }, 'metric')).toBe('0.0164');
    expect(volumePerUnit({ lengthIn: null, widthIn: 10, heightIn: 10 }, 'metric')).toBeNull();
  });
});

describe('a storage day', () => {
  it('charges each client, product and day by hand-computed amounts (POST …/run)', async () => {
    const res = await s.post(`${PATH}/run`, { day: '2026-03-11' }, admin);
    expect(res.status).toBe(200);
    // Widget: 100 units, Mar 1 + 10 free days → charged from Mar 11: 100 × 0.4167 = 41.67 ft³ × 0.05 = 2.0835 → 208.
    // Gadget: 10 × 2 = 20 ft³ × 0.05 = 100. Cube: 7 ft³ × 0.04 = 28. Lamp: 6 ft³ × 0.04 = 24.
    expect(res.body).toMatchObject({ day: '2026-03-11', jobId: null, written: 4, adjustments: 0, lines: 4 });
    expect(res.body.amountCents).toBe(208 + 100 + 28 + 24);
    expect(res.body.missingDimensions).toBe(1);
    expect(await dayLines('2026-03-11')).toEqual({
      [id.widget]: { cents: 208, lines: 1, qty: 41.67 },
      [id.gadget]: { cents: 100, lines: 1, qty: 20 },
      [id.cube]: { cents: 28, lines: 1, qty: 7 },
      [id.lamp]: { cents: 24, lines: 1, qty: 6 },
    });
    const list = await s.get(`${PATH}?from=2026-03-11&to=2026-03-11&companyId=${acme}&pageSize=50`, admin);
    expect(list.status).toBe(200);
    expect(list.body.totalElements).toBe(2);
    expect(list.body.totalCents).toBe(308);
    const widget = list.body.content.find((l: any) => l.productId === id.widget);
    expect(widget).toMatchObject({
      companyId: acme,
      companyName: expect.any(String),
      day: '2026-03-11',
      productKey: 'X00WIDGET',
      title: 'Widget',
      units: 100,
      chargeableUnits: 100,
      volumePerUnit: '0.4167',
      unit: 'cubicFootDay',
      quantity: '41.67',
      unitPrice: '0.05',
      amountCents: 208,
      currency: 'USD',
      rule: { source: 'tenantFee', feeKey: 'DAILY_STORAGE_FEE_PER_QF' },
      kind: 'charge',
      adjustsChargeId: null,
    });
    const cube = (await s.get(`${PATH}?from=2026-03-11&to=2026-03-11&companyId=${blueFox}`, admin)).body.content;
    expect(cube.find((l: any) => l.productId === id.cube).rule).toEqual({
      source: 'clientFee',
      feeKey: 'DAILY_STORAGE_FEE_PER_QF',
    });
  });

  it('follows free days, the mid-month receipt and the mid-month shipment (FIFO)', async () => {
    for (const day of ['2026-03-10', '2026-03-15', '2026-03-20', '2026-03-24', '2026-03-25'])
      await runStorageDay(s.db, tenantId, day);
    // Mar 10: the widgets' 10th day, still free; the gadget, cube are charged; the lamp not yet.
    expect((await dayLines('2026-03-10'))[id.widget]).toBeUndefined();
    expect((await dayLines('2026-03-10'))[id.lamp]).toBeUndefined();
    // Mar 15: 150 held, the 50 of Mar 15 free: still 100 charged.
    expect((await dayLines('2026-03-15'))[id.widget]).toEqual({ cents: 208, lines: 1, qty: 41.67 });
    // Mar 20: 120 shipped, the 30 left are from Mar 15 (FIFO), free until Mar 24.
    expect((await dayLines('2026-03-20'))[id.widget]).toBeUndefined();
    expect((await dayLines('2026-03-24'))[id.widget]).toBeUndefined();
    // Mar 25: 30 × 0.4167 = 12.501 ft³ × 0.05 = 0.62505 → 63 cents (rounded once, half away from zero).
    expect((await dayLines('2026-03-25'))[id.widget]).toEqual({ cents: 63, lines: 1, qty: 12.501 });
  });

  it('two runs of one day at once write each line once', async () => {
    const [a, b] = await Promise.all([
      runStorageDay(s.db, tenantId, '2026-03-12'),
      runStorageDay(s.db, tenantId, '2026-03-12'),
    ]);
    expect(a.written + b.written).toBe(4);
    expect(a.adjustments + b.adjustments).toBe(0);
    expect(await dayLines('2026-03-12')).toEqual(await dayLines('2026-03-11'));
  });

  it('a run killed mid-way, then run again, gives the same lines', async () => {
    await expect(
      runStorageDay(s.db, tenantId, '2026-03-13', {
        onProgress: async (done) => {
          if (done === 1) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const partial = await dayLines('2026-03-13');
    expect(Object.keys(partial).length).toBeLessThan(4);
    const again = await runStorageDay(s.db, tenantId, '2026-03-13');
    expect(again.written).toBe(4 - Object.keys(partial).length);
    expect(await dayLines('2026-03-13')).toEqual(await dayLines('2026-03-11'));
  });

  it('re-running a day charges nothing twice', async () => {
    const before = await dayLines('2026-03-11');
    const res = await s.post(`${PATH}/run`, { day: '2026-03-11' }, admin);
    expect(res.body).toMatchObject({ written: 0, adjustments: 0, lines: 4, amountCents: 360 });
    expect(await dayLines('2026-03-11')).toEqual(before);
  });

  it('a month gives the hand-computed totals, and each day what the domain rule computes', async () => {
    for (const day of days('2026-03-01', '2026-03-31')) await runStorageDay(s.db, tenantId, day);
    const total = async (companyId: number) =>
      (await s.get(`${PATH}?from=2026-03-01&to=2026-03-31&companyId=${companyId}`, admin)).body.totalCents;
    // Widget: Mar 11–19 9 × 208 + Mar 25–31 7 × 63 = 2313. Gadget (Feb 20 + 10 → Mar 2): 30 × 100 = 3000.
    expect(await total(acme)).toBe(2313 + 3000);
    // Cube: 31 × 28 = 868. Lamp: Mar 11–31 21 × 24 = 504.
    expect(await total(blueFox)).toBe(868 + 504);
    const widget: StockMovement[] = [
      { day: '2026-03-01', units: 100 },
      { day: '2026-03-15', units: 50 },
      { day: '2026-03-20', units: -120 },
    ];
    for (const day of days('2026-03-01', '2026-03-31')) {
      const expected = storageFeeForDay({
        movements: widget,
        day,
        freeDays: 10,
        cubicFeetPerUnit: '0.4167',
        ratePerCubicFootDay: '0.05',
      });
      expect((await dayLines(day))[id.widget]?.cents ?? 0, day).toBe(expected.amountCents);
    }
  });

  it('reports products without dimensions in the day’s run, with their product', async () => {
    const runs = await s.get(`${PATH}/runs?from=2026-03-11&to=2026-03-11`, admin);
    expect(runs.status).toBe(200);
    expect(runs.body.content).toHaveLength(1);
    expect(runs.body.content[0]).toMatchObject({ day: '2026-03-11', lines: 4, amountCents: 360, currency: 'USD' });
    expect(runs.body.content[0].missingDimensions).toEqual([
      {
        companyId: acme,
        companyName: expect.any(String),
        productId: id.nodims,
        productKey: 'X00NODIMS',
        title: 'Mystery box',
        units: 5,
        chargeableUnits: 5,
      },
    ]);
    expect(Object.keys(await dayLines('2026-03-11'))).not.toContain(String(id.nodims));
  });

  it('a late correction re-prices the day with adjusting lines for exactly the difference', async () => {
    // Booked now, for the past: 4 gadgets shipped Mar 8, 10 widgets received Feb 1.
    await book([
      { companyId: acme, productKey: 'X00GADGET', location: 'BIN-A2', quantity: -4, at: at('2026-03-08') },
      { companyId: acme, productKey: 'X00WIDGET', location: 'BIN-A1', quantity: 10, at: at('2026-02-01') },
    ]);
    const res = await s.post(`${PATH}/run`, { day: '2026-03-11' }, admin);
    expect(res.body).toMatchObject({ written: 0, adjustments: 2, lines: 6 });
    // Gadget: 6 × 2 = 12 ft³ → 60 cents (was 100): −8 ft³, −40. Widget: 110 × 0.4167 = 45.837 ft³ ×
    // 0.05 = 2.29185 → 229 (was 208): +4.167 ft³, +21.
    const adj = (await s.get(`${PATH}?from=2026-03-11&to=2026-03-11&companyId=${acme}`, admin)).body.content.filter(
      (l: any) => l.kind === 'adjustment',
    );
    const byProduct = Object.fromEntries(adj.map((l: any) => [l.productId, l]));
    expect(byProduct[id.gadget]).toMatchObject({ quantity: '-8', amountCents: -40, units: 6, chargeableUnits: 6 });
    expect(byProduct[id.gadget].rule.source).toBe('adjustment');
    expect(byProduct[id.widget]).toMatchObject({ quantity: '4.167', amountCents: 21, units: 110 });
    const originals = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.tenantId, tenantId), eq(charges.sourceId, `2026-03-11:${id.gadget}`)));
    expect(byProduct[id.gadget].adjustsChargeId).toBe(originals[0].id);
    expect(
      (
        await s.db
          .select()
          .from(charges)
          .where(and(eq(charges.tenantId, tenantId), eq(charges.sourceId, `2026-03-11:${id.gadget}:adj:1`)))
      ).length,
    ).toBe(1);
    expect(await dayLines('2026-03-11')).toMatchObject({
      [id.widget]: { cents: 229, lines: 2, qty: 45.837 },
      [id.gadget]: { cents: 60, lines: 2, qty: 12 },
    });
    // The first line is untouched (history is never edited), and a re-run adds nothing.
    expect(originals[0].amountCents).toBe(100);
    const again = await s.post(`${PATH}/run`, { day: '2026-03-11' }, admin);
    expect(again.body).toMatchObject({ written: 0, adjustments: 0, lines: 6, amountCents: 229 + 60 + 28 + 24 });
  });

  it('refuses a day that has not ended, and a bad day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await s.post(`${PATH}/run`, { day: today }, admin)).status).toBe(412);
    expect((await s.post(`${PATH}/run`, { day: '2026-02-30' }, admin)).status).toBe(400);
    expect((await s.post(`${PATH}/run`, { day: 'yesterday' }, admin)).status).toBe(400);
  });

  it('runs as the billing.storage-day job on demand', async () => {
    const res = await s.post(`${PATH}/run`, { day: '2026-04-01', background: true }, admin);
    expect(res.status).toBe(200);
    expect(res.body.jobId).toEqual(expect.any(String));
    await expect
      .poll(async () => (await s.deps.jobs.getJob('billing.storage-day', res.body.jobId))?.state, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('completed');
    // Apr 1: widgets 40 (10 of Mar 15 … no: the late Feb 1 receipt shifts FIFO) — compare with a direct re-run.
    const lines = await dayLines('2026-04-01');
    expect(Object.keys(lines).length).toBeGreaterThan(0);
    expect((await runStorageDay(s.db, tenantId, '2026-04-01')).written).toBe(0);
  });
});

describe('tenancy and rights', () => {
  it('a client sees only its own company’s lines, whatever it asks for', async () => {
    const own = await s.get(`${PATH}?from=2026-03-11&to=2026-03-11&pageSize=50`, client);
    expect(own.status).toBe(200);
    expect(own.body.totalElements).toBe(4);
    expect(own.body.content.every((l: any) => l.companyId === acme)).toBe(true);
    const other = await s.get(`${PATH}?from=2026-03-11&to=2026-03-11&companyId=${blueFox}`, client);
    expect(other.body.content.every((l: any) => l.companyId === acme)).toBe(true);
    const fox = await s.get(`${PATH}?from=2026-03-11&to=2026-03-11&companyId=${acme}`, client2);
    expect(fox.body.totalElements).toBe(2);
    expect(fox.body.content.every((l: any) => l.companyId === blueFox)).toBe(true);
  });

  it('a client cannot run days or read the runs (403); another tenant sees nothing of this one', async () => {
    expect((await s.post(`${PATH}/run`, { day: '2026-03-11' }, client)).status).toBe(403);
    expect((await s.get(`${PATH}/runs`, client)).status).toBe(403);
    const north = await s.get(`${PATH}?from=2026-03-01&to=2026-03-31`, northAdmin);
    expect(north.status).toBe(200);
    expect(north.body.totalElements).toBe(0);
    expect((await s.get(`${PATH}/runs`, northAdmin)).body.totalElements).toBe(0);
    expect((await s.get(`${PATH}?from=2026-03-01`)).status).toBe(401);
  });
});

describe('a metric tenant', () => {
  it('charges per cubic metre and day, at its own rate', async () => {
    expect(
      (await s.post('/api/tenant-settings', { settingKey: 'UNIT_SYSTEM', value: JSON.stringify('metric') }, northAdmin))
        .status,
    ).toBe(200);
    expect(
      (
        await s.put(
          '/api/settings/fees',
          { values: { DAILY_STORAGE_FEE_PER_QF: '2.50', FREE_STORAGE_DAY_COUNT: 0 } },
          northAdmin,
        )
      ).status,
    ).toBe(200);
    const crate = await product(northTenantId, northClient, 'Crate', 'Z00CRATE', [10, 10, 10]);
    await book([
      {
        tenant: northTenantId,
        companyId: northClient,
        productKey: 'Z00CRATE',
        location: 'N-BIN-1',
        quantity: 100,
        at: at('2026-03-05'),
      },
    ]);
    const res = await s.post(`${PATH}/run`, { day: '2026-03-05' }, northAdmin);
    // 100 × 0.0164 m³ = 1.64 m³ × 2.50 = 4.10 (no free days: charged from the day received).
    expect(res.body).toMatchObject({ written: 1, amountCents: 410 });
    const lines = (await s.get(`${PATH}?from=2026-03-05&to=2026-03-05`, northAdmin)).body.content;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      productId: crate,
      unit: 'cubicMetreDay',
      volumePerUnit: '0.0164',
      quantity: '1.64',
      unitPrice: '2.5',
      amountCents: 410,
    });
    // The demo tenant never sees it.
    const demo = await s.get(`${PATH}?from=2026-03-05&to=2026-03-05&pageSize=50`, admin);
    expect(demo.body.content.some((l: any) => l.productId === crate)).toBe(false);
  });
});
