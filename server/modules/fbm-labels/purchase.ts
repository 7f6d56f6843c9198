/**
 * Buying an FBM order's labels (issue 20 step 6; spec /label/psh/purchase): one label per package,
 * each through the Buy Shipping Labels tool's purchaseLabel — the carrier asked first, the label
 * row and the client's label-funds draw (with the upcharge; refused when short under
 * ENFORCE_PAYMENT_METHOD) written together, a refusal leaving nothing behind.
 *
 * Never twice: each package's purchase key is packageKey(order, package, attempt), claimed in
 * fbm_order_labels before the carrier is asked. A retry, a crashed job run again, a second click or
 * a second bulk run finds the key: a label already bought under it is answered, not bought again.
 * Only a void opens the next attempt.
 */
import { and, eq, sql } from 'drizzle-orm';
import { choose, packageKey } from '../../../domain/rules/fbm-labels.js';
import type { BulkOrderResult, OrderLabelPurchase, ServicePreset } from '../../../domain/schemas/fbm-labels.js';
import type { LabelFormat } from '../../../domain/schemas/shipping-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import { selectRows } from '../../db/rows.js';
import { fbmOrderLabels } from '../../db/schema/index.js';
import { ApiError, businessRule } from '../../http/errors.js';
import { purchaseLabel } from '../shipping/labels.js';
import { amazonSeller, amazonStoreOf, isAmazonRate, SellerInputsMissing } from './amazon.js';
import { marketplaceSeller } from './marketplaces.js';
import { customsForLabel } from '../customs/service.js';
import { isInternationalShipment, packageRateIds, shipmentOf, shopOrder } from './rates.js';

interface PackageState {
  number: number;
  attempt: number;
  requestKey: string;
  label: {
    id: number;
    status: string;
    rateId: string;
    carrier: string;
    service: string;
    trackingNumber: string | null;
    totalCents: number;
  } | null;
}

/** Each package's current purchase key and what stands under it (nothing, being bought, bought). */
export async function packageStates(
  deps: Deps,
  tenantId: number,
  orderId: number,
  numbers: number[],
): Promise<PackageState[]> {
  const rows = await selectRows<{
    package_number: number;
    attempt: number;
    request_key: string;
    label_id: number | null;
    status: string | null;
    rate_id: string | null;
    carrier: string | null;
    service: string | null;
    tracking_number: string | null;
    total_cents: number | null;
  }>(
    deps.db,
    sql`select fol.package_number, fol.attempt, fol.request_key, sl.id as label_id, sl.status, sl.rate_id, sl.carrier,
          sl.service, sl.tracking_number, sl.total_cents
        from fbm_order_labels fol
        left join shipping_labels sl on sl.tenant_id = fol.tenant_id and sl.request_key = fol.request_key
        where fol.tenant_id = ${tenantId} and fol.order_id = ${orderId}
        order by fol.package_number, fol.attempt desc`,
  );
  return numbers.map((number) => {
    const latest = rows.find((r) => Number(r.package_number) === number);
    if (!latest) return { number, attempt: 0, requestKey: packageKey(orderId, number, 0), label: null };
    // A voided label opens the next attempt; anything else keeps the key it has.
    const attempt = Number(latest.attempt) + (latest.status === 'voided' ? 1 : 0);
    const label =
      latest.label_id && latest.status !== 'voided'
        ? {
            id: Number(latest.label_id),
            status: latest.status!,
            rateId: latest.rate_id!,
            carrier: latest.carrier!,
            service: latest.service!,
            trackingNumber: latest.tracking_number,
            totalCents: Number(latest.total_cents),
          }
        : null;
    return { number, attempt, requestKey: packageKey(orderId, number, attempt), label };
  });
}

/** Called once every package of an order has its label (auto-close after label purchase plugs in here). */
type LabelsBoughtHook = (deps: Deps, ctx: RequestContext, orderId: number) => Promise<void>;
let afterOrderLabelsBought: LabelsBoughtHook | null = null;
export function onOrderLabelsBought(hook: LabelsBoughtHook | null) {
  afterOrderLabelsBought = hook;
}

export const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.messages.join('; ') : err instanceof Error ? err.message : String(err);

/**
 * Buys the labels an order still needs: with the given rate (from the rate shop) or the preset's
 * choice, shopped now. Answers one result for the order; throws only when nothing could be tried.
 */
