/**
 * Packing (issue 18 step 2): Amazon offers ways to pack the plan — packing groups (which SKUs may
 * share a box) with their fees and discounts — and one is confirmed. Generating is no decision,
 * so it starts by itself once Amazon has created the plan; confirming is the warehouse's choice.
 * When the confirmation succeeds every line knows its packing group and the plan goes to the
 * bench (step `boxes`, status `boxing`).
 */
import { eq } from 'drizzle-orm';
import type { AmazonCharge, PackingOptionView, PlanDetail } from '../../../domain/schemas/fba.js';
import type { Deps, RequestContext } from '../../context.js';
import { shipmentPlanItems, stores } from '../../db/schema/index.js';
import { businessRule, notFound } from '../../http/errors.js';
import type { PackingOption } from '../../integrations/amazon/inbound-models.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { startAmazonStep, type AmazonStep } from './amazon-call.js';
import { planItemsOf, planRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { settle } from './settle.js';

export const GENERATE_PACKING = 'generatePackingOptions';
export const CONFIRM_PACKING = 'confirmPackingOption';

export const chargeOf = (c: {
  type: string;
  target: string;
  description: string;
  value: { amount: number; code: string };
}): AmazonCharge => ({
  type: c.type,
  target: c.target,
  description: c.description,
  amountCents: Math.round(c.value.amount * 100),
  currency: c.value.code,
});

function assertAtPacking(plan: PlanRecord): void {
  if (plan.status !== 'open') throw businessRule(`The plan is ${plan.status}: packing can no longer change`);
  if (plan.step !== 'packing')
    throw businessRule(
      plan.step === 'items'
        ? 'Send the plan to Amazon first: packing options come from Amazon'
        : `The packing option is chosen already (the plan is at ${plan.step})`,
    );
}

export const generatePackingStep: AmazonStep = {
  operation: GENERATE_PACKING,
  asked: 'the ways to pack the plan',
  unchanged: 'The plan is unchanged: ask for packing options again',
  call: (client, inboundPlanId) => client.inbound.generatePackingOptions(inboundPlanId),
};

/** Asks Amazon (again) for packing options: after a failure, or when the offers expired. */
export async function generatePacking(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  assertAtPacking(plan);
  await startAmazonStep(deps, ctx.userId, plan, generatePackingStep);
  return planDetail(deps, ctx, id);
}

export async function confirmPacking(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  packingOptionId: string,
): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  assertAtPacking(plan);
  const offered = (plan.packingOptions ?? []) as PackingOptionView[];
  const option = offered.find((o) => o.packingOptionId === packingOptionId);
  if (!option) throw notFound('Packing option');
  if (option.status !== 'OFFERED')
    throw businessRule(`That packing option is ${option.status.toLowerCase()}: ask Amazon for packing options again`);
  if (option.expiration && Date.parse(option.expiration) <= deps.now().getTime())
    throw businessRule('That packing option has expired: ask Amazon for packing options again');
  await startAmazonStep(deps, ctx.userId, plan, {
    operation: CONFIRM_PACKING,
    asked: `pack by option ${packingOptionId} (${option.groups.length} packing group${option.groups.length === 1 ? '' : 's'})`,
    request: { packingOptionId },
    unchanged: 'The plan is unchanged: choose the packing option again',
    call: (client, inboundPlanId) => client.inbound.confirmPackingOption(inboundPlanId, packingOptionId),
  });
  return planDetail(deps, ctx, id);
}

/** Amazon's offers in the plan's words, with each group's items (read from Amazon). */
async function readOptions(deps: Deps, plan: PlanRecord): Promise<PackingOptionView[]> {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  const client = await amazonClientFor(deps, store);
  const inboundPlanId = plan.inboundPlanId!;
  const listed = await withStore(deps, store, () => client.inbound.listPackingOptions(inboundPlanId));
  const groupItems = new Map<string, PackingOptionView['groups'][number]['items']>();
  for (const groupId of new Set(listed.packingOptions.flatMap((o) => o.packingGroups))) {
    const items = await withStore(deps, store, () => client.inbound.listPackingGroupItems(inboundPlanId, groupId));
    groupItems.set(
      groupId,
      items.items.map((i) => ({ msku: i.msku, fnsku: i.fnsku ?? null, quantity: i.quantity })),
    );
  }
  return listed.packingOptions.map((o: PackingOption) => ({
    packingOptionId: o.packingOptionId,
    status: o.status,
    expiration: o.expiration ?? null,
    fees: o.fees.map(chargeOf),
    discounts: o.discounts.map(chargeOf),
    groups: o.packingGroups.map((g) => ({ packingGroupId: g, items: groupItems.get(g) ?? [] })),
    shipping: o.supportedShippingConfigurations.map((c) => ({
      shippingMode: c.shippingMode ?? null,
      shippingSolution: c.shippingSolution ?? null,
    })),
    boxMaxWeightLb:
      o.supportedConfigurations
        .map((c) => c.boxRequirements?.weight)
        .filter((w) => !!w)
        .map((w) => (w!.unit === 'KG' ? w!.maximum * 2.20462 : w!.maximum))
        .sort((a, b) => a - b)[0] ?? null,
  }));
}

/** generatePackingOptions succeeded: the offers are kept on the plan for the screen. */
export async function onPackingOffered(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const options = await readOptions(deps, plan);
  await settle(deps, done, plan.id, {
    message: `Amazon offers ${options.length} way${options.length === 1 ? '' : 's'} to pack the plan: choose one`,
    response: options,
    set: { packingOptions: options },
  });
}

/** confirmPackingOption succeeded: lines get their packing group; the plan goes to the bench. */
export async function onPackingConfirmed(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const options = await readOptions(deps, plan);
  const chosen = options.find((o) => o.status === 'ACCEPTED');
  if (!chosen) throw new Error(`Amazon confirmed no packing option of plan ${plan.id}; the check is retried`);
  const groupOf = new Map(chosen.groups.flatMap((g) => g.items.map((i) => [i.msku, g.packingGroupId] as const)));
  await settle(deps, done, plan.id, {
    message: `Packing confirmed: ${chosen.groups.length} packing group${chosen.groups.length === 1 ? '' : 's'}; next: pack the boxes at the bench`,
    response: chosen,
    step: 'boxes',
    status: 'boxing',
    set: { packingOptionId: chosen.packingOptionId, packingOptions: options },
    write: async (tx, at) => {
      for (const item of await planItemsOf(tx, plan.id))
        await tx
          .update(shipmentPlanItems)
          .set({ packingGroupId: (item.msku && groupOf.get(item.msku)) || null, updatedAt: at })
          .where(eq(shipmentPlanItems.id, item.id));
    },
  });
}
