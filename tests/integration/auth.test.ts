import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from 'hono/jwt';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { totpCode } from '../../server/auth/totp.js';
import { DEMO_MFA_SECRET } from '../../server/seed/demo.js';
import { auditLog, users } from '../../server/db/schema/index.js';

let s: TestServer;
beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(async () => s?.close());

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

describe('sign-in', () => {
  it('answers tokens and userData for a right password', async () => {
    const res = await s.post('/api/authenticate/mfa', { username: 'demo.admin', password: 'dockside' });
    expect(res.status).toBe(200);
    expect(res.meta.error_list).toEqual([]);
    const { accessToken, refreshToken, userData } = res.body;
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const claims = decode(accessToken);
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims.exp).toBeLessThan(Date.now() / 1000 + 16 * 60); // seconds, not milliseconds
    expect(userData).toMatchObject({
      username: 'demo.admin',
      fullname: 'Dana Admin',
      audience: 'Warehouse',
      role: { roleName: 'admin' },
      tenantKey: 'demo',
    });
    expect(userData.ability).toContainEqual({ action: 'manage', subject: 'all' });
  });

  it('is case-insensitive on the username and checks a given tenantKey', async () => {
    expect((await s.post('/api/authenticate/mfa', { username: 'Demo.Client', password: 'dockside' })).status).toBe(200);
    expect(
      (await s.post('/api/authenticate/mfa', { username: 'demo.client', password: 'dockside', tenantKey: 'demo' }))
        .status,
    ).toBe(200);
    const wrongTenant = await s.post('/api/authenticate/mfa', {
      username: 'demo.client',
      password: 'dockside',
      tenantKey: 'north',
    });
    expect(wrongTenant.status).toBe(401);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await s.post('/api/authenticate/mfa', { username: 'demo.client2', password: 'nope' });
    const unknown = await s.post('/api/authenticate/mfa', { username: 'nobody.here', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.meta.error_list[0].message).toBe(unknown.meta.error_list[0].message);
  });

  it('slows down repeated wrong passwords with 429 and Retry-After, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await s.post('/api/authenticate/mfa', { username: 'north.client', password: 'bad' })).status).toBe(401);
    }
    const locked = await s.post('/api/authenticate/mfa', { username: 'north.client', password: 'dockside' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Once the wait is over, the right password works again and the counter resets.
    await s.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(users.username, 'north.client'));
    expect((await s.post('/api/authenticate/mfa', { username: 'north.client', password: 'dockside' })).status).toBe(
      200,
    );
    const [row] = await s.db.select().from(users).where(eq(users.username, 'north.client'));
    expect(row.failedLogins).toBe(0);
  });

  it('validates the body: one entry per bad field, malformed JSON, wrong types', async () => {
    const missing = await s.post('/api/authenticate/mfa', {});
    expect(missing.status).toBe(400);
    // Each refusal names its field (the envelope's field; the words use the form's label, issue 41).
    expect(missing.meta.error_list.map((e) => e.field)).toEqual(['username', 'password']);
    expect(missing.meta.error_list.map((e) => e.message)).toEqual(['Username is required', 'Password is required']);
    const types = await s.post('/api/authenticate/mfa', { username: 12, password: true });
    expect(types.status).toBe(400);
    expect(types.meta.error_list).toHaveLength(2);
    const malformed = await s.request('POST', '/api/authenticate/mfa', { rawBody: '{"username": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.meta.error_list[0].message).toMatch(/JSON/i);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await s.request('POST', '/api/authenticate/mfa', {
      rawBody: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'y' }),
    });
    expect(res.status).toBe(413);
    expect(res.meta.error_list[0].message).toMatch(/1 MiB/);
  });

  it('writes an audit row for a sign-in', async () => {
    await s.signIn('demo.receiver');
    const [u] = await s.db.select().from(users).where(eq(users.username, 'demo.receiver'));
    const rows = await s.db.select().from(auditLog).where(eq(auditLog.userId, u.id));
    expect(rows.some((r) => r.action === 'sign-in')).toBe(true);
  });
});

