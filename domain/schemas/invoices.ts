/**
 * Invoices (issue 21; decision 0014-billing-invoices): the shapes the screens and the server share.
 * Money is integer cents; quantities and unit prices are exact decimal text. An invoice line is the
 * sum of its charges (each rounded once when it was recorded), never re-rounded; tax is rounded
 * once on the subtotal.
 */
import { z } from 'zod';
import { CHARGE_CATEGORIES, CHARGE_UNITS } from '../billing/charge-codes.js';
import { pageSchema } from '../paging.js';

export const INVOICE_STATUSES = ['issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** List filter: a status, or `unpaid` (issued with a balance due). */
export const INVOICE_STATUS_FILTERS = [...INVOICE_STATUSES, 'unpaid'] as const;

/** What a person reads and says: INV-000042. */
export const invoiceNumberText = (n: number): string => `INV-${String(n).padStart(6, '0')}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const isDay = (s: string): boolean => {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export interface Period {
  from: string;
  to: string;
}

/** The first and last day of a month 'YYYY-MM'. */
export function monthPeriod(month: string): Period {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before the one `now` is in ('YYYY-MM', UTC). */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** Longest period one invoice may cover. */
export const MAX_PERIOD_DAYS = 366;

/**
 * A period as the API takes it: `month` (YYYY-MM), or `from` and `to` (inclusive days). Refusals
 * name the field.
 */
export function parsePeriod(input: {
  month?: string;
  from?: string;
  to?: string;
}): { ok: true; period: Period } | { ok: false; message: string } {
  if (input.month !== undefined && input.month !== '') {
    if (input.from || input.to) return { ok: false, message: 'month: give a month or from and to, not both' };
    if (!MONTH.test(input.month)) return { ok: false, message: 'month: a month such as 2026-10' };
    return { ok: true, period: monthPeriod(input.month) };
  }
  if (!input.from || !isDay(input.from))
    return { ok: false, message: 'from: a day such as 2026-10-01 (or give month)' };
  if (!input.to || !isDay(input.to)) return { ok: false, message: 'to: a day such as 2026-10-31 (or give month)' };
  if (input.to < input.from) return { ok: false, message: 'to: not before from' };
  const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 + 1;
  if (days > MAX_PERIOD_DAYS) return { ok: false, message: `to: a period of at most ${MAX_PERIOD_DAYS} days` };
  return { ok: true, period: { from: input.from, to: input.to } };
}

/**
 * The invoice preview's first period: the oldest month with charges still to invoice (late lines
 * included), or the current month when nothing waits.
 */
export const openPeriodSchema = z.object({
  month: z.string(),
  /** Charges waiting for an invoice (settled by invoice, not claimed yet), all months. */
  waitingCount: z.number().int(),
});
export type OpenPeriod = z.infer<typeof openPeriodSchema>;

export const periodQuerySchema = z.object({
  month: z.string().max(7).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  category: z.enum(CHARGE_CATEGORIES),
  code: z.string(),
  description: z.string(),
  unit: z.enum(CHARGE_UNITS),
  /** Decimal text. */
  quantity: z.string(),
  /** Decimal text, major unit. */
  unitPrice: z.string(),
  amountCents: z.number().int(),
  /** How many charges the line sums. */
  chargeCount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceCategorySchema = z.object({
  category: z.enum(CHARGE_CATEGORIES),
  amountCents: z.number().int(),
  lines: z.array(invoiceLineSchema),
});

/** What storage the invoice charges: cubic feet (or metres) × days, summed. */
export const storageSummarySchema = z.object({
  unit: z.enum(CHARGE_UNITS),
  /** Cubic-foot-days (or cubic-metre-days), decimal text. */
  quantity: z.string(),
  /** Days with a storage charge. */
  days: z.number().int(),
  /** Average volume held on a charged day, decimal text (4 places). */
  averagePerDay: z.string(),
  amountCents: z.number().int(),
});
export type StorageSummary = z.infer<typeof storageSummarySchema>;

export const invoiceWarningSchema = z.object({
  kind: z.enum(['unpriced', 'postponed', 'invoiced', 'noEmail']),
  message: z.string(),
  code: z.string().nullable(),
  chargeCount: z.number().int(),
});

const totals = {
  currency: z.string(),
  subtotalCents: z.number().int(),
  taxName: z.string(),
  /** Decimal text, e.g. "8.25". */
  taxPercent: z.string(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
};

export const invoicePreviewClientSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  email: z.string().nullable(),
  period: z.object({ from: z.string(), to: z.string() }),
  chargeCount: z.number().int(),
  categories: z.array(invoiceCategorySchema),
  storage: storageSummarySchema.nullable(),
  ...totals,
  dueOn: z.string(),
  warnings: z.array(invoiceWarningSchema),
  /** A live invoice for exactly this period already exists (generating again answers 409). */
  existingInvoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** POSTPONE_DATE: not invoiced before this day. */
  postponedUntil: z.string().nullable(),
});
export type InvoicePreviewClient = z.infer<typeof invoicePreviewClientSchema>;

export const invoicePreviewSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  clients: z.array(invoicePreviewClientSchema),
  totalCents: z.number().int(),
  warningCount: z.number().int(),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(INVOICE_STATUSES),
  ...totals,
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  issuedAt: z.string(),
  dueOn: z.string(),
  overdue: z.boolean(),
  emailedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoicePageSchema = pageSchema(invoiceSummarySchema);

export const partySchema = z.object({
  name: z.string(),
  lines: z.array(z.string()),
  email: z.string().nullable(),
});

export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  method: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
});

/**
 * The client's Shipping Label Funds over the invoice's period (decision 0019): labels paid from the
 * funds are not invoice lines — they were settled when bought — so the invoice states them here,
 * with nothing due.
 */
export const fundsStatementSchema = z.object({
  openingCents: z.number().int(),
  topUpsCents: z.number().int(),
  labelCount: z.number().int(),
  labelsCents: z.number().int(),
  givenBackCents: z.number().int(),
  closingCents: z.number().int(),
});
export type FundsStatement = z.infer<typeof fundsStatementSchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  categories: z.array(invoiceCategorySchema),
  storage: storageSummarySchema.nullable(),
  chargeCount: z.number().int(),
  payments: z.array(invoicePaymentSchema),
  /** Null when the client's funds did not move in the period and hold nothing. */
  funds: fundsStatementSchema.nullable(),
  from: partySchema,
  to: partySchema,
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceItemSchema = invoiceLineSchema.extend({ id: z.number().int(), invoiceId: z.number().int() });
export const invoiceItemPageSchema = pageSchema(invoiceItemSchema);

export const invoiceGenerateInputSchema = z
  .object({
    month: z.string().max(7).optional(),
    from: z.string().max(10).optional(),
    to: z.string().max(10).optional(),
    /** Only these clients (default: every client with charges in the period). */
    companyIds: z.array(z.number().int().positive()).max(10_000).optional(),
    /** E-mail each new invoice to its client (default true). */
    send: z.boolean().optional(),
  })
  .strict();
export type InvoiceGenerateInput = z.infer<typeof invoiceGenerateInputSchema>;

export const invoiceGenerateResultSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  invoices: z.array(invoiceSummarySchema),
  /** Clients selected but not invoiced, and why. */
  skipped: z.array(z.object({ companyId: z.number().int(), companyName: z.string(), reason: z.string() })),
});
export type InvoiceGenerateResult = z.infer<typeof invoiceGenerateResultSchema>;

export const invoiceVoidInputSchema = z
  .object({
    reason: z
      .string({ error: 'reason: why the invoice is voided' })
      .trim()
      .min(3, 'reason: why the invoice is voided (at least 3 characters)')
      .max(500, 'reason: at most 500 characters'),
  })
  .strict();

export const invoiceSendResultSchema = z.object({ id: z.number().int(), to: z.string(), emailedAt: z.string() });
