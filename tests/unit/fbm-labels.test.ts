/** FBM label rules: cheapest and fastest marked once each, the preset's choice, purchase keys. */
import { describe, expect, it } from 'vitest';
import { choose, markQuotes, packageKey } from '../../domain/rules/fbm-labels.js';

const q = (carrierCode: string, serviceCode: string, totalCents: number, deliveryDays: number | null) => ({
  carrierCode,
  serviceCode,
  totalCents,
  deliveryDays,
});

describe('markQuotes', () => {
  it('sorts by total and marks one cheapest and one fastest (ties on days: the cheaper)', () => {
    const marked = markQuotes([q('ups', 'air', 3000, 1), q('usps', 'ground', 800, 5), q('fedex', 'air', 2500, 1)]);
    expect(marked.map((m) => [m.serviceCode, m.cheapest, m.fastest])).toEqual([
      ['ground', true, false],
      ['air', false, true],
      ['air', false, false],
    ]);
    expect(marked[1].carrierCode).toBe('fedex');
  });

  it('marks no fastest when no carrier says its days; nothing for no quotes', () => {
    expect(markQuotes([q('a', 'x', 100, null)])[0]).toMatchObject({ cheapest: true, fastest: false });
    expect(markQuotes([])).toEqual([]);
  });
});

describe('choose', () => {
  const quotes = [q('ups', 'air', 3000, 1), q('usps', 'ground', 800, 5), q('usps', 'priority', 1200, 2)];
  it('picks by preset, or says why not', () => {
    expect(choose(quotes, { kind: 'cheapest' })).toEqual({ quote: quotes[1] });
    expect(choose(quotes, { kind: 'fastest' })).toEqual({ quote: quotes[0] });
    expect(choose(quotes, { kind: 'service', carrierCode: 'usps', serviceCode: 'priority' })).toEqual({
      quote: quotes[2],
    });
    expect(choose(quotes, { kind: 'service', carrierCode: 'dhl', serviceCode: 'x' })).toEqual({
      reason: 'dhl x is not offered for this order',
    });
    expect(choose([], { kind: 'cheapest' })).toEqual({ reason: 'No carrier quoted a rate for this order' });
    expect(choose([q('a', 'x', 1, null)], { kind: 'fastest' })).toHaveProperty('reason');
  });
});

describe('packageKey', () => {
  it('is the same for the same order, package and attempt, and a valid purchase key', () => {
    expect(packageKey(12, 1, 0)).toBe(packageKey(12, 1, 0));
    expect(packageKey(12, 1, 1)).not.toBe(packageKey(12, 1, 0));
    expect(packageKey(12, 2, 0)).not.toBe(packageKey(12, 1, 0));
    expect(packageKey(12, 1, 0)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
