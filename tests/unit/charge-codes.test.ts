/**
 * Billing's charge codes and the stock movements that are billable: every fee key a code names
 * exists, prep types map to their codes, problem codes are known, and the stock rows a workflow
 * posts become one event per source (received, sorted, disposed) and nothing for other moves.
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_CHARGE_CODES,
  CHARGE_CODES,
  chargeCodeDef,
  isChargeCode,
  prepChargeCode,
} from '../../domain/billing/charge-codes.js';
import { FEE_SETTINGS } from '../../domain/fee-settings.js';
import { chargeEventsOfStock } from '../../server/modules/charges/stock-events.js';
import type { LedgerInsert } from '../../server/modules/inventory/ledger.js';

describe('charge codes', () => {
  it('names only fee settings that exist, and money ones', () => {
    for (const [code, def] of Object.entries(CHARGE_CODES)) {
      if (!('feeKey' in def)) continue;
      const fee = FEE_SETTINGS[def.feeKey];
      expect(fee, code).toBeDefined();
      expect(fee.kind, code).toBe('money');
    }
  });

  it('maps Amazon prep types to their codes, anything else to PREP_OTHER', () => {
    expect(prepChargeCode('ITEM_POLYBAGGING')).toBe('PREP_POLYBAGGING');
    expect(prepChargeCode('ITEM_BUBBLEWRAP')).toBe('PREP_BUBBLEWRAP');
    expect(prepChargeCode('ITEM_SETCREAT')).toBe('PREP_SETCREAT');
    expect(prepChargeCode('ITEM_SOMETHING_NEW')).toBe('PREP_OTHER');
    expect(prepChargeCode('')).toBe('PREP_OTHER');
  });

  it('knows the problem codes of spec §4 and their _IND variants, and nothing made up', () => {
    expect(isChargeCode('PROBLEM_DAMAGED')).toBe(true);
    expect(isChargeCode('PROBLEM_MISPICK_MISSHIP_IND')).toBe(true);
    expect(chargeCodeDef('PROBLEM_DAMAGED')).toMatchObject({ category: 'problems', unit: 'problem' });
    expect(isChargeCode('PROBLEM_EXPLODED')).toBe(false);
    expect(isChargeCode('box_packed')).toBe(false);
    expect(new Set(ALL_CHARGE_CODES).size).toBe(ALL_CHARGE_CODES.length);
  });
});

describe('billable stock movements', () => {
  const row = (over: Partial<LedgerInsert>): LedgerInsert => ({
    tenantId: 1,
    companyId: 7,
    batchItemId: 40,
    productKey: 'p:40',
    location: 'RECEIVING',
    condition: 'sellable',
    quantity: 3,
    reason: 'receive',
    refType: 'item_scan',
    refId: 'scan-1',
    userId: 5,
    at: '2026-10-01T10:00:00.000Z',
    ...over,
  });

  it('a receipt, a sort (its "into" row only) and a disposal each become one event', () => {
    const events = chargeEventsOfStock([
      row({}),
      row({ reason: 'sort', refType: 'item_sort', refId: 's-1', quantity: -2 }),
      row({ reason: 'sort', refType: 'item_sort', refId: 's-1', quantity: 2, location: 'PREP-FBA' }),
      row({ reason: 'disposition_dispose', refType: 'problem', refId: '9', quantity: -1, condition: 'damaged' }),
      row({ reason: 'disposition_donate', refType: 'problem', refId: '10', quantity: -1 }),
      row({ reason: 'move', refType: 'move', refId: 'm-1', quantity: 5 }),
    ]);
    expect(events.map((e) => [e.kind, e.quantity, e.sourceId])).toEqual([
      ['unit_received', 3, 'item_scan:scan-1:40:sellable'],
      ['unit_sorted', 2, 'item_sort:s-1:40:sellable'],
      ['unit_disposed', 1, 'problem:9:40:damaged'],
    ]);
    expect(events[0]).toMatchObject({ tenantId: 1, companyId: 7, userId: 5, at: '2026-10-01T10:00:00.000Z' });
  });

  it('sums rows of one source (a receipt split over balance lines) into one event', () => {
    const events = chargeEventsOfStock([row({ quantity: 2 }), row({ quantity: 4 })]);
    expect(events).toHaveLength(1);
    expect(events[0].quantity).toBe(6);
  });
});
