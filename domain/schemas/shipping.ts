/**
 * Rate shopping (spec §7 rate labels: /api/external/ship/rate/label/list/rates): one parcel
 * shipment's addresses and packages in, every connected carrier's services out, cheapest first,
 * with the carriers' refusals said per service.
 */
import { z } from 'zod';
import { labelCustomsDraftSchema } from './customs.js';
import { stateRequired } from '../rules/addresses.js';
import { hint, hintIssue } from '../validation/error-map.js';

const postal = z.string().trim().min(3, 'postalCode: the ZIP or postal code').max(12);
/** A parcel's address; the state or province is required where the country has them (domain/rules/addresses). */
export const shipAddressSchema = z
  .object({
    name: z.string().trim().min(1, 'name: who the parcel is for or from').max(100),
    company: z.string().trim().max(100).optional(),
    phone: z.string().trim().max(30).optional(),
    line1: z.string().trim().min(1, 'line1: the street address').max(100),
    line2: z.string().trim().max(100).optional(),
    city: z.string().trim().min(1, 'city: the city').max(60),
    state: z.string().trim().max(30).default(''),
    postalCode: postal,
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, hint('countryCode'))
      .default('US'),
    residential: z.boolean().optional(),
  })
  .superRefine((a, ctx) => {
    if (stateRequired(a.countryCode) && a.state.length < 2)
      ctx.addIssue(hintIssue('stateRequired', ['state'], { country: a.countryCode }));
  });
export type ShipAddress = z.infer<typeof shipAddressSchema>;

export const parcelSchema = z.object({
  weightLb: z.number().positive('weightLb: more than 0').max(150, 'weightLb: parcel carriers take at most 150 lb'),
  lengthIn: z.number().positive().max(108).optional(),
  widthIn: z.number().positive().max(108).optional(),
  heightIn: z.number().positive().max(108).optional(),
});

export const rateQuoteRequestSchema = z.object({
  shipFrom: shipAddressSchema,
  shipTo: shipAddressSchema,
  parcels: z.array(parcelSchema).min(1, 'parcels: at least one').max(50),
  /** Across a border: the parcel's customs declaration (the Buy Shipping Labels tool's; 412 while incomplete). */
  customs: labelCustomsDraftSchema.optional(),
});
export type RateQuoteRequest = z.infer<typeof rateQuoteRequestSchema>;

export const rateQuoteSchema = z.object({
  rateId: z.string(),
  carrier: z.string(),
  carrierCode: z.string(),
  service: z.string(),
  serviceCode: z.string(),
  amount: z.number(),
  currency: z.string(),
  deliveryDays: z.number().int().nullable(),
  estimatedDelivery: z.string().nullable(),
  guaranteed: z.boolean(),
  zone: z.number().int().nullable(),
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;

export const rateQuotesSchema = z.object({
  rates: z.array(rateQuoteSchema),
  /** Services a carrier refused for this shipment, and why. */
  refused: z.array(z.object({ carrier: z.string(), service: z.string(), reason: z.string() })),
  /** The warehouse has no rate-aggregator account of its own: these are the local sandbox's rates. */
  sandbox: z.boolean(),
});
