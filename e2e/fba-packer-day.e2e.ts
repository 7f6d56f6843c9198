/**
 * A packer's day with an FBA plan in Chromium (issue 18: "a packer packs a 3-SKU plan into 2 boxes
 * by wedge scans offline, comes back online, prints box labels (PDF), ships"), in one browser
 * session. With a 3-SKU plan at the bench (set up through the API against the Amazon sandbox,
 * e2e/fba-bench-plan.ts), demo.receiver opens the bench and its command sheet (NEW BOX, CLOSE BOX,
 * UNDO as Code 128), loses the network, packs the plan into 3 boxes (or more) by wedge scans — the first
 * scan opens a box, the NEW BOX command barcode opens a second box of the same packing group while
 * the first is open (scanned twice, refused in words: the new box is still empty), and a unit of
 * another packing group opens its own box (with one group, NEW BOX opens each box after the
 * first) — sees an unknown code and an over-scan refused in words, takes the last unit out with
 * the UNDO command and by button and puts it back, closes the last box by the CLOSE BOX command
 * (the form takes the focus; a preset and a USB scale's reading into the weight field; CLOSE BOX
 * again closes it) and the others with a preset and a typed weight, comes back online — and the
 * server's box tree holds every box closed with every unit boxed, numbered by the server, every
 * unit still on hand at PREP-FBA. Then, in the same session, the plan's workspace
 * (opened from Outbound shipments): the boxes sent to Amazon, the placement options quoted side by
 * side with one recommended and confirmed, Amazon's partnered small parcel chosen for every
 * shipment and confirmed, each shipment's box labels printed (Amazon's PDF, one page per box, to the
 * browser's print dialog) and Dockside's 4×6 PDF downloaded, the plan marked shipped — the server
 * has it shipping and its units gone from PREP-FBA, once — and the FBA bills of lading say small
 * parcel has none.
 */
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, wedgeScan } from './harness.js';
import { planAtBench, type BenchItem } from './fba-bench-plan.js';

const env = e2eEnv();
const B = '/api/outbound/outbound-shipping/batch';

interface BoxTree {
  units: number;
  boxed: number;
  boxes: {
    boxNo: number;
    state: string;
    weightLb: number | null;
    lengthIn: number | null;
    items: { quantity: number }[];
  }[];
  left: unknown[];
}
interface PlanDetail {
  name: string;
  step: string;
  status: string;
  units: number;
  companyId: number;
  shipments: { shipmentId: string; boxes: number }[];
}
interface LedgerRow {
  productKey: string;
  quantity: number;
  reason: string;
}

// ---- The bench ----

const packedTile = (page: Page) => page.textContent('[data-testid=bench-packed] .tile-value');
const panel = (page: Page) => page.locator('[data-testid=bench-last-scan]');
const benchBox = (page: Page) => page.locator('[data-testid=bench-box]');
/** The command barcodes of the bench's command sheet (domain/rules/bench.ts BENCH_COMMANDS). */
const NEW_BOX = '$$NEWBOX';
const CLOSE_BOX = '$$CLOSEBOX';
const UNDO = '$$UNDO';

/** Scan one unit and wait until the screen counts it. */
async function packOne(page: Page, item: BenchItem, expectPacked: number, total: number) {
  await wedgeScan(page, item.fnsku);
  await expect.poll(() => packedTile(page)).toBe(`${expectPacked}/${total}`);
  expect(await panel(page).getAttribute('data-state')).toBe('packed');
  expect(await panel(page).textContent()).toContain(item.title);
}

/** Close the box on screen with the preset and a typed weight, by its button. */
async function closeActiveBox(page: Page, typed: string) {
  const form = page.locator('[data-testid=bench-close]');
  await form.locator('select[name=preset]').selectOption({ label: 'Small 12×10×8' });
  expect(await form.locator('input[name=lengthIn]').inputValue()).toBe('12');
  await form.locator('input[name=weight]').fill(typed);
  await form.locator('[data-testid=bench-close-weight]').waitFor();
  await form.locator('button[type=submit]').click();
}

/**
 * Close the box on screen with wedge scans only: CLOSE BOX puts the focus into its close form (the
 * first field it lacks), the preset gives the size, the scale types its reading as a fast burst
 * ending in Enter into the focused weight field, and CLOSE BOX again closes the box.
 */
