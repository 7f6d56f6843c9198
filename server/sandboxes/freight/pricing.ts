/**
 * How the freight broker's sandbox rates LTL, deterministically: each handling unit at its NMFC
 * class (given, or from its density as the NMFC density scale sets it), a rate per hundredweight by
 * class and distance (ZIP-prefix zones), a minimum charge, a fuel surcharge, and the accessorials
 * asked for — per carrier, with its own discount and transit time.
 */
import type { HandlingUnit } from '../../integrations/freight/models.js';

/** The NMFC density scale (lb per cubic foot → class), from the densest down. */
const DENSITY_CLASSES: [number, number][] = [
  [50, 50],
  [35, 55],
  [30, 60],
  [22.5, 65],
  [15, 70],
  [13.5, 77.5],
  [12, 85],
  [10.5, 92.5],
  [9, 100],
  [8, 110],
  [7, 125],
  [6, 150],
  [5, 175],
  [4, 200],
  [3, 250],
  [2, 300],
  [1, 400],
];

export function classFromDensity(u: Pick<HandlingUnit, 'lengthIn' | 'widthIn' | 'heightIn' | 'weightLb'>): number {
  const cubicFeet = (u.lengthIn * u.widthIn * u.heightIn) / 1728;
  const density = u.weightLb / cubicFeet;
  return DENSITY_CLASSES.find(([min]) => density >= min)?.[1] ?? 500;
}

export const zone = (from: string, to: string) => 1 + Math.min(7, Math.abs(Number(from[0]) - Number(to[0])));

export const ACCESSORIAL_FEES: Record<string, [string, number]> = {
  LIFTGATE_PICKUP: ['Liftgate at pickup', 75],
  LIFTGATE_DELIVERY: ['Liftgate at delivery', 75],
  RESIDENTIAL_DELIVERY: ['Residential delivery', 95],
  INSIDE_DELIVERY: ['Inside delivery', 125],
  APPOINTMENT: ['Delivery appointment', 35],
};

export const CARRIERS = [
  { scac: 'ODFL', name: 'Old Dominion Freight Line', discount: 0.72, days: 0 },
  { scac: 'EXLA', name: 'Estes Express Lines', discount: 0.68, days: 1 },
  { scac: 'SAIA', name: 'Saia LTL Freight', discount: 0.64, days: 1 },
  { scac: 'ABFS', name: 'ABF Freight', discount: 0.7, days: 0 },
];

const FUEL_SURCHARGE = 0.28;
const MINIMUM_CHARGE = 145;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The charges of one carrier for the units (each at its class), zone and accessorials. */
export function carrierCharges(
  units: (HandlingUnit & { freightClass: number })[],
  z: number,
  accessorials: string[],
  discount: number,
): { code: string; description: string; amount: number }[] {
  const line = units.reduce((t, u) => {
    const cwt = (u.weightLb * u.count) / 100;
    const perCwt = (18 + z * 6.5) * (u.freightClass / 100) ** 0.9;
    return t + cwt * perCwt;
  }, 0);
  const linehaul = round2(Math.max(MINIMUM_CHARGE, line * (1 - discount) + 60));
  return [
    { code: 'LINEHAUL', description: 'Linehaul (after discount)', amount: linehaul },
    {
      code: 'FUEL',
      description: `Fuel surcharge (${FUEL_SURCHARGE * 100}%)`,
      amount: round2(linehaul * FUEL_SURCHARGE),
    },
    ...accessorials.map((a) => ({ code: a, description: ACCESSORIAL_FEES[a][0], amount: ACCESSORIAL_FEES[a][1] })),
  ];
}

/** Transit business days by zone. */
export const transitDays = (z: number) => 1 + Math.ceil(z / 2);

/** The next business day on or after `date` (YYYY-MM-DD), plus `days` business days. */
export function addBusinessDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0 || d.getUTCDay() === 0 || d.getUTCDay() === 6) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}
