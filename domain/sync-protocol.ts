/**
 * The push/pull wire (ARCHITECTURE.md, "Sync protocol"), shared by sync/ and server/.
 * The request schemas the server validates live in ./schemas/sync-wire.ts and are re-exported,
 * not copied; this file adds the answers and the replica's table catalogue.
 */
import { z } from 'zod';
import { benchBoxItemRowSchema, benchBoxRowSchema, benchLineRowSchema, benchPlanRowSchema } from './schemas/bench.js';
import { AUDIENCES, COMPANY_STATUSES } from './enums.js';
import {
  expectedPackageRowSchema,
  inboundItemRowSchema,
  packageScanRowSchema,
  receiveBatchRowSchema,
} from './schemas/inbound.js';
import { pushRequestSchema, pushResultSchema } from './schemas/sync-wire.js';
import { moveBatchRowSchema, moveRowSchema } from './schemas/inventory.js';
import { locationRowSchema } from './schemas/locations.js';
import { lpnRowSchema } from './schemas/lpn.js';
import { pickBatchRowSchema, pickLineRowSchema } from './schemas/fbm-pick.js';

export {
  MAX_PULL_LIMIT,
  MAX_PUSH_BODY_BYTES,
  MAX_PUSH_MUTATIONS,
  pushRequestSchema,
  pushResultSchema,
  REJECTION_CODES,
} from './schemas/sync-wire.js';

/** `POST /api/sync/push` body: `{deviceId, mutations: [{id, name, args, createdAt}]}`, ≤ 500 mutations. */
export type PushRequest = z.input<typeof pushRequestSchema>;
export type PushMutation = PushRequest['mutations'][number];

/** One answer per mutation, in request order; a server fault may cut the list short (retry the rest). */
export type PushResult = z.infer<typeof pushResultSchema>;
export type RejectionCode = NonNullable<PushResult['code']>;
export const pushResponseSchema = z.object({ results: z.array(pushResultSchema) });
export type PushResponse = z.infer<typeof pushResponseSchema>;

/** The company row the account picker reads (server/sync/changes.ts `companyChange`). */
export const companyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accountNo: z.string().nullable(),
  audience: z.enum(AUDIENCES),
  status: z.enum(COMPANY_STATUSES).optional(),
  isOwner: z.boolean().optional(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;

/** Every table a device replicates, with the schema of the rows the pull delivers for it. */
export const REPLICA_ROW_SCHEMAS = {
  companies: companyRowSchema,
  expectedPackages: expectedPackageRowSchema,
  receiveBatches: receiveBatchRowSchema,
  packageScans: packageScanRowSchema,
  inboundItems: inboundItemRowSchema,
  moveBatches: moveBatchRowSchema,
  inventoryMoves: moveRowSchema,
  locations: locationRowSchema,
  lpns: lpnRowSchema,
  benchPlans: benchPlanRowSchema,
  benchLines: benchLineRowSchema,
  benchBoxes: benchBoxRowSchema,
  benchBoxItems: benchBoxItemRowSchema,
  pickBatches: pickBatchRowSchema,
  pickLines: pickLineRowSchema,
} as const;
export type ReplicaTable = keyof typeof REPLICA_ROW_SCHEMAS;
export const REPLICA_TABLES = Object.keys(REPLICA_ROW_SCHEMAS) as ReplicaTable[];
export type ReplicaWireRow<T extends ReplicaTable> = z.infer<(typeof REPLICA_ROW_SCHEMAS)[T]>;

/** A pulled row checked against its table's schema; null when it does not fit. */
export function parseReplicaRow<T extends ReplicaTable>(table: T, row: unknown): ReplicaWireRow<T> | null {
  const parsed = REPLICA_ROW_SCHEMAS[table].safeParse(row);
  return parsed.success ? (parsed.data as ReplicaWireRow<T>) : null;
}

const replicaTableSchema = z.enum(REPLICA_TABLES as [ReplicaTable, ...ReplicaTable[]]);

/** A row image (`put`) or a tombstone (`delete`); `key` is the row's primary key as text. */
export const changeSchema = z.discriminatedUnion('op', [
  z.object({
    table: replicaTableSchema,
    op: z.literal('put'),
    key: z.string(),
    row: z.record(z.string(), z.unknown()),
  }),
  z.object({ table: replicaTableSchema, op: z.literal('delete'), key: z.string(), row: z.null().optional() }),
]);
export type Change = z.infer<typeof changeSchema>;

/** `GET /api/sync/pull?cursor=N` body: changes after N in sequence order, and the next cursor. */
export const pullResponseSchema = z.object({
  cursor: z.number().int().min(0),
  changes: z.array(changeSchema),
  hasMore: z.boolean(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
