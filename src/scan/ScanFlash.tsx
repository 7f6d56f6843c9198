/** The full-screen colour flash of the last scan verdict, big enough to see at arm's length. */
import { useFlash } from './feedback';

export function ScanFlash() {
  const { kind, seq } = useFlash();
  if (!kind) return null;
  return <div key={seq} className={`scan-flash scan-flash-${kind}`} data-testid="scan-flash" data-kind={kind} aria-hidden="true" />;
}
