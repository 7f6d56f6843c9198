/**
 * Bulk label buying (issue 20 step 6; spec /bulk/shipping): a run of many orders, bought by the
 * `fbm.buy-labels` job one order at a time so the screen shows a progress bar and one result per
 * order, failures said in words. The run is keyed by the screen's request key (a double submit is
 * the same run) and each order's packages by their purchase keys (purchase.ts), so a run killed
 * half-way and retried, or a second run over the same orders, buys nothing twice.
 *
 * Amazon Buy Shipping's additional seller inputs (international services) come per order with the
 * run or its update and are kept with the order's entry until it is bought; each purchase gets its
 * own, Dockside filling what it knows as for one order (amazon.ts). An order whose service still
 * needs some fails naming them, with `needsInputs` (its rate and those inputs) for the screen.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BulkOrderResult, BulkPurchase, LabelRun, SellerInputValues } from '../../../domain/schemas/fbm-labels.js';
import type { LabelFormat } from '../../../domain/schemas/shipping-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { companies, fbmLabelRuns, marketplaceOrders, users, type LabelRunEntry } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { warehouseOnly } from '../fbm-pack/service.js';
import { SellerInputsMissing } from './amazon.js';
import { buyOrderLabels, messageOf } from './purchase.js';

type Run = typeof fbmLabelRuns.$inferSelect;

/** An entry as the run shows it: its given inputs kept back; one kept before `needsInputs` was, read as none. */
const shown = ({ sellerInputs: _given, ...r }: LabelRunEntry): BulkOrderResult => ({
  ...r,
  needsInputs: r.needsInputs ?? null,
});

function view(run: Run): LabelRun {
  const results = run.results.map(shown);
  return {
    id: run.id,
    status: run.status as LabelRun['status'],
    jobId: run.jobId,
    format: run.format as LabelFormat,
    total: results.length,
    done: results.filter((r) => r.state !== 'pending').length,
    bought: results.filter((r) => r.state === 'bought' || r.state === 'already').length,
    failed: results.filter((r) => r.state === 'failed').length,
    results,
    createdAt: new Date(run.createdAt).toISOString(),
  };
}

async function runInScope(deps: Deps, ctx: RequestContext, id: number): Promise<Run> {
  warehouseOnly(ctx, 'Bulk label runs are the warehouse’s');
  const [run] = await deps.db
    .select()
    .from(fbmLabelRuns)
    .where(and(eq(fbmLabelRuns.tenantId, ctx.tenantId), eq(fbmLabelRuns.id, id)));
  if (!run) throw notFound('Label run');
  return run;
}

/** The inputs given for an order, as its entry keeps them (none given: nothing kept). */
export const givenFor = (given: SellerInputValues | undefined): Pick<LabelRunEntry, 'sellerInputs'> =>
  given && Object.keys(given).length ? { sellerInputs: given } : {};

export async function getRun(deps: Deps, ctx: RequestContext, id: number) {
  return view(await runInScope(deps, ctx, id));
}

/** Starts a bulk run (or answers the run the same request key started). */
export async function startBulk(deps: Deps, ctx: RequestContext, input: BulkPurchase): Promise<LabelRun> {
  warehouseOnly(ctx, 'Labels are bought in bulk by the warehouse');
  const [same] = await deps.db
    .select()
    .from(fbmLabelRuns)
    .where(and(eq(fbmLabelRuns.tenantId, ctx.tenantId), eq(fbmLabelRuns.requestKey, input.requestKey)));
  if (same) return view(same);
  const ids = [...new Set(input.orderIds)];
  const orders = await deps.db
    .select({ id: marketplaceOrders.id, marketplaceOrderId: marketplaceOrders.marketplaceOrderId })
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.tenantId, ctx.tenantId), inArray(marketplaceOrders.id, ids)));
  const missing = ids.filter((id) => !orders.some((o) => o.id === id));
  if (missing.length) throw notFound(`Order ${missing.join(', ')}`);
  const byId = new Map(orders.map((o) => [o.id, o.marketplaceOrderId]));
  const results: LabelRunEntry[] = ids.map((orderId) => ({
    ...givenFor(input.sellerInputs?.[String(orderId)]),
    orderId,
    marketplaceOrderId: byId.get(orderId)!,
    state: 'pending',
    labelIds: [],
    trackingNumbers: [],
    carrier: null,
    service: null,
    totalCents: null,
    error: null,
    needsInputs: null,
  }));
  let run: Run;
  try {
    [run] = await deps.db
      .insert(fbmLabelRuns)
      .values({
        tenantId: ctx.tenantId,
        requestKey: input.requestKey,
        format: input.format,
        preset: input.preset,
        orderIds: ids,
        rates: input.rates ?? {},
        results,
        createdBy: ctx.userId,
      })
      .returning();
  } catch (err) {
    // Two submits at once: the other one made the run.
    if (!isUniqueViolation(err)) throw err;
    const [other] = await deps.db
      .select()
      .from(fbmLabelRuns)
      .where(and(eq(fbmLabelRuns.tenantId, ctx.tenantId), eq(fbmLabelRuns.requestKey, input.requestKey)));
    if (!other) throw conflict('This bulk purchase is being started: look at the runs in a moment');
    return view(other);
  }
  const jobId = await deps.jobs.enqueue(
    'fbm.buy-labels',
    { tenantId: ctx.tenantId, runId: run.id },
    { tenantId: ctx.tenantId, startedBy: ctx.userId, singletonKey: `fbm.buy-labels:${run.id}` },
  );
  const [saved] = await deps.db
    .update(fbmLabelRuns)
    .set({ jobId, updatedAt: new Date().toISOString() })
    .where(eq(fbmLabelRuns.id, run.id))
    .returning();
  return view(saved);
}

