/**
 * What Amazon would refuse, found before Amazon is asked (decision 0010 "local checks before
 * Amazon's"), per SKU and in words: a product the store does not list (no MSKU) or lists without
 * an FNSKU or for the merchant to fulfil, a product without dimensions or weight, an expiration
 * date missing where the product needs one, more than 1,500 SKUs, a line with nothing in it, more
 * units held than the station has. Errors stop the submission; warnings are shown with it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_PLAN_SKUS, type Precheck, type PrecheckProblem } from '../../../domain/schemas/fba.js';
import type { DbOrTx } from '../../db/client.js';
import { amazonPrepDetails, productCodes, products, storeListings, stores } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import type { PlanItemRecord } from './plan-record.js';
import { DANGEROUS_GOODS_ATTRIBUTES } from '../../../domain/rules/prep.js';
import type { PrepDetail } from '../../../domain/schemas/fba-prep.js';
import type { PrecheckCode } from '../../../domain/schemas/fba.js';
import type { PrepRead } from './prep-details.js';
import { FBA_STATION, stockOf } from './reservations.js';

type ProductRecord = typeof products.$inferSelect;
type ListingRecord = typeof storeListings.$inferSelect;

/**
 * The store's listing of each product: the listing whose seller SKU is one of the product's codes
 * (its MSKU first), else the one with its ASIN — the same matching as Listing info's links. Only
 * the plan's client's products and store are read.
 */
export async function listingsOf(
  tx: DbOrTx,
  store: { id: number; tenantId: number },
  items: Pick<ProductRecord, 'id' | 'msku' | 'asin'>[],
): Promise<Map<number, ListingRecord>> {
  const found = new Map<number, ListingRecord>();
  if (!items.length) return found;
  const codes = await tx
    .select({ productId: productCodes.productId, code: productCodes.code })
    .from(productCodes)
    .where(
      and(
        eq(productCodes.tenantId, store.tenantId),
        inArray(
          productCodes.productId,
          items.map((p) => p.id),
        ),
      ),
    );
  const wanted = [...new Set(codes.map((c) => c.code))];
  const asins = [...new Set(items.map((p) => p.asin).filter((a): a is string => !!a))];
  if (!wanted.length && !asins.length) return found;
  const listings = await tx
    .select()
    .from(storeListings)
    .where(
      and(
        eq(storeListings.tenantId, store.tenantId),
        eq(storeListings.storeId, store.id),
        sql`(${wanted.length ? inArray(sql`upper(${storeListings.sku})`, wanted) : sql`false`} or ${
          asins.length ? inArray(storeListings.asin, asins) : sql`false`
        })`,
      ),
    );
  const bySku = new Map(listings.map((l) => [l.sku.toUpperCase(), l]));
  for (const p of items) {
    const own = codes.filter((c) => c.productId === p.id).map((c) => c.code);
    const hit =
      (p.msku ? bySku.get(p.msku) : undefined) ??
      own.map((c) => bySku.get(c)).find((l) => l) ??
      (p.asin ? listings.find((l) => l.asin === p.asin) : undefined);
    if (hit) found.set(p.id, hit);
  }
  return found;
}

/** The catalogue rows of a plan's lines (in the plan's tenant). */
export const productsOfLines = (tx: DbOrTx, tenantId: number, items: Pick<PlanItemRecord, 'productId'>[]) =>
  items.length
    ? tx
        .select()
        .from(products)
        .where(
          and(
            eq(products.tenantId, tenantId),
            inArray(
              products.id,
              items.map((i) => i.productId),
            ),
          ),
        )
    : Promise.resolve([] as ProductRecord[]);

/** A line's codes as Amazon will know them: the store's listing's, else the product's own. */
export const lineCodes = (product: Pick<ProductRecord, 'msku' | 'fnsku' | 'asin'>, listing?: ListingRecord) => ({
  msku: listing?.sku ?? product.msku,
  fnsku: listing?.fnsku ?? product.fnsku,
  asin: listing?.asin ?? product.asin,
});

export interface CheckedPlan {
  plan: { id: number; tenantId: number; companyId: number; storeId: number };
  storeName: string;
  items: PlanItemRecord[];
  today: string;
  /** Amazon's prep details of the plan's SKUs (prep-details.ts), read once the SKUs are known. */
  readPrep: (mskus: string[]) => Promise<PrepRead>;
}

