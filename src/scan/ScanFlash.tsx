/**
 * The full-screen colour flash of the last scan verdict, big enough to see at arm's length.
 * One persistent layer, animated directly (Web Animations, opacity only): a scan changes no React
 * state here, so the flash costs the scan's frame no render, no DOM insertion and no style pass
 * beyond the layer's own colour.
 */
import { useEffect, useRef } from 'react';
import { useFlash } from './feedback';

const COLOURS = { ok: 'var(--ok)', duplicate: 'var(--warn)', unknown: 'var(--err)', error: 'var(--err)' } as const;

export function ScanFlash() {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      useFlash.subscribe((s) => {
        const el = layer.current;
        if (!el || !s.kind) return;
        el.dataset.kind = s.kind;
        el.style.background = COLOURS[s.kind];
        const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        if (typeof el.animate === 'function') el.animate([{ opacity: 0.55 }, { opacity: 0 }], { duration: reduced ? 1 : 450, easing: 'ease-out' });
      }),
    [],
  );
  return <div ref={layer} className="scan-flash" data-testid="scan-flash" aria-hidden="true" />;
}
