/**
 * Invoices in Chromium: the warehouse previews this month's invoices from the menu (a problem
 * charged at the fee settings' price, tax on top), opens the client's lines and generates; the
 * client finds its invoice under Invoices and downloads the PDF.
 */
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';
import { englishPhrases, englishWords } from './sweep.js';
import { pdfText } from '../tests/helpers/pdf-text.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('invoices', () => {
  it('the warehouse previews and generates; the client downloads its invoice PDF', async () => {
    const url = env.server.url;
    const admin = await apiSignIn(url, 'demo.admin');
    const client = await apiSignIn(url, 'demo.client');
    const fees = await apiRequest(url, 'PUT', '/api/settings/fees', admin.token, {
      values: { PROBLEM_CHARGE: '2.00', PROBLEM_CHARGE_PER_ITEM: '0.50', INVOICE_TAX_PERCENT: '10' },
    });
    expect(fees.status).toBe(200);
    // A missing item of 2 units for Acme today: 2.00 + 2 × 0.50 = 3.00, tax 10 % → 3.30.
    const problem = await apiRequest(url, 'POST', '/api/problem-management/problem', admin.token, {
      companyId: client.companyId,
      type: 'missing_item',
      quantity: 2,
    });
    expect(problem.status).toBeLessThan(300);
    const month = new Date().toISOString().slice(0, 7);

    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const account = page.locator('details.menu-section', {
      has: page.locator('a[data-menu-key=InvoicePreviews]'),
    });
    await account.locator('summary').click();
    await account.locator('a[data-menu-key=InvoicePreviews]').click();
    await page.waitForURL('**/apps/management/finance-tools');
    await page.getByRole('heading', { name: 'Invoice preview' }).waitFor();
    await page.fill('input[name=month]', month);
    await page.getByRole('button', { name: 'Show preview' }).click();
    const row = page.locator('[data-testid=preview-clients] tr[data-company="Acme Sellers"]');
    await expect.poll(() => row.locator('[data-testid=client-total]').textContent()).toBe('$3.30');
    await row.getByRole('button', { name: 'Lines' }).click();
    await page.locator('[data-testid=invoice-lines] tr[data-code=PROBLEM_UNITS]').waitFor();
    expect(await page.locator('[data-testid=invoice-lines] [data-testid=invoice-total]').textContent()).toBe('$3.30');

    await page.getByRole('button', { name: 'Generate for all' }).click();
    const result = page.locator('[data-testid=generate-result]');
    await result.getByText('INV-000001').waitFor();
    expect(await result.textContent()).toContain('Acme Sellers');
    // Generated: the preview now says Acme is invoiced for this month.
    await expect.poll(() => row.count()).toBe(0);

    // The invoice, from the result.
    await result.getByRole('link', { name: 'INV-000001' }).click();
    await page.waitForURL('**/apps/invoice/detail/*');
    await page.getByRole('heading', { name: /Invoice INV-000001/ }).waitFor();
    expect(await page.locator('[data-testid=invoice-total]').textContent()).toBe('$3.30');

    // The client: its invoice under Invoices, the PDF downloaded.
    const mine = await signedIn(env, 'demo.client');
    mine.setDefaultTimeout(60_000);
    // The header says an invoice came; the notification opens it and is read.
    await mine.getByTestId('notification-count').filter({ hasText: '1' }).waitFor();
    await mine.getByTestId('notification-bell').click();
    await mine.waitForURL('**/apps/account/notifications');
    const notice = mine.locator('li.notification.unread', { hasText: 'Invoice INV-000001 issued' });
    await notice.waitFor();
    await notice.getByRole('link', { name: 'Open' }).click();
    await mine.waitForURL('**/apps/invoice/detail/*');
    await expect.poll(() => mine.getByTestId('notification-count').count()).toBe(0);
    const section = mine.locator('details.menu-section', { has: mine.locator('a[data-menu-key=Invoices]') });
    await section.locator('summary').click();
    await section.locator('a[data-menu-key=Invoices]').click();
    await mine.waitForURL('**/apps/finance/invoices');
    expect(await mine.locator('a[data-menu-key=InvoicePreviews]').count()).toBe(0);
    await mine.getByRole('link', { name: 'INV-000001' }).waitFor();
    const [download] = await Promise.all([
      mine.waitForEvent('download'),
      mine.getByRole('button', { name: 'Download the PDF of INV-000001' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('INV-000001.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toContain('INV-000001');
    // Acme's people never chose a language: the warehouse's English, with its money format.
    expect(pdf.getSubject()).toContain('$3.30');
  });

  it('a German-speaking client reads its invoice and its PDF in German: no English line, German money and days', async () => {
    const english = englishPhrases('de');
    const mine = await signedIn(env, 'demo.client');
    mine.setDefaultTimeout(60_000);
    // The client chooses German in the header: saved on the user, so the documents follow it too.
    await mine.locator('#lang-select').selectOption('de');
    await mine.waitForFunction(() => document.documentElement.lang === 'de');
    const section = mine.locator('details.menu-section', { has: mine.locator('a[data-menu-key=Invoices]') });
    await section.locator('summary').click();
    await section.locator('a[data-menu-key=Invoices]').click();
    await mine.waitForURL('**/apps/finance/invoices');
    await mine.getByRole('link', { name: 'INV-000001' }).click();
    await mine.waitForURL('**/apps/invoice/detail/*');
    await mine.getByRole('heading', { name: /INV-000001/ }).waitFor();
    // 2.00 + 2 × 0.50 with 10 % tax, in German money.
    // (Intl writes a no-break space between the amount and its sign.)
    await expect.poll(() => mine.getByTestId('invoice-total').textContent()).toMatch(/^3,30\s\$$/);
    const screen = await mine.locator('main').innerText();
    expect(english.filter((phrase) => screen.includes(phrase))).toEqual([]);
    expect(screen).not.toMatch(/\$\d+\.\d{2}|\d{2}\/\d{2}\/\d{4}/);

    const [download] = await Promise.all([
      mine.waitForEvent('download'),
      mine.getByRole('button', { name: /PDF/ }).first().click(),
    ]);
    const text = pdfText(await readFile((await download.path())!));
    expect(text).toMatch(/3,30\s\$/);
    // Every line of the document in German: no phrase of the English locale that German says otherwise.
    expect(english.filter((phrase) => text.includes(phrase))).toEqual([]);
    // …nor a single English word of the locale (a label such as "Invoice" or "Subtotal").
    const words = new Set(text.split(/[^\p{L}]+/u));
    expect(englishWords('de').filter((w) => words.has(w))).toEqual([]);
    expect(text).not.toMatch(/\$\d+\.\d{2}|\d{2}\/\d{2}\/\d{4}/);
    // German days on the document: the issue day as DD.MM.YYYY.
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}/);
  });
});
