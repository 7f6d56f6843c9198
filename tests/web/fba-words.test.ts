/**
 * The FBA screens' words and times: every status, filter, step, journal kind and blocker has its
 * label in each language, the spec §4 filter reads as the spec says, and ages and elapsed times
 * read as people say them.
 */
import { describe, expect, it } from 'vitest';
import {
  PENDING_BLOCKERS,
  PLAN_EVENT_KINDS,
  PLAN_STATUS_FILTERS,
  PLAN_STATUSES,
  FBA_STEPS,
  WFS_STEPS,
  PREP_OWNERS,
  RESERVATION_STATES,
} from '../../domain/schemas/fba';
import { OPERATION_STATUSES } from '../../domain/schemas/orders';
import { de } from '../../src/locales/de';
import { en } from '../../src/locales/en';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';
import { WFS_SHIPMENT_STATUSES } from '../../src/features/wfs/words';
import {
  channelWords,
  blockerIsProblem,
  blockerKey,
  DEFAULT_STATUS_FILTER,
  eventKindKey,
  formatAge,
  formatElapsed,
  statusFilterKey,
  statusFilterOf,
  statusKey,
  stepKey,
  stepOf,
  stepState,
} from '../../src/features/fba/words';

type Tree = { [k: string]: string | Tree };
const lookup = (tree: Tree, key: string): string | undefined => {
  let at: string | Tree | undefined = tree;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
};

const keys = [
  ...PLAN_STATUS_FILTERS.map(statusFilterKey),
  ...PLAN_STATUSES.map(statusKey),
  ...FBA_STEPS.map(stepKey),
  ...FBA_STEPS.map((s) => `fba.stepIntro.${s}`),
  ...PLAN_EVENT_KINDS.map(eventKindKey),
  ...PENDING_BLOCKERS.map(blockerKey),
  ...PREP_OWNERS.map((o) => `fba.owners.${o}`),
  ...RESERVATION_STATES.map((s) => `fba.reservations.states.${s}`),
  ...OPERATION_STATUSES.map((s) => `fba.operationStates.${s}`),
  // A WFS plan's own words (issue 38, defect 10).
  ...PLAN_STATUS_FILTERS.map(channelWords('wfs').statusFilterKey),
  ...PLAN_STATUSES.map(channelWords('wfs').statusKey),
  ...WFS_STEPS.map(channelWords('wfs').stepKey),
  ...WFS_SHIPMENT_STATUSES.map((s) => `wfs.shipmentStatuses.${s}`),
];

describe('FBA words', () => {
  for (const [code, messages] of Object.entries({ en, de, fr, pt })) {
    it(`${code} words every code the plans carry`, () => {
      for (const key of keys) expect(lookup(messages as Tree, key), key).toBeTruthy();
    });
  }

  it('says the spec §4 filter as the spec does, and tells every filter apart', () => {
    const label = (f: (typeof PLAN_STATUS_FILTERS)[number]) => lookup(en as Tree, statusFilterKey(f));
    expect(label('open')).toBe('Working');
    expect(label('boxing')).toBe('Shipping');
    expect(label('box_dims')).toBe('Box dimensions');
    expect(label('all_but_closed')).toBe('Not closed');
    for (const messages of [en, de, fr, pt]) {
      const labels = PLAN_STATUS_FILTERS.map((f) => lookup(messages as Tree, statusFilterKey(f)));
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('opens on the plans not closed; a route segment is read as a filter or a step, or not at all', () => {
    expect(DEFAULT_STATUS_FILTER).toBe('all_but_closed');
    expect(statusFilterOf('closed')).toBe('closed');
    expect(statusFilterOf('working')).toBe('all_but_closed');
    expect(statusFilterOf(undefined)).toBe('all_but_closed');
    expect(stepOf('packing')).toBe('packing');
    expect(stepOf('PACKING')).toBeNull();
    expect(stepOf(undefined)).toBeNull();
  });

  it('places a step against the step the plan reached', () => {
    expect(stepState('items', 'packing')).toBe('done');
    expect(stepState('packing', 'packing')).toBe('current');
    expect(stepState('labels', 'packing')).toBe('ahead');
  });

  it('marks only a failure and a discrepancy as problems', () => {
    expect(PENDING_BLOCKERS.filter(blockerIsProblem)).toEqual(['amazon_failed', 'discrepancy']);
  });

  it('says an age in minutes, hours up to two days, then days', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(formatAge(ago(5 * 60_000 + 30_000), now, 'en')).toBe('5 min');
    expect(formatAge(ago(3 * 3_600_000), now, 'en')).toBe('3 hr');
    expect(formatAge(ago(47 * 3_600_000), now, 'en')).toBe('47 hr');
    expect(formatAge(ago(3 * 86_400_000 + 5_000), now, 'en')).toBe('3 days');
    // A clock a little behind the server's never says a negative age.
    expect(formatAge(new Date(now + 10_000).toISOString(), now, 'en')).toBe('0 min');
    expect(formatAge(ago(3 * 3_600_000), now, 'de')).toBe('3 Std.');
  });

  it('ticks an operation’s time as m:ss, h:mm:ss past an hour', () => {
    const start = '2026-03-10T12:00:00.000Z';
    const at = (s: number) => Date.parse(start) + s * 1000;
    expect(formatElapsed(start, at(0))).toBe('0:00');
    expect(formatElapsed(start, at(7))).toBe('0:07');
    expect(formatElapsed(start, at(125))).toBe('2:05');
    expect(formatElapsed(start, at(3_725))).toBe('1:02:05');
    expect(formatElapsed(start, at(-3))).toBe('0:00');
  });
});
