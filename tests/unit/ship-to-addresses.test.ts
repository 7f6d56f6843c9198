import { describe, expect, it } from 'vitest';
import { shipToOf } from '../../server/modules/fbm-labels/addresses.js';
import { toShipEngineAddress } from '../../server/modules/shipping/shipengine.js';
import { ApiError } from '../../server/http/errors.js';

type Order = Parameters<typeof shipToOf>[0];
const orderTo = (shipTo: Record<string, string | undefined>) =>
  ({ marketplaceOrderId: 'M-1', shipTo }) as unknown as Order;
const berlin = { name: 'Lena Vogel', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', countryCode: 'de' };

describe('ship-to addresses for carriers', () => {
  it('a German address without a state rates: ShipEngine gets the city as its state_province', () => {
    const to = shipToOf(orderTo(berlin));
    expect(to).toMatchObject({ countryCode: 'DE', state: '' });
    expect(toShipEngineAddress(to)).toMatchObject({ state_province: 'Berlin', city_locality: 'Berlin' });
  });

  it('a given state is kept as it is', () => {
    const to = shipToOf(orderTo({ ...berlin, state: 'BE' }));
    expect(toShipEngineAddress(to).state_province).toBe('BE');
  });

  it.each(['US', 'CA'])('a %s address without a state is refused in words (412), before any carrier call', (c) => {
    let err: unknown;
    try {
      shipToOf(orderTo({ ...berlin, countryCode: c, state: ' ' }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(412);
    expect((err as ApiError).message).toMatch(/M-1 has no complete ship-to address \(state missing\)/);
  });
});
