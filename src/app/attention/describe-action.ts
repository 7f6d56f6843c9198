/**
 * What a refused floor action was, in the words of the floor: "4 × Blue mug (X00E2EMUG1) ·
 * Q-01-1 → LPN00000003", not a mutation id. Names come from the device's replica (items by
 * code or id, clients, batches); a name it does not hold falls back to the scanned code.
 */
import type { MutationName, ParsedMutationArgs } from '../../../domain/mutations';
import type { ReplicaDb } from '../../../sync/replica';

/** The item's title with the scanned code, or the code alone. */
async function itemByCode(db: ReplicaDb, code: string): Promise<string> {
  const item = await db.inboundItems.where('codes').equals(code.trim().toUpperCase()).first();
  return item ? `${item.title} (${code})` : code;
}

type Args<N extends MutationName> = ParsedMutationArgs<N>;

export async function describeAction(db: ReplicaDb, name: MutationName, rawArgs: unknown): Promise<string> {
  const a = (rawArgs ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'inventory.move': {
      const m = a as Args<'inventory.move'>;
      if (!m.productCode) return `${m.from} → ${m.to}`;
      return `${m.quantity ?? 1} × ${await itemByCode(db, m.productCode)} · ${m.from} → ${m.to}`;
    }
    case 'item.sort': {
      const s = a as Args<'item.sort'>;
      const item = await db.inboundItems.get(String(s.batchItemId));
      return `${s.quantity} × ${item?.title ?? `#${s.batchItemId}`} → ${s.location}`;
    }
    case 'item.scan': {
      const s = a as Args<'item.scan'>;
      const what = await itemByCode(db, s.code);
      const batch = (await db.inboundItems.where('batchId').equals(s.batchId).first())?.batchName;
      return [s.count ? `${s.count} × ${what}` : what, batch].filter(Boolean).join(' · ');
    }
    case 'package.scan':
      return (a as Args<'package.scan'>).trackingNumber;
    case 'packageReceiveBatch.open':
      return (await db.companies.get((a as Args<'packageReceiveBatch.open'>).companyId))?.name ?? '';
    case 'packageReceiveBatch.close': {
      const batch = await db.receiveBatches.get((a as Args<'packageReceiveBatch.close'>).id);
      return batch ? ((await db.companies.get(batch.companyId))?.name ?? '') : '';
    }
    case 'moveBatch.open':
      return (a as Args<'moveBatch.open'>).name;
    case 'moveBatch.close':
      return (await db.moveBatches.get((a as Args<'moveBatch.close'>).id))?.name ?? '';
    case 'problem.photo':
      return '';
    case 'box.scan': {
      const s = a as Args<'box.scan'>;
      const box = await db.benchBoxes.get(s.boxId);
      const line = await db.benchLines.where('codes').equals(s.code.trim().toUpperCase()).first();
      const what = line ? `${line.title} (${s.code})` : s.code;
      return [s.quantity > 1 ? `${s.quantity} × ${what}` : what, box ? `→ box ${box.boxNo}` : '']
        .filter(Boolean)
        .join(' ');
    }
    case 'box.unscan': {
      const s = a as Args<'box.unscan'>;
      const box = await db.benchBoxes.get(s.boxId);
      const line = await db.benchLines.get(s.planItemId);
      return `${s.quantity} × ${line?.title ?? `#${s.planItemId}`}${box ? ` ← box ${box.boxNo}` : ''}`;
    }
    case 'box.open':
      return (await db.benchPlans.get((a as Args<'box.open'>).planId))?.name ?? '';
    case 'box.close':
    case 'box.reopen':
    case 'box.discard': {
      const box = await db.benchBoxes.get((a as Args<'box.close'>).boxId);
      return box ? `box ${box.boxNo}` : '';
    }
    case 'fbmPick.record': {
      const p = a as Args<'fbmPick.record'>;
      const line = await db.pickLines.get(p.batchLineId);
      const batch = await db.pickBatches.get(p.batchId);
      const what = line ? `${line.sku ?? line.productKey}` : (p.productCode ?? '');
      return [p.short ? `short ${what}` : `${p.quantity} × ${what}`, `@ ${p.location}`, batch?.number ?? '']
        .filter(Boolean)
        .join(' ');
    }
  }
}
