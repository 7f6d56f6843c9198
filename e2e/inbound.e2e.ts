/**
 * Inbound at the desk, in Chromium against the real server: a client uploads a purchase-order
 * CSV (a bad file is refused row by row and stores nothing), edits it in the batch workspace,
 * finds it in the purchase-order lists; once the dock receives it the workspace locks, the status
 * summary counts its units, and the problem a damaged unit raised goes client → warehouse → closed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, swState, wedgeScan } from './harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dockside-csv-'));

const env = e2eEnv();

const signedInAs = (username: string) => signedIn(env, username);

const header = 'title,asin,fnsku,msku,upc,quantity,pack_size,cost,supplier,item_action,ship_to_country,tracking_number';
function csvFile(name: string, rows: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, [header, ...rows].join('\n') + '\n');
  return file;
}

describe('purchase orders at the desk', () => {
  it('a client uploads a CSV (bad rows refused first), edits the batch, and follows it through receiving and its problem', async () => {
    const page = await signedInAs('demo.client');
    await page.goto(`${env.server.url}/apps/inbound/file-upload`);
    await page.fill('input[name=batch_name]', 'E2E-PO-1');

    // A file with two bad rows: the report names each row, nothing is stored.
    const bad = csvFile('bad.csv', [
      'Travel mug,B0TRAVEL01,X00MUG0001,MUG-1,,0,1,4.50,Acme,fba_prep,US,1ZE2E0000000000001',
      'Tea towel,NOTANASIN,,TOWEL-1,,5,1,,Acme,storage,,',
      'Spice jar,,,JAR-1,,3,1,,Acme,fba_prep,,TBAE2E000000002',
    ]);
    await page.setInputFiles('input[name=file]', bad);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.waitForSelector('[data-testid=csv-report] table');
    const report = await page.$$eval('[data-testid=csv-report] tbody tr', (rows) =>
      rows.map((r) => (r as HTMLElement).innerText),
    );
    expect(report).toHaveLength(2);
    // Rows as the spreadsheet numbers them (the header is row 1), in the file's own column names.
    expect(report[0]).toMatch(/^2\s+quantity must be at least 1/);
    expect(report[1]).toMatch(/^3\s+asin NOTANASIN must be 10 letters or digits/);
    const client = await apiSignIn(env.server.url, 'demo.client');
    const none = await apiRequest<{ totalElements: number }>(
      env.server.url,
      'GET',
      '/api/ship/batch?q=E2E-PO-1',
      client.token,
    );
    expect(none.body.totalElements).toBe(0);

    // The corrected file: checked, then uploaded; the workspace opens with 3 items and 2 packages.
    const good = csvFile('good.csv', [
      'Travel mug,B0TRAVEL01,X00MUG0001,MUG-1,,4,1,4.50,Acme,fba_prep,US,1ZE2E0000000000001',
      'Tea towel,,,TOWEL-1,,5,1,,Acme,storage,,',
      'Spice jar,,,JAR-1,,3,1,,Acme,fba_prep,,TBAE2E000000002',
    ]);
    await page.setInputFiles('input[name=file]', good);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.waitForSelector('text=All 3 rows are valid');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL('**/apps/inbound/batch-workspace/*');
    await page.waitForSelector('[data-testid=batch-items] tbody tr');
    expect(await page.locator('[data-testid=batch-items] tbody tr').count()).toBe(3);
    expect(await page.locator('[data-testid=batch-tracking] li').count()).toBe(2);
    expect(await page.textContent('[data-testid=batch-stage]')).toBe('Open');

    // Edit the towel: a quantity of 0 is refused at its field, 6 is saved.
    await page
      .locator('[data-testid=batch-items] tbody tr', { hasText: 'Tea towel' })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.fill('form[aria-label="Edit item"] input[name=expectedQty]', '0');
    await page.getByRole('button', { name: 'Save item' }).click();
    await page.waitForSelector('form[aria-label="Edit item"] .form-error');
    await page.fill('form[aria-label="Edit item"] input[name=expectedQty]', '6');
    await page.getByRole('button', { name: 'Save item' }).click();
    await page.waitForSelector('text=0 of 13 units counted');
    await page.fill('textarea[name=tracking]', 'E2E-EXTRA-0003');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid=batch-tracking] li').count()).toBe(3);
    const batchId = Number(new URL(page.url()).pathname.split('/').pop());

    // The lists: under All and FBA prep, not under Storage-only filters of other stages.
    await page.goto(`${env.server.url}/apps/inbound/uploaded-batches/po/all`);
    await page.waitForSelector('text=E2E-PO-1');
    await page.getByRole('link', { name: 'Merchant fulfilment' }).click();
    await page.waitForSelector('.grid-state');
    expect(await page.locator('text=E2E-PO-1').count()).toBe(0);
    await page.getByRole('link', { name: 'FBA prep' }).click();
    await page.waitForSelector('text=E2E-PO-1');

    // The dock receives a package and counts units (one damaged): the workspace locks.
    const receiver = await apiSignIn(env.server.url, 'demo.receiver');
    const rb = crypto.randomUUID();
    await apiRequest(env.server.url, 'POST', '/api/inbound/package-receive-batch', receiver.token, {
      id: rb,
      companyId: client.companyId,
    });
    await apiRequest(env.server.url, 'POST', '/api/inbound/package-scan', receiver.token, {
      id: crypto.randomUUID(),
      batchId: rb,
      trackingNumber: '1ZE2E0000000000001',
      scannedAt: new Date().toISOString(),
    });
    for (const code of ['X00MUG0001', 'X00MUG0001', 'X00MUG0001']) {
      await apiRequest(env.server.url, 'POST', '/api/inbound/item-scan', receiver.token, {
        id: crypto.randomUUID(),
        batchId,
        code,
        scannedAt: new Date().toISOString(),
      });
    }
    const damaged = await apiRequest<{ problemId: number }>(
      env.server.url,
      'POST',
      '/api/inbound/item-scan',
      receiver.token,
      {
        id: crypto.randomUUID(),
        batchId,
        code: 'JAR-1',
        scannedAt: new Date().toISOString(),
        damaged: { damageType: 'broken', notes: 'Lid cracked' },
      },
    );
    expect(damaged.status).toBe(201);
    await page.goto(`${env.server.url}/apps/inbound/batch-workspace/${batchId}`);
    await page.waitForSelector('text=Receiving of this batch has started');
    expect(await page.textContent('[data-testid=batch-stage]')).toBe('Receiving');
    expect(await page.locator('[data-testid=batch-items] button', { hasText: 'Edit' }).count()).toBe(0);

    // Item status tracking: the mug is received (3 of 4 → partially delivered), drill down lists it.
    await page.goto(`${env.server.url}/dashboard/summary`);
    await page.waitForSelector('[data-testid=status-summary]');
    await page.locator('[data-testid=status-tiles] a', { hasText: 'Partially delivered' }).click();
    await page.waitForURL('**/apps/inbound/shipment-items/partially_delivered');
    await page.waitForSelector('text=Travel mug');

    // The problem: the client chooses a resolution; the warehouse closes it.
    await page.goto(`${env.server.url}/apps/problem/management`);
    await page.locator('tr', { hasText: 'Spice jar' }).getByRole('button').click();
    await page.waitForSelector('[data-testid=problem-detail]');
    expect(await page.textContent('[data-testid=problem-detail]')).toContain('Lid cracked');
    await page.selectOption('[data-testid=problem-detail] select[name=resolution]', 'dispose');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.textContent('[data-testid=problem-status]')).toBe('Waiting for the warehouse');

    const admin = await signedInAs('demo.admin');
    await admin.goto(`${env.server.url}/apps/problem/management`);
    await admin.locator('tr', { hasText: 'Spice jar' }).getByRole('button').click();
    await admin.waitForSelector('[data-testid=problem-detail]');
    expect(await admin.textContent('[data-testid=problem-resolution]')).toBe('Dispose');
    await admin.selectOption('[data-testid=problem-detail] select[name=status]', 'closed_with_resolution');
    await admin.fill('[data-testid=problem-detail] textarea[name=note]', 'Disposed at the bench');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => admin.textContent('[data-testid=problem-status]')).toBe('Closed with resolution');

    // The desk blocks the mug (a side exit its status allows); the client sees it blocked.
    admin.on('dialog', (d) => void d.accept());
    await admin.goto(`${env.server.url}/apps/inbound/shipment-items/all`);
    await admin.selectOption('select[aria-label="Change the status of Travel mug"]', 'blocked');
    await admin.waitForSelector('text=Status changed to Blocked');
    await page.goto(`${env.server.url}/apps/inbound/shipment-items/blocked`);
    await page.waitForSelector('text=Travel mug');
    expect(await page.locator('select[aria-label^="Change the status"]').count()).toBe(0);

    // Another client sees none of it.
    const other = await apiSignIn(env.server.url, 'demo.client2');
    expect((await apiRequest(env.server.url, 'GET', `/api/ship/batch/${batchId}`, other.token)).status).toBe(404);
    expect(
      (
        await apiRequest(
          env.server.url,
          'GET',
          `/api/problem-management/problem/${damaged.body.problemId}`,
          other.token,
        )
      ).status,
    ).toBe(404);
    await page.context().close();
    await admin.context().close();
  });
});

