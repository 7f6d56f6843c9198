/**
 * Daily storage charges (issue 21, /apps/finance/customer/storage-charges): the lines the storage
 * day writes, the runs per day with the products left uncharged for want of dimensions, and the
 * request that (re)runs a day. Volumes and quantities are decimal text (4 places), money integer
 * cents; the unit is cubic feet or, for a metric tenant, cubic metres (per day).
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { chargeRuleSchema } from './charges.js';

export const STORAGE_VOLUME_UNITS = ['cubicFootDay', 'cubicMetreDay'] as const;
export type StorageVolumeUnit = (typeof STORAGE_VOLUME_UNITS)[number];

const isoDay = (field: string) =>
  z
    .string({ error: `${field}: a day (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: a day (YYYY-MM-DD)`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${field}: not a calendar day`);

/** One storage line: a client's product on a day, or an adjustment of it after a late change. */
export const storageChargeSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  day: z.string(),
  productId: z.number().int().nullable(),
  productKey: z.string().nullable(),
  title: z.string().nullable(),
  /** Units held in the charged inventory types at the end of the day. */
  units: z.number().int(),
  /** Of those, units past their free days. */
  chargeableUnits: z.number().int(),
  /** Cubic feet (or metres) of one unit, 4 decimals. */
  volumePerUnit: z.string().nullable(),
  unit: z.enum(STORAGE_VOLUME_UNITS),
  /** Chargeable volume (for an adjustment: the difference), 4 decimals. */
  quantity: z.string(),
  unitPrice: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  rule: chargeRuleSchema,
  kind: z.enum(['charge', 'adjustment']),
  adjustsChargeId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type StorageCharge = z.infer<typeof storageChargeSchema>;

export const storageChargePageSchema = pageSchema(storageChargeSchema).extend({
  /** Every matching line summed (not only this page), in cents. */
  totalCents: z.number().int(),
});

export const storageChargeQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z
    .string()
    .regex(/^\d{1,9}$/, 'companyId: an id')
    .transform(Number)
    .optional(),
  from: isoDay('from').optional(),
  to: isoDay('to').optional(),
});

/** A product held and chargeable but without dimensions: reported, never guessed. */
export const missingDimensionSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string().optional(),
  productId: z.number().int().nullable(),
  productKey: z.string(),
  title: z.string().nullable(),
  units: z.number().int(),
  chargeableUnits: z.number().int(),
});
export type MissingDimension = z.infer<typeof missingDimensionSchema>;

export const storageRunSchema = z.object({
  day: z.string(),
  /** Lines of the day in the ledger (charges and adjustments). */
  lines: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  missingDimensions: z.array(missingDimensionSchema),
  runAt: z.string(),
});
export type StorageRun = z.infer<typeof storageRunSchema>;

export const storageRunPageSchema = pageSchema(storageRunSchema);

export const storageRunQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  from: isoDay('from').optional(),
  to: isoDay('to').optional(),
});

export const storageRunInputSchema = z.object({
  day: isoDay('day'),
  /** Queue the day as a background job instead of running it within the request. */
  background: z.boolean().optional(),
});

export const storageRunResultSchema = z.object({
  day: z.string(),
  /** Set when the day was queued (background) instead of run. */
  jobId: z.string().nullable(),
  clients: z.number().int(),
  /** Lines written by this run: first lines and adjusting lines. */
  written: z.number().int(),
  adjustments: z.number().int(),
  /** The day's totals in the ledger after the run. */
  lines: z.number().int(),
  amountCents: z.number().int(),
  missingDimensions: z.number().int(),
});
export type StorageRunResult = z.infer<typeof storageRunResultSchema>;
