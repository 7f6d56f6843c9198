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

/** A secret the Walmart sandbox takes (16 characters or more); its client ids are UUIDs. */
export const WALMART_SECRET = 'wm-secret-fedcba9876543210';

interface Poster {
  post: (path: string, body: unknown, token?: string) => Promise<{ status: number; body: any; meta: any }>;
  put: (path: string, body: unknown, token?: string) => Promise<{ status: number; body: any; meta: any }>;
}

/** A client's Walmart store with sandbox credentials, tested (connected). Answers its id. */
export async function walmartStore(s: Poster, token: string, companyId: number, name: string, clientId: string) {
  const made = await s.post('/api/common/stores', { companyId, marketplace: 'walmart', name }, token);
  if (made.status !== 201) throw new Error(`store ${name}: ${made.status} ${JSON.stringify(made.meta)}`);
  await s.put(`/api/common/stores/${made.body.id}/credentials`, { clientId, clientSecret: WALMART_SECRET }, token);
  const tested = await s.post(`/api/common/stores/${made.body.id}/test`, {}, token);
  if (!tested.body.ok) throw new Error(`store ${name} not connected: ${JSON.stringify(tested.body)}`);
  return made.body.id as number;
}

/** Units found at a location (PREP-WFS …) for a client's product code. */
export async function stockAt(
  s: Poster,
  token: string,
  companyId: number,
  productCode: string,
  location: string,
  quantity: number,
) {
  const res = await s.post(
    '/api/inventory/adjust',
    { companyId, productCode, location, quantity, reason: 'found' },
    token,
  );
  if (res.status !== 200) throw new Error(`stock ${productCode}: ${res.status} ${JSON.stringify(res.meta)}`);
}
