/**
 * Ship With Walmart (SWW) in the Walmart sandbox, at Walmart's paths (/v3/shipping/labels…):
 * shipping estimates for a box, createLabel for one of the estimated services, the purchase
 * order's labels, the label's 4×6 PDF by carrier and tracking number, and discardLabel. Bodies are
 * checked against Dockside's typed model of Walmart's contract (shipping-labels-models.ts) and
 * refused in Walmart's error shape.
 *
 * Rules, as Walmart's documentation gives them: SWW ships within the US only; a ship-to needs a
 * real state and ZIP (the sandbox refuses one that is not two letters and five digits); a label is
 * for a carrier (shortName) and service (the estimate's `name`); a discarded label is no longer
 * downloadable nor billed, and discarding it twice is refused. One difference from Walmart: the
 * sandbox has no purchase orders of other sellers' stores, so it takes the ship-to of a purchase
 * order from the latest estimate asked for it, and refuses a label for a purchase order it was
 * never asked to estimate.
 */
import { randomInt } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  createLabelRequestSchema,
  estimateAddressSchema,
  shippingEstimateRequestSchema,
  swwLabelSchema,
  type EstimateAddress,
  type ShippingEstimate,
} from '../../integrations/walmart/shipping-labels-models.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { zoneOf } from '../shipengine/pricing.js';
import { labelPdf } from '../shipengine/label-document.js';
import type { WalmartSandboxContext } from './items.js';

const SHIPPING_API = 'GMP_SHIPPING_API';

/** The services Walmart sells through SWW in the sandbox: USPS and FedEx, as in production. */
const SERVICES = [
  {
    carrier: 'USPS',
    carrierFull: 'USPS',
    name: 'USPS_GROUND_ADVANTAGE',
    display: 'USPS Ground Advantage',
    base: 4.85,
    perLb: 0.62,
    zoneStep: 0.09,
    days: (z: number) => 2 + Math.ceil(z / 2),
  },
  {
    carrier: 'USPS',
    carrierFull: 'USPS',
    name: 'PRIORITY_MAIL',
    display: 'USPS Priority Mail',
    base: 7.2,
    perLb: 0.95,
    zoneStep: 0.11,
    days: (z: number) => (z <= 4 ? 2 : 3),
  },
  {
    carrier: 'FedEx',
    carrierFull: 'FedEx',
    name: 'FEDEX_GROUND',
    display: 'FedEx US Ground',
    base: 8.9,
    perLb: 0.7,
    zoneStep: 0.1,
    days: (z: number) => 1 + Math.ceil(z / 2),
  },
  {
    carrier: 'FedEx',
    carrierFull: 'FedEx',
    name: 'FEDEX_2_DAY',
    display: 'FedEx 2Day',
    base: 17.4,
    perLb: 1.6,
    zoneStep: 0.12,
    days: () => 2,
  },
];
const MAX_LB = 150;
const TO_LB: Record<string, number> = { LB: 1, OZ: 1 / 16, KG: 2.20462 };
const TO_IN: Record<string, number> = { IN: 1, FT: 12, CM: 1 / 2.54 };
const DAY = 86_400_000;

type Box = z.infer<typeof shippingEstimateRequestSchema>['boxDimensions'];
const weightLb = (b: Box) => b.boxWeight * TO_LB[b.boxWeightUnit];
const billableLb = (b: Box) => {
  const u = TO_IN[b.boxDimensionUnit ?? 'IN'];
  const dim = ((b.boxLength ?? 0) * (b.boxWidth ?? 0) * (b.boxHeight ?? 0) * u ** 3) / 139;
  return Math.max(1, Math.ceil(Math.max(weightLb(b), dim) - 1e-9));
};
const price = (s: (typeof SERVICES)[number], lb: number, zone: number) =>
  Math.round((s.base + s.perLb * (lb - 1)) * (1 + s.zoneStep * (zone - 1)) * 100) / 100;

