/**
 * Service charge plans (issue 21; spec §3 plan type, plan, plan enrollment; §4 plan tiers, plan
 * categories, charge schedules): the shapes the screens and the server share. A plan prices charge
 * codes (domain/billing/charge-codes.ts) with exact decimal unit prices and may carry a recurring
 * fee on a schedule; a client is enrolled in at most one live plan per category.
 */
import { z } from 'zod';
import { isChargeCode } from '../billing/charge-codes.js';
import { CHARGE_SCHEDULES } from '../billing/plan-schedule.js';
import { pageSchema } from '../paging.js';
import { priceSchema } from './prep-materials.js';

export { CHARGE_SCHEDULES, type ChargeSchedule } from '../billing/plan-schedule.js';
export const PLAN_TIERS = ['basic', 'standard', 'professional', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const PLAN_CATEGORIES = ['fba', 'fbm', 'wfs', 'storage'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];
export const PLAN_STATUSES = ['active', 'archived'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

const name = (max: number) =>
  z.string({ error: 'name: required' }).trim().min(1, 'name: required').max(max, `name: at most ${max} characters`);
const description = z
  .string()
  .trim()
  .max(500, 'description: at most 500 characters')
  .optional()
  .nullable()
  .transform((v) => v || null);

/** A calendar day 'YYYY-MM-DD' that exists. */
export const daySchema = (field: string) =>
  z
    .string({ error: `${field}: a day such as 2026-01-31` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: a day such as 2026-01-31`)
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      `${field}: not a real day`,
    );

// ---------------------------------------------------------------- plan types

export const planTypeInputSchema = z.object({ name: name(100), description });
export type PlanTypeInput = z.infer<typeof planTypeInputSchema>;
export const planTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  planCount: z.number().int(),
  updatedAt: z.string(),
});
export type PlanType = z.infer<typeof planTypeSchema>;
export const planTypePageSchema = pageSchema(planTypeSchema);

// ---------------------------------------------------------------- plans

export const priceLineInputSchema = z.object({
  code: z
    .string({ error: 'code: a charge code' })
    .trim()
    .toUpperCase()
    .refine((c) => isChargeCode(c), { message: 'code: not a charge code billing knows' }),
  unitPrice: priceSchema('unitPrice'),
});
export type PriceLineInput = z.infer<typeof priceLineInputSchema>;

export const planInputSchema = z
  .object({
    name: name(120),
    description,
    planTypeId: z.coerce.number().int().positive().optional().nullable(),
    tier: z.enum(PLAN_TIERS, { error: `tier: one of ${PLAN_TIERS.join(', ')}` }),
    category: z.enum(PLAN_CATEGORIES, { error: `category: one of ${PLAN_CATEGORIES.join(', ')}` }),
    recurringFee: priceSchema('recurringFee').default('0.00'),
    schedule: z.enum(CHARGE_SCHEDULES, { error: `schedule: one of ${CHARGE_SCHEDULES.join(', ')}` }).default('Monthly'),
    status: z.enum(PLAN_STATUSES, { error: `status: one of ${PLAN_STATUSES.join(', ')}` }).default('active'),
    prices: z.array(priceLineInputSchema, { error: 'prices: a list of {code, unitPrice}' }).max(500).default([]),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.prices.forEach((line, i) => {
      if (seen.has(line.code))
        ctx.addIssue({ code: 'custom', message: `code: ${line.code} is listed twice`, path: ['prices', i, 'code'] });
      seen.add(line.code);
    });
  });
export type PlanInput = z.infer<typeof planInputSchema>;

export const priceLineSchema = z.object({ code: z.string(), unitPrice: z.string() });
export type PriceLine = z.infer<typeof priceLineSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  planTypeId: z.number().int().nullable(),
  planTypeName: z.string().nullable(),
  tier: z.enum(PLAN_TIERS),
  category: z.enum(PLAN_CATEGORIES),
  recurringFee: z.string(),
  schedule: z.enum(CHARGE_SCHEDULES),
  status: z.enum(PLAN_STATUSES),
  prices: z.array(priceLineSchema),
  /** Enrolments not ended (warehouse only; 0 for clients). */
  liveEnrollments: z.number().int(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;
export const planPageSchema = pageSchema(planSchema);

// ---------------------------------------------------------------- enrolments

export const enrollmentInputSchema = z.object({
  companyId: z.coerce
    .number({ error: 'companyId: required' })
    .int('companyId: required')
    .positive('companyId: required'),
  planId: z.coerce.number({ error: 'planId: required' }).int('planId: required').positive('planId: required'),
  startsOn: daySchema('startsOn'),
  /** End the client's live enrolment of the same category the day before (a change of plan). */
  endCurrent: z.boolean().default(false),
});
export type EnrollmentInput = z.infer<typeof enrollmentInputSchema>;

export const enrollmentEndSchema = z.object({ endsOn: daySchema('endsOn') });
export type EnrollmentEnd = z.infer<typeof enrollmentEndSchema>;

export const enrollmentSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  tier: z.enum(PLAN_TIERS),
  category: z.enum(PLAN_CATEGORIES),
  recurringFee: z.string(),
  schedule: z.enum(CHARGE_SCHEDULES),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  createdAt: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
export const enrollmentPageSchema = pageSchema(enrollmentSchema);

/** A client's plan as the client sees it: the enrolment and the plan's price lines. */
export const myPlanSchema = z.object({
  enrollment: enrollmentSchema,
  plan: planSchema,
});
export type MyPlan = z.infer<typeof myPlanSchema>;
export const myPlansSchema = z.array(myPlanSchema);

/** Live on `day`: started on or before it and not ended before it. */
export const isLiveOn = (e: { startsOn: string; endsOn: string | null }, day: string): boolean =>
  e.startsOn <= day && (e.endsOn === null || e.endsOn >= day);
