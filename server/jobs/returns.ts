/**
 * `returns.pull` (one store's expected FBM returns and FBA removal shipments from Amazon's reports)
 * and `returns.schedule` (hourly: a pull queued per connected Amazon store whose settings ask for
 * it). The work lives in server/modules/returns/pull.ts; it is idempotent by return key and keeps
 * the report it asked for across retries.
 */
import type { Deps } from '../context.js';
import { ApiError } from '../http/errors.js';
import { pullReturns, scheduleReturnPulls } from '../modules/returns/pull.js';
import type { JobQueue } from './queue.js';

export function registerReturnJobs(queue: JobQueue, deps: Deps): void {
  queue.work('returns.pull', async (data, job) => {
    try {
      return await pullReturns(deps, data, job);
    } catch (err) {
      // A refusal retrying cannot fix (the store must be reconnected): end the job, say why.
      if (err instanceof ApiError && err.status === 412) return { ...data, skipped: err.messages.join('; ') };
      throw err;
    }
  });
  queue.work('returns.schedule', async () => scheduleReturnPulls(deps));
}
