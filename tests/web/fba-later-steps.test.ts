/**
 * The FBA plan's later steps as pure logic: placement options side by side by landed cost,
 * transport options grouped and the one confirmation built from the choices (with what keeps it
 * back and which void windows it starts), deadlines counted down, an own carrier's tracking checked
 * per box as the server checks it, and money typed and shown in the user's language.
 */
import { describe, expect, it } from 'vitest';
import type {
  LandedCost,
  PlacementOptionView,
  PlanDetail,
  PlanShipment,
  TransportOptionView,
} from '../../domain/schemas/fba';
import { planVoidableUntil, remaining } from '../../src/features/fba/countdown';
import { isOwnCarrier, placementComparison, quotesComing } from '../../src/features/fba/landed-costs';
import { centsText, money, parseCents } from '../../src/features/fba/money';
import { checkBoxTracking, proError, refusalsByBox, shipmentBoxes } from '../../src/features/fba/tracking';
import {
  buildSelections,
  groupOptions,
  initialChoices,
  needsWindow,
  optionsFor,
  quoteExpired,
  shipmentCurrency,
  voidHours,
  voidWindowOf,
} from '../../src/features/fba/transport-choices';

const t = (key: string, opts?: Record<string, unknown>) => (opts ? `${key} ${JSON.stringify(opts)}` : key);
const now = Date.parse('2026-03-10T12:00:00Z');

const placement = (id: string, feeCents: number, places: string[], over: Partial<PlacementOptionView> = {}) => ({
  placementOptionId: id,
  status: 'OFFERED',
  expiration: '2026-03-20T00:00:00Z',
  fees: [{ type: 'FEE', target: 'Placement Services', description: 'Fee', amountCents: feeCents, currency: 'USD' }],
  discounts: [],
  feeCents,
  shipments: places.map((w, n) => ({
    shipmentId: `sh-${id}-${n}`,
    name: null,
    confirmationId: null,
    warehouseId: w,
    city: 'Reno',
    state: 'NV',
    postalCode: null,
  })),
  ...over,
});
const landed = (id: string, over: Partial<LandedCost> = {}): LandedCost => ({
  placementOptionId: id,
  quoted: true,
  feeCents: 0,
  modes: [],
  bestCents: null,
  recommended: false,
  ...over,
});

describe('placement comparison', () => {
  const plan = {
    placementOptions: [placement('a', 0, ['RNO4', 'PHX7']), placement('b', 2500, ['ABE8'])],
    landedCosts: [
      landed('a', {
        feeCents: 0,
        modes: [
          { mode: 'partnered_spd', available: true, transportCents: 8000, totalCents: 8000 },
          { mode: 'own_spd', available: true, transportCents: null, totalCents: null },
        ],
        bestCents: 8000,
      }),
      landed('b', {
        feeCents: 2500,
        modes: [
          { mode: 'partnered_spd', available: true, transportCents: 4000, totalCents: 6500 },
          { mode: 'partnered_ltl', available: false, transportCents: null, totalCents: null },
        ],
        bestCents: 6500,
        recommended: true,
      }),
    ],
  } satisfies Pick<PlanDetail, 'placementOptions' | 'landedCosts'>;

  it('puts each option’s destinations, fee and every mode side by side, partnered first, the own carrier unpriced', () => {
    const [a, b] = placementComparison(plan, now);
    expect(a.destinations.map((d) => d.warehouseId)).toEqual(['RNO4', 'PHX7']);
    expect(a.modes.map((m) => m.mode)).toEqual(['partnered_spd', 'partnered_ltl', 'own_spd', 'own_ltl']);
    expect(a.modes.find((m) => m.mode === 'own_spd')).toMatchObject({
      available: true,
      ownCarrier: true,
      totalCents: null,
    });
    expect(a.modes.find((m) => m.mode === 'partnered_ltl')).toMatchObject({ available: false });
    expect(b).toMatchObject({ feeCents: 2500, bestCents: 6500, recommended: true, currency: 'USD', blocked: null });
    expect(a.recommended).toBe(false);
    expect(isOwnCarrier('own_ltl')).toBe(true);
    expect(isOwnCarrier('partnered_ltl')).toBe(false);
  });

  it('knows when quotes are still coming: an option not quoted, or Amazon quoting now', () => {
    const rows = placementComparison(plan, now);
    expect(quotesComing(rows, null)).toBe(false);
    expect(quotesComing(rows, 'generateTransportationOptions')).toBe(true);
    const early = placementComparison({ ...plan, landedCosts: [plan.landedCosts[0]] }, now);
    expect(early[1]).toMatchObject({ quoted: false, bestCents: null, recommended: false, feeCents: 2500 });
    expect(quotesComing(early, null)).toBe(true);
  });

  it('marks an expired or withdrawn option as not to be confirmed', () => {
    const rows = placementComparison(
      {
        placementOptions: [
          placement('x', 0, ['RNO4'], { expiration: '2026-03-01T00:00:00Z' }),
          placement('y', 0, ['RNO4'], { status: 'EXPIRED' }),
        ],
        landedCosts: [],
      },
      now,
    );
    expect(rows.map((r) => r.blocked)).toEqual(['expired', 'notOffered']);
  });
});

