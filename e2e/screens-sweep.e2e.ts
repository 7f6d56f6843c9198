/**
 * Every screen a user may open, opened with the stocked demo's data (issues 38 #10/#13, 41): the
 * manager and a client at 1280 px, the receiver's floor screens on a 360 px phone, in English and
 * then in German and Portuguese. A screen fails when the page is wider than the window, when header
 * texts are drawn over each other, when an i18n key or a raw code is shown as words, or (de, pt)
 * when an English phrase or an English number or day form shows. Screens with parameters are
 * reached by following the links the screens themselves show, as a person would.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENS, type ScreenDef } from '../src/app/registry';
import { e2eEnv } from './env.js';
import { signIn } from './harness.js';
import { englishPhrases, inspect, linksOn, screenOf, settled, trackRequests, type InspectOptions } from './sweep.js';

const env = e2eEnv({ demoData: true });
const NOT_AUTHORIZED = '/pages/miscellaneous/not-authorized';
/**
 * Names a person types or reads as they are: an upload file's column names (the help says which
 * column holds what) and a marketplace's own attribute names (Amazon asks for item_package_weight).
 */
const NAMED_AS_IS = new Set(['tracking_number', 'order_id', 'item_package_weight']);

interface Sweep {
  opened: string[];
  refused: string[];
  problems: string[];
}

/**
 * Opens each route once, starting from the paths without parameters and following links to the
 * rest. `include` picks the routes this user's sweep looks at.
 */
async function sweep(page: Page, include: (screen: ScreenDef) => boolean, words: InspectOptions = {}): Promise<Sweep> {
  const result: Sweep = { opened: [], refused: [], problems: [] };
  const inFlight = trackRequests(page);
  const seen = new Set<string>();
  const queue = SCREENS.filter((s) => include(s) && !s.path.includes('$')).map((s) => s.path);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const screen = screenOf(path);
    if (!screen || seen.has(screen.path) || !include(screen)) continue;
    seen.add(screen.path);
    // Inside the running app, as a link would (the router follows history): no reload per screen.
    await page.evaluate((to) => {
      history.pushState(history.state, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
    await settled(page, inFlight);
    if (new URL(page.url()).pathname === NOT_AUTHORIZED) {
      result.refused.push(screen.path);
      continue;
    }
    result.opened.push(screen.path);
    const found = await inspect(page, words);
    const at = `${path} (${screen.path})`;
    if (found.overflow > 1)
      result.problems.push(`${at}: page ${found.overflow}px wider than the window: ${found.overflowing.join('; ')}`);
    if (found.keys.length) result.problems.push(`${at}: i18n keys shown: ${found.keys.join(', ')}`);
    const codes = found.codes.filter((c) => !NAMED_AS_IS.has(c) && screen.path !== '/apps/admin/swagger');
    if (codes.length) result.problems.push(`${at}: raw codes shown: ${codes.join(', ')}`);
    if (found.headerOverlaps.length) result.problems.push(`${at}: header overlaps: ${found.headerOverlaps.join('; ')}`);
    // The API reference shows the API's own English documentation, as any developer reads it.
    if (found.english.length && screen.path !== '/apps/admin/swagger')
      result.problems.push(`${at}: English shown: ${found.english.join(' | ')}`);
    if (found.formats.length)
      result.problems.push(`${at}: numbers or days not in the language's form: ${found.formats.join(', ')}`);
    for (const link of await linksOn(page)) {
      const target = screenOf(link);
      if (target && !seen.has(target.path) && target.path.includes('$')) queue.push(link);
    }
  }
  return result;
}

async function signedInAt(user: string, width: number): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width, height: width < 600 ? 780 : 800 } });
  const page = await context.newPage();
  await signIn(page, env.server.url, user);
  await page.waitForURL('**/dashboard');
  return page;
}

/** Switches the app's language as a person does: the header's list, or the user menu's on a phone. */
async function chooseLanguage(page: Page, language: 'de' | 'pt'): Promise<void> {
  await page.locator('.app-header .user-chip').waitFor();
  const header = page.locator('#lang-select');
  if (await header.isVisible()) await header.selectOption(language);
  else {
    await page.locator('details.user-menu > summary').click();
    await page.locator('details.user-menu select').selectOption(language);
  }
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
}

const withParams = (paths: string[]) => paths.filter((p) => p.includes('$')).length;

describe('every screen, as its users see it', () => {
  it('the manager at 1280 px: every desk and floor route', async () => {
    const page = await signedInAt('demo.admin', 1280);
    const result = await sweep(page, () => true);
    console.log(
      `[sweep] admin 1280: ${result.opened.length} routes opened (${withParams(result.opened)} with parameters), ${result.refused.length} refused`,
    );
    expect(result.problems).toEqual([]);
    // The admin holds every right of the demo: nothing is refused, and the links reach the detail screens.
    expect(result.refused).toEqual([]);
    expect(withParams(result.opened)).toBeGreaterThanOrEqual(15);
    await page.context().close();
  }, 480_000);

  it('the receiver on a 360 px phone: the floor routes', async () => {
    const page = await signedInAt('demo.receiver', 360);
    const result = await sweep(page, (s) => s.warehouseOnly === true || s.path === '/dashboard');
    console.log(`[sweep] receiver 360: ${result.opened.length} routes opened; refused: ${result.refused.join(', ')}`);
    expect(result.problems).toEqual([]);
    expect(result.opened.length).toBeGreaterThanOrEqual(5);
    await page.context().close();
  }, 480_000);

  it('a client at 1280 px: the screens of its own company', async () => {
    const page = await signedInAt('demo.client', 1280);
    const result = await sweep(page, (s) => !s.warehouseOnly);
    console.log(`[sweep] client 1280: ${result.opened.length} routes opened; refused: ${result.refused.join(', ')}`);
    expect(result.problems).toEqual([]);
    expect(result.opened.length).toBeGreaterThanOrEqual(10);
    await page.context().close();
  }, 480_000);

  it('a client on a 360 px phone: its screens and the header with its notifications fit', async () => {
    const page = await signedInAt('demo.client', 360);
    const result = await sweep(page, (s) => !s.warehouseOnly);
    console.log(`[sweep] client 360: ${result.opened.length} routes opened`);
    expect(result.problems).toEqual([]);
    expect(result.opened.length).toBeGreaterThanOrEqual(10);
    await page.context().close();
  }, 480_000);

  for (const language of ['de', 'pt'] as const) {
    it(`in ${language}: the manager's desk, the receiver's phone and a client, without English words or foreign formats`, async () => {
      const words: InspectOptions = { language, phrases: englishPhrases(language) };
      const problems: string[] = [];
      for (const [user, width, include] of [
        ['demo.admin', 1280, (s: ScreenDef) => !s.warehouseOnly],
        ['demo.receiver', 360, (s: ScreenDef) => s.warehouseOnly === true || s.path === '/dashboard'],
        ['demo.client', 1280, (s: ScreenDef) => !s.warehouseOnly],
      ] as const) {
        const page = await signedInAt(user, width);
        await chooseLanguage(page, language);
        const result = await sweep(page, include, words);
        console.log(`[sweep] ${user} ${width} ${language}: ${result.opened.length} routes opened`);
        problems.push(...result.problems.map((p) => `${user} ${language}: ${p}`));
        await page.context().close();
      }
      expect(problems).toEqual([]);
    }, 900_000);
  }
});
