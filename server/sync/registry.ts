/**
 * Server side of the floor mutations: one handler per name of domain/mutations.ts. The type is a
 * mapped type over the domain's names, so a mutation added on one side without the other fails
 * to compile, and each handler receives its domain schema's parsed args. `apply` is the same
 * service function the REST route calls; it runs inside the push's transaction for that mutation.
 */
import type { MutationName, ParsedMutationArgs } from '../../domain/mutations.js';
import type { MutationMeta, RequestContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import type { ApiError } from '../http/errors.js';
import { closeReceiveBatch, openReceiveBatch, scanPackage, scanPackages } from '../modules/inbound/receiving.js';
import { scanItem, scanItems } from '../modules/inbound/item-scan.js';
import { sortItem } from '../modules/inbound/sorting.js';
import { closeMoveBatch, moveInventory, openMoveBatch } from '../modules/inventory/moves.js';
import { attachScanPhoto } from '../modules/problems/service.js';
import { closeBox, discardBox, openBox, reopenBox, scanIntoBox, unscanFromBox } from '../modules/bench/boxes.js';
import { pickFromFloor } from '../modules/fbm-pick/floor.js';

/** Per mutation of a run, in order: its result, or the refusal that rejects that mutation alone. */
export type RunOutcome = { ok: unknown } | { refused: ApiError };

export interface ServerMutation<N extends MutationName> {
  apply: (tx: DbOrTx, ctx: RequestContext, args: ParsedMutationArgs<N>, meta: MutationMeta) => Promise<unknown>;
  /**
   * Optional set-based rule for a run of consecutive mutations of this name with the same `key`:
   * one outcome per mutation, in order. It must decide exactly as `apply` would one by one.
   */
  many?: {
    key: (args: ParsedMutationArgs<N>) => string;
    apply: (
      tx: DbOrTx,
      ctx: RequestContext,
      list: ParsedMutationArgs<N>[],
      meta: MutationMeta,
    ) => Promise<RunOutcome[]>;
  };
}

export type ServerMutations = { [N in MutationName]: ServerMutation<N> };

export const SERVER_MUTATIONS: ServerMutations = {
  'packageReceiveBatch.open': { apply: (tx, ctx, args) => openReceiveBatch(tx, ctx, args) },
  'packageReceiveBatch.close': { apply: (tx, ctx, args) => closeReceiveBatch(tx, ctx, args) },
  'package.scan': { apply: scanPackage, many: { key: (a) => a.batchId, apply: scanPackages } },
  'item.scan': { apply: scanItem, many: { key: (a) => String(a.batchId), apply: scanItems } },
  'item.sort': { apply: sortItem },
  'problem.photo': { apply: (tx, ctx, args) => attachScanPhoto(tx, ctx, args) },
  'moveBatch.open': { apply: (tx, ctx, args) => openMoveBatch(tx, ctx, args) },
  'moveBatch.close': { apply: (tx, ctx, args) => closeMoveBatch(tx, ctx, args) },
  'inventory.move': { apply: moveInventory },
  'box.open': { apply: openBox },
  'box.scan': { apply: (tx, ctx, args) => scanIntoBox(tx, ctx, args) },
  'box.unscan': { apply: (tx, ctx, args) => unscanFromBox(tx, ctx, args) },
  'box.close': { apply: (tx, ctx, args) => closeBox(tx, ctx, args) },
  'box.reopen': { apply: (tx, ctx, args) => reopenBox(tx, ctx, args) },
  'box.discard': { apply: (tx, ctx, args) => discardBox(tx, ctx, args) },
  'fbmPick.record': { apply: pickFromFloor },
};
