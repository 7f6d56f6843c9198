/**
 * The invoice jobs (issue 21): `billing.run` generates one tenant's invoices for a month — every
 * client with uninvoiced charges in it — and `billing.monthly` (cron, the 1st) queues last month's
 * run for every active tenant.
 *
 * billing.run is idempotent: a client already invoiced for the period is skipped, each invoice is
 * one transaction under the tenant's counter lock (service.ts), so a re-run, a run killed half-way
 * (its finished invoices stay, the rest are made on retry) and two runs at once (the second waits
 * for the lock, then finds the invoices) end with the same invoices and no gap in the numbers.
 * Invoices a killed run left un-mailed are mailed by the next run.
 */
import { eq } from 'drizzle-orm';
import { monthPeriod, previousMonth } from '../../../domain/schemas/invoices.js';
import type { Deps } from '../../context.js';
import { tenants } from '../../db/schema/index.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { generate, sendUnsent } from './service.js';

export async function runBilling(
  deps: Pick<Deps, 'db' | 'now' | 'mailer' | 'config'>,
  tenantId: number,
  month: string,
  progress?: (done: number, total: number) => Promise<void>,
) {
  const period = monthPeriod(month);
  const result = await generate(deps, tenantId, period, { existing: 'skip', send: false }, progress);
  const mailed = await sendUnsent(deps, tenantId, period);
  return {
    tenantId,
    period: month,
    invoices: result.invoices.map((i) => i.number),
    skipped: result.skipped.length,
    mailed,
  };
}

export async function queueMonthlyBilling(deps: Pick<Deps, 'db' | 'now' | 'jobs'>) {
  const month = previousMonth(deps.now());
  const active = await deps.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.status, 'Active'));
  let queued = 0;
  for (const t of active) {
    const id = await deps.jobs.enqueue(
      'billing.run',
      { tenantId: t.id, period: month },
      { tenantId: t.id, singletonKey: `billing.run:${t.id}:${month}` },
    );
    if (id) queued += 1;
  }
  return { period: month, tenants: active.length, queued };
}

export function provideInvoiceJobs(): void {
  provideJob('billing.run', async (data, job, deps) =>
    runBilling(deps, data.tenantId, data.period, (done, total) => job.progress(done, total)),
  );
  provideJob('billing.monthly', async (_data, _job, deps) => queueMonthlyBilling(deps));
}
