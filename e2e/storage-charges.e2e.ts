/**
 * Storage charges in Chromium, on the stocked demo warehouse (storage units received two and three
 * days ago): the warehouse re-runs yesterday from the screen and sees the lines per product with
 * their volume, price and rule, and the runs panel; a client sees only its own company's lines and
 * neither the re-run form nor the missing-dimensions panel.
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';

const env = e2eEnv({ demoData: true });
vi.setConfig({ testTimeout: 240_000 });

describe('storage charges', () => {
  it('the warehouse re-runs yesterday and sees the lines; a client sees its own only', async () => {
    const url = env.server.url;
    const admin = await apiSignIn(url, 'demo.admin');
    const fees = await apiRequest(url, 'PUT', '/api/settings/fees', admin.token, {
      values: { DAILY_STORAGE_FEE_PER_QF: '0.05', FREE_STORAGE_DAY_COUNT: 0 },
    });
    expect(fees.status).toBe(200);
    const yesterdayIso = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // As the English screens write a day (issue 41), not ISO.
    const [y, m, d] = yesterdayIso.split('-');
    const yesterday = `${m}/${d}/${y}`;

    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    await page.goto(`${url}/apps/finance/customer/storage-charges`);
    await page.getByRole('heading', { name: 'Storage charges' }).waitFor();
    await page.locator('.grid-state.empty').waitFor();
    await page.getByTestId('missing-dimensions').getByText('No storage day has been run in this period.').waitFor();

    const rerun = page.getByRole('form', { name: 'Re-run a day' });
    expect(await rerun.locator('input[name=day]').inputValue()).toBe(yesterday);
    await rerun.getByRole('button', { name: 'Re-run day' }).click();
    await page
      .getByText(new RegExp(`${yesterday}: \\d+ new lines, 0 adjustments`))
      .first()
      .waitFor();
    const rows = page.locator('[data-testid=storage-charges] tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const first = await rows.first().textContent();
    expect(first).toContain(yesterday);
    expect(first).toContain('ft³');
    expect(first).toMatch(/Warehouse fee|Client fee|Service plan/);
    await page.getByTestId('storage-total').waitFor();
    await page.getByTestId('missing-dimensions').locator('td', { hasText: yesterday }).waitFor();

    // Again: nothing new.
    await rerun.getByRole('button', { name: 'Re-run day' }).click();
    await page.getByText(`${yesterday}: 0 new lines, 0 adjustments`).first().waitFor();

    // The client: its own lines, no re-run, no missing-dimensions panel.
    const client = await apiSignIn(url, 'demo.client');
    const own = await apiRequest(url, 'GET', `/api/finance/customer/storage-charges?pageSize=200`, client.token);
    expect(own.status).toBe(200);
    const all = await apiRequest(url, 'GET', `/api/finance/customer/storage-charges?pageSize=200`, admin.token);
    const mine = (all.body as { content: { companyId: number }[] }).content.filter(
      (l) => l.companyId === client.companyId,
    ).length;
    expect((own.body as { totalElements: number }).totalElements).toBe(mine);
    const clientPage = await signedIn(env, 'demo.client');
    clientPage.setDefaultTimeout(60_000);
    await clientPage.goto(`${url}/apps/finance/customer/storage-charges`);
    await clientPage.getByRole('heading', { name: 'Storage charges' }).waitFor();
    if (mine > 0) await clientPage.locator('[data-testid=storage-charges] tbody tr').first().waitFor();
    else await clientPage.locator('.grid-state.empty').waitFor();
    expect(await clientPage.getByRole('form', { name: 'Re-run a day' }).count()).toBe(0);
    expect(await clientPage.getByTestId('missing-dimensions').count()).toBe(0);
  });
});
