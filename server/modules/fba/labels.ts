/**
 * Labels (issue 18 step 6): the boxes' labels in box order — Amazon's own (getLabels, a PDF behind
 * a URL valid for 15 seconds, fetched at once) or Dockside's 4×6 labels in ZPL for a thermal
 * printer (or PDF) — pallet labels for LTL shipments, and the partnered carrier's bill of lading.
 * Also the own carrier's tracking numbers, which Amazon must have before the boxes leave.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { estimatePallets } from '../../../domain/rules/freight.js';
import type { LabelsQuery, PlanDetail, TrackingInput } from '../../../domain/schemas/fba.js';
import type { RenderedLabel } from '../../../printing/render.js';
import { boxContents2d, fbaBoxLabel, fbaPalletLabel, labelsPdf } from '../../../printing/templates/fba.js';
import { renderZpl } from '../../../printing/zpl.js';
import type { Deps, RequestContext } from '../../context.js';
import {
  planShipments,
  shipmentBoxes,
  shipmentBoxItems,
  shipmentPlanEvents,
  shipmentPlanItems,
  stores,
} from '../../db/schema/index.js';
import { ApiError, badGateway, businessRule, notFound } from '../../http/errors.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { startAmazonStep } from './amazon-call.js';
import { planRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { settle } from './settle.js';

export const UPDATE_TRACKING = 'updateShipmentTrackingDetails';
const AFTER_TRANSPORT = ['labels', 'shipped', 'receiving'];

type ShipmentRecord = typeof planShipments.$inferSelect;

async function labelledPlan(deps: Deps, ctx: RequestContext, id: number, shipmentId?: string) {
  const plan = await planRecord(deps.db, ctx, id);
  if (!AFTER_TRANSPORT.includes(plan.step))
    throw businessRule('Labels come once placement and transportation are confirmed');
  const shipments = await deps.db
    .select()
    .from(planShipments)
    .where(and(eq(planShipments.planId, id), shipmentId ? eq(planShipments.shipmentId, shipmentId) : undefined))
    .orderBy(asc(planShipments.id));
  if (shipmentId && !shipments.length) throw notFound('Shipment');
  return { plan, shipments };
}

async function amazonClient(deps: Deps, plan: PlanRecord) {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  return { store, client: await amazonClientFor(deps, store) };
}

/** A document behind one of Amazon's short-lived download URLs, fetched at once. */
async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url).catch(() => null);
  if (!res || !res.ok) throw badGateway('Amazon’s label document could not be downloaded: try again');
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (new TextDecoder().decode(bytes.slice(0, 5)) !== '%PDF-')
    throw badGateway('Amazon sent something that is not a PDF');
  return bytes;
}

async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0];
  const out = await PDFDocument.create();
  for (const part of parts) {
    const doc = await PDFDocument.load(part);
    for (const page of await out.copyPages(doc, doc.getPageIndices())) out.addPage(page);
  }
  return out.save();
}

/** The boxes of each shipment in box order, with what each holds (for Dockside's labels). */
async function boxesByShipment(deps: Deps, planId: number) {
  const boxes = await deps.db
    .select()
    .from(shipmentBoxes)
    .where(eq(shipmentBoxes.planId, planId))
    .orderBy(asc(shipmentBoxes.boxNo));
  const contents = await deps.db
    .select({
      boxId: shipmentBoxItems.boxId,
      quantity: shipmentBoxItems.quantity,
      fnsku: shipmentPlanItems.fnsku,
      msku: shipmentPlanItems.msku,
      expiration: shipmentPlanItems.expiration,
    })
    .from(shipmentBoxItems)
    .innerJoin(shipmentPlanItems, eq(shipmentPlanItems.id, shipmentBoxItems.planItemId))
    .where(eq(shipmentBoxItems.planId, planId));
  return { boxes, contents };
}

