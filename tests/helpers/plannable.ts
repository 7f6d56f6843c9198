/**
 * Which of the Amazon sandbox's listings a test can plan for FBA without fixing anything first:
 * fulfilled by Amazon, with an FNSKU, no listing error (which also leaves out the product under
 * hazmat review), and a prep category Amazon knows.
 */
import { UNCATEGORISED_PRODUCTS } from '../../server/sandboxes/amazon/inbound-prep.js';

export interface ListingRow {
  sku: string;
  title?: string | null;
  fnsku: string | null;
  channel: string;
  issues: { severity: string }[];
}

export const plannable = (r: ListingRow): boolean =>
  r.channel === 'FBA' &&
  !!r.fnsku &&
  !r.issues.some((i) => i.severity === 'ERROR') &&
  !UNCATEGORISED_PRODUCTS.test(r.title ?? '');
