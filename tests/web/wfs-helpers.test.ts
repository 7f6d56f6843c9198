import { describe, expect, it } from 'vitest';
import { WFS_STEPS } from '../../domain/schemas/fba';
import type { WfsTemplate } from '../../domain/schemas/wfs-templates';
import { stepState } from '../../src/features/fba/words';
import { checkDeliveryDate, defaultDeliveryDate } from '../../src/features/wfs/dates';
import { checkWfsLines, withLineFields } from '../../src/features/wfs/lines';
import {
  quoteMoney,
  trackingList,
  wfsBenchPlanHref,
  wfsClientPlansHref,
  wfsNewPlanHref,
  wfsPlanHref,
  wfsRouteOf,
  wfsStepOf,
} from '../../src/features/wfs/links';
import { defaultTemplate, shipFromTemplate, walmartShipFromErrors } from '../../src/features/wfs/ship-from';
import { emptyShipFrom } from '../../src/features/fba/ship-from';

const t = (key: string, opts?: Record<string, unknown>) => (opts ? `${key} ${JSON.stringify(opts)}` : key);

describe('WFS workspace links', () => {
  const plan = { id: 7, accountNo: 'A-1', companyId: 3, storeId: 9, step: 'carrier' as const };
  it('puts the step, account, company, store and plan in the address', () => {
    expect(wfsPlanHref(plan)).toBe('/apps/outbound/wfs/carrier/A-1/3/9/7');
    expect(wfsPlanHref(plan, 'boxes')).toBe('/apps/outbound/wfs/boxes/A-1/3/9/7');
    expect(wfsPlanHref({ ...plan, accountNo: '' })).toBe('/apps/outbound/wfs/carrier/-/3/9/7');
    expect(wfsClientPlansHref('A 1')).toBe('/apps/outbound/wfs/plans/A%201');
    expect(wfsNewPlanHref('A-1')).toBe('/apps/outbound/wfs/items/A-1');
    expect(wfsBenchPlanHref(7, 3)).toBe('/apps/outbound/wfs/boxes/-/3/-/7');
    expect(
      wfsRouteOf({ workflow: 'boxes', accountNo: '-', companyId: '3', storeId: '-', shipmentPlanId: '7' } as never),
    ).toEqual({
      kind: 'plan',
      planId: 7,
      step: 'boxes',
    });
  });
  it('reads the route back', () => {
    expect(wfsRouteOf({})).toEqual({ kind: 'choose' });
    expect(wfsRouteOf({ workflow: 'plans' })).toEqual({ kind: 'choose' });
    expect(wfsRouteOf({ workflow: 'plans', accountNo: 'A-1' })).toEqual({ kind: 'plans', accountNo: 'A-1' });
    expect(wfsRouteOf({ workflow: 'items', accountNo: 'A-1' })).toEqual({ kind: 'new', accountNo: 'A-1' });
    expect(wfsRouteOf({ workflow: 'labels', accountNo: 'A-1', shipmentPlanId: '7' })).toEqual({
      kind: 'plan',
      planId: 7,
      step: 'labels',
    });
    expect(wfsRouteOf({ workflow: 'placement', shipmentPlanId: '7' })).toEqual({ kind: 'plan', planId: 7, step: null });
    expect(wfsRouteOf({ workflow: 'items', shipmentPlanId: 'x' })).toEqual({ kind: 'bad-plan' });
    expect(wfsRouteOf({ workflow: 'items', shipmentPlanId: '0' })).toEqual({ kind: 'bad-plan' });
  });
  it('knows only WFS steps; steps stand against WFS’s order', () => {
    expect(wfsStepOf('preview')).toBe('preview');
    expect(wfsStepOf('placement')).toBeNull();
    expect(wfsStepOf(undefined)).toBeNull();
    expect(stepState('preview', 'carrier', WFS_STEPS)).toBe('done');
    expect(stepState('carrier', 'carrier', WFS_STEPS)).toBe('current');
    expect(stepState('labels', 'carrier', WFS_STEPS)).toBe('ahead');
    // FBA's order is unchanged by default.
    expect(stepState('packing', 'boxes')).toBe('done');
  });
});

