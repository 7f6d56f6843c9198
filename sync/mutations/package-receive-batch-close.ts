/** Closing a receive batch: the next packages go to a new one. */
import { LocalRejection, type LocalApplier } from './types.js';

export const packageReceiveBatchClose: LocalApplier<'packageReceiveBatch.close'> = {
  stores: ['receiveBatches'],
  async apply(db, writes, args, meta) {
    const batch = await db.receiveBatches.get(args.id);
    if (!batch) throw new LocalRejection('not_found', 'Receive batch not found on this device');
    if (batch.status !== 'closed')
      await writes.put('receiveBatches', batch.id, { ...batch, status: 'closed', closedAt: meta.createdAt });
    return { id: batch.id, status: 'closed' };
  },
};
