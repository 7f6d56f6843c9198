/**
 * Month end, through the screens alone (issue 38): the manager sets the problem fees and the tax,
 * raises a problem on the floor's behalf, sees the charge priced within seconds on Charges,
 * opens Invoice preview (on the open period, nothing typed), generates the invoice; the client is
 * told, opens it and pays it by card on the processor's page, and both see it paid.
 * After the server starts no step calls the API: sign-in, clicks and typing only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 240_000 });

async function openMenu(page: Page, key: string) {
  const section = page.locator('details.menu-section', { has: page.locator(`a[data-menu-key=${key}]`) });
  await section.locator('summary').click();
  await section.locator(`a[data-menu-key=${key}]`).click();
}

describe('the month end of a prep centre', () => {
  it('fees → a problem charged → invoice preview → invoice → the client pays it by card', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);

    // The warehouse's fees: a problem costs 2.00 plus 0.50 a unit, with 10 % tax on invoices.
    await openMenu(page, 'FeeSettings');
    await page.waitForURL('**/apps/settings/fee');
    const form = page.getByTestId('fee-form-tenant');
    await form.waitFor();
    await page.locator('[data-fee=PROBLEM_CHARGE] input').fill('2.00');
    await page.locator('[data-fee=PROBLEM_CHARGE_PER_ITEM] input').fill('0.50');
    await page.locator('[data-fee=INVOICE_TAX_PERCENT] input').fill('10');
    await form.getByRole('button', { name: 'Save fees' }).click();
    await page.getByText('Fee settings saved').first().waitFor();

    // Two units of an Acme inbound went missing: the manager raises the problem.
    await openMenu(page, 'ProblemItems');
    await page.waitForURL('**/apps/problem/management');
    await page.getByRole('button', { name: 'Raise a problem' }).first().click();
    const raise = page.getByRole('form', { name: 'Raise a problem' });
    const acme = await raise
      .locator('select[name=companyId] option', { hasText: 'Acme Sellers' })
      .getAttribute('value');
    await raise.locator('select[name=companyId]').selectOption(acme!);
    await raise.locator('select[name=type]').selectOption('missing_item');
    await raise.locator('input[name=quantity]').fill('2');
    await raise.getByRole('button', { name: 'Raise a problem' }).click();
    await expect.poll(() => raise.count()).toBe(0);

    // Priced within seconds of the work, with nobody pressing "price now": 2.00 + 2 × 0.50.
    await openMenu(page, 'Charges');
    await page.waitForURL('**/apps/finance/customer/charges**');
    await expect
      .poll(() => page.getByTestId('charges-total').textContent(), { timeout: 30_000, interval: 1_000 })
      .toContain('$3.00');
    expect(await page.getByTestId('charges-waiting').count()).toBe(0);

    // Invoice preview opens on the open period: nothing to type.
    await openMenu(page, 'InvoicePreviews');
    await page.waitForURL('**/apps/management/finance-tools');
    await page.getByRole('button', { name: 'Show preview' }).click();
    const row = page.locator('[data-testid=preview-clients] tr[data-company="Acme Sellers"]');
    await expect.poll(() => row.locator('[data-testid=client-total]').textContent()).toBe('$3.30');
    await page.getByRole('button', { name: 'Generate for all' }).click();
    const result = page.getByTestId('generate-result');
    await result.getByRole('link', { name: 'INV-000001' }).waitFor();

    // The client is told, opens the invoice and pays it on the processor's page.
    const client = await signedIn(env, 'demo.client');
    client.setDefaultTimeout(60_000);
    await client.getByTestId('notification-count').filter({ hasText: '1' }).waitFor();
    await client.getByTestId('notification-bell').click();
    const notice = client.locator('li.notification.unread', { hasText: 'Invoice INV-000001 issued' });
    await notice.getByRole('link', { name: 'Open' }).click();
    await client.waitForURL('**/apps/invoice/detail/*');
    await client.getByRole('heading', { name: /Invoice INV-000001/ }).waitFor();
    await client.getByRole('button', { name: 'Pay $3.30 by card' }).click();
    await client.waitForURL('**/sandbox/payments/checkout/cs_test_*');
    await client.getByRole('heading', { name: 'Pay $3.30' }).waitFor();
    await client.fill('input[name=number]', '4242 4242 4242 4242');
    await client.fill('input[name=exp]', '12 / 40');
    await client.fill('input[name=cvc]', '123');
    await client.fill('input[name=name]', 'Alex Acme');
    await client.getByRole('button', { name: 'Pay' }).click();
    await client.waitForURL('**/apps/invoice/detail/*transactionId=*');
    await client.getByText('Thank you: your payment of $3.30 was received.').waitFor();
    await expect
      .poll(() => client.getByRole('heading', { name: /Invoice INV-000001/ }).textContent())
      .toContain('Paid');
    expect(await client.getByTestId('invoice-pay').count()).toBe(0);

    // The warehouse sees it paid in its list.
    await openMenu(page, 'Invoices');
    await page.waitForURL('**/apps/finance/invoices**');
    const line = page.locator('tr', { has: page.getByRole('link', { name: 'INV-000001' }) });
    await expect.poll(() => line.textContent()).toContain('Paid');
    await page.context().close();
    await client.context().close();
  });
});
