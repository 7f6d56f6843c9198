import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { mailLog } from '../../server/db/schema/index.js';

let s: TestServer;
beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(async () => s?.close());

async function lastMailTo(to: string) {
  const [m] = await s.db.select().from(mailLog).where(eq(mailLog.toAddress, to)).orderBy(desc(mailLog.id)).limit(1);
  return m;
}
const keyFrom = (body: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(body)?.[1] ?? '';

describe('self-registration', () => {
  it('creates a tenant whose admin activates, signs in as CompanyNewUserRole and becomes admin after company set-up', async () => {
    const reg = await s.post('/api/register', {
      companyName: 'Harbor Prep',
      fullname: 'Hana Harbor',
      username: 'hana',
      email: 'hana@harbor.example',
      password: 'harbor1',
      tenantKey: 'harbor',
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ tenantKey: 'harbor', activationRequired: true });
    const pending = await s.post('/api/authenticate/mfa', { username: 'hana', password: 'harbor1' });
    expect(pending.status).toBe(401);
    expect(pending.meta.error_list[0].message).toMatch(/not activated/);

    const mail = await lastMailTo('hana@harbor.example');
    expect(mail.template).toBe('activation');
    const key = keyFrom(mail.body, '/activate-account');
    expect((await s.get('/api/activate/not-a-real-key-at-all')).status).toBe(404);
    expect((await s.get(`/api/activate/${key}`)).status).toBe(200);

    const signed = await s.signIn('hana', 'harbor1');
    expect(signed.userData.role.roleName).toBe('CompanyNewUserRole');
    expect(signed.userData.audience).toBe('Warehouse');
    // Before set-up, the rest of the product is closed.
    expect((await s.get('/api/company', signed.accessToken)).status).toBe(403);
    const setup = await s.put(
      `/api/company/${signed.userData.companyId}`,
      { name: 'Harbor Prep LLC', phone: '+1 555 0100' },
      signed.accessToken,
    );
    expect(setup.status).toBe(200);
    expect(setup.body.setupCompleted).toBe(true);
    const fresh = await s.get('/api/users/refresh-auth-data', signed.accessToken);
    expect(fresh.body.role.roleName).toBe('admin');
    expect((await s.get('/api/company', signed.accessToken)).status).toBe(200);
    // The new tenant is empty of other tenants' data.
    expect((await s.get('/api/company', signed.accessToken)).body.totalElements).toBe(0);
  });

  it('refuses taken usernames, e-mails and tenant keys with 409 and bad fields with 400', async () => {
    const base = {
      companyName: 'Dup Co',
      fullname: 'D',
      username: 'dup.user',
      email: 'dup@x.example',
      password: 'pass1',
    };
    expect((await s.post('/api/register', { ...base, username: 'demo.admin' })).status).toBe(409);
    expect((await s.post('/api/register', { ...base, tenantKey: 'demo' })).status).toBe(409);
    const bad = await s.post('/api/register', { ...base, email: 'not-an-email', password: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list).toHaveLength(2);
  });

  it('resend-activation answers the same for unknown users and mails pending ones', async () => {
    await s.post('/api/register', {
      companyName: 'Slow Co',
      fullname: 'S',
      username: 'slow',
      email: 'slow@x.example',
      password: 'pass1',
    });
    const before = await lastMailTo('slow@x.example');
    const known = await s.get('/api/resend-activation-code/slow');
    const unknown = await s.get('/api/resend-activation-code/nobody');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const after = await lastMailTo('slow@x.example');
    expect(after.id).toBeGreaterThan(before.id);
  });
});

describe('passwords', () => {
  it('change password needs the current one and applies the minimum length', async () => {
    const token = await s.token('demo.receiver');
    expect(
      (await s.post('/api/account/change-password', { currentPassword: 'wrong', newPassword: 'abcd' }, token)).status,
    ).toBe(400);
    const short = await s.post(
      '/api/account/change-password',
      { currentPassword: 'dockside', newPassword: 'abc' },
      token,
    );
    expect(short.status).toBe(400);
    expect(short.meta.error_list[0].message).toMatch(/at least 4/);
    expect(
      (await s.post('/api/account/change-password', { currentPassword: 'dockside', newPassword: 'newpass' }, token))
        .status,
    ).toBe(200);
    expect((await s.post('/api/authenticate/mfa', { username: 'demo.receiver', password: 'dockside' })).status).toBe(
      401,
    );
    expect((await s.post('/api/authenticate/mfa', { username: 'demo.receiver', password: 'newpass' })).status).toBe(
      200,
    );
  });

  it('a tenant setting raises the minimum length', async () => {
    const admin = await s.token('demo.admin');
    expect(
      (await s.post('/api/tenant-settings', { settingKey: 'PASSWORD_MIN_LENGTH', value: '"10"' }, admin)).status,
    ).toBe(200);
    const client = await s.token('demo.client');
    const res = await s.post(
      '/api/account/change-password',
      { currentPassword: 'dockside', newPassword: 'short12' },
      client,
    );
    expect(res.status).toBe(400);
    expect(res.meta.error_list[0].message).toMatch(/at least 10/);
    expect((await s.del('/api/tenant-settings/PASSWORD_MIN_LENGTH', admin)).status).toBe(200);
    // The other tenant is unaffected all along.
    const north = await s.token('north.client');
    expect(
      (await s.post('/api/account/change-password', { currentPassword: 'dockside', newPassword: 'short12' }, north))
        .status,
    ).toBe(200);
  });

  it('reset: init answers alike for unknown e-mails, finish sets the password once and ends sessions', async () => {
    const session = await s.signIn('demo.client2');
    expect((await s.post('/api/account/reset-password/init', { email: 'nobody@nowhere.example' })).status).toBe(200);
    expect((await s.post('/api/account/reset-password/init', { email: 'demo.client2@dockside.example' })).status).toBe(
      200,
    );
    const mail = await lastMailTo('demo.client2@dockside.example');
    const key = keyFrom(mail.body, '/forgot-password');
    expect(key.length).toBeGreaterThan(20);
    expect((await s.post('/api/account/reset-password/finish', { key, newPassword: 'ab' })).status).toBe(400);
    expect((await s.post('/api/account/reset-password/finish', { key, newPassword: 'fresh-pass' })).status).toBe(200);
    expect((await s.post('/api/account/reset-password/finish', { key, newPassword: 'again-pass' })).status).toBe(412);
    expect((await s.post('/api/authenticate/mfa', { username: 'demo.client2', password: 'fresh-pass' })).status).toBe(
      200,
    );
    expect((await s.post('/api/refresh-token', { refreshToken: session.refreshToken })).status).toBe(401);
  });
});

describe('account', () => {
  it('reads and updates the signed-in user; e-mail conflicts are 409', async () => {
    const token = await s.token('demo.admin');
    const acc = await s.get('/api/account', token);
    expect(acc.body.username).toBe('demo.admin');
    const upd = await s.post('/api/account', { fullname: 'Dana A. Admin', langKey: 'de' }, token);
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ fullname: 'Dana A. Admin', langKey: 'de' });
    expect(upd.meta.info_list[0].message).toBe('Account saved');
    expect((await s.post('/api/account', { email: 'demo.client@dockside.example' }, token)).status).toBe(409);
    expect((await s.post('/api/account', { langKey: 'xx' }, token)).status).toBe(400);
  });
});