/** What the sandbox keeps: the purchase order's latest estimate (its addresses) and each label. */
const storedEstimate = z.object({
  purchaseOrderId: z.string(),
  fromAddress: estimateAddressSchema,
  toAddress: estimateAddressSchema,
});
const storedLabel = z.object({
  label: swwLabelSchema,
  fromAddress: z.object({
    name: z.string(),
    lines: z.array(z.string()),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  toAddress: estimateAddressSchema,
  weightLb: z.number(),
  amount: z.number(),
  createdAt: z.string(),
  discarded: z.boolean(),
});
type StoredLabel = z.infer<typeof storedLabel>;

const estimates = (account: string): RecordSet<z.infer<typeof storedEstimate>> => ({
  provider: 'walmart',
  account,
  kind: 'sww-estimate',
  schema: storedEstimate,
  keyOf: (e) => e.purchaseOrderId,
});
const labels = (account: string): RecordSet<StoredLabel> => ({
  provider: 'walmart',
  account,
  kind: 'sww-label',
  schema: storedLabel,
  keyOf: (l) => `${l.label.carrierName.toUpperCase()}/${l.label.trackingNo}`,
});

/** Walmart's zod refusal as its error list names the field. */
const firstIssue = (err: z.ZodError) => {
  const i = err.issues[0];
  return { field: i.path.join('.') || 'request', description: i.message };
};

/** SWW is domestic: a US ship-to with a two-letter state and a five-digit ZIP, or why not. */
function addressProblem(a: EstimateAddress, name: string): { field: string; description: string } | null {
  if (a.countryCode.toUpperCase() !== 'US')
    return { field: `${name}.countryCode`, description: 'Ship With Walmart ships within the United States only' };
  if (!/^[A-Za-z]{2}$/.test(a.state))
    return { field: `${name}.state`, description: `${a.state} is not a US state code` };
  if (!/^\d{5}(-\d{4})?$/.test(a.postalCode))
    return { field: `${name}.postalCode`, description: `${a.postalCode} is not a valid US ZIP code` };
  return null;
}

export function mountWalmartShippingLabels(app: Hono, deps: Deps, ctx: WalmartSandboxContext): void {
  const invalid = (c: Context, description: string, field: string) =>
    ctx.error(c, 400, `INVALID_REQUEST_CONTENT.${SHIPPING_API}`, description, 'Request content is invalid.', field);
  const notFound = (c: Context, description: string) =>
    ctx.error(c, 404, `CONTENT_NOT_FOUND.${SHIPPING_API}`, description, 'Requested content could not be found.');
  const bodyOf = (c: Context) => c.req.json().catch(() => null);

  const priced = (box: Box, from: EstimateAddress, to: EstimateAddress, carriers?: string[]): ShippingEstimate[] => {
    const zone = zoneOf(from.postalCode, to.postalCode);
    const lb = billableLb(box);
    const start = deps.now().getTime();
    return SERVICES.filter(
      (s) => !carriers?.length || carriers.some((c) => c.toUpperCase() === s.carrier.toUpperCase()),
    ).map((s) => ({
      name: s.name,
      displayName: s.display,
      carrierName: s.carrier,
      carrierDisplayName: s.carrierFull,
      serviceTypeGroupName: s.name,
      serviceTypeGroupDisplayName: s.display,
      estimatedRate: { amount: price(s, lb, zone), currency: 'USD' },
      deliveryDate: `${new Date(start + s.days(zone) * DAY).toISOString().slice(0, 10)}T23:59:00.000Z`,
      isDeliveryPromiseFulfilled: true,
    }));
  };

  app.post('/v3/shipping/labels/shipping-estimates', async (c) => {
    const parsed = shippingEstimateRequestSchema.safeParse(await bodyOf(c));
    if (!parsed.success) {
      const i = firstIssue(parsed.error);
      return invalid(c, i.description, i.field);
    }
    const req = parsed.data;
    const problem = addressProblem(req.toAddress, 'toAddress') ?? addressProblem(req.fromAddress, 'fromAddress');
    if (problem) return invalid(c, problem.description, problem.field);
    if (weightLb(req.boxDimensions) > MAX_LB)
      return invalid(c, `The box weighs more than the carriers take (${MAX_LB} lb)`, 'boxDimensions.boxWeight');
    if (req.purchaseOrderId)
      await putRecord(deps, estimates(ctx.accountOf(c)!), {
        purchaseOrderId: req.purchaseOrderId,
        fromAddress: req.fromAddress,
        toAddress: req.toAddress,
      });
    return c.json({ data: { estimates: priced(req.boxDimensions, req.fromAddress, req.toAddress, req.carriers) } });
  });

  app.post('/v3/shipping/labels', async (c) => {
    const account = ctx.accountOf(c)!;
    const parsed = createLabelRequestSchema.safeParse(await bodyOf(c));
    if (!parsed.success) {
      const i = firstIssue(parsed.error);
      return invalid(c, i.description, i.field);
    }
    const req = parsed.data;
    const estimate = await getRecord(deps, estimates(account), req.purchaseOrderId);
    if (!estimate) return notFound(c, `Purchase order ${req.purchaseOrderId} was not found for this seller`);
    const service = SERVICES.find(
      (s) => s.carrier.toUpperCase() === req.carrierName.toUpperCase() && s.name === req.carrierServiceType,
    );
    if (!service)
      return invalid(
        c,
        `${req.carrierName} ${req.carrierServiceType} is not a Ship With Walmart service`,
        'carrierServiceType',
      );
    const from = req.fromAddress;
    const fromEstimate: EstimateAddress = from
      ? {
          addressLines: [from.addressLine1, from.addressLine2].filter((l): l is string => !!l),
          city: from.city,
          state: from.state,
          postalCode: from.postalCode,
          countryCode: from.country,
        }
      : estimate.fromAddress;
    const problem = addressProblem(fromEstimate, 'fromAddress');
    if (problem) return invalid(c, problem.description, problem.field);
    const trackingNo =
      service.carrier === 'USPS'
        ? `9400${Array.from({ length: 18 }, () => randomInt(10)).join('')}`
        : Array.from({ length: 12 }, () => randomInt(10)).join('');
    const label = swwLabelSchema.parse({
      purchaseOrderId: req.purchaseOrderId,
      trackingNo,
      boxItems: req.boxItems,
      carrierName: service.carrier,
      carrierFullName: service.carrierFull,
      carrierServiceType: service.display,
      trackingUrl:
        service.carrier === 'USPS'
          ? `https://tools.usps.com/go/TrackConfirmAction?tLabels=${trackingNo}`
          : `https://www.fedex.com/apps/fedextrack/?action=track&tracknumbers=${trackingNo}`,
    });
    await putRecord(deps, labels(account), {
      label,
      fromAddress: {
        name: from?.companyName ?? from?.contactName ?? 'Seller',
        lines: fromEstimate.addressLines,
        city: fromEstimate.city,
        state: fromEstimate.state,
        postalCode: fromEstimate.postalCode,
        country: fromEstimate.countryCode,
      },
      toAddress: estimate.toAddress,
      weightLb: weightLb(req.boxDimensions),
      amount: price(
        service,
        billableLb(req.boxDimensions),
        zoneOf(fromEstimate.postalCode, estimate.toAddress.postalCode),
      ),
      createdAt: deps.now().toISOString(),
      discarded: false,
    });
    return c.json({ data: label });
  });

  app.get('/v3/shipping/labels/purchase-orders/:purchaseOrderId', async (c) => {
    const account = ctx.accountOf(c)!;
    const po = c.req.param('purchaseOrderId');
    const all = await recordsOf(deps, labels(account), () => []);
    return c.json({ data: all.filter((l) => l.label.purchaseOrderId === po && !l.discarded).map((l) => l.label) });
  });

  const labelOf = async (c: Context) =>
    getRecord(deps, labels(ctx.accountOf(c)!), `${c.req.param('carrier')!.toUpperCase()}/${c.req.param('trackingNo')}`);

  app.get('/v3/shipping/labels/carriers/:carrier/trackings/:trackingNo', async (c) => {
    const stored = await labelOf(c);
    if (!stored || stored.discarded) return notFound(c, 'No label for this carrier and tracking number');
    const to = stored.toAddress;
    const f = stored.fromAddress;
    const pdf = await labelPdf({
      carrier: stored.label.carrierFullName ?? stored.label.carrierName,
      service: stored.label.carrierServiceType ?? '',
      trackingNumber: stored.label.trackingNo,
      shipFrom: {
        name: f.name,
        address_line1: f.lines[0] ?? '',
        address_line2: f.lines[1] ?? null,
        city_locality: f.city,
        state_province: f.state,
        postal_code: f.postalCode,
        country_code: f.country,
      },
      shipTo: {
        name: 'Walmart customer',
        address_line1: to.addressLines[0],
        address_line2: to.addressLines[1] ?? null,
        city_locality: to.city,
        state_province: to.state,
        postal_code: to.postalCode,
        country_code: to.countryCode,
      },
      weightLb: stored.weightLb,
      shipDate: stored.createdAt.slice(0, 10),
    });
    return c.body(Buffer.from(pdf), 200, { 'content-type': 'application/pdf' });
  });

  app.delete('/v3/shipping/labels/carriers/:carrier/trackings/:trackingNo', async (c) => {
    const stored = await labelOf(c);
    if (!stored) return notFound(c, 'No label for this carrier and tracking number');
    if (stored.discarded) return invalid(c, 'This label is discarded already', 'trackingNo');
    await putRecord(deps, labels(ctx.accountOf(c)!), { ...stored, discarded: true });
    return c.json({ data: true });
  });
}
