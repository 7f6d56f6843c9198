import { describe, expect, it } from 'vitest';
import { discrepancyOf, discrepancyWords } from '../../server/modules/fba/receiving.js';

describe('receiving discrepancies', () => {
  const lines = [
    { msku: 'MUG', shipped: 10, received: 9 },
    { msku: 'MAT', shipped: 4, received: 4 },
    { msku: 'EXTRA', shipped: 2, received: 3 },
  ];
  it('are judged only once Amazon closed the shipment', () => {
    expect(discrepancyOf('RECEIVING', lines)).toEqual([]);
    expect(discrepancyOf('CLOSED', lines).map((l) => l.msku)).toEqual(['MUG', 'EXTRA']);
  });
  it('are said per SKU', () => {
    expect(discrepancyWords(discrepancyOf('CLOSED', lines))).toBe('MUG: 9 of 10 received; EXTRA: 3 of 2 received');
  });
});
