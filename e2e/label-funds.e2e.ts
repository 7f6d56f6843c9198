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

  it('a label paid from the funds is not invoiced again: the invoice states it, the reconciliation balances', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    // Blue Fox holds $20.00 (the tests above). The warehouse buys a label for it from the tool.
    await page.goto(`${env.server.url}/apps/tools/shipping-label`);
    const form = page.getByRole('form', { name: 'New label' });
    const fill = async (prefix: string, a: Record<string, string>) => {
      for (const [k, v] of Object.entries(a)) await form.locator(`input[name="${prefix}.${k}"]`).fill(v);
    };
    await fill('shipFrom', {
      name: 'Dockside Prep',
      line1: '100 Harbor Way',
      city: 'Newark',
      state: 'NJ',
      postalCode: '07114',
    });
    await fill('shipTo', {
      name: 'Jane Buyer',
      line1: '5 Elm St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
    });
    await form.locator('input[name=weightLb]').fill('1');
    await form.locator('input[name=reference]').fill('FUNDS-1');
    const fox = form.locator('select[name=companyId] option', { hasText: 'Blue Fox Goods' });
    await fox.waitFor({ state: 'attached' });
    await form.locator('select[name=companyId]').selectOption((await fox.getAttribute('value'))!);
    await form.getByRole('button', { name: 'Shop rates' }).click();
    const cheapest = page.getByTestId('rates').locator('tbody tr').first();
    await cheapest.waitFor();
    const download = page.waitForEvent('download');
    await cheapest.getByRole('button', { name: 'Buy' }).click();
    await download;
    const label = page.locator('[data-grid^=shipping-labels] tbody tr', { hasText: 'FUNDS-1' });
    await expect.poll(() => label.textContent()).toContain('Bought');

    // The month's other work for Blue Fox: a charge entered on the Charges screen.
    await page.goto(`${env.server.url}/apps/finance/customer/charges`);
    await page.getByRole('button', { name: 'Add a charge' }).click();
    const manual = page.getByRole('form', { name: 'Add a charge' });
    const foxCharge = manual.locator('select[name=companyId] option', { hasText: 'Blue Fox Goods' });
    await foxCharge.waitFor({ state: 'attached' });
    await manual.locator('select[name=companyId]').selectOption((await foxCharge.getAttribute('value'))!);
    await manual.locator('input[name=description]').fill('Photo service');
    await manual.locator('input[name=unitPrice]').fill('6.00');
    await manual.getByRole('button', { name: 'Add charge' }).click();
    await page.waitForSelector('text=Charge added');
    // The label is on the ledger as paid from the funds.
    await page.getByRole('combobox', { name: 'Invoiced' }).selectOption('funds');
    const fundsRow = page.locator('[data-grid^=customer-charges] tbody tr', { hasText: 'Blue Fox Goods' }).first();
    await expect.poll(() => fundsRow.textContent()).toContain('Shipping label');

    // The invoice preview opens on the open period; Blue Fox owes the photo service only.
    await page.goto(`${env.server.url}/apps/management/finance-tools`);
    const row = page.locator('[data-testid=preview-clients] tr[data-company="Blue Fox Goods"]');
    await expect.poll(() => row.locator('[data-testid=client-total]').textContent()).toBe('$6.00');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Generate for selected/ }).click();
    const result = page.locator('[data-testid=generate-result]');
    await result.getByRole('link', { name: /INV-/ }).first().click();
    await page.waitForURL('**/apps/invoice/detail/*');
    await expect
      .poll(() => page.locator('[data-testid=invoice-lines] [data-testid=invoice-total]').textContent())
      .toBe('$6.00');
    expect(await page.locator('[data-testid=invoice-lines] tr[data-code=SHIPPING_LABEL]').count()).toBe(0);
    const funds = page.getByTestId('funds-statement');
    await funds.waitFor();
    expect(await funds.locator('tr[data-row=labels] th').textContent()).toBe('1 label paid from the funds');

    // Finance › Reconciliation: Blue Fox balances to the cent.
    const account = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=Reconciliation]') });
    await account.locator('summary').click();
    await account.locator('a[data-menu-key=Reconciliation]').click();
    await page.waitForURL('**/apps/finance/reconciliation');
    const fox2 = page.getByRole('combobox', { name: 'Client' }).locator('option', { hasText: 'Blue Fox Goods' });
    await fox2.waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: 'Client' }).selectOption((await fox2.getAttribute('value'))!);
    const line = page.locator('[data-testid=reconciliation-table] tbody tr');
    await expect.poll(() => line.getAttribute('data-balanced')).toBe('true');
    expect(await page.getByTestId('reconciliation-summary').textContent()).toContain('reconciles to the cent');
    expect(await line.locator('td.difference').count()).toBe(0);
  });
});
