/**
 * GS1 barcodes on cases and units (GS1-128, DataMatrix): the application identifiers a prep
 * centre needs — GTIN (01), contained-item GTIN (02), lot (10), expiry (17, YYMMDD), serial (21),
 * count (30 variable, 37 contained units). Accepts the bracketed human form "(01)…(17)…" and the
 * scanned form with a symbology prefix (]C1, ]d2, ]Q3) and FNC1 as the GS character (\x1d).
 */
export interface Gs1Data {
  gtin?: string;
  containedGtin?: string;
  lot?: string;
  expiry?: string; // YYYY-MM-DD
  serial?: string;
  count?: number;
}

const GS = '\x1d';
/** Fixed-length AIs and their data length; the rest are variable and end at GS or the end. */
const FIXED: Record<string, number> = { '00': 18, '01': 14, '02': 14, '11': 6, '13': 6, '15': 6, '17': 6 };
const VARIABLE_MAX: Record<string, number> = { '10': 20, '21': 20, '30': 8, '37': 8, '240': 30 };

/** The GS1 check digit of a GTIN's other digits (weights 3, 1, 3, … from the right). */
export function gtinCheckDigit(body: string): number {
  const sum = body
    .split('')
    .map(Number)
    .reverse()
    .reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

export function gtinCheckDigitOk(gtin: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(gtin)) return false;
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin[gtin.length - 1]);
}

/** A GTIN with its check digit appended to `body` (7, 11, 12 or 13 digits). */
export const withGtinCheckDigit = (body: string): string => `${body}${gtinCheckDigit(body)}`;

function yymmddToIso(v: string): string | undefined {
  if (!/^\d{6}$/.test(v)) return undefined;
  const yy = Number(v.slice(0, 2));
  const year = yy >= 51 ? 1900 + yy : 2000 + yy; // GS1 general spec: a 100-year window around today
  const month = Number(v.slice(2, 4));
  let day = Number(v.slice(4, 6));
  if (month < 1 || month > 12) return undefined;
  if (day === 0) day = new Date(Date.UTC(year, month, 0)).getUTCDate(); // "00" = last day of the month
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function assign(out: Gs1Data, ai: string, value: string): void {
  if (ai === '01') out.gtin = value;
  else if (ai === '02') out.containedGtin = value;
  else if (ai === '10') out.lot = value;
  else if (ai === '17') out.expiry = yymmddToIso(value);
  else if (ai === '21') out.serial = value;
  else if (ai === '30' || ai === '37') out.count = Number(value);
}

/** Parses a GS1 element string, or returns null when the input is not one (a plain code). */
export function parseGs1(raw: string): Gs1Data | null {
  let s = raw.trim();
  if (s.startsWith('(')) {
    const out: Gs1Data = {};
    const re = /\((\d{2,4})\)([^(]*)/g;
    let m: RegExpExecArray | null;
    let any = false;
    while ((m = re.exec(s))) {
      assign(out, m[1], m[2]);
      any = true;
    }
    return any ? out : null;
  }
  const prefixed = /^\](C1|d2|Q3|e0)/.exec(s);
  if (prefixed) s = s.slice(3);
  else if (!s.includes(GS) && !/^(01|02)\d{14}/.test(s)) return null;
  const out: Gs1Data = {};
  let i = 0;
  while (i < s.length) {
    if (s[i] === GS) {
      i++;
      continue;
    }
    const ai2 = s.slice(i, i + 2);
    const ai3 = s.slice(i, i + 3);
    const ai = ai2 in FIXED || ai2 in VARIABLE_MAX ? ai2 : ai3 in VARIABLE_MAX ? ai3 : null;
    if (!ai) return Object.keys(out).length ? out : null;
    i += ai.length;
    const fixed = FIXED[ai];
    let value: string;
    if (fixed) {
      value = s.slice(i, i + fixed);
      i += fixed;
    } else {
      const end = s.indexOf(GS, i);
      const stop = Math.min(end === -1 ? s.length : end, i + VARIABLE_MAX[ai]);
      value = s.slice(i, stop);
      i = stop;
    }
    assign(out, ai, value);
  }
  return out;
}

/**
 * The product code a scan refers to: a GTIN-14 whose indicator digit is 1–8 is a case of the
 * unit GTIN-13 inside (indicator 0 and 9 are the unit itself and variable measure).
 */
export function unitGtinOf(gtin14: string): { unit: string; isCase: boolean } {
  if (gtin14.length !== 14) return { unit: gtin14, isCase: false };
  const indicator = gtin14[0];
  const body = gtin14.slice(1, 13);
  if (indicator === '0') return { unit: gtin14.slice(1), isCase: false };
  if (indicator >= '1' && indicator <= '8') {
    // Recompute the unit's GTIN-13 check digit for the 12 body digits.
    const sum = body
      .split('')
      .map(Number)
      .reverse()
      .reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
    return { unit: body + String((10 - (sum % 10)) % 10), isCase: true };
  }
  return { unit: gtin14, isCase: false };
}
