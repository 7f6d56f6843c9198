/** Warehouse locations in Chromium: generate an aisle with a preview, label it to PDF, import CSV. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, swState, wedgeScan } from './harness.js';
import { de } from '../src/locales/de.js';
import { en } from '../src/locales/en.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dockside-wms-'));

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

// These flows render label PDFs in the page and replay offline work: on a loaded 2-core CI
// machine a step can take longer than Playwright's 30 s default, so they wait longer.
const signedInAs = async (username: string) => {
  const page = await signedIn(env, username);
  page.setDefaultTimeout(60_000);
  return page;
};

describe('warehouse locations', () => {
  it('an admin previews and generates an aisle, prints its labels to PDF, and imports a CSV (a bad row first)', async () => {
    const page = await signedInAs('demo.admin');
    await page.goto(`${env.server.url}/apps/wms/locations`);
    await page.getByRole('button', { name: 'Generate locations' }).click();
    const gen = page.locator('[data-testid=location-generator]');
    // Aisle Q × racks 1–3 (two digits) × bins 1–2, capacity 30: 1 + 3 + 6 = 10 locations.
    await gen.locator('[data-level="3"]').getByRole('button', { name: 'Remove' }).click();
    await gen.locator('[data-level="1"]').getByRole('button', { name: 'Remove' }).click();
    await page.fill('input[name="level0.from"]', 'Q');
    await page.fill('input[name="level0.to"]', 'Q');
    await page.selectOption('select[name="level1.type"]', 'rack');
    await page.fill('input[name="level1.from"]', '1');
    await page.fill('input[name="level1.to"]', '3');
    await page.fill('input[name="level1.pad"]', '2');
    await gen.getByRole('button', { name: 'Add level' }).click();
    // A reversed range is refused before anything is sent.
    await page.fill('input[name="level2.from"]', '2');
    await page.fill('input[name="level2.to"]', '1');
    await gen.getByRole('button', { name: 'Preview' }).click();
    await gen.locator('.form-error', { hasText: '“from” comes after “to”' }).waitFor();
    await page.fill('input[name="level2.from"]', '1');
    await page.fill('input[name="level2.to"]', '2');
    await page.fill('input[name=generatorCapacity]', '30');
    await gen.getByRole('button', { name: 'Preview' }).click();
    await page.waitForSelector('[data-testid=generator-preview]');
    expect(await page.textContent('[data-testid=generator-preview]')).toContain('10 locations:');
    expect(await page.textContent('[data-testid=generator-preview]')).toContain('Q-03-2');
    await gen.getByRole('button', { name: 'Create 10 locations' }).click();
    await page.waitForSelector('text=10 locations created');
    await page.fill('input[type=search]', 'Q-');
    await expect.poll(() => page.textContent('.page-info')).toContain('total 9 entries');

    // Labels of what the list shows, as one PDF: a page per location.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Labels (PDF)' }).click();
    const file = path.join(dir, 'labels.pdf');
    await (await download).saveAs(file);
    const pdf = await PDFDocument.load(readFileSync(file));
    expect(pdf.getPageCount()).toBe(9);
    // The location label is 4×3 in by default.
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 216 });

    const bad = path.join(dir, 'bad.csv');
    writeFileSync(
      bad,
      'code,type,parent_code,description,capacity,active\nQ-9,rack,Q,,,true\nQ-9-1,drawer,Q-9,,,true\n',
    );
    await page.setInputFiles('input[name=locationsCsv]', bad);
    await page.waitForSelector('[data-testid=import-report]');
    expect(await page.textContent('[data-testid=import-report]')).toContain('Row 2');
    const good = path.join(dir, 'good.csv');
    writeFileSync(
      good,
      'code,type,parent_code,description,capacity,active\nQ-9,rack,Q,,,true\nQ-9-1,bin,Q-9,Returns bin,12,true\n',
    );
    await page.setInputFiles('input[name=locationsCsv]', good);
    await page.waitForSelector('text=2 locations created, 0 updated');
    await page.fill('input[type=search]', 'Q-9-1');
    await page.waitForSelector('text=Returns bin');
    await page.context().close();
  });
});

describe('license plates', () => {
  it('an admin creates LPNs at a location, downloads their labels, nests one (a cycle is refused) and moves the outer one', async () => {
    const page = await signedInAs('demo.admin');
    await page.goto(`${env.server.url}/apps/wms/locations`);
    await page.getByRole('link', { name: 'License plates (LPNs)' }).click();
    await page.waitForURL('**/apps/wms/location/lpn');
    await page.fill('form[aria-label="Create LPNs"] input[name=count]', '3');
    await page.fill('form[aria-label="Create LPNs"] input[name=locationCode]', 'Q-01');
    await page.getByRole('button', { name: 'Create LPNs' }).click();
    await page.waitForSelector('text=3 LPNs created: LPN00000001 to LPN00000003');
    const download = page.waitForEvent('download');
    await page.locator('[data-testid=lpns-created]').getByRole('button', { name: 'Labels (PDF)' }).click();
    const file = path.join(dir, 'lpns.pdf');
    await (await download).saveAs(file);
    expect((await PDFDocument.load(readFileSync(file))).getPageCount()).toBe(3);

    await page.locator('tr', { hasText: 'LPN00000002' }).getByRole('button', { name: 'Put into…' }).click();
    await page.fill('input[name=target]', 'lpn00000001');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForSelector('text=LPN saved');
    await page.locator('tr', { hasText: 'LPN00000001' }).first().getByRole('button', { name: 'Put into…' }).click();
    await page.fill('input[name=target]', 'LPN00000002');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForSelector('text=LPN00000002 is inside LPN00000001; LPN00000001 cannot go into it');
    await page.locator('tr', { hasText: 'LPN00000001' }).first().getByRole('button', { name: 'Move…' }).click();
    await page.fill('input[name=target]', 'Q-02');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'LPN00000001' }).first().textContent()).toContain('Q-02');
    expect(await page.locator('tr', { hasText: 'LPN00000002' }).textContent()).toContain('with the LPN it is in');
    await page.context().close();
  });
});

