/**
 * The floor-mutation catalogue: name → args schema and result schema. Mutations are data
 * `{id, name, args}`; the device's optimistic appliers (sync/appliers.ts) and the server's push
 * registry are both keyed by these names, so a new mutation is added here first.
 */
import type { z } from 'zod';
import {
  itemScanArgsSchema,
  itemScanResultSchema,
  itemSortArgsSchema,
  itemSortResultSchema,
  packageScanArgsSchema,
  packageScanResultSchema,
  receiveBatchCloseArgsSchema,
  receiveBatchOpenArgsSchema,
  receiveBatchResultSchema,
} from './schemas/inbound.js';
import { problemPhotoArgsSchema, problemPhotoResultSchema } from './schemas/problems.js';
import {
  inventoryMoveArgsSchema,
  inventoryMoveResultSchema,
  moveBatchCloseArgsSchema,
  moveBatchOpenArgsSchema,
  moveBatchResultSchema,
} from './schemas/inventory.js';

import {
  boxCloseArgsSchema,
  boxDiscardArgsSchema,
  boxOpenArgsSchema,
  boxReopenArgsSchema,
  boxResultSchema,
  boxScanArgsSchema,
  boxScanResultSchema,
  boxUnscanArgsSchema,
} from './schemas/bench.js';
import { fbmPickArgsSchema, fbmPickResultSchema } from './schemas/fbm-pick.js';

interface MutationDef {
  args: z.ZodType;
  result: z.ZodType;
}

export const MUTATIONS = {
  'packageReceiveBatch.open': { args: receiveBatchOpenArgsSchema, result: receiveBatchResultSchema },
  'packageReceiveBatch.close': { args: receiveBatchCloseArgsSchema, result: receiveBatchResultSchema },
  'package.scan': { args: packageScanArgsSchema, result: packageScanResultSchema },
  'item.scan': { args: itemScanArgsSchema, result: itemScanResultSchema },
  'item.sort': { args: itemSortArgsSchema, result: itemSortResultSchema },
  'problem.photo': { args: problemPhotoArgsSchema, result: problemPhotoResultSchema },
  'moveBatch.open': { args: moveBatchOpenArgsSchema, result: moveBatchResultSchema },
  'moveBatch.close': { args: moveBatchCloseArgsSchema, result: moveBatchResultSchema },
  'inventory.move': { args: inventoryMoveArgsSchema, result: inventoryMoveResultSchema },
  // The packer's bench (decision 0010): one engine for every outbound channel.
  'box.open': { args: boxOpenArgsSchema, result: boxResultSchema },
  'box.scan': { args: boxScanArgsSchema, result: boxScanResultSchema },
  'box.unscan': { args: boxUnscanArgsSchema, result: boxScanResultSchema },
  'box.close': { args: boxCloseArgsSchema, result: boxResultSchema },
  'box.reopen': { args: boxReopenArgsSchema, result: boxResultSchema },
  'box.discard': { args: boxDiscardArgsSchema, result: boxResultSchema },
  // The FBM picker's handheld (issue 20 step 3): a pick of a batch line, by its own id.
  'fbmPick.record': { args: fbmPickArgsSchema, result: fbmPickResultSchema },
} as const satisfies Record<string, MutationDef>;

export type MutationName = keyof typeof MUTATIONS;
export const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[];
/** What a caller passes to `mutate(name, args)` (before parsing: e.g. an untrimmed scan). */
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATIONS)[N]['args']>;
/** The args after validation: what the outbox stores and the server receives. */
export type ParsedMutationArgs<N extends MutationName> = z.output<(typeof MUTATIONS)[N]['args']>;
export type MutationResult<N extends MutationName> = z.output<(typeof MUTATIONS)[N]['result']>;

export const isMutationName = (name: string): name is MutationName => Object.hasOwn(MUTATIONS, name);

export function parseMutationArgs<N extends MutationName>(name: N, args: unknown): ParsedMutationArgs<N> {
  return MUTATIONS[name].args.parse(args) as ParsedMutationArgs<N>;
}

export function parseMutationResult<N extends MutationName>(name: N, result: unknown): MutationResult<N> | undefined {
  const parsed = MUTATIONS[name].result.safeParse(result);
  return parsed.success ? (parsed.data as MutationResult<N>) : undefined;
}
