/**
 * Issue 17: what the provider client costs per call — rate limiter, retries' bookkeeping, the zod
 * check of Amazon's answer and the masked call log — beside a bare fetch of the same sandbox route
 * with the same token, both over HTTP on loopback; and jobs/s through the durable queue.
 */
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../server/integrations/amazon/client.js';
import { provideJob, withdrawJob } from '../server/jobs/store-pulls.js';
import {
  sandboxShipEngineKey,
  ShipEngineClient,
  shipEngineSandboxUrl,
} from '../server/integrations/shipengine/client.js';
import { startBenchServer } from './http-server.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const JOBS = Number(process.env.BENCH_JOBS ?? 300);
const MARKETPLACE = 'ATVPDKIKX0DER';

async function refreshTokenFrom(base: string): Promise<string> {
  const consent = `${base}/sandbox/amazon/apps/authorize/consent?application_id=${SANDBOX_APP.applicationId}&state=bench&redirect_uri=http://localhost/cb`;
  const html = await (await fetch(consent)).text();
  const field = (n: string) => html.match(new RegExp(`name="${n}" value="([^"]*)"`))![1];
  const res = await fetch(`${base}/sandbox/amazon/apps/authorize/consent`, {
    method: 'POST',
    body: new URLSearchParams({
      redirect_uri: 'http://localhost/cb',
      state: 'bench',
      selling_partner_id: field('selling_partner_id'),
      decision: 'confirm',
    }),
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('spapi_oauth_code')!;
  const endpoints = amazonEndpoints('sandbox', 'amazon_us', base);
  return (await new AmazonClient({ endpoints, app: SANDBOX_APP }).exchangeCode(code, 'http://localhost/cb'))
    .refresh_token!;
}

export async function benchIntegrations(): Promise<void> {
  const { base, deps, close } = await startBenchServer('integrations');
  try {
    deps.config.sandboxUrl = base;
    const endpoints = amazonEndpoints('sandbox', 'amazon_us', base);
    let logged = 0;
    const client = new AmazonClient(
      { endpoints, app: SANDBOX_APP, log: () => void logged++ },
      { storeId: 1, refreshToken: await refreshTokenFrom(base) },
    );
    const token = await client.accessToken();
    const url = `${base}/sandbox/amazon/fba/inventory/v1/summaries?details=true&granularityType=Marketplace&granularityId=${MARKETPLACE}&marketplaceIds=${MARKETPLACE}`;
    // Warm both paths (the sandbox seeds the seller's stock on its first read).
    await client.inventorySummaries(MARKETPLACE);
    await (await fetch(url, { headers: { 'x-amz-access-token': token } })).json();

    // The client's own limiter holds Amazon's 2 requests/s; the overhead is measured without it.
    const unlimited = new AmazonClient(
      { endpoints, app: SANDBOX_APP, log: () => void logged++ },
      { storeId: 1, refreshToken: null },
    );
    (unlimited as unknown as { accessToken: () => Promise<string> }).accessToken = async () => token;
    const op = (c: AmazonClient) => c.inventorySummaries(MARKETPLACE);
    const noLimit = (c: AmazonClient) => {
      const sp = (c as unknown as { sp: { limiters: Map<string, unknown> } }).sp;
      sp.limiters.clear();
      return op(c);
    };
    // Alternating rounds, so neither path has the warmer process or the fuller table.
    const bareTimes: number[] = [];
    const clientTimes: number[] = [];
    const per = Math.ceil(CALLS / 4);
    for (let round = 0; round < 4; round++) {
      let t = performance.now();
      for (let i = 0; i < per; i++) await (await fetch(url, { headers: { 'x-amz-access-token': token } })).json();
      bareTimes.push((performance.now() - t) / per);
      t = performance.now();
      for (let i = 0; i < per; i++) await noLimit(unlimited);
      clientTimes.push((performance.now() - t) / per);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const bare = median(bareTimes);
    const viaClient = median(clientTimes);

    console.log(
      `\nProvider client (Amazon getInventorySummaries, 50 SKUs a page, sandbox over loopback, ${CALLS} calls each, median of 4 alternating rounds)`,
    );
    console.log(`  bare fetch + JSON.parse:             ${bare.toFixed(2)} ms/call`);
    console.log(`  AmazonClient (checked, logged):      ${viaClient.toFixed(2)} ms/call`);
    console.log(
      `  ratio client / bare:                 ${(viaClient / bare).toFixed(2)}  (overhead ${(viaClient - bare).toFixed(2)} ms/call)`,
    );

    // ShipEngine rate shopping: a POST whose answer (9 services) the sandbox also stores.
    const shipment = {
      ship_from: {
        name: 'Dock',
        phone: '555',
        address_line1: '1 Way',
        city_locality: 'Newark',
        state_province: 'NJ',
        postal_code: '07114',
        country_code: 'US',
      },
      ship_to: {
        name: 'Jane',
        address_line1: '5 Elm',
        city_locality: 'Springfield',
        state_province: 'IL',
        postal_code: '62701',
        country_code: 'US',
      },
      packages: [{ weight: { value: 3, unit: 'pound' as const } }],
    };
    const carrierIds = ['se-1000001', 'se-1000002', 'se-1000003'];
    const key = sandboxShipEngineKey(1);
    const se = new ShipEngineClient({ baseUrl: shipEngineSandboxUrl(base), apiKey: key, log: () => void logged++ });
    const seBare = () =>
      fetch(`${shipEngineSandboxUrl(base)}/v1/rates`, {
        method: 'POST',
        headers: { 'API-Key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ rate_options: { carrier_ids: carrierIds }, shipment }),
      }).then((r) => r.json());
    const seClient = () => {
      (se as unknown as { http: { limiters: Map<string, unknown> } }).http.limiters.clear();
      return se.rates(shipment, carrierIds);
    };
    await seBare();
    await seClient();
    const seBareTimes: number[] = [];
    const seClientTimes: number[] = [];
    const perSe = Math.ceil(CALLS / 8);
    for (let round = 0; round < 4; round++) {
      let t = performance.now();
      for (let i = 0; i < perSe; i++) await seBare();
      seBareTimes.push((performance.now() - t) / perSe);
      t = performance.now();
      for (let i = 0; i < perSe; i++) await seClient();
      seClientTimes.push((performance.now() - t) / perSe);
    }
    const seB = median(seBareTimes);
    const seC = median(seClientTimes);
    console.log(
      `\nProvider client (ShipEngine calculate_rates, 3 carriers × 3 services, ${perSe * 4} calls each, median of 4 rounds)`,
    );
    console.log(`  bare fetch + JSON.parse:             ${seB.toFixed(2)} ms/call`);
    console.log(`  ShipEngineClient (checked, logged):  ${seC.toFixed(2)} ms/call`);
    console.log(
      `  ratio client / bare:                 ${(seC / seB).toFixed(2)}  (overhead ${(seC - seB).toFixed(2)} ms/call)`,
    );

    // Jobs through the queue: a runner that does nothing, so the figure is the queue's own.
    let done = 0;
    provideJob('stores.pull-orders', async () => void done++);
    const t0 = performance.now();
    for (let i = 0; i < JOBS; i++)
      await deps.jobs.enqueue(
        'stores.pull-orders',
        { tenantId: 1, storeId: i + 1 },
        { tenantId: 1, singletonKey: `bench-${i}` },
      );
    const enqueued = performance.now() - t0;
    while (done < JOBS) await new Promise((r) => setTimeout(r, 50));
    const total = performance.now() - t0;
    withdrawJob('stores.pull-orders');
    console.log(`\nJob queue (pg-boss 10 on ${deps.config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${JOBS} no-op jobs)`);
    console.log(`  enqueue:                             ${(JOBS / (enqueued / 1000)).toFixed(0)} jobs/s`);
    console.log(`  enqueue → all completed:             ${(JOBS / (total / 1000)).toFixed(1)} jobs/s`);
  } finally {
    await close();
  }
}
