/**
 * One bench, two devices (issue 38 defect 7), in Chromium: a desktop at 1280 px and a 412 px
 * handheld, both demo.receiver, find the packer's bench from the Outbound menu and from the floor
 * tiles of the home page. The bench's open box is the server's, replicated to both: the handheld,
 * offline, opens its own box for a scan while the desktop opens box 1 online — back online, the
 * server refuses the handheld's box and its scan, and the bench says so in words (the conflict
 * is surfaced, nothing dropped); scanned again, the unit goes into box 1 (no "New box 2"), also
 * after a reload. NEW BOX on the handheld opens box 2, into which the desktop's next scan goes.
 * The screens hold at both widths: no table cell spills into another (a group, a prep step, the
 * progress bar), the close form's size fields stay inside their card, and the phone's page is no
 * wider than the phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eEnv, signedIn } from './env.js';
import { pending, signIn, wedgeScan } from './harness.js';
import { planAtBench, type BenchItem } from './fba-bench-plan.js';

const env = e2eEnv();

const panel = (page: Page) => page.locator('[data-testid=bench-last-scan]');
const benchBox = (page: Page) => page.locator('[data-testid=bench-box]');
const packedTile = (page: Page) => page.textContent('[data-testid=bench-packed] .tile-value');

/** Cells that spill over their neighbours or out of the page, and close-form fields outside their card. */
const layoutFaults = (page: Page) =>
  page.evaluate(() => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const row of document.querySelectorAll('[data-testid=bench] table tbody tr')) {
      const tds = [...row.querySelectorAll('td')];
      for (const td of tds) if (td.scrollWidth > td.clientWidth + 1) faults.push(`spills: ${td.textContent}`);
      const boxes = tds.map((td) => ({ text: td.textContent, box: td.getBoundingClientRect() }));
      for (const c of boxes) if (c.box.left < -0.5 || c.box.right > width + 0.5) faults.push(`outside: ${c.text}`);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].box;
          const b = boxes[j].box;
          const apart =
            a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
          if (!apart) faults.push(`overlap: ${boxes[i].text} / ${boxes[j].text}`);
        }
      // What a cell holds stays apart too ("Group 3" beside the FNSKU, a prep step beside the bar).
      for (const td of tds)
        for (const child of td.querySelectorAll('span, progress')) {
          const c = child.getBoundingClientRect();
          const t = td.getBoundingClientRect();
          if (c.width && (c.right > t.right + 0.5 || c.left < t.left - 0.5))
            faults.push(`out of its cell: ${child.textContent || child.tagName}`);
        }
    }
    const form = document.querySelector('[data-testid=bench-close]');
    if (form) {
      const card = form.getBoundingClientRect();
      for (const input of form.querySelectorAll('input, select')) {
        const r = input.getBoundingClientRect();
        if (r.right > card.right + 0.5) faults.push(`field outside the close form: ${input.getAttribute('name')}`);
      }
    }
    return { faults, scrollWidth: document.documentElement.scrollWidth, width };
  });