describe('moves', () => {
  it('units received into a bin go into an LPN; the LPN moves offline to another bin; after reconnecting the snapshot and the ledger show every step', async () => {
    // Stock on hand at Q-01-1: announced, counted and sorted through the API.
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const client = await apiSignIn(env.server.url, 'demo.client');
    const receiverApi = await apiSignIn(env.server.url, 'demo.receiver');
    const batch = await apiRequest<{ id: number; items: { id: number }[] }>(
      env.server.url,
      'POST',
      '/api/ship/batch',
      admin.token,
      {
        batchName: 'E2E-MOVES',
        companyId: client.companyId,
        items: [{ title: 'Blue mug', fnsku: 'X00E2EMUG1', expectedQty: 6, itemAction: 'storage' }],
      },
    );
    expect(batch.status).toBe(201);
    const scanId = crypto.randomUUID();
    await apiRequest(env.server.url, 'POST', '/api/sync/push', receiverApi.token, {
      deviceId: 'e2e-setup',
      mutations: [
        {
          id: scanId,
          name: 'item.scan',
          args: {
            id: scanId,
            batchId: batch.body.id,
            code: 'X00E2EMUG1',
            count: 6,
            scannedAt: new Date().toISOString(),
          },
        },
      ],
    });
    const sorted = await apiRequest(env.server.url, 'POST', '/api/inbound/sort-item', receiverApi.token, {
      id: crypto.randomUUID(),
      batchItemId: batch.body.items[0].id,
      quantity: 6,
      location: 'Q-01-1',
      sortedAt: new Date().toISOString(),
    });
    expect(sorted.status).toBe(201);

    const page = await signedInAs('demo.receiver');
    await page.goto(`${env.server.url}/apps/wms/actions`);
    await page.waitForSelector('[data-testid=sync-online]:not([data-last-sync=""])');
    await page.fill('input[name=name]', 'Aisle Q restock');
    await page.getByRole('button', { name: 'Open batch' }).click();
    await page.waitForURL('**/apps/wms/actions/move-batch/*');
    const batchUrl = page.url();
    await page.getByRole('heading', { name: /Aisle Q restock/ }).waitFor();

    // A code the device's replica of locations and LPNs does not know is refused at once.
    await wedgeScan(page, 'Q-77-7');
    await expect
      .poll(() => page.textContent('[data-testid=move-panel]'))
      .toContain('Q-77-7 is not a location or LPN of this warehouse');
    // 4 of the 6 mugs into LPN00000003 (which stands at Q-01). Asking for 7 would be refused by the server.
    await wedgeScan(page, 'Q-01-1');
    await expect.poll(() => page.textContent('[data-testid=move-from]')).toContain('From Q-01-1');
    await wedgeScan(page, 'X00E2EMUG1');
    await expect.poll(() => page.textContent('[data-testid=move-what]')).toContain('Product X00E2EMUG1');
    await page.fill('input[name=quantity]', '4');
    await wedgeScan(page, 'LPN00000003');
    await expect
      .poll(() => page.textContent('[data-testid=move-panel]'))
      .toContain('4 × X00E2EMUG1 moved from Q-01-1 to LPN00000003');
    // The next move starts again from its source.
    await expect.poll(() => page.textContent('[data-testid=move-from]')).toContain('Scan the source');
    // Applied by the server and pulled back (no longer provisional) before the network goes.
    await page.locator('[data-testid=moves-table] tr[data-provisional=false]').waitFor({ timeout: 30_000 });
    expect(await pending(page)).toBe(0);

    // Offline: the whole LPN goes to Q-03-2, across a reload — once the service worker holds the
    // app and controls the page (a reload offline is served from its cache).
    await expect.poll(() => swState(page), { timeout: 45_000, interval: 250 }).toBe('activated');
    await page.evaluate(() => location.reload());
    await page.waitForSelector('[data-testid=moves-table] tr[data-provisional=false]');
    await page.context().setOffline(true);
    await page.waitForSelector('[data-testid=sync-online][data-online=false]');
    // The reload started a fresh scan: first the source.
    await expect.poll(() => page.textContent('[data-testid=move-from]')).toContain('Scan the source');
    await wedgeScan(page, 'LPN00000003');
    await page.getByRole('button', { name: 'Move the whole LPN' }).click();
    await wedgeScan(page, 'Q-03-2');
    await expect.poll(() => page.textContent('[data-testid=move-panel]')).toContain('LPN00000003 moved to Q-03-2');
    await expect.poll(() => pending(page)).toBe(1);
    expect(await page.locator('[data-testid=moves-table] tr[data-provisional=true]').count()).toBe(1);
    await page.evaluate(() => location.reload());
    await page.waitForSelector('[data-testid=moves-table]');
    expect(await pending(page)).toBe(1);

    await page.context().setOffline(false);
    await expect.poll(() => pending(page), { timeout: 60_000, interval: 250 }).toBe(0);
    await expect
      .poll(() => page.locator('[data-testid=moves-table] tr[data-provisional=true]').count(), { timeout: 30_000 })
      .toBe(0);
    expect(await page.locator('[data-testid=moves-table] tbody tr').count()).toBe(2);

    // The snapshot: 4 in the LPN at Q-03-2, 2 left loose at Q-01-1; the ledger has each step.
    const atNewBin = await apiRequest<{
      content: { productKey: string; location: string; lpn: string; quantity: number }[];
    }>(env.server.url, 'GET', '/api/inventory?location=Q-0&pageSize=50', admin.token);
    expect(atNewBin.body.content.map((l) => [l.location, l.lpn, l.quantity])).toEqual([
      ['Q-01-1', null, 2],
      ['Q-03-2', 'LPN00000003', 4],
    ]);
    await page.goto(`${env.server.url}/apps/inventory/inventory-snapshot`);
    await page.fill('input[name=location]', 'Q-03');
    const row = page.locator('tr', { hasText: 'LPN00000003' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Q-03-2');
    // Open the ledger; a double-click that lands while the grid re-renders (a busy machine) is tried again.
    const ledger = page.locator('[data-testid=ledger-panel]');
    await expect
      .poll(
        async () => {
          if (!(await ledger.isVisible())) await row.dblclick();
          return ledger.locator('tbody tr').count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(5);
    const steps = await ledger
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1, 5).map((td) => td.textContent)));
    expect(steps).toEqual([
      ['+4', 'Q-03-2', 'LPN00000003', 'Moved'],
      ['-4', 'Q-01', 'LPN00000003', 'Moved'],
      ['+4', 'Q-01', 'LPN00000003', 'Moved'],
      ['-4', 'Q-01-1', '–', 'Moved'],
      ['+6', 'Q-01-1', '–', 'Sorted'],
      ['-6', 'RECEIVING', '–', 'Sorted'],
      ['+6', 'RECEIVING', '–', 'Received'],
    ]);

    // A move of more than is on hand (2 left loose at Q-01-1): painted green at once, then the
    // server refuses it — the verdict turns into the refusal, and the needs-attention list names
    // the item, the quantity and the places.
    await page.goto(batchUrl);
    await page.waitForSelector('[data-testid=sync-online]:not([data-last-sync=""])');
    await wedgeScan(page, 'Q-01-1');
    await wedgeScan(page, 'X00E2EMUG1');
    await page.fill('input[name=quantity]', '7');
    await wedgeScan(page, 'Q-03-2');
    await expect
      .poll(() => page.locator('[data-testid=move-panel]').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('error');
    expect(await page.textContent('[data-testid=move-panel]')).toContain('Refused by the server, nothing moved');
    await page.locator('[data-testid=sync-attention]').click();
    await expect
      .poll(() => page.textContent('[data-testid=attention-summary]'))
      .toContain('7 × Blue mug (X00E2EMUG1) · Q-01-1 → Q-03-2');
    await page.context().close();
  });
});

describe('manage inventory and dispositions', () => {
  it('storage lists what waits in the bins per product; a disposal shows in the Dispositions report, not to another client', async () => {
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const client = await apiSignIn(env.server.url, 'demo.client');
    const adjusted = await apiRequest(env.server.url, 'POST', '/api/inventory/adjust', admin.token, {
      companyId: client.companyId,
      productCode: 'X00E2EMUG1',
      location: 'Q-01-1',
      quantity: -1,
      reason: 'disposed',
      note: 'cracked',
    });
    expect(adjusted.status).toBe(200);

    const page = await signedInAs('demo.client');
    await page.goto(`${env.server.url}/apps/inventory/storage`);
    const mug = page.locator('tr', { hasText: 'X00E2EMUG1' });
    await mug.waitFor();
    // 4 in the LPN at Q-03-2 and 1 left at Q-01-1, in 2 places.
    expect(await mug.locator('td').evaluateAll((tds) => tds.map((td) => td.textContent))).toEqual([
      'X00E2EMUG1',
      'Blue mug',
      expect.stringContaining('Acme Sellers'),
      '2',
      'Sellable',
      '5',
    ]);
    await page.getByRole('link', { name: 'FBA prep' }).click();
    await page.waitForSelector('text=Nothing here yet.');

    await page.goto(`${env.server.url}/apps/reports/dispositions`);
    const row = page.locator('tr', { hasText: 'X00E2EMUG1' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Disposed (adjustment)');
    const other = await signedInAs('demo.client2');
    await other.goto(`${env.server.url}/apps/reports/dispositions`);
    await other.waitForSelector('text=Nothing here yet.');
    await page.context().close();
    await other.context().close();
  });
});

describe('location barcode designer', () => {
  it('an admin saves a default design with a preview; location labels then print at its size', async () => {
    const page = await signedInAs('demo.admin');
    await page.goto(`${env.server.url}/apps/wms/locations`);
    await page.getByRole('link', { name: 'Location barcode designer' }).click();
    await page.waitForURL('**/apps/wms/actions/location-barcode-designer');
    await page.waitForSelector('text=No designs yet');
    await page.getByRole('button', { name: 'Save design' }).click();
    await page.waitForSelector('text=name: give the design a name');
    await page.fill('input[name=name]', 'Shelf strips');
    await page.selectOption('select[name=size]', '2x1');
    await page.selectOption('select[name=arrow]', 'up');
    await page.fill('input[name=sample]', 'Q-02-1');
    await page.check('input[name=isDefault]');
    // The preview renders the sample code under the design being edited.
    await expect
      .poll(async () => (await page.getAttribute('[data-testid=design-preview]', 'src')) ?? '')
      .toContain(encodeURIComponent('Q-02-1'));
    await page.getByRole('button', { name: 'Save design' }).click();
    await page.waitForSelector('text=Design saved');
    await page.locator('[data-testid=designs]').getByRole('button', { name: 'Shelf strips · default' }).waitFor();

    await page.goto(`${env.server.url}/apps/wms/locations`);
    // The list has loaded (its lazy parts too) before the search is typed.
    await page.locator('.page-info').waitFor({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Q-02', { timeout: 60_000 });
    await expect.poll(() => page.textContent('.page-info')).toContain('total 3 entries');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Labels (PDF)' }).click();
    const file = path.join(dir, 'designed.pdf');
    await (await download).saveAs(file);
    const pdf = await PDFDocument.load(readFileSync(file));
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 144, height: 72 });
    await page.context().close();
  });
});

describe('refusals in the reader’s language (issue 41)', () => {
  it('in German, the location form refuses with the field’s words, and the server’s refusals are German too', async () => {
    const page = await signedInAs('demo.admin');
    await page.goto(`${env.server.url}/apps/wms/locations`);
    await page.selectOption('#lang-select', 'de');

    // The form checks with the shared schema: its rules in German under their fields.
    await page.getByRole('button', { name: de.wms.add }).click();
    await page.fill('input[name=code]', 'Q 9!');
    await page.fill('input[name=capacity]', '0');
    await page.getByRole('button', { name: de.wms.save, exact: true }).click();
    const codeField = page.locator('label', { has: page.locator('input[name=code]') });
    await codeField.locator('.form-error', { hasText: '1–40 Buchstaben, Ziffern oder - . / _' }).waitFor();
    expect(await codeField.textContent()).toContain(de.wms.fields.code);
    const capacityField = page.locator('label', { has: page.locator('input[name=capacity]') });
    await capacityField.locator('.form-error', { hasText: 'Mindestens 1' }).waitFor();
    expect(await capacityField.textContent()).toContain(de.wms.fields.capacity);

    // The server refuses a code that exists already: in German, naming the code.
    await page.fill('input[name=code]', 'DE-1');
    await page.fill('input[name=capacity]', '');
    await page.getByRole('button', { name: de.wms.save, exact: true }).click();
    await page.getByText(de.wms.saved).first().waitFor();
    await page.getByRole('button', { name: de.wms.add }).click();
    await page.fill('input[name=code]', 'de-1');
    await page.getByRole('button', { name: de.wms.save, exact: true }).click();
    await page.locator('.form-error', { hasText: 'Ein Lagerplatz DE-1 existiert bereits' }).waitFor();
    expect(await page.locator('form').textContent()).not.toMatch(/already exists|code:/);

    // A site’s address in German: the server’s refusal beside its field, with the form’s label.
    await page.goto(`${env.server.url}/apps/settings/warehouses`);
    await page.getByRole('button', { name: de.warehouses.add }).click();
    const add = page.getByRole('form', { name: de.warehouses.add });
    await add.waitFor();
    await add.locator('input[name=name]').fill('Lager Köln');
    await add.locator('input[name=code]').fill('KOE');
    await add.locator('input[name=city]').fill('Köln');
    await add.getByRole('button', { name: de.warehouses.save }).click();
    await add.locator('[data-testid=error-line1]', { hasText: 'Pflichtfeld' }).waitFor();
    await add.locator('[data-testid=error-postalCode]', { hasText: 'Pflichtfeld' }).waitFor();
    expect(await add.textContent()).not.toMatch(/line1|postalCode|is required/);

    // Back to English, so the admin's other tests read the screens as before.
    await page.selectOption('#lang-select', 'en');
    await page.getByRole('button', { name: en.warehouses.add }).waitFor();
    await page.context().close();
  });
});
