/**
 * Typed tenant settings (issue 22): nonsense is refused with a message and nothing changes; each
 * setting does what its label says — password length, account-number prefix, new users'
 * language, and required two-step verification (enforced by the server, not just the screen).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/totp.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
});
afterAll(() => s.close());

const put = (settingKey: string, value: string, token = admin) =>
  s.post('/api/tenant-settings', { settingKey, value }, token);
const stored = async (key: string) =>
  ((await s.get('/api/tenant-settings', admin)).body as { settingKey: string; value: string }[]).find(
    (r) => r.settingKey === key,
  )?.value;

describe('typed tenant settings', () => {
  it('refuses values outside each setting’s type, range or choices, and keeps what was stored', async () => {
    expect((await put('PASSWORD_MIN_LENGTH', '8')).status).toBe(200);
    for (const [key, value, message] of [
      ['PASSWORD_MIN_LENGTH', '"abc"', 'a whole number from 4 to 128'],
      ['PASSWORD_MIN_LENGTH', '3', 'a whole number from 4 to 128'],
      ['PASSWORD_MIN_LENGTH', '8.5', 'a whole number from 4 to 128'],
      ['DEFAULT_LOCALE', '"klingon"', 'one of en, de, fr, pt'],
      ['MFA_REQUIRED', '"maybe"', 'true or false'],
      ['ACCOUNT_NUMBER_PREFIX', '"wh"', '1 to 4 capital letters'],
    ] as const) {
      const res = await put(key, value);
      expect(res.status, `${key}=${value}`).toBe(400);
      expect(res.meta.error_list[0].message).toBe(`value: ${key}: ${message}`);
    }
    expect(await stored('PASSWORD_MIN_LENGTH')).toBe('8');
    expect(await stored('DEFAULT_LOCALE')).toBeUndefined();
    // A client cannot change them at all.
    expect((await put('PASSWORD_MIN_LENGTH', '12', await s.token('demo.client'))).status).toBe(403);
  });

  it('the prefix names new clients’ accounts and the default language is new users’', async () => {
    expect((await put('ACCOUNT_NUMBER_PREFIX', '"WH"')).status).toBe(200);
    expect((await put('DEFAULT_LOCALE', '"de"')).status).toBe(200);
    const created = await s.post(
      '/api/company',
      {
        name: 'Prefix Probe',
        audience: 'Customer',
        firstUser: { username: 'prefix.probe', fullname: 'P P', email: 'pp@x.example', password: 'longenough1' },
      },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body.accountNo).toMatch(/^WH\d{4}$/);
    const probe = await s.signIn('prefix.probe', 'longenough1');
    expect(probe.userData.langKey).toBe('de');
  });

  it('MFA_REQUIRED: a user without a second factor may only set one up, then everything opens', async () => {
    expect((await put('MFA_REQUIRED', 'true')).status).toBe(200);
    const receiver = await s.signIn('demo.receiver');
    expect(receiver.userData.mfaSetupRequired).toBe(true);
    const blocked = await s.get('/api/dashboard/counts', receiver.accessToken);
    expect(blocked.status).toBe(403);
    expect(blocked.meta.error_list[0].message).toMatch(/requires two-step verification/);
    expect((await s.get('/api/users/current-user', receiver.accessToken)).status).toBe(200);
    const setup = await s.post('/api/account/mfa/setup', {}, receiver.accessToken);
    expect(setup.status).toBe(200);
    const confirm = await s.post(
      '/api/account/mfa/confirm',
      { mfaCode: totpCode(setup.body.secret, new Date()) },
      receiver.accessToken,
    );
    expect(confirm.status).toBe(200);
    expect((await s.get('/api/dashboard/counts', receiver.accessToken)).status).toBe(200);
    // It cannot be turned off while the warehouse requires it.
    const off = await s.post('/api/account/mfa/disable', { password: 'dockside' }, receiver.accessToken);
    expect(off.status).toBe(412);
    // The other tenant is unaffected.
    expect((await s.get('/api/dashboard/counts', await s.token('north.admin'))).status).toBe(200);
    // It applies to the administrator who turned it on as well, until they set theirs up.
    expect((await put('MFA_REQUIRED', 'false')).status).toBe(403);
  });
});