describe('the packer’s bench on two devices', () => {
  it('is found from the menu and the floor tiles; both devices pack into the server’s open box; an offline box that lost is refused in words; the layout holds at 1280 and 412 px', async () => {
    const url = env.server.url;
    const plan = await planAtBench(url, [5, 2, 2], 'Acme two devices');
    const total = plan.items.reduce((n, i) => n + i.quantity, 0);
    const first = plan.items[0];
    const groupOf = (i: BenchItem) => i.packingGroupId;
    const sameGroup = plan.items.filter((i) => groupOf(i) === groupOf(first));

    // ---- The desktop: Outbound › Packer's bench. ----
    const desktop = await signedIn(env, 'demo.receiver');
    const outbound = desktop.locator('details.menu-section', {
      has: desktop.locator('a[data-menu-key=PackersBench]'),
    });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=PackersBench]').click();
    await desktop.waitForURL('**/apps/outbound/bench');
    await desktop.locator(`[data-testid=bench-plans] a[data-plan="${plan.planId}"]`).click();
    await desktop.locator('[data-testid=bench]').waitFor();
    await expect.poll(() => desktop.locator('[data-testid=bench-lines] tbody tr').count()).toBe(plan.items.length);

    // ---- The handheld: the floor tile on the home page. ----
    const phone = await (await env.browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await signIn(phone, url, 'demo.receiver');
    await phone.waitForURL('**/dashboard');
    await phone.locator('[data-testid=floor-tile][data-tile="/apps/outbound/bench"]').click();
    await phone.waitForURL('**/apps/outbound/bench');
    await phone.locator(`[data-testid=bench-plans] a[data-plan="${plan.planId}"]`).click();
    await phone.locator('[data-testid=bench]').waitFor();
    await expect.poll(() => phone.locator('[data-testid=bench-lines] tbody tr').count()).toBe(plan.items.length);
    await expect.poll(() => pending(phone)).toBe(0);

    // ---- The handheld offline opens a box for a scan; the desktop, online, opens box 1 meanwhile. ----
    await phone.context().setOffline(true);
    await phone.waitForSelector('[data-testid=sync-online][data-online=false]');
    await wedgeScan(phone, first.fnsku);
    await expect.poll(() => panel(phone).getAttribute('data-state')).toBe('packed');
    expect(await phone.locator('[data-testid=bench-box-change]').textContent()).toContain('New box 1');

    await wedgeScan(desktop, first.fnsku);
    await expect.poll(() => packedTile(desktop)).toBe(`1/${total}`);
    expect(await desktop.locator('[data-testid=bench-box-change]').textContent()).toContain('New box 1');
    await expect.poll(() => pending(desktop)).toBe(0);

    // Back online: the server's box 1 wins; the handheld's box and its scan are refused, said in words.
    await phone.context().setOffline(false);
    await expect.poll(() => pending(phone), { timeout: 60_000, interval: 250 }).toBe(0);
    await expect.poll(() => panel(phone).getAttribute('data-reason'), { timeout: 30_000 }).toBe('server');
    expect(await panel(phone).textContent()).toContain('Another device of the bench opened this group’s box first');
    await expect.poll(() => phone.locator('[data-testid=sync-attention]').count()).toBeGreaterThan(0);
    await expect.poll(() => packedTile(phone), { timeout: 30_000 }).toBe(`1/${total}`);
    await expect.poll(() => phone.locator('[data-testid=bench-boxes] tbody tr').count()).toBe(1);

    // Scanned again, the unit goes into box 1: no new box beside the one the bench has open.
    await expect.poll(() => benchBox(phone).getAttribute('data-box-no')).toBe('1');
    await wedgeScan(phone, first.fnsku);
    await expect.poll(() => packedTile(phone)).toBe(`2/${total}`);
    expect(await phone.locator('[data-testid=bench-into-box]').textContent()).toContain('Box 1');
    // Not a new box: the bench's box 1 — said as another box than the one the handheld had.
    expect(await phone.locator('[data-testid=bench-box-change]').textContent()).toBe('Another box: put it in box 1');
    await expect.poll(() => packedTile(desktop), { timeout: 30_000 }).toBe(`2/${total}`);

    // A reload keeps box 1 as the bench's box: it is the server's, not the device's memory.
    await expect.poll(() => pending(phone)).toBe(0);
    await phone.reload();
    await phone.locator('[data-testid=bench]').waitFor();
    await expect.poll(() => benchBox(phone).getAttribute('data-box-no')).toBe('1');
    expect(await benchBox(phone).getAttribute('data-state')).toBe('open');
    await wedgeScan(phone, first.fnsku);
    await expect.poll(() => packedTile(phone)).toBe(`3/${total}`);
    expect(await phone.locator('[data-testid=bench-box-change]').count()).toBe(0);

    // ---- Layout, with a box open and its close form shown. ----
    await phone.locator('[data-testid=bench-close]').waitFor();
    const small = await layoutFaults(phone);
    expect(small.faults).toEqual([]);
    expect(small.scrollWidth).toBeLessThanOrEqual(412);
    await expect.poll(() => desktop.locator('[data-testid=bench-close]').count()).toBe(1);
    const wide = await layoutFaults(desktop);
    expect(wide.faults).toEqual([]);
    expect(wide.scrollWidth).toBeLessThanOrEqual(1280);

    // ---- NEW BOX on the handheld: box 2, and the desktop's next scan goes into it. ----
    await phone.locator('[data-testid=bench-new-box]').click();
    await expect.poll(() => panel(phone).textContent()).toContain('New box 2');
    await expect.poll(() => pending(phone)).toBe(0);
    await expect.poll(() => desktop.locator('[data-testid=bench-boxes] tbody tr').count(), { timeout: 30_000 }).toBe(2);
    const next = sameGroup.find((i) => i.id !== first.id) ?? first;
    await wedgeScan(desktop, next.fnsku);
    await expect.poll(() => packedTile(desktop)).toBe(`4/${total}`);
    expect(await desktop.locator('[data-testid=bench-into-box]').textContent()).toContain('Box 2');
    expect(await desktop.locator('[data-testid=bench-box-change]').textContent()).toContain('box 2');

    await phone.context().close();
    await desktop.context().close();
  });
});