export async function planLabels(deps: Deps, ctx: RequestContext, id: number, q: LabelsQuery): Promise<RenderedLabel> {
  const { plan, shipments } = await labelledPlan(deps, ctx, id, q.shipmentId);
  const { boxes, contents } = await boxesByShipment(deps, id);
  const of = (s: ShipmentRecord) => boxes.filter((b) => b.shipmentId === s.id);
  const chosen = q.kind === 'pallet' ? shipments.filter((s) => s.shippingMode === 'FREIGHT_LTL') : shipments;
  if (!chosen.length)
    throw businessRule(
      q.kind === 'pallet' ? 'No shipment of the plan travels as LTL freight: no pallet labels' : 'No shipments',
    );
  const palletsOf = (s: ShipmentRecord) =>
    estimatePallets(
      of(s).map((b) => ({ lengthIn: b.lengthIn!, widthIn: b.widthIn!, heightIn: b.heightIn!, weightLb: b.weightLb! })),
    )?.count ?? 1;

  if (q.source === 'amazon') {
    if (q.format !== 'pdf')
      throw businessRule('Amazon’s labels come as PDF: ask for format=pdf, or source=dockside for ZPL');
    const { store, client } = await amazonClient(deps, plan);
    const parts: Uint8Array[] = [];
    for (const s of chosen) {
      if (!s.confirmationId) throw businessRule(`Shipment ${s.shipmentId} has no confirmation id yet`);
      const boxIds = of(s)
        .map((b) => b.amazonBoxId)
        .filter((b): b is string => !!b);
      const answer = await withStore(deps, store, () =>
        client.inbound.getLabels(
          s.confirmationId!,
          q.kind === 'pallet' ? { labelType: 'PALLET', pallets: palletsOf(s) } : { labelType: 'UNIQUE', boxIds },
        ),
      );
      parts.push(await download(answer.payload.DownloadURL));
    }
    return {
      contentType: 'application/pdf',
      data: await mergePdfs(parts),
      filename: `${plan.name}-${q.kind}-labels.pdf`,
    };
  }

  // Dockside's own labels, in Amazon's layout: ship-from and the fulfilment centre, BOX n OF N, the
  // FBA box id as Code 128 and Amazon's 2D box-content barcode (or PALLET n OF N for LTL).
  const from = {
    name: plan.shipFrom.companyName ?? plan.shipFrom.name,
    addressLine1: plan.shipFrom.addressLine1,
    city: plan.shipFrom.city,
    stateOrProvinceCode: plan.shipFrom.stateOrProvinceCode,
    postalCode: plan.shipFrom.postalCode,
    countryCode: plan.shipFrom.countryCode,
  };
  const toOf = (s: ShipmentRecord) => {
    const d = (s.destination ?? {}) as {
      warehouseId?: string | null;
      address?: {
        addressLine1?: string;
        city?: string;
        stateOrProvinceCode?: string;
        postalCode?: string;
        countryCode?: string;
      } | null;
    };
    return {
      name: `Amazon ${d.warehouseId ?? ''}`.trim(),
      addressLine1: d.address?.addressLine1 ?? '',
      city: d.address?.city ?? '',
      stateOrProvinceCode: d.address?.stateOrProvinceCode,
      postalCode: d.address?.postalCode ?? '',
      countryCode: d.address?.countryCode ?? 'US',
    };
  };
  const labels =
    q.kind === 'pallet'
      ? chosen.flatMap((s) => {
          const n = palletsOf(s);
          return Array.from({ length: n }, (_, i) =>
            fbaPalletLabel(s.confirmationId ?? s.shipmentId, toOf(s), i + 1, n),
          );
        })
      : chosen.flatMap((s) => {
          const mine = of(s);
          return mine.map((b, i) =>
            fbaBoxLabel({
              shipmentConfirmationId: s.confirmationId ?? s.shipmentId,
              shipmentName: `${s.name ?? plan.name}${b.teamLift ? ' — TEAM LIFT' : ''}`,
              from,
              to: toOf(s),
              boxId: b.amazonBoxId ?? b.id,
              boxNumber: i + 1,
              boxCount: mine.length,
              contents2d: boxContents2d(
                s.confirmationId ?? s.shipmentId,
                contents
                  .filter((c) => c.boxId === b.id)
                  .map((c) => ({ fnsku: c.fnsku ?? c.msku ?? '', quantity: c.quantity, expiration: c.expiration })),
              ),
            }),
          );
        });
  if (!labels.length) throw businessRule('The shipment has no boxes');
  const filename = `${plan.name}-${q.kind}-labels`;
  if (q.format === 'zpl')
    return {
      contentType: 'application/zpl',
      data: labels.map((l) => renderZpl(l, { dpi: 203 })).join(''),
      filename: `${filename}.zpl`,
    };
  return { contentType: 'application/pdf', data: await labelsPdf(labels, filename), filename: `${filename}.pdf` };
}

export async function billOfLading(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  shipmentId: string,
): Promise<RenderedLabel> {
  const { plan, shipments } = await labelledPlan(deps, ctx, id, shipmentId);
  const s = shipments[0];
  if (s.shippingMode !== 'FREIGHT_LTL' || s.shippingSolution !== 'AMAZON_PARTNERED_CARRIER')
    throw businessRule('Only a shipment with Amazon’s partnered LTL carrier has Amazon’s bill of lading');
  const { store, client } = await amazonClient(deps, plan);
  const answer = await withStore(deps, store, () => client.inboundTransport.getBillOfLading(s.confirmationId!));
  return {
    contentType: 'application/pdf',
    data: await download(answer.payload.DownloadURL),
    filename: `BOL-${s.confirmationId}.pdf`,
  };
}

