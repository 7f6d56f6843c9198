/**
 * Shipment plans (spec "batch", decision 0010): a client's plan for one of its connected Amazon
 * stores, listed, read with its lines, reservations and journal, created with its lines, renamed
 * and given new lines while it is still ours alone (open, at step `items`, nothing asked of
 * Amazon). Every line holds its units at the FBA prep station in the transaction that saves it.
 */
import { and, desc, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../../../domain/paging.js';
import type {
  PlanChannel,
  PlanCreate,
  PlanDetail,
  PlanLineInput,
  PlanListQuery,
  PlanStatus,
  PlanStep,
  PackingOptionView,
  PlacementOptionView,
  TransportStore,
} from '../../../domain/schemas/fba.js';
import { isAmazon } from '../../../domain/schemas/stores.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, shipmentPlanItems, shipmentPlans, stores } from '../../db/schema/index.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { businessRule, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { pageOfQuery } from '../../http/paging.js';
import { storeRecord, type StoreRecord } from '../stores/service.js';
import { journal } from './journal.js';
import { labelingPreferenceOf } from './preferences.js';
import { emptyTransport, landedCosts } from './placement.js';
import { shipmentsOfPlan } from './shipments.js';
import { writeLines } from './lines.js';
import { planItemView, planParts } from './plan-parts.js';
import { assertEditable, planItemsOf, planRecord, planScope, storeOfPlan } from './plan-record.js';
import { outer } from '../../db/outer.js';

const rowColumns = {
  id: shipmentPlans.id,
  companyId: shipmentPlans.companyId,
  companyName: companies.name,
  accountNo: companies.accountNo,
  storeId: shipmentPlans.storeId,
  storeName: stores.name,
  name: shipmentPlans.name,
  status: shipmentPlans.status,
  step: shipmentPlans.step,
  inboundPlanId: shipmentPlans.inboundPlanId,
  operationId: shipmentPlans.operationId,
  operation: shipmentPlans.operation,
  skus: sql<number>`(select count(*)::int from ${shipmentPlanItems} spi where spi.plan_id = ${outer(shipmentPlans.id)})`,
  units: sql<number>`(select coalesce(sum(spi.quantity), 0)::int from ${shipmentPlanItems} spi where spi.plan_id = ${outer(shipmentPlans.id)})`,
  createdBy: shipmentPlans.createdBy,
  createdAt: shipmentPlans.createdAt,
  updatedAt: shipmentPlans.updatedAt,
};
/** The text columns as the domain's enums (the CHECKs keep them to those values). */
const rowOf = <R extends { status: string; step: string }>(r: R) => ({
  ...r,
  status: r.status as PlanStatus,
  step: r.step as PlanStep,
});

export async function listPlans(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: PlanListQuery,
  channel: PlanChannel = 'fba',
) {
  const conds: (SQL | undefined)[] = [planScope(ctx), eq(shipmentPlans.channel, channel)];
  if (q.companyId) conds.push(eq(shipmentPlans.companyId, q.companyId));
  if (q.status === 'all_but_closed') conds.push(notInArray(shipmentPlans.status, ['closed', 'cancelled']));
  else if (q.status !== 'all') conds.push(eq(shipmentPlans.status, q.status));
  if (q.q)
    conds.push(or(ilike(shipmentPlans.name, likeContains(q.q)), ilike(shipmentPlans.inboundPlanId, likeContains(q.q))));
  const listed = await pageOfQuery(
    deps.db,
    page,
    () =>
      deps.db
        .select(rowColumns)
        .from(shipmentPlans)
        .innerJoin(companies, eq(companies.id, shipmentPlans.companyId))
        .innerJoin(stores, eq(stores.id, shipmentPlans.storeId))
        .where(and(...conds))
        .$dynamic(),
    [desc(shipmentPlans.createdAt), desc(shipmentPlans.id)],
  );
  return { ...listed, content: listed.content.map(rowOf) };
}

export async function planDetail(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const [row] = await deps.db
    .select({
      ...rowColumns,
      shipFrom: shipmentPlans.shipFrom,
      packingOptionId: shipmentPlans.packingOptionId,
      placementOptionId: shipmentPlans.placementOptionId,
      packingOptions: shipmentPlans.packingOptions,
      placementOptions: shipmentPlans.placementOptions,
      transportOptions: shipmentPlans.transportOptions,
    })
    .from(shipmentPlans)
    .innerJoin(companies, eq(companies.id, shipmentPlans.companyId))
    .innerJoin(stores, eq(stores.id, shipmentPlans.storeId))
    .where(and(eq(shipmentPlans.id, id), planScope(ctx), eq(shipmentPlans.channel, 'fba')));
  if (!row) throw notFound('Shipment plan');
  const [{ items, reservations, events }, labelingPreference, shipments] = await Promise.all([
    planParts(deps.db, id, ctx.language),
    labelingPreferenceOf(deps.db, ctx.tenantId, row.companyId),
    shipmentsOfPlan(deps.db, id),
  ]);
  const asRecord = { placementOptions: row.placementOptions, transportOptions: row.transportOptions };
  return {
    ...rowOf(row),
    labelingPreference,
    packingOptions: (row.packingOptions ?? []) as PackingOptionView[],
    placementOptions: (row.placementOptions ?? []) as PlacementOptionView[],
    transportOptions: { ...emptyTransport(), ...((row.transportOptions ?? {}) as Partial<TransportStore>) },
    landedCosts: landedCosts(asRecord),
    shipments,
    items: items.map(planItemView),
    reservations,
    events,
  };
}

const MARKETPLACE_OF: Record<
  PlanChannel,
  { name: string; store: string; plans: string; takes: (marketplace: string) => boolean }
> = {
  fba: { name: 'Amazon', store: 'an Amazon store', plans: 'FBA shipment plans go to Amazon stores', takes: isAmazon },
  wfs: {
    name: 'Walmart',
    store: 'a Walmart store',
    plans: 'WFS plans go to Walmart stores',
    takes: (m) => m === 'walmart',
  },
};

/** The client's connected store of the channel's marketplace (another client's store: 404 for a client, 412 for staff). */
async function channelStore(
  tx: DbOrTx,
  ctx: RequestContext,
  storeId: number,
  companyId: number,
  channel: PlanChannel,
): Promise<StoreRecord> {
  const m = MARKETPLACE_OF[channel];
  const store = await storeRecord(tx, ctx, storeId);
  if (store.companyId !== companyId) throw businessRule(`The store ${store.name} belongs to another client`);
  if (!m.takes(store.marketplace)) throw businessRule(`${store.name} is not ${m.store}: ${m.plans}`);
  if (store.connection === 'not_connected')
    throw businessRule(`Connect ${store.name} to ${m.name} first (Merchant Connect)`);
  return store;
}

/**
 * A new plan of either channel with its lines (each holding its units at the channel's station),
 * journalled and audited in one transaction. Answers the plan's id.
 */
export async function insertPlan(
  deps: Deps,
  ctx: RequestContext,
  input: Pick<PlanCreate, 'companyId' | 'storeId' | 'name' | 'shipFrom' | 'items'>,
  channel: PlanChannel,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const company = await resolveClientCompany(tx, ctx, input.companyId);
    const store = await channelStore(tx, ctx, input.storeId, company.id, channel);
    const at = deps.now().toISOString();
    const [plan] = await tx
      .insert(shipmentPlans)
      .values({
        tenantId: ctx.tenantId,
        companyId: company.id,
        storeId: store.id,
        channel,
        name: input.name,
        shipFrom: input.shipFrom,
        createdBy: ctx.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const summary = await writeLines(tx, ctx, plan, store, input.items, at);
    await journal(tx, plan, ctx.userId, at, {
      kind: 'created',
      words: {
        key: channel === 'wfs' ? 'journal.wfsPlanCreated' : 'journal.planCreated',
        params: { store: store.name, summary },
      },
      request: input,
    });
    await audit(tx, ctx, 'shipment_plan', plan.id, 'create', null, { ...plan, items: input.items });
    return plan.id;
  });
}

export async function createPlan(deps: Deps, ctx: RequestContext, input: PlanCreate): Promise<PlanDetail> {
  return planDetail(deps, ctx, await insertPlan(deps, ctx, input, 'fba'));
}

export async function renamePlan(deps: Deps, ctx: RequestContext, id: number, name: string): Promise<PlanDetail> {
  await deps.db.transaction(async (tx) => {
    const plan = await planRecord(tx, ctx, id, true);
    assertEditable(plan, deps.now());
    if (plan.name === name) return;
    const at = deps.now().toISOString();
    await tx.update(shipmentPlans).set({ name, updatedAt: at }).where(eq(shipmentPlans.id, id));
    await journal(tx, plan, ctx.userId, at, {
      kind: 'renamed',
      words: { key: 'journal.renamed', params: { from: plan.name, to: name } },
    });
    await audit(tx, ctx, 'shipment_plan', id, 'update', { name: plan.name }, { name });
  });
  return planDetail(deps, ctx, id);
}

export async function setPlanLines(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  lines: PlanLineInput[],
): Promise<PlanDetail> {
  await deps.db.transaction(async (tx) => {
    const plan = await planRecord(tx, ctx, id, true);
    assertEditable(plan, deps.now());
    const before = await planItemsOf(tx, id);
    const at = deps.now().toISOString();
    const summary = await writeLines(tx, ctx, plan, await storeOfPlan(tx, plan), lines, at);
    await tx.update(shipmentPlans).set({ updatedAt: at }).where(eq(shipmentPlans.id, id));
    await journal(tx, plan, ctx.userId, at, {
      kind: 'items',
      words: { key: 'journal.itemsSet', params: { summary } },
      request: { items: lines },
    });
    await audit(
      tx,
      ctx,
      'shipment_plan',
      id,
      'update',
      { items: before.map((i) => ({ productId: i.productId, quantity: i.quantity })) },
      { items: lines },
    );
  });
  return planDetail(deps, ctx, id);
}
