/**
 * Recurring plan fees (issue 21): on a day, every enrolment live that day whose plan has a
 * recurring fee above 0 is charged one PLAN_FEE line when a period of the plan's schedule starts
 * that day (domain/billing/plan-schedule.ts). The source is `${enrolmentId}:${periodStart}`, so a
 * re-run, a retried job or two runs at once charge a period once (appendCharges skips what exists).
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { addDays, periodStartsOn, type ChargeSchedule } from '../../../domain/billing/plan-schedule.js';
import { canonicalPrice } from '../../../domain/schemas/prep-materials.js';
import type { DbOrTx } from '../../db/client.js';
import { planEnrollments, servicePlans } from '../../db/schema/index.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { addNightlyBillingStep } from '../billing/daily.js';
import { appendCharges, type NewCharge } from '../billing/ledger.js';

/** Charges the plan fees falling due on `day` (YYYY-MM-DD); returns how many lines were new. */
export async function chargePlanFees(db: DbOrTx, tenantId: number, day: string): Promise<number> {
  const rows = await db
    .select({
      enrollmentId: planEnrollments.id,
      companyId: planEnrollments.companyId,
      startsOn: planEnrollments.startsOn,
      planId: servicePlans.id,
      planName: servicePlans.name,
      recurringFee: servicePlans.recurringFee,
      schedule: servicePlans.schedule,
    })
    .from(planEnrollments)
    .innerJoin(servicePlans, eq(servicePlans.id, planEnrollments.planId))
    .where(
      and(
        eq(planEnrollments.tenantId, tenantId),
        lte(planEnrollments.startsOn, day),
        or(isNull(planEnrollments.endsOn), sql`${planEnrollments.endsOn} >= ${day}`),
        gt(servicePlans.recurringFee, '0'),
      ),
    );
  const due = rows.filter((r) => periodStartsOn(r.schedule as ChargeSchedule, r.startsOn, day));
  if (!due.length) return 0;
  const currency = await readTenantSetting(db, tenantId, 'CURRENCY');
  const lines: NewCharge[] = due.map((r) => ({
    tenantId,
    companyId: r.companyId,
    code: 'PLAN_FEE',
    description: `${r.planName} — ${r.schedule} fee from ${day}`,
    quantity: 1,
    unitPrice: canonicalPrice(r.recurringFee),
    currency,
    rule: { source: 'event', planId: r.planId, planName: r.planName },
    sourceType: 'plan_enrollment',
    sourceId: `${r.enrollmentId}:${day}`,
    serviceDate: day,
    details: { enrollmentId: r.enrollmentId, schedule: r.schedule, periodStart: day },
  }));
  return appendCharges(db, lines);
}

/**
 * How many days back the nightly run looks: a night the job did not run (server down, queue
 * stopped) is caught up by the next; periods already charged are skipped by their source key.
 */
export const PLAN_FEE_CATCH_UP_DAYS = 7;

/** The plan fees of `today` and the days before it within the catch-up window. */
export async function chargeRecentPlanFees(db: DbOrTx, tenantId: number, today: string): Promise<number> {
  let added = 0;
  for (let back = PLAN_FEE_CATCH_UP_DAYS - 1; back >= 0; back--)
    added += await chargePlanFees(db, tenantId, addDays(today, -back));
  return added;
}

/** Makes the nightly billing job (billing.daily) charge plan fees; called when the routes are built. */
export function registerPlanFees(): void {
  addNightlyBillingStep('plan-fees', (deps, tenantId, day) => chargeRecentPlanFees(deps.db, tenantId, day));
}
