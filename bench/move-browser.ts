/**
 * Issue 7: a move's scan-to-feedback on the floor screen, measured like the dock (issue 4): in
 * Chromium with the CPU throttled 4×, from the Enter of the destination's wedge burst to the frame
 * that paints "moved" — paced like a person (one move every 300 ms after the product scan) and
 * back to back. Stock and places are set up through the API.
 */
import { launchBrowser, signIn } from '../e2e/harness.js';
import { pct, scanToPaint, serveApp, signInApi } from './dock-browser.js';

const MOVES = 60;

async function api(
  app: { request: (p: string, i: RequestInit) => Response | Promise<Response> },
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { body: unknown }).body;
}

export async function benchMoveBrowser(): Promise<void> {
  const server = await serveApp();
  const browser = await launchBrowser();
  try {
    const admin = await signInApi(server.app, 'demo.admin');
    const client = await signInApi(server.app, 'demo.client');
    const acme = (client as unknown as { userData: { companyId: number } }).userData.companyId;
    for (const code of ['MV-SRC', 'MV-B', 'MV-C'])
      await api(server.app, admin.accessToken, 'POST', '/api/warehouse-location', { code, type: 'bin' });
    await api(server.app, admin.accessToken, 'POST', '/api/inventory/adjust', {
      companyId: acme,
      productCode: 'X00MOVEBN1',
      location: 'MV-SRC',
      quantity: 10_000,
      reason: 'found',
    });

    const ctx = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, server.url, 'demo.receiver');
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/apps/wms/actions/move-batch`);
    await page.waitForSelector('[data-testid=sync-online]:not([data-last-sync=""])');
    const wedge = (code: string) =>
      page.evaluate((c) => {
        const target = document.activeElement ?? document.body;
        for (const key of [...c, 'Enter'])
          target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }, code);
    await wedge('MV-SRC');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=move-from]')?.textContent?.includes('MV-SRC'),
    );
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const move = async (i: number) => {
      await wedge('X00MOVEBN1');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=move-what]')?.textContent?.includes('X00MOVEBN1'),
      );
      return scanToPaint(page, i % 2 ? 'MV-C' : 'MV-B', '[data-testid=move-panel]');
    };
    for (let i = 0; i < 4; i++) await move(i); // warm-up
    const paced: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      paced.push(await move(i));
      await page.waitForTimeout(300);
    }
    const burst: number[] = [];
    for (let i = 0; i < 30; i++) burst.push(await move(i));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (process.env.BENCH_DOCK_PHASES) {
      // Enter handled, DOM committed, frame began, frame painted (see bench/dock-browser.ts).
      const phases = (await page.evaluate(() => (window as unknown as { scanPhases: number[][] }).scanPhases)).slice(
        4,
        4 + MOVES,
      );
      console.log(
        `  phases (paced medians): ${['handled', 'committed', 'frame began', 'painted']
          .map(
            (n, i) =>
              `${n} ${pct(
                phases.map((p) => p[i]),
                50,
              ).toFixed(1)}`,
          )
          .join(' · ')}`,
      );
    }
    await page.waitForFunction(
      () => document.querySelector('[data-testid=sync-pending]')?.getAttribute('data-count') === '0',
      undefined,
      { timeout: 120_000 },
    );
    const moves = (await api(server.app, admin.accessToken, 'GET', '/api/inventory/move?limit=1000')) as unknown[];
    console.log(
      '\nMove on the floor screen in Chromium (server in-process on PGlite; CPU 4× throttled; destination scan → painted "moved")',
    );
    console.log(
      `  paced (300 ms apart, ${MOVES} moves): median ${pct(paced, 50).toFixed(1)} ms (target ≤ 16) · p95 ${pct(paced, 95).toFixed(1)} ms (target ≤ 50) · max ${Math.max(...paced).toFixed(1)} ms`,
    );
    console.log(
      `  back to back (30):            median ${pct(burst, 50).toFixed(1)} ms · p95 ${pct(burst, 95).toFixed(1)} ms · max ${Math.max(...burst).toFixed(1)} ms`,
    );
    console.log(`  moves the server applied: ${moves.length} of ${MOVES + 34}`);
    await ctx.close();
  } finally {
    await browser.close();
    await server.close();
  }
}
