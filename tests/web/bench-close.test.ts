/**
 * Closing a box at the bench: dimensions from a preset or typed, weight typed or from a USB scale
 * that types like a keyboard (routed into the weight field while it has focus), the preset's tare
 * optionally added, Amazon's limits judged before sending (judgeBox), TEAM LIFT for a heavy single unit.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOX_PRESETS } from '../../domain/schemas/bench';
import { checkClose, closingWeight, withPreset, type CloseDraft } from '../../src/features/bench/close-check';
import { cachedPresets } from '../../src/features/bench/preset-cache';
import { routeWedge } from '../../src/features/bench/wedge-route';

const EMPTY: CloseDraft = { lengthIn: '', widthIn: '', heightIn: '', weight: '', addTare: false, preset: null };
const small = DEFAULT_BOX_PRESETS[0];

describe('scale and wedge routing', () => {
  it('a burst into the focused weight field is a reading in lb; elsewhere it is a scan', () => {
    expect(routeWedge('12.40 lb', true)).toEqual({ to: 'weight', lb: 12.4 });
    expect(routeWedge('5.6 kg', true)).toEqual({ to: 'weight', lb: 12.35 });
    expect(routeWedge('  3.1\r', true)).toEqual({ to: 'weight', lb: 3.1 });
    expect(routeWedge('12.40 lb', false)).toEqual({ to: 'scan', code: '12.40 lb' });
  });
  it('a unit’s barcode scanned while the weight field has focus is still a scan', () => {
    expect(routeWedge('X00MUG0001', true)).toEqual({ to: 'scan', code: 'X00MUG0001' });
    // A UPC reads as a number, but no box weighs 36 billion lb.
    expect(routeWedge('036000291452', true)).toEqual({ to: 'scan', code: '036000291452' });
    expect(routeWedge('0 lb', true)).toEqual({ to: 'scan', code: '0 lb' });
  });
});

describe('the close form', () => {
  it('takes a preset’s dimensions and adds its tare only when asked', () => {
    const d = withPreset({ ...EMPTY, weight: '12.40 lb' }, small);
    expect(d).toMatchObject({ lengthIn: '12', widthIn: '10', heightIn: '8', preset: small });
    expect(closingWeight(d)).toBe(12.4);
    expect(closingWeight({ ...d, addTare: true })).toBe(13);
    const check = checkClose({ ...d, addTare: true }, 4, 50);
    expect(check).toMatchObject({
      fields: {},
      measure: { lengthIn: 12, widthIn: 10, heightIn: 8, weightLb: 13 },
      problems: [],
      teamLift: false,
      parcelOk: true,
    });
    // Typing a side leaves the preset.
    expect(withPreset(d, null).preset).toBeNull();
  });

  it('says which field does not read', () => {
    const check = checkClose({ ...EMPTY, lengthIn: '12', widthIn: 'ten', heightIn: '200', weight: 'heavy' }, 2, 50);
    expect(check.fields).toEqual({ widthIn: 'number', heightIn: 'range', weight: 'number' });
    expect(check.measure).toBeNull();
    expect(checkClose(EMPTY, 2, 50).fields).toEqual({
      lengthIn: 'required',
      widthIn: 'required',
      heightIn: 'required',
      weight: 'required',
    });
  });

  it('judges Amazon’s limits before sending, in keys the screen translates', () => {
    const box = { ...EMPTY, lengthIn: '30', widthIn: '10', heightIn: '8', weight: '62' };
    expect(checkClose(box, 3, 50).problems).toEqual([
      { key: 'side', longest: 30, max: 25 },
      { key: 'heavy', weight: 62, max: 50 },
    ]);
    expect(checkClose({ ...box, lengthIn: '12', weight: '0.05' }, 3, 50).problems).toEqual([
      { key: 'light', weight: 0.05 },
    ]);
    expect(checkClose({ ...box, lengthIn: '12', weight: '9' }, 0, 50).problems).toEqual([{ key: 'empty' }]);
  });

  it('a heavy single unit goes alone as a TEAM LIFT; over 100 lb it is no small parcel', () => {
    const one = { ...EMPTY, lengthIn: '30', widthIn: '10', heightIn: '8', weight: '58 lb' };
    expect(checkClose(one, 1, 50)).toMatchObject({ problems: [], teamLift: true, parcelOk: true });
    expect(checkClose({ ...one, weight: '120' }, 1, 50)).toMatchObject({ teamLift: true, parcelOk: false });
  });
});

describe('what the bench keeps on the device', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  it('the presets cached for offline use, else the common sizes', () => {
    const s = memory();
    expect(cachedPresets(s)).toEqual(DEFAULT_BOX_PRESETS);
    s.setItem('dockside.bench.presets', JSON.stringify([{ name: 'Shoe', lengthIn: 14, widthIn: 10, heightIn: 6 }]));
    expect(cachedPresets(s)).toEqual([{ name: 'Shoe', lengthIn: 14, widthIn: 10, heightIn: 6, tareLb: 0 }]);
  });
});
