/** Labels in Chromium: the print-label tool and the printer settings, against the real server. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();

const signedInAs = (username: string) => signedIn(env, username);

describe('print-label tool', () => {
  it('previews the label, refuses a bad FNSKU at its field, and downloads a PDF of the chosen size and quantity', async () => {
    const page = await signedInAs('demo.receiver');
    await page.goto(`${env.server.url}/apps/tools/print-label`);
    await page.waitForSelector('select[name=template]');
    expect(await page.title()).toMatch(/Print labels · Dockside/);

    await page.fill('input[name=fnsku]', 'abc');
    await page.fill('input[name=title]', 'Bamboo cutting board, large');
    await page.selectOption('select[name=condition]', 'New');
    await page.waitForSelector('text=10 upper-case letters or digits');
    expect(await page.locator('[data-testid=label-preview] svg').count()).toBe(0);

    // A wedge scanner fills the code: a burst of keys ending in Enter, dispatched inside the page.
    await page.locator('h1').click();
    await page.evaluate(() => {
      for (const key of 'X00ABC1234') window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await expect.poll(() => page.inputValue('input[name=fnsku]')).toBe('X00ABC1234');
    await page.waitForSelector('[data-testid=label-preview] svg');
    expect(await page.locator('[data-testid=label-preview]').innerHTML()).toContain('Bamboo cutting board');

    await page.selectOption('select[name=size]', '2x1');
    await page.fill('input[name=quantity]', '3');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    expect(pdf.getPageCount()).toBe(3);
    for (const p of pdf.getPages()) expect(p.getSize()).toEqual({ width: 144, height: 72 }); // 2 × 1 in at 72 pt/in
    await page.context().close();
  });

  it('a quantity out of range is refused before anything is rendered', async () => {
    const page = await signedInAs('demo.receiver');
    await page.goto(`${env.server.url}/apps/tools/print-label`);
    await page.selectOption('select[name=template]', 'lpn');
    await page.fill('input[name=lpn]', 'LPN-000123');
    await page.fill('input[name=quantity]', '0');
    await page.waitForSelector('text=Quantity: 1 to 1000');
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.waitForTimeout(500);
    expect(downloaded).toBe(false);
    await page.context().close();
  });
});

describe('printer settings', () => {
  it('survive a reload (encrypted on the device) and reach a second device of the same user', async () => {
    const page = await signedInAs('demo.receiver');
    await page.goto(`${env.server.url}/apps/settings/printer`);
    await page.waitForSelector('input[name="item.printerName"]');
    await page.fill('input[name="item.printerName"]', 'Zebra ZD421 Bench 3');
    await page.selectOption('select[name="item.dpi"]', '300');
    await page.fill('input[name="item.copies"]', '2');
    await page.fill('input[name="package.darkness"]', '31');
    await page.check('input[name=autoPrint]');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForSelector('fieldset[data-kind=package] .form-error');
    await page.fill('input[name="package.darkness"]', '22');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForSelector('text=Printer settings saved.');
    // Spec §9: the persisted state is encrypted in production builds.
    expect(await page.evaluate(() => localStorage.getItem('printerSettings'))).toMatch(/^enc:v1:/);

    await page.evaluate(() => location.reload());
    await page.waitForSelector('input[name="item.printerName"]');
    expect(await page.inputValue('input[name="item.printerName"]')).toBe('Zebra ZD421 Bench 3');
    expect(await page.inputValue('select[name="item.dpi"]')).toBe('300');
    expect(await page.inputValue('input[name="package.darkness"]')).toBe('22');
    expect(await page.isChecked('input[name=autoPrint]')).toBe(true);

    const second = await signedInAs('demo.receiver');
    await second.goto(`${env.server.url}/apps/settings/printer`);
    await second.waitForSelector('input[name="item.printerName"]');
    await expect.poll(() => second.inputValue('input[name="item.printerName"]')).toBe('Zebra ZD421 Bench 3');
    expect(await second.inputValue('input[name="item.copies"]')).toBe('2');
    await second.waitForSelector('text=These settings come from your account');
    // QZ Tray is not running here: the page says labels go to the browser's print dialog.
    await second.getByRole('button', { name: 'Find printers (QZ Tray)' }).click();
    await second.waitForSelector('text=QZ Tray is not running on this computer');
    await page.context().close();
    await second.context().close();
  });
});

describe('scanner settings', () => {
  it('a slow scanner is caught once the gap is widened; thresholds are checked and kept on the device', async () => {
    const page = await signedInAs('demo.receiver');
    await page.goto(`${env.server.url}/apps/settings/printer`);
    await page.waitForSelector('[data-testid=scanner-settings] input[name=maxGapMs]');
    // A slow Bluetooth scanner: 45 ms between keys, dispatched inside the page.
    const slowScan = () =>
      page.evaluate(async () => {
        for (const key of [...'TBA000123', 'Enter']) {
          window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
          await new Promise((r) => setTimeout(r, 45));
        }
      });
    await slowScan();
    await expect.poll(() => page.textContent('[data-testid=scanner-try]')).toContain('Try it');
    // Widened well past the scanner's 45 ms, so a busy machine's late timers still count as one scan.
    await page.fill('input[name=maxGapMs]', '150');
    await slowScan();
    await expect
      .poll(() => page.textContent('[data-testid=scanner-try]'))
      .toContain('Detected: TBA000123 (9 characters)');

    await page.fill('input[name=maxGapMs]', '500');
    await page.uncheck('input[name=scanSound]');
    await page.getByRole('button', { name: 'Save scanner settings' }).click();
    await page.waitForSelector('[data-testid=scanner-settings] .form-error');
    expect(await page.evaluate(() => localStorage.getItem('scannerSettings'))).toBeNull();
    await page.fill('input[name=maxGapMs]', '80');
    await page.getByRole('button', { name: 'Save scanner settings' }).click();
    await page.waitForSelector('text=Scanner settings saved on this device.');

    await page.evaluate(() => location.reload());
    await page.waitForSelector('[data-testid=scanner-settings] input[name=maxGapMs]');
    expect(await page.inputValue('input[name=maxGapMs]')).toBe('80');
    expect(await page.isChecked('input[name=scanSound]')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('scanSound'))).toBe('off');
    await page.context().close();
  });
});

describe('printer administration', () => {
  it('an admin adds a vendor, a label stock (after fixing a bad width) and a station printer; the test page previews a label', async () => {
    const page = await signedInAs('demo.admin');
    await page.goto(`${env.server.url}/apps/settings/printer`);
    await page.getByRole('link', { name: 'Printer vendors' }).click();
    await page.waitForURL('**/apps/printermanagement/vendors');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.fill('form input[name=name]', 'Zebra');
    await page.fill('form input[name=model]', 'ZD421');
    await page.selectOption('form select[name=dpi]', '300');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('td:text("ZD421")');

    await page.goto(`${env.server.url}/apps/printermanagement/printerlabels`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.fill('form input[name=name]', 'FNSKU roll 2.25 × 1.25');
    await page.selectOption('form select[name=sizeId]', '2.25x1.25');
    await page.fill('form input[name=widthIn]', '-2');
    await page.fill('form input[name=heightIn]', '1.25');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('text=widthIn must be positive');
    await page.fill('form input[name=widthIn]', '2.25');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('td:text("FNSKU roll 2.25 × 1.25")');

    await page.goto(`${env.server.url}/apps/printermanagement/printersystemdata`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.fill('form input[name=station]', 'Pack bench 3');
    await page.fill('form input[name=printerName]', 'ZD421-BENCH-3');
    await page.selectOption('form select[name=vendorId]', { label: 'Zebra ZD421' });
    await page.selectOption('form select[name=labelStockId]', { label: 'FNSKU roll 2.25 × 1.25' });
    await page.check('form input[name=active]');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('td:text("ZD421-BENCH-3")');
    expect(await page.locator('tr', { hasText: 'Pack bench 3' }).innerText()).toContain('Zebra ZD421');

    await page.goto(`${env.server.url}/apps/printermanagement/testpage`);
    await page.selectOption('select[name=kind]', 'location');
    await page.waitForSelector('[data-testid=label-preview] svg');
    expect(await page.locator('[data-testid=label-preview]').innerHTML()).toContain('A-01-01-01');
    await page.context().close();
  });

  it('the tenant has a generated QZ Tray certificate to download; an admin replaces it with their own, a key that does not match is refused', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qz-e2e-'));
    const make = (name: string, cn: string) => {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          `/CN=${cn}`,
          '-days',
          '2',
          '-keyout',
          path.join(dir, `${name}.key`),
          '-out',
          path.join(dir, `${name}.pem`),
        ],
        { stdio: 'ignore' },
      );
      return {
        cert: readFileSync(path.join(dir, `${name}.pem`), 'utf8'),
        key: readFileSync(path.join(dir, `${name}.key`), 'utf8'),
      };
    };
    const mine = make('mine', 'Dockside Bench Signing');
    const other = make('other', 'Somebody Else');
    const page = await signedInAs('demo.admin');
    await page.goto(`${env.server.url}/apps/settings/printer`);
    // Generated on first use, named for the tenant, ready to add to QZ Tray.
    await page.waitForSelector('[data-testid=qz-certificate]:has-text("Demo Prep Co - Dockside QZ Tray")');
    const href = (await page.getAttribute('[data-testid=qz-download]', 'href')) ?? '';
    expect(decodeURIComponent(href)).toContain('-----BEGIN CERTIFICATE-----');
    await page.fill('textarea[name=certificate]', mine.cert);
    await page.fill('textarea[name=privateKey]', other.key);
    await page.getByRole('button', { name: 'Upload certificate and key' }).click();
    await page.waitForSelector('text=not a PEM private key matching the certificate');
    await page.fill('textarea[name=privateKey]', mine.key);
    await page.getByRole('button', { name: 'Upload certificate and key' }).click();
    await page.waitForSelector('[data-testid=qz-certificate]:has-text("Dockside Bench Signing")');
    // The key never comes back to the browser.
    expect(await page.inputValue('textarea[name=privateKey]')).toBe('');
    await page.context().close();
  });

  it('floor staff cannot open printer administration', async () => {
    const page = await signedInAs('demo.receiver');
    await page.goto(`${env.server.url}/apps/printermanagement/vendors`);
    await page.waitForURL('**/pages/miscellaneous/not-authorized');
    await page.goto(`${env.server.url}/apps/settings/printer`);
    await page.waitForSelector('input[name="item.printerName"]');
    expect(await page.getByRole('link', { name: 'Printer vendors' }).count()).toBe(0);
    await page.context().close();
  });
});
