import { z } from 'zod';
import { ALL_CHARGE_CODES, CHARGE_CATEGORIES, PRICE_SOURCES } from '../billing/charge-codes.js';
import { PRICE_DECIMALS, QUANTITY_DECIMALS, scaledDecimal } from '../rules/money.js';

/** Billable events as the workflows record them (server/db/schema/charges.ts); billing prices them. */
export const CHARGE_EVENT_KINDS = [
  /** A box packed at the bench (once per box). */
  'box_packed',
  /** Units prepped by the warehouse, per prep type (details.prepType). */
  'unit_prepped',
  /** FNSKU labels the warehouse applied (units whose label owner is the seller). */
  'unit_labelled',
  /** A pallet built for an LTL shipment. */
  'pallet_built',
  /** A shipment that left the building (details: channel, boxes, units). */
  'shipment_shipped',
  /** An LTL shipment's freight passed on to the client (details: PRO number, carrier, amountCents). */
  'freight_charged',
  /** Units received at the dock (per receiving line). */
  'unit_received',
  /** Units sorted to a location after receiving. */
  'unit_sorted',
  /** Units disposed of at the client's request (a problem's disposition). */
  'unit_disposed',
  /** A bundle built (details.items: units in it). */
  'bundle_built',
  /** An FBM order shipped (details.skus, details.units). */
  'fbm_order_shipped',
  /** A prep material used for the client (details.materialId, unitPrice). */
  'prep_material_used',
] as const;
export type ChargeEventKind = (typeof CHARGE_EVENT_KINDS)[number];

// ------------------------------------------------------------------ the charges ledger (issue 21)

/**
 * How a charge is paid, decided once when it is written (decision 0019): by the next invoice, or
 * from the client's prepaid funds as it happened (a label bought from Shipping Label Funds).
 */
export const CHARGE_SETTLEMENTS = ['invoice', 'funds'] as const;
export type ChargeSettlement = (typeof CHARGE_SETTLEMENTS)[number];

const decimalText = (places: number, label: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        scaledDecimal(v, places);
        return true;
      } catch {
        return false;
      }
    }, `${label}: a number with at most ${places} decimals`);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date (YYYY-MM-DD)');

export const chargeRuleSchema = z.object({
  source: z.enum(PRICE_SOURCES),
  planId: z.number().int().optional(),
  planName: z.string().optional(),
  feeKey: z.string().optional(),
  note: z.string().optional(),
});

/** One line of the ledger as the charges screens show it. */
export const chargeSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  code: z.string(),
  category: z.enum(CHARGE_CATEGORIES),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  rule: chargeRuleSchema,
  sourceType: z.string(),
  sourceId: z.string(),
  serviceDate: z.string(),
  adjustsChargeId: z.number().int().nullable(),
  settledBy: z.enum(CHARGE_SETTLEMENTS),
  invoiceId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargePageSchema = z.object({
  content: z.array(chargeSchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  /** The sum of every matching line (not only this page), in cents. */
  totalCents: z.number().int(),
});

/**
 * Recorded work not priced yet (events and problem charges without a line): the Charges screen's
 * "N events waiting to be priced". A client counts its own company's; `canPrice` says whether the
 * caller may price them now (the warehouse, with the right to add charges).
 */
export const chargesWaitingSchema = z.object({
  waiting: z.number().int().nonnegative(),
  canPrice: z.boolean(),
});
export type ChargesWaiting = z.infer<typeof chargesWaitingSchema>;

/** open: waiting for an invoice; invoiced: on one; funds: paid from prepaid funds (never invoiced). */
export const CHARGE_INVOICED_FILTERS = ['all', 'open', 'invoiced', 'funds'] as const;

export const chargeQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z
    .string()
    .regex(/^\d{1,9}$/, 'companyId: an id')
    .transform(Number)
    .optional(),
  category: z.enum(CHARGE_CATEGORIES).optional(),
  code: z.string().max(60).optional(),
  /** The warehouse's cost group: lines of the codes it groups. */
  costGroupId: z
    .string()
    .regex(/^\d{1,9}$/, 'costGroupId: an id')
    .transform(Number)
    .optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  invoiced: z.enum(CHARGE_INVOICED_FILTERS).optional(),
});

/** A charge the warehouse enters by hand (a special service, a credit as a negative price). */
export const manualChargeInputSchema = z.object({
  companyId: z.number().int().positive(),
  description: z.string().trim().min(1, 'description: required').max(200),
  quantity: decimalText(QUANTITY_DECIMALS, 'quantity').refine((v) => Number(v) > 0, 'quantity: more than 0'),
  unitPrice: decimalText(PRICE_DECIMALS, 'unitPrice').refine(
    (v) => Math.abs(Number(v)) <= 1_000_000,
    'unitPrice: at most 1,000,000',
  ),
  serviceDate: isoDay,
  code: z
    .string()
    .refine((c) => ALL_CHARGE_CODES.includes(c), 'code: not a charge code')
    .default('MANUAL'),
});
export type ManualChargeInput = z.infer<typeof manualChargeInputSchema>;
