/**
 * Labels from the client's own carrier accounts (spec /label/custom, /label/custom/carriers): the
 * client (or the warehouse for it) hands in the label it bought elsewhere for a package of its
 * order — carrier, tracking, the document — and the warehouse prints it with the others. It takes
 * the package's purchase key like a bought label (one label per package until voided) and draws
 * nothing from the label funds. Voiding one only takes it off the order: the carrier is the
 * client's to tell. The carrier is one of the warehouse's active carriers (Settings › Carriers) or
 * one of the usual others (CUSTOM_LABEL_CARRIERS), stored by the list's name.
 */
import { and, eq } from 'drizzle-orm';
import { matchCarrier } from '../../../domain/schemas/carriers.js';
import { CUSTOM_LABEL_CARRIERS, type CustomLabel } from '../../../domain/schemas/fbm-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { fbmOrderLabels, shippingLabels } from '../../db/schema/index.js';
import { badRequest, businessRule, conflict } from '../../http/errors.js';
import { carrierOptions } from '../carriers/service.js';
import { currencyOf } from '../finance/common.js';
import { orderInScope } from '../fbm-pack/service.js';
import { shipFromOf, shipToOf } from './addresses.js';
import { orderLabel } from './documents.js';
import { packageStates } from './purchase.js';

function checkedDocument(input: CustomLabel): string | null {
  if (!input.document) return null;
  const bytes = Buffer.from(input.document, 'base64');
  const head = bytes.subarray(0, 8).toString('latin1');
  if (input.format === 'pdf' ? !head.startsWith('%PDF-') : !head.trimStart().startsWith('^XA'))
    throw badRequest(`document: not a ${input.format.toUpperCase()} label (base64 of the file)`);
  return bytes.toString('base64');
}

/** The carriers a custom label may name: the warehouse's active ones by name, then the usual others. */
export async function customLabelCarriers(db: DbOrTx, tenantId: number): Promise<string[]> {
  const own = await carrierOptions(db, tenantId);
  const others = CUSTOM_LABEL_CARRIERS.filter((name) => !matchCarrier(own, name));
  return [...own.map((c) => c.name), ...others];
}

export async function addCustomLabel(deps: Deps, ctx: RequestContext, input: CustomLabel) {
  const listed = await customLabelCarriers(deps.db, ctx.tenantId);
  const carrier = matchCarrier(
    listed.map((name) => ({ name, code: name })),
    input.carrier,
  )?.name;
  if (!carrier) throw badRequest(`carrier: one of the listed carriers (${listed.join(', ')})`);
  const order = await orderInScope(deps.db, ctx, input.orderId);
  if (order.status === 'CANCELED' || order.status === 'SHIPPED')
    throw businessRule(`Order ${order.marketplaceOrderId} is ${order.status.toLowerCase()}: no label is added to it`);
  const document = checkedDocument(input);
  const [state] = await packageStates(deps, ctx.tenantId, order.id, [input.packageNumber]);
  if (state.label)
    throw conflict(
      `Package ${input.packageNumber} of order ${order.marketplaceOrderId} has a label already: void it first`,
    );
  const shipTo = (() => {
    try {
      return shipToOf(order);
    } catch {
      // The client's carrier has the address; what the marketplace gave is kept as it is.
      const a = order.shipTo;
      return {
        name: a?.name ?? '',
        line1: a?.line1 ?? '',
        city: a?.city ?? '',
        state: a?.state ?? '',
        postalCode: a?.postalCode ?? '',
        countryCode: a?.countryCode ?? 'US',
      };
    }
  })();
  const shipFrom = await shipFromOf(deps.db, ctx.tenantId).catch(() => ({
    name: '',
    line1: '',
    city: '',
    state: '',
    postalCode: '',
    countryCode: 'US',
  }));
  const currency = await currencyOf(deps.db, ctx.tenantId);
  let labelId: number;
  try {
    labelId = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shippingLabels)
        .values({
          tenantId: ctx.tenantId,
          companyId: order.companyId,
          requestKey: state.requestKey,
          provider: 'custom',
          rateId: 'custom',
          carrier,
          service: input.service ?? '',
          trackingNumber: input.trackingNumber.toUpperCase(),
          status: 'bought',
          shipFrom,
          shipTo,
          parcels: [],
          reference: order.displayId ?? order.marketplaceOrderId,
          format: input.format,
          document,
          costCents: 0,
          totalCents: 0,
          currency,
          createdBy: ctx.userId,
        })
        .returning({ id: shippingLabels.id });
      await tx
        .insert(fbmOrderLabels)
        .values({
          tenantId: ctx.tenantId,
          companyId: order.companyId,
          orderId: order.id,
          packageNumber: input.packageNumber,
          attempt: state.attempt,
          requestKey: state.requestKey,
          shippingLabelId: row.id,
        })
        .onConflictDoUpdate({
          target: [fbmOrderLabels.tenantId, fbmOrderLabels.requestKey],
          set: { shippingLabelId: row.id, updatedAt: new Date().toISOString() },
        });
      return row.id;
    });
  } catch (err) {
    // The package's key was taken meanwhile (a label bought or added at the same moment).
    if (isUniqueViolation(err))
      throw conflict(
        `Package ${input.packageNumber} of order ${order.marketplaceOrderId} has a label already: void it first`,
      );
    throw err;
  }
  return orderLabel(deps, ctx, labelId);
}

/** Takes a custom label off its order (the client's carrier account is the client's to refund). */
export async function voidCustomLabel(deps: Deps, ctx: RequestContext, id: number) {
  const label = await orderLabel(deps, ctx, id);
  if (label.status === 'voided') throw businessRule('This label is voided already');
  await deps.db
    .update(shippingLabels)
    .set({ status: 'voided', voidedAt: deps.now().toISOString() })
    .where(and(eq(shippingLabels.id, id), eq(shippingLabels.tenantId, ctx.tenantId)));
  return orderLabel(deps, ctx, id);
}
