/**
 * Inbound v2024 transportation in the Amazon sandbox. For one placement option at a time (so a
 * seller can compare placements before confirming one) it generates, per shipment: Amazon's
 * partnered small parcel (quoted per box; not offered past 200 boxes), the seller's own small-parcel
 * carrier, partnered LTL (quoted from the pallets and freight class; needs contact and freight
 * information) and the seller's own LTL carrier. Own-carrier options need a confirmed delivery
 * window first. Confirming takes one option per shipment of the confirmed placement; a partnered
 * charge can then be voided — by cancelling the plan — for 24 hours (small parcel) or 1 hour (LTL).
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  confirmTransportationOptionsRequestSchema,
  generateTransportationOptionsRequestSchema,
  updateShipmentTrackingDetailsRequestSchema,
  type GenerateTransportationOptionsRequest,
  type TransportationOption,
} from '../../integrations/amazon/transport-models.js';
import { code, rng } from '../random.js';
import { hashId, type InboundState, type Problem, type SpError, type StoredPlan } from './inbound-state.js';
import {
  MAX_SPD_BOXES,
  VOID_WINDOW_MS,
  palletProblems,
  partneredLtlCost,
  partneredSpdCost,
  zone,
} from './transport-pricing.js';

const QUOTE_VALID_MS = 24 * 3_600_000;
/** The request body read with a model's schema, or the first thing wrong with it. */
async function bodyOf<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ data: z.infer<S>; message?: undefined } | { data?: undefined; message: string }> {
  const parsed = schema.safeParse(await c.req.json().catch(() => null));
  if (parsed.success) return { data: parsed.data };
  const i = parsed.error.issues[0];
  return { message: `${i.path.join('.') || 'body'}: ${i.message}` };
}

const problem = (code: string, message: string, details?: string): Problem => ({
  code,
  message,
  severity: 'ERROR',
  ...(details ? { details } : {}),
});

/** The boxes a placement option sends in one of its shipments (spread in turn, as confirmation numbers them). */
export function boxesOfShipment(p: StoredPlan, shipmentIds: string[], shipmentId: string) {
  const k = shipmentIds.indexOf(shipmentId);
  return (p.boxes ?? []).filter((_, i) => i % shipmentIds.length === k);
}

/** The partnered option a confirmed shipment travels with, if any, and until when it can be voided. */
export function partneredVoidWindow(p: StoredPlan): { shipmentId: string; until: number }[] {
  if (!p.transportConfirmedAt) return [];
  const options = Object.values(p.transport ?? {}).flatMap((t) => t.options);
  return (p.placement?.shipments ?? []).flatMap((s) => {
    const o = options.find((x) => x.transportationOptionId === s.selectedTransportationOptionId);
    if (!o || o.shippingSolution !== 'AMAZON_PARTNERED_CARRIER') return [];
    const mode = o.shippingMode as keyof typeof VOID_WINDOW_MS;
    return [{ shipmentId: s.shipmentId, until: p.transportConfirmedAt! + VOID_WINDOW_MS[mode] }];
  });
}

