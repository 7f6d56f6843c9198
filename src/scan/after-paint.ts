/**
 * Run work after the browser has painted the current frame, in the order it was queued.
 *
 * A scan screen shows its verdict from memory and only then writes the scan. Whatever a scan
 * starts before the paint — IndexedDB requests, their replies, live-query re-runs, React's
 * follow-up renders — is queued as tasks that the browser runs before it begins the frame, so the
 * verdict would wait for the write (measured: ~5 ms of tasks on a 4× throttled handheld, a third
 * of the scan-to-paint time). Queued here, that work starts right after the frame instead.
 *
 * rAF runs just before a paint and a message posted from it runs just after. A hidden page runs no
 * frames, so a timer (and the page being hidden) flushes the queue too: nothing queued is ever
 * left behind, and everything runs in the order it was queued.
 */
type Job = () => void;

const FALLBACK_MS = 100;
let queue: Job[] = [];
let scheduled = false;
let fallback: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  if (!scheduled) return;
  scheduled = false;
  clearTimeout(fallback);
  const jobs = queue;
  queue = [];
  for (const job of jobs) {
    try {
      job();
    } catch (err) {
      // One failing job must not keep the ones after it from running.
      queueMicrotask(() => {
        throw err;
      });
    }
  }
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  fallback = setTimeout(flush, FALLBACK_MS);
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      flush();
    };
    channel.port2.postMessage(null);
  });
}

// A page being hidden or left paints no more frames: start the queued work now.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
  window.addEventListener('pagehide', flush);

/** Resolves after the next paint (or, on a page that is not painting, after a short timer). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    queue.push(resolve);
    schedule();
  });
}