/** What Amazon's prep details of a SKU make of a line: a category to set, an owner it will not take. */
function prepProblems(
  d: PrepDetail,
  item: Pick<PlanItemRecord, 'labelOwner' | 'prepOwner'>,
): ['error' | 'warning', string, PrecheckCode][] {
  const found: ['error' | 'warning', string, PrecheckCode][] = [];
  if (d.pending)
    found.push([
      'error',
      `Amazon is applying the prep category ${d.pending.prepCategory} sent for this SKU: check again in a moment`,
      'prep_pending',
    ]);
  else if (d.prepCategory === 'UNKNOWN')
    found.push([
      'error',
      `Amazon knows no prep category for this SKU and refuses it in a plan: choose the category (fragile, liquid, textile … or none) and send it to Amazon${
        d.problem ? ` — the last one sent was refused: ${d.problem}` : ''
      }`,
      'prep_category_unknown',
    ]);
  for (const [who, owner, constraint] of [
    ['label', item.labelOwner, d.labelOwnerConstraint],
    ['prep', item.prepOwner, d.prepOwnerConstraint],
  ] as const) {
    const only = constraint?.replace('_ONLY', '');
    if (only && owner !== only)
      found.push([
        'error',
        `Amazon takes only ${only} as the ${who} owner of this SKU, and the line says ${owner}: change the line’s ${who} owner`,
        'owner_constraint',
      ]);
  }
  return found;
}

/**
 * What the pre-check refuses of a product itself in a store, line or no line: its listing (none,
 * merchant-fulfilled, no FNSKU, hazmat review, reported problems), Amazon's prep category (unknown
 * or being applied; with a line, the owners Amazon takes), its dimensions and weight, and an
 * expiration date where it needs one (said to a picker before any line has one). The plan's
 * pre-check and the new plan's picker judge by this one rule.
 */
export function productProblems(
  product: Pick<ProductRecord, 'lengthIn' | 'widthIn' | 'heightIn' | 'weightLb'>,
  listing: ListingRecord | undefined,
  storeName: string,
  detail: PrepDetail | undefined,
  line?: Pick<PlanItemRecord, 'labelOwner' | 'prepOwner'>,
): ['error' | 'warning', string, PrecheckCode][] {
  const found: ['error' | 'warning', string, PrecheckCode][] = [];
  if (!listing)
    found.push([
      'error',
      `${storeName} does not list this product, so Amazon knows no MSKU for it: list it on Amazon (Listing info), or pull the store’s listings if it is listed`,
      'not_listed',
    ]);
  else if (listing.channel !== 'FBA')
    found.push([
      'error',
      `The listing ${listing.sku} is fulfilled by the merchant: switch it to Fulfilled by Amazon first`,
      'merchant_fulfilled',
    ]);
  else if (!listing.fnsku)
    found.push([
      'error',
      `Amazon has given the listing ${listing.sku} no FNSKU yet: wait for it, then pull the store’s listings`,
      'no_fnsku',
    ]);
  for (const issue of listing?.issues ?? [])
    if (issue.attribute && DANGEROUS_GOODS_ATTRIBUTES.includes(issue.attribute))
      found.push([
        'error',
        `Amazon holds this product for dangerous-goods (hazmat) review: the client gives Amazon its Safety Data Sheet in Seller Central; once Amazon clears it, pull the store’s listings (${issue.message})`,
        'hazmat',
      ]);
    else if (issue.severity === 'ERROR')
      found.push(['warning', `Amazon reports a problem with the listing: ${issue.message}`, 'listing_issue']);
  if (detail)
    found.push(
      ...(line
        ? prepProblems(detail, line)
        : prepProblems(detail, { labelOwner: 'NONE', prepOwner: 'NONE' }).filter(
            ([, , c]) => c !== 'owner_constraint',
          )),
    );
  const missing = [
    ['length', product.lengthIn],
    ['width', product.widthIn],
    ['height', product.heightIn],
  ].filter(([, v]) => !v);
  if (missing.length)
    found.push([
      'error',
      `No ${missing.map(([n]) => n).join(', ')} in the catalogue: enter the product’s dimensions (in), which Amazon needs to place it`,
      'no_dimensions',
    ]);
  if (!product.weightLb)
    found.push(['error', 'No weight in the catalogue: enter the product’s weight (lb)', 'no_weight']);
  return found;
}

