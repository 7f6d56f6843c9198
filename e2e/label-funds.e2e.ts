/**
 * Shipping Label Funds in Chromium: a client opens Shipping label funds from the menu, tops up by
 * card on the payment sandbox's hosted page (a declined card first, then a good one), comes back
 * to the deposit received and the new balance, and opens the deposit with its audit trail.
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('label funds', () => {
  it('a client tops up label funds by card on the hosted page and sees the deposit and the new balance', async () => {
    const page = await signedIn(env, 'demo.client2');
    page.setDefaultTimeout(60_000);
    const account = page.locator('details.menu-section', {
      has: page.locator('a[data-menu-key=ShippingLabelFunds]'),
    });
    await account.locator('summary').click();
    await account.locator('a[data-menu-key=ShippingLabelFunds]').click();
    await page.waitForURL('**/apps/finance/customer/balances');
    await page.getByRole('heading', { name: 'Shipping label funds' }).waitFor();
    await page.locator('.grid-state.empty').waitFor();
    await expect.poll(() => page.getByTestId('funds-balance').textContent()).toBe('$0.00');

    // Amounts are checked in place before anything is sent.
    const form = page.getByRole('form', { name: 'Add funds' });
    await form.locator('input[name=amount]').fill('12.345');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await form.locator('.form-error', { hasText: 'Enter an amount such as 50 or 50.00.' }).waitFor();
    await form.locator('input[name=amount]').fill('0.50');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await form.locator('.form-error', { hasText: 'The smallest deposit is $1.00.' }).waitFor();

    // The processor's hosted card page.
    await form.locator('input[name=amount]').fill('25');
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL('**/sandbox/payments/checkout/cs_test_*');
    await page.getByRole('heading', { name: 'Pay $25.00' }).waitFor();
    const card = async (number: string) => {
      await page.fill('input[name=number]', number);
      await page.fill('input[name=exp]', '12 / 40');
      await page.fill('input[name=cvc]', '123');
      await page.fill('input[name=name]', 'Blake Fox');
      await page.getByRole('button', { name: 'Pay' }).click();
    };
    await card('4000 0000 0000 0002');
    await page.locator('[role=alert]', { hasText: 'Your card was declined.' }).waitFor();
    await card('4242 4242 4242 4242');

    // Back in Dockside: the deposit received, the balance and the statement.
    await page.waitForURL('**/apps/finance/customer/balances?transactionId=*');
    await page.getByTestId('deposit-outcome').filter({ hasText: 'your deposit of $25.00 was received' }).waitFor();
    await expect.poll(() => page.getByTestId('funds-balance').textContent()).toBe('$25.00');
    const row = page.locator('[data-grid^=label-funds] tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('Deposit');
    expect(await row.textContent()).toContain('Succeeded');
    expect(await row.textContent()).toContain('$25.00');
    expect(await page.locator('[data-grid^=label-funds]').textContent()).not.toContain('Upcharge');

    // The deposit, with its audit trail (no void or refund for a client).
    await row.getByRole('link').click();
    await page.waitForURL('**/apps/finance/transaction/*');
    await expect.poll(() => page.getByTestId('tx-status').textContent()).toBe('Succeeded');
    expect(await page.getByTestId('tx-amount').textContent()).toBe('$25.00');
    const audit = page.getByTestId('tx-audit');
    await audit.locator('td', { hasText: 'Card page opened' }).waitFor();
    await audit.locator('td', { hasText: 'Payment failed' }).waitFor();
    await audit.locator('td', { hasText: 'Payment received' }).waitFor();
    expect(await page.getByTestId('tx-actions').count()).toBe(0);
  });

  it('the warehouse picks the client, refunds part of the deposit with a reason, and the balance follows', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    await page.goto(`${env.server.url}/apps/finance/customer/balances`);
    await page.getByTestId('pick-client').waitFor();
    await page.locator('select[name=companyId]').selectOption({ label: 'C1002 · Blue Fox Goods' });
    await expect.poll(() => page.getByTestId('funds-balance').textContent()).toBe('$25.00');
    const grid = page.locator('[data-grid^=label-funds]');
    await grid.locator('th', { hasText: 'Upcharge' }).waitFor();
    await grid.locator('tbody tr').first().getByRole('link').click();
    await page.waitForURL('**/apps/finance/transaction/*');

    await page.getByRole('button', { name: 'Refund…' }).click();
    const form = page.getByRole('form', { name: 'Refund this payment' });
    expect(await form.locator('input[name=refundAmount]').inputValue()).toBe('25.00');
    await form.locator('input[name=refundAmount]').fill('30');
    await form.locator('textarea[name=reason]').fill('Overpaid');
    await form.getByRole('button', { name: 'Refund it' }).click();
    await form.locator('.form-error', { hasText: 'At most $25.00 can be refunded.' }).waitFor();
    await form.locator('input[name=refundAmount]').fill('5');
    await form.locator('textarea[name=reason]').fill('');
    await form.getByRole('button', { name: 'Refund it' }).click();
    await form.locator('.form-error', { hasText: 'Say why' }).waitFor();
    await form.locator('textarea[name=reason]').fill('Overpaid');
    await form.getByRole('button', { name: 'Refund it' }).click();
    await page.waitForSelector('text=Refund issued');
    await expect.poll(() => page.getByTestId('tx-refunded').textContent()).toBe('$5.00');
    await page.getByTestId('tx-audit').locator('td', { hasText: 'Overpaid' }).waitFor();

    await page.getByRole('link', { name: 'Label funds' }).click();
    await page.waitForURL('**/apps/finance/customer/balances?companyId=*');
    await expect.poll(() => page.getByTestId('funds-balance').textContent()).toBe('$20.00');
    await expect.poll(() => grid.locator('tbody tr').first().textContent()).toContain('Refund');
  });
});
