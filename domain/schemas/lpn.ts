/**
 * License plates (LPNs): a numbered container — a tote, a case, a pallet — that holds units or
 * other LPNs and moves as one. An LPN inside another has no location of its own: it is wherever
 * its outermost LPN is. Nesting can never form a cycle (`nestingError`).
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { locationCodeSchema } from './locations.js';

export const MAX_LPNS_PER_REQUEST = 1000;

export const lpnCreateSchema = z.object({
  count: z.coerce
    .number()
    .int('count: a whole number')
    .min(1, 'count: at least 1')
    .max(MAX_LPNS_PER_REQUEST, `count: at most ${MAX_LPNS_PER_REQUEST}`),
  prefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,6}$/, 'prefix: 1–6 letters')
    .default('LPN'),
  locationCode: locationCodeSchema.optional(),
  description: z.string().trim().max(200).optional(),
});

export const lpnCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,6}\d{6,10}$/, 'an LPN code: letters then digits');

/** Put an LPN into another (parentCode) or take it out (null). */
export const lpnNestSchema = z.object({ parentCode: lpnCodeSchema.nullable() });
/** Move an outermost LPN (with everything in it) to a location. */
export const lpnMoveSchema = z.object({ locationCode: locationCodeSchema });

/** The code of the n-th LPN of a prefix: LPN00000042. */
export const lpnCode = (prefix: string, n: number): string => `${prefix}${String(n).padStart(8, '0')}`;

/**
 * Null when `child` may go into `parent` given the current nesting (child → its parent), else why
 * not: an LPN cannot go into itself or into an LPN it (directly or indirectly) contains.
 */
export function nestingError(
  parentOf: ReadonlyMap<string, string | null>,
  child: string,
  parent: string,
): string | null {
  if (child === parent) return `${child} cannot go into itself`;
  const seen = new Set<string>();
  for (let at: string | null | undefined = parent; at; at = parentOf.get(at)) {
    if (at === child) return `${parent} is inside ${child}; ${child} cannot go into it`;
    if (seen.has(at)) break;
    seen.add(at);
  }
  return null;
}

/** The outermost LPN above `code` (itself when it is not inside another). */
export function outermost(parentOf: ReadonlyMap<string, string | null>, code: string): string {
  let at = code;
  const seen = new Set<string>();
  while (parentOf.get(at) && !seen.has(at)) {
    seen.add(at);
    at = parentOf.get(at)!;
  }
  return at;
}

/**
 * An LPN as the floor devices hold it (replica table `lpns`, keyed by its code): where an outermost
 * one stands, or which LPN holds it.
 */
export const lpnRowSchema = z.object({
  id: z.string(),
  parentCode: z.string().nullable(),
  locationCode: z.string().nullable(),
  status: z.string(),
});
export type LpnRow = z.infer<typeof lpnRowSchema>;

// ---- response bodies ----

/** An LPN in the desk list: its parent and its own location by code (none while nested). */
export const lpnListRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  parentCode: z.string().nullable(),
  locationCode: z.string().nullable(),
  description: z.string().nullable(),
  status: z.string(),
});
export type LpnListRow = z.infer<typeof lpnListRowSchema>;
export const lpnPageSchema = pageSchema(lpnListRowSchema);

export const lpnCreatedSchema = z.object({ created: z.number().int(), codes: z.array(z.string()) });

/** Nesting answers where the LPN now is; taken out, it stands at its former outermost LPN's location. */
export const lpnNestResultSchema = z.object({
  code: z.string(),
  parentCode: z.string().nullable(),
  locationCode: z.string().nullable(),
  unitsMoved: z.number().int().optional(),
});
export const lpnMoveResultSchema = z.object({
  code: z.string(),
  locationCode: z.string(),
  unitsMoved: z.number().int(),
});
