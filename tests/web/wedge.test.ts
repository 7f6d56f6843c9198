import { describe, expect, it } from 'vitest';
import { DEFAULT_WEDGE, loadWedgeOptions, saveWedgeOptions, WedgeDetector } from '../../src/scan/wedge';

/** Feed a string as key presses `gap` ms apart, then the terminator; returns the last verdict. */
function type(d: WedgeDetector, text: string, gap: number, start = 1000, end = 'Enter') {
  let t = start;
  for (const ch of text) {
    d.feed(ch, t);
    t += gap;
  }
  return d.feed(end, t);
}

describe('wedge scanner detection', () => {
  it('a fast burst ending in Enter or Tab is a scan', () => {
    expect(type(new WedgeDetector(), '1Z999AA10123456784', 4)).toEqual({ kind: 'scan', code: '1Z999AA10123456784' });
    expect(type(new WedgeDetector(), 'TBA123456789000', 8, 0, 'Tab')).toEqual({
      kind: 'scan',
      code: 'TBA123456789000',
    });
  });

  it('hand typing (gaps of 80 ms and more) is never a scan', () => {
    expect(type(new WedgeDetector(), 'hello world', 90)).toEqual({ kind: 'other' });
  });

  it('a burst after hand typing starts fresh: only the burst is the code', () => {
    const d = new WedgeDetector();
    let t = 0;
    for (const ch of 'abc') d.feed(ch, (t += 150));
    t += 400;
    for (const ch of 'TBA0001') d.feed(ch, (t += 3));
    expect(d.feed('Enter', t + 3)).toEqual({ kind: 'scan', code: 'TBA0001' });
  });

  it('codes shorter than the minimum, or an Enter after a pause, are not scans', () => {
    expect(type(new WedgeDetector(), 'AB', 3)).toEqual({ kind: 'other' });
    const d = new WedgeDetector();
    for (const [i, ch] of [...'TBA0001'].entries()) d.feed(ch, i * 3);
    expect(d.feed('Enter', 500)).toEqual({ kind: 'other' });
  });

  it('Shift inside a burst keeps it; other named keys break it', () => {
    const d = new WedgeDetector();
    d.feed('Shift', 0);
    d.feed('A', 2);
    d.feed('Shift', 3);
    for (const [i, ch] of [...'B123'].entries()) d.feed(ch, 5 + i * 2);
    expect(d.feed('Enter', 14)).toEqual({ kind: 'scan', code: 'AB123' });
    const e = new WedgeDetector();
    e.feed('1', 0);
    e.feed('2', 2);
    e.feed('ArrowLeft', 4);
    e.feed('3', 6);
    expect(e.feed('Enter', 8)).toEqual({ kind: 'other' });
  });

  it('thresholds come from the scanner settings, with bad values replaced by defaults', () => {
    const store = (v: string | null) => ({ getItem: () => v });
    expect(loadWedgeOptions(store(JSON.stringify({ maxGapMs: 60, minLength: 8 })))).toMatchObject({
      maxGapMs: 60,
      minLength: 8,
    });
    expect(loadWedgeOptions(store(JSON.stringify({ maxGapMs: 5000, minLength: -1 })))).toMatchObject({
      maxGapMs: DEFAULT_WEDGE.maxGapMs,
      minLength: DEFAULT_WEDGE.minLength,
    });
    expect(loadWedgeOptions(store('{not json'))).toBe(DEFAULT_WEDGE);
    const slow = new WedgeDetector(loadWedgeOptions(store(JSON.stringify({ maxGapMs: 60, minLength: 4 }))));
    expect(type(slow, 'TBA0001', 50)).toEqual({ kind: 'scan', code: 'TBA0001' });
  });

  it('saved thresholds load back; out-of-range thresholds are refused and nothing is written', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    saveWedgeOptions({ maxGapMs: 80, minLength: 6, terminators: ['Tab'] }, storage);
    const loaded = loadWedgeOptions(storage);
    expect(loaded).toEqual({ maxGapMs: 80, minLength: 6, terminators: ['Tab'] });
    // Only Tab ends a scan now: Enter after a burst is not a scan.
    expect(type(new WedgeDetector(loaded), 'TBA000123', 60)).toEqual({ kind: 'other' });
    expect(type(new WedgeDetector(loaded), 'TBA000123', 60, 0, 'Tab')).toEqual({ kind: 'scan', code: 'TBA000123' });
    expect(() => saveWedgeOptions({ maxGapMs: 500, minLength: 6, terminators: ['Enter'] }, storage)).toThrow(
      /at most 200/,
    );
    expect(() => saveWedgeOptions({ maxGapMs: 50, minLength: 6, terminators: [] }, storage)).toThrow(
      /at least one key/,
    );
    expect(loadWedgeOptions(storage)).toEqual(loaded);
  });
});
