/** Amazon's packing options compared: cost as fees less discounts, which can still be chosen, the cheapest of those. */
import { describe, expect, it } from 'vitest';
import type { PackingOptionView } from '../../domain/schemas/fba';
import { cheapestOption, money, optionBlocked, optionCost } from '../../src/features/fba/packing-options';

const charge = (amountCents: number, type = 'FEE') => ({
  type,
  target: 'Placement Services',
  description: type === 'FEE' ? 'Fee' : 'Single-SKU boxes',
  amountCents,
  currency: 'USD',
});
const option = (id: string, over: Partial<PackingOptionView> = {}): PackingOptionView => ({
  packingOptionId: id,
  status: 'OFFERED',
  expiration: '2026-03-11T00:00:00Z',
  fees: [],
  discounts: [],
  groups: [{ packingGroupId: `pg-${id}`, items: [{ msku: 'A', fnsku: 'X001', quantity: 5 }] }],
  shipping: [],
  boxMaxWeightLb: 50,
  ...over,
});
const now = Date.parse('2026-03-10T12:00:00Z');

describe('packing options', () => {
  it('costs an option as its fees less its discounts', () => {
    expect(optionCost(option('a', { fees: [charge(500), charge(250)], discounts: [charge(120, 'DISCOUNT')] }))).toEqual(
      {
        currency: 'USD',
        feesCents: 750,
        discountsCents: 120,
        netCents: 630,
      },
    );
    expect(optionCost(option('b'))).toEqual({ currency: 'USD', feesCents: 0, discountsCents: 0, netCents: 0 });
  });

  it('says why an option cannot be chosen: no longer offered, or expired', () => {
    expect(optionBlocked(option('a'), now)).toBeNull();
    expect(optionBlocked(option('a', { status: 'ACCEPTED' }), now)).toBe('notOffered');
    expect(optionBlocked(option('a', { expiration: '2026-03-10T11:59:59Z' }), now)).toBe('expired');
    expect(optionBlocked(option('a', { expiration: null }), now)).toBeNull();
  });

  it('recommends the cheapest option that can still be chosen', () => {
    const options = [
      option('plain'),
      option('single', { discounts: [charge(27, 'DISCOUNT')] }),
      option('old', { discounts: [charge(900, 'DISCOUNT')], expiration: '2026-03-01T00:00:00Z' }),
    ];
    expect(cheapestOption(options, now)).toBe('single');
    expect(cheapestOption([options[2]], now)).toBeNull();
  });

  it('says money in the user’s language', () => {
    expect(money(-27, 'USD', 'en')).toBe('-$0.27');
    expect(money(123456, 'USD', 'de').replace(/\s/g, ' ')).toBe('1.234,56 $');
  });
});
