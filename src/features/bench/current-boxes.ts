/**
 * Which open box is this device's, per packing group, for each plan: kept in localStorage so a
 * reload (a handheld waking up) keeps packing into the same box. Box rows carry no device; two
 * benches packing one plan each keep their own boxes, and a box closed or discarded elsewhere is
 * simply not open any more (the scan opens a new one).
 */
import type { CurrentBoxes } from './scan-plan';

const key = (planId: number) => `dockside.bench.boxes.${planId}`;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
const store = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readCurrentBoxes(planId: number, storage: Storage | null = store()): CurrentBoxes {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key(planId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function writeCurrentBoxes(planId: number, boxes: CurrentBoxes, storage: Storage | null = store()): void {
  try {
    storage?.setItem(key(planId), JSON.stringify(boxes));
  } catch {
    // A full or private storage only costs the memory across reloads.
  }
}
