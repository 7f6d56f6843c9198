/** Opening a move batch (a group of moves under one name and reason). */
import type { LocalApplier } from './types.js';

export const moveBatchOpen: LocalApplier<'moveBatch.open'> = {
  stores: ['moveBatches'],
  async apply(db, writes, args) {
    const existing = await db.moveBatches.get(args.id);
    if (existing) return { id: existing.id, status: existing.status };
    await writes.put('moveBatches', args.id, {
      id: args.id,
      name: args.name,
      reason: args.reason,
      status: 'open',
      createdAt: args.openedAt,
      closedAt: null,
    });
    return { id: args.id, status: 'open' };
  },
};
