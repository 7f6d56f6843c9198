/**
 * Amazon's prep details of a plan's SKUs (decision 0010, "local checks before Amazon's"): Amazon
 * refuses an inbound plan holding a SKU whose prep category is UNKNOWN, and one whose label or
 * prep owner breaks the SKU's constraint. The pre-check reads the details (listPrepDetails, kept
 * for a while so a pre-check on every keystroke does not ask Amazon each time) and the plan's
 * screen sets a category (setPrepDetails: an operation the poll job follows; the new category
 * counts once Amazon says SUCCESS).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { prepTypesFor, disallowedPrepTypes } from '../../../domain/rules/prep.js';
import {
  OWNER_CONSTRAINTS,
  PREP_CATEGORIES,
  type OwnerConstraint,
  type PrepCategory,
  type PrepDetail,
  type PrepDetailsSet,
} from '../../../domain/schemas/fba-prep.js';
import { AMAZON_MARKETPLACE_IDS } from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { amazonPrepDetails } from '../../db/schema/index.js';
import { ApiError, badRequest, businessRule, conflict } from '../../http/errors.js';
import { onOperationDone, type FinishedOperation } from '../operations/kinds.js';
import { trackOperation } from '../operations/service.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';
import { assertConnected } from './amazon-call.js';
import { journal } from './journal.js';
import { lineCodes, listingsOf, productsOfLines } from './precheck.js';
import { amazonBusy, planItemsOf, planRecord, storeOfPlan } from './plan-record.js';

/** How long Amazon's answer stands before a pre-check asks again. */
export const PREP_DETAILS_FRESH_MS = 15 * 60_000;
const SET = 'setPrepDetails';
const subjectOf = (planId: number) => `prep-details:${planId}`;

type Row = typeof amazonPrepDetails.$inferSelect;

const asCategory = (v: string | null): PrepCategory =>
  (PREP_CATEGORIES as readonly string[]).includes(v ?? '') ? (v as PrepCategory) : 'UNKNOWN';
const asConstraint = (v: string | null | undefined): OwnerConstraint | null =>
  (OWNER_CONSTRAINTS as readonly string[]).includes(v ?? '') ? (v as OwnerConstraint) : null;

export const prepDetailOf = (r: Row): PrepDetail => ({
  msku: r.msku,
  prepCategory: asCategory(r.prepCategory),
  prepTypes: r.prepTypes,
  labelOwnerConstraint: asConstraint(r.labelOwnerConstraint),
  prepOwnerConstraint: asConstraint(r.prepOwnerConstraint),
  readAt: r.readAt,
  pending: r.pendingOperationId
    ? { prepCategory: asCategory(r.pendingCategory), prepTypes: r.pendingTypes ?? [] }
    : null,
  problem: r.problem,
});

const marketplaceOf = (store: StoreRecord) =>
  AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];

const rowsOf = (tx: DbOrTx, store: StoreRecord, mskus: string[]) =>
  mskus.length
    ? tx
        .select()
        .from(amazonPrepDetails)
        .where(
          and(
            eq(amazonPrepDetails.tenantId, store.tenantId),
            eq(amazonPrepDetails.storeId, store.id),
            inArray(amazonPrepDetails.msku, mskus),
          ),
        )
    : Promise.resolve([] as Row[]);

export interface PrepRead {
  details: Map<string, PrepDetail>;
  /** Why Amazon could not be asked now (the details shown are the last known), or null. */
  unreadable: string | null;
}

/**
 * The SKUs' prep details: what Amazon said within PREP_DETAILS_FRESH_MS, else asked again (100
 * SKUs a call). A store that cannot reach Amazon answers what it last knew and says why.
 */
