/**
 * Tools → Freight (issue 20; spec §7 Speedship: shop, quote order, query, document download,
 * cancel): LTL shipments the warehouse books with its freight broker. The shapes the screens and
 * the server share: the request (shipper, consignee, pickup weekday, handling units, accessorials),
 * the quotes side by side (cheapest and fastest marked), a booked shipment with its BOL and PRO.
 * Money is integer cents; a unit's freight class, when left out, comes from its density.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { freightClassFor } from '../rules/freight.js';

export const FREIGHT_ACCESSORIALS = [
  'LIFTGATE_PICKUP',
  'LIFTGATE_DELIVERY',
  'RESIDENTIAL_DELIVERY',
  'INSIDE_DELIVERY',
  'APPOINTMENT',
] as const;
export type FreightAccessorial = (typeof FREIGHT_ACCESSORIALS)[number];

/** The NMFC classes the broker rates at. */
export const FREIGHT_CLASS_VALUES = [
  50, 55, 60, 65, 70, 77.5, 85, 92.5, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500,
] as const;

export const HANDLING_UNIT_TYPES = ['PALLET', 'CRATE', 'DRUM'] as const;

/** BOOKING: asked of the broker, its answer not yet recorded (a retry with the same key resumes). */
export const FREIGHT_SHIPMENT_STATUSES = [
  'BOOKING',
  'BOOKED',
  'PICKED_UP',
  'IN_TRANSIT',
  'DELIVERED',
  'CANCELLED',
] as const;
export type FreightShipmentStatus = (typeof FREIGHT_SHIPMENT_STATUSES)[number];

/** The NMFC class of one unit from its density (lb per cubic foot), e.g. 650 lb in 48×40×50 in → 92.5. */
export function densityClass(u: { lengthIn: number; widthIn: number; heightIn: number; weightLb: number }): number {
  const cubicFeet = (u.lengthIn * u.widthIn * u.heightIn) / 1728;
  if (!(cubicFeet > 0) || !(u.weightLb > 0)) return 500;
  return Number(
    freightClassFor(u.weightLb / cubicFeet)
      .slice(3)
      .replace('_', '.'),
  );
}

