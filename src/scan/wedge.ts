/**
 * HID keyboard-wedge scanners type a code as a burst of key presses a few milliseconds apart,
 * ending in Enter or Tab. People type 80–250 ms apart. The detector tells the two apart by the
 * gaps inside the burst, so a scan is caught whatever has focus while typing by hand still works.
 */
import { scannerSettingsSchema, type ScannerSettings } from '../../domain/schemas/scanner';

export interface WedgeOptions {
  /** Largest gap between two keys of one burst (ms). */
  maxGapMs: number;
  /** Shortest code accepted as a scan. */
  minLength: number;
  /** Keys that end a burst. */
  terminators: readonly string[];
}

export const DEFAULT_WEDGE: WedgeOptions = { maxGapMs: 35, minLength: 4, terminators: ['Enter', 'Tab'] };
export const SCANNER_SETTINGS_KEY = 'scannerSettings';

export type WedgeVerdict =
  /** A character that may belong to a burst (the caller lets it through for now). */
  | { kind: 'char'; burstLength: number }
  /** A complete scan: the caller swallows the terminator and removes the burst from any input. */
  | { kind: 'scan'; code: string }
  /** A key that is not part of a scan (hand typing, navigation keys). */
  | { kind: 'other' };

export class WedgeDetector {
  private buffer = '';
  private lastAt = -Infinity;

  constructor(private readonly options: WedgeOptions = DEFAULT_WEDGE) {}

  /** Feed one keydown: its `key` and time in ms (event.timeStamp). */
  feed(key: string, at: number): WedgeVerdict {
    const gap = at - this.lastAt;
    this.lastAt = at;
    if (this.options.terminators.includes(key)) {
      const code = this.buffer;
      this.buffer = '';
      return gap <= this.options.maxGapMs && code.length >= this.options.minLength
        ? { kind: 'scan', code }
        : { kind: 'other' };
    }
    if (key.length !== 1) {
      // Shift and other modifiers come inside bursts (upper-case letters); they keep the burst.
      if (key === 'Shift') return { kind: 'other' };
      this.buffer = '';
      return { kind: 'other' };
    }
    this.buffer = gap <= this.options.maxGapMs ? this.buffer + key : key;
    return { kind: 'char', burstLength: this.buffer.length };
  }

  reset(): void {
    this.buffer = '';
    this.lastAt = -Infinity;
  }
}

/** The configured thresholds (printer/scanner settings), falling back to the defaults. */
export function loadWedgeOptions(
  storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
): WedgeOptions {
  try {
    const raw = storage?.getItem(SCANNER_SETTINGS_KEY);
    if (!raw) return DEFAULT_WEDGE;
    const parsed = scannerSettingsSchema.partial().safeParse(JSON.parse(raw));
    if (!parsed.success) return DEFAULT_WEDGE;
    return { ...DEFAULT_WEDGE, ...parsed.data };
  } catch {
    return DEFAULT_WEDGE;
  }
}

/** Saves the thresholds for this device; the scan screens read them when they open. */
export function saveWedgeOptions(options: ScannerSettings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(SCANNER_SETTINGS_KEY, JSON.stringify(scannerSettingsSchema.parse(options)));
}
