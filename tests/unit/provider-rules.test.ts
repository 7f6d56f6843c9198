/**
 * Pure rules of the provider clients and sandboxes: Stripe's bracket form encoding, its webhook
 * signature (and refusals), the NMFC density scale, business days for pickups and deliveries, and
 * Amazon's pallet limits.
 */
import { describe, expect, it } from 'vitest';
import { formOf } from '../../server/integrations/payments/client.js';
import { signPayload, verifyWebhook } from '../../server/integrations/payments/webhooks.js';
import { addBusinessDays, classFromDensity } from '../../server/sandboxes/freight/pricing.js';
import { palletProblems } from '../../server/sandboxes/amazon/transport-pricing.js';

describe('card processor rules', () => {
  it('encodes nested objects and arrays with brackets, leaving undefined out', () => {
    expect(
      formOf({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { unit_amount: 500, product_data: { name: 'Funds' } } }],
        metadata: { companyId: '7' },
        cancel_url: undefined,
        off_session: true,
      }),
    ).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][price_data][product_data][name]': 'Funds',
      'metadata[companyId]': '7',
      off_session: 'true',
    });
  });

  it('accepts its own signature and refuses a forged, stale or tampered one', () => {
    const event = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      livemode: false,
      data: { object: { id: 'pi_1' } },
    });
    const now = 1_800_000_000;
    const header = signPayload(event, 'whsec_abc', now);
    expect(verifyWebhook(event, header, 'whsec_abc', now + 10)).toMatchObject({ ok: true, event: { id: 'evt_1' } });
    expect(verifyWebhook(event, header, 'whsec_other', now)).toEqual({
      ok: false,
      reason: 'The signature does not match',
    });
    expect(verifyWebhook(event, header, 'whsec_abc', now + 301)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/too old/),
    });
    expect(verifyWebhook(event.replace('pi_1', 'pi_2'), header, 'whsec_abc', now)).toMatchObject({ ok: false });
    expect(verifyWebhook(event, undefined, 'whsec_abc', now)).toMatchObject({
      ok: false,
      reason: 'No signature header',
    });
    expect(verifyWebhook(event, 't=abc', 'whsec_abc', now)).toMatchObject({
      ok: false,
      reason: 'Malformed signature header',
    });
  });
});

describe('freight rules', () => {
  it('rates a handling unit at its density class on the NMFC scale', () => {
    const unit = (weightLb: number) => ({ lengthIn: 48, widthIn: 40, heightIn: 48, weightLb });
    // 48×40×48 in is 53.3 ft³.
    expect(classFromDensity(unit(3_000))).toBe(50); // 56 lb/ft³
    expect(classFromDensity(unit(640))).toBe(85); // 12 lb/ft³
    expect(classFromDensity(unit(480))).toBe(100); // 9 lb/ft³
    expect(classFromDensity(unit(40))).toBe(500); // under 1 lb/ft³
  });

  it('counts business days: weekends are skipped, a weekend start moves to Monday', () => {
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday + 1 → Monday
    expect(addBusinessDays('2026-11-23', 3)).toBe('2026-11-26');
    expect(addBusinessDays('2026-11-28', 0)).toBe('2026-11-30'); // a Saturday → Monday
  });
});

describe('Amazon pallet limits', () => {
  it('names each pallet line that overhangs, is too high or too heavy', () => {
    const dims = (length: number, width: number, height: number) => ({
      length,
      width,
      height,
      unitOfMeasurement: 'IN' as const,
    });
    expect(
      palletProblems([{ quantity: 1, dimensions: dims(48, 40, 60), weight: { value: 1_400, unit: 'LB' } }]),
    ).toEqual([]);
    expect(
      palletProblems([
        { quantity: 1, dimensions: dims(52, 40, 80), weight: { value: 700, unit: 'KG' } },
        { quantity: 2 },
      ]),
    ).toEqual([
      'Pallet line 1: 40×52 in overhangs a standard 40×48 in pallet',
      'Pallet line 1: 80 in high; pallets may be at most 72 in',
      'Pallet line 1: 1543 lb; a pallet may weigh at most 1,500 lb',
      "Pallet line 2: give the pallet's dimensions and weight for a freight quote",
    ]);
  });
});
