/**
 * ShipEngine, locally (/sandbox/shipengine/): carriers, rate shopping, labels bought from a rate
 * (a real 4×6 PDF or ZPL to download), voids within the carrier's window and tracking that moves
 * with time — at ShipEngine's paths and in its shapes, with its error body. Any well-formed API key
 * is an account (test keys start TEST_), as a local sandbox cannot know real ones.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  addressSchema,
  labelSchema,
  customsSchema,
  packageSchema,
  rateSchema,
  WEIGHT_UNITS,
  type ShipEngineAddress,
} from '../../integrations/shipengine/models.js';
import { faultGate } from '../faults.js';
import { findRecord, getRecord, putRecord, resetAccount, type RecordSet } from '../records.js';
import { carrierById, carrierView, SANDBOX_CARRIERS } from './carriers.js';
import { labelPdf, labelZpl } from './label-document.js';
import { actualLb, priceShipment } from './pricing.js';

const KEY = /^(TEST_[A-Za-z0-9_]{16,}|[A-Za-z0-9+/=_-]{32,})$/;
const VOID_WINDOW_DAYS = 30;

type Status = 400 | 401 | 404 | 429 | 500 | 503;
const seError = (
  c: Context,
  status: Status,
  errorType: string,
  errorCode: string,
  message: string,
  fieldName?: string,
) =>
  c.json(
    {
      request_id: randomUUID(),
      errors: [
        {
          error_source: 'shipengine',
          error_type: errorType,
          error_code: errorCode,
          message,
          ...(fieldName ? { field_name: fieldName } : {}),
        },
      ],
    },
    status,
  );

const shipmentSchema = z.object({
  ship_to: addressSchema,
  ship_from: addressSchema,
  packages: z.array(packageSchema).min(1),
  customs: customsSchema.optional(),
});
const rateRequestSchema = z.object({
  rate_options: z.object({ carrier_ids: z.array(z.string()).min(1) }),
  shipment: shipmentSchema,
});

const storedRate = z.object({ rate: rateSchema, shipment: shipmentSchema, labelId: z.string().nullable() });
const storedLabel = z.object({
  label: labelSchema,
  shipment: shipmentSchema,
  carrierName: z.string(),
  serviceName: z.string(),
});

const id = (prefix: string) => `${prefix}-${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const usd = (amount: number) => ({ currency: 'usd', amount });
/** ShipEngine's ship dates are date-times at midnight UTC (its `date` schema is `format: date-time`). */
const shipDate = (d: Date) => `${d.toISOString().slice(0, 10)}T00:00:00Z`;

const OUNCES: Record<(typeof WEIGHT_UNITS)[number], number> = {
  ounce: 1,
  pound: 16,
  gram: 1 / 28.349523125,
  kilogram: 1000 / 28.349523125,
};
/** total_weight: the packages' weights summed, in their unit when they share one, else in ounces. */
function totalWeight(packages: { weight: { value: number; unit: (typeof WEIGHT_UNITS)[number] } }[]) {
  const units = new Set(packages.map((p) => p.weight.unit));
  const unit = units.size === 1 ? packages[0]!.weight.unit : 'ounce';
  const value = packages.reduce((t, p) => t + (p.weight.value * OUNCES[p.weight.unit]) / OUNCES[unit], 0);
  return { value: Math.round(value * 1000) / 1000, unit };
}

/** advanced_options as ShipEngine answers them when none were asked for: every option off. */
const NO_ADVANCED_OPTIONS = {
  bill_to_account: null,
  bill_to_country_code: null,
  bill_to_party: null,
  bill_to_postal_code: null,
  contains_alcohol: false,
  delivered_duty_paid: false,
  dry_ice: false,
  dry_ice_weight: null,
  non_machinable: false,
  saturday_delivery: false,
  use_ups_ground_freight_pricing: null,
  freight_class: null,
  custom_field1: null,
  custom_field2: null,
  custom_field3: null,
  origin_type: null,
  additional_handling: null,
};

function trackingNumber(carrierId: string): string {
  const c = carrierById(carrierId)!;
  const digits = Array.from(createHash('sha256').update(randomUUID()).digest())
    .map((b) => String(b % 10))
    .join('');
  if (c.carrier_code === 'ups')
    return `1Z${createHash('sha1').update(randomUUID()).digest('hex').toUpperCase().slice(0, 16)}`;
  return (c.trackingPrefix + digits).slice(0, c.trackingLength);
}