/** The pre-check, and each line's codes as the store lists them now (the submission sends these). */
export async function precheckPlan(
  tx: DbOrTx,
  { plan, storeName, items, today, readPrep }: CheckedPlan,
): Promise<{ result: Precheck; codes: Map<number, ReturnType<typeof lineCodes>> }> {
  const problems: PrecheckProblem[] = [];
  const planProblem = (message: string, code: PrecheckCode, severity: 'error' | 'warning' = 'error') =>
    problems.push({ planItemId: null, productId: null, sku: null, title: null, severity, message, code });
  if (!items.length) planProblem('The plan has no items: add at least one product', 'no_items');
  if (items.length > MAX_PLAN_SKUS)
    planProblem(
      `Amazon takes at most ${MAX_PLAN_SKUS.toLocaleString('en-US')} SKUs in one plan; this one has ${items.length.toLocaleString('en-US')}: split it`,
      'too_many_skus',
    );

  const productRows = await productsOfLines(tx, plan.tenantId, items);
  const byId = new Map(productRows.map((p) => [p.id, p]));
  const listings = await listingsOf(tx, { id: plan.storeId, tenantId: plan.tenantId }, productRows);
  const stock = await stockOf(
    tx,
    plan.tenantId,
    plan.companyId,
    items.map((i) => i.productKey),
  );
  const codes = new Map<number, ReturnType<typeof lineCodes>>();
  for (const item of items) codes.set(item.id, lineCodes(byId.get(item.productId)!, listings.get(item.productId)));
  const listed = items.filter((i) => listings.has(i.productId)).map((i) => codes.get(i.id)!.msku!);
  const prep = listed.length ? await readPrep(listed) : { details: new Map<string, PrepDetail>(), unreadable: null };
  if (prep.unreadable) planProblem(prep.unreadable, 'prep_unreadable', 'warning');

  for (const item of items) {
    const product = byId.get(item.productId)!;
    const listing = listings.get(item.productId);
    const c = codes.get(item.id)!;
    const add = (severity: 'error' | 'warning', message: string, code: PrecheckCode) =>
      problems.push({
        planItemId: item.id,
        productId: item.productId,
        sku: c.msku,
        title: product.title,
        severity,
        message,
        code,
      });
    productProblems(
      product,
      listing,
      storeName,
      listing && c.msku ? prep.details.get(c.msku) : undefined,
      item,
    ).forEach(([severity, message, code]) => add(severity, message, code));
    if (product.requiresExpiration && !item.expiration)
      add(
        'error',
        'This product needs an expiration date: enter the units’ expiration date on the line',
        'expiration_missing',
      );
    // Amazon's minimum shelf life depends on the product and the centre, so the verdict is Amazon's;
    // a date already past is certain to be refused, and says so.
    if (item.expiration && item.expiration <= today)
      add(
        'warning',
        `The expiration date ${item.expiration} has passed: Amazon will refuse these units; correct the date or take them out of the plan`,
        'expiration_passed',
      );
    if (item.quantity <= 0) add('error', 'The line has no units: enter a quantity or remove the line', 'no_units');
    const s = stock.get(item.productKey)!;
    if (s.held > s.onHand)
      add(
        'error',
        `Only ${s.onHand} units are on hand at ${FBA_STATION} while plans hold ${s.held}: find the missing units or lower the quantity`,
        'short_stock',
      );
  }
  const errors = problems.filter((p) => p.severity === 'error').length;
  return {
    result: {
      ok: errors === 0,
      skus: items.length,
      units: items.reduce((n, i) => n + i.quantity, 0),
      errors,
      warnings: problems.length - errors,
      problems,
    },
    codes,
  };
}

/**
 * What the pre-check would refuse of each product offered to a new plan for `storeId` (the
 * client's Amazon store), said in the picker before any plan is made: the product's own problems
 * (productProblems) with Amazon's prep details as last read, and an expiration date its lines will
 * need. A store not the client's is not found.
 */
export async function pickerRefusals(
  tx: DbOrTx,
  scope: { tenantId: number; companyId: number },
  storeId: number,
  productIds: number[],
): Promise<Map<number, { code: PrecheckCode; severity: 'error' | 'warning'; message: string }[]>> {
  const out = new Map<number, { code: PrecheckCode; severity: 'error' | 'warning'; message: string }[]>();
  const [store] = await tx
    .select({ id: stores.id, tenantId: stores.tenantId, name: stores.name })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.tenantId, scope.tenantId), eq(stores.companyId, scope.companyId)));
  if (!store) throw notFound('Store');
  if (!productIds.length) return out;
  const rows = await productsOfLines(
    tx,
    scope.tenantId,
    productIds.map((productId) => ({ productId })),
  );
  const listings = await listingsOf(tx, store, rows);
  const mskus = [...new Set([...listings.values()].map((l) => l.sku))];
  const prep = mskus.length
    ? await tx
        .select()
        .from(amazonPrepDetails)
        .where(and(eq(amazonPrepDetails.storeId, store.id), inArray(amazonPrepDetails.msku, mskus)))
    : [];
  const prepOf = new Map(prep.map((d) => [d.msku, d]));
  for (const product of rows) {
    if (product.companyId !== scope.companyId) continue;
    const listing = listings.get(product.id);
    const d = listing ? prepOf.get(listing.sku) : undefined;
    const detail = d
      ? ({
          msku: d.msku,
          prepCategory: d.prepCategory,
          prepTypes: d.prepTypes,
          labelOwnerConstraint: d.labelOwnerConstraint,
          prepOwnerConstraint: d.prepOwnerConstraint,
          readAt: d.readAt,
          pending: d.pendingOperationId ? { prepCategory: d.pendingCategory, prepTypes: d.pendingTypes ?? [] } : null,
          problem: d.problem,
        } as PrepDetail)
      : undefined;
    const found = productProblems(product, listing, store.name, detail).map(([severity, message, code]) => ({
      code,
      severity,
      message,
    }));
    if (product.requiresExpiration)
      found.push({
        code: 'expiration_missing',
        severity: 'warning',
        message: 'This product needs an expiration date: enter the units’ expiration date on its line',
      });
    out.set(product.id, found);
  }
  return out;
}
