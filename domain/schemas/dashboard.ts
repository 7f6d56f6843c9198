/** The dashboard home (spec §2 /dashboard): counts, and the activity its charts draw. */
import { z } from 'zod';

export const DASHBOARD_DAYS = 14;
export const PROBLEM_AGE_BUCKETS = ['0-1', '2-3', '4-7', '8+'] as const;
export type ProblemAgeBucket = (typeof PROBLEM_AGE_BUCKETS)[number];

/** Which bucket a problem opened `days` whole days ago falls in. */
export function problemAgeBucket(days: number): ProblemAgeBucket {
  if (days <= 1) return '0-1';
  if (days <= 3) return '2-3';
  if (days <= 7) return '4-7';
  return '8+';
}

/** Live counts on the dashboard home (scoped: a client sees its own company's). */
export const dashboardCountsSchema = z.object({
  clients: z.number().int(),
  activeClients: z.number().int(),
  users: z.number().int(),
  warehouses: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

export const dashboardActivityQuerySchema = z.object({
  /** The browser's offset from UTC in minutes (east positive), so "a day" is the viewer's day. */
  tzOffsetMinutes: z.coerce.number().int().min(-840).max(840).default(0),
});

export const dashboardActivitySchema = z.object({
  /** Oldest first, one entry per calendar day (YYYY-MM-DD), days without movement included. */
  days: z.array(z.object({ day: z.string(), received: z.number().int(), shipped: z.number().int() })),
  openProblems: z.array(z.object({ age: z.enum(PROBLEM_AGE_BUCKETS), problems: z.number().int() })),
  /** Units on hand per client, largest first (a client sees only itself). */
  inventoryByClient: z.array(z.object({ companyId: z.number().int(), name: z.string(), units: z.number().int() })),
  totals: z.object({
    unitsOnHand: z.number().int(),
    openProblems: z.number().int(),
    packagesToday: z.number().int(),
    packagesExpected: z.number().int(),
  }),
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;
