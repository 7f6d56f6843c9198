/**
 * When a plan's recurring fee falls due (issue 21): a schedule period starts on the enrolment's
 * start day and then every day (Daily), every 7 days (Weekly), on the start's day of the month
 * (Monthly: the 31st is the 30th in April, the 28th or 29th in February — always counted from the
 * start day, never drifting) or on its anniversary (Yearly: 29 February is 28 February in other
 * years). OneTime: the start day only. Days are 'YYYY-MM-DD' (UTC calendar days).
 */
export const CHARGE_SCHEDULES = ['OneTime', 'Daily', 'Weekly', 'Monthly', 'Yearly'] as const;
export type ChargeSchedule = (typeof CHARGE_SCHEDULES)[number];

const DAY_MS = 86_400_000;

function parts(day: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`${day} is not a day (YYYY-MM-DD)`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const epochDay = (day: string): number => {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};

/** Days in a month (month 1–12). */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date((epochDay(day) + n) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string): number => epochDay(b) - epochDay(a);

/** True when a period of `schedule`, counted from `startsOn`, begins on `day`. */
export function periodStartsOn(schedule: ChargeSchedule, startsOn: string, day: string): boolean {
  const diff = daysBetween(startsOn, day);
  if (diff < 0) return false;
  switch (schedule) {
    case 'OneTime':
      return diff === 0;
    case 'Daily':
      return true;
    case 'Weekly':
      return diff % 7 === 0;
    case 'Monthly': {
      const [, , sd] = parts(startsOn);
      const [y, m, d] = parts(day);
      return d === Math.min(sd, daysInMonth(y, m));
    }
    case 'Yearly': {
      const [, sm, sd] = parts(startsOn);
      const [y, m, d] = parts(day);
      return m === sm && d === Math.min(sd, daysInMonth(y, m));
    }
  }
}

/** The days in [from, to] on which a period begins (for previews and tests). */
export function periodStartsBetween(schedule: ChargeSchedule, startsOn: string, from: string, to: string): string[] {
  const out: string[] = [];
  let day = from < startsOn ? startsOn : from;
  while (day <= to) {
    if (periodStartsOn(schedule, startsOn, day)) out.push(day);
    if (schedule === 'OneTime' && day >= startsOn) break;
    day = addDays(day, 1);
  }
  return out;
}
