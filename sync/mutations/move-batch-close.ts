/** Closing a move batch. */
import { LocalRejection, type LocalApplier } from './types.js';

export const moveBatchClose: LocalApplier<'moveBatch.close'> = {
  stores: ['moveBatches'],
  async apply(db, writes, args) {
    const batch = await db.moveBatches.get(args.id);
    if (!batch) throw new LocalRejection('not_found', 'Move batch not found on this device');
    if (batch.status !== 'closed')
      await writes.put('moveBatches', batch.id, { ...batch, status: 'closed', closedAt: args.closedAt });
    return { id: batch.id, status: 'closed' };
  },
};
