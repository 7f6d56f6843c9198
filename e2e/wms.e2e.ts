/** Warehouse locations in Chromium: generate an aisle with a preview, label it to PDF, import CSV. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dockside-wms-'));

const env = e2eEnv();

const signedInAs = (username: string) => signedIn(env, username);

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
    await gen.locator('.form-error', { hasText: 'bin: "from" comes after "to"' }).waitFor();
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
    writeFileSync(bad, 'code,type,parent_code,description,capacity,active\nQ-9,rack,Q,,,true\nQ-9-1,drawer,Q-9,,,true\n');
    await page.setInputFiles('input[name=locationsCsv]', bad);
    await page.waitForSelector('[data-testid=import-report]');
    expect(await page.textContent('[data-testid=import-report]')).toContain('Row 2');
    const good = path.join(dir, 'good.csv');
    writeFileSync(good, 'code,type,parent_code,description,capacity,active\nQ-9,rack,Q,,,true\nQ-9-1,bin,Q-9,Returns bin,12,true\n');
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
