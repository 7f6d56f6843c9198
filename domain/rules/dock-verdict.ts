/**
 * The dock verdict of a package scan (spec §5 receiving), one rule for the server, the device's
 * optimistic apply and the scan screen's instant prediction:
 *  1. already scanned in this receive batch → duplicate;
 *  2. an expected package of the batch's client → matched (it becomes delivered);
 *  3. the client has the number but it was delivered before → duplicate;
 *  4. otherwise → not_found (the scan is kept so the desk can chase it).
 */
import type { MatchStatus } from '../schemas/ship.js';

export const EXPECTED_STATUS = 'expected';

export function dockVerdict(alreadyScannedInBatch: boolean, candidateStatuses: readonly string[]): MatchStatus {
  if (alreadyScannedInBatch) return 'duplicate';
  if (candidateStatuses.includes(EXPECTED_STATUS)) return 'matched';
  return candidateStatuses.length > 0 ? 'duplicate' : 'not_found';
}
