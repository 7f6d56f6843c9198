/**
 * Server side of the floor mutations: name → (args schema, apply). `apply` is the same service
 * function the REST route calls; it runs inside the push's transaction for that mutation.
 */
import type { z } from 'zod';
import {
  itemScanArgsSchema,
  itemSortArgsSchema,
  packageScanArgsSchema,
  receiveBatchCloseArgsSchema,
  receiveBatchOpenArgsSchema,
} from '../../domain/schemas/ship.js';
import { scanItem, scanItems } from '../modules/inbound/item-scan.js';
import { sortItem } from '../modules/inbound/sorting.js';
import { attachScanPhoto } from '../modules/problems/service.js';
import { problemPhotoArgsSchema } from '../../domain/schemas/problems.js';
import {
  inventoryMoveArgsSchema,
  moveBatchCloseArgsSchema,
  moveBatchOpenArgsSchema,
} from '../../domain/schemas/inventory.js';
import { closeMoveBatch, moveInventory, openMoveBatch } from '../modules/inventory/moves.js';
import type { RequestContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import type { ApiError } from '../http/errors.js';
import {
  closeReceiveBatch,
  openReceiveBatch,
  scanPackage,
  scanPackages,
  type MutationMeta,
} from '../modules/inbound/receiving.js';

interface TypedHandler<S extends z.ZodType> {
  args: S;
  apply: (tx: DbOrTx, ctx: RequestContext, args: z.infer<S>, meta: MutationMeta) => Promise<unknown>;
  /**
   * Optional set-based rule for a run of consecutive mutations of this name with the same `key`:
   * one outcome per mutation, in order. It must decide exactly as `apply` would one by one.
   */
  many?: {
    key: (args: z.infer<S>) => string;
    apply: (
      tx: DbOrTx,
      ctx: RequestContext,
      list: z.infer<S>[],
      meta: MutationMeta,
    ) => Promise<({ ok: unknown } | { refused: ApiError })[]>;
  };
}
export type Handler = TypedHandler<z.ZodType>;

const handler = <S extends z.ZodType>(h: TypedHandler<S>) => h as unknown as Handler;

export const SERVER_MUTATIONS: Record<string, Handler> = {
  'packageReceiveBatch.open': handler({
    args: receiveBatchOpenArgsSchema,
    apply: (tx, ctx, args) => openReceiveBatch(tx, ctx, args),
  }),
  'packageReceiveBatch.close': handler({
    args: receiveBatchCloseArgsSchema,
    apply: (tx, ctx, args) => closeReceiveBatch(tx, ctx, args),
  }),
  'package.scan': handler({
    args: packageScanArgsSchema,
    apply: scanPackage,
    many: { key: (a) => a.batchId, apply: scanPackages },
  }),
  'problem.photo': handler({ args: problemPhotoArgsSchema, apply: (tx, ctx, args) => attachScanPhoto(tx, ctx, args) }),
  'item.sort': handler({ args: itemSortArgsSchema, apply: sortItem }),
  'moveBatch.open': handler({ args: moveBatchOpenArgsSchema, apply: (tx, ctx, args) => openMoveBatch(tx, ctx, args) }),
  'moveBatch.close': handler({
    args: moveBatchCloseArgsSchema,
    apply: (tx, ctx, args) => closeMoveBatch(tx, ctx, args),
  }),
  'inventory.move': handler({ args: inventoryMoveArgsSchema, apply: moveInventory }),
  'item.scan': handler({
    args: itemScanArgsSchema,
    apply: scanItem,
    many: { key: (a) => String(a.batchId), apply: scanItems },
  }),
};
