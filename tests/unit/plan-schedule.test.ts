/** When a plan's recurring fee falls due (domain/billing/plan-schedule.ts), worked by hand. */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  periodStartsBetween,
  periodStartsOn,
} from '../../domain/billing/plan-schedule.js';
import { isLiveOn, planInputSchema } from '../../domain/schemas/plans.js';

describe('day arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-02-01', '2026-05-31')).toBe(119);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
  });
});

describe('periodStartsOn', () => {
  it('OneTime: the start day only', () => {
    expect(periodStartsOn('OneTime', '2026-02-10', '2026-02-10')).toBe(true);
    expect(periodStartsOn('OneTime', '2026-02-10', '2026-02-11')).toBe(false);
    expect(periodStartsOn('OneTime', '2026-02-10', '2026-02-09')).toBe(false);
  });

  it('Daily: every day from the start, never before', () => {
    expect(periodStartsBetween('Daily', '2026-02-27', '2026-02-25', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('Weekly: every 7 days from the start', () => {
    expect(periodStartsBetween('Weekly', '2026-02-25', '2026-02-01', '2026-03-20')).toEqual([
      '2026-02-25',
      '2026-03-04',
      '2026-03-11',
      '2026-03-18',
    ]);
    expect(periodStartsOn('Weekly', '2026-02-01', '2026-05-31')).toBe(true);
    expect(periodStartsOn('Weekly', '2026-02-01', '2026-05-30')).toBe(false);
  });

  it('Monthly: the start’s day of month, clamped to short months, never drifting', () => {
    expect(periodStartsBetween('Monthly', '2026-01-31', '2026-01-01', '2026-06-30')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    expect(periodStartsBetween('Monthly', '2027-12-30', '2028-02-01', '2028-03-31')).toEqual([
      '2028-02-29',
      '2028-03-30',
    ]);
    expect(periodStartsBetween('Monthly', '2026-01-15', '2026-01-01', '2026-03-31')).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
    ]);
    expect(periodStartsOn('Monthly', '2026-03-15', '2026-02-15')).toBe(false);
  });

  it('Yearly: the anniversary; 29 February falls on 28 February in other years', () => {
    expect(periodStartsOn('Yearly', '2026-06-01', '2027-06-01')).toBe(true);
    expect(periodStartsOn('Yearly', '2026-06-01', '2027-07-01')).toBe(false);
    expect(periodStartsBetween('Yearly', '2028-02-29', '2028-01-01', '2033-12-31')).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
      '2033-02-28',
    ]);
  });

  it('refuses what is not a day', () => {
    expect(() => periodStartsOn('Daily', '2026-1-1', '2026-01-02')).toThrow(/not a day/);
  });
});

describe('plan input', () => {
  const base = { name: 'P', tier: 'basic', category: 'fba' };
  it('normalises codes and prices and defaults the fee and schedule', () => {
    const p = planInputSchema.parse({ ...base, prices: [{ code: ' box_packed ', unitPrice: '01.500000' }] });
    expect(p).toMatchObject({
      recurringFee: '0.00',
      schedule: 'Monthly',
      status: 'active',
      prices: [{ code: 'BOX_PACKED', unitPrice: '1.50' }],
    });
  });
  it('refuses unknown and repeated codes, negative and non-decimal prices', () => {
    const bad = (prices: unknown) => planInputSchema.safeParse({ ...base, prices }).success;
    expect(bad([{ code: 'NOPE', unitPrice: '1' }])).toBe(false);
    expect(bad([{ code: 'PROBLEM_DAMAGED', unitPrice: '1' }])).toBe(true);
    expect(
      bad([
        { code: 'BOX_PACKED', unitPrice: '1' },
        { code: 'BOX_PACKED', unitPrice: '2' },
      ]),
    ).toBe(false);
    expect(bad([{ code: 'BOX_PACKED', unitPrice: '-1' }])).toBe(false);
    expect(bad([{ code: 'BOX_PACKED', unitPrice: '1e3' }])).toBe(false);
  });
  it('isLiveOn: from the start day to the end day, inclusive', () => {
    const e = { startsOn: '2026-03-01', endsOn: '2026-03-31' };
    expect([isLiveOn(e, '2026-02-28'), isLiveOn(e, '2026-03-01'), isLiveOn(e, '2026-03-31')]).toEqual([
      false,
      true,
      true,
    ]);
    expect(isLiveOn(e, '2026-04-01')).toBe(false);
    expect(isLiveOn({ startsOn: '2026-03-01', endsOn: null }, '2099-01-01')).toBe(true);
  });
});
