/**
 * Prep details in the Amazon sandbox (listPrepDetails, setPrepDetails): each of the seller's SKUs
 * has a prep category Amazon decided from the product (a glass container is FRAGILE and prepped by
 * the seller only, a tea towel TEXTILE, a knife sharpener SHARP), and two of the catalogue are
 * UNKNOWN until the seller sets them — the case that makes Amazon refuse an inbound plan. A SKU
 * the sandbox does not hold is answered as needing no prep. Setting details is an operation, as
 * every change is; a prep type the category does not allow fails it, naming the SKU.
 */
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import {
  mskuPrepDetailSchema,
  setPrepDetailsRequestSchema,
  type MskuPrepDetail,
} from '../../integrations/amazon/inbound-models.js';
import { disallowedPrepTypes } from '../../../domain/rules/prep.js';
import type { PrepCategory } from '../../../domain/schemas/fba-prep.js';
import { putRecord, recordsOf, type RecordSet } from '../records.js';
import type { InboundState, Problem, SpError } from './inbound-state.js';
import { fbaInventoryOf } from './state.js';

type Seeded = Pick<MskuPrepDetail, 'prepCategory' | 'prepTypes' | 'prepOwnerConstraint' | 'labelOwnerConstraint'>;
const none: Seeded = { prepCategory: 'NONE', prepTypes: ['ITEM_NO_PREP'] };
const as = (prepCategory: PrepCategory, ...prepTypes: Seeded['prepTypes']): Seeded => ({ prepCategory, prepTypes });

/** The sandbox's products Amazon has no prep category for (a plan with one fails until it is set). */
export const UNCATEGORISED_PRODUCTS = /smock|herb keeper/i;

/** What Amazon decided for the sandbox's catalogue, by product name (state.ts PRODUCTS). */
const BY_NAME: [RegExp, Seeded][] = [
  // Amazon does not prep glass itself: the seller must.
  [/glass/i, { ...as('FRAGILE', 'ITEM_BUBBLEWRAP'), prepOwnerConstraint: 'SELLER_ONLY' }],
  [/ceramic|lamp/i, as('FRAGILE', 'ITEM_BUBBLEWRAP')],
  [/cloths|towels/i, as('TEXTILE', 'ITEM_POLYBAGGING')],
  [/knife/i, as('SHARP', 'ITEM_BUBBLEWRAP')],
  [/spoons/i, as('SET', 'ITEM_SETSTK')],
  [UNCATEGORISED_PRODUCTS, as('UNKNOWN')],
];

const prepSet = (seller: string, marketplaceId: string): RecordSet<MskuPrepDetail> => ({
  provider: 'amazon',
  account: seller,
  kind: `prep_details:${marketplaceId}`,
  schema: mskuPrepDetailSchema,
  keyOf: (d) => d.msku,
});

/** The seller's prep details of these MSKUs in the marketplace (seeded from the catalogue on first read). */
export async function prepDetailsOf(
  deps: Deps,
  seller: string,
  marketplaceId: string,
  mskus: string[],
): Promise<Map<string, MskuPrepDetail>> {
  const inventory = await fbaInventoryOf(deps, seller, marketplaceId);
  const stored = await recordsOf(deps, prepSet(seller, marketplaceId), () =>
    inventory.map((s) => ({
      msku: s.sellerSku!,
      ...(BY_NAME.find(([re]) => re.test(s.productName ?? ''))?.[1] ?? none),
    })),
  );
  const bySku = new Map(stored.map((d) => [d.msku, d]));
  return new Map(mskus.map((m) => [m, bySku.get(m) ?? { msku: m, ...none }]));
}

/** An MSKU list as Amazon reads it: comma-separated (or repeated), each part percent-decoded once more. */
function mskusOf(c: Context): string[] {
  const raw = c.req.queries('mskus') ?? [];
  return raw.flatMap((v) => v.split(',')).map((m) => decodeURIComponent(m));
}

export function prepRoutes(
  app: Hono,
  deps: Deps,
  base: string,
  st: InboundState,
  sellerOf: (c: Context) => string | null,
  spError: SpError,
): void {
  app.get(`${base}/items/prepDetails`, async (c) => {
    const marketplaceId = c.req.query('marketplaceId');
    if (!marketplaceId) return spError(c, 400, 'InvalidInput', 'marketplaceId: required');
    let mskus: string[];
    try {
      mskus = mskusOf(c);
    } catch {
      return spError(c, 400, 'InvalidInput', 'mskus: an MSKU is not encoded correctly');
    }
    if (!mskus.length || mskus.length > 100) return spError(c, 400, 'InvalidInput', 'mskus: from 1 to 100 MSKUs');
    const found = await prepDetailsOf(deps, sellerOf(c)!, marketplaceId, mskus);
    return c.json({ mskuPrepDetails: [...found.values()] });
  });

  app.post(`${base}/items/prepDetails`, async (c) => {
    const seller = sellerOf(c)!;
    const parsed = setPrepDetailsRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return spError(c, 400, 'InvalidInput', `${i.path.join('.') || 'body'}: ${i.message}`);
    }
    const { marketplaceId, mskuPrepDetails } = parsed.data;
    const fixed = mskuPrepDetails.find((d) => d.prepCategory === 'UNKNOWN' || d.prepCategory === 'FC_PROVIDED');
    if (fixed)
      return spError(
        c,
        400,
        'InvalidInput',
        `mskuPrepDetails: MSKU ${fixed.msku}: ${fixed.prepCategory} cannot be set; choose a prep category`,
      );
    const current = await prepDetailsOf(
      deps,
      seller,
      marketplaceId,
      mskuPrepDetails.map((d) => d.msku),
    );
    const problems: Problem[] = [];
    for (const d of mskuPrepDetails) {
      const wrong = disallowedPrepTypes(d.prepCategory, d.prepTypes);
      if (wrong.length || !d.prepTypes.length) {
        problems.push({
          code: 'FBA_INB-0204',
          severity: 'ERROR',
          message: `MSKU ${d.msku}: ${wrong.length ? wrong.join(', ') : 'no prep type'} does not go with the prep category ${d.prepCategory}`,
          details: 'Choose prep types that the category allows.',
        });
        continue;
      }
      // Amazon's own constraints on who labels and preps stay with the SKU.
      const { labelOwnerConstraint, prepOwnerConstraint } = current.get(d.msku)!;
      await putRecord(deps, prepSet(seller, marketplaceId), {
        msku: d.msku,
        prepCategory: d.prepCategory,
        prepTypes: d.prepTypes,
        ...(labelOwnerConstraint ? { labelOwnerConstraint } : {}),
        ...(prepOwnerConstraint ? { prepOwnerConstraint } : {}),
      });
    }
    return c.json({ operationId: await st.start(seller, 'setPrepDetails', problems) }, 202);
  });
}

/** Why Amazon would not take these items into a plan: a prep category still UNKNOWN. */
export async function prepProblems(
  deps: Deps,
  seller: string,
  marketplaceId: string,
  mskus: string[],
): Promise<{ problems: Problem[]; details: Map<string, MskuPrepDetail> }> {
  const details = await prepDetailsOf(deps, seller, marketplaceId, mskus);
  const problems = [...details.values()]
    .filter((d) => d.prepCategory === 'UNKNOWN')
    .map((d) => ({
      code: 'FBA_INB-0182',
      severity: 'ERROR',
      message: `MSKU ${d.msku}: the prep category is unknown`,
      details: 'Set the prep category of the SKU (setPrepDetails), then create the plan again.',
    }));
  return { problems, details };
}
