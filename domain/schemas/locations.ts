/**
 * Warehouse locations (spec §3 location types with their values) and the bulk generator
 * ("aisles A–F × racks 1–20 × levels 1–5 × bins 1–4") shared by the screen's preview and the
 * server, so what the preview shows is exactly what gets created.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { hint, hintIssue } from '../validation/error-map.js';

export const LOCATION_TYPES = {
  bin: 0,
  wire: 1,
  shelf: 2,
  rack: 3,
  level: 4,
  black: 5,
  gray: 6,
  blue: 7,
  red: 8,
  dock: 9,
  desk: 10,
  aisle: 11,
  zone: 12,
  warehouse: 13,
  flatDolly: 14,
  position: 15,
  pallet: 16,
  amazonBag: 17,
  box: 18,
} as const;
export type LocationType = keyof typeof LOCATION_TYPES;
export const LOCATION_TYPE_NAMES = Object.keys(LOCATION_TYPES) as LocationType[];
const typeEnum = z.enum(LOCATION_TYPE_NAMES as [LocationType, ...LocationType[]]);

/** Location codes: upper-case letters, digits and - . / _, what a barcode carries. */
export const locationCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9._/-]{0,39}$/, hint('code40'));

export const locationInputSchema = z.object({
  code: locationCodeSchema,
  type: typeEnum,
  parentCode: locationCodeSchema.optional().or(z.literal('').transform(() => undefined)),
  description: z.string().trim().max(200).optional(),
  /** Units the location holds at most; empty = no limit. */
  capacity: z.coerce.number().int().min(1).max(10_000_000).optional(),
  active: z.boolean().default(true),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

export const MAX_GENERATED_LOCATIONS = 20_000;

/** One level of the generator: letters A–F or numbers 1–20 (zero-padded to `pad` digits). */
export const generatorLevelSchema = z
  .object({
    type: typeEnum,
    from: z.string().trim().toUpperCase().min(1).max(4),
    to: z.string().trim().toUpperCase().min(1).max(4),
    pad: z.coerce.number().int().min(0).max(4).default(0),
  })
  .superRefine((l, ctx) => {
    const letters = /^[A-Z]$/.test(l.from) && /^[A-Z]$/.test(l.to);
    const numbers = /^\d+$/.test(l.from) && /^\d+$/.test(l.to);
    if (!letters && !numbers) ctx.addIssue(hintIssue('levelLettersOrNumbers', ['from']));
    else if ((letters ? l.from.charCodeAt(0) - l.to.charCodeAt(0) : Number(l.from) - Number(l.to)) > 0)
      ctx.addIssue(hintIssue('levelOrder', ['to']));
  });

export const generatorSchema = z.object({
  /** Codes start with this (a zone or building), e.g. "Z1"; empty for none. */
  prefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,8}$/, hint('locationPrefix'))
    .default(''),
  separator: z.enum(['-', '.', '/']).default('-'),
  levels: z.array(generatorLevelSchema).min(1).max(6),
  capacity: z.coerce.number().int().min(1).max(10_000_000).optional(),
});
export type GeneratorSpec = z.infer<typeof generatorSchema>;

export interface GeneratedLocation {
  code: string;
  type: LocationType;
  parentCode: string | null;
}

function values(level: z.infer<typeof generatorLevelSchema>): string[] {
  if (/^[A-Z]$/.test(level.from)) {
    const out: string[] = [];
    for (let c = level.from.charCodeAt(0); c <= level.to.charCodeAt(0); c++) out.push(String.fromCharCode(c));
    return out;
  }
  const out: string[] = [];
  for (let n = Number(level.from); n <= Number(level.to); n++) out.push(String(n).padStart(level.pad, '0'));
  return out;
}

/** How many locations the spec makes (every level's locations, parents included), without making them. */
export function generatedCount(spec: GeneratorSpec): number {
  let total = 0;
  let width = 1;
  for (const level of spec.levels) {
    width *= values(level).length;
    total += width;
  }
  return total;
}

/**
 * Every location of the spec, parents before children: aisle "A", rack "A-01", level "A-01-1",
 * bin "A-01-1-1". Throws when the spec would make more than MAX_GENERATED_LOCATIONS.
 */
export function generateLocations(spec: GeneratorSpec): GeneratedLocation[] {
  const count = generatedCount(spec);
  if (count > MAX_GENERATED_LOCATIONS)
    throw new Error(`This makes ${count} locations; at most ${MAX_GENERATED_LOCATIONS} at a time`);
  const out: GeneratedLocation[] = [];
  let parents: (string | null)[] = [spec.prefix || null];
  const join = (a: string | null, b: string) => (a ? `${a}${spec.separator}${b}` : b);
  for (const level of spec.levels) {
    const next: string[] = [];
    for (const parent of parents) {
      for (const v of values(level)) {
        const code = join(parent, v);
        out.push({ code, type: level.type, parentCode: parent === spec.prefix && spec.prefix ? null : parent });
        next.push(code);
      }
    }
    parents = next;
  }
  return out;
}

/** A location as the floor devices hold it (replica table `locations`, keyed by its code). */
export const locationRowSchema = z.object({ id: z.string(), type: z.string(), active: z.boolean() });
export type LocationRow = z.infer<typeof locationRowSchema>;

// ---- response bodies ----

/** A location in the desk list: its parent by code. */
export const locationListRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.string(),
  parentCode: z.string().nullable(),
  description: z.string().nullable(),
  capacity: z.number().int().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type LocationListRow = z.infer<typeof locationListRowSchema>;
export const locationPageSchema = pageSchema(locationListRowSchema);

/** A location as saved. */
export const locationRecordSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.string(),
  parentId: z.number().int().nullable(),
  description: z.string().nullable(),
  capacity: z.number().int().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The generator's preview (created 0) or its result: what it makes, and which codes exist already. */
export const generatorResultSchema = z.object({
  count: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
  first: z.array(z.string()),
  last: z.array(z.string()),
  existing: z.array(z.string()),
  existingCount: z.number().int(),
  created: z.number().int(),
});
export type GeneratorResult = z.infer<typeof generatorResultSchema>;

export const locationImportResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
