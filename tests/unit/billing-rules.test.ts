import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, lineAmountCents, percentOfCents, scaledDecimal } from '../../domain/rules/money.js';
import {
  chargeableUnits,
  cubicFeetPerUnit,
  lotsHeld,
  storageFeeForDay,
  type StockMovement,
} from '../../domain/rules/storage-fees.js';

describe('money', () => {
  it('multiplies exactly and rounds once per line, half away from zero', () => {
    expect(lineAmountCents(3, '0.35')).toBe(105);
    expect(lineAmountCents('12.3456', '0.0333')).toBe(41); // 0.41110848 → 41 cents
    expect(lineAmountCents(1, '0.005')).toBe(1); // half a cent rounds up
    expect(lineAmountCents(1, '0.004999')).toBe(0);
    expect(lineAmountCents(-1, '0.005')).toBe(-1); // a credit rounds away from zero too
    expect(lineAmountCents(0.1, 0.2)).toBe(2); // 0.1 × $0.20 = $0.02
  });

  it('never drifts like floats: 0.1 + 0.2 style sums are exact', () => {
    expect(lineAmountCents('0.1', '3')).toBe(30);
    expect(lineAmountCents(3, '0.1')).toBe(30);
    expect(percentOfCents(1999, '15')).toBe(300); // 299.85 → 300
    expect(percentOfCents(1000, '12.5')).toBe(125);
  });

  it('refuses more decimals than it keeps, and text that is not a number', () => {
    expect(() => lineAmountCents('1.23456', 1)).toThrow(/more than 4 decimals/);
    expect(() => lineAmountCents(1, '0.1234567')).toThrow(/more than 6 decimals/);
    expect(() => scaledDecimal('12a', 2)).toThrow(/not a decimal/);
    expect(formatCents(123450, 'en', 'USD')).toBe('$1,234.50');
  });

  it('agrees with exact rational arithmetic on random lines', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999_999 }), (q4, p6) => {
        const q = `${Math.floor(q4 / 10_000)}.${String(q4 % 10_000).padStart(4, '0')}`;
        const p = `${Math.floor(p6 / 1_000_000)}.${String(p6 % 1_000_000).padStart(6, '0')}`;
        const exact = BigInt(q4) * BigInt(p6); // amount × 10^10
        const expected = Number((exact + 50_000_000n) / 100_000_000n);
        expect(lineAmountCents(q, p)).toBe(expected);
      }),
    );
  });
});

describe('storage fees', () => {
  const movements: StockMovement[] = [
    { day: '2026-03-01', units: 10 },
    { day: '2026-03-10', units: 5 },
    { day: '2026-03-12', units: -12 }, // takes all of Mar 1 and 2 of Mar 10
    { day: '2026-03-20', units: 4 },
  ];

  it('holds lots first-in, first-out', () => {
    expect(lotsHeld(movements, '2026-03-11')).toEqual([
      { receivedOn: '2026-03-01', units: 10 },
      { receivedOn: '2026-03-10', units: 5 },
    ]);
    expect(lotsHeld(movements, '2026-03-25')).toEqual([
      { receivedOn: '2026-03-10', units: 3 },
      { receivedOn: '2026-03-20', units: 4 },
    ]);
    expect(
      lotsHeld(
        [
          { day: '2026-03-01', units: 2 },
          { day: '2026-03-02', units: -5 },
        ],
        '2026-03-03',
      ),
    ).toEqual([]);
  });

  it('charges a unit from its free days on', () => {
    const lots = lotsHeld(movements, '2026-03-25');
    // 10 free days: Mar 10 lot is charged from Mar 20, the Mar 20 lot from Mar 30.
    expect(chargeableUnits(lots, '2026-03-19', 10)).toBe(0);
    expect(chargeableUnits(lots, '2026-03-20', 10)).toBe(3);
    expect(chargeableUnits(lotsHeld(movements, '2026-03-30'), '2026-03-30', 10)).toBe(7);
    expect(chargeableUnits(lots, '2026-03-25', 0)).toBe(7);
  });

  it('prices a day: chargeable cubic feet × the daily rate, rounded once', () => {
    const perUnit = cubicFeetPerUnit({ lengthIn: 12, widthIn: 12, heightIn: 6 });
    expect(perUnit).toBe('0.5000');
    expect(cubicFeetPerUnit({ lengthIn: 10, widthIn: 7, heightIn: 2.5 })).toBe('0.1013'); // 175/1728 = 0.10127
    expect(cubicFeetPerUnit({ lengthIn: 10, widthIn: null, heightIn: 2 })).toBeNull();
    const day = storageFeeForDay({
      movements,
      day: '2026-03-30',
      freeDays: 10,
      cubicFeetPerUnit: '0.5000',
      ratePerCubicFootDay: '0.0333',
    });
    // 7 units × 0.5 ft³ = 3.5 ft³ × $0.0333 = $0.11655 → 12 cents
    expect(day).toEqual({ chargeableUnits: 7, cubicFeet: '3.5000', amountCents: 12 });
  });
});
