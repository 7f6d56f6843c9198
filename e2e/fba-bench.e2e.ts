/**
 * The packer's bench in Chromium (issue 18 step 3): with a 3-SKU plan at the bench (set up
 * through the API against the Amazon sandbox, e2e/fba-bench-plan.ts), demo.receiver opens the
 * bench, loses the network, packs the plan into 2 boxes by wedge scans (the first scan opens a
 * box; "New box" starts the second), sees an unknown code and an over-scan refused in words, takes
 * a unit out and puts it back, closes both boxes with a preset and a weight (one sent by a USB
 * scale into the focused weight field, one typed), comes back online — and the server's box tree
 * holds both boxes closed with every unit boxed, numbered by the server.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, wedgeScan } from './harness.js';
import { planAtBench, type BenchItem } from './fba-bench-plan.js';

const env = e2eEnv();

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

const packedTile = (page: Page) => page.textContent('[data-testid=bench-packed] .tile-value');
const panel = (page: Page) => page.locator('[data-testid=bench-last-scan]');

/** Scan one unit and wait until the screen counts it. */
async function packOne(page: Page, item: BenchItem, expectPacked: number, total: number) {
  await wedgeScan(page, item.fnsku);
  await expect.poll(() => packedTile(page)).toBe(`${expectPacked}/${total}`);
  expect(await panel(page).getAttribute('data-state')).toBe('packed');
  expect(await panel(page).textContent()).toContain(item.title);
}

async function closeActiveBox(page: Page, weight: { scale: string } | { typed: string }) {
  const form = page.locator('[data-testid=bench-close]');
  await form.locator('select[name=preset]').selectOption({ label: 'Small 12×10×8' });
  expect(await form.locator('input[name=lengthIn]').inputValue()).toBe('12');
  const field = form.locator('input[name=weight]');
  if ('scale' in weight) {
    // The scale types its reading as a fast burst ending in Enter, into the focused weight field.
    await field.focus();
    await wedgeScan(page, weight.scale);
    await expect.poll(() => field.inputValue()).toBe('4.2');
  } else await field.fill(weight.typed);
  await form.locator('[data-testid=bench-close-weight]').waitFor();
  await form.locator('button[type=submit]').click();
}

describe('the packer’s bench', () => {
  it('packs a 3-SKU plan into 2 boxes by wedge scans offline, and the server holds both boxes closed with every unit', async () => {
    const plan = await planAtBench(env.server.url);
    const total = plan.items.reduce((n, i) => n + i.quantity, 0);
    expect(total).toBe(7);
    const page = await signedIn(env, 'demo.receiver');
    const url = env.server.url;

    // The bench's plans, from the device's replica.
    await page.goto(`${url}/apps/outbound/bench`);
    await page.locator(`[data-testid=bench-plans] a[data-plan="${plan.planId}"]`).click();
    await page.waitForURL(`**/apps/outbound/bench/${plan.planId}`);
    await page.locator('[data-testid=bench]').waitFor();
    await expect.poll(() => page.locator('[data-testid=bench-lines] tbody tr').count()).toBe(3);
    await expect.poll(() => pending(page)).toBe(0);

    await page.context().setOffline(true);
    await page.waitForSelector('[data-testid=sync-online][data-online=false]');

    // What to pack: box 1 and box 2 (the groups' own boxes when the plan has two groups).
    const [a, b, c] = plan.items;
    const groups = [...new Set(plan.items.map((i) => i.packingGroupId))];
    const units = (item: BenchItem, n: number) => Array.from({ length: n }, () => item);
    const [box1, box2] =
      groups.length === 1
        ? [
            [...units(a, a.quantity), ...units(b, 1)],
            [...units(b, b.quantity - 1), ...units(c, c.quantity)],
          ]
        : groups.map((g) => plan.items.filter((i) => i.packingGroupId === g).flatMap((i) => units(i, i.quantity)));

    // An unknown code is refused in words.
    await wedgeScan(page, 'NOTINPLAN01');
    await expect.poll(() => panel(page).getAttribute('data-reason')).toBe('unknown');
    expect(await panel(page).textContent()).toContain('NOTINPLAN01 is not in this plan');

    let packed = 0;
    for (const item of box1) await packOne(page, item, ++packed, total);
    // The first scan opened box 1; its prep is said in words.
    expect(await page.locator('[data-testid=bench-box]').getAttribute('data-box-no')).toBe('1');
    await page.locator('[data-testid=prep-steps] li').first().waitFor();

    if (groups.length === 1) {
      await page.getByTestId('bench-new-box').click();
      await expect.poll(() => page.locator('[data-testid=bench-box]').getAttribute('data-box-no')).toBe('2');
      expect(await page.locator('[data-testid=bench-box]').getAttribute('data-state')).toBe('open');
    }
    for (const item of box2) await packOne(page, item, ++packed, total);
    expect(await page.locator('[data-testid=bench-box]').getAttribute('data-box-no')).toBe('2');

    // One more of a fully boxed line: refused, loudly, and nothing is counted.
    const last = box2[box2.length - 1];
    await wedgeScan(page, last.fnsku);
    await expect.poll(() => panel(page).getAttribute('data-reason')).toBe('over_scan');
    expect(await panel(page).textContent()).toContain(`are boxed already`);
    expect(await packedTile(page)).toBe(`${total}/${total}`);

    // A unit taken out of the box and scanned back in.
    const row = page.locator(`[data-testid=bench-contents] li[data-line="${last.id}"]`);
    await row.getByRole('button', { name: 'Take one out' }).click();
    await expect.poll(() => packedTile(page)).toBe(`${total - 1}/${total}`);
    await packOne(page, last, total, total);

    // Box 2 closed with a preset and the scale's reading; box 1 with a typed weight.
    await closeActiveBox(page, { scale: '4.20 lb' });
    await expect.poll(() => page.locator('[data-testid=bench-box]').getAttribute('data-state')).toBe('closed');
    await page.locator('[data-testid=bench-boxes] tr[data-state=open]').getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.locator('[data-testid=bench-box]').getAttribute('data-box-no')).toBe('1');
    await closeActiveBox(page, { typed: '6.5' });
    await expect.poll(() => page.textContent('[data-testid=bench-closed-boxes] .tile-value')).toBe('2');
    // Numbers are the device's until the server's arrive; everything waits in the outbox.
    expect(await page.locator('[data-testid=bench-boxes] tr[data-provisional=true]').count()).toBe(2);
    expect(await pending(page)).toBeGreaterThan(total);

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
    expect(tree.body.boxes.map((x) => [x.boxNo, x.state])).toEqual([
      [1, 'closed'],
      [2, 'closed'],
    ]);
    expect(tree.body.boxes.map((x) => x.items.reduce((n, i) => n + i.quantity, 0))).toEqual([box1.length, box2.length]);
    expect(tree.body.boxes.map((x) => [x.lengthIn, x.weightLb])).toEqual([
      [12, 6.5],
      [12, 4.2],
    ]);
    expect([tree.body.units, tree.body.boxed, tree.body.left.length]).toEqual([7, 7, 0]);
    await page.context().close();
  });
});
