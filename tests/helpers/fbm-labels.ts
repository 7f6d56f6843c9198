/** Shared by the FBM label tests: the warehouse's ship-from and upcharge, a carrier refusal, a bulk run's end. */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { warehouses } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import type { FbmWorld } from './fbm.js';
import { topUpFunds } from './funds.js';
import type { TestServer } from './server.js';

/**
 * The warehouse ships from Newark; Acme pays the carrier's cost plus 10 % (at least $0.50), not
 * enforced, from $1,000 of label funds it topped up (decision 0019: labels the funds cover are
 * drawn from them).
 */
export async function labelsSetup(s: TestServer, w: FbmWorld) {
  await s.db
    .update(warehouses)
    .set({ line1: '100 Harbor Way', city: 'Newark', state: 'NJ', postalCode: '07114', countryCode: 'US' })
    .where(eq(warehouses.tenantId, w.tenantId));
  const fees = await s.put(
    `/api/settings/fees/company/${w.acmeId}`,
    {
      values: {
        SHIPPING_UPCHARGE_PERCENT: '10',
        SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0.50',
        ENFORCE_PAYMENT_METHOD: false,
      },
    },
    w.admin,
  );
  expect(fees.status, JSON.stringify(fees.meta)).toBe(200);
  await topUpFunds(s, w.tenantId, w.acmeId, 100_000);
}

/** A label purchase at any provider: ShipEngine's from a rate, eBay Logistics', Ship With Walmart's. */
const isLabelPurchase = (url: string, method: string | undefined) =>
  url.includes('/v1/labels/rates/') ||
  url.includes('/sell/logistics/v1_beta/shipment/create_from_shipping_quote') ||
  (method === 'POST' && new URL(url).pathname.endsWith('/v3/shipping/labels'));

/**
 * The carrier refuses the `n`th label bought from now on (the sandbox's `invalid` fault), whoever
 * sells it — or every one, with 'all'.
 */
export function refuseNthLabel(n: number | 'all') {
  let seen = 0;
  clientOverrides.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (isLabelPurchase(url, init?.method) && (++seen === n || n === 'all')) {
      const headers = new Headers(init?.headers);
      headers.set('x-sandbox-fault', 'invalid');
      return fetch(input, { ...init, headers });
    }
    return fetch(input, init);
  };
}

/** The bulk purchase run once it is done. */
export async function waitForRun(s: TestServer, token: string, id: number) {
  let run: any;
  await expect
    .poll(
      async () => {
        run = (await s.get(`/api/fbm/web/bulk/shipping/${id}`, token)).body;
        return run.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('done');
  return run;
}