export async function readPrepDetails(deps: Deps, store: StoreRecord, mskus: string[]): Promise<PrepRead> {
  const wanted = [...new Set(mskus)];
  const known = new Map((await rowsOf(deps.db, store, wanted)).map((r) => [r.msku, r]));
  const now = deps.now();
  const stale = wanted.filter((m) => {
    const r = known.get(m);
    return !r || (!r.pendingOperationId && now.getTime() - Date.parse(r.readAt) > PREP_DETAILS_FRESH_MS);
  });
  let unreadable: string | null = null;
  if (stale.length && store.connection !== 'connected')
    unreadable = `${store.name} is not connected to Amazon, so its prep categories cannot be read`;
  else if (stale.length) {
    try {
      const client = await amazonClientFor(deps, store);
      for (let i = 0; i < stale.length; i += 100) {
        const { mskuPrepDetails } = await withStore(deps, store, () =>
          client.inbound.listPrepDetails(marketplaceOf(store), stale.slice(i, i + 100)),
        );
        const readAt = deps.now().toISOString();
        for (const d of mskuPrepDetails) {
          const values = {
            prepCategory: d.prepCategory,
            prepTypes: d.prepTypes,
            labelOwnerConstraint: d.labelOwnerConstraint ?? null,
            prepOwnerConstraint: d.prepOwnerConstraint ?? null,
            readAt,
          };
          const [row] = await deps.db
            .insert(amazonPrepDetails)
            .values({
              tenantId: store.tenantId,
              companyId: store.companyId,
              storeId: store.id,
              msku: d.msku,
              ...values,
            })
            .onConflictDoUpdate({ target: [amazonPrepDetails.storeId, amazonPrepDetails.msku], set: values })
            .returning();
          known.set(row.msku, row);
        }
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      unreadable = `Amazon’s prep categories could not be read now (${err.messages.join('; ')}); the last known are used`;
    }
  }
  return {
    details: new Map([...known].filter(([m]) => wanted.includes(m)).map(([m, r]) => [m, prepDetailOf(r)])),
    unreadable,
  };
}

/** The plan's SKUs (as the store lists them now) and their prep details. */
export async function planPrepDetails(deps: Deps, ctx: RequestContext, planId: number) {
  const plan = await planRecord(deps.db, ctx, planId);
  const store = await storeOfPlan(deps.db, plan);
  const items = await planItemsOf(deps.db, planId);
  const productRows = await productsOfLines(deps.db, plan.tenantId, items);
  const listings = await listingsOf(deps.db, store, productRows);
  const mskus = productRows.map((p) => lineCodes(p, listings.get(p.id)).msku).filter((m): m is string => !!m);
  return { plan, store, mskus, ...(await readPrepDetails(deps, store, mskus)) };
}

/**
 * Sends the prep categories chosen for some of the plan's SKUs to Amazon. The plan must still be
 * at items (Amazon reads the categories when it takes the plan); each type must go with its
 * category; a SKU with a change under way is not sent again.
 */
export async function setPlanPrepDetails(deps: Deps, ctx: RequestContext, planId: number, body: PrepDetailsSet) {
  const { plan, store, mskus, details } = await planPrepDetails(deps, ctx, planId);
  if (plan.status !== 'open' || plan.step !== 'items')
    throw businessRule(
      `Amazon has the plan already (it is ${plan.status}, at ${plan.step}): prep categories set now count for the next plan only; set them in Seller Central`,
    );
  if (amazonBusy(plan, deps.now()))
    throw conflict(`Amazon is working on the plan (${plan.operation}): wait for its answer`);
  assertConnected(store);
  const onPlan = new Set(mskus);
  const problems: string[] = [];
  const chosen = body.items.map((i) => ({ ...i, prepTypes: prepTypesFor(i.prepCategory, i.prepTypes) }));
  for (const i of chosen) {
    if (!onPlan.has(i.msku)) problems.push(`items: ${i.msku} is not a SKU of this plan`);
    const wrong = disallowedPrepTypes(i.prepCategory, i.prepTypes);
    if (wrong.length) problems.push(`items: ${i.msku}: ${wrong.join(', ')} does not go with ${i.prepCategory}`);
    if (details.get(i.msku)?.pending)
      problems.push(`items: ${i.msku}: Amazon is still applying the last prep category sent; wait for it`);
  }
  if (new Set(chosen.map((i) => i.msku)).size !== chosen.length) problems.push('items: each SKU once');
  if (problems.length) throw badRequest(...problems);

  const client = await amazonClientFor(deps, store);
  const request = {
    marketplaceId: marketplaceOf(store),
    mskuPrepDetails: chosen.map(({ msku, prepCategory, prepTypes }) => ({ msku, prepCategory, prepTypes })),
  };
  const started = await withStore(deps, store, () => client.inbound.setPrepDetails(request));
  await trackOperation(deps, deps.db, {
    storeId: store.id,
    kind: 'amazon.inbound',
    operationId: started.operationId,
    subject: subjectOf(plan.id),
  });
  const at = deps.now().toISOString();
  await deps.db.transaction(async (tx) => {
    for (const i of chosen) {
      const pending = {
        pendingOperationId: started.operationId,
        pendingCategory: i.prepCategory,
        pendingTypes: i.prepTypes,
        pendingBy: ctx.userId,
        problem: null,
      };
      await tx
        .insert(amazonPrepDetails)
        .values({
          tenantId: store.tenantId,
          companyId: store.companyId,
          storeId: store.id,
          msku: i.msku,
          prepCategory: 'UNKNOWN',
          readAt: at,
          ...pending,
        })
        .onConflictDoUpdate({ target: [amazonPrepDetails.storeId, amazonPrepDetails.msku], set: pending });
    }
    await journal(tx, plan, ctx.userId, at, {
      kind: 'amazon.asked',
      message: `Set the prep category at Amazon (${SET}): ${chosen
        .map((i) => `${i.msku} ${i.prepCategory} (${i.prepTypes.join(', ')})`)
        .join('; ')}`,
      request,
    });
  });
  const after = await rowsOf(
    deps.db,
    store,
    chosen.map((i) => i.msku),
  );
  return { operationId: started.operationId, items: after.map(prepDetailOf) };
}

/** Amazon finished a setPrepDetails: the categories count (or the refusal is kept per SKU). */
export async function onPrepDetailsDone(deps: Deps, done: FinishedOperation): Promise<void> {
  const planId = Number(done.subject?.match(/^prep-details:(\d+)$/)?.[1]);
  if (!planId) return;
  const rows = await deps.db
    .select()
    .from(amazonPrepDetails)
    .where(
      and(
        eq(amazonPrepDetails.tenantId, done.tenantId),
        eq(amazonPrepDetails.storeId, done.storeId),
        eq(amazonPrepDetails.pendingOperationId, done.operationId),
      ),
    );
  if (!rows.length) return; // applied already
  const at = deps.now().toISOString();
  const clear = { pendingOperationId: null, pendingCategory: null, pendingTypes: null, pendingBy: null };
  await deps.db.transaction(async (tx) => {
    for (const r of rows) {
      // A problem names its SKU ("MSKU X: …"); one that names none is the whole request's.
      const own = done.problems.filter((p) => p.message.includes(`MSKU ${r.msku}:`));
      const refused = done.status !== 'SUCCESS' && (own.length || !done.problems.some((p) => /MSKU /.test(p.message)));
      const set =
        done.status === 'SUCCESS' || !refused
          ? { ...clear, prepCategory: r.pendingCategory!, prepTypes: r.pendingTypes ?? [], readAt: at, problem: null }
          : {
              ...clear,
              problem:
                (own.length ? own : done.problems).map((p) => `${p.message} (${p.code})`).join('; ') ||
                'Amazon did not apply the prep category in time; set it again',
            };
      await tx.update(amazonPrepDetails).set(set).where(eq(amazonPrepDetails.id, r.id));
    }
    await journal(tx, { id: planId, tenantId: done.tenantId }, rows[0].pendingBy, at, {
      kind: done.status === 'SUCCESS' ? 'amazon.done' : 'amazon.failed',
      message:
        done.status === 'SUCCESS'
          ? `Amazon applied the prep category of ${rows.map((r) => `${r.msku} (${r.pendingCategory})`).join(', ')}`
          : `Amazon did not apply every prep category sent: ${done.problems.map((p) => p.message).join('; ') || done.status}`,
      response: { status: done.status, problems: done.problems },
    });
  });
}

let listening = false;
export function listenForPrepDetails(): void {
  if (listening) return;
  listening = true;
  onOperationDone('amazon.inbound', onPrepDetailsDone);
}
