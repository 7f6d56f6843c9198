/**
 * Daily storage fees (issue 21, spec §9 FREE_STORAGE_DAY_COUNT and DAILY_STORAGE_FEE_PER_QF): a
 * client pays, for each day, for the units it holds that have been stored longer than the free
 * days — counted first-in, first-out, so shipping a unit out takes the oldest one. Volumes come
 * from the catalogue's dimensions; a product without them is reported, never guessed.
 */
import { lineAmountCents, QUANTITY_DECIMALS, scaledDecimal } from './money.js';

/** One movement of a client's product: units in (+) or out (−) on a calendar day (YYYY-MM-DD). */
export interface StockMovement {
  day: string;
  units: number;
}

export interface Lot {
  receivedOn: string;
  units: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(ms)) throw new Error(`${day} is not a day (YYYY-MM-DD)`);
  return Math.round(ms / DAY_MS);
};

/**
 * The lots held at the end of `day`: every movement up to and including it applied in day order,
 * arrivals as new lots and departures taken from the oldest lots first. Departures beyond what is
 * held (a data error) empty the lots and are ignored, never producing negative stock.
 */
export function lotsHeld(movements: readonly StockMovement[], day: string): Lot[] {
  const until = dayNumber(day);
  const ordered = movements
    .filter((m) => dayNumber(m.day) <= until)
    // Arrivals before departures on the same day: a unit received and shipped the same day was held.
    .sort((a, b) => dayNumber(a.day) - dayNumber(b.day) || b.units - a.units);
  const lots: Lot[] = [];
  for (const m of ordered) {
    if (m.units > 0) {
      const last = lots[lots.length - 1];
      if (last && last.receivedOn === m.day) last.units += m.units;
      else lots.push({ receivedOn: m.day, units: m.units });
      continue;
    }
    let out = -m.units;
    while (out > 0 && lots.length > 0) {
      const take = Math.min(out, lots[0].units);
      lots[0].units -= take;
      out -= take;
      if (lots[0].units === 0) lots.shift();
    }
  }
  return lots;
}

/**
 * Units held on `day` past their free days: a unit received on day R is free on days R to
 * R + freeDays − 1 and charged from day R + freeDays on (with 0 free days, from its first day).
 */
export function chargeableUnits(lots: readonly Lot[], day: string, freeDays: number): number {
  if (!Number.isInteger(freeDays) || freeDays < 0) throw new Error('free days: a whole number, 0 or more');
  const today = dayNumber(day);
  return lots.filter((l) => today - dayNumber(l.receivedOn) >= freeDays).reduce((n, l) => n + l.units, 0);
}

/** Cubic feet of one unit from its dimensions in inches, to 4 decimals; null when any is missing. */
export function cubicFeetPerUnit(dims: {
  lengthIn: number | null | undefined;
  widthIn: number | null | undefined;
  heightIn: number | null | undefined;
}): string | null {
  const { lengthIn: l, widthIn: w, heightIn: h } = dims;
  if (!l || !w || !h || l <= 0 || w <= 0 || h <= 0) return null;
  // Inches to 2 decimals, exactly: volume in 1/10^6 cubic inches, then to 1/10^4 cubic feet.
  const v = scaledDecimal(l.toFixed(2), 2) * scaledDecimal(w.toFixed(2), 2) * scaledDecimal(h.toFixed(2), 2);
  const scaled = (v * 10n ** BigInt(QUANTITY_DECIMALS) * 2n + 1728n * 1_000_000n) / (2n * 1728n * 1_000_000n);
  const text = scaled.toString().padStart(QUANTITY_DECIMALS + 1, '0');
  return `${text.slice(0, -QUANTITY_DECIMALS)}.${text.slice(-QUANTITY_DECIMALS)}`;
}

export interface StorageDay {
  chargeableUnits: number;
  /** Chargeable cubic feet (units × the unit's cubic feet), 4 decimals. */
  cubicFeet: string;
  amountCents: number;
}

/** One client's fee for one product on one day: the line the daily storage job writes. */
export function storageFeeForDay(input: {
  movements: readonly StockMovement[];
  day: string;
  freeDays: number;
  cubicFeetPerUnit: string;
  /** DAILY_STORAGE_FEE_PER_QF, in the currency's major unit. */
  ratePerCubicFootDay: string | number;
}): StorageDay {
  const units = chargeableUnits(lotsHeld(input.movements, input.day), input.day, input.freeDays);
  const perUnit = scaledDecimal(input.cubicFeetPerUnit, QUANTITY_DECIMALS);
  const total = perUnit * BigInt(units);
  const text = total.toString().padStart(QUANTITY_DECIMALS + 1, '0');
  const cubicFeet = `${text.slice(0, -QUANTITY_DECIMALS)}.${text.slice(-QUANTITY_DECIMALS)}`;
  return { chargeableUnits: units, cubicFeet, amountCents: lineAmountCents(cubicFeet, input.ratePerCubicFootDay) };
}