describe('MFA (TOTP, RFC 6238)', () => {
  it('asks for a code, then accepts a right one once', async () => {
    const first = await s.post('/api/authenticate/mfa', { username: 'demo.mfa', password: 'dockside' });
    expect(first.body).toEqual({ mfaRequired: true });
    const bad = await s.post('/api/authenticate/mfa/verify', {
      username: 'demo.mfa',
      password: 'dockside',
      mfaCode: '000000',
    });
    expect(bad.status).toBe(401);
    const code = totpCode(DEMO_MFA_SECRET, new Date());
    const ok = await s.post('/api/authenticate/mfa/verify', {
      username: 'demo.mfa',
      password: 'dockside',
      mfaCode: code,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.userData.mfaEnabled).toBe(true);
    const replay = await s.post('/api/authenticate/mfa/verify', {
      username: 'demo.mfa',
      password: 'dockside',
      mfaCode: code,
    });
    expect(replay.status).toBe(401);
  });
  it('needs the password too', async () => {
    const res = await s.post('/api/authenticate/mfa/verify', {
      username: 'demo.mfa',
      password: 'wrong',
      mfaCode: totpCode(DEMO_MFA_SECRET, new Date()),
    });
    expect(res.status).toBe(401);
  });
  it('rejects a malformed code with 400', async () => {
    const res = await s.post('/api/authenticate/mfa/verify', {
      username: 'demo.mfa',
      password: 'dockside',
      mfaCode: '12ab',
    });
    expect(res.status).toBe(400);
    expect(res.meta.error_list[0]).toMatchObject({ field: 'mfaCode', message: 'Verification code: 6 digits' });
  });
  it('enrols a user: otpauth URI, confirm with a code, then sign-in requires it; disable needs the password', async () => {
    const token = await s.token('demo.client2');
    const setup = await s.post('/api/account/mfa/setup', {}, token);
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await s.post('/api/account/mfa/confirm', { mfaCode: '123456' }, token)).status).toBe(400);
    const confirm = await s.post(
      '/api/account/mfa/confirm',
      { mfaCode: totpCode(setup.body.secret, new Date()) },
      token,
    );
    expect(confirm.status).toBe(200);
    const again = await s.post('/api/authenticate/mfa', { username: 'demo.client2', password: 'dockside' });
    expect(again.body).toEqual({ mfaRequired: true });
    expect((await s.post('/api/account/mfa/disable', { password: 'wrong' }, token)).status).toBe(400);
    expect((await s.post('/api/account/mfa/disable', { password: 'dockside' }, token)).status).toBe(200);
    expect(
      (await s.post('/api/authenticate/mfa', { username: 'demo.client2', password: 'dockside' })).body.accessToken,
    ).toBeTruthy();
  });
});

describe('tokens and sessions', () => {
  it('401 without a token, with a forged one and with an expired one', async () => {
    expect((await s.get('/api/users/current-user')).status).toBe(401);
    const forged = await sign(
      { sub: '1', tid: 1, sid: 'x', iat: 1, exp: Math.floor(Date.now() / 1000) + 600, typ: 'access' },
      'not-the-secret',
      'HS256',
    );
    expect((await s.get('/api/users/current-user', forged)).status).toBe(401);
    const secret = s.deps.config.jwtSecret;
    const expired = await sign(
      { sub: '1', tid: 1, sid: 'x', iat: 1, exp: Math.floor(Date.now() / 1000) - 5, typ: 'access' },
      secret,
      'HS256',
    );
    const res = await s.get('/api/users/current-user', expired);
    expect(res.status).toBe(401);
    expect(res.meta.error_list[0].message).toMatch(/expired|not valid/);
    const valid = await sign(
      { sub: '1', tid: 1, sid: 'x', iat: 1, exp: Math.floor(Date.now() / 1000) + 60, typ: 'access' },
      secret,
      'HS256',
    );
    expect((await s.get('/api/users/current-user', valid)).status).toBe(200);
    // A token whose tenant claim does not match the user's tenant is refused.
    const crossed = await sign(
      { sub: '1', tid: 2, sid: 'x', iat: 1, exp: Math.floor(Date.now() / 1000) + 60, typ: 'access' },
      secret,
      'HS256',
    );
    expect((await s.get('/api/users/current-user', crossed)).status).toBe(401);
  });

  it('rotates refresh tokens; reusing a rotated one revokes the whole family', async () => {
    const t0 = await s.signIn('demo.receiver');
    const r1 = await s.post('/api/refresh-token', { refreshToken: t0.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.refreshToken).not.toBe(t0.refreshToken);
    expect(r1.body.userData.username).toBe('demo.receiver');
    const r2 = await s.post('/api/refresh-token', { refreshToken: r1.body.refreshToken });
    expect(r2.status).toBe(200);
    // The stolen old token comes back: refused, and the live chain dies with it.
    const reuse = await s.post('/api/refresh-token', { refreshToken: t0.refreshToken });
    expect(reuse.status).toBe(401);
    expect((await s.post('/api/refresh-token', { refreshToken: r2.body.refreshToken })).status).toBe(401);
    // Another sign-in of the same user is a different family and is unaffected.
  });

  it('two concurrent refreshes with one token: exactly one wins', async () => {
    const t = await s.signIn('demo.receiver');
    const [a, b] = await Promise.all([
      s.post('/api/refresh-token', { refreshToken: t.refreshToken }),
      s.post('/api/refresh-token', { refreshToken: t.refreshToken }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
  });

  it("logout revokes that session's refresh tokens only", async () => {
    const a = await s.signIn('demo.client');
    const b = await s.signIn('demo.client');
    expect((await s.post('/api/logout', { refreshToken: a.refreshToken })).status).toBe(200);
    expect((await s.post('/api/refresh-token', { refreshToken: a.refreshToken })).status).toBe(401);
    expect((await s.post('/api/refresh-token', { refreshToken: b.refreshToken })).status).toBe(200);
    expect((await s.post('/api/refresh-token', { refreshToken: 'garbage-token-value' })).status).toBe(401);
  });
});
