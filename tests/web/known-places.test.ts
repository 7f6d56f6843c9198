import { describe, expect, it } from 'vitest';
import { checkPlace, knownPlaces } from '../../src/features/wms/known-places';

const places = knownPlaces(
  [
    { id: 'A-01', type: 'bin', active: true },
    { id: 'A-02', type: 'bin', active: false },
  ],
  ['LPN00000001'],
);

describe('a scanned place code against the replica', () => {
  it('knows active locations and LPNs, as source and destination', () => {
    expect(checkPlace('A-01', places, false)).toBe('known');
    expect(checkPlace('A-01', places, true)).toBe('known');
    expect(checkPlace('LPN00000001', places, true)).toBe('known');
  });

  it('refuses an unknown code, and an inactive location as destination only', () => {
    expect(checkPlace('Z-99', places, false)).toBe('unknown');
    expect(checkPlace('A-02', places, true)).toBe('inactive');
    expect(checkPlace('A-02', places, false)).toBe('known');
  });

  it('leaves the judgement to the server before the first pull brought any place', () => {
    expect(checkPlace('Z-99', null, true)).toBe('not_synced');
    expect(checkPlace('Z-99', knownPlaces([], []), true)).toBe('not_synced');
  });
});