async function closeByCommand(page: Page, boxNo: number, reading: string, lb: string) {
  const form = page.locator('[data-testid=bench-close]');
  await wedgeScan(page, CLOSE_BOX);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('lengthIn');
  expect(await panel(page).textContent()).toContain(`Close box ${boxNo}: its size and weight`);
  await form.locator('select[name=preset]').selectOption({ label: 'Small 12×10×8' });
  const field = form.locator('input[name=weight]');
  await field.focus();
  await wedgeScan(page, reading);
  await expect.poll(() => field.inputValue()).toBe(lb);
  await form.locator('[data-testid=bench-close-weight]').waitFor();
  // The command's burst while the weight field has focus is no weight: it is scanned, and closes the box.
  await wedgeScan(page, CLOSE_BOX);
  await expect.poll(() => benchBox(page).getAttribute('data-state')).toBe('closed');
  expect(await panel(page).textContent()).toContain(`Box ${boxNo} closed · ${lb} lb`);
}

// ---- The workspace ----

const step = (page: Page) => page.locator('[data-testid=fba-plan]').getAttribute('data-step');
const shownStep = (page: Page) => page.locator('[data-testid=fba-step]').getAttribute('data-step');
/** Amazon's operations are followed by the server's job; the workspace follows the plan to its next step. */
async function waitForStep(page: Page, name: string) {
  await expect.poll(() => step(page), { timeout: 90_000, interval: 300 }).toBe(name);
  await expect.poll(() => shownStep(page), { timeout: 15_000 }).toBe(name);
  await expect.poll(() => page.locator('[data-testid=fba-operation]').count(), { timeout: 90_000 }).toBe(0);
}
const confirmDialog = (page: Page) => page.locator('[role=alertdialog] .modal-actions button').first().click();

/** What the ledger holds of each of the plan's products at PREP-FBA, and what left it shipped. */
async function prepFba(url: string, token: string, companyId: number, items: BenchItem[]) {
  const out: { onHand: number; shipped: number }[] = [];
  for (const item of items) {
    const rows = await apiRequest<LedgerRow[]>(
      url,
      'GET',
      `/api/inventory/ledger?companyId=${companyId}&location=PREP-FBA&productKey=${item.fnsku}&limit=1000`,
      token,
    );
    expect(rows.status).toBe(200);
    out.push({
      onHand: rows.body.reduce((n, r) => n + r.quantity, 0),
      shipped: rows.body.filter((r) => r.reason === 'shipped').reduce((n, r) => n + r.quantity, 0),
    });
  }
  return out;
}

