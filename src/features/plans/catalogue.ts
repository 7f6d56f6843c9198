/**
 * What the plan screens share: charge codes grouped by category with their translated names,
 * the plan and client lists, and the form-error mapping.
 */
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import {
  ALL_CHARGE_CODES,
  CHARGE_CATEGORIES,
  chargeCodeDef,
  type ChargeCategory,
} from '../../../domain/billing/charge-codes';
import { planPageSchema } from '../../../domain/schemas/plans';
import { getAs } from '../../api/typed';

export { chargeCodeName } from '../charges/code-names';

/** The unit one price of a code is for ("per box"). */
export const chargeUnitName = (t: TFunction, code: string): string =>
  t(`plans.units.${chargeCodeDef(code)?.unit ?? 'each'}`);

/** Codes a plan may price, by invoice category (codes whose amount comes with the event are not priced by plans). */
export function codesByCategory(): { category: ChargeCategory; codes: string[] }[] {
  return CHARGE_CATEGORIES.map((category) => ({
    category,
    codes: ALL_CHARGE_CODES.filter((c) => {
      const def = chargeCodeDef(c);
      return def?.category === category && !def.amountFromEvent;
    }),
  })).filter((g) => g.codes.length > 0);
}

/** All the warehouse's plans (for pickers). */
export function useAllPlans(enabled = true) {
  return useQuery({
    queryKey: ['plans-all'],
    enabled,
    queryFn: () =>
      getAs('/api/plan/management', planPageSchema, { query: { pageNumber: 1, pageSize: 200 }, quiet: true }),
  });
}

/** zod issues → {field path: message} for the form (prices.0.unitPrice …). */
export const fieldErrors = (error: z.ZodError): Record<string, string> =>
  Object.fromEntries(error.issues.map((i) => [i.path.map(String).join('.'), i.message]));

export const todayIso = () => new Date().toISOString().slice(0, 10);
