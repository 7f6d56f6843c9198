/**
 * The demo tenant's billing (issue 21), set up as the warehouse's manager would: fee settings with
 * the prices a US prep centre typically charges, an "FBA Standard" plan that prices the prep work
 * the fee settings do not cover, Acme enrolled in it since before its first delivery, and the
 * recorded work priced — so Charges, Invoice Preview and My plans open on real numbers. Set up
 * before the floor's work: work is priced within seconds of being recorded (issue 38), at the
 * prices set up by then.
 */
import type { DemoUser } from './demo-user.js';

const FEES = {
  ITEM_SORT_FEE: '0.30',
  ITEM_DISPOSAL_FEE: '0.50',
  BUNDLE_BASE_FEE: '0.75',
  BUNDLE_EXTRA_FEE_PER_ITEM: '0.25',
  DAILY_STORAGE_FEE_PER_QF: '0.03',
  FREE_STORAGE_DAY_COUNT: 30,
  FBM_CHARGE_PER_SKU: '2.50',
  FBM_EXTRA_ITEM_CHARGE: '0.50',
  PROBLEM_CHARGE: '3.00',
  PROBLEM_CHARGE_PER_ITEM: '0.50',
  SHIPPING_UPCHARGE_PERCENT: '10',
  SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0.50',
  PER_BOX_CHARGE: '1.50',
};

const FBA_STANDARD = [
  ['UNIT_RECEIVED', '0.25'],
  ['FNSKU_LABEL', '0.20'],
  ['PREP_POLYBAGGING', '0.35'],
  ['PREP_BUBBLEWRAP', '0.50'],
  ['PREP_TAPING', '0.15'],
  ['PREP_SETCREAT', '0.60'],
  ['BOX_PACKED', '1.25'],
  ['PALLET_BUILT', '15.00'],
  ['SHIPMENT_SHIPPED', '2.00'],
] as const;

export interface DemoBillingSummary {
  planId: number;
  priced: number;
}

/** Fee settings, the FBA Standard plan and Acme's enrolment; returns the plan's id. */
export async function setUpDemoBilling(admin: DemoUser, acmeId: number, now = new Date()): Promise<number> {
  await admin.call('PUT', '/api/settings/fees', { values: FEES });
  const type = await admin.call<{ id: number }>('POST', '/api/plan/management/types', {
    name: 'Prep services',
    description: 'Receiving, prep and outbound for Amazon FBA',
  });
  const plan = await admin.call<{ id: number }>('POST', '/api/plan/management', {
    name: 'FBA Standard',
    description: 'Receiving, labelling, prep and boxes for FBA shipments',
    planTypeId: type.id,
    tier: 'standard',
    category: 'fba',
    recurringFee: '0.00',
    schedule: 'Monthly',
    prices: FBA_STANDARD.map(([code, unitPrice]) => ({ code, unitPrice })),
  });
  // Enrolled since before the oldest demo delivery (about 72 days ago).
  const since = new Date(now.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
  await admin.call('POST', '/api/plan/enrollment', { companyId: acmeId, planId: plan.id, startsOn: since });
  return plan.id;
}

/** After the floor's work: whatever the seconds-later pricing has not priced yet, priced now. */
export async function priceDemoWork(admin: DemoUser, planId: number): Promise<DemoBillingSummary> {
  const priced = await admin.call<{ written: number }>('POST', '/api/finance/customer/charges/price', {});
  return { planId, priced: priced.written };
}