describe('receiving items on the floor, offline', () => {
  it('a CSV of 3 items and 2 packages: both packages dock-scanned, items scanned and sorted offline (one damaged, one unknown), counted and moved once on the server with two problems', async () => {
    const client = await apiSignIn(env.server.url, 'demo.client');
    const form = new FormData();
    form.set(
      'file',
      new File(
        [
          [
            header,
            'Glass jar,,X00JAR0001,JAR-E2E,,4,1,,Acme,fba_prep,,1ZFLOOR00000000001',
            'Candle,,X00CANDLE1,CANDLE-E2E,,2,1,,Acme,storage,,TBAFLOOR00000002',
            'Soap bar,,,SOAP-E2E,4006381333931,12,6,,Acme,fba_prep,,',
          ].join('\n'),
        ],
        'po.csv',
      ),
    );
    const up = await fetch(`${env.server.url}/api/ship/csv-upload?batch_name=E2E-FLOOR`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(up.status).toBe(201);

    const page = await signedInAs('demo.receiver');
    // Dock: both packages of the batch arrive.
    await page.goto(`${env.server.url}/apps/inbound/package-receive-batch`);
    await page.locator('a.account-item', { hasText: 'Acme Sellers' }).click();
    await page.waitForSelector('[data-testid=last-scan]');
    // The device has pulled the announced packages and items once (its first sync).
    await page.waitForSelector('[data-testid=sync-online]:not([data-last-sync=""])');
    // The receiver's open receive batch for this client may hold earlier packages: count from here.
    const matched = async () => Number(await page.textContent('[data-testid=count-matched] .tile-value'));
    const before = await matched();
    for (const code of ['1ZFLOOR00000000001', 'TBAFLOOR00000002']) await wedgeScan(page, code);
    await expect.poll(matched).toBe(before + 2);

    // Package scan: the purchase order is picked from the device's own list.
    await page.goto(`${env.server.url}/apps/inbound/package-scan`);
    await page.locator('[data-testid=batch-pick-list] a', { hasText: 'E2E-FLOOR' }).click();
    await page.waitForSelector('[data-testid=item-progress] tbody tr');
    await expect.poll(() => swState(page), { timeout: 45_000, interval: 250 }).toBe('activated');
    await page.evaluate(() => location.reload());
    await page.waitForSelector('[data-testid=item-progress] tbody tr');
    await expect.poll(() => pending(page), { timeout: 15_000 }).toBe(0);

    await page.context().setOffline(true);
    await page.waitForSelector('[data-testid=sync-online][data-online=false]');
    const verdict = () => page.getAttribute('[data-testid=last-item-scan]', 'data-status');
    await wedgeScan(page, 'X00JAR0001');
    await expect.poll(verdict).toBe('received');
    await wedgeScan(page, 'jar-e2e');
    await wedgeScan(page, '(01)14006381333938'); // a case of soap: 6 units
    await expect.poll(() => page.textContent('[data-testid=last-item-scan]')).toContain('Counted: 6');
    await page.fill('input[name=count]', '6'); // the rest of the soap, counted by hand
    await wedgeScan(page, '4006381333931');
    await expect.poll(() => page.textContent('[data-testid=last-item-scan]')).toContain('12 of 12');
    await page.getByRole('button', { name: 'Broken', exact: true }).click();
    await wedgeScan(page, 'X00CANDLE1');
    await expect.poll(verdict).toBe('damaged');
    // The damage photographed on the device: queued offline with the scan it belongs to.
    const photo = path.join(dir, 'damage.png');
    writeFileSync(
      photo,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await page.setInputFiles('input[name=damagePhoto]', photo);
    await page.waitForSelector('.toast', { timeout: 10_000 });
    expect(await page.textContent('.toast')).toContain('Photo saved');
    await wedgeScan(page, 'CANDLE-E2E');
    await wedgeScan(page, 'CANDLE-E2E'); // one more candle than announced
    await expect.poll(verdict).toBe('over_received');
    await wedgeScan(page, 'MYSTERY-0001');
    await expect.poll(verdict).toBe('unknown');
    await expect.poll(() => pending(page)).toBe(9);

    // A reload offline keeps every count (the replica) and every pending scan (the outbox).
    await page.evaluate(() => location.reload());
    await page.waitForSelector('[data-testid=item-progress] tbody tr');
    expect(await page.locator('[data-testid=item-progress] tr[data-state=over]').count()).toBe(1);
    await expect.poll(() => pending(page)).toBe(9);

    // Still offline: sort the counted units to their places.
    await page.goto(`${env.server.url}/apps/inbound/receive-batch/account-select`);
    await page.locator('[data-testid=receive-accounts] a', { hasText: 'Acme Sellers' }).click();
    await page.waitForSelector('[data-testid=sort-waiting]');
    await wedgeScan(page, 'X00JAR0001');
    await expect.poll(() => page.textContent('[data-testid=sort-destination]')).toContain('PREP-FBA');
    await wedgeScan(page, 'B-01-01'); // the wrong place: refused at once, the jar stays picked
    await expect
      .poll(() => page.textContent('[data-testid=sort-panel]'))
      .toContain('This unit goes to PREP-FBA, not B-01-01');
    await page.fill('input[name=quantity]', '2');
    await wedgeScan(page, 'PREP-FBA');
    await expect.poll(() => page.textContent('[data-testid=sort-panel]')).toContain('2 × Glass jar put at PREP-FBA');
    await wedgeScan(page, 'CANDLE-E2E');
    await expect.poll(() => page.textContent('[data-testid=sort-destination]')).toContain('storage bin');
    await page.getByRole('button', { name: 'All 2' }).click();
    await wedgeScan(page, 'b-07-03');
    await expect.poll(() => page.textContent('[data-testid=sort-panel]')).toContain('2 × Candle put at B-07-03');
    await expect.poll(() => pending(page)).toBe(11);

    await page.context().setOffline(false);
    await expect.poll(() => pending(page), { timeout: 60_000, interval: 250 }).toBe(0);

    const receiver = await apiSignIn(env.server.url, 'demo.receiver');
    const list = await apiRequest<{ content: { id: number }[] }>(
      env.server.url,
      'GET',
      '/api/ship/batch?q=E2E-FLOOR',
      receiver.token,
    );
    const batch = await apiRequest<{
      stage: string;
      items: { title: string; receivedQty: number; damagedQty: number }[];
    }>(env.server.url, 'GET', `/api/ship/batch/${list.body.content[0].id}`, receiver.token);
    const counts = Object.fromEntries(batch.body.items.map((i) => [i.title, [i.receivedQty, i.damagedQty]]));
    expect(counts).toEqual({ 'Glass jar': [2, 0], Candle: [2, 1], 'Soap bar': [12, 0] });
    const sorted = await apiRequest<{ title: string; location: string; quantity: number }[]>(
      env.server.url,
      'GET',
      `/api/inbound/received-sorted-item?batchId=${list.body.content[0].id}`,
      client.token,
    );
    expect(sorted.body.map((r) => `${r.quantity} ${r.title} @ ${r.location}`).sort()).toEqual([
      '2 Candle @ B-07-03',
      '2 Glass jar @ PREP-FBA',
    ]);
    const stored = await apiRequest<{ content: { title: string }[] }>(
      env.server.url,
      'GET',
      `/api/inbound/shipment-items?status=stored&batchId=${list.body.content[0].id}`,
      client.token,
    );
    expect(stored.body.content.map((i) => i.title)).toEqual(['Candle']);
    const problems = await apiRequest<{
      content: { id: number; type: string; code: string | null; itemTitle: string | null }[];
    }>(env.server.url, 'GET', '/api/problem-management/problem?pageSize=100', client.token);
    const mine = problems.body.content.filter((p) => p.code === 'MYSTERY-0001' || p.itemTitle === 'Candle');
    expect(mine.map((p) => p.type).sort()).toEqual(['damaged', 'item_mismatch']);
    const damagedProblem = mine.find((p) => p.type === 'damaged')!;
    const detail = await apiRequest<{ photos: unknown[] }>(
      env.server.url,
      'GET',
      `/api/problem-management/problem/${damagedProblem.id}`,
      client.token,
    );
    expect(detail.body.photos).toHaveLength(1);
    await page.context().close();
  });
});
