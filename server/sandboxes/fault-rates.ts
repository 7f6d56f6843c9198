/**
 * Per-provider fault rates: the share of a sandbox's calls that fail on purpose — throttled or a
 * passing outage, half and half — so a demo or a drill shows how Dockside rides through a
 * struggling provider. Installation-wide (a sandbox stands in for the provider, whose health is
 * everyone's), kept in the database, read through a short cache (one per database: the test
 * suites run several servers in one process).
 */
import { and, eq } from 'drizzle-orm';
import { SANDBOX_PROVIDERS, type SandboxProvider } from '../../domain/schemas/stores.js';
import type { Deps } from '../context.js';
import { sandboxRecords } from '../db/schema/index.js';

const WHERE = { provider: '*', account: '*', kind: 'fault_rate' };
const TTL_MS = 2_000;
const caches = new WeakMap<Deps['db'], { at: number; rates: Map<string, number> }>();

export async function faultRates(deps: Deps): Promise<{ provider: SandboxProvider; rate: number }[]> {
  const now = Date.now();
  let cache = caches.get(deps.db);
  if (!cache || now - cache.at > TTL_MS) {
    const rows = await deps.db
      .select()
      .from(sandboxRecords)
      .where(
        and(
          eq(sandboxRecords.provider, WHERE.provider),
          eq(sandboxRecords.account, WHERE.account),
          eq(sandboxRecords.kind, WHERE.kind),
        ),
      );
    cache = { at: now, rates: new Map(rows.map((r) => [r.key, Number((r.data as { rate?: number }).rate ?? 0)])) };
    caches.set(deps.db, cache);
  }
  const rates = cache.rates;
  return SANDBOX_PROVIDERS.map((provider) => ({ provider, rate: rates.get(provider) ?? 0 }));
}

export async function faultRateOf(deps: Deps, provider: SandboxProvider): Promise<number> {
  return (await faultRates(deps)).find((r) => r.provider === provider)!.rate;
}

export async function setFaultRate(deps: Deps, provider: SandboxProvider, rate: number): Promise<void> {
  await deps.db
    .insert(sandboxRecords)
    .values({ ...WHERE, key: provider, data: { rate } })
    .onConflictDoUpdate({
      target: [sandboxRecords.provider, sandboxRecords.account, sandboxRecords.kind, sandboxRecords.key],
      set: { data: { rate }, updatedAt: new Date().toISOString() },
    });
  caches.delete(deps.db);
}
