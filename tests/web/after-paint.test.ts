// @vitest-environment jsdom
/**
 * afterPaint: a scan's write waits for the frame that paints its verdict, never longer than a
 * short timer, and queued work runs in the order it was queued (scans reach the outbox in order).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type AfterPaint = typeof import('../../src/scan/after-paint').afterPaint;
let frames: FrameRequestCallback[] = [];
const runFrame = (): void => {
  const callbacks = frames;
  frames = [];
  for (const cb of callbacks) cb(performance.now());
};
/** The message posted from the frame is delivered in a later task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function load(withFrames = true): Promise<AfterPaint> {
  vi.resetModules();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', withFrames ? (cb: FrameRequestCallback) => frames.push(cb) : undefined);
  return (await import('../../src/scan/after-paint')).afterPaint;
}

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

describe('afterPaint', () => {
  it('runs queued work after the frame is painted, in the order it was queued', async () => {
    const afterPaint = await load();
    const ran: string[] = [];
    void afterPaint().then(() => ran.push('first scan'));
    void afterPaint().then(() => ran.push('second scan'));
    await nextTask();
    expect(ran).toEqual([]); // no frame yet: nothing started
    expect(frames).toHaveLength(1); // one frame request for the whole queue
    runFrame();
    expect(ran).toEqual([]); // the frame's own callbacks run before its paint
    await nextTask();
    expect(ran).toEqual(['first scan', 'second scan']);

    void afterPaint().then(() => ran.push('third scan'));
    expect(frames).toHaveLength(1); // a new frame is asked for the next work
    runFrame();
    await nextTask();
    expect(ran).toEqual(['first scan', 'second scan', 'third scan']);
  });

  it('a page that paints no frames still runs the work, after a short timer', async () => {
    const afterPaint = await load();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ran: number[] = [];
    void afterPaint().then(() => ran.push(1));
    void afterPaint().then(() => ran.push(2));
    await vi.advanceTimersByTimeAsync(99);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual([1, 2]);
    // The late frame finds nothing left to run twice.
    vi.useRealTimers();
    runFrame();
    await nextTask();
    expect(ran).toEqual([1, 2]);
  });

  it('without requestAnimationFrame the timer alone runs the work', async () => {
    const afterPaint = await load(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    void afterPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });

  it('a page being hidden or left starts the queued work at once', async () => {
    const afterPaint = await load();
    const ran: string[] = [];
    void afterPaint().then(() => ran.push('hidden'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await Promise.resolve();
    expect(ran).toEqual(['hidden']);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    void afterPaint().then(() => ran.push('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(ran).toEqual(['hidden', 'pagehide']);
  });
});
