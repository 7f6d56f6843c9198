/**
 * The packer's bench (issue 18 step 3, decision 0010 "one engine"): boxes opened, filled by scan
 * and closed with their dimensions and weight, for any outbound plan (FBA now; WFS and FBM plug
 * into the same mutations). Box contents travel through the floor outbox as these mutations; the
 * device's replica holds the plans at the bench, their lines, boxes and box contents.
 */
import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const boxId = z.uuid({ error: 'boxId: the box’s id' });

/** Amazon's box limits (Send to Amazon): 25 in a side and 50 lb, unless the box holds one oversize unit. */
export const MAX_BOX_SIDE_IN = 25;
export const MAX_BOX_LB = 50;
/** Over this a single-unit box needs mechanical lift and cannot go as small parcel. */
export const MAX_PARCEL_LB = 100;
/** Amazon's weight floor for a box (lighter is refused as a typing slip). */
export const MIN_BOX_LB = 0.1;
export const MAX_SCAN_QUANTITY = 10_000;

// ---- mutations ----

export const boxOpenArgsSchema = z.object({
  /** The box's id, made on the device so the box exists offline. */
  id: z.uuid(),
  planId: z.number().int().positive(),
  /** The packing group the box is for (Amazon's); null where the plan has none. */
  packingGroupId: z.string().max(64).nullable(),
  openedAt: at,
  /**
   * Why the box is opened: `scan` — a scan found no open box of its group on the device (the
   * server refuses it when another device opened one meanwhile: that box is the bench's, the
   * conflict is said, never merged); `new` — the packer asked for a new box (NEW BOX), refused
   * only while the group's open box is still empty. Older devices send none: `new`.
   */
  reason: z.enum(['scan', 'new']).default('new'),
});
export type BoxOpenArgs = z.infer<typeof boxOpenArgsSchema>;

export const boxScanArgsSchema = z.object({
  /** The scan's own id (one scan, applied once). */
  id: z.uuid(),
  boxId,
  code: z
    .string({ error: 'code: scan or type the unit’s barcode' })
    .trim()
    .min(1, 'code: scan or type the unit’s barcode')
    .max(80, 'code: at most 80 characters'),
  /** Units the scan stands for (a typed count); a case barcode counts its case. */
  quantity: z
    .number()
    .int('quantity: a whole number of units')
    .min(1, 'quantity: at least 1')
    .max(MAX_SCAN_QUANTITY, `quantity: at most ${MAX_SCAN_QUANTITY}`)
    .default(1),
  scannedAt: at,
});
export type BoxScanArgs = z.infer<typeof boxScanArgsSchema>;

/** Takes units of a line back out of a box (a wrong scan, a unit found damaged). */
export const boxUnscanArgsSchema = z.object({
  id: z.uuid(),
  boxId,
  planItemId: z.number().int().positive(),
  quantity: z.number().int().min(1, 'quantity: at least 1').max(MAX_SCAN_QUANTITY),
  at,
});
export type BoxUnscanArgs = z.infer<typeof boxUnscanArgsSchema>;

const positive = (field: string, unit: string, max: number) =>
  z
    .number({ error: `${field}: a number of ${unit}` })
    .positive(`${field}: more than 0 ${unit}`)
    .max(max, `${field}: at most ${max} ${unit}`);

/** Closes (or re-measures) a box: its outside dimensions and its weight. */
export const boxCloseArgsSchema = z.object({
  boxId,
  lengthIn: positive('lengthIn', 'in', 120),
  widthIn: positive('widthIn', 'in', 120),
  heightIn: positive('heightIn', 'in', 120),
  weightLb: positive('weightLb', 'lb', 1_000),
  preset: z.string().trim().max(40).nullable().default(null),
  closedAt: at,
});
export type BoxCloseArgs = z.infer<typeof boxCloseArgsSchema>;

export const boxReopenArgsSchema = z.object({ boxId, at });
/** An empty box given up. */
export const boxDiscardArgsSchema = z.object({ boxId, at });

export const boxResultSchema = z.object({
  id: z.string(),
  planId: z.number().int(),
  boxNo: z.number().int(),
  packingGroupId: z.string().nullable(),
  state: z.enum(['open', 'closed', 'discarded']),
  teamLift: z.boolean(),
});
export type BoxResult = z.infer<typeof boxResultSchema>;

export const boxScanResultSchema = z.object({
  boxId: z.string(),
  boxNo: z.number().int(),
  planItemId: z.number().int(),
  title: z.string(),
  fnsku: z.string().nullable(),
  msku: z.string().nullable(),
  /** Units this scan put in (or took out). */
  units: z.number().int(),
  inBox: z.number().int(),
  boxed: z.number().int(),
  planned: z.number().int(),
});
export type BoxScanResult = z.infer<typeof boxScanResultSchema>;

// ---- what the device replicates ----

/** A plan at (or past) the bench. */
export const benchPlanRowSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['fba', 'wfs']),
  companyId: z.number().int(),
  name: z.string(),
  status: z.string(),
  step: z.string(),
  /** The marketplace's box weight limit (lb): Amazon's under the chosen packing option, Walmart's for WFS. */
  boxMaxWeightLb: z.number().nullable(),
});
export type BenchPlanRow = z.infer<typeof benchPlanRowSchema>;

