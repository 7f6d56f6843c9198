/**
 * Background jobs (spec §7 /api/jobs/batch-process): the job catalogue's names and data, and the
 * list the jobs screen shows. The queue is pg-boss on the server; this is what crosses the wire.
 */
import { z } from 'zod';

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

const id = z.number().int().positive();

/** Each job name with the data it carries; the queue validates data against these on enqueue and run. */
export const JOB_DATA = {
  /** Hourly VACUUM (ANALYZE) of the embedded database (server/db/statistics.ts). */
  'db.upkeep': z.object({}).strict(),
  /** Pull new and changed orders from one store. */
  'stores.pull-orders': z.object({ tenantId: id, storeId: id }).strict(),
  /** Import the store's listings (products). */
  'stores.pull-listings': z.object({ tenantId: id, storeId: id }).strict(),
  /** Hourly: queue the scheduled pulls (FBA inventory) of every connected store. */
  'stores.schedule-pulls': z.object({}).strict(),
  /** Every quarter hour: queue an orders pull for every connected store. */
  'stores.schedule-order-pulls': z.object({}).strict(),
  /** Pull FBA inventory for an Amazon store. */
  'stores.pull-fba-inventory': z.object({ tenantId: id, storeId: id }).strict(),
  /** Ask a marketplace whether an asynchronous operation (feed, report, inbound plan) has finished. */
  'marketplace.poll-operation': z
    .object({ tenantId: id, storeId: id, operation: z.string().min(1).max(200), kind: z.string().min(1).max(60) })
    .strict(),
  /** Every half hour: follow the shipped FBA plans' shipments at Amazon (receiving, discrepancies) and resume steps a crash interrupted. */
  'fba.track-shipments': z.object({}).strict(),
  /** A billing run for one tenant and period (YYYY-MM): that month's invoices, one per client. */
  'billing.run': z.object({ tenantId: id, period: z.string().regex(/^\d{4}-\d{2}$/) }).strict(),
  /** Every night: per tenant, price what the floor recorded, charge plan fees, queue yesterday's storage. */
  'billing.daily': z.object({}).strict(),
  /** Seconds after work is recorded: price one tenant's recorded events not priced yet (one run per burst). */
  'billing.price-recorded': z.object({ tenantId: id }).strict(),
  /** One tenant's storage charges for one day (YYYY-MM-DD); re-running it charges nothing twice. */
  'billing.storage-day': z.object({ tenantId: id, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).strict(),
  /** On the 1st: queue last month's billing.run for every tenant. */
  'billing.monthly': z.object({}).strict(),
  /** Expected FBM returns and FBA removal shipments of one Amazon store, from Amazon's reports. */
  'returns.pull': z.object({ tenantId: id, storeId: id }).strict(),
  /** Hourly: queue a returns pull for every connected Amazon store with a returns or removals setting on. */
  'returns.schedule': z.object({}).strict(),
  /** Tell the marketplace of an FBM order's shipments not told yet (carrier, tracking, items). */
  'fbm.confirm-shipment': z.object({ tenantId: id, orderId: id }).strict(),
  /** Mark shipped the orders whose label was bought the auto-close delay ago (one order, or every tenant's when empty). */
  'fbm.auto-close': z.object({ tenantId: id.optional(), orderId: id.optional() }).strict(),
  /** A bulk purchase of FBM order labels (one run of fbm_label_runs): one result per order. */
  'fbm.buy-labels': z.object({ tenantId: id, runId: id }).strict(),
  /** Hourly: per tenant, card checkouts pending past their card page's life (webhook lost) asked of the processor, then applied (paid) or expired. */
  'finance.expire-checkouts': z.object({}).strict(),
  /** Where jobs go after their last retry fails: kept for an admin to look at and retry. */
  'jobs.dead-letter': z.record(z.string(), z.unknown()),
} as const;

export type JobName = keyof typeof JOB_DATA;
export const JOB_NAMES = Object.keys(JOB_DATA) as JobName[];
export type JobData<N extends JobName> = z.infer<(typeof JOB_DATA)[N]>;

export const jobListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  state: z.enum(JOB_STATES).optional(),
  name: z.string().max(60).optional(),
});

export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Done and total (null when the total is not known yet); a note such as "page 3 of 8". */
  progress: z.object({ done: z.number(), total: z.number().nullable(), note: z.string().nullable() }),
  /** The last attempt's error in words, when it failed. */
  error: z.string().nullable(),
  startedBy: z.object({ id: z.number(), username: z.string() }).nullable(),
  retryCount: z.number(),
  retryLimit: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobSchema>;

export const jobPageSchema = z.object({
  content: z.array(jobSchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  totalElements: z.number(),
});

export const jobIdParam = z.object({ id: z.string().uuid() });

/** A job started on request: its id, or null when the same job already waits (singleton key). */
export const jobStartedSchema = z.object({ jobId: z.string().nullable(), queued: z.boolean() });
