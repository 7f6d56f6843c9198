/**
 * Business metrics: the period and the same-length period before are read in one pass each
 * (sums split by a CASE on the day), from the rows billing itself uses — charges by service day,
 * billable events by instant, invoices by issue — so a figure here is the figure on the invoices.
 * Every query is scoped: the tenant, and a client's own company.
 */
import { and, count, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { CHARGE_EVENT_KINDS, type ChargeEventKind } from '../../../domain/schemas/charges.js';
import { previousPeriod } from '../../../domain/schemas/day-period.js';
import type { BusinessMetrics, BusinessMetricsQuery } from '../../../domain/schemas/business-metrics.js';
import type { Deps, RequestContext } from '../../context.js';
import { chargeEvents, charges, companies, invoices } from '../../db/schema/index.js';
import { scoped } from '../../http/scope.js';

const DAY_MS = 86_400_000;
const TOP_CLIENTS = 10;
/** A sum of cents or units as a JS number (bigint sums come back as text otherwise). */
const total = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)::float8`;
const byAmount = <T extends { amountCents: number }>(a: T, b: T) => b.amountCents - a.amountCents;

export async function businessMetrics(
  deps: Deps,
  ctx: RequestContext,
  q: BusinessMetricsQuery,
): Promise<BusinessMetrics> {
  const prev = previousPeriod(q.from, q.to);
  const start = `${q.from}T00:00:00Z`;
  const end = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString();
  const prevStart = `${prev.from}T00:00:00Z`;
  const today = new Date(deps.now().getTime()).toISOString().slice(0, 10);

  const chargeScope = and(
    scoped(ctx, charges.tenantId, charges.companyId),
    gte(charges.serviceDate, prev.from),
    lte(charges.serviceDate, q.to),
  );
  const current = sql`${charges.serviceDate} >= ${q.from}`;
  const cur = total(sql`case when ${current} then ${charges.amountCents} else 0 end`);
  const before = total(sql`case when not (${current}) then ${charges.amountCents} else 0 end`);
  const eventCurrent = sql`${chargeEvents.at} >= ${start}`;

  const [revenue, byDay, byCategory, byClient, [active], volume, issued, owed] = await Promise.all([
    deps.db
      .select({ currency: charges.currency, amountCents: cur, previousCents: before })
      .from(charges)
      .where(chargeScope)
      .groupBy(charges.currency),
    deps.db
      .select({ day: charges.serviceDate, currency: charges.currency, amountCents: total(sql`${charges.amountCents}`) })
      .from(charges)
      .where(and(chargeScope, gte(charges.serviceDate, q.from)))
      .groupBy(charges.serviceDate, charges.currency)
      .orderBy(charges.serviceDate, charges.currency),
    deps.db
      .select({ category: charges.category, currency: charges.currency, amountCents: cur, previousCents: before })
      .from(charges)
      .where(chargeScope)
      .groupBy(charges.category, charges.currency),
    deps.db
      .select({
        companyId: charges.companyId,
        name: companies.name,
        currency: charges.currency,
        amountCents: cur,
        previousCents: before,
      })
      .from(charges)
      .innerJoin(companies, eq(companies.id, charges.companyId))
      .where(chargeScope)
      .groupBy(charges.companyId, companies.name, charges.currency),
    deps.db
      .select({
        current: sql<number>`count(distinct case when ${current} then ${charges.companyId} end)::int`,
        previous: sql<number>`count(distinct case when not (${current}) then ${charges.companyId} end)::int`,
      })
      .from(charges)
      .where(chargeScope),
    deps.db
      .select({
        kind: chargeEvents.kind,
        quantity: total(sql`case when ${eventCurrent} then ${chargeEvents.quantity} else 0 end`),
        previous: total(sql`case when not (${eventCurrent}) then ${chargeEvents.quantity} else 0 end`),
      })
      .from(chargeEvents)
      .where(
        and(
          scoped(ctx, chargeEvents.tenantId, chargeEvents.companyId),
          inArray(chargeEvents.kind, [...CHARGE_EVENT_KINDS]),
          gte(chargeEvents.at, prevStart),
          lt(chargeEvents.at, end),
        ),
      )
      .groupBy(chargeEvents.kind),
    deps.db
      .select({ currency: invoices.currency, issuedCount: count(), issuedCents: total(sql`${invoices.totalCents}`) })
      .from(invoices)
      .where(
        and(
          scoped(ctx, invoices.tenantId, invoices.companyId),
          sql`${invoices.status} <> 'void'`,
          gte(invoices.issuedAt, start),
          lt(invoices.issuedAt, end),
        ),
      )
      .groupBy(invoices.currency),
    deps.db
      .select({
        currency: invoices.currency,
        outstandingCents: total(sql`${invoices.totalCents} - ${invoices.paidCents}`),
        overdueCents: total(
          sql`case when ${invoices.dueOn} < ${today} then ${invoices.totalCents} - ${invoices.paidCents} else 0 end`,
        ),
      })
      .from(invoices)
      .where(and(scoped(ctx, invoices.tenantId, invoices.companyId), eq(invoices.status, 'issued')))
      .groupBy(invoices.currency),
  ]);

  const num = <T extends Record<string, unknown>>(row: T, ...keys: (keyof T)[]) => {
    const out = { ...row };
    for (const k of keys) out[k] = Number(row[k]) as T[keyof T];
    return out;
  };
  const currencies = new Set([...issued.map((i) => i.currency), ...owed.map((o) => o.currency)]);
  return {
    from: q.from,
    to: q.to,
    previousFrom: prev.from,
    previousTo: prev.to,
    revenue: revenue.map((r) => num(r, 'amountCents', 'previousCents')).sort(byAmount),
    byDay: byDay.map((r) => num(r, 'amountCents')),
    byCategory: byCategory
      .map((r) => num(r, 'amountCents', 'previousCents'))
      .filter((r) => r.amountCents || r.previousCents)
      .sort(byAmount),
    topClients: byClient
      .map((r) => num(r, 'amountCents', 'previousCents'))
      .filter((r) => r.amountCents > 0)
      .sort((a, b) => byAmount(a, b) || a.name.localeCompare(b.name))
      .slice(0, TOP_CLIENTS),
    activeClients: { current: Number(active.current), previous: Number(active.previous) },
    volume: volume
      .map((v) => ({ kind: v.kind as ChargeEventKind, quantity: Number(v.quantity), previous: Number(v.previous) }))
      .filter((v) => v.quantity || v.previous)
      .sort((a, b) => CHARGE_EVENT_KINDS.indexOf(a.kind) - CHARGE_EVENT_KINDS.indexOf(b.kind)),
    invoices: [...currencies].map((currency) => {
      const i = issued.find((x) => x.currency === currency);
      const o = owed.find((x) => x.currency === currency);
      return {
        currency,
        issuedCount: Number(i?.issuedCount ?? 0),
        issuedCents: Number(i?.issuedCents ?? 0),
        outstandingCents: Number(o?.outstandingCents ?? 0),
        overdueCents: Number(o?.overdueCents ?? 0),
      };
    }),
  };
}
