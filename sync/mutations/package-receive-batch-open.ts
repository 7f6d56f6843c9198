/** Opening a receive batch on the dock: the device holds it open at once. */
import type { MatchStatus } from '../../domain/schemas/inbound.js';
import type { LocalApplier } from './types.js';

const emptyCounts = (): Record<MatchStatus, number> => ({ matched: 0, not_found: 0, duplicate: 0 });

export const packageReceiveBatchOpen: LocalApplier<'packageReceiveBatch.open'> = {
  stores: ['receiveBatches'],
  async apply(db, writes, args, meta) {
    const existing = await db.receiveBatches.get(args.id);
    if (existing) return { id: existing.id, status: existing.status };
    await writes.put('receiveBatches', args.id, {
      id: args.id,
      companyId: args.companyId,
      warehouseId: args.warehouseId ?? null,
      status: 'open',
      openedAt: meta.createdAt,
      closedAt: null,
      counts: emptyCounts(),
    });
    return { id: args.id, status: 'open' };
  },
};
