/**
 * Issue 3 figures: gzip size of the JavaScript a browser loads for /login (signed out) and for
 * /dashboard (signed in), measured in Debian's Chromium against the built app.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, ROOT, signIn, startServer } from '../e2e/harness.js';

async function scriptsLoaded(run: (page: import('playwright-core').Page) => Promise<void>): Promise<string[]> {
  const browser = await launchBrowser();
  const ctx = await browser.newContext({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const urls = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') urls.add(new URL(res.url()).pathname);
  });
  await run(page);
  await page.waitForLoadState('networkidle');
  await browser.close();
  return [...urls];
}

const gzipKb = (paths: string[]) =>
  paths.reduce((sum, p) => sum + gzipSync(readFileSync(path.join(ROOT, 'dist', p))).length, 0) / 1024;

export async function benchWeb(): Promise<void> {
  const server = await startServer();
  try {
    const login = await scriptsLoaded(async (page) => {
      await page.goto(`${server.url}/login`);
      await page.waitForSelector('input[name=username]');
    });
    const dashboard = await scriptsLoaded(async (page) => {
      await signIn(page, server.url, 'demo.admin');
      await page.waitForURL('**/dashboard');
      await page.waitForSelector('.tile');
    });
    console.log('\nWeb bundle (JavaScript loaded, gzip)');
    console.log(`  /login      ${gzipKb(login).toFixed(1)} KB in ${login.length} files   (target ≤ 150 KB)`);
    console.log(
      `  /dashboard  ${gzipKb(dashboard).toFixed(1)} KB in ${dashboard.length} files (after sign-in, cumulative)`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * Lighthouse (performance, accessibility, best practices) in Debian's Chromium, with Lighthouse's own
 * two presets: mobile (the default: a mid-range phone, slow 4G, 4× CPU — our handhelds) and desktop
 * (the managers' screens). For a signed-in page, Playwright signs in over CDP first and Lighthouse
 * keeps that storage.
 */
type Preset = 'mobile' | 'desktop';
async function lighthouseScores(url: string, preset: Preset, signInAt?: { base: string; username: string }) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = await import('playwright-core');
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    if (signInAt) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await signIn(page, signInAt.base, signInAt.username);
      await page.waitForURL('**/dashboard');
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: !!signInAt,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    const cats = lhr?.categories ?? {};
    const score = (k: string) => Math.round((cats[k]?.score ?? 0) * 100);
    if (process.env.LH_DUMP && lhr)
      (await import('node:fs')).writeFileSync(
        `${process.env.LH_DUMP}-${preset}-${new URL(url).pathname.slice(1)}.json`,
        JSON.stringify(lhr),
      );
    const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '?';
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    };
  } finally {
    chrome.kill();
  }
}

export async function benchLighthouse(): Promise<void> {
  const server = await startServer();
  try {
    console.log('\nLighthouse (Debian Chromium, simulated throttling; target ≥ 90)');
    for (const preset of ['mobile', 'desktop'] as const) {
      const login = await lighthouseScores(`${server.url}/login`, preset);
      const dashboard = await lighthouseScores(`${server.url}/dashboard`, preset, {
        base: server.url,
        username: 'demo.admin',
      });
      // A floor screen as a receiver's handheld opens it (issue 22: mobile ≥ 90).
      const floor = await lighthouseScores(`${server.url}/apps/inbound/package-receive-batch`, preset, {
        base: server.url,
        username: 'demo.receiver',
      });
      for (const [page, s] of [
        ['/login', login],
        ['/dashboard', dashboard],
        ['/apps/inbound/package-receive-batch', floor],
      ] as const) {
        console.log(
          `  ${preset.padEnd(7)} ${page.padEnd(36)} performance ${s.performance}   accessibility ${s.accessibility}   best practices ${s.bestPractices}   (${s.metrics})`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}
