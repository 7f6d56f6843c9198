/**
 * How the Amazon sandbox prices and checks a shipment's transport, deterministically from its boxes,
 * pallets and the distance between ship-from and fulfilment centre (ZIP-prefix zones, as carriers
 * do): Amazon-partnered small parcel per box on billable weight, partnered LTL per pallet by weight
 * and freight class. The limits are Amazon's: at most 200 boxes in a partnered small-parcel shipment,
 * boxes at most 50 lb, pallets 40×48 in, at most 72 in high and 1,500 lb.
 */
import type { PalletInput } from '../../integrations/amazon/transport-models.js';

export const MAX_SPD_BOXES = 200;
export const MAX_PALLET_LB = 1_500;
export const PALLET_FOOTPRINT_IN = [40, 48] as const;
export const MAX_PALLET_HEIGHT_IN = 72;
/** Partnered carrier charges can be voided this long after confirmation. */
export const VOID_WINDOW_MS = { GROUND_SMALL_PARCEL: 24 * 3_600_000, FREIGHT_LTL: 3_600_000 } as const;

const DIM_DIVISOR = 139;
const cents = (n: number) => Math.round(n * 100) / 100;
const lb = (w: { value: number; unit: string }) => (w.unit === 'KG' ? w.value * 2.20462 : w.value);
const inches = (v: number, unit: string) => (unit === 'CM' ? v / 2.54 : v);

/** 1 (same ZIP region) to 8 (across the country). */
export function zone(fromZip: string, toZip: string): number {
  const a = Number(fromZip.trim()[0]);
  const b = Number(toZip.trim()[0]);
  return Number.isNaN(a) || Number.isNaN(b) ? 5 : 1 + Math.min(7, Math.abs(a - b));
}

export interface BoxMeasure {
  dimensions?: { length: number; width: number; height: number; unitOfMeasurement: string };
  weight?: { value: number; unit: string };
}

/** Billable pounds of a box: the greater of actual and dimensional weight, rounded up. */
export function billableLb(b: BoxMeasure): number {
  const actual = b.weight ? lb(b.weight) : 1;
  const d = b.dimensions;
  const dim = d
    ? (inches(d.length, d.unitOfMeasurement) *
        inches(d.width, d.unitOfMeasurement) *
        inches(d.height, d.unitOfMeasurement)) /
      DIM_DIVISOR
    : 0;
  return Math.ceil(Math.max(actual, dim));
}

/** Amazon-partnered small parcel (UPS): a base per box plus a rate per billable pound, by zone. */
export function partneredSpdCost(boxes: BoxMeasure[], z: number): number {
  return cents(boxes.reduce((t, b) => t + 3.85 + 0.42 * billableLb(b) * (1 + 0.12 * (z - 1)), 0));
}

const classNumber = (freightClass: string | undefined) =>
  Number((freightClass ?? 'FC_100').replace('FC_', '').replace('_', '.')) || 100;

/** Amazon-partnered LTL: a pickup charge plus a rate per hundredweight that grows with class and zone. */
export function partneredLtlCost(pallets: PalletInput[], freightClass: string | undefined, z: number): number {
  const weight = pallets.reduce((t, p) => t + (p.weight ? lb(p.weight) : 400) * p.quantity, 0);
  const count = pallets.reduce((t, p) => t + p.quantity, 0);
  const perCwt = 9.5 * (0.6 + classNumber(freightClass) / 250) * (1 + 0.1 * (z - 1));
  return cents(Math.max(150, 95 + 18 * count + (weight / 100) * perCwt));
}

/** What Amazon would refuse about the pallets, one sentence each. */
export function palletProblems(pallets: PalletInput[]): string[] {
  const problems: string[] = [];
  pallets.forEach((p, i) => {
    const where = `Pallet line ${i + 1}`;
    if (!p.dimensions || !p.weight) {
      problems.push(`${where}: give the pallet's dimensions and weight for a freight quote`);
      return;
    }
    const d = p.dimensions;
    const [a, b] = [inches(d.length, d.unitOfMeasurement), inches(d.width, d.unitOfMeasurement)].sort((x, y) => x - y);
    if (a > PALLET_FOOTPRINT_IN[0] + 0.01 || b > PALLET_FOOTPRINT_IN[1] + 0.01)
      problems.push(
        `${where}: ${a.toFixed(0)}×${b.toFixed(0)} in overhangs a standard ${PALLET_FOOTPRINT_IN.join('×')} in pallet`,
      );
    const h = inches(d.height, d.unitOfMeasurement);
    if (h > MAX_PALLET_HEIGHT_IN)
      problems.push(`${where}: ${h.toFixed(0)} in high; pallets may be at most ${MAX_PALLET_HEIGHT_IN} in`);
    const w = lb(p.weight);
    if (w > MAX_PALLET_LB)
      problems.push(
        `${where}: ${w.toFixed(0)} lb; a pallet may weigh at most ${MAX_PALLET_LB.toLocaleString('en-US')} lb`,
      );
  });
  return problems;
}