export function shipEngineSandbox(deps: Deps): Hono {
  const app = new Hono();
  const now = () => deps.now();
  const accountOf = (c: Context): string | null => {
    const key = c.req.header('API-Key') ?? '';
    return KEY.test(key) ? createHash('sha256').update(key).digest('hex').slice(0, 16) : null;
  };
  const rates = (account: string): RecordSet<z.infer<typeof storedRate>> => ({
    provider: 'shipengine',
    account,
    kind: 'rate',
    schema: storedRate,
    keyOf: (r) => r.rate.rate_id,
  });
  const labels = (account: string): RecordSet<z.infer<typeof storedLabel>> => ({
    provider: 'shipengine',
    account,
    kind: 'label',
    schema: storedLabel,
    keyOf: (l) => l.label.label_id,
  });
  const base = (c: Context) => new URL(c.req.url).origin + c.req.path.replace(/\/v1\/.*$/, '');

  // Label documents are fetched by their unguessable URL, without the key, as ShipEngine's are.
  app.get('/v1/downloads/labels/:file', async (c) => {
    const m = /^(se-[a-z0-9]+)\.(pdf|zpl)$/.exec(c.req.param('file'));
    const found = m && (await findRecord(deps, 'shipengine', 'label', m[1], storedLabel));
    if (!m || !found) return c.text('Not Found', 404);
    const { label, shipment, carrierName, serviceName } = found.value;
    const content = {
      carrier: carrierName,
      service: serviceName,
      trackingNumber: label.tracking_number,
      shipFrom: shipment.ship_from,
      shipTo: shipment.ship_to,
      weightLb: shipment.packages.reduce((t, p) => t + actualLb(p), 0),
      shipDate: label.ship_date.slice(0, 10),
    };
    if (m[2] === 'zpl') return c.body(labelZpl(content), 200, { 'content-type': 'application/zpl' });
    return c.body(Buffer.from(await labelPdf(content)), 200, { 'content-type': 'application/pdf' });
  });

  app.use(
    '/v1/*',
    faultGate(deps, 'shipengine', {
      throttle: (c) => {
        c.header('Retry-After', '1');
        c.header('X-Rate-Limit-Limit', '200');
        c.header('X-Rate-Limit-Remaining', '0');
        return seError(c, 429, 'system', 'rate_limit_exceeded', 'You have exceeded the rate limit.');
      },
      error: (c) => seError(c, 500, 'system', 'unspecified', 'An unknown error occurred. Please try again.'),
      invalid: (c) => seError(c, 400, 'validation', 'invalid_field_value', 'A value in the request is not valid.'),
      authorised: (c) => !!accountOf(c),
      unauthorised: (c) =>
        seError(
          c,
          401,
          'security',
          'unauthorized',
          'The API key is invalid. Please see https://www.shipengine.com/docs/auth',
        ),
    }),
  );

  // list_carriers answers get_carriers_response_body: the carriers and ShipEngine's request id and
  // (empty) error list.
  app.get('/v1/carriers', (c) =>
    c.json({ carriers: SANDBOX_CARRIERS.map(carrierView), request_id: randomUUID(), errors: [] }),
  );

  app.post('/v1/rates', async (c) => {
    const body = await c.req.json().catch(() => null);
    if (!body) return seError(c, 400, 'validation', 'request_body_required', 'Body of request cannot be null.');
    const parsed = rateRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.join('.');
      return seError(
        c,
        400,
        'validation',
        issue.code === 'invalid_type' ? 'field_value_required' : 'invalid_field_value',
        `${field} is invalid: ${issue.message}`,
        field,
      );
    }
    const { shipment, rate_options } = parsed.data;
    const unknown = rate_options.carrier_ids.find((cid) => !carrierById(cid));
    if (unknown)
      return seError(
        c,
        400,
        'validation',
        'invalid_identifier',
        `carrier_id ${unknown} is not connected to this account`,
        'rate_options.carrier_ids',
      );
    const account = accountOf(c)!;
    const shipmentId = id('se');
    const at = now();
    const priced = priceShipment(
      shipment.ship_from.postal_code,
      shipment.ship_to.postal_code,
      shipment.packages,
      rate_options.carrier_ids,
    );
    const made = priced.map((p) =>
      rateSchema.parse({
        rate_id: id('se'),
        rate_type: 'shipment',
        carrier_id: p.carrier.carrier_id,
        shipping_amount: usd(p.refusal ? 0 : p.amount),
        insurance_amount: usd(0),
        confirmation_amount: usd(0),
        other_amount: usd(0),
        zone: p.zone,
        package_type: 'package',
        delivery_days: p.days,
        guaranteed_service: p.service.guaranteed,
        estimated_delivery_date: new Date(at.getTime() + p.days * 86_400_000).toISOString(),
        carrier_delivery_days: String(p.days),
        ship_date: at.toISOString(),
        negotiated_rate: false,
        service_type: p.service.name,
        service_code: p.service.service_code,
        trackable: true,
        carrier_code: p.carrier.carrier_code,
        carrier_nickname: p.carrier.nickname,
        carrier_friendly_name: p.carrier.friendly_name,
        validation_status: 'valid',
        warning_messages: [],
        error_messages: p.refusal ? [p.refusal] : [],
      }),
    );
    const valid = made.filter((r) => !r.error_messages.length);
    for (const rate of valid) await putRecord(deps, rates(account), { rate, shipment, labelId: null });
    // calculate_rates answers the shipment it priced, with every field ShipEngine's model requires
    // of it (calculate_rates_response_body), then the rates.
    return c.json({
      shipment_id: shipmentId,
      external_order_id: null,
      items: [],
      tax_identifiers: null,
      external_shipment_id: null,
      shipment_number: null,
      ship_date: shipDate(at),
      created_at: at.toISOString(),
      modified_at: at.toISOString(),
      shipment_status: 'pending',
      ship_to: shipment.ship_to,
      ship_from: shipment.ship_from,
      warehouse_id: null,
      return_to: shipment.ship_from,
      is_return: false,
      confirmation: 'none',
      // ShipEngine numbers each customs item it keeps (customs_item_id, required in answers).
      customs: shipment.customs
        ? {
            ...shipment.customs,
            customs_items: shipment.customs.customs_items?.map((item) => ({ customs_item_id: id('se'), ...item })),
          }
        : null,
      advanced_options: NO_ADVANCED_OPTIONS,
      insurance_provider: 'none',
      tags: [],
      packages: shipment.packages,
      total_weight: totalWeight(shipment.packages),
      comparison_rate_type: null,
      rate_response: {
        rates: valid,
        invalid_rates: made.filter((r) => r.error_messages.length),
        rate_request_id: id('se'),
        shipment_id: shipmentId,
        created_at: at.toISOString(),
        status: valid.length ? (valid.length < made.length ? 'partial' : 'completed') : 'error',
        errors: [],
      },
    });
  });

  app.post('/v1/labels/rates/:rate_id', async (c) => {
    const account = accountOf(c)!;
    const body = (await c.req.json().catch(() => ({}))) as { label_format?: string; label_layout?: string };
    const format = body.label_format ?? 'pdf';
    if (format !== 'pdf' && format !== 'zpl')
      return seError(c, 400, 'validation', 'invalid_field_value', 'label_format must be pdf or zpl', 'label_format');
    if ((body.label_layout ?? '4x6') !== '4x6')
      return seError(c, 400, 'validation', 'invalid_field_value', 'Only 4x6 labels are available', 'label_layout');
    const stored = await getRecord(deps, rates(account), c.req.param('rate_id'));
    if (!stored) return seError(c, 404, 'validation', 'invalid_identifier', 'rate_id was not found', 'rate_id');
    if (stored.labelId)
      return seError(
        c,
        400,
        'business_rules',
        'invalid_status',
        `A label was already bought for this rate (${stored.labelId})`,
        'rate_id',
      );
    const { rate, shipment } = stored;
    // Across a border the carrier needs the declaration: a rate shopped without it buys nothing.
    if (shipment.ship_to.country_code !== shipment.ship_from.country_code && !shipment.customs?.customs_items?.length)
      return seError(
        c,
        400,
        'validation',
        'field_value_required',
        'customs information is required for international shipments (shipment.customs with its customs_items)',
        'shipment.customs',
      );
    const carrier = carrierById(rate.carrier_id)!;
    const labelId = id('se');
    const at = now();
    const href = `${base(c)}/v1/downloads/labels/${labelId}.${format}`;
    const label = labelSchema.parse({
      label_id: labelId,
      status: 'completed',
      shipment_id: id('se'),
      external_shipment_id: null,
      external_order_id: null,
      ship_date: shipDate(at),
      created_at: at.toISOString(),
      shipment_cost: rate.shipping_amount,
      insurance_cost: rate.insurance_amount,
      tracking_number: trackingNumber(rate.carrier_id),
      is_return_label: false,
      rma_number: null,
      is_international: shipment.ship_to.country_code !== shipment.ship_from.country_code,
      carrier_id: rate.carrier_id,
      charge_event: 'carrier_default',
      service_code: rate.service_code,
      package_code: 'package',
      voided: false,
      voided_at: null,
      label_format: format,
      display_scheme: 'label',
      label_layout: '4x6',
      trackable: true,
      label_image_id: null,
      carrier_code: carrier.carrier_code,
      tracking_status: 'in_transit',
      label_download: { href, [format]: href },
      form_download: null,
      qr_code_download: null,
      paperless_download: null,
      insurance_claim: null,
      packages: shipment.packages,
      ship_to: shipment.ship_to,
    });
    await putRecord(deps, labels(account), {
      label,
      shipment,
      carrierName: carrier.nickname,
      serviceName: rate.service_type,
    });
    await putRecord(deps, rates(account), { ...stored, labelId });
    return c.json(label);
  });

  app.get('/v1/labels/:label_id', async (c) => {
    const stored = await getRecord(deps, labels(accountOf(c)!), c.req.param('label_id'));
    return stored
      ? c.json(stored.label)
      : seError(c, 404, 'validation', 'invalid_identifier', 'label_id was not found', 'label_id');
  });

  app.put('/v1/labels/:label_id/void', async (c) => {
    const account = accountOf(c)!;
    const stored = await getRecord(deps, labels(account), c.req.param('label_id'));
    if (!stored) return seError(c, 404, 'validation', 'invalid_identifier', 'label_id was not found', 'label_id');
    if (stored.label.voided) return c.json({ approved: false, message: 'This label has already been voided.' });
    const age = now().getTime() - Date.parse(stored.label.created_at);
    if (age > VOID_WINDOW_DAYS * 86_400_000)
      return c.json({
        approved: false,
        message: `Labels can only be voided within ${VOID_WINDOW_DAYS} days of purchase.`,
      });
    if (trackingOf(stored.label.created_at, now()).status_code === 'DE')
      return c.json({ approved: false, message: 'A delivered package’s label cannot be voided.' });
    await putRecord(deps, labels(account), {
      ...stored,
      label: { ...stored.label, voided: true, status: 'voided', voided_at: now().toISOString() },
    });
    return c.json({ approved: true, message: 'Request for refund submitted. This label has been voided.' });
  });

  app.get('/v1/labels/:label_id/track', async (c) => {
    const stored = await getRecord(deps, labels(accountOf(c)!), c.req.param('label_id'));
    if (!stored) return seError(c, 404, 'validation', 'invalid_identifier', 'label_id was not found', 'label_id');
    const { label, shipment } = stored;
    return c.json({
      tracking_number: label.tracking_number,
      tracking_url: `${base(c)}/track/${label.tracking_number}`,
      carrier_code: label.carrier_code,
      carrier_id: Number(label.carrier_id.replace(/\D/g, '')),
      ship_date: label.created_at,
      ...trackingOf(label.created_at, now(), shipment.ship_from, shipment.ship_to, label.voided),
    });
  });

  /** Sandbox only: forget the account's rates and labels. */
  app.post('/v1/sandbox/reset', async (c) => {
    await resetAccount(deps, 'shipengine', accountOf(c)!);
    return c.json({ reset: true });
  });

  return app;
}

