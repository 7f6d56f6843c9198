/**
 * The bench's rules, the same on the handheld (optimistic, offline) and on the server (the
 * verdict): which plan line a scanned code means, whether the box may take the units, and what
 * Amazon would refuse of a box as closed. Pure functions over plain rows.
 */
import { readItemCode } from './item-scan.js';
import { MAX_BOX_LB, MAX_BOX_SIDE_IN, MAX_PARCEL_LB, MIN_BOX_LB } from '../schemas/bench.js';

/**
 * Walmart's inbound carton limit for WFS (its routing guide: a carton over 50 lb needs a team-lift
 * label and is refused above it unless it is one item). Sides: the same 25 in the bench already
 * keeps to for Amazon.
 */
export const WFS_MAX_BOX_LB = 50;

export interface LineForScan {
  id: number;
  title: string;
  codes: string[];
  quantity: number;
  packingGroupId: string | null;
  packSize: number;
}

/**
 * A refused scan: its code and the data to word it (a screen says it in the user's language from
 * these), with the server's English sentence for the API.
 */
export type ScanRefusal<L extends LineForScan> =
  | { ok: false; code: 'unknown'; message: string; line?: undefined }
  | { ok: false; code: 'other_group'; message: string; line: L }
  /** `left`: units of the line the plan has left to box (0 or less: all boxed); `n`: units the scan counts. */
  | { ok: false; code: 'over_scan'; message: string; line: L; left: number; n: number };

export type ScanVerdict<L extends LineForScan> = { ok: true; line: L; units: number } | ScanRefusal<L>;

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

/**
 * What a scan into a box means: the plan line the code names (a case barcode counts the line's
 * case), and whether the box may take that many — never more of a line than the plan has left,
 * never a line of another packing group.
 */
export function judgeScan<L extends LineForScan>(
  lines: L[],
  box: { packingGroupId: string | null; boxNo: number | null },
  code: string,
  typed: number,
  boxedOf: (lineId: number) => number,
): ScanVerdict<L> {
  const read = readItemCode(code);
  const matching = lines.filter((l) => l.codes.some((c) => read.candidates.includes(c)));
  // Prefer the line of the box's group when a code is on several lines (one product, two lots).
  const line =
    matching.find((l) => box.packingGroupId === null || l.packingGroupId === box.packingGroupId) ?? matching[0];
  if (!line) return { ok: false, code: 'unknown', message: `${code.trim()} is not in this plan` };
  if (box.packingGroupId !== null && line.packingGroupId !== null && line.packingGroupId !== box.packingGroupId)
    return {
      ok: false,
      code: 'other_group',
      line,
      message: `${line.title} belongs to another packing group: put it in a box of its own group`,
    };
  const n = read.isCase ? (read.count ?? line.packSize) * typed : typed;
  const left = line.quantity - boxedOf(line.id);
  if (n > left)
    return {
      ok: false,
      code: 'over_scan',
      line,
      left,
      n,
      message:
        left <= 0
          ? `All ${units(line.quantity)} of ${line.title} are boxed already: this one is not in the plan`
          : `Only ${units(left)} of ${line.title} left to box; the scan counts ${n}`,
    };
  return { ok: true, line, units: n };
}

/** Why a box is opened (domain/schemas/bench.ts boxOpenArgsSchema). */
export type OpenReason = 'scan' | 'new';

export interface BoxForOpen {
  id: string;
  boxNo: number;
  packingGroupId: string | null;
  state: string;
}

export type OpenVerdict =
  | { ok: true }
  /** `open_elsewhere`: the scan saw no open box, but the group has one (another device's): pack into it. */
  | { ok: false; code: 'open_elsewhere'; boxNo: number; message: string }
  /** `still_empty`: NEW BOX while the group's open box holds nothing yet. */
  | { ok: false; code: 'still_empty'; boxNo: number; message: string };

/**
 * Whether a box may be opened for a packing group. The bench's open box of a group is one for
 * every device of the bench: a scan that found none opens one only if there is still none (else
 * the box another device opened is the bench's — the conflict is refused in words, never merged);
 * NEW BOX opens another while the group's box is in use, never a second empty one.
 */
export function judgeOpen(
  boxes: readonly BoxForOpen[],
  packingGroupId: string | null,
  reason: OpenReason,
  unitsIn: (boxId: string) => number,
): OpenVerdict {
  const open = boxes.filter((b) => b.state === 'open' && b.packingGroupId === packingGroupId);
  const empty = open.find((b) => unitsIn(b.id) === 0);
  if (reason === 'scan' && open.length) {
    const box = empty ?? open.reduce((a, b) => (b.boxNo > a.boxNo ? b : a));
    return {
      ok: false,
      code: 'open_elsewhere',
      boxNo: box.boxNo,
      message: `Box ${box.boxNo} of this packing group is open already (opened on another device): scan the unit again to pack it into box ${box.boxNo}`,
    };
  }
  if (empty)
    return {
      ok: false,
      code: 'still_empty',
      boxNo: empty.boxNo,
      message: `Box ${empty.boxNo} of this packing group is open and still empty: pack into it first`,
    };
  return { ok: true };
}

