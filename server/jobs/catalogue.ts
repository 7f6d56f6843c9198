/**
 * How each job of the catalogue (domain/schemas/jobs.ts) is queued: retry policy, dead letter,
 * singleton policy and schedule. pg-boss stores these per queue, so a change here takes effect at
 * the next start (JobQueue.start updates the queue).
 */
import type { JobName } from '../../domain/schemas/jobs.js';

export const DEAD_LETTER: JobName = 'jobs.dead-letter';

export interface QueueDef {
  /**
   * pg-boss queue policy. `stately`: at most one job per singleton key queued and one running —
   * a second "pull orders for store 7" while one waits is dropped, not run twice.
   */
  policy: 'standard' | 'stately' | 'singleton';
  retryLimit: number;
  /** Seconds before the first retry; with backoff each retry waits about twice as long. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A running job not finished by then is failed (and retried): a worker that died. */
  expireInSeconds: number;
  deadLetter?: JobName;
  /** Cron (UTC) for jobs the platform runs on its own. */
  cron?: string;
  /** Long jobs report progress to the user who started them. */
  long?: boolean;
}

const pull: QueueDef = {
  policy: 'stately',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  deadLetter: DEAD_LETTER,
  long: true,
};

export const QUEUES: Record<JobName, QueueDef> = {
  'db.upkeep': {
    policy: 'stately',
    retryLimit: 1,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 15 * 60,
    cron: '0 * * * *',
  },
  'stores.pull-orders': pull,
  'stores.pull-listings': pull,
  'stores.pull-fba-inventory': pull,
  'stores.schedule-pulls': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    cron: '20 * * * *',
  },
  'stores.schedule-order-pulls': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    cron: '*/15 * * * *',
  },
  'marketplace.poll-operation': {
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 20,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    deadLetter: DEAD_LETTER,
  },
  'fba.track-shipments': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 120,
    retryBackoff: true,
    expireInSeconds: 20 * 60,
    cron: '7,37 * * * *',
  },
  'billing.run': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    deadLetter: DEAD_LETTER,
    long: true,
  },
  'billing.daily': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    deadLetter: DEAD_LETTER,
    cron: '15 0 * * *',
  },
  // Queued by the events themselves (server/modules/billing/recorded-work.ts), one per tenant
  // waiting and one running: a burst of events is one run. Idempotent (lines unique per source);
  // what a failed run leaves is priced by the next event's run, the nightly job or the button.
  'billing.price-recorded': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  'billing.storage-day': {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 120,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    deadLetter: DEAD_LETTER,
    long: true,
  },
  'billing.monthly': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 600,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    deadLetter: DEAD_LETTER,
    cron: '0 3 1 * *',
  },
  'returns.pull': pull,
  'returns.schedule': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    cron: '40 * * * *',
  },
  // One per order at a time; an outage or throttling is retried with backoff for about a day.
  'fbm.confirm-shipment': {
    policy: 'stately',
    retryLimit: 12,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    deadLetter: DEAD_LETTER,
  },
  'fbm.auto-close': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 120,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    cron: '*/15 * * * *',
  },
  // Each order's labels are keyed, so a retry after a crash buys only what is not bought yet.
  'fbm.buy-labels': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    deadLetter: DEAD_LETTER,
    long: true,
  },
  // Idempotent per transaction (only a pending one changes); the next hour retries what failed.
  'finance.expire-checkouts': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 120,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    cron: '50 * * * *',
  },
  // Nothing works this queue: its jobs wait there for an admin (retry sends the original again).
  'jobs.dead-letter': { policy: 'standard', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 },
};
