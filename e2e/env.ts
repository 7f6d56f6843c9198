/**
 * The usual e2e file set-up: a server on a fresh embedded database and a Chromium, started before
 * the file's tests and stopped after; `signedIn` opens a new browser context signed in as a user.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newContext, signIn, startServer, type RunningServer } from './harness.js';

export interface E2eEnv {
  server: RunningServer;
  browser: Browser;
}

export function e2eEnv(opts: { demoData?: boolean } = {}): E2eEnv {
  const env = {} as E2eEnv;
  beforeAll(async () => {
    env.server = await startServer(opts);
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

export async function signedIn(env: E2eEnv, username: string): Promise<Page> {
  const page = await (await newContext(env.browser)).newPage();
  await signIn(page, env.server.url, username);
  await page.waitForURL('**/dashboard');
  return page;
}
