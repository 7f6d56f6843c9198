/**
 * The nightly billing job (issue 21): for every tenant, price what the floor recorded, charge the
 * plan fees falling due today, and queue yesterday's storage day. Each step is idempotent by its
 * own keys, so a retry or a second run the same night writes nothing twice.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { tenants } from '../../db/schema/index.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { priceEvents } from './ledger.js';

/** Steps other billing modules add to the night (plan fees), each given the tenant and today's date. */
type NightlyStep = (deps: Deps, tenantId: number, day: string) => Promise<unknown>;
const steps = new Map<string, NightlyStep>();

export function addNightlyBillingStep(name: string, step: NightlyStep): void {
  steps.set(name, step);
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export async function runNightlyBilling(deps: Deps, now = deps.now()) {
  const today = isoDay(now);
  const yesterday = isoDay(new Date(now.getTime() - 86_400_000));
  const active = await deps.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.status, 'Active'));
  const summary: { tenantId: number; priced: number; storageJob: string | null }[] = [];
  for (const t of active) {
    const priced = await priceEvents(deps.db, t.id);
    for (const step of steps.values()) await step(deps, t.id, today);
    const storageJob = await deps.jobs.enqueue(
      'billing.storage-day',
      { tenantId: t.id, day: yesterday },
      { singletonKey: `storage:${t.id}:${yesterday}` },
    );
    summary.push({ tenantId: t.id, priced, storageJob });
  }
  return { day: today, tenants: summary };
}

export function provideNightlyBilling(): void {
  provideJob('billing.daily', async (_data, _job, deps) => runNightlyBilling(deps));
}
