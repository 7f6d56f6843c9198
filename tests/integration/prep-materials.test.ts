/**
 * Prep materials and cost groups against the real server: CRUD, purchases raise the on-hand,
 * consumePrepMaterial lowers it (never below zero), low-stock flag, 409 / 400 / 403 / 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import type { RequestContext } from '../../server/context.js';
import { consumePrepMaterial, onHandOf } from '../../server/modules/prep-materials/service.js';
import { useMaterialsForUnits } from '../../server/modules/prep-materials/unit-use.js';
import {
  chargeEvents,
  prepMaterialMovements,
  prepMaterialPurchases,
  prepMaterials,
} from '../../server/db/schema/index.js';
import { fieldRule } from '../helpers/refusals.js';

let s: TestServer;
let admin: string;
let ctx: RequestContext;
let clientCompanyId: number;
beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  const me = await s.signIn('demo.admin');
  ctx = {
    tenantId: me.userData.tenantId,
    userId: me.userData.userId ?? me.userData.id,
    companyId: me.userData.companyId,
  } as RequestContext;
  clientCompanyId = (await s.signIn('demo.client')).userData.companyId;
});
afterAll(async () => s?.close());

const ITEMS = '/api/prep-material/prep-material-item';
const box = (over: Record<string, unknown> = {}) => ({
  name: 'Box 12x10x8',
  code: 'box-12108',
  kind: 'box',
  unitOfMeasure: 'each',
  costPrice: '0.85',
  clientPrice: '1.250000',
  lengthIn: '12',
  widthIn: '10',
  heightIn: '8',
  reorderLevel: 10,
  ...over,
});

async function stored() {
  const [m] = await s.db.select({ n: count() }).from(prepMaterials);
  const [p] = await s.db.select({ n: count() }).from(prepMaterialPurchases);
  const [v] = await s.db.select({ n: count() }).from(prepMaterialMovements);
  return { materials: Number(m.n), purchases: Number(p.n), movements: Number(v.n) };
}

describe('cost groups', () => {
  it('group charge codes: each code in one group at most (409), unknown or repeated codes 400; Charges filter by group', async () => {
    const prep = await s.post(
      '/api/finance/cost-group',
      { name: 'Prep labour', chargeCodes: ['prep_polybagging', 'FNSKU_LABEL', 'PROBLEM_DAMAGED'] },
      admin,
    );
    expect(prep.status).toBe(201);
    expect(prep.body.chargeCodes).toEqual(['PREP_POLYBAGGING', 'FNSKU_LABEL', 'PROBLEM_DAMAGED']);
    const clash = await s.post(
      '/api/finance/cost-group',
      { name: 'Labels', chargeCodes: ['FNSKU_LABEL', 'BOX_PACKED'] },
      admin,
    );
    expect(clash.status).toBe(409);
    expect(fieldRule(clash.meta.error_list[0])).toMatch(/FNSKU_LABEL already in cost group Prep labour/);
    expect((await s.post('/api/finance/cost-group', { name: 'X', chargeCodes: ['NOT_A_CODE'] }, admin)).status).toBe(
      400,
    );
    expect(
      (await s.post('/api/finance/cost-group', { name: 'Y', chargeCodes: ['BOX_PACKED', 'box_packed'] }, admin)).status,
    ).toBe(400);
    // Editing the group itself keeps its own codes.
    const edited = await s.put(
      `/api/finance/cost-group/${prep.body.id}`,
      { name: 'Prep labour', chargeCodes: ['PREP_POLYBAGGING', 'FNSKU_LABEL'] },
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.chargeCodes).toEqual(['PREP_POLYBAGGING', 'FNSKU_LABEL']);

    for (const [description, code] of [
      ['Bagging', 'PREP_POLYBAGGING'],
      ['Boxes', 'BOX_PACKED'],
    ])
      expect(
        (
          await s.post(
            '/api/finance/customer/charges',
            {
              companyId: clientCompanyId,
              description,
              quantity: '2',
              unitPrice: '0.5',
              serviceDate: '2026-10-02',
              code,
            },
            admin,
          )
        ).status,
      ).toBe(200);
    const grouped = await s.get(`/api/finance/customer/charges?costGroupId=${prep.body.id}&pageSize=50`, admin);
    expect(grouped.body.content.map((c: { description: string }) => c.description)).toEqual(['Bagging']);
    await s.del(`/api/finance/cost-group/${prep.body.id}`, admin);
  });

  it('creates, lists, edits and deletes; duplicate names 409; bad input 400', async () => {
    const created = await s.post(
      '/api/finance/cost-group',
      { name: 'Packaging', description: 'Boxes and bags' },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Packaging', description: 'Boxes and bags', materialCount: 0 });
    expect((await s.post('/api/finance/cost-group', { name: 'packaging' }, admin)).status).toBe(409);
    const bad = await s.post('/api/finance/cost-group', { name: '  ' }, admin);
    expect(bad.status).toBe(400);
    expect(fieldRule(bad.meta.error_list[0])).toMatch(/name/);
    const edited = await s.put(`/api/finance/cost-group/${created.body.id}`, { name: 'Packaging supplies' }, admin);
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Packaging supplies');
    const list = await s.get('/api/finance/cost-group?q=supplies', admin);
    expect(list.body.content.map((g: any) => g.name)).toEqual(['Packaging supplies']);
    const tmp = await s.post('/api/finance/cost-group', { name: 'Temporary' }, admin);
    expect((await s.del(`/api/finance/cost-group/${tmp.body.id}`, admin)).status).toBe(200);
    expect((await s.get(`/api/finance/cost-group/${tmp.body.id}`, admin)).status).toBe(404);
  });
});

describe('prep material items', () => {
  let groupId: number;
  let boxId: number;
  beforeAll(async () => {
    groupId = (await s.post('/api/finance/cost-group', { name: 'Boxes' }, admin)).body.id;
  });

  it('creates a box with exact decimal prices, reads it back, edits it, filters by cost group', async () => {
    const created = await s.post(ITEMS, box({ costGroupId: groupId }), admin);
    expect(created.status).toBe(201);
    boxId = created.body.id;
    expect(created.body).toMatchObject({
      code: 'BOX-12108',
      kind: 'box',
      costPrice: '0.85',
      clientPrice: '1.25',
      lengthIn: '12',
      costGroupId: groupId,
      costGroupName: 'Boxes',
      onHand: 0,
      lowStock: true,
      active: true,
    });
    const precise = await s.put(`${ITEMS}/${boxId}`, box({ costGroupId: groupId, clientPrice: '1.234567' }), admin);
    expect(precise.status).toBe(200);
    expect(precise.body.clientPrice).toBe('1.234567');
    await s.post(
      ITEMS,
      {
        name: 'Poly bag 10x13',
        code: 'PB-1013',
        kind: 'polyBag',
        unitOfMeasure: 'each',
        costPrice: '0.05',
        clientPrice: '0.15',
      },
      admin,
    );
    const inGroup = await s.get(`${ITEMS}?qCostGroupId=${groupId}`, admin);
    expect(inGroup.body.content.map((m: any) => m.code)).toEqual(['BOX-12108']);
    const search = await s.get(`${ITEMS}?q=poly`, admin);
    expect(search.body.content.map((m: any) => m.code)).toEqual(['PB-1013']);
    expect((await s.get(`/api/finance/cost-group/${groupId}`, admin)).body.materialCount).toBe(1);
    expect((await s.del(`/api/finance/cost-group/${groupId}`, admin)).status).toBe(412);
  });

  it('refuses a duplicate code with 409 and bad input with 400, storing nothing', async () => {
    const before = await stored();
    const dup = await s.post(ITEMS, box({ code: 'BOX-12108', name: 'Another' }), admin);
    expect(dup.status).toBe(409);
    for (const bad of [
      box({ code: 'NEW-1', costPrice: '-1' }),
      box({ code: 'NEW-2', clientPrice: '1.1234567' }),
      box({ code: 'NEW-3', clientPrice: 1.25 }),
      box({ code: 'NEW-4', kind: 'crate' }),
      box({ code: 'NEW-5', kind: 'label' }),
      box({ code: 'NEW-6', reorderLevel: -3 }),
      box({ code: 'NEW-7', costGroupId: 999999 }),
      box({ code: '' }),
    ]) {
      const res = await s.post(ITEMS, bad, admin);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.meta.error_list.length).toBeGreaterThan(0);
    }
    expect(await stored()).toEqual(before);
  });

  it('records purchases that raise the on-hand and set the last cost; lists them', async () => {
    const res = await s.post(
      '/api/prep-material/purchase',
      {
        materialId: boxId,
        quantity: 25,
        unitCost: '0.8125',
        supplier: 'Uline',
        reference: 'INV-77',
        purchasedOn: '2026-11-20',
      },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ materialCode: 'BOX-12108', quantity: 25, unitCost: '0.8125', onHand: 25 });
    const item = (await s.get(`${ITEMS}/${boxId}`, admin)).body;
    expect(item).toMatchObject({ onHand: 25, lastCost: '0.8125', lowStock: false });
    await s.post(
      '/api/prep-material/purchase',
      { materialId: boxId, quantity: 5, unitCost: '0.80', purchasedOn: '2026-11-21' },
      admin,
    );
    expect(await onHandOf(s.db, ctx, boxId)).toBe(30);
    const list = await s.get(`/api/prep-material/purchase?qPrepMaterialId=${boxId}`, admin);
    expect(list.body.totalElements).toBe(2);
    expect(list.body.content[0]).toMatchObject({ quantity: 5, purchasedOn: '2026-11-21' });
    expect((await s.del(`${ITEMS}/${boxId}`, admin)).status).toBe(412);
  });

  it('refuses bad purchases with 400 and stores nothing', async () => {
    const before = await stored();
    for (const bad of [
      { materialId: boxId, quantity: -5, unitCost: '1', purchasedOn: '2026-11-20' },
      { materialId: boxId, quantity: 0, unitCost: '1', purchasedOn: '2026-11-20' },
      { materialId: boxId, quantity: 1.5, unitCost: '1', purchasedOn: '2026-11-20' },
      { materialId: 999999, quantity: 5, unitCost: '1', purchasedOn: '2026-11-20' },
      { materialId: boxId, quantity: 5, unitCost: 'abc', purchasedOn: '2026-11-20' },
      { materialId: boxId, quantity: 5, unitCost: '1', purchasedOn: '2026-02-30' },
      { quantity: 5, unitCost: '1', purchasedOn: '2026-11-20' },
    ]) {
      const res = await s.post('/api/prep-material/purchase', bad, admin);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.meta.error_list.length).toBeGreaterThan(0);
    }
    expect(await stored()).toEqual(before);
  });

  it('consumePrepMaterial lowers the on-hand, charges the client price, refuses going below zero', async () => {
    const used = await s.db.transaction((tx) =>
      consumePrepMaterial(tx, ctx, {
        materialId: boxId,
        quantity: 12,
        companyId: clientCompanyId,
        sourceType: 'box',
        sourceId: 'B1',
      }),
    );
    expect(used).toMatchObject({ onHand: 18, unitPrice: '1.234567' });
    await expect(
      s.db.transaction((tx) => consumePrepMaterial(tx, ctx, { materialId: boxId, quantity: 19 })),
    ).rejects.toMatchObject({ status: 412 });
    await expect(
      s.db.transaction((tx) => consumePrepMaterial(tx, ctx, { materialId: boxId, quantity: -1 })),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      s.db.transaction((tx) =>
        consumePrepMaterial(tx, { ...ctx, tenantId: ctx.tenantId + 1000 }, { materialId: boxId, quantity: 1 }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(await onHandOf(s.db, ctx, boxId)).toBe(18);
    // The ledger is append-only: one purchase, one purchase, one consumption.
    const moves = await s.db.select().from(prepMaterialMovements).where(eq(prepMaterialMovements.materialId, boxId));
    expect(moves.map((m) => [m.kind, m.quantity])).toEqual([
      ['purchase', 25],
      ['purchase', 5],
      ['consumption', -12],
    ]);
  });

  it('flags low stock at or below the reorder level', async () => {
    await s.db.transaction((tx) => consumePrepMaterial(tx, ctx, { materialId: boxId, quantity: 8 }));
    const stock = await s.get('/api/prep-material/inventory?q=BOX-12108', admin);
    expect(stock.body.content[0]).toMatchObject({ code: 'BOX-12108', onHand: 10, reorderLevel: 10, lowStock: true });
    const low = await s.get('/api/prep-material/prep-material-item?lowStock=true', admin);
    expect(low.body.content.map((m: any) => m.code)).toContain('BOX-12108');
  });

  it('books a count’s difference as an adjustment, nothing when it matches; bad counts refused', async () => {
    const COUNT = '/api/prep-material/inventory/count';
    const up = await s.post(COUNT, { materialId: boxId, counted: 14, note: 'Shelf count' }, admin);
    expect(up.status, JSON.stringify(up.meta)).toBe(200);
    expect(up.body).toMatchObject({ before: 10, onHand: 14, adjustment: 4 });
    expect(up.body.movementId).toBeGreaterThan(0);
    const same = await s.post(COUNT, { materialId: boxId, counted: 14 }, admin);
    expect(same.body).toMatchObject({ before: 14, onHand: 14, adjustment: 0, movementId: null });
    for (const bad of [{ materialId: boxId, counted: -1 }, { materialId: boxId, counted: 2.5 }, { counted: 3 }]) {
      const r = await s.post(COUNT, bad, admin);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.meta.error_list.length).toBeGreaterThan(0);
    }
    expect((await s.post(COUNT, { materialId: boxId, counted: 0 }, await s.token('demo.client'))).status).toBe(403);
    expect((await s.post(COUNT, { materialId: boxId, counted: 0 }, await s.token('north.admin'))).status).toBe(404);
    const down = await s.post(COUNT, { materialId: boxId, counted: 10 }, admin);
    expect(down.body).toMatchObject({ before: 14, onHand: 10, adjustment: -4 });
    const moves = await s.db.select().from(prepMaterialMovements).where(eq(prepMaterialMovements.materialId, boxId));
    expect(moves.filter((m) => m.kind === 'adjustment').map((m) => [m.quantity, m.note])).toEqual([
      [4, 'Shelf count'],
      [-4, 'Counted 10 (was 14)'],
    ]);
    expect(await onHandOf(s.db, ctx, boxId)).toBe(10);
  });

  it('is for warehouse staff only (client 403) and scoped by tenant (another tenant 404)', async () => {
    const client = await s.token('demo.client');
    expect((await s.get(ITEMS, client)).status).toBe(403);
    expect((await s.get('/api/finance/cost-group', client)).status).toBe(403);
    expect(
      (
        await s.post(
          '/api/prep-material/purchase',
          { materialId: boxId, quantity: 1, unitCost: '1', purchasedOn: '2026-11-20' },
          client,
        )
      ).status,
    ).toBe(403);
    const north = await s.token('north.admin');
    expect((await s.get(`${ITEMS}/${boxId}`, north)).status).toBe(404);
    expect((await s.put(`${ITEMS}/${boxId}`, box(), north)).status).toBe(404);
    expect((await s.get(`/api/finance/cost-group/${groupId}`, north)).status).toBe(404);
    expect((await s.get(ITEMS, north)).body.totalElements).toBe(0);
    const foreign = await s.post(
      '/api/prep-material/purchase',
      { materialId: boxId, quantity: 1, unitCost: '1', purchasedOn: '2026-11-20' },
      north,
    );
    expect(foreign.status).toBe(400);
    expect(await onHandOf(s.db, ctx, boxId)).toBe(10);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as { paths: object };
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/finance/cost-group',
        '/api/prep-material/prep-material-item',
        '/api/prep-material/inventory',
        '/api/prep-material/purchase',
      ]),
    );
  });
});

describe('materials the prepped units use', () => {
  const bag = async (code: string, kind: string, stock: number, size?: [string, string], clientPrice = '0.10') => {
    const made = await s.post(
      ITEMS,
      {
        name: `${kind} ${code}`,
        code,
        kind,
        unitOfMeasure: 'each',
        costPrice: '0.02',
        clientPrice,
        ...(size ? { lengthIn: size[0], widthIn: size[1] } : {}),
      },
      admin,
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    if (stock)
      expect(
        (
          await s.post(
            '/api/prep-material/purchase',
            { materialId: made.body.id, quantity: stock, unitCost: '0.02', purchasedOn: '2026-11-01' },
            admin,
          )
        ).status,
      ).toBe(201);
    return made.body.id as number;
  };
  const units = (
    prep: string,
    quantity: number,
    sourceId: string,
    product = { lengthIn: 8, widthIn: 6, heightIn: 2 },
  ) =>
    s.db.transaction((tx) =>
      useMaterialsForUnits(tx, ctx, {
        companyId: clientCompanyId,
        prep,
        quantity,
        product,
        sourceId,
        planId: 1,
        sku: 'SKU-1',
        at: '2026-11-20T10:00:00Z',
      }),
    );

  it('a bag has a length and width only; heights and half sizes are refused', async () => {
    const base = {
      name: 'Bag',
      code: 'BAG-X',
      kind: 'polyBag',
      unitOfMeasure: 'each',
      costPrice: '0.01',
      clientPrice: '0.05',
    };
    expect((await s.post(ITEMS, { ...base, lengthIn: '10', widthIn: '8', heightIn: '2' }, admin)).status).toBe(400);
    expect((await s.post(ITEMS, { ...base, lengthIn: '10' }, admin)).status).toBe(400);
    expect((await s.post(ITEMS, { ...base, kind: 'tape', lengthIn: '10', widthIn: '8' }, admin)).status).toBe(400);
  });

  it('poly-bagged units take the smallest bag they fit, spill to the next, charge the client once per line', async () => {
    const tiny = await bag('PB-6X8', 'polyBag', 50, ['6', '8']); // an 8×6×2 product needs ≥ 8 × 10
    const small = await bag('PB-10X12', 'polyBag', 4, ['12', '10'], '0.12');
    const large = await bag('PB-14X20', 'polyBag', 50, ['14', '20'], '0.20');
    const used = await units('ITEM_POLYBAGGING', 7, 'line-1:ITEM_POLYBAGGING');
    expect(used).toEqual([
      { materialId: small, quantity: 4 },
      { materialId: large, quantity: 3 },
    ]);
    expect(await onHandOf(s.db, ctx, tiny)).toBe(50);
    expect(await onHandOf(s.db, ctx, small)).toBe(0);
    expect(await onHandOf(s.db, ctx, large)).toBe(47);
    // The list's on-hand agrees with each material's own ledger.
    const list = (await s.get(`${ITEMS}?pageSize=100`, admin)).body.content as { id: number; onHand: number }[];
    expect([tiny, small, large].map((id) => list.find((m) => m.id === id)?.onHand)).toEqual([50, 0, 47]);
    const events = await s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.kind, 'prep_material_used'), eq(chargeEvents.companyId, clientCompanyId)));
    const mine = events.filter((e) => (e.details as { prep?: string }).prep === 'ITEM_POLYBAGGING');
    expect(mine.map((e) => [e.quantity, (e.details as { unitPrice: string }).unitPrice])).toEqual([
      [4, '0.12'],
      [3, '0.20'],
    ]);
    // The same line again (a retried ship) uses nothing more.
    expect(await units('ITEM_POLYBAGGING', 7, 'line-1:ITEM_POLYBAGGING')).toEqual([]);
    expect(await onHandOf(s.db, ctx, large)).toBe(47);
  });

  it('bubble wrap and labels by kind; short stock uses what there is; prep without a material uses none', async () => {
    const wrap = await bag('BW-SHEET', 'bubbleWrap', 2);
    const label = await bag('LBL-FNSKU', 'label', 100, undefined, '0');
    expect(await units('ITEM_BUBBLEWRAP', 5, 'line-2:ITEM_BUBBLEWRAP')).toEqual([{ materialId: wrap, quantity: 2 }]);
    expect(await onHandOf(s.db, ctx, wrap)).toBe(0);
    expect(await units('SELLER_LABEL', 9, 'line-2:SELLER_LABEL')).toEqual([{ materialId: label, quantity: 9 }]);
    expect(await onHandOf(s.db, ctx, label)).toBe(91);
    // A label at no client price is used but not charged.
    const charged = await s.db.select().from(chargeEvents).where(eq(chargeEvents.kind, 'prep_material_used'));
    expect(charged.some((e) => (e.details as { materialId: number }).materialId === label)).toBe(false);
    expect(await units('ITEM_SETSTK', 5, 'line-2:ITEM_SETSTK')).toEqual([]);
  });
});
