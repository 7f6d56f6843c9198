/**
 * Moves: the device cannot know every balance, so a move is recorded as provisional and the
 * server decides (a move of more than is on hand comes back in needs-attention, changing nothing).
 * What the device can judge — a closed batch — it refuses at once.
 */
import { LocalRejection, type LocalApplier } from './types.js';

export const inventoryMove: LocalApplier<'inventory.move'> = {
  stores: ['moveBatches', 'inventoryMoves'],
  async apply(db, writes, args) {
    if (args.moveBatchId) {
      const batch = await db.moveBatches.get(args.moveBatchId);
      if (batch?.status === 'closed')
        throw new LocalRejection('business_rule', `Move batch ${batch.name} is closed; open a new one`);
    }
    const kind = args.productCode ? 'units' : 'lpn';
    await writes.put('inventoryMoves', args.id, {
      id: args.id,
      moveBatchId: args.moveBatchId ?? null,
      kind,
      fromCode: args.from,
      toCode: args.to,
      productKey: args.productCode ?? null,
      title: null,
      quantity: args.quantity ?? 0,
      reason: args.reason,
      at: args.movedAt,
      provisional: true,
    });
    return {
      kind,
      from: args.from,
      to: args.to,
      productKey: args.productCode ?? null,
      title: null,
      quantity: args.quantity ?? 0,
      location: args.to,
    };
  },
};
