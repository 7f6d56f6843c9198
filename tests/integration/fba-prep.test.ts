/**
 * Prep categories and dangerous goods before Amazon is asked (issue 18 step 1): the pre-check reads
 * Amazon's prep details of the plan's SKUs and says per SKU that a category is UNKNOWN (Amazon
 * would refuse the plan), that a line's prep owner breaks Amazon's constraint, or that Amazon holds
 * the product for hazmat review; the plan's screen sets the category at Amazon (setPrepDetails,
 * followed to SUCCESS) and the plan then goes through, with Amazon's prep instructions from the
 * category on its lines. Bad input and other tenants' and clients' requests are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, fbaWorld, type FbaProduct, type FbaWorld } from '../helpers/fba.js';
import { eq } from 'drizzle-orm';
import { amazonPrepDetails, stores } from '../../server/db/schema/index.js';
import { seal } from '../../server/crypto/secret-box.js';
import { PREP_DETAILS_FRESH_MS } from '../../server/modules/fba/prep-details.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

let w: FbaWorld;
let smock: FbaProduct;
let glass: FbaProduct;
let powerBank: FbaProduct;

interface Problem {
  sku: string | null;
  severity: string;
  code: string;
  message: string;
}
interface Precheck {
  ok: boolean;
  problems: Problem[];
}
interface Detail {
  msku: string;
  prepCategory: string;
  prepTypes: string[];
  prepOwnerConstraint: string | null;
  pending: { prepCategory: string } | null;
}

/** Imports the store's listing whose title matches as an Acme product, measured, with units at PREP-FBA. */
async function importListing(title: RegExp, units: number): Promise<FbaProduct> {
  const { s, admin, client, acmeId, storeId } = w;
  const rows = (await s.get(`/api/external/amazon/stores/${storeId}/listings?pageSize=100`, admin)).body.content as {
    sku: string;
    title: string;
  }[];
  const row = rows.find((r) => title.test(r.title));
  expect(row, `a listing like ${title}`).toBeDefined();
  const planned = w.products.find((p) => p.msku === row!.sku);
  if (planned) return planned; // one of the world's three already
  const imported = await s.post(`/api/external/amazon/stores/${storeId}/listings/import`, { skus: [row!.sku] }, client);
  expect(imported.status, JSON.stringify(imported.meta)).toBe(200);
  expect(imported.body.created, JSON.stringify(imported.body.skipped)).toHaveLength(1);
  const p = (await s.get(`/api/product/products/${imported.body.created[0].productId}`, client)).body as FbaProduct;
  const dims = { lengthIn: 9, widthIn: 7, heightIn: 3, weightLb: 1.1 };
  expect(
    (await s.put(`/api/product/products/${p.id}`, { title: p.title, msku: p.msku, fnsku: p.fnsku, ...dims }, client))
      .status,
  ).toBe(200);
  const found = await s.post(
    '/api/inventory/adjust',
    { companyId: acmeId, productCode: p.fnsku, location: 'PREP-FBA', quantity: units, reason: 'found' },
    admin,
  );
  expect(found.status, JSON.stringify(found.meta)).toBe(200);
  return p;
}

const precheck = async (id: number) => (await w.s.get(`${B}/${id}/precheck`, w.admin)).body as Precheck;
const problemsOf = (c: Precheck, p: FbaProduct) => c.problems.filter((x) => x.sku === p.msku);

beforeAll(async () => {
  w = await fbaWorld();
  smock = await importListing(/Smock/, 12);
  glass = await importListing(/Glass Meal Prep/, 12);
  powerBank = await importListing(/Power Bank/, 12);
});
afterAll(() => w.s.close());