export function transportRoutes(
  app: Hono,
  base: string,
  st: InboundState,
  sellerOf: (c: Context) => string | null,
  spError: SpError,
): void {
  const notFound = (c: Context) => spError(c, 404, 'NotFound', 'The inbound plan was not found');
  const invalid = (c: Context, message: string) => spError(c, 400, 'InvalidInput', message);
  app.post(`${base}/inboundPlans/:inboundPlanId/transportationOptions`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    const body = await bodyOf(c, generateTransportationOptionsRequestSchema);
    if (!body.data) return invalid(c, body.message);
    const req = body.data;
    if (found.plan.status !== 'ACTIVE') return invalid(c, `The inbound plan is ${found.plan.status}`);
    const placement = found.placement;
    const option = placement?.options.find((o) => o.placementOptionId === req.placementOptionId);
    if (!placement || !option || !(await st.succeeded(seller, placement.operationId)))
      return invalid(c, `placementOptionId ${req.placementOptionId} is not a placement option of this plan`);
    if (option.status === 'EXPIRED') return invalid(c, 'The placement option has expired: another one was confirmed');
    if (found.transportConfirmedAt) return invalid(c, 'Transportation is already confirmed for this plan');
    const configs = req.shipmentTransportationConfigurations;
    const stranger = configs.find((s) => !option.shipmentIds.includes(s.shipmentId));
    if (stranger) return invalid(c, `shipmentId ${stranger.shipmentId} is not a shipment of this placement option`);
    const missing = option.shipmentIds.find((id) => !configs.some((s) => s.shipmentId === id));
    if (missing) return invalid(c, `shipmentTransportationConfigurations: shipment ${missing} has no configuration`);
    const today = new Date(st.now()).toISOString().slice(0, 10);
    const early = configs.find((s) => s.readyToShipWindow.start.slice(0, 10) < today);
    if (early) return invalid(c, `readyToShipWindow.start ${early.readyToShipWindow.start} is in the past`);

    const problems: Problem[] = configs.flatMap((s) =>
      palletProblems(s.pallets ?? []).map((m) =>
        problem('FBA_INB-0340', `Shipment ${s.shipmentId}: ${m}`, 'Rebuild the pallets within the limits.'),
      ),
    );
    const options = problems.length
      ? []
      : configs.flatMap((cfg) => {
          const shipment = placement.shipments.find((s) => s.shipmentId === cfg.shipmentId)!;
          const boxes = boxesOfShipment(found, option.shipmentIds, cfg.shipmentId);
          return transportationOptionsFor(
            cfg,
            shipment.source.address?.postalCode ?? '',
            shipment.destination.address?.postalCode ?? '',
            boxes,
            st.now(),
          );
        });
    const operationId = await st.start(seller, 'generateTransportationOptions', problems);
    await st.save(seller, {
      ...found,
      transport: { ...found.transport, [option.placementOptionId]: { operationId, configurations: configs, options } },
    });
    return c.json({ operationId }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/transportationOptions`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    const q = c.req.query();
    if (!q.placementOptionId && !q.shipmentId) return invalid(c, 'Give placementOptionId or shipmentId');
    const pageSize = Number(q.pageSize ?? 10);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20) return invalid(c, 'pageSize: from 1 to 20');
    const generated = Object.entries(found.transport ?? {}).filter(
      ([placementId, t]) =>
        (!q.placementOptionId || placementId === q.placementOptionId) &&
        (!q.shipmentId || t.configurations.some((s) => s.shipmentId === q.shipmentId)),
    );
    const ready: TransportationOption[] = [];
    for (const [, t] of generated)
      if (await st.succeeded(seller, t.operationId))
        ready.push(...t.options.filter((o) => !q.shipmentId || o.shipmentId === q.shipmentId));
    const from = q.paginationToken ? Number(Buffer.from(q.paginationToken, 'base64url').toString()) : 0;
    if (!Number.isInteger(from) || from < 0) return invalid(c, 'paginationToken: not one this operation issued');
    const next =
      from + pageSize < ready.length ? Buffer.from(String(from + pageSize)).toString('base64url') : undefined;
    return c.json({
      transportationOptions: ready.slice(from, from + pageSize),
      ...(next ? { pagination: { nextToken: next } } : {}),
    });
  });

  app.post(`${base}/inboundPlans/:inboundPlanId/transportationOptions/confirmation`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    const body = await bodyOf(c, confirmTransportationOptionsRequestSchema);
    if (!body.data) return invalid(c, body.message);
    const accepted = found.placement?.options.find((o) => o.status === 'ACCEPTED');
    if (!accepted) return invalid(c, 'Confirm a placement option before its transportation');
    if (found.transportConfirmedAt) return invalid(c, 'Transportation is already confirmed for this plan');
    const generated = found.transport?.[accepted.placementOptionId];
    if (!generated || !(await st.succeeded(seller, generated.operationId)))
      return invalid(c, 'Generate transportation options for the confirmed placement option first');
    const selections = body.data.transportationSelections;
    const chosen: TransportationOption[] = [];
    for (const sel of selections) {
      const o = generated.options.find(
        (x) => x.transportationOptionId === sel.transportationOptionId && x.shipmentId === sel.shipmentId,
      );
      if (!o)
        return invalid(
          c,
          `transportationOptionId ${sel.transportationOptionId} is not an option of shipment ${sel.shipmentId}`,
        );
      chosen.push(o);
    }
    for (const id of accepted.shipmentIds)
      if (selections.filter((s) => s.shipmentId === id).length !== 1)
        return invalid(c, `transportationSelections: choose exactly one option for shipment ${id}`);

    const shipments = found.placement!.shipments;
    const problems: Problem[] = [];
    chosen.forEach((o, i) => {
      const sel = selections[i];
      const shipment = shipments.find((s) => s.shipmentId === o.shipmentId)!;
      const config = generated.configurations.find((x) => x.shipmentId === o.shipmentId)!;
      if (o.preconditions.includes('CONFIRMED_DELIVERY_WINDOW') && !shipment.selectedDeliveryWindow)
        problems.push(
          problem(
            'FBA_INB-0332',
            `Shipment ${shipment.name ?? o.shipmentId}: confirm a delivery window before choosing your own carrier`,
            'Generate delivery window options for the shipment and confirm one.',
          ),
        );
      if (o.shippingMode === 'FREIGHT_LTL' && !(sel.contactInformation ?? config.contactInformation))
        problems.push(
          problem(
            'FBA_INB-0333',
            `Shipment ${shipment.name ?? o.shipmentId}: LTL freight needs a contact for the carrier`,
            'Give contactInformation (name and phone) with the selection.',
          ),
        );
      if (o.quote?.expiration && Date.parse(o.quote.expiration) < st.now())
        problems.push(problem('FBA_INB-0334', `Shipment ${o.shipmentId}: the quote expired; generate options again`));
    });
    const operationId = await st.start(seller, 'confirmTransportationOptions', problems);
    if (problems.length) return c.json({ operationId }, 202);

    const at = st.now();
    const confirmed = generated.options.map((o) =>
      chosen.includes(o) && o.shippingSolution === 'AMAZON_PARTNERED_CARRIER' && o.quote
        ? {
            ...o,
            quote: {
              ...o.quote,
              voidableUntil: new Date(at + VOID_WINDOW_MS[o.shippingMode as keyof typeof VOID_WINDOW_MS]).toISOString(),
            },
          }
        : o,
    );
    const r = rng(`${found.plan.inboundPlanId}/transport`);
    const updated = shipments.map((s) => {
      const o = chosen.find((x) => x.shipmentId === s.shipmentId);
      if (!o) return s;
      const i = chosen.indexOf(o);
      const config = generated.configurations.find((x) => x.shipmentId === s.shipmentId)!;
      const start = Date.parse(config.readyToShipWindow.start);
      const partneredLtl = o.shippingMode === 'FREIGHT_LTL' && o.shippingSolution === 'AMAZON_PARTNERED_CARRIER';
      const contactInformation = selections[i].contactInformation ?? config.contactInformation;
      return {
        ...s,
        status: 'READY_TO_SHIP',
        selectedTransportationOptionId: o.transportationOptionId,
        ...(contactInformation ? { contactInformation } : {}),
        ...(config.freightInformation ? { freightInformation: config.freightInformation } : {}),
        dates: {
          readyToShipWindow: {
            start: new Date(start).toISOString(),
            end: new Date(start + 6 * 86_400_000).toISOString(),
            editableUntil: new Date(start).toISOString(),
          },
        },
        // The partnered LTL carrier issues the bill of lading and the PRO (freight bill) number.
        ...(partneredLtl
          ? {
              trackingDetails: {
                ltlTrackingDetail: { billOfLadingNumber: code(r, '', 10), freightBillNumber: [code(r, '', 9)] },
              },
            }
          : {}),
      };
    });
    await st.save(seller, {
      ...found,
      transportConfirmedAt: at,
      transport: { ...found.transport, [accepted.placementOptionId]: { ...generated, options: confirmed } },
      placement: { ...found.placement!, shipments: updated },
      plan: {
        ...found.plan,
        lastUpdatedAt: new Date(at).toISOString(),
        shipments: updated
          .filter((s) => accepted.shipmentIds.includes(s.shipmentId))
          .map((s) => ({ shipmentId: s.shipmentId, status: s.status ?? 'WORKING' })),
      },
    });
    return c.json({ operationId }, 202);
  });

  app.put(`${base}/inboundPlans/:inboundPlanId/shipments/:shipmentId/trackingDetails`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    const body = await bodyOf(c, updateShipmentTrackingDetailsRequestSchema);
    if (!body.data) return invalid(c, body.message);
    const shipmentId = c.req.param('shipmentId');
    const shipment = found.placement?.shipments.find((s) => s.shipmentId === shipmentId);
    if (!shipment || !found.plan.shipments?.some((s) => s.shipmentId === shipmentId))
      return spError(c, 404, 'NotFound', 'The shipment was not found');
    const options = Object.values(found.transport ?? {}).flatMap((t) => t.options);
    const o = options.find((x) => x.transportationOptionId === shipment.selectedTransportationOptionId);
    if (!o) return invalid(c, 'Confirm the shipment’s transportation before giving tracking details');
    if (o.shippingSolution === 'AMAZON_PARTNERED_CARRIER')
      return invalid(c, 'Amazon’s partnered carrier provides this shipment’s tracking; nothing to give');
    const { spdTrackingDetail, ltlTrackingDetail } = body.data.trackingDetails;
    if (o.shippingMode === 'GROUND_SMALL_PARCEL' && !spdTrackingDetail)
      return invalid(c, 'trackingDetails: a small-parcel shipment takes spdTrackingDetail (a tracking id per box)');
    if (o.shippingMode === 'FREIGHT_LTL' && !ltlTrackingDetail)
      return invalid(c, 'trackingDetails: an LTL shipment takes ltlTrackingDetail (the PRO / freight bill number)');
    const boxIds = new Set(
      (found.boxes ?? []).filter((b) => b.boxId?.startsWith(`${shipment.shipmentConfirmationId}U`)).map((b) => b.boxId),
    );
    const unknown = spdTrackingDetail?.spdTrackingItems.find((t) => !boxIds.has(t.boxId));
    if (unknown)
      return invalid(c, `boxId ${unknown.boxId} is not a box of shipment ${shipment.shipmentConfirmationId}`);
    // A tracking id in a carrier's format is found by the carrier; anything else Amazon cannot look up.
    const known = (id: string) => /^1Z[0-9A-Z]{16}$/.test(id) || /^\d{12,22}$/.test(id);
    const trackingDetails = spdTrackingDetail
      ? {
          spdTrackingDetail: {
            spdTrackingItems: spdTrackingDetail.spdTrackingItems.map((t) => ({
              ...t,
              trackingNumberValidationStatus: known(t.trackingId) ? 'VALIDATED' : 'NOT_SUPPORTED',
            })),
          },
        }
      : { ltlTrackingDetail };
    await st.save(seller, {
      ...found,
      placement: {
        ...found.placement!,
        shipments: found.placement!.shipments.map((s) => (s.shipmentId === shipmentId ? { ...s, trackingDetails } : s)),
      },
    });
    return c.json({ operationId: await st.start(seller, 'updateShipmentTrackingDetails', []) }, 202);
  });
}

const UPS = { alphaCode: 'UPSN', name: 'United Parcel Service Inc.' };
const FEDEX = { alphaCode: 'FDEG', name: 'FedEx Ground' };
const LTL_CARRIERS = [
  { alphaCode: 'ABFS', name: 'ABF Freight' },
  { alphaCode: 'ODFL', name: 'Old Dominion Freight Line' },
  { alphaCode: 'EXLA', name: 'Estes Express Lines' },
];

type Config = GenerateTransportationOptionsRequest['shipmentTransportationConfigurations'][number];

function transportationOptionsFor(
  cfg: Config,
  fromZip: string,
  toZip: string,
  boxes: Parameters<typeof partneredSpdCost>[0],
  now: number,
): TransportationOption[] {
  const z = zone(fromZip, toZip);
  const id = (kind: string) => hashId('to', `${cfg.shipmentId}/${kind}/${cfg.readyToShipWindow.start}`);
  const expiration = new Date(now + QUOTE_VALID_MS).toISOString();
  const base = { shipmentId: cfg.shipmentId };
  const options: TransportationOption[] = [];
  if (boxes.length <= MAX_SPD_BOXES)
    options.push({
      ...base,
      transportationOptionId: id('spd-partnered'),
      carrier: UPS,
      preconditions: [],
      quote: { cost: { amount: partneredSpdCost(boxes, z), code: 'USD' }, expiration },
      shippingMode: 'GROUND_SMALL_PARCEL',
      shippingSolution: 'AMAZON_PARTNERED_CARRIER',
    });
  for (const carrier of [UPS, FEDEX])
    options.push({
      ...base,
      transportationOptionId: id(`spd-own-${carrier.alphaCode}`),
      carrier,
      preconditions: ['CONFIRMED_DELIVERY_WINDOW'],
      shippingMode: 'GROUND_SMALL_PARCEL',
      shippingSolution: 'USE_YOUR_OWN_CARRIER',
    });
  const pallets = cfg.pallets ?? [];
  if (pallets.length && cfg.freightInformation?.freightClass && cfg.contactInformation) {
    const start = Date.parse(cfg.readyToShipWindow.start);
    const pickup = new Date(Math.max(start, now) + 86_400_000);
    pickup.setUTCHours(13, 0, 0, 0);
    const carrier = LTL_CARRIERS[Math.floor(rng(cfg.shipmentId)() * LTL_CARRIERS.length)];
    options.push({
      ...base,
      transportationOptionId: id('ltl-partnered'),
      carrier,
      carrierAppointment: {
        startTime: pickup.toISOString(),
        endTime: new Date(pickup.getTime() + 8 * 3_600_000).toISOString(),
      },
      preconditions: [],
      quote: {
        cost: { amount: partneredLtlCost(pallets, cfg.freightInformation.freightClass, z), code: 'USD' },
        expiration,
      },
      shippingMode: 'FREIGHT_LTL',
      shippingSolution: 'AMAZON_PARTNERED_CARRIER',
    });
  }
  options.push({
    ...base,
    transportationOptionId: id('ltl-own'),
    carrier: { alphaCode: 'OTHR', name: 'Other carrier' },
    preconditions: ['CONFIRMED_DELIVERY_WINDOW'],
    shippingMode: 'FREIGHT_LTL',
    shippingSolution: 'USE_YOUR_OWN_CARRIER',
  });
  return options;
}