const option = (
  shipmentId: string,
  id: string,
  solution: 'AMAZON_PARTNERED_CARRIER' | 'USE_YOUR_OWN_CARRIER',
  mode: 'GROUND_SMALL_PARCEL' | 'FREIGHT_LTL',
  costCents: number | null,
  over: Partial<TransportOptionView> = {},
): TransportOptionView => ({
  transportationOptionId: id,
  shipmentId,
  shippingMode: mode,
  shippingSolution: solution,
  carrierName: solution === 'AMAZON_PARTNERED_CARRIER' ? 'UPS' : null,
  carrierCode: null,
  costCents,
  currency: costCents === null ? null : 'USD',
  expiration: '2026-03-11T00:00:00Z',
  voidableUntil: null,
  preconditions: [],
  ...over,
});
const shipment = (shipmentId: string, over: Partial<PlanShipment> = {}): PlanShipment => ({
  id: 1,
  shipmentId,
  confirmationId: `FBA${shipmentId.toUpperCase()}`,
  name: null,
  warehouseId: 'RNO4',
  destination: null,
  status: 'WORKING',
  boxes: 2,
  shippingMode: null,
  shippingSolution: null,
  transportationOptionId: null,
  carrierName: null,
  costCents: null,
  currency: null,
  voidableUntil: null,
  deliveryWindow: null,
  tracking: null,
  shippedAt: null,
  received: [],
  discrepancy: false,
  ...over,
});

