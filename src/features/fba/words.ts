/**
 * How the FBA screens word the plan's codes (statuses, filters, steps, journal kinds, what blocks
 * a plan) and its times (age at a step, how long Amazon has been working). Pure, so the mapping is
 * unit-tested and every code has its label in each language (tests/web/fba-words.test.ts).
 */
import {
  PLAN_STATUS_FILTERS,
  FBA_STEPS,
  type PendingBlocker,
  type PlanChannel,
  type PlanEventKind,
  type PlanStatus,
  type PlanStatusFilter,
  type PlanStep,
} from '../../../domain/schemas/fba';
import { formatUnit } from '../../../domain/format';

/** Spec §4: the list opens on the plans not closed. */
export const DEFAULT_STATUS_FILTER: PlanStatusFilter = 'all_but_closed';

/** Spec §4's words: open is "Working", boxing "Shipping", all_but_closed "Not closed" (en). */
export const statusFilterKey = (f: PlanStatusFilter): string => `fba.statusFilters.${f}`;
export const statusKey = (s: PlanStatus): string => `fba.statuses.${s}`;
export const stepKey = (s: PlanStep): string => `fba.steps.${s}`;
/**
 * A channel's words for the same codes: a WFS plan has its own (its steps are Walmart's; its
 * `shipping` status starts at the labels, so it reads "Shipping", not FBA's "Shipped").
 */
export const channelWords = (channel: PlanChannel) => ({
  statusFilterKey: (f: PlanStatusFilter): string => `${channel}.statusFilters.${f}`,
  statusKey: (s: PlanStatus): string => `${channel}.statuses.${s}`,
  stepKey: (s: PlanStep): string => `${channel}.steps.${s}`,
});
export const eventKindKey = (k: PlanEventKind): string => `fba.eventKinds.${k}`;
export const blockerKey = (b: PendingBlocker): string => `fba.blockers.${b}`;

/** A route segment read as a status filter; anything else is the default. */
export const statusFilterOf = (raw: string | undefined | null): PlanStatusFilter =>
  (PLAN_STATUS_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as PlanStatusFilter) : DEFAULT_STATUS_FILTER;

/** The `:workflow` segment read as a step, or null when it names none. */
export const stepOf = (raw: string | undefined | null): PlanStep | null =>
  (FBA_STEPS as readonly string[]).includes(raw ?? '') ? (raw as PlanStep) : null;

/** Where a step stands against the step the plan has reached. */
export type StepState = 'done' | 'current' | 'ahead';
export const stepState = (step: PlanStep, reached: PlanStep, steps: readonly PlanStep[] = FBA_STEPS): StepState => {
  const a = steps.indexOf(step);
  const b = steps.indexOf(reached);
  return a < b ? 'done' : a === b ? 'current' : 'ahead';
};

/** A blocker that needs someone to act now (a failure, a discrepancy): marked as a problem. */
export const blockerIsProblem = (b: PendingBlocker): boolean => b === 'amazon_failed' || b === 'discrepancy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A plan's age at its step in the largest whole unit that fits (minutes under an hour, hours
 * under two days, then days), worded by the browser's Intl in the user's language.
 */
export function formatAge(since: string, now: number, language: string): string {
  const ms = Math.max(0, now - Date.parse(since));
  const [value, unit] =
    ms < HOUR
      ? [Math.floor(ms / MINUTE), 'minute']
      : ms < 2 * DAY
        ? [Math.floor(ms / HOUR), 'hour']
        : [Math.floor(ms / DAY), 'day'];
  return formatUnit(language, value, unit, 0);
}

/** How long an operation has run, as m:ss (h:mm:ss past an hour): it ticks while Amazon works. */
export function formatElapsed(startedAt: string, now: number): string {
  const total = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
