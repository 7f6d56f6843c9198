/** What the WFS tests and the WFS bench share: a valid UPC-12 from a number, and the warehouse's ship-from. */

/** A UPC-12 with its check digit, from an 11-digit body. */
export function upc(n: number): string {
  const body = String(n).padStart(11, '0');
  const sum = body.split('').reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** Where the boxes leave from (Walmart's return address needs the state). */
export const WFS_SHIP_FROM = {
  name: 'Dockside Prep',
  addressLine1: '100 Harbor Way',
  city: 'Newark',
  stateOrProvinceCode: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
  phoneNumber: '555-0100',
};