export const prepStepSchema = z.object({ prepType: z.string().optional(), prepOwner: z.string().optional() });

/** A plan line as the bench needs it: how to recognise a unit, how many, and how to prep it. */
export const benchLineRowSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  msku: z.string().nullable(),
  fnsku: z.string().nullable(),
  asin: z.string().nullable(),
  /** Every code that means this line (FNSKU, MSKU, ASIN, UPC and the product's other codes), upper-cased. */
  codes: z.array(z.string()),
  quantity: z.number().int(),
  packingGroupId: z.string().nullable(),
  /** Who labels (SELLER: print the FNSKU label at the bench). */
  labelOwner: z.string(),
  prepInstructions: z.array(prepStepSchema),
  /** Units in the product's case (a case barcode counts this many). */
  packSize: z.number().int(),
  weightLb: z.number().nullable(),
  expiration: z.string().nullable(),
});
export type BenchLineRow = z.infer<typeof benchLineRowSchema>;

export const benchBoxRowSchema = z.object({
  id: z.string(),
  planId: z.number().int(),
  boxNo: z.number().int(),
  packingGroupId: z.string().nullable(),
  state: z.enum(['open', 'closed']),
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  weightLb: z.number().nullable(),
  preset: z.string().nullable(),
  teamLift: z.boolean(),
  amazonBoxId: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /**
   * When the box last became its packing group's box at the bench (opened, reopened, or taken with
   * "pack into"), ISO. Every device of the bench packs into its group's open box with the latest
   * (the server's state, replicated); rows from before it was sent have none (their openedAt).
   */
  activeAt: z.string().nullable().optional(),
});
export type BenchBoxRow = z.infer<typeof benchBoxRowSchema>;

export const benchBoxItemRowSchema = z.object({
  /** `${boxId}:${planItemId}` */
  id: z.string(),
  boxId: z.string(),
  planId: z.number().int(),
  planItemId: z.number().int(),
  quantity: z.number().int(),
});
export type BenchBoxItemRow = z.infer<typeof benchBoxItemRowSchema>;

// ---- the desk's view of a plan's boxes (the box tree) ----

export const boxTreeSchema = z.object({
  planId: z.number().int(),
  units: z.number().int(),
  boxed: z.number().int(),
  boxes: z.array(
    benchBoxRowSchema.extend({
      /** Amazon's shipment the box goes in, once placement is confirmed. */
      shipmentId: z.string().nullable(),
      items: z.array(
        z.object({
          planItemId: z.number().int(),
          title: z.string(),
          msku: z.string().nullable(),
          fnsku: z.string().nullable(),
          quantity: z.number().int(),
        }),
      ),
      /** What Amazon would refuse of the box as it is, in words. */
      problems: z.array(z.string()),
    }),
  ),
  /** Lines not fully boxed: how many are left. */
  left: z.array(z.object({ planItemId: z.number().int(), title: z.string(), left: z.number().int() })),
});
export type BoxTree = z.infer<typeof boxTreeSchema>;

// ---- DEFINED_BOX_DIMENSIONS (spec §9): the warehouse's box presets ----

export const boxPresetSchema = z.object({
  name: z.string().trim().min(1, 'name: name the box').max(40),
  lengthIn: positive('lengthIn', 'in', 120),
  widthIn: positive('widthIn', 'in', 120),
  heightIn: positive('heightIn', 'in', 120),
  /** The empty box's weight, added when a scale reading is of the contents only. */
  tareLb: z.number().min(0).max(50).default(0),
});
export type BoxPreset = z.infer<typeof boxPresetSchema>;
export const boxPresetsSchema = z.array(boxPresetSchema).max(50);
/** The presets a warehouse starts with (common corrugated sizes), until it sets its own. */
export const DEFAULT_BOX_PRESETS: BoxPreset[] = [
  { name: 'Small 12×10×8', lengthIn: 12, widthIn: 10, heightIn: 8, tareLb: 0.6 },
  { name: 'Medium 18×14×12', lengthIn: 18, widthIn: 14, heightIn: 12, tareLb: 1.3 },
  { name: 'Large 22×18×16', lengthIn: 22, widthIn: 18, heightIn: 16, tareLb: 2 },
  { name: 'Max 24×24×24', lengthIn: 24, widthIn: 24, heightIn: 24, tareLb: 2.6 },
];

// ---- the desk's calls (the same rules, without a device) ----

export const boxTreeQuerySchema = z.object({
  planId: z.coerce.number({ error: 'planId: the plan' }).int().positive('planId: the plan'),
});
export const deskBoxOpenSchema = boxOpenArgsSchema.omit({ id: true, openedAt: true, reason: true });
export const deskBoxScanSchema = boxScanArgsSchema.omit({ id: true, boxId: true, scannedAt: true });
export const deskBoxUnscanSchema = boxUnscanArgsSchema.omit({ id: true, boxId: true, at: true });
export const deskBoxCloseSchema = boxCloseArgsSchema.omit({ boxId: true, closedAt: true });
