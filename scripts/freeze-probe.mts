/**
 * Looks for a frozen page: signs in, navigates (a full load, then a client-side link) and clicks
 * while the page's first data is loading, N times in fresh browser contexts. When a click does not
 * complete, it pauses the renderer through the debugger (enabled beforehand, so the pause reaches
 * even a busy main thread) and prints the JavaScript stacks — map them with the build's source maps
 * (`SOURCEMAP=1 npm run build`). Run it beside a CPU hog to reproduce what a loaded CI machine sees:
 *
 *   SOURCEMAP=1 npm run build
 *   node -e "const t=Date.now(); while(Date.now()-t<600000){}" &
 *   N=60 npx tsx scripts/freeze-probe.mts
 *
 * Found decision 0005 (a render loop in the data grid). Output: stdout and /tmp/freeze-probe.log.
 */
import { appendFileSync } from 'node:fs';
import { launchBrowser, newContext, signIn, startServer } from '../e2e/harness.js';

const LOG = '/tmp/freeze-probe.log';
const log = (line: string) => {
  console.log(line);
  appendFileSync(LOG, `${line}\n`);
};
const within = <T,>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);

type Paused = {
  callFrames: { functionName: string; location: { scriptId: string; lineNumber: number; columnNumber: number } }[];
};

const server = await startServer();
const browser = await launchBrowser();
let frozen = 0;
const runs = Number(process.env.N ?? 20);
try {
  for (let i = 0; i < runs; i++) {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const debug = await ctx.newCDPSession(page);
    const scripts = new Map<string, string>();
    debug.on('Debugger.scriptParsed', (e) => void scripts.set(e.scriptId, e.url));
    await debug.send('Debugger.enable');
    await signIn(page, server.url, 'demo.admin');
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/apps/settings/printer`);
    await page.getByRole('link', { name: 'Printer vendors' }).click();
    await page.waitForURL('**/apps/printermanagement/vendors');
    const started = Date.now();
    try {
      await page.getByRole('button', { name: 'Add', exact: true }).click({ timeout: 15_000 });
      log(`run ${i}: click done in ${Date.now() - started} ms`);
    } catch {
      frozen++;
      log(
        `run ${i}: the click did not complete in 15 s; main thread answers 1+1: ${await within(
          debug.send('Runtime.evaluate', { expression: '1+1' }).then(() => 'yes'),
          5_000,
        )}`,
      );
      for (let sample = 0; sample < 3; sample++) {
        const paused = new Promise<Paused>((r) => debug.once('Debugger.paused', (e) => r(e as Paused)));
        void debug.send('Debugger.pause');
        const event = await within(paused, 10_000);
        if (event === 'timeout') log('  (no pause)');
        else
          for (const f of event.callFrames.slice(0, 30))
            log(
              `  at ${f.functionName || '(anonymous)'} ${(scripts.get(f.location.scriptId) ?? '?').split('/').pop()}:${f.location.lineNumber + 1}:${f.location.columnNumber + 1}`,
            );
        log('  ---');
        await debug.send('Debugger.resume');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await ctx.close();
  }
} finally {
  log(`${frozen} frozen in ${runs} runs`);
  await browser.close();
  await server.stop();
}