export interface BoxMeasure {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  weightLb: number;
}

/** One thing Amazon refuses of a box, as data (screens word it in their language). */
export type BoxIssue =
  | { key: 'empty' }
  | { key: 'side'; longest: number; max: number }
  | { key: 'light'; weight: number }
  | { key: 'heavy'; weight: number; max: number };

/** The server's (English) words for a box issue; `marketplace` is whose limits they are. */
export function boxIssueWords(issue: BoxIssue, marketplace = 'Amazon'): string {
  switch (issue.key) {
    case 'empty':
      return 'The box is empty: scan what goes in it first';
    case 'side':
      return `A side measures ${issue.longest} in: ${marketplace} takes at most ${issue.max} in a side for a box of several units — use a smaller box`;
    case 'light':
      return `The box weighs ${issue.weight} lb: weigh it again`;
    case 'heavy':
      return `The box weighs ${issue.weight} lb: ${marketplace} takes at most ${issue.max} lb for a box of several units — split the contents`;
  }
}

/**
 * What Amazon refuses of a closed box: a side over 25 in or a weight over 50 lb, unless the box
 * holds one oversize unit (then it is a team lift); an empty box; a weight under the floor.
 * Answers the refusals (as data and in words) and whether the box needs a TEAM LIFT label.
 */
export function judgeBox(
  m: BoxMeasure,
  unitsInBox: number,
  maxWeightLb: number = MAX_BOX_LB,
  marketplace = 'Amazon',
): { issues: BoxIssue[]; problems: string[]; teamLift: boolean; parcelOk: boolean } {
  const issues: BoxIssue[] = [];
  const single = unitsInBox === 1;
  if (unitsInBox <= 0) issues.push({ key: 'empty' });
  const longest = Math.max(m.lengthIn, m.widthIn, m.heightIn);
  if (longest > MAX_BOX_SIDE_IN && !single) issues.push({ key: 'side', longest, max: MAX_BOX_SIDE_IN });
  if (m.weightLb < MIN_BOX_LB) issues.push({ key: 'light', weight: m.weightLb });
  if (m.weightLb > maxWeightLb && !single) issues.push({ key: 'heavy', weight: m.weightLb, max: maxWeightLb });
  return {
    issues,
    problems: issues.map((i) => boxIssueWords(i, marketplace)),
    teamLift: m.weightLb > MAX_BOX_LB,
    parcelOk: m.weightLb <= MAX_PARCEL_LB,
  };
}

/** A scale that types like a keyboard sends e.g. "12.40 lb", "5.62KG", "  3.1\r": its reading in lb. */
export function readScale(text: string): number | null {
  const m = text
    .trim()
    .replace(',', '.')
    .match(/^([+-]?\d+(?:\.\d+)?)\s*(lb|lbs|kg|g|oz)?\.?$/i);
  if (!m) return null;
  const v = Number(m[1]);
  if (!Number.isFinite(v) || v < 0) return null;
  const unit = (m[2] ?? 'lb').toLowerCase();
  const lb = unit === 'kg' ? v * 2.20462 : unit === 'g' ? v / 453.592 : unit === 'oz' ? v / 16 : v;
  return Math.round(lb * 100) / 100;
}

/**
 * Command barcodes at the bench: a packer with a wedge scanner in one hand scans these (printed on
 * the bench's command sheet) instead of reaching for the mouse. A command is "$$" and a word.
 * No code the bench judges starts with "$$": FNSKUs and ASINs are letters and digits, UPCs, EANs
 * and GTINs digits, GS1 strings start with "(", "]" or digits, LPNs are letters then digits, and
 * location codes letters, digits and - . / _ (domain/schemas/lpn.ts, locations.ts). Only an MSKU
 * is free text: a plan line that carries the very same code keeps it as a unit (readBenchCommand
 * is asked with the plan's lines). Letters only after the prefix, none of Y and Z (swapped by a
 * scanner typing on a QWERTZ layout), read whatever the case (a scanner with caps lock on).
 */
export const BENCH_COMMANDS = {
  new_box: '$$NEWBOX',
  close_box: '$$CLOSEBOX',
  undo: '$$UNDO',
} as const;

export type BenchCommand = keyof typeof BENCH_COMMANDS;

const COMMAND_OF = new Map(Object.entries(BENCH_COMMANDS).map(([k, v]) => [v, k as BenchCommand]));

/**
 * The command a scanned code is, 'unknown_command' for "$$" and a word the bench does not know, or
 * null for any other code (a unit). Two character tests for a unit's code: nothing more is added
 * to a unit scan's frame. `lines`: the plan's lines, asked only for a "$$" code.
 */
export function readBenchCommand(
  code: string,
  lines: readonly { codes: string[] }[] = [],
): BenchCommand | 'unknown_command' | null {
  const raw = code.trim();
  if (raw.charCodeAt(0) !== 36 || raw.charCodeAt(1) !== 36) return null;
  const upper = raw.toUpperCase();
  if (lines.some((l) => l.codes.some((c) => c.toUpperCase() === upper))) return null;
  return COMMAND_OF.get(upper as (typeof BENCH_COMMANDS)[BenchCommand]) ?? 'unknown_command';
}
