/**
 * The leader board's figures: per person, the work of a period of the viewer's days, summed from
 * the rows that work wrote where it happened — billable events (so the board and the invoice count
 * the same units), the dock's package scans and the FBM picks. Work no person did (a job, an
 * import) has no user and is left out. The tenant's floor only: clients never reach it (the route
 * is warehouse-only), and every query is held to the caller's tenant.
 */
import { and, count, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ChargeEventKind } from '../../../domain/schemas/charges.js';
import {
  LEADER_BOARD_METRICS,
  unitsHandled,
  type LeaderBoard,
  type LeaderBoardMetric,
  type LeaderBoardQuery,
} from '../../../domain/schemas/leader-board.js';
import type { Deps, RequestContext } from '../../context.js';
import { chargeEvents, packageScans, pickBatchPicks, users } from '../../db/schema/index.js';

const DAY_MS = 86_400_000;

/** The billable events that are a person's floor work, and the figure each adds to. */
const EVENT_METRIC: Partial<Record<ChargeEventKind, LeaderBoardMetric>> = {
  unit_received: 'unitsReceived',
  unit_sorted: 'unitsSorted',
  unit_prepped: 'unitsPrepped',
  unit_labelled: 'unitsLabelled',
  box_packed: 'boxesPacked',
  pallet_built: 'palletsBuilt',
  shipment_shipped: 'shipmentsShipped',
  fbm_order_shipped: 'fbmOrdersShipped',
  bundle_built: 'bundlesBuilt',
};
const EVENT_KINDS = Object.keys(EVENT_METRIC) as ChargeEventKind[];

type Metrics = Record<LeaderBoardMetric, number>;
const zero = (): Metrics => Object.fromEntries(LEADER_BOARD_METRICS.map((m) => [m, 0])) as Metrics;
/** An instant as epoch milliseconds, read the same from PGlite and PostgreSQL. */
const epochMs = (col: PgColumn) => sql<number>`(extract(epoch from max(${col})) * 1000)::float8`;

export async function leaderBoard(deps: Deps, ctx: RequestContext, q: LeaderBoardQuery): Promise<LeaderBoard> {
  // The viewer's midnights as instants: [from 00:00, the day after `to` 00:00).
  const start = new Date(Date.parse(`${q.from}T00:00:00Z`) - q.tzOffsetMinutes * 60_000).toISOString();
  const end = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS - q.tzOffsetMinutes * 60_000).toISOString();
  /** The tenant's rows a person wrote in the period. */
  const byPeople = (tenantCol: PgColumn, userCol: PgColumn, atCol: PgColumn) =>
    and(eq(tenantCol, ctx.tenantId), isNotNull(userCol), gte(atCol, start), lt(atCol, end));

  const [events, scans, picks] = await Promise.all([
    deps.db
      .select({
        userId: chargeEvents.userId,
        kind: chargeEvents.kind,
        quantity: sql<number>`sum(${chargeEvents.quantity})::int`,
        last: epochMs(chargeEvents.at),
      })
      .from(chargeEvents)
      .where(
        and(
          byPeople(chargeEvents.tenantId, chargeEvents.userId, chargeEvents.at),
          inArray(chargeEvents.kind, EVENT_KINDS),
        ),
      )
      .groupBy(chargeEvents.userId, chargeEvents.kind),
    deps.db
      .select({ userId: packageScans.scannedBy, quantity: count(), last: epochMs(packageScans.scannedAt) })
      .from(packageScans)
      .where(byPeople(packageScans.tenantId, packageScans.scannedBy, packageScans.scannedAt))
      .groupBy(packageScans.scannedBy),
    deps.db
      .select({
        userId: pickBatchPicks.userId,
        quantity: sql<number>`sum(${pickBatchPicks.quantity})::int`,
        last: epochMs(pickBatchPicks.pickedAt),
      })
      .from(pickBatchPicks)
      .where(byPeople(pickBatchPicks.tenantId, pickBatchPicks.userId, pickBatchPicks.pickedAt))
      .groupBy(pickBatchPicks.userId),
  ]);

  const work = new Map<number, { metrics: Metrics; last: number }>();
  const add = (userId: number | null, metric: LeaderBoardMetric | undefined, quantity: number, last: number) => {
    if (userId === null || !metric) return;
    const w = work.get(userId) ?? { metrics: zero(), last: 0 };
    w.metrics[metric] += Number(quantity);
    w.last = Math.max(w.last, Number(last));
    work.set(userId, w);
  };
  for (const e of events) add(e.userId, EVENT_METRIC[e.kind as ChargeEventKind], e.quantity, e.last);
  for (const s of scans) add(s.userId, 'packagesScanned', s.quantity, s.last);
  for (const p of picks) add(p.userId, 'unitsPicked', p.quantity, p.last);

  const people = work.size
    ? await deps.db
        .select({ id: users.id, fullname: users.fullname, username: users.username })
        .from(users)
        .where(and(eq(users.tenantId, ctx.tenantId), inArray(users.id, [...work.keys()])))
    : [];
  const rows = people
    .map((p) => {
      const w = work.get(p.id)!;
      return {
        userId: p.id,
        fullname: p.fullname,
        username: p.username,
        metrics: w.metrics,
        unitsHandled: unitsHandled(w.metrics),
        lastActiveAt: new Date(w.last).toISOString(),
      };
    })
    .sort((a, b) => b.unitsHandled - a.unitsHandled || a.fullname.localeCompare(b.fullname));
  const totals = zero();
  for (const r of rows) for (const m of LEADER_BOARD_METRICS) totals[m] += r.metrics[m];
  return { from: q.from, to: q.to, rows, totals: { ...totals, unitsHandled: unitsHandled(totals) } };
}
