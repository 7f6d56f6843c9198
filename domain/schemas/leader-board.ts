/**
 * The leader board (spec §2 /dashboard/worker-performance, resource leaderBoard): what each member
 * of the floor did in a period of the viewer's calendar days, read from the rows their work
 * wrote — billable events (received, sorted, prepped, labelled, boxed, shipped …), dock package
 * scans and FBM picks — so a figure here is the same work billing charges for.
 */
import { z } from 'zod';
import { dayPeriodQuery } from './day-period.js';

export const LEADER_BOARD_METRICS = [
  'packagesScanned',
  'unitsReceived',
  'unitsSorted',
  'unitsPicked',
  'unitsPrepped',
  'unitsLabelled',
  'boxesPacked',
  'palletsBuilt',
  'shipmentsShipped',
  'fbmOrdersShipped',
  'bundlesBuilt',
] as const;
export type LeaderBoardMetric = (typeof LEADER_BOARD_METRICS)[number];

/** The units a person touched: the board's default ranking (boxes, shipments and scans are counted apart). */
export const UNITS_HANDLED_FROM: readonly LeaderBoardMetric[] = [
  'unitsReceived',
  'unitsSorted',
  'unitsPicked',
  'unitsPrepped',
  'unitsLabelled',
];
export const unitsHandled = (m: Record<LeaderBoardMetric, number>): number =>
  UNITS_HANDLED_FROM.reduce((n, k) => n + m[k], 0);

/** The longest period one request reads: a quarter. */
export const LEADER_BOARD_MAX_DAYS = 92;

export const leaderBoardQuerySchema = dayPeriodQuery(LEADER_BOARD_MAX_DAYS, {
  /** The browser's offset from UTC in minutes (east positive), so "a day" is the viewer's day. */
  tzOffsetMinutes: z.coerce.number().int().min(-840).max(840).default(0),
});
export type LeaderBoardQuery = z.infer<typeof leaderBoardQuerySchema>;

export const leaderBoardMetricsSchema = z.object(
  Object.fromEntries(LEADER_BOARD_METRICS.map((m) => [m, z.number().int()])) as Record<LeaderBoardMetric, z.ZodNumber>,
);

export const leaderBoardRowSchema = z.object({
  userId: z.number().int(),
  fullname: z.string(),
  username: z.string(),
  metrics: leaderBoardMetricsSchema,
  unitsHandled: z.number().int(),
  /** The last work of the period (ISO instant). */
  lastActiveAt: z.string(),
});
export type LeaderBoardRow = z.infer<typeof leaderBoardRowSchema>;

export const leaderBoardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Most units handled first, then by name; only people with work in the period. */
  rows: z.array(leaderBoardRowSchema),
  totals: leaderBoardMetricsSchema.extend({ unitsHandled: z.number().int() }),
});
export type LeaderBoard = z.infer<typeof leaderBoardSchema>;
