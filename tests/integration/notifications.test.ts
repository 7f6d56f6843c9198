/**
 * Notifications (/api/notifications) against the real server: an invoice issued tells the client's
 * users in the app; notifyCompany e-mails the company's users unless a user turned that kind off
 * (the notice is kept in the app either way); read state is each user's own; another company or
 * tenant sees none and marks none; bad input is a 400 naming the field; no token 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { appendCharges } from '../../server/modules/billing/ledger.js';
import { notifyCompany } from '../../server/modules/notifications/service.js';
import { mailLog } from '../../server/db/schema/index.js';
import { fieldRules } from '../helpers/refusals.js';

let s: TestServer;
const t: Record<string, string> = {};
const ids = { tenant: 0, acme: 0, fox: 0 };
const N = '/api/notifications';
type Row = { id: number; kind: string; subject: string; link: string | null; read: boolean };

beforeAll(async () => {
  s = await TestServer.start();
  for (const u of ['demo.admin', 'demo.client', 'demo.client2', 'north.admin']) t[u] = await s.token(u);
  ids.tenant = (await s.signIn('demo.admin')).userData.tenantId;
  ids.acme = (await s.signIn('demo.client')).userData.companyId;
  ids.fox = (await s.signIn('demo.client2')).userData.companyId;
});
afterAll(async () => s?.close());

const mailsTo = async (to: string, template: string) =>
  (
    await s.db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.toAddress, to), eq(mailLog.template, template)))
  ).length;

describe('an invoice issued', () => {
  it('is in the app for the client’s users, unread, with a link to it; not for another client or tenant', async () => {
    await appendCharges(s.db, [
      {
        tenantId: ids.tenant,
        companyId: ids.acme,
        code: 'UNIT_RECEIVED',
        description: 'Units received',
        quantity: 100,
        unitPrice: '0.25',
        currency: 'USD',
        rule: { source: 'tenantFee' },
        sourceType: 'test',
        sourceId: 'n-1',
        serviceDate: '2025-03-03',
      },
    ]);
    const made = await s.post(
      '/api/finance/invoice/generate',
      { month: '2025-03', companyIds: [ids.acme] },
      t['demo.admin'],
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    const res = await s.get(N, t['demo.client']);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.unread).toBe(1);
    expect(res.body.content[0]).toMatchObject({ kind: 'invoice.issued', read: false });
    expect(res.body.content[0].subject).toBe('Invoice INV-000001 issued');
    // In the client's language (its people never chose one: the warehouse's English), its formats.
    expect(res.body.content[0].body).toMatch(
      /for 03\/01\/2025 to 03\/31\/2025: \$25\.00, due by \d{2}\/\d{2}\/\d{4}\./,
    );
    expect(res.body.content[0].link).toMatch(/^\/apps\/invoice\/detail\/\d+$/);
    for (const other of ['demo.client2', 'north.admin', 'demo.admin']) {
      const theirs = await s.get(N, t[other]);
      expect(theirs.body).toMatchObject({ totalElements: 0, unread: 0 });
    }
  });
});

describe('notifyCompany and e-mail preferences', () => {
  it('e-mails the company’s users, except one who turned the kind off; the app keeps it for everyone', async () => {
    const notice = {
      tenantId: ids.tenant,
      companyId: ids.acme,
      kind: 'fba.shipped' as const,
      subject: 'Shipped to Amazon: March',
      body: 'Your FBA shipment plan “March” left the warehouse.',
      link: '/apps/outbound/fba-shipments/ACME/shipped/1',
      email: true,
    };
    await notifyCompany(s.deps, notice);
    expect(await mailsTo('demo.client@dockside.example', 'fba.shipped')).toBe(1);

    const saved = await s.put(`${N}/preferences`, { emailOff: ['fba.shipped', 'fba.shipped'] }, t['demo.client']);
    expect(saved.status, JSON.stringify(saved.meta)).toBe(200);
    expect(saved.body).toEqual({ emailOff: ['fba.shipped'] });
    expect((await s.get(`${N}/preferences`, t['demo.client'])).body).toEqual({ emailOff: ['fba.shipped'] });
    await notifyCompany(s.deps, { ...notice, subject: 'Shipped to Amazon: April' });
    expect(await mailsTo('demo.client@dockside.example', 'fba.shipped')).toBe(1);
    const list = (await s.get(`${N}?pageSize=10`, t['demo.client'])).body;
    expect(list.content.map((r: Row) => r.subject).slice(0, 2)).toEqual([
      'Shipped to Amazon: April',
      'Shipped to Amazon: March',
    ]);
    // Someone else's preferences are their own.
    expect((await s.get(`${N}/preferences`, t['demo.client2'])).body).toEqual({ emailOff: [] });
  });
});

describe('reading', () => {
  it('marks the caller’s own read, one or all; ids of another company mark nothing', async () => {
    const mine = (await s.get(`${N}?pageSize=10`, t['demo.client'])).body;
    expect(mine.unread).toBe(3);
    const first = mine.content[0] as Row;
    // Blue Fox's user cannot mark Acme's notice.
    const foreign = await s.post(`${N}/read`, { ids: [first.id] }, t['demo.client2']);
    expect(foreign.body).toEqual({ marked: 0, unread: 0 });
    const one = await s.post(`${N}/read`, { ids: [first.id] }, t['demo.client']);
    expect(one.body).toEqual({ marked: 1, unread: 2 });
    expect((await s.post(`${N}/read`, { ids: [first.id] }, t['demo.client'])).body).toEqual({ marked: 0, unread: 2 });
    const unread = (await s.get(`${N}?unread=true`, t['demo.client'])).body;
    expect(unread.content.map((r: Row) => r.id)).not.toContain(first.id);
    expect(unread.totalElements).toBe(2);
    expect((await s.get(`${N}/unread`, t['demo.client'])).body).toEqual({ unread: 2 });
    expect((await s.post(`${N}/read`, { all: true }, t['demo.client'])).body).toEqual({ marked: 2, unread: 0 });
    const after = (await s.get(N, t['demo.client'])).body;
    expect(after.content.every((r: Row) => r.read)).toBe(true);
    expect(after.totalElements).toBe(3);
  });
});

describe('bad input and rights', () => {
  it.each([
    ['post', `${N}/read`, {}, /Give the ids of the notifications read, or all: true/],
    ['post', `${N}/read`, { ids: ['x'] }, /ids/],
    ['post', `${N}/read`, { all: false }, /all: true, or give ids/],
    ['put', `${N}/preferences`, { emailOff: ['nope'] }, /emailOff\.0: kinds among fba\.shipped/],
    ['get', `${N}?unread=maybe`, undefined, /unread: true or false/],
  ])('%s %s %j is a 400 naming the field', async (method, path, body, message) => {
    const res =
      method === 'get'
        ? await s.get(path, t['demo.client'])
        : method === 'put'
          ? await s.put(path, body, t['demo.client'])
          : await s.post(path, body, t['demo.client']);
    expect(res.status).toBe(400);
    expect(fieldRules(res).join(' | ')).toMatch(message);
  });

  it('no token is a 401', async () => {
    expect((await s.get(N)).status).toBe(401);
    expect((await s.get(`${N}/unread`)).status).toBe(401);
  });
});

describe('in each reader’s language (issue 41)', () => {
  it('a notice kept as words is e-mailed in the recipient’s chosen language and read in the screen’s', async () => {
    const fox = t['demo.client2'];
    expect((await s.put('/api/account/language', { langKey: 'de' }, fox)).status).toBe(200);
    await notifyCompany(s.deps, {
      tenantId: ids.tenant,
      companyId: ids.fox,
      kind: 'fba.closed',
      words: {
        subject: { key: 'notices.closedSubject', params: { plan: 'Mai', shipment: 'FBA15X' } },
        body: {
          key: 'notices.closedShortBody',
          params: {
            shipment: 'FBA15X',
            plan: 'Mai',
            ref: 'wf-1',
            received: 9,
            shipped: 10,
            short: [{ key: 'notices.shortLine', params: { msku: 'MUG-1', received: 9, shipped: 10 } }],
          },
        },
      },
      email: true,
    });
    const [mail] = await s.db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.toAddress, 'demo.client2@dockside.example'), eq(mailLog.template, 'fba.closed')));
    expect(mail.subject).toBe('Bei Amazon abgeschlossen: Mai (FBA15X)');
    expect(mail.body).toBe(
      'Amazon hat die Sendung FBA15X abgeschlossen: 9 von 10 Einheiten erhalten (MUG-1: 9 von 10 erhalten; das Lager reicht eine Reklamation ein). Plan „Mai“, Amazon-Eingangsplan wf-1.',
    );
    // The list says it in the language of the screen that asks; the stored English stays for older readers.
    const de = await s.request('GET', N, { token: fox, headers: { language: 'de' } });
    expect(de.body.content[0].subject).toBe('Bei Amazon abgeschlossen: Mai (FBA15X)');
    const pt = await s.request('GET', N, { token: fox, headers: { language: 'pt' } });
    expect(pt.body.content[0].subject).toBe('Encerrado na Amazon: Mai (FBA15X)');
    const en = await s.request('GET', N, { token: fox, headers: { language: 'en' } });
    expect(en.body.content[0].body).toBe(
      'Amazon closed shipment FBA15X: 9 of 10 units received (MUG-1: 9 of 10 received; the warehouse will file a claim). Plan “Mai”, Amazon inbound plan wf-1.',
    );
  });
});
