/** What the catalogue API answers: the domain's response schemas (server and screens share them). */
import type { ProductDetail, ProductRow } from '../../../domain/schemas/products';

export type Product = ProductDetail;
export type ProductListRow = ProductRow;

/** Field errors of a zod result or an API refusal, keyed by field ('form' for the rest). */
export const issuesByField = (issues: { path: PropertyKey[]; message: string }[]): Record<string, string> =>
  Object.fromEntries(issues.map((i) => [String(i.path[0] ?? 'form'), i.message]));
