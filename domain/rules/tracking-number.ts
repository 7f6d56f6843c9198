/**
 * Tracking-number normalisation (spec §5), shared by the handheld (instant verdicts offline) and
 * the server (the authority). After the trim, the first rule that applies decides:
 *  1. UPS (1Z…), Amazon (TBA…) and USPS IMpb (92…, 93…, 94…) numbers are kept as they are;
 *  2. longer than 15 characters with `9261` at characters 8–11: drop the first 8 — the
 *     "420" + ZIP prefix a USPS label's GS1-128 barcode carries before the tracking number;
 *  3. length 22, 32 or 34 (FedEx Ground/SmartPost and door-tag barcodes): the last 12 characters;
 *  4. otherwise the trimmed value.
 * Values are upper-cased first: carriers' numbers are case-insensitive, a scanner in caps-lock
 * or a hand-typed value must still match.
 */
const KEEP_PREFIXES = ['1Z', 'TBA', '92', '93', '94'];

export function normaliseTrackingNumber(raw: string): string {
  const value = raw.trim().toUpperCase();
  if (KEEP_PREFIXES.some((p) => value.startsWith(p))) return value;
  if (value.length > 15 && value.slice(8, 12) === '9261') return value.slice(8);
  if (value.length === 22 || value.length === 32 || value.length === 34) return value.slice(-12);
  return value;
}
