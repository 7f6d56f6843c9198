/**
 * Where a charge's unit price comes from (issue 21; decision 0014): the client's enrolled plan
 * (a price line for the code, live on the service day), then the client's own fee setting, then
 * the warehouse's, then the fee's default. Codes no plan prices and no fee key covers are
 * 'unpriced' (0, listed by invoice preview). Loaded once per run: a job pricing thousands of
 * events asks the database once for the plans, once per client for its fees.
 */
import { and, eq } from 'drizzle-orm';
import { chargeCodeDef, type PriceRule } from '../../../domain/billing/charge-codes.js';
import type { FeeSettingKey, FeeSettingValues } from '../../../domain/fee-settings.js';
import type { DbOrTx } from '../../db/client.js';
import { planEnrollments, servicePlanPrices, servicePlans } from '../../db/schema/index.js';
import { feeSettingsWithSources, type FeeSource } from '../settings/fees.js';
import { readTenantSetting } from '../../db/tenant-settings.js';

export interface Price {
  /** Decimal text, major unit (dollars), up to 6 decimals. */
  unitPrice: string;
  rule: PriceRule;
}

interface PlanLine {
  planId: number;
  planName: string;
  category: string;
  startsOn: string;
  endsOn: string | null;
  unitPrice: string;
}

export interface PriceBook {
  tenantId: number;
  currency: string;
  unitSystem: 'imperial' | 'metric';
  /** The price of one unit of `code` for a client on a day (YYYY-MM-DD). */
  price(companyId: number, code: string, day: string, prefer?: { planCategory?: string }): Promise<Price>;
  /** The client's fee settings (for rules beyond one unit price: upcharges, bundles, free days). */
  fees(companyId: number): Promise<{ values: FeeSettingValues; sourceOf: (key: FeeSettingKey) => FeeSource }>;
}

/** numeric comes back as "1.500000"; shown and stored without the trailing zeros. */
export const trimDecimal = (v: string): string => (v.includes('.') ? v.replace(/\.?0+$/, '') : v) || '0';

export async function loadPriceBook(db: DbOrTx, tenantId: number): Promise<PriceBook> {
  const rows = await db
    .select({
      companyId: planEnrollments.companyId,
      planId: servicePlans.id,
      planName: servicePlans.name,
      category: servicePlans.category,
      startsOn: planEnrollments.startsOn,
      endsOn: planEnrollments.endsOn,
      code: servicePlanPrices.code,
      unitPrice: servicePlanPrices.unitPrice,
    })
    .from(planEnrollments)
    .innerJoin(servicePlans, eq(servicePlans.id, planEnrollments.planId))
    .innerJoin(servicePlanPrices, eq(servicePlanPrices.planId, servicePlans.id))
    .where(and(eq(planEnrollments.tenantId, tenantId)));
  const lines = new Map<string, PlanLine[]>();
  for (const r of rows) {
    const key = `${r.companyId}:${r.code}`;
    const list = lines.get(key) ?? [];
    list.push({ ...r, unitPrice: trimDecimal(r.unitPrice) });
    lines.set(key, list);
  }
  const feeCache = new Map<number, ReturnType<typeof feeSettingsWithSources>>();
  const fees = (companyId: number) => {
    let f = feeCache.get(companyId);
    if (!f) {
      f = feeSettingsWithSources(db, tenantId, companyId);
      feeCache.set(companyId, f);
    }
    return f;
  };
  const currency = await readTenantSetting(db, tenantId, 'CURRENCY');
  const unitSystem = await readTenantSetting(db, tenantId, 'UNIT_SYSTEM');

  return {
    tenantId,
    currency,
    unitSystem: unitSystem === 'metric' ? 'metric' : 'imperial',
    fees,
    async price(companyId, code, day, prefer = {}) {
      const live = (lines.get(`${companyId}:${code}`) ?? []).filter(
        (l) => l.startsOn <= day && (l.endsOn === null || l.endsOn >= day),
      );
      if (live.length) {
        // Two live plans pricing one code (an FBA and a storage plan both listing it): the plan of
        // the work's own category wins, then the most recent enrolment.
        live.sort(
          (a, b) =>
            Number(b.category === prefer.planCategory) - Number(a.category === prefer.planCategory) ||
            b.startsOn.localeCompare(a.startsOn),
        );
        const l = live[0];
        return { unitPrice: l.unitPrice, rule: { source: 'plan', planId: l.planId, planName: l.planName } };
      }
      const def = chargeCodeDef(code);
      const feeKey = def?.feeKey ?? (def?.category === 'problems' ? 'PROBLEM_CHARGE' : undefined);
      if (!feeKey) return { unitPrice: '0', rule: { source: 'unpriced' } };
      const f = await fees(companyId);
      const value = f.values[feeKey];
      return { unitPrice: typeof value === 'string' ? value : '0', rule: { source: f.sourceOf(feeKey), feeKey } };
    },
  };
}
