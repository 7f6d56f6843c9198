/**
 * The bench's labels waiting for one print dialog (no printer that prints by itself), in scan
 * order. Pure, so the batching is tested without a browser.
 */
import type { PrinterSettings } from '../../../domain/schemas/labels';
import type { LabelledLine } from './label';

/** A unit's label waiting for the print dialog. */
export interface WaitingLabel {
  scanId: string;
  boxId: string;
  line: LabelledLine & { id: number };
}

/**
 * The labels waiting for one print dialog, in scan order. Pure, so the batching is tested without
 * a browser: `add` answers whether the batch is due (N units reached in `units` mode); `take`
 * empties a box's labels (or all); `drop` takes units of a line back out of a box's labels (a unit
 * taken out of the box needs no label).
 */
export class LabelQueue {
  private labels: WaitingLabel[] = [];
  constructor(
    public batch: PrinterSettings['dialogBatch'] = 'box',
    public units: number = 10,
  ) {}

  get size(): number {
    return this.labels.length;
  }
  sizeOf(boxId: string): number {
    return this.labels.filter((l) => l.boxId === boxId).length;
  }
  add(label: WaitingLabel): boolean {
    this.labels.push(label);
    return this.batch === 'units' && this.labels.length >= this.units;
  }
  take(boxId?: string): WaitingLabel[] {
    const taken = this.labels.filter((l) => boxId === undefined || l.boxId === boxId);
    this.labels = this.labels.filter((l) => boxId !== undefined && l.boxId !== boxId);
    return taken;
  }
  /** Back at the front after a failed print: nothing waiting is lost. */
  putBack(labels: WaitingLabel[]): void {
    this.labels = [...labels, ...this.labels];
  }
  drop(boxId: string, lineId: number, units: number): void {
    for (let n = 0; n < units; n++) {
      const at = this.labels.findLastIndex((l) => l.boxId === boxId && l.line.id === lineId);
      if (at < 0) return;
      this.labels.splice(at, 1);
    }
  }
}