/** The warehouse user who started the run, as a request context for the purchases. */
async function contextOf(deps: Deps, run: Run): Promise<RequestContext> {
  const [owner] = await deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, run.tenantId), eq(companies.isOwner, true)));
  const [user] = run.createdBy
    ? await deps.db.select({ username: users.username }).from(users).where(eq(users.id, run.createdBy))
    : [];
  return {
    tenantId: run.tenantId,
    tenantKey: '',
    companyId: owner?.id ?? 0,
    userId: run.createdBy ?? 0,
    username: user?.username ?? 'job',
    audience: 'Warehouse',
    roleName: '',
    roleId: 0,
    abilities: [],
    extendedResources: [],
    isClient: false,
    platformAdmin: false,
    sessionId: `fbm-label-run-${run.id}`,
  };
}

/**
 * The job: each order not yet settled, in the run's order; its result saved as soon as it is
 * known (a crash loses at most the order under way, and that one's keys make the retry safe).
 */
export async function runBulk(
  deps: Deps,
  tenantId: number,
  runId: number,
  progress: (done: number, total: number, note: string) => Promise<void> = async () => undefined,
) {
  const [run] = await deps.db
    .select()
    .from(fbmLabelRuns)
    .where(and(eq(fbmLabelRuns.tenantId, tenantId), eq(fbmLabelRuns.id, runId)));
  if (!run) throw notFound('Label run');
  const ctx = await contextOf(deps, run);
  await deps.db
    .update(fbmLabelRuns)
    .set({ status: 'running', updatedAt: new Date().toISOString() })
    .where(eq(fbmLabelRuns.id, run.id));
  const total = run.results.length;
  for (const [i, r] of run.results.entries()) {
    if (r.state === 'bought' || r.state === 'already') continue;
    let result: LabelRunEntry;
    try {
      result = await buyOrderLabels(deps, ctx, {
        orderId: r.orderId,
        rateId: run.rates[String(r.orderId)],
        preset: run.preset,
        format: run.format as LabelFormat,
        runId: run.id,
        sellerInputs: r.sellerInputs,
      });
    } catch (err) {
      // Still unbought: its inputs stay with it for the run's update; missing ones are named.
      result = {
        ...r,
        state: 'failed',
        error: messageOf(err),
        needsInputs: err instanceof SellerInputsMissing ? { rateId: err.rateId, inputs: err.inputs } : null,
      };
    }
    await deps.db
      .update(fbmLabelRuns)
      .set({
        results: sql`jsonb_set(${fbmLabelRuns.results}, ${`{${i}}`}::text[], ${JSON.stringify(result)}::jsonb)`,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(fbmLabelRuns.id, run.id));
    await progress(i + 1, total, `${r.marketplaceOrderId}: ${result.state}`);
  }
  const [done] = await deps.db
    .update(fbmLabelRuns)
    .set({ status: 'done', updatedAt: new Date().toISOString() })
    .where(eq(fbmLabelRuns.id, run.id))
    .returning();
  const v = view(done);
  return { runId: v.id, bought: v.bought, failed: v.failed };
}

export function provideBulkLabelJob(): void {
  provideJob('fbm.buy-labels', async (data, job, deps) =>
    runBulk(deps, data.tenantId, data.runId, (done, total, note) => job.progress(done, total, note)),
  );
}
