/**
 * The FBM picker's day in Chromium (issue 20 step 3): a store's 5 orders reserved from the force
 * console's reserve control (issue 38) and a pick batch made through the API; the batch opened on a 360×740 handheld, the network lost, the whole
 * batch picked by wedge scans (location, then each unit) — a wrong item refused in words on the
 * way, nothing queued for it — "Batch picked" with its totes; back online the outbox drains and
 * the server has every line picked and the units at FBM-PACK. Before that, the demo floor user
 * (demo.receiver) has the force-ship console in the menu and opens the batch’s pick screen from the
 * pick list, and the demo packer, whose role has no FBM pick right, is told which right is missing
 * and whom to ask.
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv } from './env.js';
import { apiRequest, apiSignIn, menuKeys, pending, signIn, wedgeScan } from './harness.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

const STORE = 'E2E Pick eBay';
const HEADER =
  'store,order_id,purchase_date,sku,title,quantity,quantity_shipped,unit_price,ship_to_name,ship_to_country';

async function seed(url: string) {
  const admin = await apiSignIn(url, 'demo.admin');
  const client = await apiSignIn(url, 'demo.client');
  const ok = (res: { status: number; body: unknown }, what: string, codes = [200, 201]) =>
    expect(codes, `${what}: ${JSON.stringify(res.body)}`).toContain(res.status);
  const places: [string, string, string?][] = [
    ['E2E-ZA', 'zone'],
    ['E2E-ZB', 'zone'],
    ['E2E-A-1', 'bin', 'E2E-ZA'],
    ['E2E-A-2', 'bin', 'E2E-ZA'],
    ['E2E-B-1', 'bin', 'E2E-ZB'],
  ];
  for (const [code, type, parentCode] of places)
    ok(
      await apiRequest(url, 'POST', '/api/warehouse-location', admin.token, { code, type, parentCode }),
      code,
      [201, 409],
    );
  for (const msku of ['E2E-PICK-MUG', 'E2E-PICK-LAMP', 'E2E-PICK-TOTE'])
    ok(
      await apiRequest(url, 'POST', '/api/product/products', client.token, {
        companyId: client.companyId,
        title: `${msku} product`,
        msku,
      }),
      msku,
      [201, 409],
    );
  for (const [sku, location, quantity] of [
    ['E2E-PICK-MUG', 'E2E-A-1', 3],
    ['E2E-PICK-LAMP', 'E2E-A-2', 2],
    ['E2E-PICK-TOTE', 'E2E-B-1', 3],
  ] as const)
    ok(
      await apiRequest(url, 'POST', '/api/inventory/adjust', admin.token, {
        companyId: client.companyId,
        productCode: sku,
        location,
        quantity,
        reason: 'found',
      }),
      `stock ${sku}`,
    );
  const store = await apiRequest<{ id: number }>(url, 'POST', '/api/common/stores', admin.token, {
    companyId: client.companyId,
    marketplace: 'ebay',
    name: STORE,
    environment: 'sandbox',
  });
  ok(store, 'store');
  const rows = [
    ['E2E-P1', 'E2E-PICK-MUG', 2],
    ['E2E-P2', 'E2E-PICK-LAMP', 1],
    ['E2E-P3', 'E2E-PICK-MUG', 1],
    ['E2E-P3', 'E2E-PICK-TOTE', 1],
    ['E2E-P4', 'E2E-PICK-TOTE', 2],
    ['E2E-P5', 'E2E-PICK-LAMP', 1],
  ].map(([id, sku, q], i) => `${STORE},${id},2026-11-2${i % 5}T10:00:00Z,${sku},${sku} item,${q},0,9.99,Ada Buyer,US`);
  const form = new FormData();
  form.set('file', new Blob([[HEADER, ...rows].join('\n')], { type: 'text/csv' }), 'orders.csv');
  const upload = await fetch(`${url}/api/fbm/orders/file-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  // Reserved as the desk does it: the force console's stages say what waits, and its reserve
  // control holds the store's awaiting orders, answering per order.
  const desk = await (await env.browser.newContext()).newPage();
  desk.setDefaultTimeout(60_000);
  await signIn(desk, url, 'demo.admin');
  await desk.waitForURL('**/dashboard');
  await desk.goto(`${url}/apps/outbound/fbm-force`);
  const toReserve = desk.getByTestId('force-toReserve');
  await expect.poll(() => toReserve.getAttribute('data-count').then(Number)).toBeGreaterThanOrEqual(5);
  await toReserve.getByRole('link', { name: 'Reserve their stock (below)' }).click();
  const panel = desk.getByTestId('reserve-panel');
  await panel.locator('select[name=reserveFrom]').selectOption(String(store.body.id));
  await panel.getByRole('button', { name: 'Reserve', exact: true }).click();
  const result = panel.getByTestId('reserve-result');
  await result.filter({ hasText: '6 lines held, 0 already held, 0 could not be held.' }).waitFor();
  expect(await result.locator('li[data-outcome=reserved]').count()).toBe(5);
  // The next stage's count and step: reserved, make a pick batch.
  await expect
    .poll(() => desk.getByTestId('force-reserved').getAttribute('data-count').then(Number))
    .toBeGreaterThanOrEqual(5);
  await desk.getByTestId('force-next-batch').waitFor();
  await desk.context().close();
  const batch = await apiRequest<{ id: number; number: string; orders: number; units: number }>(
    url,
    'POST',
    '/api/fbm/web/pick/batch',
    admin.token,
    { storeId: store.body.id },
  );
  expect(batch.body).toMatchObject({ orders: 5, units: 8 });
  return { admin, client, batch: batch.body };
}

