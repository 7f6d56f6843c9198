import { countItemScan, itemMatches, readItemCode } from '../../domain/rules/item-scan.js';
import { LocalRejection, type LocalApplier } from './types.js';

/**
 * Item scans (domain/rules/item-scan.ts) against the batch's expected items on this device. An
 * unknown code changes nothing here: the server turns it into a problem when it arrives.
 * The item row is a tracked write, so the pull holds the server's version back until every
 * pending scan of it has been applied (pull.ts rule 2) and the counts never jump backwards.
 */
export const itemScan: LocalApplier<'item.scan'> = {
  stores: ['inboundItems'],
  async apply(db, writes, args) {
    const scanned = readItemCode(args.code);
    // By index: a scan reads the few items having the code, not the whole purchase order.
    const items = await db.itemsWithCodes(args.batchId, scanned.candidates);
    const item = items.sort((a, b) => Number(a.id) - Number(b.id)).find((i) => itemMatches(i, scanned));
    if (!item) {
      if (!(await db.hasBatch(args.batchId)))
        throw new LocalRejection(
          'not_found',
          'This purchase order is not on this device; connect to the network to sync it',
        );
      return { verdict: 'unknown', units: 0 };
    }
    const counted = countItemScan(item, { scanned, count: args.count, damaged: !!args.damaged });
    await writes.put('inboundItems', item.id, {
      ...item,
      receivedQty: counted.receivedQty,
      damagedQty: counted.damagedQty,
      status: counted.status,
    });
    return {
      verdict: counted.verdict,
      itemId: Number(item.id),
      title: item.title,
      units: counted.units,
      receivedQty: counted.receivedQty,
      damagedQty: counted.damagedQty,
      expectedQty: item.expectedQty,
      overReceived: counted.overReceived,
    };
  },
};
