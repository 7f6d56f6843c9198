import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplicaDb, itemCodes } from '../../sync/replica.js';
import { describeAction } from '../../src/app/attention/describe-action.js';

const db = new ReplicaDb(`describe-action-${Math.random()}`);
const mug = {
  id: '41',
  batchId: 7,
  batchName: 'PO-ACME-7',
  companyId: 3,
  title: 'Blue mug',
  asin: null,
  fnsku: 'X00E2EMUG1',
  msku: 'MUG-BLUE',
  upc: null,
  expectedQty: 6,
  receivedQty: 6,
  damagedQty: 0,
  sortedQty: 0,
  packSize: 1,
  itemAction: 'storage',
  status: 'received',
};

beforeAll(async () => {
  await db.inboundItems.put({ ...mug, codes: itemCodes(mug) });
  await db.companies.put({ id: 3, name: 'Acme Sellers', accountNo: 'ACME', audience: 'Customer' });
  await db.moveBatches.put({
    id: '9b0c7a5e-4b1f-4c53-9f5e-2a3f0b8b6c11',
    name: 'Aisle Q restock',
    reason: 'restock_inventory',
    status: 'open',
    createdAt: '2026-11-25T08:00:00Z',
    closedAt: null,
  });
});
afterAll(() => db.delete());

describe('a refused action, as the floor names it', () => {
  it('names a move by quantity, item title with the scanned code, and its places', async () => {
    const args = { from: 'Q-01-1', to: 'LPN00000003', productCode: 'x00e2emug1', quantity: 7 };
    expect(await describeAction(db, 'inventory.move', args)).toBe('7 × Blue mug (x00e2emug1) · Q-01-1 → LPN00000003');
    expect(await describeAction(db, 'inventory.move', { from: 'LPN00000003', to: 'Q-03-2' })).toBe(
      'LPN00000003 → Q-03-2',
    );
  });

  it('falls back to the scanned code when the device holds no such item', async () => {
    const args = { from: 'A-1', to: 'B-2', productCode: 'UNKNOWN1', quantity: 2 };
    expect(await describeAction(db, 'inventory.move', args)).toBe('2 × UNKNOWN1 · A-1 → B-2');
  });

  it('names sorts, item scans, batches and packages by what people read, never an id', async () => {
    expect(await describeAction(db, 'item.sort', { batchItemId: 41, quantity: 6, location: 'Q-01-1' })).toBe(
      '6 × Blue mug → Q-01-1',
    );
    expect(await describeAction(db, 'item.scan', { batchId: 7, code: 'MUG-BLUE', count: 3 })).toBe(
      '3 × Blue mug (MUG-BLUE) · PO-ACME-7',
    );
    expect(await describeAction(db, 'packageReceiveBatch.open', { companyId: 3 })).toBe('Acme Sellers');
    expect(await describeAction(db, 'moveBatch.close', { id: '9b0c7a5e-4b1f-4c53-9f5e-2a3f0b8b6c11' })).toBe(
      'Aisle Q restock',
    );
    expect(await describeAction(db, 'package.scan', { trackingNumber: '1Z999AA10123456784' })).toBe(
      '1Z999AA10123456784',
    );
  });
});
