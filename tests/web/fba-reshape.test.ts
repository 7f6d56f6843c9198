/**
 * Reshaping a plan as the workspace checks it before asking the server (server/modules/fba/reshape.ts
 * has the last word): which actions a plan's status and step offer, what a split moves and keeps —
 * something moves, something stays, never more than a line holds — and which plans may be merged.
 */
import { describe, expect, it } from 'vitest';
import type { PlanRow, PlanStatus, PlanStep } from '../../domain/schemas/fba';
import {
  canClose,
  canMerge,
  canRevert,
  canSplit,
  checkSplit,
  checkSplitName,
  defaultSplitName,
  mergeCandidates,
} from '../../src/features/fba/actions/reshape-rules';
import type { Translate } from '../../src/features/fba/lines';

const t: Translate = (key, opts) => (opts ? `${key} ${JSON.stringify(opts)}` : key);

const state = (status: PlanStatus, step: PlanStep, operationId: string | null = null, units = 10) => ({
  status,
  step,
  operationId,
  units,
});

const row = (id: number, over: Partial<PlanRow> = {}): PlanRow => ({
  id,
  companyId: 1,
  companyName: 'Acme',
  accountNo: 'C1001',
  storeId: 7,
  storeName: 'Acme FBA',
  name: `Plan ${id}`,
  status: 'open',
  step: 'items',
  inboundPlanId: null,
  operationId: null,
  operation: null,
  skus: 1,
  units: 3,
  createdBy: 1,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  ...over,
});

describe('which reshaping actions a plan offers', () => {
  it('splits and merges only while the plan is ours alone: open, at items, Amazon not at work', () => {
    expect(canSplit(state('open', 'items'))).toBe(true);
    expect(canMerge(state('open', 'items'))).toBe(true);
    expect(canSplit(state('open', 'items', 'op-1'))).toBe(false);
    expect(canMerge(state('open', 'items', 'op-1'))).toBe(false);
    expect(canSplit(state('boxing', 'boxes'))).toBe(false);
    expect(canMerge(state('cancelled', 'items'))).toBe(false);
    // One unit cannot be left in each of two plans.
    expect(canSplit(state('open', 'items', null, 1))).toBe(false);
    expect(canSplit(state('open', 'items', null, 2))).toBe(true);
  });
  it('reverts from packing to transport (not at items, not once transportation is confirmed, not while Amazon works)', () => {
    for (const step of ['packing', 'boxes', 'placement', 'transport'] as const)
      expect(canRevert(state('boxing', step)), step).toBe(true);
    for (const step of ['items', 'labels', 'shipped', 'receiving'] as const)
      expect(canRevert(state('open', step)), step).toBe(false);
    expect(canRevert(state('boxing', 'packing', 'op-2'))).toBe(false);
    expect(canRevert(state('cancelled', 'boxes'))).toBe(false);
    expect(canRevert(state('closed', 'placement'))).toBe(false);
  });
  it('closes only a shipped plan not closed yet', () => {
    expect(canClose(state('shipping', 'shipped'))).toBe(true);
    expect(canClose(state('shipping', 'receiving'))).toBe(true);
    expect(canClose(state('closed', 'receiving'))).toBe(false);
    expect(canClose(state('cancelled', 'shipped'))).toBe(false);
    expect(canClose(state('boxing', 'labels'))).toBe(false);
  });
});

describe('a split as typed', () => {
  const lines = [
    { id: 11, quantity: 6 },
    { id: 12, quantity: 4 },
  ];
  it('sends only the lines with something moving, and counts what moves and stays', () => {
    const c = checkSplit(lines, { 11: '2', 12: '4' }, t);
    expect(c.items).toEqual([
      { planItemId: 11, quantity: 2 },
      { planItemId: 12, quantity: 4 },
    ]);
    expect([c.moving, c.staying, c.error]).toEqual([6, 4, null]);
    const blank = checkSplit(lines, { 11: ' ', 12: '0' }, t);
    expect(blank.items).toEqual([]);
    expect(blank.error).toBe('fba.reshape.nothingMoves');
  });
  it('refuses moving everything: something stays in the source', () => {
    const c = checkSplit(lines, { 11: '6', 12: '4' }, t);
    expect(c.error).toBe('fba.reshape.nothingStays');
    expect(c.staying).toBe(0);
  });
  it('refuses more than a line holds, and anything but whole units, on the line', () => {
    const c = checkSplit(lines, { 11: '7', 12: '1.5' }, t);
    expect(c.lineErrors).toEqual({ 11: 'fba.reshape.moveTooMany {"max":6}', 12: 'fba.reshape.moveWhole' });
    // The split as a whole is judged once the lines are right.
    expect(c.error).toBeNull();
    expect(checkSplit(lines, { 11: '-1' }, t).lineErrors[11]).toBe('fba.reshape.moveWhole');
  });
  it('names the new plan after the source (40 characters at most) or as typed, checked like a rename', () => {
    expect(defaultSplitName('Acme big')).toBe('Acme big (split)');
    expect(defaultSplitName('x'.repeat(38))).toHaveLength(40);
    expect(checkSplitName('  ', t)).toEqual({ name: undefined, error: null });
    expect(checkSplitName(' Acme B ', t)).toEqual({ name: 'Acme B', error: null });
    expect(checkSplitName('y'.repeat(41), t).error).toBe('fba.nameTooLong {"max":40}');
  });
});

describe('plans that may be merged into another', () => {
  it('keeps the same client and store at items with Amazon not at work, never the plan itself', () => {
    const target = { id: 1, companyId: 1, storeId: 7 };
    const rows = [
      row(1),
      row(2),
      row(3, { storeId: 8 }),
      row(4, { companyId: 2 }),
      row(5, { step: 'packing', status: 'boxing' }),
      row(6, { operationId: 'op-6', operation: 'createInboundPlan' }),
      row(7, { status: 'cancelled' }),
      row(8),
    ];
    expect(mergeCandidates(rows, target).map((r) => r.id)).toEqual([2, 8]);
    expect(mergeCandidates([], target)).toEqual([]);
  });
});