/** Tracking moves with time: accepted at purchase, in transit after 6 hours, delivered after 2 days. */
function trackingOf(createdAt: string, at: Date, from?: ShipEngineAddress, to?: ShipEngineAddress, voided = false) {
  const t0 = Date.parse(createdAt);
  const place = (a?: ShipEngineAddress) => ({
    city_locality: a?.city_locality ?? '',
    state_province: a?.state_province ?? '',
    postal_code: a?.postal_code ?? '',
    country_code: a?.country_code ?? 'US',
  });
  const steps = [
    { after: 0, code: 'AC', description: 'Accepted', where: from },
    { after: 6 * 3_600_000, code: 'IT', description: 'In Transit', where: from },
    { after: 48 * 3_600_000, code: 'DE', description: 'Delivered', where: to },
  ].filter((s) => !voided || s.after === 0);
  const happened = steps.filter((s) => at.getTime() >= t0 + s.after);
  const last = happened[happened.length - 1];
  // The carrier's own codes are required strings in ShipEngine's model; the sandbox's carriers use
  // ShipEngine's status codes as theirs.
  return {
    status_code: last.code,
    status_description: last.description,
    carrier_status_code: last.code,
    carrier_detail_code: last.code,
    carrier_status_description: last.description,
    estimated_delivery_date: new Date(t0 + 48 * 3_600_000).toISOString(),
    ...(last.code === 'DE' ? { actual_delivery_date: new Date(t0 + 48 * 3_600_000).toISOString() } : {}),
    events: happened.reverse().map((s) => ({
      occurred_at: new Date(t0 + s.after).toISOString(),
      description: s.description,
      ...place(s.where),
      carrier_detail_code: s.code,
      status_code: s.code,
      status_description: s.description,
      carrier_status_code: s.code,
      carrier_status_description: s.description,
    })),
  };
}
