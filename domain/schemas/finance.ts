/**
 * Money moving (issue 21, spec §2 Account and finance, §7 /api/finance): Shipping Label Funds
 * (deposits by card, label purchases drawing on them), invoice payments (card or manual), voids
 * and refunds. Amounts are integer cents; a transaction's amount is positive and its kind says
 * the direction. A label draw's upcharge is the warehouse's business: client answers carry the
 * total only (costCents/upchargeCents are present for warehouse users alone).
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';

/** Spec §4 charge category as the balance query's balanceType. */
export const BALANCE_TYPES = ['ALL', 'DEPOSIT', 'SHIPPING'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

/** label_refund: a voided label's draw given back to the funds it came from (decision 0019). */
export const TRANSACTION_KINDS = ['payment', 'refund', 'deposit', 'label_purchase', 'label_refund'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed', 'voided'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_METHODS = ['card', 'manual', 'funds'] as const;

/** Smallest label-funds deposit (the processor's own minimum is 50 cents). */
export const MIN_DEPOSIT_CENTS = 100;
/** Largest single deposit or payment: 1,000,000.00. */
export const MAX_PAYMENT_CENTS = 100_000_000;
/** The processor takes no card payment under 50 cents. */
export const MIN_CARD_PAYMENT_CENTS = 50;

const cents = (field: string, min: number) =>
  z
    .number({ error: `${field}: a whole number of cents` })
    .int(`${field}: a whole number of cents`)
    .min(min, `${field}: at least ${min} cents`)
    .max(MAX_PAYMENT_CENTS, `${field}: at most ${MAX_PAYMENT_CENTS} cents`);

const returnUrl = z
  .string({ error: 'returnUrl: required' })
  .trim()
  .max(2000, 'returnUrl: too long')
  .regex(/^https?:\/\/[^\s]+$/, 'returnUrl: an http(s) address');

const reason = z
  .string({ error: 'reason: required' })
  .trim()
  .min(1, 'reason: required')
  .max(500, 'reason: at most 500 characters');

export const depositInputSchema = z.object({
  /** The client whose funds (a client user: its own company, may be left out). */
  companyId: z.number().int().positive('companyId: an id').optional(),
  amountCents: cents('amountCents', MIN_DEPOSIT_CENTS),
  returnUrl,
});
export type DepositInput = z.infer<typeof depositInputSchema>;

export const payInvoiceInputSchema = z.object({
  /** Default: the invoice's open balance. */
  amountCents: cents('amountCents', MIN_CARD_PAYMENT_CENTS).optional(),
  returnUrl,
});
export type PayInvoiceInput = z.infer<typeof payInvoiceInputSchema>;

export const markPaidInputSchema = z.object({
  amountCents: cents('amountCents', 1),
  note: z.string().trim().max(500, 'note: at most 500 characters').optional().nullable(),
});
export type MarkPaidInput = z.infer<typeof markPaidInputSchema>;

export const voidInputSchema = z.object({ reason });
export type VoidInput = z.infer<typeof voidInputSchema>;

export const refundInputSchema = z.object({ amountCents: cents('amountCents', 1), reason });
export type RefundInput = z.infer<typeof refundInputSchema>;

/** A hosted card page was opened: send the payer to checkoutUrl. */
export const checkoutSchema = z.object({
  transactionId: z.number().int(),
  checkoutUrl: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: a date YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${field}: a real date`)
    .optional();

/** Spec balance query: companyId, stores, warehouseId, balanceType, beginDate, endDate (+ paging). */
export const balanceQuerySchema = z
  .object({
    companyId: z
      .string()
      .regex(/^\d{1,9}$/, 'companyId: an id')
      .transform(Number)
      .optional(),
    /** Accepted for the spec's query; label funds are per client, not per store or warehouse. */
    stores: z.string().max(500).optional(),
    warehouseId: z.string().max(20).optional(),
    balanceType: z.enum(BALANCE_TYPES, { error: `balanceType: one of ${BALANCE_TYPES.join(', ')}` }).optional(),
    beginDate: day('beginDate'),
    endDate: day('endDate'),
    pageNumber: z.string().optional(),
    pageSize: z.string().optional(),
  })
  .refine((q) => !q.beginDate || !q.endDate || q.beginDate <= q.endDate, {
    message: 'endDate: on or after beginDate',
    path: ['endDate'],
  });
export type BalanceQuery = z.infer<typeof balanceQuerySchema>;

/** One line of the label funds statement: + a deposit, − a label draw or a refund of a deposit. */
export const balanceEntrySchema = z.object({
  transactionId: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  category: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** Signed: what it did (or would do, when pending) to the balance. */
  amountCents: z.number().int(),
  /** The balance after this line (succeeded lines only move it). */
  runningBalanceCents: z.number().int(),
  /** A label draw: the label it paid for. */
  labelId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** Warehouse users only: the carrier's cost and the warehouse's upcharge of a label draw. */
  costCents: z.number().int().optional(),
  upchargeCents: z.number().int().optional(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

export const balancePageSchema = pageSchema(balanceEntrySchema).extend({
  companyId: z.number().int(),
  companyName: z.string(),
  currency: z.string(),
  /** Succeeded deposits − refunds of them − label draws. */
  balanceCents: z.number().int(),
  /** Deposits opened at the card page and not yet confirmed. */
  pendingCents: z.number().int(),
  /** Labels are refused when funds are short (fee setting ENFORCE_PAYMENT_METHOD). */
  enforcePaymentMethod: z.boolean(),
});
export type BalancePage = z.infer<typeof balancePageSchema>;

export const financeAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  amountCents: z.number().int().nullable(),
  reason: z.string().nullable(),
  username: z.string().nullable(),
  at: z.string(),
});
export type FinanceAuditEntry = z.infer<typeof financeAuditEntrySchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
  kind: z.enum(TRANSACTION_KINDS),
  category: z.string().nullable(),
  method: z.enum(TRANSACTION_METHODS),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  refundOf: z.number().int().nullable(),
  sourceType: z.string().nullable(),
  sourceId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Succeeded refunds of this transaction, and what may still be refunded. */
  refundedCents: z.number().int(),
  refundableCents: z.number().int(),
  refunds: z.array(
    z.object({ id: z.number().int(), amountCents: z.number().int(), status: z.string(), createdAt: z.string() }),
  ),
  audit: z.array(financeAuditEntrySchema),
  /** What the caller may do now (always false for clients). */
  canVoid: z.boolean(),
  canRefund: z.boolean(),
  /** Warehouse users only. */
  processorRef: z.string().nullable().optional(),
  costCents: z.number().int().optional(),
  upchargeCents: z.number().int().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * How one label was paid (for the label tools): from the client's label funds (a draw), or — funds
 * short and ENFORCE_PAYMENT_METHOD off — on the client's next invoice, funds untouched.
 */
export interface LabelDraw {
  paidFrom: 'funds' | 'invoice';
  /** The funds draw; null when the label goes on the invoice. */
  transactionId: number | null;
  costCents: number;
  upchargeCents: number;
  totalCents: number;
  balanceCents: number;
  /** The label had been paid for already: nothing new was drawn. */
  duplicate: boolean;
}
