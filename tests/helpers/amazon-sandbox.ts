/**
 * A seller authorising Dockside on the Amazon sandbox's consent page, as the browser would, and
 * the refresh token the code is exchanged for — for tests that drive the Amazon client directly.
 */
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';

export async function sandboxRefreshToken(sandboxUrl: string, state = `t-${Math.random()}`): Promise<string> {
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
  return token.refresh_token!;
}
