/**
 * Language per person (issue 41) and the invoice in the client's language (issue 39, defect 2), in
 * Chromium: the sign-in page offers the language and switching it translates the page; a user who
 * switches to German in the header, signs out and signs in on a fresh browser comes back in
 * German; a German-speaking client opens its invoice and downloads the PDF, which is German from
 * top to bottom (no phrase of the English locale, German number, money and date formats).
 */
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { formatDay, formatMoney } from '../domain/format.js';
import { de } from '../src/locales/de.js';
import { en } from '../src/locales/en.js';
import { englishPhrases, pdfText } from '../tests/helpers/pdf-text.js';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, newContext, signIn } from './harness.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

const lang = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.lang);

describe('the language of a person', () => {
  it('the sign-in page offers the language, and switching it translates the page', async () => {
    const ctx = await newContext(env.browser);
    const page = await ctx.newPage();
    await page.goto(`${env.server.url}/login`);
    await page.getByRole('heading', { name: en.auth.signInTitle }).waitFor();
    const select = page.getByLabel(en.layout.language);
    expect(await select.locator('option').allTextContents()).toEqual(['English', 'Deutsch', 'Français', 'Português']);
    await select.selectOption('de');
    await page.getByRole('heading', { name: de.auth.signInTitle }).waitFor();
    expect(await lang(page)).toBe('de');
    expect(await page.getByRole('button', { name: de.auth.signIn }).count()).toBe(1);
    // The other public pages keep it, and offer it too.
    await page.getByRole('link', { name: de.auth.forgot }).click();
    await page.getByRole('heading', { name: de.auth.forgotTitle }).waitFor();
    await page.getByLabel(de.layout.language).selectOption('pt');
    await page.getByRole('link', { name: (await import('../src/locales/pt.js')).pt.auth.haveAccount }).waitFor();
    await ctx.close();
  });

  it('switched to German in the header, signed out, signed in on a fresh browser: German', async () => {
    const page = await signedIn(env, 'demo.receiver');
    page.setDefaultTimeout(60_000);
    expect(await lang(page)).toBe('en');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/language') && r.status() === 200);
    await page.selectOption('#lang-select', 'de');
    await saved;
    await expect.poll(() => lang(page)).toBe('de');
    await page.getByRole('button', { name: de.auth.signOut }).first().click();
    await page.waitForURL('**/login');
    await page.context().close();

    // Another browser (nothing kept on it), English until the user signs in.
    const ctx = await newContext(env.browser);
    const other = await ctx.newPage();
    await signIn(other, env.server.url, 'demo.receiver');
    await other.waitForURL('**/dashboard');
    await expect.poll(() => lang(other)).toBe('de');
    await other.getByRole('button', { name: de.auth.signOut }).first().waitFor();
    // And back to English from the account settings, for the next sign-in.
    await other.goto(`${env.server.url}/pages/account-setting`);
    const back = other.waitForResponse((r) => r.url().endsWith('/api/account/language') && r.status() === 200);
    await other.locator('select[name=language]').selectOption('en');
    await back;
    await ctx.close();
    const third = await signedIn(env, 'demo.receiver');
    expect(await lang(third)).toBe('en');
    await third.context().close();
  });
});

describe("an invoice in its client's language", () => {
  it('a German-speaking client opens its invoice and downloads a German PDF', async () => {
    const url = env.server.url;
    const admin = await apiSignIn(url, 'demo.admin');
    const client = await apiSignIn(url, 'demo.client');
    // Set-up: fees, and a missing item of 2 units for Acme today (2.00 + 2 × 0.50 = 3.00, tax 10 %).
    const fees = await apiRequest(url, 'PUT', '/api/settings/fees', admin.token, {
      values: { PROBLEM_CHARGE: '2.00', PROBLEM_CHARGE_PER_ITEM: '0.50', INVOICE_TAX_PERCENT: '10' },
    });
    expect(fees.status).toBe(200);
    const problem = await apiRequest(url, 'POST', '/api/problem-management/problem', admin.token, {
      companyId: client.companyId,
      type: 'missing_item',
      quantity: 2,
    });
    expect(problem.status).toBeLessThan(300);

    // The client's person reads German: chosen in the header.
    const mine = await signedIn(env, 'demo.client');
    mine.setDefaultTimeout(60_000);
    const saved = mine.waitForResponse((r) => r.url().endsWith('/api/account/language') && r.status() === 200);
    await mine.selectOption('#lang-select', 'de');
    await saved;

    // The warehouse (in English) generates this month's invoices.
    const desk = await signedIn(env, 'demo.admin');
    desk.setDefaultTimeout(60_000);
    await desk.goto(`${url}/apps/management/finance-tools`);
    await desk.getByRole('heading', { name: 'Invoice preview' }).waitFor();
    await desk.fill('input[name=month]', new Date().toISOString().slice(0, 7));
    await desk.getByRole('button', { name: 'Show preview' }).click();
    await desk.locator('[data-testid=preview-clients] tr[data-company="Acme Sellers"]').waitFor();
    await desk.getByRole('button', { name: 'Generate for all' }).click();
    await desk.locator('[data-testid=generate-result]').getByText('INV-000001').waitFor();
    await desk.context().close();

    // The client opens it from its menu, in German, and downloads the PDF.
    const section = mine.locator('details.menu-section', { has: mine.locator('a[data-menu-key=Invoices]') });
    await section.locator('summary').click();
    await section.locator('a[data-menu-key=Invoices]').click();
    await mine.waitForURL('**/apps/finance/invoices');
    await mine.getByRole('link', { name: 'INV-000001' }).click();
    await mine.waitForURL('**/apps/invoice/detail/*');
    await mine.getByRole('heading', { name: 'Rechnung INV-000001' }).waitFor();
    const [download] = await Promise.all([
      mine.waitForEvent('download'),
      mine.getByRole('button', { name: de.invoices.downloadPdf }).first().click(),
    ]);
    const bytes = await readFile((await download.path())!);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Rechnung INV-000001 — Acme Sellers');
    const text = pdfText(bytes);
    const euro = (cents: number) => formatMoney('de', cents, 'USD');
    const day = formatDay('de', new Date().toISOString().slice(0, 10));
    for (const words of [
      'RECHNUNG',
      'Rechnung an',
      'Rechnungsdatum',
      'Fälligkeitsdatum',
      'Einzelpreis',
      de.invoices.categories.problems,
      de.charges.codes.PROBLEM_UNITS,
      'Steuer (10 %)',
      euro(300),
      euro(330),
      day,
      'Seite 1 von 1',
    ])
      expect(text, words).toContain(words);
    for (const phrase of englishPhrases(en, de, ['invoices', 'invoicePdf', 'charges', 'mail', 'problems']))
      expect(text, `English on the German PDF: "${phrase}"`).not.toContain(phrase);
    // No number in the English format: 3.30, 0.50 (German writes 3,30, 0,50).
    expect(text).not.toMatch(/\d\.\d{2}(?![\d.])/);
    await mine.context().close();
  });
});
