/**
 * Captures wedge-scanner bursts on a scan screen whatever has focus. Keys are let through while
 * it is not yet known whether they are a burst; when the terminator arrives and the burst is a
 * scan, the terminator is swallowed and the burst's characters are taken back out of the focused
 * text field, so a scan never lands half in a search box.
 */
import { useEffect, useRef } from 'react';
import { loadWedgeOptions, WedgeDetector, type WedgeOptions } from './wedge';

type Editable = HTMLInputElement | HTMLTextAreaElement;
const isEditable = (el: Element | null): el is Editable =>
  (el instanceof HTMLInputElement && ['text', 'search', 'number', 'tel', 'url', 'email', ''].includes(el.type)) ||
  el instanceof HTMLTextAreaElement;

/** Set a field's value so React's controlled inputs see it too (native setter + input event). */
function setFieldValue(el: Editable, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function useWedgeScanner(
  onScan: (code: string) => void,
  opts: { enabled?: boolean; options?: WedgeOptions } = {},
): void {
  const handler = useRef(onScan);
  handler.current = onScan;
  const enabled = opts.enabled ?? true;
  const options = opts.options;

  useEffect(() => {
    if (!enabled) return;
    const detector = new WedgeDetector(options ?? loadWedgeOptions());
    // Where the current burst started in the focused field, to take it back out.
    let burstStart: { el: Editable; value: string } | null = null;

    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      const verdict = detector.feed(event.key, event.timeStamp);
      if (verdict.kind === 'char') {
        if (verdict.burstLength === 1) {
          const el = document.activeElement;
          burstStart = isEditable(el) ? { el, value: el.value } : null;
        }
        return;
      }
      if (verdict.kind === 'scan') {
        event.preventDefault();
        event.stopPropagation();
        if (burstStart) {
          const { el, value } = burstStart;
          // Restore after the last character's input event has been handled.
          queueMicrotask(() => setFieldValue(el, value));
        }
        burstStart = null;
        handler.current(verdict.code);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, options]);
}
