/**
 * ShipEngine shapes Dockside sends and reads, typed from ../shared/reference/shipengine/openapi.yaml
 * (MIT): addresses, packages, rates, labels, voids, tracking and its error body. Answers are read
 * for what Dockside uses; other fields pass through.
 */
import { z } from 'zod';

export const money = z.object({ currency: z.string(), amount: z.number() });
export type Money = z.infer<typeof money>;

export const WEIGHT_UNITS = ['pound', 'ounce', 'gram', 'kilogram'] as const;
export const weightSchema = z.object({ value: z.number().positive(), unit: z.enum(WEIGHT_UNITS) });
export const dimensionsSchema = z.object({
  unit: z.enum(['inch', 'centimeter']),
  length: z.number().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
});

export const addressSchema = z.object({
  name: z.string().min(1),
  phone: z.string().optional(),
  company_name: z.string().nullable().optional(),
  address_line1: z.string().min(1),
  address_line2: z.string().nullable().optional(),
  city_locality: z.string().min(1),
  state_province: z.string().min(1),
  postal_code: z.string().min(1),
  country_code: z.string().length(2),
  address_residential_indicator: z.enum(['unknown', 'yes', 'no']).optional(),
});
export type ShipEngineAddress = z.infer<typeof addressSchema>;

export const packageSchema = z.object({
  weight: weightSchema,
  dimensions: dimensionsSchema.optional(),
  package_code: z.string().optional(),
});

/** What Dockside asks rates for: the shipment and which connected carriers to ask. */
/**
 * A customs declaration for one item (customs_item). `customs_items` is marked deprecated in favour
 * of `packages[].products` but still accepted; it keeps one declaration per shipment.
 */
export const customsItemSchema = z.object({
  description: z.string().max(100),
  quantity: z.number().int().min(0),
  value: z.number().min(0),
  value_currency: z.string().length(3),
  weight: weightSchema.optional(),
  harmonized_tariff_code: z.string().nullable().optional(),
  country_of_origin: z.string().length(2).nullable().optional(),
  sku: z.string().nullable().optional(),
});

/** international_shipment_options: `shipment.customs`, required by carriers across a border. */
export const customsSchema = z.object({
  contents: z.enum(['merchandise', 'documents', 'gift', 'returned_goods', 'sample', 'other']),
  contents_explanation: z.string().optional(),
  non_delivery: z.enum(['return_to_sender', 'treat_as_abandoned']),
  terms_of_trade_code: z
    .enum(['exw', 'fca', 'cpt', 'cip', 'dpu', 'dap', 'ddp', 'fas', 'fob', 'cfr', 'cif', 'ddu', 'daf'])
    .optional(),
  customs_items: z.array(customsItemSchema).optional(),
});
export type ShipEngineCustoms = z.infer<typeof customsSchema>;

export interface RateShipment {
  ship_to: ShipEngineAddress;
  ship_from: ShipEngineAddress;
  packages: z.infer<typeof packageSchema>[];
  customs?: ShipEngineCustoms;
}

export const errorSchema = z.object({
  error_source: z.string(),
  error_type: z.string(),
  error_code: z.string(),
  message: z.string(),
  field_name: z.string().optional(),
  carrier_id: z.string().optional(),
});
export const errorBodySchema = z.object({ request_id: z.string(), errors: z.array(errorSchema) });

export const carrierSchema = z.looseObject({
  carrier_id: z.string(),
  carrier_code: z.string(),
  friendly_name: z.string(),
  nickname: z.string().optional(),
  services: z
    .array(z.looseObject({ service_code: z.string(), name: z.string(), domestic: z.boolean().optional() }))
    .optional(),
});
export const carriersResponseSchema = z.object({ carriers: z.array(carrierSchema) });

export const rateSchema = z.looseObject({
  rate_id: z.string(),
  carrier_id: z.string(),
  carrier_code: z.string(),
  carrier_friendly_name: z.string(),
  service_type: z.string(),
  service_code: z.string(),
  shipping_amount: money,
  insurance_amount: money,
  confirmation_amount: money,
  other_amount: money,
  zone: z.number().int().nullable(),
  delivery_days: z.number().int().nullable().optional(),
  estimated_delivery_date: z.string().nullable().optional(),
  guaranteed_service: z.boolean(),
  trackable: z.boolean(),
  validation_status: z.string(),
  warning_messages: z.array(z.string()),
  error_messages: z.array(z.string()),
});
export type Rate = z.infer<typeof rateSchema>;

export const ratesResponseSchema = z.looseObject({
  shipment_id: z.string(),
  rate_response: z.object({
    rates: z.array(rateSchema),
    invalid_rates: z.array(rateSchema),
    rate_request_id: z.string(),
    shipment_id: z.string(),
    created_at: z.string(),
    status: z.enum(['working', 'completed', 'partial', 'error']),
    errors: z.array(errorSchema),
  }),
});

export const labelSchema = z.looseObject({
  label_id: z.string(),
  status: z.enum(['processing', 'completed', 'error', 'voided']),
  shipment_id: z.string(),
  ship_date: z.string(),
  created_at: z.string(),
  shipment_cost: money,
  insurance_cost: money,
  tracking_number: z.string(),
  carrier_id: z.string(),
  carrier_code: z.string(),
  service_code: z.string(),
  voided: z.boolean(),
  label_format: z.enum(['pdf', 'png', 'zpl']),
  label_layout: z.enum(['4x6', 'letter']),
  tracking_status: z.enum(['unknown', 'in_transit', 'error', 'delivered']),
  label_download: z.object({
    href: z.string(),
    pdf: z.string().optional(),
    png: z.string().optional(),
    zpl: z.string().optional(),
  }),
});
export type ShipEngineLabel = z.infer<typeof labelSchema>;

export const voidResponseSchema = z.object({ approved: z.boolean(), message: z.string() });

export const trackEventSchema = z.looseObject({
  occurred_at: z.string(),
  description: z.string().optional(),
  city_locality: z.string(),
  state_province: z.string(),
  postal_code: z.string(),
  status_code: z.string(),
  status_description: z.string(),
});
export const trackingResponseSchema = z.looseObject({
  tracking_number: z.string(),
  status_code: z.string(),
  status_description: z.string().optional(),
  carrier_code: z.string().optional(),
  estimated_delivery_date: z.string().nullable().optional(),
  actual_delivery_date: z.string().nullable().optional(),
  events: z.array(trackEventSchema),
});
