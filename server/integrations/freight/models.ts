/**
 * The LTL freight broker's API (our own small design, in the manner of the brokers' "shop, quote,
 * book, documents, cancel" flows): quotes for handling units between two addresses, a booking that
 * gives the BOL and PRO numbers and the pickup window, documents (BOL, handling-unit labels),
 * tracking by status, cancellation until pickup. JSON both ways; errors as
 * `{ errors: [{ code, message, field? }] }`.
 */
import { z } from 'zod';

export const ACCESSORIALS = [
  'LIFTGATE_PICKUP',
  'LIFTGATE_DELIVERY',
  'RESIDENTIAL_DELIVERY',
  'INSIDE_DELIVERY',
  'APPOINTMENT',
] as const;
export const FREIGHT_CLASSES = [
  50, 55, 60, 65, 70, 77.5, 85, 92.5, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500,
] as const;

export const freightPlaceSchema = z.object({
  postalCode: z.string().regex(/^\d{5}$/, 'postalCode: a 5-digit US ZIP'),
  city: z.string().min(1).max(60),
  state: z.string().length(2),
  country: z.literal('US'),
});
export const freightContactSchema = z.object({
  name: z.string().min(1).max(60),
  company: z.string().max(60).optional(),
  phone: z.string().min(7).max(20),
  email: z.string().max(120).optional(),
  addressLine1: z.string().min(1).max(100),
  addressLine2: z.string().max(100).optional(),
});

export const handlingUnitSchema = z.object({
  count: z.number().int().min(1).max(26),
  type: z.enum(['PALLET', 'CRATE', 'DRUM']),
  lengthIn: z.number().positive().max(96),
  widthIn: z.number().positive().max(96),
  heightIn: z.number().positive().max(96),
  /** Weight of one unit. */
  weightLb: z.number().positive().max(5_000),
  /** NMFC class; worked out from density when left out. */
  freightClass: z
    .number()
    .refine((v) => (FREIGHT_CLASSES as readonly number[]).includes(v), 'freightClass: one of the NMFC classes 50–500')
    .optional(),
  stackable: z.boolean(),
  description: z.string().max(100).optional(),
});
export type HandlingUnit = z.infer<typeof handlingUnitSchema>;

export const quoteRequestSchema = z.object({
  origin: freightPlaceSchema,
  destination: freightPlaceSchema,
  pickupDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pickupDate: YYYY-MM-DD'),
  handlingUnits: z.array(handlingUnitSchema).min(1).max(10),
  accessorials: z.array(z.enum(ACCESSORIALS)).default([]),
  declaredValue: z.number().nonnegative().optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

const charge = z.object({ code: z.string(), description: z.string(), amount: z.number() });
export const freightRateSchema = z.object({
  rateId: z.string(),
  carrier: z.object({ scac: z.string(), name: z.string() }),
  service: z.enum(['STANDARD', 'GUARANTEED']),
  transitDays: z.number().int(),
  estimatedDelivery: z.string(),
  charges: z.array(charge),
  total: z.number(),
});
export type FreightRate = z.infer<typeof freightRateSchema>;
export const quoteSchema = z.object({
  quoteId: z.string(),
  expiresAt: z.string(),
  /** The class each handling unit was rated at (given, or from its density). */
  ratedClasses: z.array(z.number()),
  rates: z.array(freightRateSchema),
});
export type FreightQuote = z.infer<typeof quoteSchema>;

export const bookRequestSchema = z.object({
  rateId: z.string().min(1),
  shipper: freightContactSchema,
  consignee: freightContactSchema,
  references: z.object({ po: z.string().max(40).optional(), shipperRef: z.string().max(40).optional() }).default({}),
  specialInstructions: z.string().max(300).optional(),
});
export type BookRequest = z.input<typeof bookRequestSchema>;

export const FREIGHT_STATUSES = ['BOOKED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED'] as const;
export const freightShipmentSchema = z.object({
  shipmentId: z.string(),
  status: z.enum(FREIGHT_STATUSES),
  bolNumber: z.string(),
  proNumber: z.string(),
  carrier: z.object({ scac: z.string(), name: z.string() }),
  service: z.string(),
  pickup: z.object({ date: z.string(), windowStart: z.string(), windowEnd: z.string() }),
  estimatedDelivery: z.string(),
  total: z.number(),
  origin: freightPlaceSchema,
  destination: freightPlaceSchema,
  handlingUnits: z.array(handlingUnitSchema.extend({ freightClass: z.number() })),
  references: z.object({ po: z.string().optional(), shipperRef: z.string().optional() }),
  events: z.array(z.object({ at: z.string(), status: z.string(), description: z.string() })),
  documents: z.object({ billOfLading: z.string(), labels: z.string() }),
});
export type FreightShipment = z.infer<typeof freightShipmentSchema>;
export const shipmentListSchema = z.object({ shipments: z.array(freightShipmentSchema), total: z.number().int() });

export const freightErrorSchema = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
});
