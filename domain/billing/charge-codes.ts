/**
 * The charge codes billing knows (issue 21; decision 0014): every charge line carries one. Each
 * code says what a unit of it is and which fee setting prices it when the client's plan has no
 * price line for it. Codes without a fee key are priced by plans only (a prep service, a label
 * applied, a pallet): the warehouse decides, in a plan, what it charges for them; until then the
 * charge is recorded at 0 and invoice preview lists it as "no price", so work is never lost.
 *
 * Problem charges use the problem's own code (PROBLEM_DAMAGED, PROBLEM_DAMAGED_IND, …, spec §4),
 * priced by a plan line for that code, else PROBLEM_CHARGE + PROBLEM_CHARGE_PER_ITEM × units.
 */
import type { FeeSettingKey } from '../fee-settings.js';
import { PROBLEM_TYPES } from '../schemas/problems.js';

/** How charges are grouped on an invoice (and filtered on the charges screens). */
export const CHARGE_CATEGORIES = [
  'receiving',
  'prep',
  'outbound',
  'fbm',
  'storage',
  'problems',
  'shipping',
  'materials',
  'plan',
  'other',
] as const;
export type ChargeCategory = (typeof CHARGE_CATEGORIES)[number];

/** What one unit of a charge is (shown on invoices as the unit of the quantity). */
export const CHARGE_UNITS = [
  'unit',
  'box',
  'pallet',
  'shipment',
  'bundle',
  'order',
  'sku',
  'problem',
  'cubicFootDay',
  'cubicMetreDay',
  'label',
  'each',
  'period',
] as const;
export type ChargeUnit = (typeof CHARGE_UNITS)[number];

export interface ChargeCodeDef {
  category: ChargeCategory;
  unit: ChargeUnit;
  /** The fee setting that prices it when no plan line does (client override, then tenant). */
  feeKey?: FeeSettingKey;
  /** The amount comes with the event (freight, a label's cost, a material's price, a manual line). */
  amountFromEvent?: true;
}

const PREP_CODES = {
  /** Units prepped by the warehouse; one code per Amazon prep type (prepChargeCode). */
  PREP_POLYBAGGING: { category: 'prep', unit: 'unit' },
  PREP_BUBBLEWRAP: { category: 'prep', unit: 'unit' },
  PREP_TAPING: { category: 'prep', unit: 'unit' },
  PREP_BOXING: { category: 'prep', unit: 'unit' },
  PREP_BLACK_SHRINKWRAP: { category: 'prep', unit: 'unit' },
  PREP_HANG_GARMENT: { category: 'prep', unit: 'unit' },
  PREP_RMOVHANG: { category: 'prep', unit: 'unit' },
  PREP_SUFFOSTK: { category: 'prep', unit: 'unit' },
  PREP_CAP_SEALING: { category: 'prep', unit: 'unit' },
  PREP_DEBUNDLE: { category: 'prep', unit: 'unit' },
  PREP_SETCREAT: { category: 'prep', unit: 'unit' },
  PREP_SETSTK: { category: 'prep', unit: 'unit' },
  PREP_BLANKSTK: { category: 'prep', unit: 'unit' },
  PREP_SIOC: { category: 'prep', unit: 'unit' },
  PREP_OTHER: { category: 'prep', unit: 'unit' },
} as const satisfies Record<string, ChargeCodeDef>;

