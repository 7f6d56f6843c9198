/**
 * Dock package receiving as the floor sees it: the arguments and results of its mutations, and
 * the replica rows the pull delivers (shapes written by server/modules/inbound/*Change()).
 *
 * The argument schemas themselves live in ./ship.ts, where the server's push registry and REST
 * routes already import them; they are re-exported here rather than copied, so the handheld and
 * the server can never validate a scan differently.
 */
import { z } from 'zod';
import { ITEM_SCAN_VERDICTS, MATCH_STATUSES } from './ship.js';

export {
  ITEM_SCAN_VERDICTS,
  itemScanArgsSchema,
  itemSortArgsSchema,
  MATCH_STATUSES,
  packageScanArgsSchema,
  packageScanResultSchema,
  receiveBatchCloseArgsSchema,
  receiveBatchOpenArgsSchema,
  type MatchStatus,
  type PackageScanResult,
} from './ship.js';

export const RECEIVE_BATCH_STATUSES = ['open', 'closed'] as const;
export type ReceiveBatchStatus = (typeof RECEIVE_BATCH_STATUSES)[number];

/** What packageReceiveBatch.open and .close answer. */
export const receiveBatchResultSchema = z.object({ id: z.uuid(), status: z.enum(RECEIVE_BATCH_STATUSES) });
export type ReceiveBatchResult = z.infer<typeof receiveBatchResultSchema>;

/** Expected-package statuses the dock logic relies on; the server may add others. */
export const EXPECTED = 'expected';
export const DELIVERED = 'delivered';

// Timestamps in replica rows are strings as PostgreSQL prints them (not always ISO 8601), so
// they are kept as text; only the device's own times (scannedAt, createdAt) are ISO.
const pgTime = z.string();

/** An announced tracking number of a client; `trackingNumber` is already normalised. */
export const expectedPackageRowSchema = z.object({
  id: z.string(),
  batchId: z.number().int(),
  companyId: z.number().int(),
  trackingNumber: z.string(),
  status: z.string(),
  deliveredAt: pgTime.nullable(),
});
export type ExpectedPackageRow = z.infer<typeof expectedPackageRowSchema>;

export const receiveBatchRowSchema = z.object({
  id: z.uuid(),
  companyId: z.number().int(),
  warehouseId: z.number().int().nullable(),
  status: z.enum(RECEIVE_BATCH_STATUSES),
  openedAt: pgTime,
  closedAt: pgTime.nullable(),
});
export type ReceiveBatchRow = z.infer<typeof receiveBatchRowSchema>;

export const packageScanRowSchema = z.object({
  id: z.uuid(),
  receiveBatchId: z.uuid(),
  trackingNumber: z.string(),
  matchStatus: z.enum(MATCH_STATUSES),
  scannedAt: pgTime,
  provisional: z.boolean(),
});
export type PackageScanRow = z.infer<typeof packageScanRowSchema>;

/**
 * An expected item of a purchase order, as the floor's package-scan screen needs it: its codes
 * to match a scan, its counts to show progress, and its batch's name to open it by name.
 */
export const inboundItemRowSchema = z.object({
  id: z.string(),
  batchId: z.number().int(),
  batchName: z.string(),
  companyId: z.number().int(),
  title: z.string(),
  asin: z.string().nullable(),
  fnsku: z.string().nullable(),
  msku: z.string().nullable(),
  upc: z.string().nullable(),
  expectedQty: z.number().int(),
  receivedQty: z.number().int(),
  damagedQty: z.number().int(),
  /** Good units already sorted out of RECEIVING (older servers: 0). */
  sortedQty: z.number().int().default(0),
  packSize: z.number().int(),
  itemAction: z.string(),
  status: z.string(),
});
export type InboundItemRow = z.infer<typeof inboundItemRowSchema>;

/** What item.scan answers (server/modules/inbound/item-scan.ts; the device gives the same shape). */
export const itemScanResultSchema = z.object({
  verdict: z.enum(ITEM_SCAN_VERDICTS),
  itemId: z.number().int().optional(),
  title: z.string().optional(),
  units: z.number().int(),
  receivedQty: z.number().int().optional(),
  damagedQty: z.number().int().optional(),
  expectedQty: z.number().int().optional(),
  overReceived: z.number().int().optional(),
  problemId: z.number().int().optional(),
});
export type ItemScanResult = z.infer<typeof itemScanResultSchema>;

/** What item.sort answers. */
export const itemSortResultSchema = z.object({
  itemId: z.number().int(),
  quantity: z.number().int(),
  location: z.string(),
  sortedQty: z.number().int(),
  remaining: z.number().int(),
  status: z.string(),
});
export type ItemSortResult = z.infer<typeof itemSortResultSchema>;
