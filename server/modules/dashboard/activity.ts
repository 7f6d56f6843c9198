/**
 * What the dashboard's charts draw (issue 22): units received and shipped per day, open problems
 * by age, stock per client, and the floor's counts of the day. Every figure is read from the
 * same rows as its detail screen — the ledger (snapshot, ledger history), the problems list, the
 * dock's scans — so a tile can never disagree with the screen behind it. Warehouse users see the
 * tenant; a client sees only itself.
 */
import { and, count, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DASHBOARD_DAYS,
  PROBLEM_AGE_BUCKETS,
  problemAgeBucket,
  type DashboardActivity,
  type dashboardActivityQuerySchema,
} from '../../../domain/schemas/dashboard.js';
import { DISPOSITION_REASONS } from '../../../domain/rules/dispositions.js';
import { RECEIPT_REASON, SHIP_REASON } from '../../../domain/rules/ledger.js';
import { CLOSED_PROBLEM_STATUSES } from '../../../domain/schemas/problems.js';
import type { Deps, RequestContext } from '../../context.js';
import {
  companies,
  inventoryLedger,
  inventoryProductTotals,
  packageScans,
  problems,
  trackingNumbers,
} from '../../db/schema/index.js';
import { scoped } from '../../http/scope.js';

const DAY_MS = 86_400_000;
/** Units that left the warehouse: shipped, or disposed / donated / returned from a problem. */
const OUTBOUND_REASONS = [SHIP_REASON, ...DISPOSITION_REASONS];

/** The viewer's calendar day of an instant, as YYYY-MM-DD. */
const localDay = (ms: number, offsetMinutes: number): string =>
  new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);

export async function dashboardActivity(
  deps: Deps,
  ctx: RequestContext,
  q: z.infer<typeof dashboardActivityQuerySchema>,
): Promise<DashboardActivity> {
  const offset = q.tzOffsetMinutes;
  const now = deps.now().getTime();
  // Midnight of the viewer's today, as an instant; the chart starts DASHBOARD_DAYS - 1 days before.
  const todayStart = Date.parse(`${localDay(now, offset)}T00:00:00Z`) - offset * 60_000;
  const since = new Date(todayStart - (DASHBOARD_DAYS - 1) * DAY_MS).toISOString();
  const seesAll = !ctx.isClient;

  const day = sql<string>`to_char((${inventoryLedger.at} at time zone 'UTC') + make_interval(mins => ${offset}::int), 'YYYY-MM-DD')`;
  const ageDays = sql<number>`floor(extract(epoch from (now() - ${problems.createdAt})) / 86400)::int`;
  const openProblem = and(
    scoped(ctx, problems.tenantId, problems.companyId, seesAll),
    notInArray(problems.status, CLOSED_PROBLEM_STATUSES),
  );

  const [perDay, problemAges, byClient, [packagesToday], [expected]] = await Promise.all([
    deps.db
      .select({
        day,
        received: sql<number>`coalesce(sum(case when ${eq(inventoryLedger.reason, RECEIPT_REASON)} and ${inventoryLedger.quantity} > 0 then ${inventoryLedger.quantity} end), 0)::int`,
        shipped: sql<number>`coalesce(sum(case when ${inArray(inventoryLedger.reason, OUTBOUND_REASONS)} and ${inventoryLedger.quantity} < 0 then -${inventoryLedger.quantity} end), 0)::int`,
      })
      .from(inventoryLedger)
      .where(
        and(scoped(ctx, inventoryLedger.tenantId, inventoryLedger.companyId, seesAll), gte(inventoryLedger.at, since)),
      )
      // By position: the day expression carries a parameter, which GROUP BY would see as another one.
      .groupBy(sql`1`),
    deps.db.select({ ageDays, n: count() }).from(problems).where(openProblem).groupBy(ageDays),
    deps.db
      .select({
        companyId: companies.id,
        name: companies.name,
        units: sql<number>`sum(${inventoryProductTotals.quantity})::int`,
      })
      .from(inventoryProductTotals)
      .innerJoin(companies, eq(companies.id, inventoryProductTotals.companyId))
      .where(scoped(ctx, inventoryProductTotals.tenantId, inventoryProductTotals.companyId, seesAll))
      .groupBy(companies.id, companies.name)
      .having(sql`sum(${inventoryProductTotals.quantity}) > 0`)
      .orderBy(desc(sql`sum(${inventoryProductTotals.quantity})`), companies.name),
    deps.db
      .select({ n: count() })
      .from(packageScans)
      .where(
        and(
          scoped(ctx, packageScans.tenantId, packageScans.companyId, seesAll),
          gte(packageScans.scannedAt, new Date(todayStart).toISOString()),
        ),
      ),
    deps.db
      .select({ n: count() })
      .from(trackingNumbers)
      .where(
        and(
          scoped(ctx, trackingNumbers.tenantId, trackingNumbers.companyId, seesAll),
          eq(trackingNumbers.status, 'expected'),
        ),
      ),
  ]);

  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const d = localDay(todayStart + i * DAY_MS - (DASHBOARD_DAYS - 1) * DAY_MS + DAY_MS / 2, offset);
    const row = byDay.get(d);
    return { day: d, received: Number(row?.received ?? 0), shipped: Number(row?.shipped ?? 0) };
  });
  const buckets = new Map(PROBLEM_AGE_BUCKETS.map((b) => [b, 0]));
  for (const r of problemAges) {
    const b = problemAgeBucket(Number(r.ageDays));
    buckets.set(b, (buckets.get(b) ?? 0) + Number(r.n));
  }
  const inventoryByClient = byClient.map((r) => ({ companyId: r.companyId, name: r.name, units: Number(r.units) }));
  return {
    days,
    openProblems: PROBLEM_AGE_BUCKETS.map((age) => ({ age, problems: buckets.get(age) ?? 0 })),
    inventoryByClient,
    totals: {
      unitsOnHand: inventoryByClient.reduce((n, c) => n + c.units, 0),
      openProblems: [...buckets.values()].reduce((n, v) => n + v, 0),
      packagesToday: Number(packagesToday.n),
      packagesExpected: Number(expected.n),
    },
  };
}
