/**
 * The dock verdict of package scans (spec §5 receiving): ONE rule for the server, the device's
 * optimistic apply, the scan screen's instant prediction and the test fake. It is set-based: a
 * run of scans of one receive batch is judged against three facts about the batch's client, in
 * scan order —
 *  1. a number shorter than MIN_TRACKING_LENGTH once normalised is refused (it cannot be a
 *     tracking number: a stray key, a location label);
 *  2. a number this receive batch already scanned (before, or earlier in the run) → duplicate;
 *  3. a number with an expected (not yet delivered) package of the client → matched: this scan
 *     claims the package;
 *  4. a number the client has, but delivered before → duplicate;
 *  5. otherwise → not_found (the scan is kept so the desk can chase it).
 * Who knows the facts differs — the server reads them under lock and claims atomically, the
 * device reads its replica — the rule does not.
 */
import type { MatchStatus } from '../schemas/inbound.js';
import { normaliseTrackingNumber } from './tracking-number.js';

/** The shortest tracking number, once normalised (also the typed scan's minimum length). */
export const MIN_TRACKING_LENGTH = 4;

export const EXPECTED_STATUS = 'expected';

export interface DockFacts {
  /** Normalised numbers this receive batch has already scanned. */
  scanned: ReadonlySet<string>;
  /** Normalised numbers with an expected package of the batch's client still to claim. */
  expected: ReadonlySet<string>;
  /** Normalised numbers the client has in any state (expected or delivered). */
  known: ReadonlySet<string>;
}

export type DockJudgement = { number: string; verdict: MatchStatus } | { number: string; refused: 'too_short' };

/** A scan as the dock reads it: normalised, and whether it can be a tracking number at all. */
export function readDockScan(raw: string): { number: string; ok: boolean } {
  const number = normaliseTrackingNumber(raw);
  return { number, ok: number.length >= MIN_TRACKING_LENGTH };
}

/** The verdicts of a run of scans of one receive batch, in order (rules 1–5 above). */
export function judgeDockScans(raws: readonly string[], facts: DockFacts): DockJudgement[] {
  const seen = new Set(facts.scanned);
  const claimed = new Set<string>();
  return raws.map((raw) => {
    const { number, ok } = readDockScan(raw);
    if (!ok) return { number, refused: 'too_short' };
    if (seen.has(number)) return { number, verdict: 'duplicate' };
    seen.add(number);
    if (facts.expected.has(number) && !claimed.has(number)) {
      claimed.add(number);
      return { number, verdict: 'matched' };
    }
    return { number, verdict: facts.known.has(number) ? 'duplicate' : 'not_found' };
  });
}

/**
 * The facts of one number from its candidate statuses (the client's packages with that number),
 * for callers that look numbers up one at a time (the device's replica).
 */
export function factsOf(number: string, alreadyScanned: boolean, candidateStatuses: readonly string[]): DockFacts {
  const one = new Set([number]);
  const none = new Set<string>();
  return {
    scanned: alreadyScanned ? one : none,
    expected: candidateStatuses.includes(EXPECTED_STATUS) ? one : none,
    known: candidateStatuses.length > 0 ? one : none,
  };
}

/** The verdict of a single, valid scan: the rule for a run of one. */
export function dockVerdict(alreadyScannedInBatch: boolean, candidateStatuses: readonly string[]): MatchStatus {
  // Any valid placeholder number works: the facts are about this one scan.
  const n = 'SCAN';
  const [j] = judgeDockScans([n], factsOf(n, alreadyScannedInBatch, candidateStatuses));
  return 'verdict' in j ? j.verdict : 'not_found';
}
