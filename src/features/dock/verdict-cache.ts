/**
 * The scan screen's in-memory picture of one receive batch: the client's announced numbers and
 * what this batch already scanned. It answers the dock verdict synchronously, so the tone, the
 * flash and the panel change in the frame of the scan; the device's transaction (and later the
 * server) confirm it, and the screen corrects itself in the rare case they differ.
 */
import { dockVerdict, readDockScan } from '../../../domain/rules/dock-verdict';
import type { MatchStatus } from '../../../domain/schemas/inbound';

export class DockVerdictCache {
  /** Normalised number → statuses of the client's expected packages with that number. */
  private expected = new Map<string, string[]>();
  private scanned = new Set<string>();

  load(expected: Iterable<{ trackingNumber: string; status: string }>, scannedNumbers: Iterable<string>): void {
    this.expected.clear();
    for (const row of expected) {
      const list = this.expected.get(row.trackingNumber);
      if (list) list.push(row.status);
      else this.expected.set(row.trackingNumber, [row.status]);
    }
    this.scanned = new Set(scannedNumbers);
  }

  /** The verdict the device will give, or null when the code cannot be a tracking number. */
  predict(raw: string): { number: string; status: MatchStatus } | null {
    const { number, ok } = readDockScan(raw);
    if (!ok) return null;
    return { number, status: dockVerdict(this.scanned.has(number), this.expected.get(number) ?? []) };
  }

  /** Take a scan into the picture (so the next scan of the same number is a duplicate). */
  record(number: string, status: MatchStatus): void {
    this.scanned.add(number);
    if (status === 'matched') {
      const list = this.expected.get(number);
      const i = list?.indexOf('expected') ?? -1;
      if (list && i >= 0) list[i] = 'delivered';
    }
  }
}
