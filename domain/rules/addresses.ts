/**
 * Address rules every address schema shares (warehouse sites, company addresses, a parcel's
 * ship-from and ship-to): which countries need a state or province, and the IANA time zones a
 * site may keep its days in.
 *
 * A state (province, territory, prefecture) is part of the postal address in these countries and
 * the carriers route by it: USPS/UPS/FedEx refuse a US or Canadian parcel without one, and the
 * postal formats of the others put it on its own line (UPU address formats). Elsewhere an address
 * may have none.
 */

export const STATE_REQUIRED_COUNTRIES = ['US', 'CA', 'AU', 'MX', 'BR', 'IN', 'AR', 'CN', 'JP'] as const;

const STATE_REQUIRED = new Set<string>(STATE_REQUIRED_COUNTRIES);

/** Does an address in this country (ISO 3166 alpha-2, any case) need its state or province? */
export const stateRequired = (countryCode: string | null | undefined): boolean =>
  !!countryCode && STATE_REQUIRED.has(countryCode.trim().toUpperCase());

/** The refusal for a missing state, naming the field (`state: …`, or the field given). */
export const stateMissingMessage = (countryCode: string, field = 'state') =>
  `${field}: the state or province is required for an address in ${countryCode.trim().toUpperCase()}`;

/** Is this an IANA time zone the runtime knows (`America/New_York`, `UTC`)? */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 60) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The time zones to choose from: UTC first, then every IANA zone the runtime lists. */
export function timeZoneOptions(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...listed.filter((z) => z !== 'UTC')];
}