describe('prep categories before the plan goes to Amazon', () => {
  let planId: number;

  it('says per SKU that Amazon knows no prep category, and submitting is refused with it', async () => {
    const made = await w.create([w.line(w.products[0], 4), w.line(smock, 3)], 'Prep plan');
    expect(made.status).toBe(201);
    planId = made.body.id;
    const check = await precheck(planId);
    expect(check.ok).toBe(false);
    expect(problemsOf(check, smock)).toEqual([
      expect.objectContaining({ severity: 'error', code: 'prep_category_unknown' }),
    ]);
    expect(problemsOf(check, w.products[0])).toEqual([]);

    const details = await w.s.get(`${B}/${planId}/prep-details`, w.client);
    expect(details.status).toBe(200);
    const bySku = new Map((details.body.items as Detail[]).map((d) => [d.msku, d]));
    expect(bySku.get(smock.msku)).toMatchObject({ prepCategory: 'UNKNOWN', prepTypes: [], pending: null });
    expect(bySku.get(w.products[0].msku)!.prepCategory).not.toBe('UNKNOWN');

    const submitted = await w.s.post(`${B}/${planId}/submit`, {}, w.admin);
    expect(submitted.status).toBe(412);
    expect(fieldRules(submitted).join(' ')).toMatch(new RegExp(`${smock.msku}: Amazon knows no prep category`));
    // Nothing was asked of Amazon: the plan has no Amazon plan id.
    expect((await w.s.get(`${B}/${planId}`, w.admin)).body.inboundPlanId).toBeNull();
  });

  it('refuses a category Amazon would not take, a SKU not on the plan, types the category does not allow', async () => {
    const post = (items: unknown[], token = w.admin) => w.s.post(`${B}/${planId}/prep-details`, { items }, token);
    const unknown = await post([{ msku: smock.msku, prepCategory: 'UNKNOWN' }]);
    expect(unknown.status).toBe(400);
    expect(fieldRule(unknown.meta.error_list[0])).toMatch(/prepCategory/);
    const stranger = await post([{ msku: glass.msku, prepCategory: 'NONE' }]);
    expect(stranger.status).toBe(400);
    expect(fieldRule(stranger.meta.error_list[0])).toMatch(new RegExp(`${glass.msku} is not a SKU of this plan`));
    const wrong = await post([{ msku: smock.msku, prepCategory: 'NONE', prepTypes: ['ITEM_BUBBLEWRAP'] }]);
    expect(wrong.status).toBe(400);
    expect(fieldRule(wrong.meta.error_list[0])).toMatch(/ITEM_BUBBLEWRAP does not go with NONE/);
    // Another client of the warehouse, and another warehouse, do not find the plan at all.
    expect((await post([{ msku: smock.msku, prepCategory: 'TEXTILE' }], w.client2)).status).toBe(404);
    expect((await post([{ msku: smock.msku, prepCategory: 'TEXTILE' }], w.north)).status).toBe(404);
    expect((await w.s.get(`${B}/${planId}/prep-details`, w.client2)).status).toBe(404);
    // None of it reached Amazon: the SKU is still unknown, with no change under way.
    const rows = await w.s.started.deps.db.select().from(amazonPrepDetails);
    expect(rows.find((r) => r.msku === smock.msku)).toMatchObject({
      prepCategory: 'UNKNOWN',
      pendingOperationId: null,
    });
  });

  it('sets the category at Amazon; it counts once Amazon’s operation succeeds, and the plan goes through', async () => {
    const sent = await w.s.post(
      `${B}/${planId}/prep-details`,
      { items: [{ msku: smock.msku, prepCategory: 'TEXTILE' }] },
      w.client,
    );
    expect(sent.status, JSON.stringify(sent.meta)).toBe(202);
    expect(sent.body.items[0]).toMatchObject({
      msku: smock.msku,
      prepCategory: 'UNKNOWN',
      pending: { prepCategory: 'TEXTILE', prepTypes: ['ITEM_POLYBAGGING'] },
    });
    // Meanwhile the pre-check says Amazon is applying it, and a second change waits.
    expect(problemsOf(await precheck(planId), smock).map((p) => p.code)).toEqual(['prep_pending']);
    const again = await w.s.post(
      `${B}/${planId}/prep-details`,
      { items: [{ msku: smock.msku, prepCategory: 'BABY' }] },
      w.client,
    );
    expect(again.status).toBe(400);

    expect((await w.finish(sent.body.operationId)).status).toBe('SUCCESS');
    const check = await precheck(planId);
    expect(check.ok, JSON.stringify(check.problems)).toBe(true);
    const details = (await w.s.get(`${B}/${planId}/prep-details`, w.admin)).body.items as Detail[];
    expect(details.find((d) => d.msku === smock.msku)).toMatchObject({
      prepCategory: 'TEXTILE',
      prepTypes: ['ITEM_POLYBAGGING'],
      pending: null,
    });
    const journal = (await w.s.get(`${B}/${planId}`, w.admin)).body.events as { kind: string; message: string }[];
    expect(journal.map((e) => e.message).join('\n')).toMatch(/Amazon applied the prep category of .*TEXTILE/);

    expect((await w.s.post(`${B}/${planId}/submit`, {}, w.admin)).status).toBe(202);
    await w.settle(planId);
    const plan = (await w.s.get(`${B}/${planId}`, w.admin)).body;
    expect(plan.step).toBe('packing');
    const line = (plan.items as { msku: string; prepInstructions: { prepType: string }[] }[]).find(
      (i) => i.msku === smock.msku,
    )!;
    // Amazon's instructions now follow the category: label it, bag it.
    expect(line.prepInstructions.map((p) => p.prepType)).toEqual(['ITEM_LABELING', 'ITEM_POLYBAGGING']);
    const late = await w.s.post(
      `${B}/${planId}/prep-details`,
      { items: [{ msku: smock.msku, prepCategory: 'BABY' }] },
      w.admin,
    );
    expect(late.status).toBe(412);
  });
});

