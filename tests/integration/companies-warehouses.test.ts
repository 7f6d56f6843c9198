/**
 * Warehouse sites (Settings › Warehouses, /api/company/warehouse): the seeded demo addresses, the
 * shared schema's refusals in the error envelope (the state where the country has them), tenancy,
 * rights, and exactly one default ship-from per tenant — the site labels are bought from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../server/db/schema/index.js';
import { shipFromOf } from '../../server/modules/fbm-labels/addresses.js';
import { TestServer } from '../helpers/server.js';

const API = '/api/company/warehouse';

interface Site {
  id: number;
  name: string;
  code: string;
  line1: string | null;
  state: string | null;
  countryCode: string | null;
  timezone: string;
  active: boolean;
  defaultShipFrom: boolean;
}

let s: TestServer;
let admin: string;
let north: string;
let demoTenant: number;

const sites = async (token = admin) => (await s.get<Site[]>(API, token)).body;
const newark = {
  name: 'Overflow',
  code: 'OVF-1',
  line1: '7 Dock St',
  city: 'Elizabeth',
  state: 'NJ',
  postalCode: '07201',
  countryCode: 'US',
  timezone: 'America/New_York',
};

beforeAll(async () => {
  s = await TestServer.start();
  [admin, north] = await Promise.all([s.token('demo.admin'), s.token('north.admin')]);
  [{ id: demoTenant }] = await s.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.key, 'demo'));
});
afterAll(async () => s?.close());

describe('the demo tenants’ sites', () => {
  it('the demo’s Main and north’s site have full US addresses, each its tenant’s default ship-from', async () => {
    const [main] = await sites();
    expect(main).toMatchObject({
      code: 'MAIN',
      line1: '100 Harbor Way',
      state: 'NJ',
      countryCode: 'US',
      timezone: 'America/New_York',
      active: true,
      defaultShipFrom: true,
    });
    const [dc] = await sites(north);
    expect(dc).toMatchObject({ name: 'North DC', state: 'MN', countryCode: 'US', defaultShipFrom: true });
    // So a label can be bought in the demo: parcels leave from Main.
    expect(await shipFromOf(s.db, demoTenant)).toMatchObject({
      name: 'Demo Prep Co',
      line1: '100 Harbor Way',
      city: 'Newark',
      state: 'NJ',
      postalCode: '07114',
      countryCode: 'US',
    });
  });
});

describe('validation (the shared domain schema, 400 with meta.error_list)', () => {
  it('a US address needs its state; a part of an address needs the rest', async () => {
    const [main] = await sites();
    const noState = await s.put(`${API}/${main.id}`, { ...newark, name: main.name, code: main.code, state: '' }, admin);
    expect(noState.status).toBe(400);
    // Each refusal names its field as the form labels it (issue 41), not the schema's name.
    expect(noState.meta.error_list.map((e) => e.message)).toEqual([
      'State or province: the state or province is required for an address in US',
    ]);
    const partial = await s.post(API, { name: 'Half', code: 'HALF', line1: '1 Road' }, admin);
    expect(partial.status).toBe(400);
    expect(partial.meta.error_list.map((e) => e.message)).toEqual([
      'City is required',
      'Postal code is required',
      'Country (2 letters) is required',
    ]);
    const bad = await s.post(
      API,
      { name: 'Bad', code: 'bad code!', timezone: 'Mars/Olympus', email: 'not-an-address', countryCode: 'USA' },
      admin,
    );
    expect(bad.status).toBe(400);
    const fields = bad.meta.error_list.map((e) => e.message.split(':')[0]).sort();
    expect(fields).toEqual(['Code', 'Country (2 letters)', 'E-mail', 'Time zone']);
    // Stored nothing, changed nothing.
    expect((await sites()).map((w) => w.code)).toEqual(['MAIN']);
    expect((await sites())[0].state).toBe('NJ');
  });

  it('a country without states takes an address without one; a company address follows the same rule', async () => {
    const uk = await s.post(
      API,
      { name: 'London', code: 'LDN', line1: '1 Wharf Rd', city: 'London', postalCode: 'E1 6AN', countryCode: 'gb' },
      admin,
    );
    expect(uk.status, JSON.stringify(uk.meta)).toBe(201);
    expect(uk.body).toMatchObject({ countryCode: 'GB', state: null, timezone: 'UTC', defaultShipFrom: false });
    const companyId = (await s.signIn('demo.admin')).userData.companyId;
    const us = await s.post(
      `/api/company/${companyId}/addresses`,
      { line1: '1 Dock Rd', city: 'Reno', postalCode: '89501', countryCode: 'us' },
      admin,
    );
    expect(us.status).toBe(400);
    expect(us.meta.error_list[0].message).toBe(
      'State or province: the state or province is required for an address in US',
    );
    // Deactivated again so the next tests see the demo's one site and this one, inactive.
    expect((await s.del(`${API}/${uk.body.id}`, admin)).status).toBe(200);
  });
});

describe('tenancy and rights', () => {
  it('another tenant’s site is not found; clients and floor staff cannot edit sites', async () => {
    const [dc] = await sites(north);
    const put = await s.put(`${API}/${dc.id}`, { name: 'Taken', code: 'MAIN' }, admin);
    expect(put.status).toBe(404);
    expect((await s.del(`${API}/${dc.id}`, admin)).status).toBe(404);
    expect((await sites(north))[0].name).toBe('North DC');
    // The demo's sites are not in north's list either.
    expect((await sites(north)).map((w) => w.name)).toEqual(['North DC']);

    const main = (await sites()).find((w) => w.code === 'MAIN')!;
    for (const who of ['demo.client', 'demo.receiver']) {
      const token = await s.token(who);
      expect((await s.put(`${API}/${main.id}`, { name: 'Mine', code: 'MAIN' }, token)).status, who).toBe(403);
      expect((await s.post(API, { name: 'Mine', code: 'MINE' }, token)).status, who).toBe(403);
    }
    expect((await sites()).find((w) => w.id === main.id)?.name).toBe('Main');
  });
});

describe('one default ship-from per tenant', () => {
  it('making a site the default takes it from the one before; the default cannot be unset or deactivated', async () => {
    const created = await s.post(API, { ...newark, defaultShipFrom: true }, admin);
    expect(created.status, JSON.stringify(created.meta)).toBe(201);
    let list = await sites();
    expect(list.filter((w) => w.defaultShipFrom).map((w) => w.code)).toEqual(['OVF-1']);
    expect(await shipFromOf(s.db, demoTenant)).toMatchObject({ line1: '7 Dock St', city: 'Elizabeth' });

    const unset = await s.put(`${API}/${created.body.id}`, { ...newark, defaultShipFrom: false }, admin);
    expect(unset.status).toBe(412);
    expect(unset.meta.error_list[0].message).toMatch(/default ship-from: make another site the default/);
    expect((await s.del(`${API}/${created.body.id}`, admin)).status).toBe(412);
    expect((await s.put(`${API}/${created.body.id}`, { ...newark, active: false }, admin)).status).toBe(412);

    const main = list.find((w) => w.code === 'MAIN')!;
    const back = await s.put(`${API}/${main.id}`, { name: 'Main', code: 'MAIN', defaultShipFrom: true }, admin);
    expect(back.status, JSON.stringify(back.meta)).toBe(200);
    // Fields left out keep their values.
    expect(back.body).toMatchObject({ line1: '100 Harbor Way', timezone: 'America/New_York', defaultShipFrom: true });
    list = await sites();
    expect(list.filter((w) => w.defaultShipFrom).map((w) => w.code)).toEqual(['MAIN']);
    // An inactive site cannot become the default.
    const ldn = list.find((w) => w.code === 'LDN')!;
    const inactive = await s.put(`${API}/${ldn.id}`, { name: 'London', code: 'LDN', defaultShipFrom: true }, admin);
    expect(inactive.status).toBe(400);
    expect(inactive.meta.error_list[0].message).toBe('An inactive site cannot be the default ship-from');
    // North's default is its own, untouched by the demo's.
    expect((await sites(north)).filter((w) => w.defaultShipFrom)).toHaveLength(1);
  });
});
