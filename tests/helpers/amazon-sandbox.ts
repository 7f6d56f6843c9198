/**
 * A seller authorising Dockside on the Amazon sandbox's consent page, as the browser would, and
 * the refresh token the code is exchanged for — for tests that drive the Amazon client directly.
 */
import { expect } from 'vitest';
import type { TestServer } from './server.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import type { PlacementOption } from '../../server/integrations/amazon/inbound-models.js';

export async function sandboxRefreshToken(sandboxUrl: string, state = `t-${Math.random()}`): Promise<string> {
  return (await sandboxAuthorisation(sandboxUrl, state)).refreshToken;
}

/** The seller the sandbox's consent page signs in as, and the refresh token Dockside gets for it. */
export async function sandboxAuthorisation(
  sandboxUrl: string,
  state = `t-${Math.random()}`,
): Promise<{ sellerId: string; refreshToken: string }> {
  const page = await fetch(
    `${sandboxUrl}/sandbox/amazon/apps/authorize/consent?application_id=${SANDBOX_APP.applicationId}&state=${state}&redirect_uri=http://localhost/cb`,
  );
  const html = await page.text();
  const field = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))![1];
  const res = await fetch(`${sandboxUrl}/sandbox/amazon/apps/authorize/consent`, {
    method: 'POST',
    body: new URLSearchParams({
      redirect_uri: 'http://localhost/cb',
      state: field('state'),
      selling_partner_id: field('selling_partner_id'),
      decision: 'confirm',
    }),
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('spapi_oauth_code')!;
  const endpoints = amazonEndpoints('sandbox', 'amazon_us', sandboxUrl);
  const token = await new AmazonClient({ endpoints, app: SANDBOX_APP }).exchangeCode(code, 'http://localhost/cb');
  return { sellerId: field('selling_partner_id'), refreshToken: token.refresh_token! };
}

const US = 'ATVPDKIKX0DER';
export const SHIP_FROM = {
  name: 'Dockside Prep',
  companyName: 'Dockside Prep LLC',
  addressLine1: '100 Harbor Way',
  city: 'Newark',
  stateOrProvinceCode: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
  phoneNumber: '555-0100',
};

/**
 * An inbound plan walked through Amazon's steps up to placement: created, a packing option
 * confirmed, every unit boxed (`perBox` units of a SKU a box, 10 lb each), placement options
 * generated. Answers the plan and its placement options, the one-centre option first.
 */
export async function planUpToPlacement(
  client: AmazonClient,
  items: { msku: string; quantity: number }[],
  perBox = 6,
): Promise<{ planId: string; placementOptions: PlacementOption[] }> {
  const poll = { pollMs: 50 };
  const created = await client.inbound.createInboundPlan({
    destinationMarketplaces: [US],
    items: items.map((i) => ({ ...i, labelOwner: 'SELLER', prepOwner: 'SELLER' })),
    name: 'Transport test',
    sourceAddress: SHIP_FROM,
  });
  const planId = created.inboundPlanId;
  await client.inbound.waitFor(created.operationId, poll);
  await client.inbound.waitFor((await client.inbound.generatePackingOptions(planId)).operationId, poll);
  const [option] = (await client.inbound.listPackingOptions(planId)).packingOptions;
  await client.inbound.waitFor(
    (await client.inbound.confirmPackingOption(planId, option.packingOptionId)).operationId,
    poll,
  );
  const packageGroupings = await Promise.all(
    option.packingGroups.map(async (g) => {
      const groupItems = (await client.inbound.listPackingGroupItems(planId, g)).items;
      return {
        packingGroupId: g,
        boxes: groupItems.flatMap((i) =>
          Array.from({ length: Math.ceil(i.quantity / perBox) }, (_, n) => ({
            contentInformationSource: 'BOX_CONTENT_PROVIDED' as const,
            dimensions: { length: 14, width: 12, height: 10, unitOfMeasurement: 'IN' as const },
            weight: { value: 10, unit: 'LB' as const },
            quantity: 1,
            items: [
              {
                msku: i.msku,
                quantity: Math.min(perBox, i.quantity - n * perBox),
                labelOwner: 'SELLER' as const,
                prepOwner: 'SELLER' as const,
              },
            ],
          })),
        ),
      };
    }),
  );
  await client.inbound.waitFor(
    (await client.inbound.setPackingInformation(planId, { packageGroupings })).operationId,
    poll,
  );
  await client.inbound.waitFor((await client.inbound.generatePlacementOptions(planId)).operationId, poll);
  return { planId, placementOptions: (await client.inbound.listPlacementOptions(planId)).placementOptions };
}

/**
 * Connects a Dockside store through the sandbox's consent page as the seller's browser would:
 * authorize, consent page, confirm (or deny), Dockside's callback. Answers where the callback
 * sends the browser back to.
 */
export async function connectAmazonStore(
  s: TestServer,
  sandboxUrl: string,
  storeId: number,
  token: string,
  decision: 'confirm' | 'deny' = 'confirm',
): Promise<URL> {
  const started = await s.post(`/api/common/stores/${storeId}/authorize`, {}, token);
  expect(started.status).toBe(200);
  const consent = new URL(started.body.url);
  expect(consent.origin + consent.pathname).toBe(`${sandboxUrl}/sandbox/amazon/apps/authorize/consent`);
  const page = await fetch(consent);
  expect(page.status).toBe(200);
  const html = await page.text();
  const field = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))![1];
  const confirmed = await fetch(new URL('consent', consent), {
    method: 'POST',
    body: new URLSearchParams({
      redirect_uri: field('redirect_uri'),
      state: field('state'),
      selling_partner_id: field('selling_partner_id'),
      decision,
    }),
    redirect: 'manual',
  });
  expect(confirmed.status).toBe(302);
  const callback = new URL(confirmed.headers.get('location')!);
  expect(callback.pathname).toBe('/api/common/stores/amazon/callback');
  // The callback is a browser navigation: no Dockside token, the state names the store.
  const back = await s.started.app.request(callback.pathname + callback.search);
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!, 'http://x');
}