describe('owners Amazon insists on, and dangerous goods', () => {
  it('a prep owner Amazon does not take is an error on the line; the seller’s passes with Amazon’s bubble wrap', async () => {
    const amazonPreps = await w.create([w.line(glass, 2, { prepOwner: 'AMAZON' })], 'Glass by Amazon');
    const check = await precheck(amazonPreps.body.id);
    expect(problemsOf(check, glass)).toEqual([
      expect.objectContaining({
        code: 'owner_constraint',
        message: expect.stringMatching(/only SELLER as the prep owner/),
      }),
    ]);
    const sellerPreps = await w.create([w.line(glass, 2, { prepOwner: 'SELLER' })], 'Glass by us');
    expect((await precheck(sellerPreps.body.id)).ok).toBe(true);
    expect((await w.s.post(`${B}/${sellerPreps.body.id}/submit`, {}, w.admin)).status).toBe(202);
    await w.settle(sellerPreps.body.id);
    const plan = (await w.s.get(`${B}/${sellerPreps.body.id}`, w.admin)).body;
    expect(plan.items[0].prepInstructions).toEqual(
      expect.arrayContaining([{ prepType: 'ITEM_BUBBLEWRAP', prepOwner: 'SELLER' }]),
    );
  });

  it('a product under Amazon’s hazmat review is an error naming the Safety Data Sheet', async () => {
    const made = await w.create([w.line(powerBank, 2)], 'Power banks');
    const check = await precheck(made.body.id);
    expect(problemsOf(check, powerBank)).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'hazmat',
        message: expect.stringMatching(/dangerous-goods \(hazmat\) review.*Safety Data Sheet/),
      }),
    ]);
    expect((await w.s.post(`${B}/${made.body.id}/submit`, {}, w.admin)).status).toBe(412);
  });

  it('with Amazon unreachable, the pre-check uses the last known categories and says so', async () => {
    const made = await w.create([w.line(w.products[1], 2)], 'Offline check');
    expect((await precheck(made.body.id)).ok).toBe(true);
    w.tick(PREP_DETAILS_FRESH_MS + 60_000);
    w.setFault('error');
    try {
      const check = await precheck(made.body.id);
      expect(check.ok).toBe(true);
      expect(check.problems).toEqual([
        expect.objectContaining({ severity: 'warning', code: 'prep_unreadable', sku: null }),
      ]);
    } finally {
      w.setFault(null);
    }
  });

  it('with the store’s authorisation unreadable (sealed by another server’s secret), the pre-check warns and submitting says to reconnect', async () => {
    const made = await w.create([w.line(w.products[2], 2)], 'Secret changed');
    expect(made.status).toBe(201);
    const db = w.s.started.deps.db;
    // Nothing read from Amazon yet, so the pre-check must ask it; the store's authorisation was
    // sealed elsewhere (a database moved to a server with another JWT_SECRET).
    await db.delete(amazonPrepDetails);
    const [store] = await db.select().from(stores).where(eq(stores.id, w.storeId));
    await db
      .update(stores)
      .set({ sealedCredentials: seal('another-server-secret', JSON.stringify({ refreshToken: 'x' })) })
      .where(eq(stores.id, w.storeId));
    try {
      const check = await w.s.get(`${B}/${made.body.id}/precheck`, w.admin);
      expect(check.status, JSON.stringify(check.meta)).toBe(200);
      expect(check.body.problems).toEqual([
        expect.objectContaining({ code: 'prep_unreadable', message: expect.stringMatching(/reconnect the store/) }),
      ]);
      const submitted = await w.s.post(`${B}/${made.body.id}/submit`, {}, w.admin);
      expect(submitted.status).toBe(412);
      expect(fieldRules(submitted).join(' ')).toMatch(/saved authorisation cannot be read.*reconnect the store/);
      // Nothing changed: the plan is still at its items, holding its units.
      const plan = (await w.s.get(`${B}/${made.body.id}`, w.admin)).body;
      expect(plan).toMatchObject({ step: 'items', inboundPlanId: null, operation: null });
    } finally {
      await db.update(stores).set({ sealedCredentials: store.sealedCredentials }).where(eq(stores.id, w.storeId));
    }
  });
});
