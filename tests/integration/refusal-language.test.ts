/**
 * Issue 41: what the server says is in the language of the request's screen (the client sends
 * `language` and `Accept-Language`): a validation refusal names the field as the form labels it,
 * a business rule carries its code and parameters, and a plan's journal lines are stored as a code
 * and parameters and read in the reader's language (older lines: as stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { SHIP_FROM } from '../helpers/amazon-sandbox.js';
import { shipmentPlanEvents, stores } from '../../server/db/schema/index.js';

const L = '/api/warehouse-location';
const B = '/api/outbound/outbound-shipping/batch';

let s: TestServer;
let admin: string;

const as = (language: string, method: string, path: string, body?: unknown, token = admin) =>
  s.request(method, path, { token, body, headers: { language, 'accept-language': `${language};q=0.9` } });
const messages = (r: { meta: { error_list: { message: string }[] } }) => r.meta.error_list.map((e) => e.message);

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
}, 300_000);
afterAll(async () => s?.close());

describe('validation refusals', () => {
  const bad = { code: 'A 01!', type: 'bin', capacity: 0 };

  it('in German with the form’s labels, never the internal field names', async () => {
    const r = await as('de', 'POST', L, bad);
    expect(r.status).toBe(400);
    expect(messages(r)).toEqual(['Code: 1–40 Buchstaben, Ziffern oder - . / _', 'Kapazität: Mindestens 1']);
    expect(r.meta.error_list[0]).toMatchObject({ code: 'validation.hints.code40', field: 'code' });
  });

  it('in Portuguese from Accept-Language alone, in English without either', async () => {
    const pt = await s.request('POST', L, {
      token: admin,
      body: bad,
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    expect(messages(pt)).toEqual(['Código: 1 a 40 letras, dígitos ou - . / _', 'Capacidade: pelo menos 1']);
    const en = await s.post(L, bad, admin);
    expect(messages(en)).toEqual(['Code: 1–40 letters, digits or - . / _', 'Capacity: at least 1']);
  });

  it('a public page too: register’s password and e-mail in the visitor’s language', async () => {
    const r = await s.request('POST', '/api/register', {
      body: { companyName: 'Lager Süd', fullname: 'Anna', username: 'anna.sued', email: 'nope', password: 'abc' },
      headers: { language: 'de' },
    });
    expect(r.status).toBe(400);
    expect(messages(r)).toEqual(['E-Mail: Keine gültige E-Mail-Adresse', 'Passwort: Mindestens 4 Zeichen']);
    for (const m of messages(r)) expect(m).not.toMatch(/password|email/);
  });

  it('a company address left without its street: the label, in German', async () => {
    const me = await s.signIn('demo.admin');
    const r = await as('de', 'POST', `/api/company/${me.userData.companyId}/addresses`, {
      line1: '',
      city: 'Köln',
      postalCode: '50667',
      countryCode: 'DE',
    });
    expect(r.status).toBe(400);
    expect(messages(r)).toEqual(['Straße und Hausnummer: Pflichtfeld']);
  });
});

describe('business rules', () => {
  it('a duplicate location: 409 in German naming the code, with its code for the screens', async () => {
    expect((await s.post(L, { code: 'LANG-01', type: 'bin' }, admin)).status).toBe(201);
    const de = await as('de', 'POST', L, { code: 'LANG-01', type: 'bin' });
    expect(de.status).toBe(409);
    expect(de.meta.error_list).toEqual([
      { message: 'Ein Lagerplatz LANG-01 existiert bereits', code: 'refusals.locationExists' },
    ]);
    const en = await s.post(L, { code: 'LANG-01', type: 'bin' }, admin);
    expect(messages(en)).toEqual(['A location LANG-01 already exists']);
    const fr = await as('fr', 'POST', L, { code: 'LANG-01', type: 'bin' });
    expect(messages(fr)).toEqual(['Un emplacement LANG-01 existe déjà']);
  });

  it('a wrong sign-in and a thing not found, in Portuguese', async () => {
    const signIn = await s.request('POST', '/api/authenticate/mfa', {
      body: { username: 'demo.admin', password: 'wrong-password' },
      headers: { language: 'pt' },
    });
    expect(signIn.status).toBe(401);
    expect(messages(signIn)).toEqual(['O usuário ou a senha não está correto']);
    const missing = await as('pt', 'GET', `${B}/999999`);
    expect(missing.status).toBe(404);
    expect(messages(missing)).toEqual(['Plano de envio não encontrado']);
  });

  it('a missing right names the right and the action as the roles screen does', async () => {
    const client = await s.token('demo.client');
    const r = await as('de', 'POST', L, { code: 'LANG-02', type: 'bin' }, client);
    expect(r.status).toBe(403);
    expect(messages(r)[0]).not.toMatch(/warehouseLocation|create permission/);
  });
});

describe('the plan’s journal', () => {
  it('is stored as a code and parameters and read in the reader’s language; older lines as stored', async () => {
    const me = await s.signIn('demo.client');
    const acmeId = me.userData.companyId;
    const store = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme Sprachen', environment: 'sandbox' },
      admin,
    );
    expect(store.status, JSON.stringify(store.meta)).toBe(201);
    // The journal is the point here, not Amazon's consent: the store counts as connected.
    await s.db.update(stores).set({ connection: 'connected' }).where(eq(stores.id, store.body.id));
    const product = await s.post(
      '/api/product/products',
      {
        title: 'Sprachbecher',
        msku: 'LANG-MUG',
        fnsku: 'X00LANG001',
        lengthIn: 4,
        widthIn: 4,
        heightIn: 4,
        weightLb: 1,
      },
      me.accessToken,
    );
    expect(product.status, JSON.stringify(product.meta)).toBe(201);
    const stock = await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: 'LANG-MUG', location: 'PREP-FBA', quantity: 36, reason: 'found' },
      admin,
    );
    expect(stock.status, JSON.stringify(stock.meta)).toBe(200);
    const made = await s.post(
      B,
      {
        companyId: acmeId,
        storeId: store.body.id,
        name: 'Sprachplan',
        shipFrom: SHIP_FROM,
        items: [{ productId: product.body.id, quantity: 36 }],
      },
      admin,
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    const id = made.body.id as number;

    const en = (await s.get(`${B}/${id}`, admin)).body.events[0].message;
    expect(en).toBe('Plan created for Acme Sprachen: 1 SKU, 36 units held at PREP-FBA (1 added)');
    const de = (await as('de', 'GET', `${B}/${id}`)).body.events[0].message;
    expect(de).toBe('Plan angelegt für Acme Sprachen: 1 SKU, 36 Einheiten reserviert auf PREP-FBA (1 hinzugefügt)');
    const pt = (await as('pt', 'GET', `${B}/${id}`)).body.events[0].message;
    expect(pt).toBe('Plano criado para Acme Sprachen: 1 SKU, 36 unidades reservadas em PREP-FBA (1 adicionado)');

    // A rename is coded too; an older line (no code) reads as it was stored.
    expect((await s.put(`${B}/${id}`, { name: 'Neu' }, admin)).status).toBe(200);
    await s.db.insert(shipmentPlanEvents).values({
      tenantId: me.userData.tenantId,
      planId: id,
      kind: 'items',
      message: 'Items set: 1 SKU, 36 units held at PREP-FBA',
    });
    const lines = (await as('de', 'GET', `${B}/${id}`)).body.events.map((e: { message: string }) => e.message);
    expect(lines.slice(1)).toEqual([
      'Umbenannt von „Sprachplan“ in „Neu“',
      'Items set: 1 SKU, 36 units held at PREP-FBA',
    ]);
    const stored = await s.db.select().from(shipmentPlanEvents).where(eq(shipmentPlanEvents.planId, id));
    expect(stored[0].words).toMatchObject({ key: 'journal.planCreated', params: { store: 'Acme Sprachen' } });
    expect(stored[0].message).toBe(en);
  });
});
