/**
 * Inventory (issue 7): moves on the floor and at the desk, move batches, adjustments and the
 * snapshot query. A code on the floor is either an LPN or a location; the server tells which.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { lpnCodeSchema } from './lpn.js';
import { locationCodeSchema } from './locations.js';
import { ITEM_ACTIONS } from './inbound.js';

/** Spec §3 inventory move reasons. */
export const MOVE_REASONS = [
  'restock_inventory',
  'gated',
  'missing_bundle_piece',
  'not_in_system',
  'no_store_listing',
  'mis_pick',
  'picture_not_match',
  'asin_issue',
  'hazmat',
  'amazon_storage_limit',
] as const;
export type MoveReason = (typeof MOVE_REASONS)[number];

/** Why an adjustment changed on-hand without a move (not named by the spec; what counts need). */
export const ADJUSTMENT_REASONS = [
  'cycle_count',
  'found',
  'lost',
  'damaged',
  'expired',
  'disposed',
  'donated',
  'returned_to_client',
  'correction',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const CONDITIONS = ['sellable', 'damaged'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** A scanned location or LPN code (both are upper-case; LPN codes are also valid location syntax). */
export const placeCodeSchema = locationCodeSchema;

export const moveBatchOpenArgsSchema = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1, 'name is required').max(80),
  reason: z.enum(MOVE_REASONS, { error: 'reason: choose one of the move reasons' }),
  openedAt: z.iso.datetime({ offset: true }),
});
export const moveBatchCloseArgsSchema = z.object({ id: z.uuid(), closedAt: z.iso.datetime({ offset: true }) });
export const moveBatchResultSchema = z.object({ id: z.string(), status: z.enum(['open', 'closed']) });

/**
 * One move. With `productCode`: that many units of the product from the source (a location or
 * an LPN) to the destination (a location or into an LPN); the quantity is always stated, never
 * "all" by surprise. Without: the source must be an LPN, which moves whole, with all it holds.
 */
const moveFields = z.object({
  id: z.uuid(),
  moveBatchId: z.uuid().optional(),
  from: placeCodeSchema,
  to: placeCodeSchema,
  productCode: z.string().trim().toUpperCase().min(1).max(60).optional(),
  quantity: z
    .number({ error: 'quantity: a whole number' })
    .int('quantity: a whole number')
    .min(1, 'quantity: at least 1')
    .max(1_000_000)
    .optional(),
  condition: z.enum(CONDITIONS).default('sellable'),
  reason: z.enum(MOVE_REASONS, { error: 'reason: choose one of the move reasons' }),
  movedAt: z.iso.datetime({ offset: true }),
});
const moveRules = (a: { productCode?: string; quantity?: number; from: string; to: string }, ctx: z.RefinementCtx) => {
  if (a.productCode && a.quantity === undefined)
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'quantity: enter or scan how many units to move' });
  if (!a.productCode && a.quantity !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['productCode'],
      message: 'productCode: scan the product whose units you move',
    });
  if (a.from === a.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to: the destination is the source' });
};
export const inventoryMoveArgsSchema = moveFields.superRefine(moveRules);
export type InventoryMoveArgs = z.infer<typeof inventoryMoveArgsSchema>;

export const inventoryMoveResultSchema = z.object({
  kind: z.enum(['units', 'lpn']),
  from: z.string(),
  to: z.string(),
  productKey: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.number().int(),
  /** Where the units are now (an LPN's own location when moved into an LPN). */
  location: z.string(),
});
export type InventoryMoveResult = z.infer<typeof inventoryMoveResultSchema>;

/** Desk moves: the same move without a device id (the server gives one). */
export const deskMoveSchema = moveFields.omit({ id: true, movedAt: true }).superRefine(moveRules);

