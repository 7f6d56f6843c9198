/**
 * eBay's Logistics API (sell/logistics/v1_beta) in the eBay sandbox, at eBay's paths: a shipping
 * quote of live USPS rates for a package (createShippingQuote, getShippingQuote), a shipment and
 * its label bought from one rate (createFromShippingQuote, getShipment), the label as a 4×6 PDF
 * (downloadLabelFile) and the shipment's cancellation (cancelShipment). Bodies are checked against
 * Dockside's typed model of eBay's contract (integrations/ebay/logistics-models.ts) and refused in
 * eBay's error shape; the error ids are the sandbox's own.
 *
 * Rules, as eBay's documentation gives them: the API rates and labels USPS only, within the US; a
 * quote's rates are live until its expirationDate (the sandbox gives 15 minutes) and an expired
 * quote sells nothing; a rate is bought from the quote that holds it; a cancelled shipment is not
 * cancelled twice and its label is gone.
 */
import type { Context, Hono } from 'hono';
import { randomInt, randomUUID } from 'node:crypto';
import type { Deps } from '../../context.js';
import {
  createShipmentFromQuoteRequestSchema,
  EBAY_LABEL_SIZE,
  shipmentSchema,
  shippingQuoteRequestSchema,
  shippingQuoteSchema,
  type EbayContact,
  type Shipment,
  type ShippingQuote,
} from '../../integrations/ebay/logistics-models.js';
import { LOGISTICS_BASE } from '../../integrations/ebay/logistics.js';
import { getRecord, putRecord, type RecordSet } from '../records.js';
import { zoneOf } from '../shipengine/pricing.js';
import { labelPdf } from '../shipengine/label-document.js';
import type { EbayStatus } from './errors.js';

const QUOTE_LIVE_MS = 15 * 60_000;
const DAY = 86_400_000;
const MAX_LB = 70; // USPS's limit
/**
 * The sandbox's own USPS prices (eBay publishes none): a little above the aggregator sandbox's
 * USPS services for the same billable weight and zone, so a demo's cheapest stays where it was.
 */
const SERVICES = [
  { code: 'USPSGroundAdvantage', name: 'USPS Ground Advantage', base: 4.95, perLb: 0.99, zoneStep: 0.09, days: [2, 5] },
  { code: 'USPSPriority', name: 'USPS Priority Mail', base: 8.45, perLb: 1.5, zoneStep: 0.1, days: [1, 3] },
  {
    code: 'USPSPriorityMailExpress',
    name: 'USPS Priority Mail Express',
    base: 29.5,
    perLb: 3.2,
    zoneStep: 0.08,
    days: [1, 2],
  },
];
const TO_LB: Record<string, number> = { POUND: 1, OUNCE: 1 / 16, KILOGRAM: 2.20462, GRAM: 1 / 453.592 };
const TO_IN: Record<string, number> = { INCH: 1, FEET: 12, CENTIMETER: 1 / 2.54, METER: 39.3701 };

/** eBay's refusal body for the Logistics API (domain API_LOGISTICS). */
const logisticsError = (
  c: Context,
  status: EbayStatus,
  errorId: number,
  message: string,
  longMessage: string,
  parameter?: string,
) =>
  c.json(
    {
      errors: [
        {
          errorId,
          domain: 'API_LOGISTICS',
          category: status >= 500 ? 'APPLICATION' : status === 409 ? 'BUSINESS' : 'REQUEST',
          message,
          longMessage,
          ...(parameter ? { parameters: [{ name: parameter, value: '' }] } : {}),
        },
      ],
    },
    status,
  );

const storedQuote = shippingQuoteSchema;
const quotes = (seller: string): RecordSet<ShippingQuote> => ({
  provider: 'ebay',
  account: seller,
  kind: 'logistics-quote',
  schema: storedQuote,
  keyOf: (q) => q.shippingQuoteId,
});
const shipments = (seller: string): RecordSet<Shipment> => ({
  provider: 'ebay',
  account: seller,
  kind: 'logistics-shipment',
  schema: shipmentSchema,
  keyOf: (s) => s.shipmentId,
});

/** A US contact with a two-letter state and a five-digit ZIP, or what is wrong with it. */
function contactProblem(c: EbayContact, name: string): string | null {
  const a = c.contactAddress;
  if (!a?.addressLine1 || !a.city) return `${name}.contactAddress: addressLine1 and city are required`;
  if ((a.countryCode ?? '').toUpperCase() !== 'US')
    return `${name}.contactAddress.countryCode: the Logistics API ships within the US only`;
  if (!/^[A-Za-z]{2}$/.test(a.stateOrProvince ?? ''))
    return `${name}.contactAddress.stateOrProvince: ${a.stateOrProvince ?? '(none)'} is not a US state code`;
  if (!/^\d{5}(-\d{4})?$/.test(a.postalCode ?? ''))
    return `${name}.contactAddress.postalCode: ${a.postalCode ?? '(none)'} is not a valid US ZIP code`;
  return null;
}

