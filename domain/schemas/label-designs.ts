/**
 * Location barcode designs (/apps/wms/actions/location-barcode-designer), saved per tenant: the
 * label size, the arrow, and how a location code reads as a hierarchy — which level each part of
 * "A-01-3-2" names — so every warehouse's labels say "Zone X › Shelf 3" in its own words.
 */
import { z } from 'zod';
import { ARROW_DIRECTIONS, type LocationLabelData } from './labels.js';

export const LOCATION_LABEL_SIZES = ['4x6', '4x3', '2.25x1.25', '2x1'] as const;
export const LOCATION_SEGMENTS = ['zone', 'aisle', 'rack', 'level', 'bin'] as const;
export type LocationSegment = (typeof LOCATION_SEGMENTS)[number];

export const locationDesignSchema = z.object({
  name: z.string().trim().min(1, 'name: give the design a name').max(80),
  size: z.enum(LOCATION_LABEL_SIZES).default('4x3'),
  arrow: z.enum(['none', ...ARROW_DIRECTIONS]).default('none'),
  showHierarchy: z.boolean().default(true),
  /** What the parts of a code name, in order ("A-01-3-2" with aisle, rack, level, bin). */
  segments: z
    .array(z.enum(LOCATION_SEGMENTS))
    .min(1, 'segments: at least one level')
    .max(5)
    .refine((s) => new Set(s).size === s.length, 'segments: each level once')
    .default(['aisle', 'rack', 'level', 'bin']),
  isDefault: z.boolean().default(false),
});
export type LocationDesign = z.infer<typeof locationDesignSchema>;
export const savedLocationDesignSchema = locationDesignSchema.extend({ id: z.number().int() });
export type SavedLocationDesign = z.infer<typeof savedLocationDesignSchema>;
/** The design labels print with: the tenant's default, or the standard one (no id) when none is saved. */
export const printingLocationDesignSchema = locationDesignSchema.extend({ id: z.number().int().optional() });
export const designDeletedSchema = z.object({ id: z.number().int() });

export const DEFAULT_LOCATION_DESIGN: LocationDesign = {
  name: 'Standard',
  size: '4x3',
  arrow: 'none',
  showHierarchy: true,
  segments: ['aisle', 'rack', 'level', 'bin'],
  isDefault: true,
};

/**
 * The label data of a code under a design: its parts (split at - . /) named by the design's
 * segments; a code with more parts than the design names keeps only the code.
 */
export function locationLabelFromDesign(
  code: string,
  design: Pick<LocationDesign, 'arrow' | 'showHierarchy' | 'segments'>,
): LocationLabelData {
  const data: LocationLabelData = { code };
  if (design.arrow !== 'none') data.arrow = design.arrow;
  if (!design.showHierarchy) return data;
  const parts = code.split(/[-./]/).filter(Boolean);
  if (parts.length < 2 || parts.length > design.segments.length) return data;
  parts.forEach((part, i) => {
    data[design.segments[i]] = part;
  });
  return data;
}