describe('a packer’s day with an FBA plan', () => {
  it('packs a 3-SKU plan into 3 boxes by wedge scans offline (NEW BOX, CLOSE BOX and UNDO by their command barcodes), comes back online, sends the boxes, confirms placement and transport, prints the box labels as PDF, ships', async () => {
    const url = env.server.url;
    const plan = await planAtBench(url);
    const total = plan.items.reduce((n, i) => n + i.quantity, 0);
    expect(total).toBe(7);
    const page = await signedIn(env, 'demo.receiver');

    // ---- The bench: the bench's plans, from the device's replica. ----
    await page.goto(`${url}/apps/outbound/bench`);
    await page.locator(`[data-testid=bench-plans] a[data-plan="${plan.planId}"]`).click();
    await page.waitForURL(`**/apps/outbound/bench/${plan.planId}`);
    await page.locator('[data-testid=bench]').waitFor();
    // The desk's view of the plan is one link away.
    expect(await page.getAttribute('[data-testid=bench-open-plan]', 'href')).toMatch(
      new RegExp(`/apps/outbound/fba-shipments/-/boxes/${plan.planId}$`),
    );
    await expect.poll(() => page.locator('[data-testid=bench-lines] tbody tr').count()).toBe(3);
    await expect.poll(() => pending(page)).toBe(0);

    // The command sheet: each command as a Code 128 barcode with its name, to print and tape to the bench.
    await page.getByTestId('bench-commands-toggle').click();
    const sheet = page.getByTestId('bench-commands');
    await expect.poll(() => sheet.locator('[data-testid=bench-command-barcode]').count()).toBe(3);
    expect(await sheet.locator('li[data-command=new_box]').textContent()).toContain('NEW BOX');
    expect(await sheet.locator('li[data-command=new_box] code').textContent()).toBe(NEW_BOX);
    expect(await sheet.getByTestId('bench-commands-print').isEnabled()).toBe(true);
    await sheet.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => sheet.count()).toBe(0);

    await page.context().setOffline(true);
    await page.waitForSelector('[data-testid=sync-online][data-online=false]');

    // What to pack, box by box. With several packing groups: the first group's units but its last
    // in box 1, that last unit in box 2 (NEW BOX while box 1 is open), each other group in a box of
    // its own (its first unit opens it). With one group: a box per SKU, NEW BOX before each after
    // the first. Either way NEW BOX runs, whatever Amazon makes of the plan.
    const groups = [...new Set(plan.items.map((i) => i.packingGroupId))];
    const units = (item: BenchItem, n: number) => Array.from({ length: n }, () => item);
    const perGroup = groups.map((g) =>
      plan.items.filter((i) => i.packingGroupId === g).flatMap((i) => units(i, i.quantity)),
    );
    const boxes =
      groups.length === 1
        ? plan.items.map((i) => units(i, i.quantity))
        : [perGroup[0].slice(0, -1), perGroup[0].slice(-1), ...perGroup.slice(1)];
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const byNewBox = (i: number) => i > 0 && boxes[i][0].packingGroupId === boxes[i - 1][0].packingGroupId;

    // An unknown code is refused in words.
    await wedgeScan(page, 'NOTINPLAN01');
    await expect.poll(() => panel(page).getAttribute('data-reason')).toBe('unknown');
    expect(await panel(page).textContent()).toContain('NOTINPLAN01 is not in this plan');

    let packed = 0;
    let refusedTwice = false;
    for (const [i, contents] of boxes.entries()) {
      const boxNo = String(i + 1);
      if (byNewBox(i)) {
        // NEW BOX by a wedge scan of its command barcode, the box before still open in front.
        expect(await benchBox(page).getAttribute('data-state')).toBe('open');
        await wedgeScan(page, NEW_BOX);
        await expect.poll(() => panel(page).getAttribute('data-state')).toBe('done');
        expect(await panel(page).textContent()).toContain(`New box ${boxNo}: take an empty box`);
        await expect.poll(() => benchBox(page).getAttribute('data-box-no')).toBe(boxNo);
        expect(await benchBox(page).getAttribute('data-state')).toBe('open');
        if (!refusedTwice) {
          // Scanned twice: the new box is still empty, so no second one — refused in words.
          refusedTwice = true;
          await wedgeScan(page, NEW_BOX);
          await expect.poll(() => panel(page).getAttribute('data-reason')).toBe('command');
          expect(await panel(page).textContent()).toContain(`Box ${boxNo} is still empty: pack into it first`);
        }
      }
      for (const item of contents) await packOne(page, item, ++packed, total);
      expect(await benchBox(page).getAttribute('data-box-no')).toBe(boxNo);
      // The first scan opened box 1; its prep is said in words.
      if (i === 0) await page.locator('[data-testid=prep-steps] li').first().waitFor();
    }
    expect(refusedTwice).toBe(true);
    expect(await page.textContent('[data-testid=bench-open-boxes] .tile-value')).toBe(String(boxes.length));

    // One more of a fully boxed line: refused, loudly, and nothing is counted.
    const lastBox = boxes[boxes.length - 1];
    const last = lastBox[lastBox.length - 1];
    await wedgeScan(page, last.fnsku);
    await expect.poll(() => panel(page).getAttribute('data-reason')).toBe('over_scan');
    expect(await panel(page).textContent()).toContain(`are boxed already`);
    expect(await packedTile(page)).toBe(`${total}/${total}`);

    // UNDO by its command barcode: the last unit packed comes out again, and is scanned back in.
    await wedgeScan(page, UNDO);
    await expect.poll(() => packedTile(page)).toBe(`${total - 1}/${total}`);
    expect(await panel(page).textContent()).toContain(`× ${last.title} taken out of box ${boxes.length}`);
    await packOne(page, last, total, total);

    // A unit taken out of the box by button and scanned back in.
    const row = page.locator(`[data-testid=bench-contents] li[data-line="${last.id}"]`);
    await row.getByRole('button', { name: 'Take one out' }).click();
    await expect.poll(() => packedTile(page)).toBe(`${total - 1}/${total}`);
    await packOne(page, last, total, total);

    // The last box closed by wedge scans (CLOSE BOX, preset, the scale's reading, CLOSE BOX); the
    // others shown from the list and closed with a preset and a typed weight.
    await closeByCommand(page, boxes.length, '4.20 lb', '4.2');
    for (let k = 1; k < boxes.length; k++) {
      await page
        .locator('[data-testid=bench-boxes] tr[data-state=open]')
        .first()
        .getByRole('button', { name: 'Show' })
        .click();
      await expect.poll(() => benchBox(page).getAttribute('data-box-no')).toBe(String(k));
      await closeActiveBox(page, '6.5');
      await expect.poll(() => page.textContent('[data-testid=bench-closed-boxes] .tile-value')).toBe(String(k + 1));
    }
    // Numbers are the device's until the server's arrive; everything waits in the outbox.
    expect(await page.locator('[data-testid=bench-boxes] tr[data-provisional=true]').count()).toBe(boxes.length);
    expect(await pending(page)).toBeGreaterThan(total);

    // ---- Back online: the outbox drains and the server's box tree holds both boxes. ----
    await page.context().setOffline(false);
    await expect.poll(() => pending(page), { timeout: 60_000, interval: 250 }).toBe(0);
    await expect
      .poll(() => page.locator('[data-testid=bench-boxes] tr[data-provisional=true]').count(), { timeout: 30_000 })
      .toBe(0);
    expect(await page.locator('[data-testid=sync-attention]').count()).toBe(0);

    const receiver = await apiSignIn(url, 'demo.receiver');
    const tree = await apiRequest<BoxTree>(
      url,
      'GET',
      `/api/outbound/outbound-shipping/box?planId=${plan.planId}`,
      receiver.token,
    );
    expect(tree.status).toBe(200);
    // The box NEW BOX opened is there, numbered in the order the boxes reached the server.
    expect(tree.body.boxes.map((x) => [x.boxNo, x.state])).toEqual(boxes.map((_, i) => [i + 1, 'closed']));
    expect(tree.body.boxes.map((x) => x.items.reduce((n, i) => n + i.quantity, 0))).toEqual(boxes.map((x) => x.length));
    expect(tree.body.boxes.map((x) => [x.lengthIn, x.weightLb])).toEqual(
      boxes.map((_, i) => [12, i === boxes.length - 1 ? 4.2 : 6.5]),
    );
    expect([tree.body.units, tree.body.boxed, tree.body.left.length]).toEqual([7, 7, 0]);

    const { companyId } = (await apiRequest<PlanDetail>(url, 'GET', `${B}/${plan.planId}`, receiver.token)).body;
    const packedLedger = await prepFba(url, receiver.token, companyId, plan.items);
    // Packing moves nothing in the ledger: every unit is still on hand at PREP-FBA.
    expect(packedLedger).toEqual(plan.items.map((i) => ({ onHand: Math.max(10, i.quantity), shipped: 0 })));

    // ---- The workspace, found under Outbound shipments, at its boxes step. ----
    await page.goto(`${url}/apps/outbound/outbound-shipping`);
    await page.locator('[data-testid=plan-open]', { hasText: plan.name }).click();
    await page.waitForURL(`**/boxes/${plan.planId}`);
    await page.locator('[data-testid=fba-step][data-step=boxes]').waitFor();
    await expect.poll(() => page.locator('[data-testid=fba-box][data-state=closed]').count()).toBe(boxes.length);
    expect(await page.locator('[data-testid=fba-open-bench]').getAttribute('href')).toBe(
      `/apps/outbound/bench/${plan.planId}`,
    );
    expect(await page.locator('[data-testid=fba-boxes-summary]').textContent()).toContain(`${total} of ${total}`);
    await page.locator('[data-testid=fba-send-boxes]').click();

    // Placement: options side by side, quoted one after another, the cheapest recommended.
    await waitForStep(page, 'placement');
    const options = page.locator('[data-testid=fba-placement-option]');
    await expect
      .poll(
        async () => {
          const quoted = await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-quoted')));
          return quoted.length > 0 && quoted.every((q) => q === 'true');
        },
        { timeout: 90_000, interval: 300 },
      )
      .toBe(true);
    const recommended = page.locator('[data-testid=fba-placement-option][data-recommended=true]');
    await expect.poll(() => recommended.count()).toBe(1);
    await recommended.locator('[data-testid=fba-recommended]').waitFor();
    expect(await recommended.locator('[data-testid=fba-placement-fee]').textContent()).toMatch(/^\$\d/);
    expect(await recommended.locator('[data-testid=fba-landed-cost][data-mode=partnered_spd]').textContent()).toMatch(
      /\$[\d,.]+ \(placement \$[\d,.]+ \+ transport \$[\d,.]+\)/,
    );
    await recommended.locator('[data-testid=fba-placement-choose]').click();
    await page.getByRole('alertdialog').getByText('Confirm this placement?').waitFor();
    await confirmDialog(page);

    // Transport: Amazon's partnered small parcel for every shipment, confirmed at once.
    await waitForStep(page, 'transport');
    const transports = page.locator('[data-testid=fba-shipment-transport]');
    const count = await transports.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++)
      await transports
        .nth(i)
        .locator('[data-testid=fba-transport-option][data-group=partnered_spd] input')
        .first()
        .check();
    await page.locator('[data-testid=fba-void-warning]').getByText('24 hours').waitFor();
    await page.locator('[data-testid=fba-transport-confirm]').click();
    await confirmDialog(page);

    // ---- Labels: per shipment, its box labels printed — Amazon's PDF, one page per box, to the
    // browser's print dialog (no label printer is set up on this device). ----
    await waitForStep(page, 'labels');
    const shipments = (await apiRequest<PlanDetail>(url, 'GET', `${B}/${plan.planId}`, receiver.token)).body.shipments;
    expect(shipments).toHaveLength(count);
    expect(shipments.reduce((n, s) => n + s.boxes, 0)).toBe(boxes.length);
    const labels = page.locator('[data-testid=fba-shipment-labels]');
    expect(await labels.count()).toBe(count);
    await labels.first().locator('[data-testid=fba-void-countdown][data-over=false]').waitFor();
    const printFrames = page.locator('iframe[src^="blob:"]');
    let pages = 0;
    for (const [i, s] of shipments.entries()) {
      const card = page.locator(`[data-testid=fba-shipment-labels][data-shipment="${s.shipmentId}"]`);
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().includes(`/batch/${plan.planId}/labels?`) && r.url().includes(`shipmentId=${s.shipmentId}`),
        ),
        card.locator('[data-testid=fba-labels-print-box]').click(),
      ]);
      expect(response.status()).toBe(200);
      expect(new URL(response.url()).searchParams.get('format')).toBe('pdf');
      const pdf = await response.body();
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBe(s.boxes);
      pages += doc.getPageCount();
      // The PDF went to the print dialog (a hidden frame), and the button is free again.
      await expect.poll(() => printFrames.count()).toBe(i + 1);
      await expect.poll(() => card.locator('[data-testid=fba-labels-print-box]').isEnabled()).toBe(true);
      expect(await card.locator('[data-testid=fba-labels-error]').count()).toBe(0);
    }
    expect(pages).toBe(boxes.length);

    // Dockside's own 4×6 labels in Amazon's layout, downloaded: one page per box too.
    const first = page.locator(`[data-testid=fba-shipment-labels][data-shipment="${shipments[0].shipmentId}"]`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      first.locator('[data-testid=fba-labels-dockside-pdf]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const dockside = await readFile((await download.path())!);
    expect(dockside.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(dockside)).getPageCount()).toBe(shipments[0].boxes);

    // ---- Shipped: asked first, then what left is shown, and cancelling stays possible within the void window. ----
    await page.locator('[data-testid=fba-mark-shipped]').click();
    await page.getByRole('alertdialog').getByText(`Mark ${plan.name} shipped?`).waitFor();
    await confirmDialog(page);
    await waitForStep(page, 'shipped');
    expect(await page.locator('[data-testid=fba-plan]').getAttribute('data-status')).toBe('shipping');
    expect(await page.locator('[data-testid=fba-plan] .pill[data-status=shipping]').first().textContent()).toBe(
      'Shipped',
    );
    expect(await page.locator('[data-testid=fba-shipped-units]').textContent()).toBe(String(total));
    expect(await page.locator('[data-testid=fba-shipped-at]').textContent()).not.toBe('–');
    expect(await page.locator('[data-testid=fba-shipment]').count()).toBe(count);
    await page.locator('[data-testid=fba-void] [data-testid=fba-void-countdown][data-over=false]').waitFor();
    await page.locator('[data-testid=fba-cancel-shipped]').waitFor();

    // The server has the plan shipping, and its units have left PREP-FBA — once.
    const shipped = await apiRequest<PlanDetail>(url, 'GET', `${B}/${plan.planId}`, receiver.token);
    expect(shipped.body).toMatchObject({ step: 'shipped', status: 'shipping', units: total });
    expect(await prepFba(url, receiver.token, companyId, plan.items)).toEqual(
      plan.items.map((i) => ({ onHand: Math.max(10, i.quantity) - i.quantity, shipped: -i.quantity })),
    );

    // The bills of lading: small parcel has none, and the screen says so.
    await page.goto(`${url}/apps/outbound/outbound-shipping`);
    await page.locator('[data-testid=fba-bol-link]').click();
    await page.waitForURL('**/apps/outbound/fba-bol');
    await page.getByRole('heading', { name: 'FBA bills of lading' }).waitFor();
    await page.locator('.grid-state.empty').waitFor();
    await page.context().close();
  });
});