/** True for Monday–Friday (a YYYY-MM-DD date, read as a calendar day). */
export function isWeekday(date: string): boolean {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

const text = (field: string, max: number) =>
  z
    .string({ error: `${field}: required` })
    .trim()
    .min(1, `${field}: required`)
    .max(max, `${field}: at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field}: at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

export const freightPartySchema = z.object({
  name: text('name', 60),
  company: optionalText('company', 60),
  phone: z
    .string({ error: 'phone: required' })
    .trim()
    .regex(/^[0-9+()\-. ]{7,20}$/, 'phone: 7 to 20 digits'),
  email: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), 'email: an e-mail address'),
  addressLine1: text('addressLine1', 100),
  addressLine2: optionalText('addressLine2', 100),
  city: text('city', 60),
  state: z
    .string({ error: 'state: required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'state: the 2-letter state code'),
  postalCode: z
    .string({ error: 'postalCode: required' })
    .trim()
    .regex(/^\d{5}$/, 'postalCode: a 5-digit ZIP code'),
});
export type FreightParty = z.infer<typeof freightPartySchema>;

const measure = (field: string, max: number, unit: string) =>
  z.coerce
    .number({ error: `${field}: a number` })
    .positive(`${field}: more than 0`)
    .max(max, `${field}: at most ${max} ${unit}`);

export const handlingUnitInputSchema = z.object({
  count: z.coerce
    .number({ error: 'count: a whole number' })
    .int('count: a whole number')
    .min(1, 'count: at least 1')
    .max(26, 'count: at most 26'),
  type: z.enum(HANDLING_UNIT_TYPES).default('PALLET'),
  lengthIn: measure('lengthIn', 96, 'in'),
  widthIn: measure('widthIn', 96, 'in'),
  heightIn: measure('heightIn', 96, 'in'),
  /** Weight of one unit. */
  weightLb: measure('weightLb', 5_000, 'lb'),
  /** NMFC class; from the density when left out. */
  freightClass: z
    .union([z.number(), z.null(), z.literal('')])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v))
    .refine(
      (v) => v === undefined || (FREIGHT_CLASS_VALUES as readonly number[]).includes(v),
      'freightClass: one of the NMFC classes 50–500',
    ),
  stackable: z.boolean().default(false),
  description: optionalText('description', 100),
});
export type HandlingUnitInput = z.input<typeof handlingUnitInputSchema>;

export const freightRequestSchema = z.object({
  /** The client the freight is for (its cost becomes a charge); none for the warehouse's own freight. */
  companyId: z.number().int().positive().nullable().optional(),
  shipper: freightPartySchema,
  consignee: freightPartySchema,
  pickupDate: z
    .string({ error: 'pickupDate: required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'pickupDate: a date (YYYY-MM-DD)')
    .refine((d) => !Number.isNaN(Date.parse(d)), 'pickupDate: a date (YYYY-MM-DD)')
    .refine(isWeekday, 'pickupDate: carriers pick up on weekdays only'),
  handlingUnits: z
    .array(handlingUnitInputSchema, { error: 'handlingUnits: at least one' })
    .min(1, 'handlingUnits: at least one')
    .max(10, 'handlingUnits: at most 10 lines'),
  accessorials: z
    .array(z.enum(FREIGHT_ACCESSORIALS))
    .default([])
    .refine((a) => new Set(a).size === a.length, 'accessorials: one is listed twice'),
});
export type FreightRequest = z.infer<typeof freightRequestSchema>;
export type FreightRequestInput = z.input<typeof freightRequestSchema>;

export const freightRateSchema = z.object({
  rateId: z.string(),
  carrierName: z.string(),
  carrierScac: z.string(),
  service: z.string(),
  transitDays: z.number().int(),
  estimatedDelivery: z.string(),
  totalCents: z.number().int(),
  charges: z.array(z.object({ code: z.string(), description: z.string(), amountCents: z.number().int() })),
  cheapest: z.boolean(),
  fastest: z.boolean(),
});
export type FreightRate = z.infer<typeof freightRateSchema>;

export const freightQuoteSchema = z.object({
  quoteId: z.string(),
  expiresAt: z.string(),
  /** The class each handling unit was rated at (given, or from its density). */
  ratedClasses: z.array(z.number()),
  rates: z.array(freightRateSchema),
});
export type FreightQuote = z.infer<typeof freightQuoteSchema>;

export const freightBookInputSchema = freightRequestSchema.extend({
  /** One per booking attempt on the screen: the same key books once (a double click, a retry). */
  requestKey: z
    .string({ error: 'requestKey: required' })
    .regex(/^[A-Za-z0-9_-]{8,80}$/, 'requestKey: 8 to 80 letters, digits, - or _'),
  rateId: text('rateId', 100),
  poNumber: optionalText('poNumber', 40),
  shipperRef: optionalText('shipperRef', 40),
  specialInstructions: optionalText('specialInstructions', 300),
});
export type FreightBookInput = z.infer<typeof freightBookInputSchema>;
export type FreightBookInputRaw = z.input<typeof freightBookInputSchema>;

const place = z.object({ city: z.string(), state: z.string(), postalCode: z.string() });

export const freightShipmentSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(FREIGHT_SHIPMENT_STATUSES),
  carrierName: z.string().nullable(),
  carrierScac: z.string().nullable(),
  service: z.string().nullable(),
  proNumber: z.string().nullable(),
  bolNumber: z.string().nullable(),
  pickupDate: z.string(),
  estimatedDelivery: z.string().nullable(),
  costCents: z.number().int().nullable(),
  origin: place,
  destination: place,
  shipperName: z.string(),
  consigneeName: z.string(),
  handlingUnits: z.array(
    z.object({
      count: z.number(),
      type: z.string(),
      lengthIn: z.number(),
      widthIn: z.number(),
      heightIn: z.number(),
      weightLb: z.number(),
      freightClass: z.number().nullable(),
    }),
  ),
  accessorials: z.array(z.string()),
  poNumber: z.string().nullable(),
  events: z.array(z.object({ at: z.string(), status: z.string(), description: z.string() })),
  /** Whether it can still be cancelled (booked, not yet picked up). */
  cancellable: z.boolean(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  trackedAt: z.string().nullable(),
});
export type FreightShipment = z.infer<typeof freightShipmentSchema>;
export const freightShipmentPageSchema = pageSchema(freightShipmentSchema);

export const FREIGHT_DOCUMENTS = ['bol', 'labels'] as const;
export type FreightDocument = (typeof FREIGHT_DOCUMENTS)[number];
