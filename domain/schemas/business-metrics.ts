/**
 * Business metrics (spec §2 /dashboard/basic-reporting, resource businessMetrics): what a period
 * earned and what the floor did for it, each figure beside the same-length period before — revenue
 * from the charges ledger (by currency, day, category and client), clients served, the work done
 * (billable events by kind) and the invoices issued, owed and overdue. Days are UTC days, as the
 * ledger dates its charges and invoices take them. A client sees only its own company.
 */
import { z } from 'zod';
import { CHARGE_EVENT_KINDS } from './charges.js';
import { dayPeriodQuery } from './day-period.js';

/** A year and a day: this year so far, or last year whole in a leap year. */
export const BUSINESS_METRICS_MAX_DAYS = 366;
export const businessMetricsQuerySchema = dayPeriodQuery(BUSINESS_METRICS_MAX_DAYS, {});
export type BusinessMetricsQuery = z.infer<typeof businessMetricsQuerySchema>;

const cents = z.number().int();
const compared = { amountCents: cents, previousCents: cents };

export const businessMetricsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The same number of days just before `from`. */
  previousFrom: z.string(),
  previousTo: z.string(),
  /** Per currency, the largest first (most tenants bill in one). */
  revenue: z.array(z.object({ currency: z.string(), ...compared })),
  /** Every day of the period that has charges, oldest first. */
  byDay: z.array(z.object({ day: z.string(), currency: z.string(), amountCents: cents })),
  byCategory: z.array(z.object({ category: z.string(), currency: z.string(), ...compared })),
  /** The ten clients that brought the most in the period. */
  topClients: z.array(z.object({ companyId: z.number().int(), name: z.string(), currency: z.string(), ...compared })),
  activeClients: z.object({ current: z.number().int(), previous: z.number().int() }),
  /** The work done, by kind of billable event (units, boxes, shipments …), kinds with any work only. */
  volume: z.array(
    z.object({ kind: z.enum(CHARGE_EVENT_KINDS), quantity: z.number().int(), previous: z.number().int() }),
  ),
  /** Per currency: invoices issued in the period, and what is owed now (overdue: past its due day). */
  invoices: z.array(
    z.object({
      currency: z.string(),
      issuedCount: z.number().int(),
      issuedCents: cents,
      outstandingCents: cents,
      overdueCents: cents,
    }),
  ),
});
export type BusinessMetrics = z.infer<typeof businessMetricsSchema>;
