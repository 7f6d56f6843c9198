/**
 * Buy Shipping Labels (spec /apps/tools/shipping-label; /api/external/ship/rate/label: query,
 * /purchase, /void/{id}): a label bought from one shopped rate, for a client (drawn from its
 * shipping label funds with the warehouse's upcharge) or for the warehouse itself. What a client
 * reads never carries the warehouse's cost or upcharge: `cost` is null for it.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { labelCustomsDraftSchema } from './customs.js';
import { parcelSchema, shipAddressSchema } from './shipping.js';

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const LABEL_STATUSES = ['bought', 'voided'] as const;

export const labelPurchaseSchema = z.object({
  /** A key the screen makes once per purchase: retries and double clicks buy once. */
  requestKey: z
    .string({ error: 'requestKey: required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestKey: 8–64 letters, digits, - or _'),
  rateId: z.string({ error: 'rateId: choose a rate' }).trim().min(1, 'rateId: choose a rate').max(100),
  /** The client whose label funds pay; none: the warehouse's own label (a client's user: its own). */
  companyId: z.number().int().positive().nullable().optional(),
  format: z.enum(LABEL_FORMATS, { error: 'format: pdf or zpl' }).default('pdf'),
  reference: z.string().trim().max(100, 'reference: at most 100 characters').optional(),
  /** The shipment the rate was shopped for, kept with the label. */
  shipFrom: shipAddressSchema,
  shipTo: shipAddressSchema,
  parcels: z.array(parcelSchema).min(1, 'parcels: at least one').max(50),
  /** Across a border: the declaration the rate was shopped with; its CN22/CN23 prints after the label. */
  customs: labelCustomsDraftSchema.optional(),
});
export type LabelPurchase = z.infer<typeof labelPurchaseSchema>;

export const labelQuerySchema = z.object({
  companyId: z.coerce.number().int().positive().optional(),
  status: z.enum(LABEL_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type LabelQuery = z.infer<typeof labelQuerySchema>;

export const shippingLabelSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  carrier: z.string(),
  service: z.string(),
  trackingNumber: z.string().nullable(),
  status: z.enum(LABEL_STATUSES),
  shipTo: shipAddressSchema,
  reference: z.string().nullable(),
  format: z.enum(LABEL_FORMATS),
  /** What the label cost the client (its funds) or the warehouse (its own label). */
  totalCents: z.number().int(),
  currency: z.string(),
  /** The warehouse's eyes only: the carrier's cost and the upcharge. Null for a client. */
  cost: z.object({ costCents: z.number().int(), upchargeCents: z.number().int() }).nullable(),
  /** Label funds after the purchase (a client's label only, on purchase). */
  balanceCents: z.number().int().nullable(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
});
export type ShippingLabel = z.infer<typeof shippingLabelSchema>;
export const shippingLabelPageSchema = pageSchema(shippingLabelSchema);
