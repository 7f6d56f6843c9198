/**
 * The marketplace label offers merged into an order's quotes (server/modules/fbm-labels/offers.ts):
 * a service offered only when every package has it, the packages' rate ids joined, each package's
 * upcharge with its minimum, the slowest package's days, and the cost hidden from a client.
 */
import { describe, expect, it } from 'vitest';
import { orderQuotes, type PackageOffer } from '../../server/modules/fbm-labels/offers.js';
import type { RequestContext } from '../../server/context.js';

const offer = (key: string, rateId: string, costCents: number, deliveryDays: number | null): PackageOffer => ({
  key,
  rateId,
  carrier: 'USPS',
  carrierCode: 'ebay-usps',
  service: key,
  serviceCode: key,
  costCents,
  currency: 'USD',
  deliveryDays,
});
const fees = { SHIPPING_UPCHARGE_PERCENT: '10', SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0.50' } as never;
const warehouse = { isClient: false } as RequestContext;
const client = { isClient: true } as RequestContext;

describe('orderQuotes', () => {
  const packages = [
    [offer('GA', 'ebay:q1:a', 800, 3), offer('PM', 'ebay:q1:b', 1200, 2)],
    [offer('GA', 'ebay:q2:a', 300, 5)],
  ];

  it('offers a service every package has, with the packages’ rate ids, upcharges and slowest days', () => {
    const [q, ...rest] = orderQuotes('ebay', packages, fees, warehouse, '|');
    expect(rest).toEqual([]);
    // 10 % of $8.00 is $0.80; 10 % of $3.00 is below the $0.50 minimum.
    expect(q).toMatchObject({
      provider: 'ebay',
      rateId: 'ebay:q1:a|ebay:q2:a',
      serviceCode: 'GA',
      deliveryDays: 5,
      totalCents: 800 + 300 + 80 + 50,
      cost: { costCents: 1100, upchargeCents: 130 },
    });
  });

  it('a client reads the same total and no cost', () => {
    const [q] = orderQuotes('walmart', packages, fees, client, '|');
    expect(q.totalCents).toBe(1230);
    expect(q.cost).toBeNull();
  });

  it('unknown days anywhere make the order’s days unknown; no packages, no quotes', () => {
    const [q] = orderQuotes('ebay', [[offer('GA', 'x', 100, 2)], [offer('GA', 'y', 100, null)]], fees, warehouse, '|');
    expect(q.deliveryDays).toBeNull();
    expect(orderQuotes('ebay', [], fees, warehouse, '|')).toEqual([]);
  });
});