describe('transport choices', () => {
  const options = [
    option('s1', 'o-own', 'USE_YOUR_OWN_CARRIER', 'GROUND_SMALL_PARCEL', null),
    option('s1', 'o-ltl', 'AMAZON_PARTNERED_CARRIER', 'FREIGHT_LTL', 30000),
    option('s1', 'o-spd2', 'AMAZON_PARTNERED_CARRIER', 'GROUND_SMALL_PARCEL', 5000),
    option('s1', 'o-spd1', 'AMAZON_PARTNERED_CARRIER', 'GROUND_SMALL_PARCEL', 4200),
    option('s2', 'p-spd', 'AMAZON_PARTNERED_CARRIER', 'GROUND_SMALL_PARCEL', 3100, { currency: 'EUR' }),
    option('s2', 'p-own', 'USE_YOUR_OWN_CARRIER', 'FREIGHT_LTL', null),
  ];
  const plan = {
    placementOptionId: 'pl-1',
    transportOptions: { byPlacement: { 'pl-1': options, 'pl-2': [] }, windows: {} },
    shipments: [shipment('s1'), shipment('s2')],
  } satisfies Pick<PlanDetail, 'placementOptionId' | 'transportOptions' | 'shipments'>;

  it('takes a shipment’s options of the confirmed placement, grouped partnered/own × parcel/LTL, cheapest first', () => {
    expect(optionsFor(plan, 's2').map((o) => o.transportationOptionId)).toEqual(['p-spd', 'p-own']);
    expect(optionsFor({ ...plan, placementOptionId: null }, 's1')).toEqual([]);
    const groups = groupOptions(optionsFor(plan, 's1'));
    expect(groups.map((g) => g.key)).toEqual(['partnered_spd', 'partnered_ltl', 'own_spd']);
    expect(groups[0].options.map((o) => o.transportationOptionId)).toEqual(['o-spd1', 'o-spd2']);
  });

  it('says the void window a partnered carrier starts (24 h parcel, 1 h LTL) and what an own carrier needs first', () => {
    expect(voidHours(options[3])).toBe(24);
    expect(voidHours(options[1])).toBe(1);
    expect(voidHours(options[0])).toBeNull();
    expect(needsWindow(options[0], shipment('s1'))).toBe(true);
    expect(needsWindow(options[0], shipment('s1', { deliveryWindow: { start: 'a', end: 'b' } }))).toBe(false);
    expect(needsWindow(options[3], shipment('s1'))).toBe(false);
    expect(quoteExpired(options[3], now)).toBe(false);
    expect(quoteExpired(options[3], Date.parse('2026-03-12T00:00:00Z'))).toBe(true);
    expect(quoteExpired({ expiration: null }, now)).toBe(false);
  });

  it('builds one selection per shipment, in order, and says which shipments have no choice or no window', () => {
    expect(buildSelections(plan, {})).toEqual({ selections: [], missing: ['s1', 's2'], needWindow: [] });
    const partial = buildSelections(plan, { s1: 'o-own', s2: 'not-an-option' });
    expect(partial).toEqual({
      selections: [{ shipmentId: 's1', transportationOptionId: 'o-own' }],
      missing: ['s2'],
      needWindow: ['s1'],
    });
    const full = buildSelections(plan, { s2: 'p-spd', s1: 'o-spd1' });
    expect(full.selections).toEqual([
      { shipmentId: 's1', transportationOptionId: 'o-spd1' },
      { shipmentId: 's2', transportationOptionId: 'p-spd' },
    ]);
    expect(full.missing).toEqual([]);
    expect(voidWindowOf(plan, { s1: 'o-spd1', s2: 'p-own' })).toEqual({ spd: true, ltl: false });
    expect(voidWindowOf(plan, { s1: 'o-ltl' })).toEqual({ spd: false, ltl: true });
    expect(voidWindowOf(plan, { s1: 'o-own' })).toEqual({ spd: false, ltl: false });
  });

  it('starts from what the shipments carry, and reads a shipment’s currency from its confirmed quote', () => {
    const confirmed = { ...plan, shipments: [shipment('s1'), shipment('s2', { transportationOptionId: 'p-spd' })] };
    expect(initialChoices(confirmed.shipments)).toEqual({ s2: 'p-spd' });
    expect(shipmentCurrency(confirmed, confirmed.shipments[1])).toBe('EUR');
    expect(shipmentCurrency(confirmed, confirmed.shipments[0])).toBe('USD');
  });
});

describe('deadlines', () => {
  it('counts down as h:mm:ss, with days beyond one, and says when it has passed', () => {
    expect(remaining('2026-03-10T13:02:03Z', now)).toEqual({ over: false, ms: 3_723_000, text: '1:02:03' });
    expect(remaining('2026-03-11T13:00:00Z', now).text).toBe('1d 1:00:00');
    expect(remaining('2026-03-10T12:00:00Z', now)).toEqual({ over: true, ms: 0, text: '0:00:00' });
    expect(remaining('not a date', now).over).toBe(true);
  });

  it('gives the plan’s void window as the server judges it: the earliest partnered one, none with an own carrier', () => {
    const partnered = (until: string) =>
      shipment('s', { shippingSolution: 'AMAZON_PARTNERED_CARRIER', voidableUntil: until });
    expect(planVoidableUntil([partnered('2026-03-11T10:00:00Z'), partnered('2026-03-11T09:00:00Z')])).toBe(
      '2026-03-11T09:00:00Z',
    );
    expect(
      planVoidableUntil([
        partnered('2026-03-11T10:00:00Z'),
        shipment('o', { shippingSolution: 'USE_YOUR_OWN_CARRIER' }),
      ]),
    ).toBeNull();
    expect(planVoidableUntil([])).toBeNull();
  });
});