describe('WFS words and input', () => {
  it('splits tracking numbers typed one a line, by commas or spaces, each once', () => {
    expect(trackingList(' 1Z1\n1Z2, 1Z3;1Z1 \n\n')).toEqual(['1Z1', '1Z2', '1Z3']);
    expect(trackingList('  ')).toEqual([]);
  });
  it('says a quote’s price in the user’s language', () => {
    expect(quoteMoney(12345, 'USD', 'en')).toBe('$123.45');
    expect(quoteMoney(null, 'USD', 'en')).toBe('–');
    expect(quoteMoney(500, null, 'en')).toBe('$5.00');
  });
  it('asks for a delivery day a week ahead, refuses a past or missing one', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(defaultDeliveryDate(now)).toBe('2026-03-08');
    expect(checkDeliveryDate('2026-03-01', now)).toBeNull();
    expect(checkDeliveryDate('2026-02-28', now)).toBe('datePast');
    expect(checkDeliveryDate('', now)).toBe('dateRequired');
    expect(checkDeliveryDate('2026-13-45', now)).toBe('dateRequired');
  });
  it('checks each line against what is available at PREP-WFS', () => {
    const line = (productId: number, quantity: string) => ({ productId, title: `P${productId}`, codes: 'X', quantity });
    const available = new Map([
      [1, 5],
      [2, 5],
    ]);
    const r = checkWfsLines([line(1, '5'), line(2, '6'), line(3, '0'), line(4, '1.5')], available, t);
    expect(r.items).toEqual([{ productId: 1, quantity: 5 }]);
    expect(r.errors).toEqual({ 2: 'wfs.quantityOver {"max":5}', 3: 'wfs.quantityWhole', 4: 'wfs.quantityWhole' });
  });
});

describe('WFS ship-from', () => {
  const tpl = (id: number, companyId: number | null, isDefault: boolean) =>
    ({
      id,
      name: `T${id}`,
      companyId,
      companyName: null,
      shipFrom: {
        name: 'Dock',
        addressLine1: '1 Way',
        addressLine2: null,
        city: 'Newark',
        stateCode: 'NJ',
        postalCode: '07114',
        countryCode: 'US',
        phone: '555',
      },
      isDefault,
    }) as unknown as WfsTemplate;
  it('prefers the client’s own default template to the shared default', () => {
    expect(defaultTemplate([tpl(1, null, true), tpl(2, 5, true)], 5)?.id).toBe(2);
    expect(defaultTemplate([tpl(1, null, true), tpl(2, 5, false)], 5)?.id).toBe(1);
    expect(defaultTemplate([tpl(2, 5, false), tpl(3, 6, true)], 5)).toBeNull();
  });
  it('fills the ship-from fields from the template', () => {
    expect(shipFromTemplate(tpl(1, null, true), 'Fox Goods')).toEqual({
      ...emptyShipFrom,
      name: 'Dock',
      companyName: 'Fox Goods',
      addressLine1: '1 Way',
      city: 'Newark',
      stateOrProvinceCode: 'NJ',
      postalCode: '07114',
      countryCode: 'US',
      phoneNumber: '555',
    });
  });
  it('needs the state for Walmart', () => {
    expect(walmartShipFromErrors({ ...emptyShipFrom, stateOrProvinceCode: 'NJ' }, t)).toEqual({});
    expect(walmartShipFromErrors(emptyShipFrom, t)).toEqual({ stateOrProvinceCode: 'wfs.stateRequired' });
  });
});

describe('saving a WFS plan’s quantities', () => {
  it('keeps each line’s owners, expiration and lot; a new line gets the seller’s prep', () => {
    const had = [
      {
        productId: 1,
        labelOwner: 'AMAZON',
        prepOwner: 'NONE',
        expiration: '2027-03-01',
        manufacturingLotCode: 'LOT-9',
      },
      { productId: 2, labelOwner: 'SELLER', prepOwner: 'SELLER', expiration: null, manufacturingLotCode: null },
    ] as const;
    const sent = withLineFields(
      [
        { productId: 1, quantity: 5 },
        { productId: 2, quantity: 3 },
        { productId: 3, quantity: 1 },
      ],
      had,
    );
    expect(sent).toEqual([
      {
        productId: 1,
        quantity: 5,
        labelOwner: 'AMAZON',
        prepOwner: 'NONE',
        expiration: '2027-03-01',
        manufacturingLotCode: 'LOT-9',
      },
      {
        productId: 2,
        quantity: 3,
        labelOwner: 'SELLER',
        prepOwner: 'SELLER',
        expiration: undefined,
        manufacturingLotCode: undefined,
      },
      { productId: 3, quantity: 1, prepOwner: 'SELLER', manufacturingLotCode: undefined },
    ]);
  });
});
