/** The product catalogue in Chromium: a client adds a product and a code, then a multi-pack by the bundle rules. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();

describe('product catalogue', () => {
  it('a client adds a product with its dimensions and an EAN, then a multi-pack: an empty bundle prompts, a count of 1 is refused, 2 is saved', async () => {
    const page = await signedIn(env, 'demo.client');
    await page.goto(`${env.server.url}/apps/product/products`);
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.locator('[data-testid=product-form]');
    await form.locator('input[name=title]').fill('Enamel mug');
    await form.locator('input[name=upc]').fill('12AB');
    await form.getByRole('button', { name: 'Save product' }).click();
    await form.locator('.form-error', { hasText: '8 to 14 digits (UPC, EAN or GTIN)' }).waitFor();
    await form.locator('input[name=upc]').fill('036000291452');
    await form.getByRole('button', { name: 'Next SKU' }).click();
    await expect.poll(() => form.locator('input[name=msku]').inputValue()).toMatch(/-00001$/);
    await form.locator('input[name=lengthIn]').fill('12');
    await form.locator('input[name=widthIn]').fill('12');
    await form.locator('input[name=heightIn]').fill('6');
    expect(await page.textContent('[data-testid=cubic-feet]')).toBe('0.5 cubic feet');
    await form.getByRole('button', { name: 'Save product' }).click();
    await page.waitForSelector('text=Product saved');

    const codes = page.locator('[data-testid=product-codes]');
    await codes.locator('input[name=newCode]').fill('4006381333931');
    await codes.getByRole('button', { name: 'Add code' }).click();
    await codes.locator('code', { hasText: '4006381333931' }).waitFor();
    await page.fill('input[type=search]', '40063813');
    await page.locator('tr', { hasText: 'Enamel mug' }).waitFor();

    await page.getByRole('link', { name: 'Create bundle' }).first().click();
    await page.waitForURL('**/apps/product/products/create-bundle');
    // The bundle form must be on screen first: while its chunk loads, the page before it (with its
    // own title field) is still there, and a fill would go into that one.
    await page.locator('[data-testid=bundle-empty]').waitFor();
    await page.fill('input[name=title]', 'Enamel mug 2-pack');
    await page.selectOption('select[name=productType]', 'multi_pack');
    // The choice must have reached the form before saving (a busy machine renders late).
    await expect.poll(() => page.inputValue('select[name=productType]')).toBe('multi_pack');
    await expect.poll(() => page.inputValue('input[name=title]')).toBe('Enamel mug 2-pack');
    expect(await page.textContent('[data-testid=bundle-empty]')).toContain('add a bundle item');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('alert').filter({ hasText: 'A multi-pack is made of exactly one product' }).waitFor();
    await page.fill('input[name=itemSearch]', 'enamel');
    await page.getByRole('button', { name: 'Add Enamel mug' }).click();
    await page.getByLabel('Quantity of Enamel mug').fill('1');
    expect(await page.textContent('[data-testid=bundle-rule]')).toBe("A multi-pack's count must be at least 2");
    await page.getByLabel('Quantity of Enamel mug').fill('2');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.waitForURL('**/apps/product/products');
    await page.getByRole('button', { name: 'Multi-pack' }).click();
    await page.locator('tr', { hasText: 'Enamel mug 2-pack' }).waitFor();
    expect(await page.locator('tr', { hasText: 'Enamel mug 2-pack' }).textContent()).toContain('Multi-pack (1)');
    await page.context().close();
  });

  it('a CSV lists items in the catalogue without a purchase order', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'dockside-cat-')), 'listings.csv');
    writeFileSync(
      file,
      'title,asin,fnsku,msku,upc,quantity,pack_size,cost,supplier,item_action,ship_to_country,tracking_number\nLinen towel,,,LINEN-TWL,,1,,,,,,\nEnamel mug,,,,036000291452,1,,,,,,\n',
    );
    const page = await signedIn(env, 'demo.client');
    await page.goto(`${env.server.url}/apps/inbound/file-upload`);
    await page.selectOption('select[name=listing]', 'createOnlyListings');
    expect(await page.locator('input[name=batch_name]').count()).toBe(0);
    await page.setInputFiles('input[name=file]', file);
    await page.getByRole('button', { name: 'Upload' }).click();
    // The mug is known by its UPC already: only the towel is new.
    await page.waitForSelector('text=1 product added to the catalogue, 1 already there');
    await page.locator('[data-testid=csv-report]').getByRole('link', { name: 'Product catalog' }).click();
    await page.locator('tr', { hasText: 'Linen towel' }).waitFor();
    await page.context().close();
  });
});
