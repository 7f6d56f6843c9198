/**
 * A plan's lines as the items step checks them before saving: never above what is available plus
 * what the plan already holds, the server's own field rules worded per line, the client's labelling
 * preference left to the server when no owner is chosen; the ship-from prefilled from the
 * warehouse and checked with Amazon's limits; Open Shipment Plans grouped by client and step.
 */
import { describe, expect, it } from 'vitest';
import type { AvailabilityRow, PendingPlan, PlanDetail, PlanItem } from '../../domain/schemas/fba';
import type { CompanyDetail, WarehouseRow } from '../../domain/schemas/company';
import {
  checkLines,
  draftFromAvailability,
  draftFromItem,
  heldByProduct,
  linesChanged,
  maxFor,
  type Translate,
} from '../../src/features/fba/lines';
import { checkPlanName } from '../../src/features/fba/plan-name';
import { checkShipFrom, emptyShipFrom, shipFromWarehouse } from '../../src/features/fba/ship-from';
import { groupPending } from '../../src/features/fba/pending';

/** Keys and their values, so a test reads which message was chosen and with what. */
const t: Translate = (key, opts) => (opts ? `${key} ${JSON.stringify(opts)}` : key);

const row = (productId: number, available: number): AvailabilityRow => ({
  productId,
  title: `Product ${productId}`,
  productKey: `X00${productId}`,
  msku: `SKU-${productId}`,
  fnsku: `X00${productId}`,
  asin: null,
  onHand: available + 2,
  held: 2,
  available,
});
const item = (id: number, productId: number, quantity: number): PlanItem => ({
  id,
  productId,
  productKey: `X00${productId}`,
  title: `Product ${productId}`,
  msku: `SKU-${productId}`,
  fnsku: `X00${productId}`,
  asin: null,
  quantity,
  labelOwner: 'SELLER',
  prepOwner: 'SELLER',
  expiration: null,
  manufacturingLotCode: null,
  prepInstructions: [],
  packingGroupId: null,
});
const reservation = (id: number, planItemId: number, quantity: number, state: 'held' | 'released') => ({
  id,
  planItemId,
  productKey: 'k',
  quantity,
  state,
  createdAt: '2026-03-01T00:00:00Z',
  updatedAt: '2026-03-01T00:00:00Z',
});

describe('plan lines', () => {
  const available = new Map([
    [1, 4],
    [2, 0],
  ]);

  it('a new line takes one unit, the seller preps, and the label owner follows the preference', () => {
    expect(draftFromAvailability(row(1, 4), 'SELLER_LABEL')).toMatchObject({
      quantity: '1',
      labelOwner: 'SELLER',
      prepOwner: 'SELLER',
    });
    expect(draftFromAvailability(row(1, 4), 'AMAZON_LABEL_PREFERRED').labelOwner).toBe('AMAZON');
    // Before the plan exists the preference is the server's to apply: no owner named.
    expect(draftFromAvailability(row(1, 4), null).labelOwner).toBe('');
  });

  it('a line may keep what the plan holds on top of what is available; held units released do not count', () => {
    const plan = {
      items: [item(10, 1, 5), item(11, 2, 3)],
      reservations: [reservation(1, 10, 5, 'held'), reservation(2, 11, 3, 'released'), reservation(3, 11, 2, 'held')],
    } as Pick<PlanDetail, 'items' | 'reservations'>;
    const held = heldByProduct(plan);
    expect([...held]).toEqual([
      [1, 5],
      [2, 2],
    ]);
    expect(maxFor(1, available, held)).toBe(9);
    expect(maxFor(2, available, held)).toBe(2);
    expect(maxFor(3, available, held)).toBeNull();
    expect(heldByProduct(null).size).toBe(0);
  });

  it('sends the lines as the API takes them, the owner left out when none is chosen', () => {
    const lines = [
      {
        ...draftFromAvailability(row(1, 4), null),
        quantity: '3',
        expiration: '2027-01-31',
        manufacturingLotCode: ' L7 ',
      },
    ];
    const { items, errors } = checkLines(lines, available, new Map(), t);
    expect(errors).toEqual({});
    expect(items).toEqual([
      { productId: 1, quantity: 3, expiration: '2027-01-31', manufacturingLotCode: 'L7', prepOwner: 'SELLER' },
    ]);
  });

  it('refuses beside the line: above what is available, not a whole number, a date that is not one', () => {
    const base = draftFromAvailability(row(1, 4), 'SELLER_LABEL');
    const over = checkLines([{ ...base, quantity: '5' }], available, new Map(), t);
    expect(over.items).toEqual([]);
    expect(over.errors[1].quantity).toBe('fba.lineErrors.overAvailable {"max":4,"requested":5}');
    // What the plan holds already is its own: 5 held + 4 free.
    expect(checkLines([{ ...base, quantity: '9' }], available, new Map([[1, 5]]), t).errors).toEqual({});
    expect(checkLines([{ ...base, quantity: '2.5' }], available, new Map(), t).errors[1].quantity).toMatch(
      /^fba.lineErrors.quantity/,
    );
    expect(checkLines([{ ...base, quantity: '' }], available, new Map(), t).errors[1].quantity).toMatch(
      /^fba.lineErrors.quantity/,
    );
    expect(checkLines([{ ...base, quantity: '0' }], available, new Map(), t).errors[1].quantity).toMatch(
      /^fba.lineErrors.quantity/,
    );
    expect(checkLines([{ ...base, expiration: '2026-13-45' }], available, new Map(), t).errors[1]).toEqual({
      expiration: 'fba.lineErrors.expiration',
    });
    // Availability not known (beyond the first page): the server decides.
    expect(
      checkLines([{ ...draftFromAvailability(row(3, 1), null), quantity: '50' }], available, new Map(), t).errors,
    ).toEqual({});
  });

  it('knows when the drafts differ from what is saved', () => {
    const saved = [item(10, 1, 5), item(11, 2, 3)];
    const drafts = saved.map(draftFromItem);
    expect(linesChanged(drafts, saved)).toBe(false);
    expect(linesChanged([...drafts].reverse(), saved)).toBe(false);
    expect(linesChanged([{ ...drafts[0], quantity: '4' }, drafts[1]], saved)).toBe(true);
    expect(linesChanged([drafts[0]], saved)).toBe(true);
    expect(linesChanged([{ ...drafts[0], labelOwner: 'AMAZON' }, drafts[1]], saved)).toBe(true);
  });

  it('names a plan within Amazon’s 40 characters', () => {
    expect(checkPlanName('  March  ', t)).toEqual({ name: 'March', error: null });
    expect(checkPlanName('   ', t).error).toBe('fba.nameRequired');
    expect(checkPlanName('x'.repeat(41), t).error).toBe('fba.nameTooLong {"max":40}');
  });
});

