/**
 * Rights are checked before bodies are read (issue 22): a signed-in user without a right learns
 * nothing about a route's schema. Every write route of the OpenAPI document is called with a
 * nonsense body by a user whose role grants nothing; only the routes every signed-in (or
 * anonymous) person may use may answer 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

/** Open to anyone (sign-in, sign-up, password reset) or to every signed-in user for themselves. */
const OPEN_TO_EVERYONE = new Set([
  'POST /api/authenticate/mfa',
  'POST /api/authenticate/mfa/verify',
  'POST /api/refresh-token',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/account',
  'POST /api/account/change-password',
  'POST /api/account/reset-password/init',
  'POST /api/account/reset-password/finish',
  'POST /api/account/mfa/setup',
  'POST /api/account/mfa/confirm',
  'POST /api/account/mfa/disable',
  // Every signed-in user keeps their own language (issue 41).
  'PUT /api/account/language',
  // One's own settings (printer, theme, grid states) are everyone's to write.
  'POST /api/common/settings',
  'PUT /api/common/settings',
  'POST /api/common/settings/create-or-update',
  // The outbox: every floor mutation is judged one by one (rights included) after the envelope.
  'POST /api/sync/push',
  'POST /api/sync/events/ticket',
  // One's own background jobs (a user retries or cancels what they started; the id is checked first).
  'POST /api/jobs/batch-process/{id}/retry',
  'POST /api/jobs/batch-process/{id}/cancel',
]);

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await TestServer.start();
  const client = await s.signIn('demo.client');
  const role = await s.post('/api/user-management/role', { name: 'Grants nothing' }, client.accessToken);
  const user = await s.post(
    '/api/users',
    {
      username: 'no.rights',
      fullname: 'No Rights',
      email: 'no.rights@x.example',
      password: 'longpass1',
      roleId: role.body.id,
    },
    client.accessToken,
  );
  await s.request('PUT', `/api/users/${user.body.id}`, { token: client.accessToken, body: { status: 'active' } });
  token = (await s.signIn('no.rights', 'longpass1')).accessToken;
});
afterAll(() => s.close());

describe('rights before schemas', () => {
  it('every write route refuses a user without rights before looking at the body', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const leaks: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations).filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))) {
        const route = `${method.toUpperCase()} ${path}`;
        if (OPEN_TO_EVERYONE.has(route)) continue;
        const res = await s.request(method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1'), {
          token,
          rawBody: '{"__nonsense": [1, 2, 3]}',
          headers: { 'content-type': 'application/json' },
        });
        checked++;
        if (![401, 403, 404].includes(res.status)) leaks.push(`${route} → ${res.status}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(leaks).toEqual([]);
  });
});