export const adjustmentSchema = z.object({
  companyId: z.coerce.number().int().positive('companyId: choose the client'),
  productCode: z.string().trim().toUpperCase().min(1, 'productCode is required').max(60),
  location: locationCodeSchema,
  lpn: lpnCodeSchema.optional().or(z.literal('').transform(() => undefined)),
  condition: z.enum(CONDITIONS).default('sellable'),
  /** Signed: + found / counted more, − lost / disposed. */
  quantity: z.coerce
    .number({ error: 'quantity: a whole number' })
    .int('quantity: a whole number')
    .refine((n) => n !== 0, 'quantity: not zero')
    .refine((n) => Math.abs(n) <= 1_000_000, 'quantity: at most 1,000,000'),
  reason: z.enum(ADJUSTMENT_REASONS, { error: 'reason: choose one of the adjustment reasons' }),
  note: z.string().trim().max(500).optional(),
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

export const SNAPSHOT_GROUPINGS = ['location', 'product'] as const;
export const snapshotQuerySchema = z.object({
  companyId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(60).optional(),
  location: z.string().trim().toUpperCase().max(40).optional(),
  lpn: z.string().trim().toUpperCase().max(40).optional(),
  condition: z.enum(CONDITIONS).optional(),
  /** On-hand as it was at this moment (from the ledger); absent = now. */
  asOf: z.iso.datetime({ offset: true, error: 'asOf: a date and time' }).optional(),
  groupBy: z.enum(SNAPSHOT_GROUPINGS).default('location'),
  /** Manage Inventory: what waits for a workflow — at its station, or (storage) in the bins. */
  itemAction: z.enum(ITEM_ACTIONS).optional(),
});
export type SnapshotQuery = z.infer<typeof snapshotQuerySchema>;

export const moveRowSchema = z.object({
  id: z.string(),
  moveBatchId: z.string().nullable(),
  kind: z.enum(['units', 'lpn']),
  fromCode: z.string(),
  toCode: z.string(),
  productKey: z.string().nullable(),
  title: z.string().nullable().optional(),
  quantity: z.number().int(),
  reason: z.string(),
  at: z.string(),
  user: z.string().nullable().optional(),
});
export type MoveRow = z.infer<typeof moveRowSchema>;

export const moveBatchRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type MoveBatchRow = z.infer<typeof moveBatchRowSchema>;

/** A line of the inventory snapshot (GET /api/inventory). */
export const snapshotLineSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  productKey: z.string(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  lpn: z.string().nullable(),
  condition: z.string(),
  quantity: z.number().int(),
  /** groupBy=product: in how many places the product is. */
  places: z.number().int().optional(),
});
export type SnapshotLine = z.infer<typeof snapshotLineSchema>;
/** A page of the snapshot, with the units over the whole filter and the moment it shows (null: now). */
export const snapshotPageSchema = pageSchema(snapshotLineSchema).extend({
  totalUnits: z.number().int(),
  asOf: z.string().nullable(),
});

/** A ledger row: one quantity change at a place, signed, with why and who. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  companyId: z.number().int(),
  productKey: z.string(),
  location: z.string(),
  /** '' when the units are loose at the location. */
  lpn: z.string(),
  condition: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  user: z.string().nullable(),
  deviceId: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** An adjustment's answer: the line it changed, before and after. */
export const adjustmentResultSchema = z.object({
  companyId: z.number().int(),
  productKey: z.string(),
  location: z.string(),
  lpn: z.string(),
  condition: z.string(),
  title: z.string().nullable(),
  before: z.number().int(),
  after: z.number().int(),
});

/** A move batch in the desk list, with who opened it and how many moves it holds. */
export const moveBatchListRowSchema = moveBatchRowSchema.extend({
  createdBy: z.string().nullable(),
  moves: z.number().int(),
});
export type MoveBatchListRow = z.infer<typeof moveBatchListRowSchema>;

/** Units that left the stock by a disposition (disposed, donated, returned), as a positive quantity. */
export const dispositionRowSchema = ledgerEntrySchema.omit({ lpn: true, deviceId: true }).extend({
  companyName: z.string(),
  accountNo: z.string(),
  title: z.string().nullable(),
});
export type DispositionRow = z.infer<typeof dispositionRowSchema>;
export const dispositionPageSchema = pageSchema(dispositionRowSchema);