/** The store, stock and open batch the file's tests share (seeded by whichever runs first). */
let seeded: Awaited<ReturnType<typeof seed>> | null = null;

describe('the FBM picker', () => {
  it('the demo floor user opens the pick list and a batch’s pick screen from the menu; the packer is told which right is missing', async () => {
    const url = env.server.url;
    seeded ??= await seed(url);
    const { batch } = seeded;
    const receiver = await (await env.browser.newContext()).newPage();
    await signIn(receiver, url, 'demo.receiver');
    await receiver.waitForURL('**/dashboard');
    await receiver.waitForSelector('a[data-menu-key]', { state: 'attached' });
    expect(await menuKeys(receiver)).toEqual(expect.arrayContaining(['FbmForce', 'BatchVerify']));
    await receiver.goto(`${url}/apps/outbound/fbm-force/pick-list`);
    await receiver.locator(`[data-testid=pick-batches] tr[data-batch="${batch.number}"]`).waitFor();
    await receiver.locator(`tr[data-batch="${batch.number}"] [data-testid=pick-open-floor]`).click();
    await receiver.waitForURL(`**/apps/outbound/fbm-force/pick/${batch.id}`);
    await receiver.getByTestId('pick-floor').waitFor();
    await receiver.context().close();

    const packer = await (await env.browser.newContext()).newPage();
    await signIn(packer, url, 'demo.packer');
    await packer.waitForURL('**/dashboard');
    await packer.goto(`${url}/apps/outbound/fbm-force/pick/${batch.id}`);
    await packer.waitForURL('**/pages/miscellaneous/not-authorized');
    const text = packer.getByTestId('error-text');
    await text.waitFor();
    expect(await text.getAttribute('data-resource')).toBe('mfn');
    expect(await text.textContent()).toBe(
      '“Pick” needs the right “Merchant fulfilment” (Edit), which your role “Packer” does not hold.',
    );
    await expect
      .poll(() => packer.getByTestId('who-grants').textContent())
      .toBe(
        'Ask a warehouse administrator (someone who may change roles under Account › Roles) to add it to your role. ' +
          'In your company they are: Dana Admin, Morgan Secure.',
      );
    await packer.context().close();
  });

  it('picks a 5-order batch by wedge scans offline on a 360 px handheld; the server gets every pick once', async () => {
    const url = env.server.url;
    seeded ??= await seed(url);
    const { admin, client, batch } = seeded;
    const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, url, 'demo.admin');
    await page.waitForURL('**/dashboard');

    // The pick list shows the batch; it opens on the floor and its lines come into the replica.
    await page.goto(`${url}/apps/outbound/fbm-force/pick-list`);
    await page.locator(`[data-testid=pick-batches] tr[data-batch="${batch.number}"]`).waitFor();
    await page.locator(`tr[data-batch="${batch.number}"] [data-testid=pick-open-floor]`).click();
    await page.waitForURL(`**/apps/outbound/fbm-force/pick/${batch.id}`);
    const stop = page.getByTestId('pick-stop');
    await stop.waitFor();
    // The handheld fits: nothing wider than its screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await context.setOffline(true);
    await page.waitForSelector('[data-testid=sync-online][data-online=false]');

    const picked = () => page.getByTestId('pick-progress').getAttribute('data-picked').then(Number);
    const verdict = page.getByTestId('pick-verdict');
    let wrongTried = false;
    let stops = 0;
    while ((await page.getByTestId('pick-done').count()) === 0) {
      expect(++stops).toBeLessThan(20);
      const location = (await stop.getAttribute('data-location'))!;
      if ((await stop.getAttribute('data-here')) !== 'true') {
        await wedgeScan(page, location);
        await expect.poll(() => stop.getAttribute('data-here')).toBe('true');
      }
      if (!wrongTried) {
        // A unit of another stop's item here: refused loudly, in words; nothing queued.
        const before = await page.getByTestId('pick-pending').count();
        const other = location === 'E2E-B-1' ? 'E2E-PICK-MUG' : 'E2E-PICK-TOTE';
        await wedgeScan(page, other);
        await expect.poll(() => verdict.getAttribute('data-tone')).toBe('error');
        expect(await verdict.textContent()).toContain(`Wrong item: ${other} is not to be picked at ${location}`);
        expect(await page.getByTestId('pick-pending').count()).toBe(before);
        wrongTried = true;
      }
      const code = (await stop.getAttribute('data-code'))!;
      const left = Number(await stop.getAttribute('data-left'));
      for (let i = 0; i < left; i++) {
        const was = await picked();
        await wedgeScan(page, code);
        await expect.poll(picked).toBe(was + 1);
        expect(await verdict.getAttribute('data-tone')).toBe('ok');
      }
    }
    expect(wrongTried).toBe(true);
    // Batch picked: the totes, one per order.
    const done = page.getByTestId('pick-done');
    expect(await done.locator('h2').textContent()).toBe('Batch picked');
    expect(await done.locator('tbody tr').count()).toBe(5);
    expect(await picked()).toBe(8);
    expect(await pending(page)).toBeGreaterThan(0);

    // Back online: the picks go out, once each.
    await context.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    expect(await page.getByTestId('pick-refused').count()).toBe(0);

    const after = await apiRequest<{ status: string; picked: number; lines: { quantity: number; picked: number }[] }>(
      url,
      'GET',
      `/api/fbm/web/pick/batch/${batch.id}`,
      admin.token,
    );
    expect(after.body.status).toBe('picked');
    expect(after.body.picked).toBe(8);
    expect(after.body.lines.every((l) => l.picked === l.quantity)).toBe(true);
    const pack = await apiRequest<{ content: { productKey: string; quantity: number }[] }>(
      url,
      'GET',
      `/api/inventory?companyId=${client.companyId}&location=FBM-PACK&q=E2E-PICK&pageSize=50`,
      admin.token,
    );
    const at = (key: string) =>
      pack.body.content.filter((r) => r.productKey === key).reduce((n, r) => n + r.quantity, 0);
    expect([at('E2E-PICK-MUG'), at('E2E-PICK-LAMP'), at('E2E-PICK-TOTE')]).toEqual([3, 2, 3]);
    await context.close();
  });
});