export const CHARGE_CODES = {
  /** A unit received at the dock (plan-priced). */
  UNIT_RECEIVED: { category: 'receiving', unit: 'unit' },
  ITEM_SORT: { category: 'receiving', unit: 'unit', feeKey: 'ITEM_SORT_FEE' },
  ITEM_DISPOSAL: { category: 'receiving', unit: 'unit', feeKey: 'ITEM_DISPOSAL_FEE' },
  ...PREP_CODES,
  /** An FNSKU label applied by the warehouse. */
  FNSKU_LABEL: { category: 'prep', unit: 'unit' },
  BUNDLE_BASE: { category: 'prep', unit: 'bundle', feeKey: 'BUNDLE_BASE_FEE' },
  BUNDLE_EXTRA_ITEM: { category: 'prep', unit: 'unit', feeKey: 'BUNDLE_EXTRA_FEE_PER_ITEM' },
  BOX_PACKED: { category: 'outbound', unit: 'box', feeKey: 'PER_BOX_CHARGE' },
  PALLET_BUILT: { category: 'outbound', unit: 'pallet' },
  SHIPMENT_SHIPPED: { category: 'outbound', unit: 'shipment' },
  FREIGHT: { category: 'shipping', unit: 'shipment', amountFromEvent: true },
  /** A problem's units (PROBLEM_CHARGE_PER_ITEM), next to the problem's own code line. */
  PROBLEM_UNITS: { category: 'problems', unit: 'unit', feeKey: 'PROBLEM_CHARGE_PER_ITEM' },
  FBM_SKU: { category: 'fbm', unit: 'sku', feeKey: 'FBM_CHARGE_PER_SKU' },
  FBM_EXTRA_ITEM: { category: 'fbm', unit: 'unit', feeKey: 'FBM_EXTRA_ITEM_CHARGE' },
  /** A shipping label bought for the client: its cost plus the warehouse's upcharge. */
  SHIPPING_LABEL: { category: 'shipping', unit: 'label', amountFromEvent: true },
  STORAGE_DAILY: { category: 'storage', unit: 'cubicFootDay', feeKey: 'DAILY_STORAGE_FEE_PER_QF' },
  PREP_MATERIAL: { category: 'materials', unit: 'each', amountFromEvent: true },
  /** A plan's recurring fee (its schedule: Daily … Yearly, or OneTime). */
  PLAN_FEE: { category: 'plan', unit: 'period', amountFromEvent: true },
  MANUAL: { category: 'other', unit: 'each', amountFromEvent: true },
} as const satisfies Record<string, ChargeCodeDef>;

export type FixedChargeCode = keyof typeof CHARGE_CODES;

/** The problem codes of spec §4: PROBLEM_<TYPE> and its _IND variant for individual accounts. */
export const PROBLEM_CHARGE_CODES = PROBLEM_TYPES.flatMap((t) => [
  `PROBLEM_${t.toUpperCase()}`,
  `PROBLEM_${t.toUpperCase()}_IND`,
]);

export const ALL_CHARGE_CODES: readonly string[] = [...Object.keys(CHARGE_CODES), ...PROBLEM_CHARGE_CODES];

const PROBLEM_DEF: ChargeCodeDef = { category: 'problems', unit: 'problem' };

/** The definition of a code; null for a code billing does not know. */
export function chargeCodeDef(code: string): ChargeCodeDef | null {
  if (code in CHARGE_CODES) return CHARGE_CODES[code as FixedChargeCode];
  if (PROBLEM_CHARGE_CODES.includes(code)) return PROBLEM_DEF;
  return null;
}

export const isChargeCode = (code: string): boolean => chargeCodeDef(code) !== null;

/** The prep code of an Amazon prep type (ITEM_POLYBAGGING → PREP_POLYBAGGING); unknown → PREP_OTHER. */
export function prepChargeCode(prepType: string): FixedChargeCode {
  const code = `PREP_${prepType.replace(/^ITEM_/, '')}`;
  return code in PREP_CODES ? (code as FixedChargeCode) : 'PREP_OTHER';
}

/** Where the price of a charge line came from; stored on the line so an invoice can say why. */
export const PRICE_SOURCES = [
  /** The client's enrolled plan has a line for the code. */
  'plan',
  /** The client's own value of the fee setting. */
  'clientFee',
  /** The warehouse's fee setting. */
  'tenantFee',
  /** Nothing set: the fee setting's default. */
  'default',
  /** No plan line and no fee setting prices this code: recorded at 0. */
  'unpriced',
  /** The amount came with the event (freight, label, material, manual, plan fee). */
  'event',
  /** A correction of earlier lines (storage re-priced after a late change, a void). */
  'adjustment',
] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export interface PriceRule {
  source: PriceSource;
  planId?: number;
  planName?: string;
  feeKey?: FeeSettingKey;
  /** Free text a person can read ("20% upcharge, min 1.00", "12.3 ft³ × 4 days"). */
  note?: string;
}
