/**
 * `npm run probe:scan-frame` (diagnosis, not a benchmark): a Chrome trace of paced dock scans on a
 * 4× throttled CPU, printing each main-thread task from the scan's Enter key to the painted
 * verdict with its biggest inner calls — what a scan's frame waits for. Tracing slows the page,
 * so read it for the order and the shares of the work, and take the figures from `npm run bench`.
 * `SOURCEMAP=1 npm run build` first to map the minified function names.
 */
import { launchBrowser, signIn } from '../e2e/harness.js';
import { announce, replicaCount, scanToPaint, serveApp, signInApi, until } from '../bench/dock-browser.js';

const server = await serveApp();
const browser = await launchBrowser();
const client = await signInApi(server.app, 'demo.client');
const expected = await announce(server.app, client.accessToken, 20_000, 'TBA');
const ctx = await browser.newContext({ viewport: { width: 800, height: 900 } });
const page = await ctx.newPage();
await signIn(page, server.url, 'demo.receiver');
await page.waitForURL('**/dashboard');
await page.goto(`${server.url}/apps/inbound/package-receive-batch`);
await until(async () => (await replicaCount(page, 'expectedPackages')) >= 20_000, 120_000, 'replica');
await page.locator('a.account-item', { hasText: 'Acme Sellers' }).click();
await page.waitForSelector('[data-testid=last-scan]');
await page.waitForFunction(
  () => !(document.querySelector('input[name=trackingNumber]') as HTMLInputElement | null)?.disabled,
);
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
for (let i = 0; i < 5; i++) {
  await scanToPaint(page, expected[19_999 - i]);
  await page.waitForTimeout(300);
}
const events: {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: Record<string, unknown>;
  cat: string;
}[] = [];
cdp.on('Tracing.dataCollected', (e: { value: typeof events }) => events.push(...e.value));
await cdp.send('Tracing.start', {
  categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,toplevel',
  transferMode: 'ReportEvents',
});
const N = Number(process.env.N ?? 8);
for (let i = 0; i < N; i++) {
  await page.evaluate(() => performance.mark('scan-start'));
  const ms = await scanToPaint(page, expected[i * 37]);
  await page.evaluate(() => performance.mark('scan-end'));
  console.log('scan', i, ms.toFixed(1));
  await page.waitForTimeout(300);
}
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
await done;
// Renderer main thread: the thread with the user timing marks.
const marks = events.filter((e) => e.name === 'scan-start' || e.name === 'scan-end').sort((a, b) => a.ts - b.ts);
const main = marks[0];
const onMain = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
for (let i = 0; i + 1 < marks.length; i += 2) {
  const [s, e] = [marks[i].ts, marks[i + 1].ts];
  console.log(`--- scan ${i / 2}`);
  const top = onMain.filter((x) => (x.ts >= s && x.ts <= e && x.name !== 'RunTask' ? false : x.ts >= s && x.ts <= e));
  for (const t of top) {
    const inner = onMain.filter(
      (x) => x !== t && x.ts >= t.ts && x.ts < t.ts + (t.dur ?? 0) && (x.dur ?? 0) > Number(process.env.MIN_US ?? 100),
    );
    const label = (x: (typeof events)[number]) => {
      const d = (x.args?.data ?? {}) as {
        type?: string;
        functionName?: string;
        url?: string;
        lineNumber?: number;
        columnNumber?: number;
      };
      if (x.name === 'EventDispatch') return `EventDispatch(${d.type})`;
      if (x.name === 'FunctionCall')
        return `Fn(${d.functionName ?? ''} ${(d.url ?? '').split('/').pop()}:${d.lineNumber}:${d.columnNumber})`;
      return x.name;
    };
    const desc = inner
      .slice(0, Number(process.env.MAX_INNER ?? 8))
      .map((x) => `${label(x)} ${((x.dur ?? 0) / 1000).toFixed(2)}`)
      .join(' | ');
    console.log(`${((t.ts - s) / 1000).toFixed(2).padStart(7)} ms +${((t.dur ?? 0) / 1000).toFixed(2)}  ${desc}`);
    for (const x of inner.filter((x) => ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint'].includes(x.name)))
      console.log('          ', x.name, JSON.stringify(x.args).slice(0, 300));
  }
}
await browser.close();
await server.close();
