import { describe, expect, it } from 'vitest';
import { dockVerdict, judgeDockScans, MIN_TRACKING_LENGTH, readDockScan } from '../../domain/rules/dock-verdict';
import { DockVerdictCache } from '../../sync/mutations/package-scan.js';

describe('dock verdict rule', () => {
  it('follows the four cases in order', () => {
    expect(dockVerdict(true, ['expected'])).toBe('duplicate');
    expect(dockVerdict(false, ['delivered', 'expected'])).toBe('matched');
    expect(dockVerdict(false, ['delivered'])).toBe('duplicate');
    expect(dockVerdict(false, [])).toBe('not_found');
  });
});

describe('scan screen verdict cache', () => {
  it('predicts from normalised numbers and learns from each scan', () => {
    const cache = new DockVerdictCache();
    cache.load(
      [
        { trackingNumber: '1Z999AA10123456784', status: 'expected' },
        { trackingNumber: 'TBA000000000001', status: 'delivered' },
      ],
      ['TBA000000000009'],
    );
    expect(cache.predict(' 1z999aa10123456784 ')).toEqual({ number: '1Z999AA10123456784', status: 'matched' });
    cache.record('1Z999AA10123456784', 'matched');
    expect(cache.predict('1Z999AA10123456784')?.status).toBe('duplicate');
    expect(cache.predict('TBA000000000001')?.status).toBe('duplicate');
    expect(cache.predict('TBA000000000009')?.status).toBe('duplicate');
    expect(cache.predict('NEW-0000001')?.status).toBe('not_found');
    expect(cache.predict(' 12 ')).toBeNull();
  });

  it('a reload replaces the picture (new announcements arrive by pull)', () => {
    const cache = new DockVerdictCache();
    cache.load([], []);
    expect(cache.predict('TBA123456789000')?.status).toBe('not_found');
    cache.load([{ trackingNumber: 'TBA123456789000', status: 'expected' }], []);
    expect(cache.predict('TBA123456789000')?.status).toBe('matched');
  });
});

describe('judgeDockScans: a run of scans against the facts', () => {
  const facts = {
    scanned: new Set(['1ZOLD']),
    expected: new Set(['1ZNEW', '1ZTWO']),
    known: new Set(['1ZNEW', '1ZTWO', '1ZGONE']),
  };
  it('refuses short codes, and judges duplicates, claims, known and unknown numbers in order', () => {
    expect(judgeDockScans(['1zold', '1ZNEW', ' 1znew ', '1ZGONE', '1ZNOPE', '1ZNOPE', 'ab'], facts)).toEqual([
      { number: '1ZOLD', verdict: 'duplicate' },
      { number: '1ZNEW', verdict: 'matched' },
      { number: '1ZNEW', verdict: 'duplicate' },
      { number: '1ZGONE', verdict: 'duplicate' },
      { number: '1ZNOPE', verdict: 'not_found' },
      { number: '1ZNOPE', verdict: 'duplicate' },
      { number: 'AB', refused: 'too_short' },
    ]);
  });
  it('has the minimum length the schemas use', () => {
    expect(MIN_TRACKING_LENGTH).toBe(4);
    expect(readDockScan('abc').ok).toBe(false);
    expect(readDockScan(' abcd ').ok).toBe(true);
  });
});
