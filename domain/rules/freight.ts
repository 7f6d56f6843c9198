/**
 * LTL freight from a shipment's boxes, as a prep centre builds it: the NMFC density-based freight
 * class, and the pallets the boxes make on standard 40×48 in pallets (at most 72 in high with the
 * pallet, at most 1,500 lb — Amazon's limits for inbound freight). Used to ask Amazon's partnered
 * carrier for a quote before anyone has stacked a pallet; the floor can correct the count later.
 */
export const PALLET_LENGTH_IN = 48;
export const PALLET_WIDTH_IN = 40;
export const PALLET_DECK_IN = 6;
export const MAX_PALLET_HEIGHT_IN = 72;
export const MAX_PALLET_LB = 1_500;
export const PALLET_TARE_LB = 50;
/** Boxes never fill a pallet's cube: a usual stacking efficiency. */
const STACKING = 0.85;

export interface MeasuredBox {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  weightLb: number;
}

/** NMFC density classes (lb per cubic foot, lower bound → class). */
const CLASSES: [number, string][] = [
  [50, 'FC_50'],
  [35, 'FC_55'],
  [30, 'FC_60'],
  [22.5, 'FC_65'],
  [15, 'FC_70'],
  [13.5, 'FC_77_5'],
  [12, 'FC_85'],
  [10.5, 'FC_92_5'],
  [9, 'FC_100'],
  [8, 'FC_110'],
  [7, 'FC_125'],
  [6, 'FC_150'],
  [5, 'FC_175'],
  [4, 'FC_200'],
  [3, 'FC_250'],
  [2, 'FC_300'],
  [1, 'FC_400'],
];

export function freightClassFor(densityLbPerFt3: number): string {
  return CLASSES.find(([min]) => densityLbPerFt3 >= min)?.[1] ?? 'FC_500';
}

const cubicFeet = (b: MeasuredBox) => (b.lengthIn * b.widthIn * b.heightIn) / 1728;

export interface PalletEstimate {
  count: number;
  /** Per pallet, with the pallet itself. */
  heightIn: number;
  weightLb: number;
  freightClass: string;
}

/** The pallets the boxes make, evenly loaded; null for no boxes. */
export function estimatePallets(boxes: MeasuredBox[]): PalletEstimate | null {
  if (!boxes.length) return null;
  const volume = boxes.reduce((n, b) => n + cubicFeet(b), 0);
  const weight = boxes.reduce((n, b) => n + b.weightLb, 0);
  const perPalletFt3 =
    ((PALLET_LENGTH_IN * PALLET_WIDTH_IN * (MAX_PALLET_HEIGHT_IN - PALLET_DECK_IN)) / 1728) * STACKING;
  const count = Math.max(1, Math.ceil(volume / perPalletFt3), Math.ceil(weight / (MAX_PALLET_LB - PALLET_TARE_LB)));
  const loadHeight = ((volume / count / STACKING) * 1728) / (PALLET_LENGTH_IN * PALLET_WIDTH_IN);
  const heightIn = Math.min(MAX_PALLET_HEIGHT_IN, Math.ceil(PALLET_DECK_IN + Math.max(loadHeight, 1)));
  const weightLb = Math.ceil(weight / count + PALLET_TARE_LB);
  const density = (weight + PALLET_TARE_LB * count) / ((count * PALLET_LENGTH_IN * PALLET_WIDTH_IN * heightIn) / 1728);
  return { count, heightIn, weightLb, freightClass: freightClassFor(density) };
}