describe('own carrier tracking', () => {
  const box = (boxNo: number, amazonBoxId: string | null) => ({ boxNo, amazonBoxId });
  const tree = { boxes: [box(2, 'FBA1AU000002'), box(1, 'FBA1AU000001'), box(3, 'FBA2BU000001'), box(4, null)] };

  it('finds a shipment’s boxes by Amazon’s box ids (they start with its confirmation id), in box order', () => {
    // Only the fields the function reads: the tree's other fields do not matter here.
    const boxes = shipmentBoxes(tree as never, { confirmationId: 'FBA1A' }, 2);
    expect(boxes).toEqual([
      { boxId: 'FBA1AU000001', boxNo: 1 },
      { boxId: 'FBA1AU000002', boxNo: 2 },
    ]);
    expect(shipmentBoxes(tree as never, { confirmationId: null }, 1)).toHaveLength(3);
    expect(shipmentBoxes(tree as never, { confirmationId: null }, 2)).toEqual([]);
  });

  it('checks every box’s number as the server does: present, 6–64 letters/digits/dashes, each box its own', () => {
    const boxes = [
      { boxId: 'B1', boxNo: 1 },
      { boxId: 'B2', boxNo: 2 },
      { boxId: 'B3', boxNo: 3 },
    ];
    const bad = checkBoxTracking(boxes, { B1: '1z999', B2: '1Z 999 AA1', B3: '' }, t);
    expect(bad.body).toBeNull();
    expect(Object.keys(bad.errors).sort()).toEqual(['B1', 'B2', 'B3']);
    expect(bad.errors.B1).toBe('fba.tracking.errors.short');
    expect(bad.errors.B2).toBe('fba.tracking.errors.chars');
    expect(bad.errors.B3).toBe('fba.tracking.errors.required');
    const twice = checkBoxTracking(boxes, { B1: '1z999aa1', B2: '1Z999AA1', B3: '1Z999AA3' }, t);
    expect(twice.errors).toEqual({ B2: 'fba.tracking.errors.twice {"box":"B1"}' });
    const ok = checkBoxTracking(boxes, { B1: ' 1z999aa1 ', B2: '1Z999AA2', B3: '1Z999AA3' }, t);
    expect(ok.errors).toEqual({});
    expect(ok.body).toEqual({
      boxes: [
        { boxId: 'B1', trackingId: '1Z999AA1' },
        { boxId: 'B2', trackingId: '1Z999AA2' },
        { boxId: 'B3', trackingId: '1Z999AA3' },
      ],
    });
    expect(checkBoxTracking([], {}, t).body).toBeNull();
  });

  it('checks a PRO number, and puts the server’s refusals beside the box they name', () => {
    expect(proError('12', t)).toBe('fba.tracking.errors.pro');
    expect(proError('PRO#1', t)).toBe('fba.tracking.errors.proChars');
    expect(proError(' 123-456.7 ', t)).toBeNull();
    const boxes = [{ boxId: 'FBA1AU000001', boxNo: 1 }];
    expect(
      refusalsByBox(
        ['Box FBA1AU000001 is not a box of this shipment', 'Each box needs its own tracking number'],
        boxes,
      ),
    ).toEqual({
      byBox: { FBA1AU000001: 'Box FBA1AU000001 is not a box of this shipment' },
      rest: ['Each box needs its own tracking number'],
    });
  });
});

describe('money', () => {
  it('reads typed amounts as whole cents, with either decimal mark and grouping', () => {
    expect(parseCents('125.50')).toBe(12550);
    expect(parseCents('125,5')).toBe(12550);
    expect(parseCents('1,234.56')).toBe(123456);
    expect(parseCents('1.234,56')).toBe(123456);
    expect(parseCents('1 234')).toBe(123400);
    expect(parseCents('40')).toBe(4000);
    for (const bad of ['', 'abc', '1.234.5', '-5', '1.2.3', '12.345.6']) expect(parseCents(bad), bad).toBeNull();
    // Three digits after a mark are thousands (1.999 in German is 1,999 in English).
    expect(parseCents('1.999')).toBe(199900);
    expect(centsText(12550)).toBe('125.50');
  });

  it('shows cents in the user’s language and the charge’s currency', () => {
    expect(money(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(money(123456, 'EUR', 'de')).toMatch(/^1\.234,56\s€$/);
    expect(money(50, 'USD', 'fr')).toMatch(/^0,50\s\$US$/);
    expect(money(100, 'not-a-currency', 'en')).toBe('1.00 not-a-currency');
  });
});