export async function buyOrderLabels(
  deps: Deps,
  ctx: RequestContext,
  input: {
    orderId: number;
    rateId?: string;
    preset: ServicePreset;
    format: LabelFormat;
    runId?: number;
    /** Amazon Buy Shipping's additional seller inputs the user gave (international services). */
    sellerInputs?: Record<string, string>;
  },
): Promise<BulkOrderResult> {
  const s = await shipmentOf(deps, ctx, input.orderId);
  const base: BulkOrderResult = {
    orderId: s.order.id,
    marketplaceOrderId: s.order.marketplaceOrderId,
    state: 'already',
    labelIds: [],
    trackingNumbers: [],
    carrier: null,
    service: null,
    totalCents: null,
    error: null,
    needsInputs: null,
  };
  const states = await packageStates(
    deps,
    ctx.tenantId,
    s.order.id,
    s.packages.map((p) => p.number),
  );
  const done = (st: PackageState) => st.label && st.label.status === 'bought';
  const todo = states.filter((st) => !done(st));
  let rateIds: string[] = [];
  let orderRateId: string | null = null;
  // An international parcel is not bought without a complete customs declaration (412 in words).
  if (todo.length && isInternationalShipment(s)) await customsForLabel(deps, ctx, s.order.id);
  if (todo.length) {
    let rateId = input.rateId;
    if (!rateId) {
      const shop = await shopOrder(deps, ctx, s.order.id);
      const picked = choose(shop.rates, input.preset);
      if ('reason' in picked)
        throw businessRule(
          shop.refused.length && !shop.rates.length ? shop.refused.map((r) => r.reason).join('; ') : picked.reason,
        );
      rateId = picked.quote.rateId;
    }
    orderRateId = rateId;
    rateIds = packageRateIds(rateId);
    if (rateIds.length !== s.packages.length)
      throw businessRule(
        `The rate is for ${rateIds.length} packages and the order has ${s.packages.length} now: shop its rates again`,
      );
  }
  let bought = 0;
  for (const [i, st] of states.entries()) {
    const pkg = s.packages[i];
    if (done(st)) continue;
    // Claim the key for this order's package (a second claim of the same key is the same purchase).
    await deps.db
      .insert(fbmOrderLabels)
      .values({
        tenantId: ctx.tenantId,
        companyId: s.order.companyId,
        orderId: s.order.id,
        packageNumber: st.number,
        attempt: st.attempt,
        requestKey: st.requestKey,
        runId: input.runId ?? null,
      })
      .onConflictDoNothing();
    // A purchase still under way under this key is waited for with its own rate.
    const rateId = st.label?.status === 'buying' ? st.label.rateId : rateIds[i];
    const request = {
      requestKey: st.requestKey,
      rateId,
      companyId: s.order.companyId,
      format: input.format,
      reference: s.order.displayId ?? s.order.marketplaceOrderId,
      shipFrom: s.shipFrom,
      shipTo: s.shipTo,
      parcels: [pkg.parcel],
    };
    let label;
    if (isAmazonRate(rateId)) {
      // Amazon Buy Shipping: the same key, row and funds draw, Amazon selling the label.
      const store = await amazonStoreOf(deps, s.order);
      if (!store) throw businessRule('This rate is Amazon Buy Shipping’s and the order is not an Amazon store’s');
      try {
        label = await purchaseLabel(
          deps,
          ctx,
          request,
          amazonSeller(deps, store, s, pkg, rateId, input.format, { ctx, given: input.sellerInputs }),
        );
      } catch (err) {
        // Said for the order's rate (every package's), the one its inputs are given for.
        if (err instanceof SellerInputsMissing && orderRateId && err.rateId !== orderRateId)
          throw new SellerInputsMissing(orderRateId, err.inputs, s.order.marketplaceOrderId);
        throw err;
      }
    } else {
      // Ship With Walmart or eBay Logistics (their rate ids say so), else the aggregator.
      const seller = await marketplaceSeller(deps, s, pkg, rateId, input.format);
      label = seller ? await purchaseLabel(deps, ctx, request, seller) : await purchaseLabel(deps, ctx, request);
    }
    await deps.db
      .update(fbmOrderLabels)
      .set({ shippingLabelId: label.id, updatedAt: new Date().toISOString() })
      .where(and(eq(fbmOrderLabels.tenantId, ctx.tenantId), eq(fbmOrderLabels.requestKey, st.requestKey)));
    bought += 1;
  }
  const after = await packageStates(
    deps,
    ctx.tenantId,
    s.order.id,
    s.packages.map((p) => p.number),
  );
  const labels = after.map((a) => a.label).filter((l): l is NonNullable<PackageState['label']> => !!l);
  // Auto-close after label purchase: the mark-shipped module registers it (its setting and delay).
  if (bought && afterOrderLabelsBought) await afterOrderLabelsBought(deps, ctx, s.order.id);
  return {
    ...base,
    state: bought ? 'bought' : 'already',
    labelIds: labels.map((l) => l.id),
    trackingNumbers: labels.map((l) => l.trackingNumber).filter((t): t is string => !!t),
    carrier: labels[0]?.carrier ?? null,
    service: labels[0]?.service ?? null,
    totalCents: labels.reduce((n, l) => n + l.totalCents, 0),
  };
}

export async function purchaseOne(deps: Deps, ctx: RequestContext, input: OrderLabelPurchase) {
  return buyOrderLabels(deps, ctx, input);
}
