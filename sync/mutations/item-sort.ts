import { checkSort, unitsToSort } from '../../domain/rules/sorting.js';
import { LocalRejection, type LocalApplier } from './types.js';

/** Sorting (domain/rules/sorting.ts): refused at once on the device when the place or the count is wrong. */
export const itemSort: LocalApplier<'item.sort'> = {
  stores: ['inboundItems'],
  async apply(db, writes, args) {
    const item = await db.inboundItems.get(String(args.batchItemId));
    if (!item)
      throw new LocalRejection('not_found', 'This item is not on this device; connect to the network to sync it');
    const check = checkSort(item, args.quantity, args.location);
    if (!check.ok) throw new LocalRejection('business_rule', check.message);
    const next = { ...item, sortedQty: check.sortedQty, status: check.status };
    await writes.put('inboundItems', item.id, next);
    return {
      itemId: Number(item.id),
      quantity: args.quantity,
      location: check.location,
      sortedQty: check.sortedQty,
      remaining: unitsToSort(next),
      status: check.status,
    };
  },
};
