/**
 * Language per person (issue 41) and invoices in the client's language (issue 39, defect 2)
 * against the real server: the language is saved on the user and comes back at every sign-in and
 * refresh; registering keeps the chosen one; activation and reset mails are written in the
 * recipient's language (else the screen's, else the warehouse's DEFAULT_LOCALE); a German client's
 * invoice PDF, e-mail and notice are German with German number, money and date formats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { englishPhrases, pdfText } from '../helpers/pdf-text.js';
import { formatDay, formatMoney } from '../../domain/format.js';
import { companies, mailLog, notifications, users } from '../../server/db/schema/index.js';
import { en } from '../../src/locales/en.js';
import { de } from '../../src/locales/de.js';

let s: TestServer;
let admin: string;
let tenantId: number;

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  tenantId = (await s.signIn('demo.admin')).userData.tenantId;
});
afterAll(async () => s?.close());

async function lastMailTo(to: string, template: string) {
  const [m] = await s.db
    .select()
    .from(mailLog)
    .where(and(eq(mailLog.toAddress, to), eq(mailLog.template, template)))
    .orderBy(desc(mailLog.id))
    .limit(1);
  return m;
}
const keyFrom = (body: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(body)?.[1] ?? '';
const today = () => new Date().toISOString().slice(0, 10);

describe('the language is saved on the user', () => {
  it('not chosen at first; saved by PUT /api/account/language; returned at sign-in, refresh and in the account', async () => {
    const first = await s.signIn('demo.receiver');
    expect(first.userData.langKey).toBeNull();

    const saved = await s.put('/api/account/language', { langKey: 'de' }, first.accessToken);
    expect(saved.status, JSON.stringify(saved.meta)).toBe(200);
    expect(saved.body.langKey).toBe('de');

    // A sign-in elsewhere (a new session) comes back in German.
    const again = await s.signIn('demo.receiver');
    expect(again.userData.langKey).toBe('de');
    const refreshed = await s.post('/api/refresh-token', { refreshToken: again.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.userData.langKey).toBe('de');
    expect((await s.get('/api/account', again.accessToken)).body.langKey).toBe('de');
    expect((await s.get('/api/users/refresh-auth-data', again.accessToken)).body.langKey).toBe('de');

    // Changed again: the latest choice wins; the profile form's langKey saves it too.
    expect((await s.put('/api/account/language', { langKey: 'pt' }, again.accessToken)).body.langKey).toBe('pt');
    expect((await s.signIn('demo.receiver')).userData.langKey).toBe('pt');
    await s.post('/api/account', { langKey: 'fr' }, again.accessToken);
    expect((await s.signIn('demo.receiver')).userData.langKey).toBe('fr');
  });

  it('refuses a language the product does not speak (400) and anyone not signed in (401)', async () => {
    const token = await s.token('demo.packer');
    const bad = await s.put('/api/account/language', { langKey: 'xx' }, token);
    expect(bad.status).toBe(400);
    expect((await s.put('/api/account/language', {}, token)).status).toBe(400);
    expect((await s.put('/api/account/language', { langKey: 'de' })).status).toBe(401);
    // Nothing was saved.
    expect((await s.signIn('demo.packer')).userData.langKey).toBeNull();
  });

  it('one user saving a language changes nobody else', async () => {
    const a = await s.signIn('demo.client');
    await s.put('/api/account/language', { langKey: 'de' }, a.accessToken);
    expect((await s.signIn('demo.client2')).userData.langKey).toBeNull();
    expect((await s.signIn('north.admin')).userData.langKey).toBeNull();
    await s.put('/api/account/language', { langKey: 'en' }, a.accessToken);
  });
});

describe('registering and the account mails', () => {
  it('keeps the language chosen on the register page; the activation mail is in it', async () => {
    const reg = await s.post('/api/register', {
      companyName: 'Hafen Lager',
      fullname: 'Heike Hafen',
      username: 'heike',
      email: 'heike@hafen.example',
      password: 'hafen1',
      langKey: 'de',
    });
    expect(reg.status, JSON.stringify(reg.meta)).toBe(201);
    const mail = await lastMailTo('heike@hafen.example', 'activation');
    expect(mail.subject).toBe(de.mail.activation.subject);
    expect(mail.body).toContain('Hallo Heike Hafen,');
    expect(mail.body).toContain('Konto aktivieren: ');
    expect(mail.body).not.toContain('Activate your account');
    expect((await s.get(`/api/activate/${keyFrom(mail.body, '/activate-account')}`)).status).toBe(200);
    const signed = await s.signIn('heike', 'hafen1');
    expect(signed.userData.langKey).toBe('de');

    // The password reset goes out in the saved language, whatever screen asked for it.
    const reset = await s.request('POST', '/api/account/reset-password/init', {
      body: { email: 'heike@hafen.example' },
      headers: { language: 'en' },
    });
    expect(reset.status).toBe(200);
    const resetMail = await lastMailTo('heike@hafen.example', 'password-reset');
    expect(resetMail.subject).toBe('Ihr Dockside-Passwort zurücksetzen');
    expect(resetMail.body).toContain(de.mail.passwordReset.ignore);
    expect(resetMail.body).toMatch(/innerhalb von 24 Stunden zurück: http\S+\/forgot-password\//);
  });

  it('without a language the new user has none (null) and the mail follows the screen that asked', async () => {
    const reg = await s.request('POST', '/api/register', {
      body: {
        companyName: 'Porto Armazém',
        fullname: 'Paula Porto',
        username: 'paula',
        email: 'paula@porto.example',
        password: 'porto1',
      },
      headers: { language: 'pt' },
    });
    expect(reg.status, JSON.stringify(reg.meta)).toBe(201);
    expect((await lastMailTo('paula@porto.example', 'activation')).subject).toBe('Ative sua conta Dockside');
    const [row] = await s.db.select({ langKey: users.langKey }).from(users).where(eq(users.username, 'paula'));
    expect(row.langKey).toBeNull();
  });

  it("a user who never chose gets the warehouse's DEFAULT_LOCALE when no screen says one", async () => {
    const put = await s.post('/api/tenant-settings', { settingKey: 'DEFAULT_LOCALE', value: '"fr"' }, admin);
    expect(put.status, JSON.stringify(put.meta)).toBe(200);
    try {
      const [packer] = await s.db.select().from(users).where(eq(users.username, 'demo.packer'));
      expect(packer.langKey).toBeNull();
      expect(packer.email).toBeTruthy();
      const res = await s.post('/api/account/reset-password/init', { email: packer.email });
      expect(res.status).toBe(200);
      const mail = await lastMailTo(packer.email!, 'password-reset');
      expect(mail.subject).toBe('Réinitialisez votre mot de passe Dockside');
      expect(mail.body).toContain('Bonjour ');
    } finally {
      await s.post('/api/tenant-settings', { settingKey: 'DEFAULT_LOCALE', value: '"en"' }, admin);
    }
  });
});

describe("an invoice in the client's language", () => {
  let companyId: number;
  let invoiceId: number;
  let number: string;

  it('is generated for a client whose user chose German', async () => {
    const created = await s.post(
      '/api/company',
      {
        name: 'Müller Versand GmbH',
        audience: 'Customer',
        email: 'buchhaltung@mueller.example',
        firstUser: {
          username: 'jana.mueller',
          fullname: 'Jana Müller',
          email: 'jana@mueller.example',
          password: 'mueller1',
        },
      },
      admin,
    );
    expect(created.status, JSON.stringify(created.meta)).toBe(201);
    companyId = created.body.id;
    const jana = await s.signIn('jana.mueller', 'mueller1');
    expect((await s.put('/api/account/language', { langKey: 'de' }, jana.accessToken)).status).toBe(200);

    for (const [description, quantity, unitPrice] of [
      ['Fotoservice für Größenangaben', '3', '2.50'],
      ['Étiquettes façon ã õ ç œ — Łódź 漢字', '1', '1234.5'],
    ])
      expect(
        (
          await s.post(
            '/api/finance/customer/charges',
            { companyId, description, quantity, unitPrice, serviceDate: today() },
            admin,
          )
        ).status,
      ).toBe(200);
    const gen = await s.post(
      '/api/finance/invoice/generate',
      { from: today(), to: today(), companyIds: [companyId] },
      admin,
    );
    expect(gen.status, JSON.stringify(gen.meta)).toBe(201);
    invoiceId = gen.body.invoices[0].id;
    number = gen.body.invoices[0].number;
  });

  it('the PDF is German: its words, its money, its dates; no English phrase; letters outside WinAnsi replaced', async () => {
    const res = await s.started.app.request(`/api/finance/invoice/${invoiceId}/pdf`, {
      headers: { authorization: `Bearer ${admin}`, language: 'en' },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Rechnung ${number} — Müller Versand GmbH`);
    const text = pdfText(bytes);
    const money = (cents: number) => formatMoney('de', cents, 'USD');
    const day = formatDay('de', today());
    for (const words of [
      'RECHNUNG',
      'Rechnungsnummer',
      'Rechnungsdatum',
      'Fälligkeitsdatum',
      'Rechnung an',
      'Beschreibung',
      'Einzelpreis',
      'Zwischensumme',
      'Offener Betrag',
      'Fotoservice für Größenangaben',
      // Letters WinAnsi has stay; Ł becomes L; ź its base letter z; what has no Latin form becomes '?'.
      'Étiquettes façon ã õ ç œ — Lódz ??',
      money(750), // 7,50 $
      money(123450), // 1.234,50 $
      money(124200),
      day,
      `Seite 1 von 1`,
    ])
      expect(text, words).toContain(words);
    expect(text).toMatch(/2,50\s\$/); // the unit price in the same format as the amounts
    for (const phrase of englishPhrases(en, de, ['invoices', 'invoicePdf', 'charges', 'mail']))
      expect(text, `English on the German invoice: "${phrase}"`).not.toContain(phrase);
  });

  it('the screen reads the lines in the reader’s language; the e-mail and the notice are German', async () => {
    const mail = await lastMailTo('buchhaltung@mueller.example', 'invoice');
    expect(mail.subject).toBe(
      `Rechnung ${number} von ${(await s.get('/api/finance/invoice/' + invoiceId, admin)).body.from.name}`,
    );
    expect(mail.body).toContain('Hallo Müller Versand GmbH,');
    expect(mail.body).toContain('Gesamt: 1.242,00');
    expect(mail.body).toMatch(/fällig bis \d{2}\.\d{2}\.\d{4}\./);
    expect(mail.body).not.toMatch(/Your invoice|balance due|\d{4}-\d{2}-\d{2}/);
    const [notice] = await s.db.select().from(notifications).where(eq(notifications.companyId, companyId));
    expect(notice.subject).toBe(`Rechnung ${number} ausgestellt`);
  });

  it("follows the e-mail's person, else the oldest who chose, else DEFAULT_LOCALE", async () => {
    const { clientLanguage } = await import('../../server/modules/invoices/words.js');
    expect(await clientLanguage(s.db, tenantId, companyId, 'buchhaltung@mueller.example')).toBe('de');
    const [acme] = await s.db.select().from(companies).where(eq(companies.name, 'Acme Sellers'));
    // Acme's users never chose: the warehouse's default (en).
    await s.db.update(users).set({ langKey: null }).where(eq(users.companyId, acme.id));
    expect(await clientLanguage(s.db, tenantId, acme.id, acme.email)).toBe('en');
    const acmeUsers = await s.db.select().from(users).where(eq(users.companyId, acme.id)).orderBy(users.id);
    await s.db
      .update(users)
      .set({ langKey: 'fr' })
      .where(eq(users.id, acmeUsers[acmeUsers.length - 1].id));
    expect(await clientLanguage(s.db, tenantId, acme.id, 'nobody@example.com')).toBe('fr');
    if (acmeUsers.length > 1) {
      await s.db.update(users).set({ langKey: 'pt' }).where(eq(users.id, acmeUsers[0].id));
      expect(await clientLanguage(s.db, tenantId, acme.id, 'nobody@example.com')).toBe('pt');
      expect(await clientLanguage(s.db, tenantId, acme.id, acmeUsers[acmeUsers.length - 1].email)).toBe('fr');
    }
    await s.db.update(users).set({ langKey: null }).where(eq(users.companyId, acme.id));
  });

  it('the invoice screen reads the line descriptions in the language of the request', async () => {
    const read = async (language: string) =>
      (await s.request('GET', `/api/finance/invoice/${invoiceId}`, { token: admin, headers: { language } })).body;
    const lines = (inv: { categories: { lines: { description: string }[] }[] }) =>
      inv.categories.flatMap((c) => c.lines.map((l) => l.description));
    // Manual lines keep the warehouse's own words in every language.
    expect(lines(await read('fr'))).toContain('Fotoservice für Größenangaben');
  });
});
