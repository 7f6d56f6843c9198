/**
 * Amazon's prep instructions in the packer's words (Fulfillment Inbound v2024-03-20 PrepType, and
 * the prep categories Amazon also sends in `prepType`). The bench shows one line per step, in the
 * order Amazon lists them; a unit that needs nothing reads "Ready to ship".
 */
import type { BenchLineRow } from '../../../domain/schemas/bench';
import { PREP_CATEGORIES, PREP_TYPES as ITEM_PREP_TYPES } from '../../../domain/schemas/fba-prep';

/** Every prepType Amazon documents: item preps first, then the categories it may send instead. */
export const PREP_TYPES = [...ITEM_PREP_TYPES, ...PREP_CATEGORIES] as const;
export type PrepType = (typeof PREP_TYPES)[number];

const KNOWN = new Set<string>(PREP_TYPES);
/** Types that mean "nothing to do" (they vanish when a real step is there too). */
const NOTHING = new Set<string>(['ITEM_NO_PREP', 'NONE']);

export interface PrepStep {
  /** i18n key under `bench.prep.` when Amazon's type is known; else null and `raw` is shown. */
  type: PrepType | null;
  raw: string;
  /** Who does it: AMAZON means the fulfilment centre does (charged), not the bench. */
  byAmazon: boolean;
}

/**
 * The steps for one line, deduplicated, with "Ready to ship" only when nothing else is asked.
 * An unknown type is kept as Amazon wrote it rather than dropped: the packer must see it.
 */
export function prepSteps(instructions: BenchLineRow['prepInstructions']): PrepStep[] {
  const seen = new Set<string>();
  const steps: PrepStep[] = [];
  for (const i of instructions) {
    const raw = (i.prepType ?? '').trim().toUpperCase();
    if (!raw || seen.has(raw)) continue;
    seen.add(raw);
    steps.push({ type: KNOWN.has(raw) ? (raw as PrepType) : null, raw, byAmazon: i.prepOwner === 'AMAZON' });
  }
  const work = steps.filter((s) => !NOTHING.has(s.raw));
  return work.length ? work : [{ type: 'ITEM_NO_PREP', raw: 'ITEM_NO_PREP', byAmazon: false }];
}

/** Whether the unit goes in the box as it is. */
export const readyAsIs = (steps: PrepStep[]): boolean => steps.every((s) => s.type === 'ITEM_NO_PREP');
