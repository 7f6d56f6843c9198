/**
 * WFS shipping templates against the real server: CRUD with box presets, Walmart-style address
 * validation (400 per field), duplicate names per tenant+company (409), one default per
 * tenant+company, clients confined to their own company (the shared ones read-only), other
 * tenants 404, audit rows, the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { auditLog, wfsShippingTemplates } from '../../server/db/schema/index.js';
import { fieldRules } from '../helpers/refusals.js';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let north: string;
let acmeId: number;
let blueFoxId: number;
beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  const c1 = await s.signIn('demo.client');
  const c2 = await s.signIn('demo.client2');
  client = c1.accessToken;
  client2 = c2.accessToken;
  acmeId = c1.userData.companyId;
  blueFoxId = c2.userData.companyId;
  north = await s.token('north.admin');
});
afterAll(async () => s?.close());

const BASE = '/api/outbound/wfs/shipping-templates';
const template = (over: Record<string, unknown> = {}) => ({
  name: 'Main dock parcels',
  shipFrom: {
    name: 'Demo Prep Co',
    addressLine1: '100 Dock Street',
    addressLine2: 'Door 4',
    city: 'Bentonville',
    stateCode: 'ar',
    postalCode: '72716',
    countryCode: 'us',
    phone: '+1 (479) 555-0100',
  },
  carrierPreference: 'WALMART_PREFERRED',
  shippingMode: 'PARCEL',
  boxPresets: [
    { name: 'Small', lengthIn: 12, widthIn: 10, heightIn: 8, maxWeightLb: 40 },
    { name: 'Large', lengthIn: '24', widthIn: '18.5', heightIn: '16' },
  ],
  ...over,
});
const errors = (r: { meta: { error_list: { message: string }[] } }) => fieldRules(r);

describe('WFS shipping templates', () => {
  it('the warehouse creates, reads, lists, searches, edits and deletes a template, with audit rows', async () => {
    const made = await s.post(BASE, template({ carrierName: 'ignored for WPC' }), admin);
    expect(made.status).toBe(201);
    expect(made.meta.info_list[0].message).toBe('Shipping template created');
    const t = made.body;
    expect(t).toMatchObject({
      name: 'Main dock parcels',
      companyId: null,
      companyName: null,
      carrierPreference: 'WALMART_PREFERRED',
      carrierName: null,
      shippingMode: 'PARCEL',
      isDefault: false,
      editable: true,
    });
    expect(t.shipFrom).toEqual({
      name: 'Demo Prep Co',
      addressLine1: '100 Dock Street',
      addressLine2: 'Door 4',
      city: 'Bentonville',
      stateCode: 'AR',
      postalCode: '72716',
      countryCode: 'US',
      phone: '+1 (479) 555-0100',
    });
    expect(t.boxPresets).toEqual([
      { name: 'Small', lengthIn: 12, widthIn: 10, heightIn: 8, maxWeightLb: 40 },
      { name: 'Large', lengthIn: 24, widthIn: 18.5, heightIn: 16, maxWeightLb: null },
    ]);

    expect((await s.get(`${BASE}/${t.id}`, admin)).body).toEqual(t);
    const forAcme = await s.post(
      BASE,
      template({
        name: 'Acme LTL',
        companyId: acmeId,
        carrierPreference: 'OWN_CARRIER',
        carrierName: 'Estes',
        shippingMode: 'LTL',
      }),
      admin,
    );
    expect(forAcme.status).toBe(201);
    expect(forAcme.body).toMatchObject({ companyId: acmeId, companyName: 'Acme Sellers', carrierName: 'Estes' });

    const list = await s.get(`${BASE}?pageNumber=1&pageSize=10`, admin);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ pageNumber: 1, pageSize: 10, totalElements: 2 });
    const found = await s.get(`${BASE}?q=estes`, admin);
    expect(found.body.content.map((r: { name: string }) => r.name)).toEqual(['Acme LTL']);
    expect((await s.get(`${BASE}?q=acme%20sell`, admin)).body.totalElements).toBe(1);
    // One client's and the shared ones.
    expect((await s.get(`${BASE}?companyId=${blueFoxId}`, admin)).body.totalElements).toBe(1);
    expect((await s.get(`${BASE}?companyId=${acmeId}`, admin)).body.totalElements).toBe(2);

    const edited = await s.put(
      `${BASE}/${t.id}`,
      template({ name: 'Main dock', boxPresets: [{ name: 'Cube', lengthIn: 14, widthIn: 14, heightIn: 14 }] }),
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Main dock');
    expect(edited.body.boxPresets).toEqual([
      { name: 'Cube', lengthIn: 14, widthIn: 14, heightIn: 14, maxWeightLb: null },
    ]);

    const gone = await s.del(`${BASE}/${forAcme.body.id}`, admin);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ deleted: true });
    expect((await s.get(`${BASE}/${forAcme.body.id}`, admin)).status).toBe(404);
    expect((await s.del(`${BASE}/${forAcme.body.id}`, admin)).status).toBe(404);

    const trail = await s.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'wfs_shipping_template'), eq(auditLog.entityId, String(t.id))));
    expect(trail.map((a) => a.action).sort()).toEqual(['create', 'update']);
    const deleted = await s.db
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'wfs_shipping_template'), eq(auditLog.entityId, String(forAcme.body.id))));
    expect(deleted.map((a) => a.action).sort()).toEqual(['create', 'delete']);
    await s.del(`${BASE}/${t.id}`, admin);
  });

  it('refuses bad fields with one 400 entry each, stores nothing', async () => {
    const before = (await s.db.select().from(wfsShippingTemplates)).length;
    const bad = await s.post(
      BASE,
      template({
        name: ' ',
        shipFrom: { name: 'X', addressLine1: '', city: 'Bentonville', stateCode: 'Arkansas', postalCode: '7271' },
        carrierPreference: 'OWN_CARRIER',
        shippingMode: 'TRUCK',
      }),
      admin,
    );
    expect(bad.status).toBe(400);
    expect(errors(bad)).toEqual(
      expect.arrayContaining([
        'name: required',
        'shipFrom.addressLine1: required',
        'shipFrom.stateCode: the state or province code (AR)',
        'shippingMode: one of PARCEL, LTL',
      ]),
    );
    const zip = await s.post(
      BASE,
      template({ shipFrom: { ...template().shipFrom, postalCode: '7271' }, carrierPreference: 'OWN_CARRIER' }),
      admin,
    );
    expect(zip.status).toBe(400);
    expect(errors(zip)).toEqual(
      expect.arrayContaining([
        'shipFrom.postalCode: a US postal code such as 72716 or 72716-0001',
        'carrierName: the carrier you ship with',
      ]),
    );
    const country = await s.post(BASE, template({ shipFrom: { ...template().shipFrom, countryCode: 'USA' } }), admin);
    expect(errors(country)).toEqual(['shipFrom.countryCode: the two-letter country code (US)']);
    const phone = await s.post(BASE, template({ shipFrom: { ...template().shipFrom, phone: 'call me' } }), admin);
    expect(errors(phone)).toEqual(['shipFrom.phone: digits, spaces and + ( ) - . only']);
    const short = await s.post(BASE, template({ shipFrom: { ...template().shipFrom, phone: '555-01' } }), admin);
    expect(errors(short)).toEqual(['shipFrom.phone: at least 7 digits']);

    // Boxes: sides over 0 with 2 decimals, a parcel's length plus girth and weight, names once.
    const boxes = await s.post(
      BASE,
      template({
        boxPresets: [
          { name: 'Flat', lengthIn: 0, widthIn: 10, heightIn: 1.255 },
          { name: 'Huge', lengthIn: 60, widthIn: 30, heightIn: 30, maxWeightLb: 200 },
          { name: 'flat', lengthIn: 10, widthIn: 10, heightIn: 10 },
          { name: '', lengthIn: 10, widthIn: 10, heightIn: 10 },
        ],
      }),
      admin,
    );
    expect(boxes.status).toBe(400);
    expect(errors(boxes)).toEqual(
      expect.arrayContaining([
        'boxPresets.0.lengthIn: more than 0',
        'boxPresets.0.heightIn: at most 2 decimals',
        'boxPresets.3.name: required',
      ]),
    );
    // Cross-field box rules run once every box is well-formed.
    const limits = await s.post(
      BASE,
      template({
        boxPresets: [
          { name: 'Huge', lengthIn: 60, widthIn: 30, heightIn: 30, maxWeightLb: 200 },
          { name: 'huge', lengthIn: 10, widthIn: 10, heightIn: 10 },
        ],
      }),
      admin,
    );
    expect(errors(limits)).toEqual([
      'boxPresets.0.lengthIn: length plus girth at most 165 in for a parcel',
      'boxPresets.0.maxWeightLb: a parcel weighs at most 150 lb',
      'boxPresets.1.name: huge is listed twice',
    ]);
    // The same box travels on a pallet (LTL) while its sides fit one.
    const ltl = await s.post(
      BASE,
      template({
        name: 'Pallet boxes',
        shippingMode: 'LTL',
        boxPresets: [{ name: 'Huge', lengthIn: 60, widthIn: 30, heightIn: 30, maxWeightLb: 200 }],
      }),
      admin,
    );
    expect(ltl.status).toBe(201);
    await s.del(`${BASE}/${ltl.body.id}`, admin);
    expect((await s.post(BASE, template({ companyId: 999999 }), admin)).status).toBe(404);
    expect((await s.post(BASE, 'not json', admin)).status).toBe(400);
    expect((await s.get(`${BASE}/abc`, admin)).status).toBe(400);
    expect((await s.db.select().from(wfsShippingTemplates)).length).toBe(before);
  });

  it('a name is unique per tenant and company, whatever its case (409)', async () => {
    const first = await s.post(BASE, template({ name: 'Dup check', companyId: blueFoxId }), admin);
    expect(first.status).toBe(201);
    const again = await s.post(BASE, template({ name: 'DUP CHECK', companyId: blueFoxId }), admin);
    expect(again.status).toBe(409);
    expect(errors(again)).toEqual(['This client already has a shipping template DUP CHECK']);
    // Another company, or the shared ones, may use the name.
    const acme = await s.post(BASE, template({ name: 'Dup check', companyId: acmeId }), admin);
    expect(acme.status).toBe(201);
    const shared = await s.post(BASE, template({ name: 'Dup check' }), admin);
    expect(shared.status).toBe(201);
    expect((await s.post(BASE, template({ name: 'dup check' }), admin)).status).toBe(409);
    // Renaming onto a taken name is refused too; keeping one's own name is not.
    const other = await s.post(BASE, template({ name: 'Other', companyId: blueFoxId }), admin);
    expect(
      (await s.put(`${BASE}/${other.body.id}`, template({ name: 'dup CHECK', companyId: blueFoxId }), admin)).status,
    ).toBe(409);
    expect(
      (await s.put(`${BASE}/${first.body.id}`, template({ name: 'Dup check', companyId: blueFoxId }), admin)).status,
    ).toBe(200);
    // A client's own duplicate, too.
    const mine = await s.post(BASE, template({ name: 'Dup check' }), client2);
    expect(mine.status).toBe(409);
    for (const id of [first.body.id, acme.body.id, shared.body.id, other.body.id]) await s.del(`${BASE}/${id}`, admin);
  });

  it('one default per tenant and company: setting one clears the other', async () => {
    const a = await s.post(BASE, template({ name: 'Default A', isDefault: true }), admin);
    const b = await s.post(BASE, template({ name: 'Default B', isDefault: true }), admin);
    const acme = await s.post(BASE, template({ name: 'Acme default', companyId: acmeId, isDefault: true }), admin);
    expect([a.status, b.status, acme.status]).toEqual([201, 201, 201]);
    const isDefault = async (id: number) => (await s.get(`${BASE}/${id}`, admin)).body.isDefault;
    expect(await isDefault(a.body.id)).toBe(false);
    expect(await isDefault(b.body.id)).toBe(true);
    // Another company's default stands beside the shared one.
    expect(await isDefault(acme.body.id)).toBe(true);
    // Back to A.
    const again = await s.put(`${BASE}/${a.body.id}`, template({ name: 'Default A', isDefault: true }), admin);
    expect(again.body.isDefault).toBe(true);
    expect(await isDefault(b.body.id)).toBe(false);
    expect(await isDefault(acme.body.id)).toBe(true);
    // A client's own default clears only its own.
    const mine = await s.post(BASE, template({ name: 'Mine', isDefault: true }), client);
    expect(mine.status).toBe(201);
    expect(await isDefault(acme.body.id)).toBe(false);
    expect(await isDefault(a.body.id)).toBe(true);
    const defaults = await s.db
      .select({ companyId: wfsShippingTemplates.companyId })
      .from(wfsShippingTemplates)
      .where(eq(wfsShippingTemplates.isDefault, true));
    expect(defaults.map((d) => d.companyId).sort()).toEqual([acmeId, null].sort());
    for (const id of [a.body.id, b.body.id, acme.body.id, mine.body.id]) await s.del(`${BASE}/${id}`, admin);
  });

  it('a client sees its own and the shared templates, changes only its own; other tenants see nothing', async () => {
    const shared = await s.post(BASE, template({ name: 'Shared dock' }), admin);
    const blueFox = await s.post(BASE, template({ name: 'Blue Fox boxes', companyId: blueFoxId }), admin);
    // A client's template is its own company's, whatever it names.
    const mine = await s.post(BASE, template({ name: 'Acme parcels' }), client);
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ companyId: acmeId, companyName: 'Acme Sellers', editable: true });
    expect((await s.post(BASE, template({ name: 'Sneaky', companyId: blueFoxId }), client)).status).toBe(404);

    const seen = await s.get(BASE, client);
    expect(seen.body.content.map((r: { name: string; editable: boolean }) => [r.name, r.editable])).toEqual([
      ['Acme parcels', true],
      ['Shared dock', false],
    ]);
    expect((await s.get(`${BASE}/${shared.body.id}`, client)).body.editable).toBe(false);
    expect((await s.get(`${BASE}/${blueFox.body.id}`, client)).status).toBe(404);
    expect((await s.put(`${BASE}/${blueFox.body.id}`, template(), client)).status).toBe(404);
    expect((await s.del(`${BASE}/${blueFox.body.id}`, client)).status).toBe(404);
    // The shared ones are read-only to clients.
    const edit = await s.put(`${BASE}/${shared.body.id}`, template({ name: 'Mine now' }), client);
    expect(edit.status).toBe(403);
    expect((await s.del(`${BASE}/${shared.body.id}`, client)).status).toBe(403);
    // Editing keeps a client's template its own.
    const kept = await s.put(`${BASE}/${mine.body.id}`, template({ name: 'Acme parcels 2', companyId: null }), client);
    expect(kept.status).toBe(200);
    expect(kept.body.companyId).toBe(acmeId);

    // The other client sees neither Acme's template nor anything of it.
    expect((await s.get(`${BASE}/${mine.body.id}`, client2)).status).toBe(404);
    expect((await s.get(BASE, client2)).body.content.map((r: { name: string }) => r.name)).toEqual([
      'Blue Fox boxes',
      'Shared dock',
    ]);
    expect((await s.del(`${BASE}/${mine.body.id}`, client2)).status).toBe(404);

    // Another tenant: not found, an empty list, nothing changed.
    for (const id of [shared.body.id, mine.body.id]) {
      expect((await s.get(`${BASE}/${id}`, north)).status).toBe(404);
      expect((await s.put(`${BASE}/${id}`, template(), north)).status).toBe(404);
      expect((await s.del(`${BASE}/${id}`, north)).status).toBe(404);
    }
    expect((await s.get(BASE, north)).body.totalElements).toBe(0);
    expect((await s.post(BASE, template({ companyId: acmeId }), north)).status).toBe(404);

    // Signed out 401; floor staff read the templates (they pack WFS plans) but may not make them (403).
    expect((await s.get(BASE)).status).toBe(401);
    const floor = await s.token('demo.receiver');
    expect((await s.get(BASE, floor)).status).toBe(200);
    expect((await s.post(BASE, template({ name: 'Floor made' }), floor)).status).toBe(403);

    const del = await s.del(`${BASE}/${mine.body.id}`, client);
    expect(del.status).toBe(200);
    for (const id of [shared.body.id, blueFox.body.id]) await s.del(`${BASE}/${id}`, admin);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths[BASE]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${BASE}/{id}`]).sort()).toEqual(['delete', 'get', 'put']);
  });
});
