/**
 * Jobs whose work lives in modules still being written (marketplace clients in
 * server/integrations, billing): the catalogue and queue policy are here, and the module
 * provides the runner with `provideJob`. Until it does, such a job fails with a plain reason and
 * is retried by its policy — nothing is lost while a provider is missing.
 *
 * A runner must be idempotent by a key (orders upserted by the marketplace's order id, or
 * `job.once(key, …)`), and long ones report `job.progress(done, total)`.
 */
import type { JobData, JobName } from '../../domain/schemas/jobs.js';
import type { Deps } from '../context.js';
import type { JobContext, JobQueue } from './queue.js';

export const PROVIDED_JOBS = [
  'stores.pull-orders',
  'stores.pull-listings',
  'stores.pull-fba-inventory',
  'stores.schedule-pulls',
  'stores.schedule-order-pulls',
  'marketplace.poll-operation',
  'fba.track-shipments',
  'billing.run',
  'billing.daily',
  'billing.price-recorded',
  'billing.storage-day',
  'billing.monthly',
  'fbm.buy-labels',
  'fbm.confirm-shipment',
  'fbm.auto-close',
] as const satisfies readonly JobName[];
export type ProvidedJob = (typeof PROVIDED_JOBS)[number];

export type JobRunner<N extends ProvidedJob> = (data: JobData<N>, job: JobContext, deps: Deps) => Promise<unknown>;

const runners = new Map<ProvidedJob, JobRunner<ProvidedJob>>();

/** A module supplies the work of one of the provided jobs (replacing any earlier runner). */
export function provideJob<N extends ProvidedJob>(name: N, runner: JobRunner<N>): void {
  runners.set(name, runner as unknown as JobRunner<ProvidedJob>);
}

export function withdrawJob(name: ProvidedJob): void {
  runners.delete(name);
}

export class NoRunner extends Error {}

export function registerStoreJobs(queue: JobQueue, deps: Deps): void {
  for (const name of PROVIDED_JOBS) {
    queue.work(name, async (data, job) => {
      const runner = runners.get(name);
      if (!runner) throw new NoRunner(`Nothing can run ${name} on this server yet`);
      return runner(data, job, deps);
    });
  }
}
