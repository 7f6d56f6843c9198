/**
 * Money reconciliation (issue 39, decision 0019): for each client and period, where every priced
 * event went and where every payment went, to the cent. Two identities must hold:
 *   charges = invoiced + awaiting an invoice + label funds draws (net of labels given back)
 *   received = invoice payments + funds top-ups (each net of refunds)
 * and two checks of what is stored twice: an invoice's subtotal equals the charges it claimed, and
 * its paid amount equals the payments made on it. Any difference is a defect to look at.
 */
import { z } from 'zod';
import { periodQuerySchema } from './invoices.js';

export const reconciliationQuerySchema = periodQuerySchema.extend({
  companyId: z
    .string()
    .regex(/^\d{1,9}$/, 'companyId: an id')
    .transform(Number)
    .optional(),
});

export const reconciliationClientSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  /** Priced events: every charge whose service day is in the period. */
  chargedCents: z.number().int(),
  /** Of those: on a live invoice. */
  invoicedCents: z.number().int(),
  /** Of those: to be invoiced (settled by invoice, not claimed yet). */
  awaitingInvoiceCents: z.number().int(),
  /** Of those: settled from prepaid funds as they happened. */
  fromFundsCents: z.number().int(),
  /** Label draws from the funds in the period, net of labels given back. */
  fundsDrawsCents: z.number().int(),
  /** chargedCents − invoiced − awaiting − funds draws. */
  chargesDifferenceCents: z.number().int(),
  /** Money received in the period (card and manual payments, deposits), net of refunds. */
  receivedCents: z.number().int(),
  invoicePaymentsCents: z.number().int(),
  fundsTopUpsCents: z.number().int(),
  /** receivedCents − invoice payments − top-ups. */
  paymentsDifferenceCents: z.number().int(),
  /** The client's live invoices whose period ends in this one. */
  invoiceCount: z.number().int(),
  /** Σ of those invoices' subtotals − Σ of the charges they claimed. */
  invoiceLinesDifferenceCents: z.number().int(),
  /** Σ of those invoices' paid amounts − Σ of the payments made on them (net of refunds). */
  invoicePaidDifferenceCents: z.number().int(),
  /** The client's label funds balance now. */
  fundsBalanceCents: z.number().int(),
  /** True when every difference is zero. */
  balanced: z.boolean(),
});
export type ReconciliationClient = z.infer<typeof reconciliationClientSchema>;

export const reconciliationSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  clients: z.array(reconciliationClientSchema),
  /** Clients with any difference. */
  unbalancedCount: z.number().int(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
