/**
 * Updating a bulk label run (spec /bulk/shipping update): after a run has finished with some
 * orders failed — a rate expired, an address the carrier refused, funds short, Amazon's additional
 * seller inputs missing — the desk changes the choices of the orders still unbought (preset,
 * shopped rates, format, seller inputs), drops the ones it will ship another way, and buys the rest
 * again in the same run. Bought orders keep their labels; the purchase keys (purchase.ts) make the
 * re-run buy nothing twice even if the update races a retry.
 */
import { and, eq } from 'drizzle-orm';
import type { BulkOrderResult, BulkUpdate, LabelRun } from '../../../domain/schemas/fbm-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import { fbmLabelRuns, type LabelRunEntry } from '../../db/schema/index.js';
import { businessRule, conflict, notFound } from '../../http/errors.js';
import { warehouseOnly } from '../fbm-pack/service.js';
import { getRun, givenFor } from './bulk.js';

const settled = (r: BulkOrderResult | LabelRunEntry) => r.state === 'bought' || r.state === 'already';

export async function updateBulk(deps: Deps, ctx: RequestContext, id: number, input: BulkUpdate): Promise<LabelRun> {
  warehouseOnly(ctx, 'Bulk label runs are the warehouse’s');
  const [run] = await deps.db
    .select()
    .from(fbmLabelRuns)
    .where(and(eq(fbmLabelRuns.tenantId, ctx.tenantId), eq(fbmLabelRuns.id, id)));
  if (!run) throw notFound('Label run');
  if (run.status !== 'done') throw conflict('This run is still buying: change it once it has finished');

  const inRun = new Map(run.results.map((r) => [r.orderId, r]));
  const named = [
    ...(input.dropOrderIds ?? []),
    ...Object.keys(input.rates ?? {}).map(Number),
    ...Object.keys(input.sellerInputs ?? {}).map(Number),
  ];
  const strangers = named.filter((o) => !inRun.has(o));
  if (strangers.length) throw businessRule(`Order ${[...new Set(strangers)].join(', ')} is not in this run`);
  const bought = named.filter((o) => settled(inRun.get(o)!)).map((o) => inRun.get(o)!.marketplaceOrderId);
  if (bought.length)
    throw businessRule(
      `${[...new Set(bought)].join(', ')}: already bought in this run; void the label to buy it again`,
    );

  const dropped = new Set(input.dropOrderIds ?? []);
  // An unbought order's inputs: what the run has, with the ones given now on top (by input key).
  const results = run.results
    .filter((r) => !dropped.has(r.orderId))
    .map((r): LabelRunEntry =>
      settled(r)
        ? r
        : {
            ...r,
            ...givenFor({ ...r.sellerInputs, ...input.sellerInputs?.[String(r.orderId)] }),
            state: 'pending',
            error: null,
            needsInputs: null,
          },
    );
  const toBuy = results.filter((r) => r.state === 'pending').length;
  if (!toBuy) throw businessRule('Every order left in this run is bought: there is nothing to buy again');

  // A changed preset applies to the orders without a shopped rate; a dropped order's rate goes.
  const rates = Object.fromEntries(
    Object.entries({ ...run.rates, ...(input.rates ?? {}) }).filter(([o]) => !dropped.has(Number(o))),
  );
  // Only the finished run is changed: a second update at the same moment finds it queued (409).
  const [queued] = await deps.db
    .update(fbmLabelRuns)
    .set({
      status: 'queued',
      preset: input.preset ?? run.preset,
      format: input.format ?? run.format,
      rates,
      orderIds: results.map((r) => r.orderId),
      results,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(fbmLabelRuns.id, run.id), eq(fbmLabelRuns.status, 'done')))
    .returning({ id: fbmLabelRuns.id });
  if (!queued) throw conflict('This run was changed at the same moment: look at it again');

  const jobId = await deps.jobs.enqueue(
    'fbm.buy-labels',
    { tenantId: ctx.tenantId, runId: run.id },
    { tenantId: ctx.tenantId, startedBy: ctx.userId, singletonKey: `fbm.buy-labels:${run.id}` },
  );
  await deps.db
    .update(fbmLabelRuns)
    .set({ jobId, updatedAt: new Date().toISOString() })
    .where(eq(fbmLabelRuns.id, run.id));
  return getRun(deps, ctx, run.id);
}