export async function giveTracking(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  shipmentId: string,
  input: TrackingInput,
): Promise<PlanDetail> {
  const { plan, shipments } = await labelledPlan(deps, ctx, id, shipmentId);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  const s = shipments[0];
  if (s.shippingSolution !== 'USE_YOUR_OWN_CARRIER')
    throw businessRule('Amazon’s partnered carrier tracks this shipment: there is nothing to enter');
  if (s.shippingMode === 'FREIGHT_LTL' && !input.proNumber) throw businessRule('An LTL shipment takes the PRO number');
  if (s.shippingMode === 'GROUND_SMALL_PARCEL' && !input.boxes)
    throw businessRule('A small-parcel shipment takes a tracking number for each box');
  if (input.boxes) {
    const mine = await deps.db
      .select({ amazonBoxId: shipmentBoxes.amazonBoxId, boxNo: shipmentBoxes.boxNo })
      .from(shipmentBoxes)
      .where(eq(shipmentBoxes.shipmentId, s.id));
    const known = new Set(mine.map((b) => b.amazonBoxId));
    const problems = input.boxes
      .filter((b) => !known.has(b.boxId))
      .map((b) => `Box ${b.boxId} is not a box of this shipment`);
    const ids = input.boxes.map((b) => b.trackingId.toUpperCase());
    if (new Set(ids).size !== ids.length) problems.push('Each box needs its own tracking number');
    if (problems.length) throw new ApiError(412, problems);
  }
  const trackingDetails = input.boxes
    ? {
        spdTrackingDetail: {
          spdTrackingItems: input.boxes.map((b) => ({ boxId: b.boxId, trackingId: b.trackingId.toUpperCase() })),
        },
      }
    : {
        ltlTrackingDetail: {
          freightBillNumber: [input.proNumber!],
          ...(input.billOfLadingNumber ? { billOfLadingNumber: input.billOfLadingNumber } : {}),
        },
      };
  await startAmazonStep(deps, ctx.userId, plan, {
    operation: UPDATE_TRACKING,
    asked: `tracking of shipment ${s.name ?? shipmentId}`,
    request: { shipmentId, trackingDetails },
    unchanged: 'The tracking is not saved: enter it again',
    call: (client, inboundPlanId) =>
      client.inboundTransport.updateShipmentTrackingDetails(inboundPlanId, shipmentId, trackingDetails),
  });
  return planDetail(deps, ctx, id);
}

/** updateShipmentTrackingDetails succeeded: the shipment keeps the tracking as Amazon has it. */
export async function onTrackingTaken(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const [asked] = await deps.db
    .select({ request: shipmentPlanEvents.request })
    .from(shipmentPlanEvents)
    .where(and(eq(shipmentPlanEvents.planId, plan.id), eq(shipmentPlanEvents.kind, 'amazon.asked')))
    .orderBy(desc(shipmentPlanEvents.id))
    .limit(1);
  const shipmentId = (asked?.request as { shipmentId?: string } | null)?.shipmentId;
  if (!shipmentId) throw new Error(`Plan ${plan.id}: no shipment in the last tracking request`);
  const { store, client } = await amazonClient(deps, plan);
  const s = await withStore(deps, store, () => client.inbound.getShipment(plan.inboundPlanId!, shipmentId));
  const spd = s.trackingDetails?.spdTrackingDetail?.spdTrackingItems ?? [];
  const ltl = s.trackingDetails?.ltlTrackingDetail;
  await settle(deps, done, plan.id, {
    message: spd.length
      ? `Amazon has the tracking of ${spd.length} box${spd.length === 1 ? '' : 'es'} of shipment ${s.name ?? shipmentId}${
          spd.some((t) => t.trackingNumberValidationStatus === 'NOT_SUPPORTED')
            ? ' (some numbers Amazon cannot look up with the carrier)'
            : ''
        }`
      : `Amazon has the PRO number ${ltl?.freightBillNumber?.[0] ?? ''} of shipment ${s.name ?? shipmentId}`,
    response: s.trackingDetails ?? null,
    write: async (tx, at) => {
      await tx
        .update(planShipments)
        .set({
          tracking: spd.length
            ? {
                boxes: spd.map((t) => ({
                  boxId: t.boxId ?? '',
                  trackingId: t.trackingId ?? '',
                  status: t.trackingNumberValidationStatus ?? null,
                })),
              }
            : null,
          proNumber: ltl?.freightBillNumber?.[0] ?? null,
          billOfLadingNumber: ltl?.billOfLadingNumber ?? null,
          updatedAt: at,
        })
        .where(and(eq(planShipments.planId, plan.id), eq(planShipments.shipmentId, shipmentId)));
    },
  });
}