const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? NaN : Number(v));

export function ebayLogisticsRoutes(app: Hono, deps: Deps, sellerOf: (c: Context) => string): void {
  const now = () => deps.now().getTime();
  const bodyOf = (c: Context) => c.req.json().catch(() => null);
  const invalid = (c: Context, longMessage: string, parameter?: string) =>
    logisticsError(c, 400, 90001, 'Invalid request.', longMessage, parameter);

  app.post(`${LOGISTICS_BASE}/shipping_quote`, async (c) => {
    const parsed = shippingQuoteRequestSchema.safeParse(await bodyOf(c));
    if (!parsed.success) return invalid(c, parsed.error.issues[0].message, parsed.error.issues[0].path.join('.'));
    const req = parsed.data;
    const problem = contactProblem(req.shipTo, 'shipTo') ?? contactProblem(req.shipFrom, 'shipFrom');
    if (problem) return logisticsError(c, 400, 90002, 'Invalid address.', problem, problem.split(':')[0]);
    const w = req.packageSpecification.weight;
    const lb = num(w?.value) * (TO_LB[(w?.unit ?? '').toUpperCase()] ?? NaN);
    if (!(lb > 0))
      return invalid(
        c,
        'packageSpecification.weight: a positive value in POUND, OUNCE, KILOGRAM or GRAM',
        'packageSpecification.weight',
      );
    if (lb > MAX_LB)
      return logisticsError(
        c,
        400,
        90003,
        'Package too heavy.',
        `USPS takes packages up to ${MAX_LB} lb`,
        'packageSpecification.weight',
      );
    const d = req.packageSpecification.dimensions;
    const inch = TO_IN[(d?.unit ?? 'INCH').toUpperCase()] ?? NaN;
    const dimLb = d ? (num(d.length) * num(d.width) * num(d.height) * inch ** 3) / 139 : 0;
    if (d && !(dimLb >= 0))
      return invalid(
        c,
        'packageSpecification.dimensions: length, width and height as numbers, unit INCH or CENTIMETER',
        'packageSpecification.dimensions',
      );
    const billable = Math.max(1, Math.ceil(Math.max(lb, dimLb) - 1e-9));
    const zone = zoneOf(req.shipFrom.contactAddress!.postalCode!, req.shipTo.contactAddress!.postalCode!);
    const at = now();
    const quote = shippingQuoteSchema.parse({
      shippingQuoteId: randomUUID(),
      creationDate: new Date(at).toISOString(),
      expirationDate: new Date(at + QUOTE_LIVE_MS).toISOString(),
      orders: req.orders,
      packageSpecification: req.packageSpecification,
      shipFrom: req.shipFrom,
      shipTo: req.shipTo,
      rates: SERVICES.map((s) => ({
        rateId: randomUUID(),
        shippingCarrierCode: 'USPS',
        shippingCarrierName: 'USPS',
        shippingServiceCode: s.code,
        shippingServiceName: s.name,
        baseShippingCost: {
          value: (Math.round((s.base + s.perLb * (billable - 1)) * (1 + s.zoneStep * (zone - 1)) * 100) / 100).toFixed(
            2,
          ),
          currency: 'USD',
        },
        minEstimatedDeliveryDate: new Date(at + s.days[0] * DAY).toISOString(),
        maxEstimatedDeliveryDate: new Date(at + (s.days[1] + (zone > 5 ? 1 : 0)) * DAY).toISOString(),
        pickupType: 'DROP_OFF',
      })),
    });
    await putRecord(deps, quotes(sellerOf(c)), quote);
    return c.json(quote, 201);
  });

  app.get(`${LOGISTICS_BASE}/shipping_quote/:id`, async (c) => {
    const quote = await getRecord(deps, quotes(sellerOf(c)), c.req.param('id'));
    if (!quote)
      return logisticsError(c, 404, 90010, 'Resource not found.', 'No shipping quote has this shippingQuoteId');
    return c.json(quote);
  });

  app.post(`${LOGISTICS_BASE}/shipment/create_from_shipping_quote`, async (c) => {
    const seller = sellerOf(c);
    const parsed = createShipmentFromQuoteRequestSchema.safeParse(await bodyOf(c));
    if (!parsed.success) return invalid(c, parsed.error.issues[0].message, parsed.error.issues[0].path.join('.'));
    const req = parsed.data;
    if (req.labelSize && req.labelSize !== EBAY_LABEL_SIZE)
      return invalid(c, `labelSize: the only size is ${EBAY_LABEL_SIZE}`, 'labelSize');
    const quote = await getRecord(deps, quotes(seller), req.shippingQuoteId);
    if (!quote) return invalid(c, 'shippingQuoteId: no shipping quote has this id', 'shippingQuoteId');
    if (Date.parse(quote.expirationDate) <= now())
      return logisticsError(
        c,
        409,
        90011,
        'Shipping quote expired.',
        `The shipping quote expired at ${quote.expirationDate}: ask for a new quote`,
        'shippingQuoteId',
      );
    const rate = quote.rates.find((r) => r.rateId === req.rateId);
    if (!rate) return invalid(c, 'rateId: the shipping quote has no rate with this id', 'rateId');
    const shipmentId = randomUUID();
    const shipment = shipmentSchema.parse({
      shipmentId,
      shipmentTrackingNumber: `9400${Array.from({ length: 18 }, () => randomInt(10)).join('')}`,
      creationDate: new Date(now()).toISOString(),
      labelDownloadUrl: `${new URL(c.req.url).origin}${c.req.path.replace(/\/shipment\/.*$/, '')}/shipment/${shipmentId}/download_label_file`,
      labelSize: EBAY_LABEL_SIZE,
      labelCustomMessage: req.labelCustomMessage,
      orders: quote.orders,
      packageSpecification: quote.packageSpecification,
      rate: {
        rateId: rate.rateId,
        shippingQuoteId: quote.shippingQuoteId,
        shippingCarrierCode: rate.shippingCarrierCode,
        shippingCarrierName: rate.shippingCarrierName,
        shippingServiceCode: rate.shippingServiceCode,
        shippingServiceName: rate.shippingServiceName,
        baseShippingCost: rate.baseShippingCost,
        totalShippingCost: rate.baseShippingCost,
        minEstimatedDeliveryDate: rate.minEstimatedDeliveryDate,
        maxEstimatedDeliveryDate: rate.maxEstimatedDeliveryDate,
      },
      returnTo: req.returnTo ?? quote.shipFrom,
      shipFrom: quote.shipFrom,
      shipTo: quote.shipTo,
    });
    await putRecord(deps, shipments(seller), shipment);
    return c.json(shipment, 201);
  });

  const shipmentOf = (c: Context) => getRecord(deps, shipments(sellerOf(c)), c.req.param('id')!);
  const missing = (c: Context) =>
    logisticsError(c, 404, 90020, 'Resource not found.', 'No shipment has this shipmentId');

  app.get(`${LOGISTICS_BASE}/shipment/:id`, async (c) => {
    const shipment = await shipmentOf(c);
    return shipment ? c.json(shipment) : missing(c);
  });

  app.get(`${LOGISTICS_BASE}/shipment/:id/download_label_file`, async (c) => {
    const s = await shipmentOf(c);
    if (!s) return missing(c);
    if (s.cancellation?.cancellationStatus === 'CANCELLATION_ACCEPTED')
      return logisticsError(c, 404, 90021, 'Resource not found.', 'The shipment is cancelled: its label is deleted');
    const address = (ct: EbayContact | undefined) => ({
      name: ct?.fullName ?? ct?.companyName ?? '',
      company_name: ct?.companyName ?? null,
      address_line1: ct?.contactAddress?.addressLine1 ?? '',
      address_line2: ct?.contactAddress?.addressLine2 ?? null,
      city_locality: ct?.contactAddress?.city ?? '',
      state_province: ct?.contactAddress?.stateOrProvince ?? '',
      postal_code: ct?.contactAddress?.postalCode ?? '',
      country_code: ct?.contactAddress?.countryCode ?? 'US',
    });
    const w = s.packageSpecification?.weight;
    const pdf = await labelPdf({
      carrier: s.rate.shippingCarrierName ?? 'USPS',
      service: s.rate.shippingServiceName ?? '',
      trackingNumber: s.shipmentTrackingNumber ?? '',
      shipFrom: address(s.shipFrom),
      shipTo: address(s.shipTo),
      weightLb: num(w?.value) * (TO_LB[(w?.unit ?? 'POUND').toUpperCase()] ?? 1) || 0,
      shipDate: (s.creationDate ?? '').slice(0, 10),
    });
    return c.body(Buffer.from(pdf), 200, { 'content-type': 'application/pdf' });
  });

  app.post(`${LOGISTICS_BASE}/shipment/:id/cancel`, async (c) => {
    const s = await shipmentOf(c);
    if (!s) return missing(c);
    if (s.cancellation)
      return logisticsError(
        c,
        409,
        90022,
        'Shipment already cancelled.',
        'A cancellation was already asked for this shipment',
      );
    const cancelled = {
      ...s,
      cancellation: {
        cancellationRequestedDate: new Date(now()).toISOString(),
        cancellationStatus: 'CANCELLATION_ACCEPTED',
      },
    };
    await putRecord(deps, shipments(sellerOf(c)), cancelled);
    return c.json(cancelled);
  });
}
