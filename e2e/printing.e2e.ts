/**
 * Labels in Chromium: the print-label tool and the printer settings, against the real server; and
 * the packer's bench printing each unit's label in the same pass with no tap — to a network
 * printer the server reaches (a fake raw-port printer in this process), to a USB Zebra (a fake
 * WebUSB device), or through one print dialog per box.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { planAtBench } from './fba-bench-plan.js';
import { signIn, wedgeScan } from './harness.js';

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

// ---- Labels in the same pass at the packer's bench, with no tap per unit (issue 38 defect 8) ----

/** A label printer's raw port (9100) in this test process: each connection is one job, recorded. */
async function fakeNetworkPrinter() {
  const jobs: string[] = [];
  const server = createServer((socket) => {
    const parts: Buffer[] = [];
    socket.on('data', (d) => parts.push(d));
    socket.on('end', () => {
      jobs.push(Buffer.concat(parts).toString('utf8'));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { jobs, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/**
 * A Zebra on the device's USB, as Chrome's WebUSB shows it: `navigator.usb` replaced before the
 * app loads; every bulk OUT transfer is kept in `window.__usbJobs` (decoded), the chooser answers
 * with the Zebra, which stays paired for the site (as Chrome keeps it) on later page loads.
 */
const FAKE_USB = () => {
  const jobs: string[] = [];
  const paired: unknown[] = [];
  const iface = {
    interfaceNumber: 0,
    claimed: false,
    alternate: { interfaceClass: 7, endpoints: [{ endpointNumber: 1, direction: 'out', type: 'bulk' }] },
  };
  const configuration = { configurationValue: 1, interfaces: [iface] };
  const zebra = {
    vendorId: 0x0a5f,
    productId: 0x0185,
    manufacturerName: 'Zebra Technologies',
    productName: 'ZTC ZD421-203dpi ZPL',
    opened: false,
    configuration: null as unknown,
    configurations: [configuration],
    async open() {
      zebra.opened = true;
    },
    async selectConfiguration() {
      zebra.configuration = configuration;
    },
    async claimInterface() {
      iface.claimed = true;
    },
    async transferOut(_endpoint: number, data: Uint8Array) {
      jobs.push(new TextDecoder().decode(data));
      return { status: 'ok', bytesWritten: data.byteLength };
    },
  };
  (window as unknown as { __usbJobs: string[] }).__usbJobs = jobs;
  // Chrome remembers a paired device for the site across page loads: so does the fake.
  if (localStorage.getItem('fake-usb-paired')) paired.push(zebra);
  Object.defineProperty(navigator, 'usb', {
    configurable: true,
    value: {
      getDevices: async () => paired,
      requestDevice: async () => {
        if (!paired.includes(zebra)) paired.push(zebra);
        localStorage.setItem('fake-usb-paired', '1');
        return zebra;
      },
    },
  });
};

const blobFrames = (page: Page) => page.locator('iframe[src^="blob:"]');
/** The PDF a print frame holds, read back from its blob. */
async function framePdf(page: Page, index: number) {
  const src = (await blobFrames(page).nth(index).getAttribute('src'))!;
  const bytes = await page.evaluate(
    async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())),
    src,
  );
  return PDFDocument.load(new Uint8Array(bytes));
}

async function openBench(page: Page, planId: number) {
  await page.goto(`${env.server.url}/apps/outbound/bench`);
  await page.locator(`[data-testid=bench-plans] a[data-plan="${planId}"]`).click();
  await page.locator('[data-testid=bench]').waitFor();
  await expect.poll(() => page.locator('[data-testid=bench-lines] tbody tr').count()).toBeGreaterThan(0);
}

/** Printer settings › item labels: the way they print, saved by its button. */
async function chooseItemTransport(page: Page, transport: string, more?: (page: Page) => Promise<void>) {
  await page.goto(`${env.server.url}/apps/settings/printer`);
  await page.waitForSelector('select[name="item.transport"]');
  await page.selectOption('select[name="item.transport"]', transport);
  // One copy of each label (the settings test above saved two for this user).
  await page.fill('input[name="item.copies"]', '1');
  await more?.(page);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.waitForSelector('text=Printer settings saved.');
}

describe('labels in the same pass at the packer’s bench', () => {
  it('print with no tap to a network printer (through the server) and a USB Zebra (WebUSB); through the print dialog once per box', async () => {
    const url = env.server.url;
    const plan = await planAtBench(url, [6, 2, 2], 'Acme labels in the pass');
    const labelled = plan.items.filter((i) => i.labelOwner === 'SELLER');
    expect(labelled.length).toBeGreaterThan(0);
    const unit = [...labelled].sort((a, b) => b.quantity - a.quantity)[0];
    expect(unit.quantity).toBeGreaterThanOrEqual(6);
    const printer = await fakeNetworkPrinter();
    try {
      // ---- An administrator gives the bench's Zebra its address on the warehouse's network. ----
      const admin = await signedInAs('demo.admin');
      await admin.goto(`${url}/apps/printermanagement/printersystemdata`);
      await admin.getByRole('button', { name: 'Add', exact: true }).click();
      await admin.fill('form input[name=station]', 'Pack bench 1');
      await admin.fill('form input[name=printerName]', 'ZD421-NET-1');
      await admin.fill('form input[name=host]', 'http://127.0.0.1');
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.waitForSelector('text=without http:// or a port');
      await admin.fill('form input[name=host]', '127.0.0.1');
      await admin.fill('form input[name=port]', String(printer.port));
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.waitForSelector('td:text("ZD421-NET-1")');
      await admin.context().close();

      // ---- Network: the packer chooses it for item labels; each scan's label prints by itself. ----
      const page = await signedInAs('demo.receiver');
      await chooseItemTransport(page, 'network', async (p) => {
        await p.selectOption('select[name="item.networkPrinterId"]', {
          label: `Pack bench 1 · ZD421-NET-1 (127.0.0.1:${printer.port})`,
        });
      });
      await openBench(page, plan.planId);
      for (const n of [1, 2]) {
        await wedgeScan(page, unit.fnsku);
        await expect.poll(() => page.locator('[data-testid=bench-label]').getAttribute('data-state')).toBe('printed');
        await expect.poll(() => printer.jobs.length).toBe(n);
      }
      expect(printer.jobs.every((zpl) => zpl.startsWith('^XA') && zpl.includes(unit.fnsku))).toBe(true);
      expect(await blobFrames(page).count()).toBe(0);
      expect(await page.locator('[data-testid=bench-labels-waiting]').count()).toBe(0);
      await page.context().close();

      // ---- USB: a handheld with a Zebra on its USB, paired once from the settings. ----
      const handheld = await (await env.browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
      await handheld.addInitScript(FAKE_USB);
      await signIn(handheld, url, 'demo.receiver');
      await handheld.waitForURL('**/dashboard');
      await chooseItemTransport(handheld, 'usb', async (p) => {
        await p.getByTestId('usb-pair').click();
        await p.waitForSelector(
          '[data-testid=usb-status]:has-text("USB printer: Zebra Technologies ZTC ZD421-203dpi ZPL")',
        );
      });
      await openBench(handheld, plan.planId);
      await wedgeScan(handheld, unit.fnsku);
      await expect.poll(() => handheld.locator('[data-testid=bench-label]').getAttribute('data-state')).toBe('printed');
      const usbJobs = await handheld.evaluate(() => (window as unknown as { __usbJobs: string[] }).__usbJobs);
      expect(usbJobs.join('')).toContain(unit.fnsku);
      expect(usbJobs.join('').startsWith('^XA')).toBe(true);
      expect(await blobFrames(handheld).count()).toBe(0);
      await handheld.context().close();

      // ---- No printer that prints by itself: the labels wait, and go in one dialog per box. ----
      const desk = await signedInAs('demo.receiver');
      await chooseItemTransport(desk, 'browser', async (p) => {
        await p.check('input[name=dialogBatch][value=box]');
      });
      await openBench(desk, plan.planId);
      for (const n of [1, 2]) {
        await wedgeScan(desk, unit.fnsku);
        await expect
          .poll(() => desk.locator('[data-testid=bench-labels-waiting]').getAttribute('data-count'))
          .toBe(String(n));
        expect(await desk.locator('[data-testid=bench-label]').getAttribute('data-state')).toBe('queued');
      }
      expect(await blobFrames(desk).count()).toBe(0);
      // CLOSE BOX: the box is full — its labels open in one print dialog, a page each.
      await wedgeScan(desk, '$$CLOSEBOX');
      await expect.poll(() => blobFrames(desk).count()).toBe(1);
      expect((await framePdf(desk, 0)).getPageCount()).toBe(2);
      await expect.poll(() => desk.locator('[data-testid=bench-labels-waiting]').count()).toBe(0);
      // The packer's tap prints what waits, in one dialog too.
      await wedgeScan(desk, unit.fnsku);
      await desk.getByTestId('bench-labels-print').click();
      await expect.poll(() => blobFrames(desk).count()).toBe(2);
      expect((await framePdf(desk, 1)).getPageCount()).toBe(1);
      await desk.context().close();
    } finally {
      printer.close();
    }
  });
});
