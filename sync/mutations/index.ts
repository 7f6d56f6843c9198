/**
 * The device's floor mutations, one file each, in one map keyed by the domain's names: a
 * mutation added to domain/mutations.ts without its file here fails to compile (mapped type).
 * A new mutation (the packer's bench boxes, picks…) is a new file here, a handler in
 * server/sync/registry.ts, and its name and args in domain/mutations.ts.
 */
import type { MutationName } from '../../domain/mutations.js';
import { boxClose, boxDiscard, boxOpen, boxReopen, boxScan, boxUnscan } from './bench.js';
import { fbmPickRecord } from './fbm-pick.js';
import { inventoryMove } from './inventory-move.js';
import { itemScan } from './item-scan.js';
import { itemSort } from './item-sort.js';
import { moveBatchClose } from './move-batch-close.js';
import { moveBatchOpen } from './move-batch-open.js';
import { packageReceiveBatchClose } from './package-receive-batch-close.js';
import { packageReceiveBatchOpen } from './package-receive-batch-open.js';
import { packageScan } from './package-scan.js';
import { problemPhoto } from './problem-photo.js';
import type { LocalApplier, LocalAppliers } from './types.js';

export const LOCAL_MUTATIONS: LocalAppliers = {
  'packageReceiveBatch.open': packageReceiveBatchOpen,
  'packageReceiveBatch.close': packageReceiveBatchClose,
  'package.scan': packageScan,
  'item.scan': itemScan,
  'item.sort': itemSort,
  'problem.photo': problemPhoto,
  'moveBatch.open': moveBatchOpen,
  'moveBatch.close': moveBatchClose,
  'inventory.move': inventoryMove,
  'box.open': boxOpen,
  'box.scan': boxScan,
  'box.unscan': boxUnscan,
  'box.close': boxClose,
  'box.reopen': boxReopen,
  'box.discard': boxDiscard,
  'fbmPick.record': fbmPickRecord,
};

export function applierFor<N extends MutationName>(name: N): LocalApplier<N> {
  return LOCAL_MUTATIONS[name];
}

export { LocalRejection, TrackedWrites, type ApplyMeta, type LocalApplier, type LocalAppliers } from './types.js';
