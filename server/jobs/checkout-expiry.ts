/**
 * `finance.expire-checkouts`, hourly (cron in catalogue.ts): card checkouts still pending after
 * their card page's life — the processor's `checkout.session.expired` (or completed) event lost —
 * are asked of the processor and applied: paid, or expired (server/modules/finance/checkout.ts).
 * Tenant by tenant; each transaction changes only while pending, so a retry does nothing twice.
 */
import type { Deps } from '../context.js';
import { expireStaleCheckoutsEverywhere } from '../modules/finance/checkout.js';
import type { JobQueue } from './queue.js';

export function registerCheckoutExpiry(queue: JobQueue, deps: Deps): void {
  queue.work('finance.expire-checkouts', async () => expireStaleCheckoutsEverywhere(deps));
}
