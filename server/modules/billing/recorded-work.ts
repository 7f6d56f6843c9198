/**
 * Recorded work is priced within seconds (issue 38): every event `recordChargeEvents` inserts
 * raises "work recorded" (server/modules/charges/recorded.ts) with its tenant and transaction.
 * Here, per tenant:
 *
 * 1. a burst is gathered for DEBOUNCE_MS in this process;
 * 2. the recording transactions are waited for (`pg_xact_status`): a run queued before the commit
 *    would not see the events. Rolled back: nothing to price. Still open after MAX_WAIT_MS (a
 *    very long import): given up — the next event, the nightly job or the button prices it;
 * 3. one `billing.price-recorded` job is queued, keyed by the tenant on a stately queue: one job
 *    waiting and one running per tenant across every process sharing the database, so a burst
 *    of events anywhere is one run, and events recorded during a run get the next one.
 *
 * The run is `priceEvents`, which writes each line once per (code, source) whoever runs it —
 * this job, a second process, the nightly job or "Price recorded work now" at the same moment
 * (decision 0014). Pricing sooner changes no amount: lines are priced for the work's own day.
 *
 * `waitingToBePriced` counts what has no line yet, for the Charges screen's hint.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { chargeEvents, charges, pendingCharges } from '../../db/schema/index.js';
import { outer } from '../../db/outer.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { onWorkRecorded } from '../charges/recorded.js';
import { priceEvents } from './ledger.js';

export const DEBOUNCE_MS = 500;
const POLL_MS = 250;
const MAX_WAIT_MS = 10 * 60_000;

export const pricingKey = (tenantId: number) => `price-recorded:${tenantId}`;

interface TenantBurst {
  /** Recording transactions not known to have ended, with when each was first seen. */
  xids: Map<string, number>;
  timer: NodeJS.Timeout | null;
  busy: boolean;
}

/** The per-database listener: gathers bursts and queues the pricing job once they commit. */
export function recordedWorkPricer(deps: Deps) {
  const bursts = new Map<number, TenantBurst>();
  let stopped = false;

  const arm = (tenantId: number, b: TenantBurst, ms: number) => {
    if (b.timer || b.busy || stopped) return;
    b.timer = setTimeout(() => void flush(tenantId, b), ms);
    b.timer.unref();
  };

  const flush = async (tenantId: number, b: TenantBurst) => {
    b.timer = null;
    b.busy = true;
    const xids = [...b.xids.keys()];
    let committed = false;
    try {
      const { rows } = (await deps.db.execute(
        sql`select x, pg_xact_status(x::xid8)::text as status from unnest(${`{${xids.join(',')}}`}::text[]) x`,
      )) as unknown as { rows: { x: string; status: string | null }[] };
      const now = Date.now();
      for (const r of rows) {
        if (r.status === 'in progress' && now - (b.xids.get(r.x) ?? now) < MAX_WAIT_MS) continue;
        // Committed, rolled back, or too old to tell (then pricing costs nothing): done waiting.
        if (r.status !== 'aborted') committed = true;
        b.xids.delete(r.x);
      }
      if (committed && deps.jobs.started)
        await deps.jobs.enqueue(
          'billing.price-recorded',
          { tenantId },
          { tenantId, singletonKey: pricingKey(tenantId), unlisted: true },
        );
    } catch {
      // The database closed (shutdown) or was busy: what was recorded waits for the next event,
      // the nightly job or the button — never lost, only later.
      b.xids.clear();
    } finally {
      b.busy = false;
      if (b.xids.size) arm(tenantId, b, POLL_MS);
      else bursts.delete(tenantId);
    }
  };

  const listener = (tenantId: number, xid: string) => {
    if (stopped) return;
    let b = bursts.get(tenantId);
    if (!b) bursts.set(tenantId, (b = { xids: new Map(), timer: null, busy: false }));
    if (!b.xids.has(xid)) b.xids.set(xid, Date.now());
    arm(tenantId, b, DEBOUNCE_MS);
  };

  const unlisten = onWorkRecorded(deps.db, listener);
  return {
    stop() {
      stopped = true;
      unlisten();
      for (const b of bursts.values()) if (b.timer) clearTimeout(b.timer);
      bursts.clear();
    },
  };
}

/** Makes `billing.price-recorded` price a tenant's recorded work, and starts listening for it. */
export function provideRecordedWorkPricing(deps: Deps): void {
  provideJob('billing.price-recorded', async (data, _job, jobDeps) => ({
    written: await priceEvents(jobDeps.db, data.tenantId),
  }));
  recordedWorkPricer(deps);
}

/**
 * Recorded events and problem charges of a tenant (of one company when given) that have no charge
 * line yet — what the next pricing run will price. The same "has it a line?" test as priceEvents.
 */
export async function waitingToBePriced(db: DbOrTx, tenantId: number, companyId?: number): Promise<number> {
  const events = db
    .select({ n: sql<number>`count(*)::int` })
    .from(chargeEvents)
    .where(
      sql`${chargeEvents.tenantId} = ${tenantId}
        ${companyId === undefined ? sql`` : sql`and ${chargeEvents.companyId} = ${companyId}`}
        and not exists (select 1 from ${charges} c where c.tenant_id = ${outer(chargeEvents.tenantId)}
          and c.source_type = 'charge_event' and c.source_id = ${outer(chargeEvents.id)}::text)`,
    );
  const problems = db
    .select({ n: sql<number>`count(*)::int` })
    .from(pendingCharges)
    .where(
      sql`${pendingCharges.tenantId} = ${tenantId}
        ${companyId === undefined ? sql`` : sql`and ${pendingCharges.companyId} = ${companyId}`}
        and not exists (select 1 from ${charges} c where c.tenant_id = ${outer(pendingCharges.tenantId)}
          and c.source_type = 'problem' and c.source_id = ${outer(pendingCharges.sourceId)}::text)`,
    );
  const [[e], [p]] = await Promise.all([events, problems]);
  return Number(e.n) + Number(p.n);
}