describe('ship-from', () => {
  const site = (over: Partial<WarehouseRow>): WarehouseRow => ({
    id: 1,
    name: 'Main',
    code: 'MAIN',
    addressName: null,
    line1: null,
    line2: null,
    city: null,
    state: null,
    postalCode: null,
    countryCode: null,
    phone: null,
    email: null,
    timezone: 'UTC',
    active: true,
    defaultShipFrom: true,
    createdAt: '',
    updatedAt: '',
    ...over,
  });
  const company = {
    name: 'Dockside Prep LLC',
    phone: '555-0100',
    email: null,
    addresses: [
      {
        id: 1,
        companyId: 1,
        kind: 'business' as const,
        name: null,
        line1: '1 Office Rd',
        line2: null,
        city: 'Trenton',
        state: 'NJ',
        postalCode: '08601',
        countryCode: 'US',
        isDefault: true,
        createdAt: '',
        updatedAt: '',
      },
      {
        id: 2,
        companyId: 1,
        kind: 'shipping' as const,
        name: 'Dock 4',
        line1: '100 Harbor Way',
        line2: null,
        city: 'Newark',
        state: 'NJ',
        postalCode: '07114',
        countryCode: 'US',
        isDefault: false,
        createdAt: '',
        updatedAt: '',
      },
    ],
  } satisfies Pick<CompanyDetail, 'name' | 'phone' | 'email' | 'addresses'>;

  it('prefers a warehouse site with a street address, then the company’s shipping address', () => {
    const fromSite = shipFromWarehouse(
      [site({}), site({ name: 'East', line1: '9 Dock St', city: 'Edison', postalCode: '08817', countryCode: 'US' })],
      company,
    );
    expect(fromSite).toMatchObject({
      name: 'East',
      addressLine1: '9 Dock St',
      city: 'Edison',
      phoneNumber: '555-0100',
    });
    const fromCompany = shipFromWarehouse([site({})], company);
    expect(fromCompany).toMatchObject({
      name: 'Dock 4',
      companyName: 'Dockside Prep LLC',
      addressLine1: '100 Harbor Way',
      city: 'Newark',
      postalCode: '07114',
      countryCode: 'US',
    });
    // Nothing known: empty fields to fill in, never made up.
    expect(shipFromWarehouse([site({})], null)).toEqual(emptyShipFrom);
  });

  it('checks the address with Amazon’s limits and words each field', () => {
    const ok = checkShipFrom(shipFromWarehouse([], company), t);
    expect(ok.errors).toBeNull();
    expect(ok.value).toMatchObject({ countryCode: 'US', email: undefined, addressLine2: undefined });
    const bad = checkShipFrom({ ...emptyShipFrom, city: 'x'.repeat(31), countryCode: 'USA' }, t);
    expect(bad.errors).toMatchObject({
      name: 'fba.shipFrom.errors.name',
      addressLine1: 'fba.shipFrom.errors.addressLine1',
      city: 'fba.shipFrom.tooLong {"max":30}',
      countryCode: 'fba.shipFrom.errors.countryCode',
      phoneNumber: 'fba.shipFrom.errors.phoneNumber',
    });
  });
});

describe('open shipment plans', () => {
  const pending = (id: number, companyId: number, companyName: string, step: PendingPlan['step'], since: string) =>
    ({ id, companyId, companyName, accountNo: `A${companyId}`, step, since }) as PendingPlan;

  it('groups a page by client (by name), then by step in the workflow’s order, the oldest first', () => {
    const groups = groupPending([
      pending(1, 2, 'Zeta', 'packing', '2026-03-02T00:00:00Z'),
      pending(2, 1, 'Acme', 'packing', '2026-03-05T00:00:00Z'),
      pending(3, 1, 'Acme', 'items', '2026-03-04T00:00:00Z'),
      pending(4, 1, 'Acme', 'packing', '2026-03-01T00:00:00Z'),
    ]);
    expect(groups.map((g) => g.companyName)).toEqual(['Acme', 'Zeta']);
    expect(groups[0].steps.map((s) => [s.step, s.plans.map((p) => p.id)])).toEqual([
      ['items', [3]],
      ['packing', [4, 2]],
    ]);
    expect(groupPending([])).toEqual([]);
  });
});
