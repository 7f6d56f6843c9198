import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
const t: Record<string, string> = {};
const me: Record<string, any> = {};

beforeAll(async () => {
  s = await TestServer.start();
  for (const u of ['demo.admin', 'demo.receiver', 'demo.client', 'demo.client2', 'north.admin', 'north.client']) {
    const signed = await s.signIn(u);
    t[u] = signed.accessToken;
    me[u] = signed.userData;
  }
});
afterAll(async () => s?.close());

describe('tenant isolation', () => {
  it('company lists never mix tenants', async () => {
    const demo = await s.get('/api/company?pageSize=50', t['demo.admin']);
    const north = await s.get('/api/company?pageSize=50', t['north.admin']);
    expect(demo.body.content.map((c: any) => c.name).sort()).toEqual(['Acme Sellers', 'Blue Fox Goods']);
    expect(north.body.content.map((c: any) => c.name)).toEqual(['Polar Goods']);
  });
  it("another tenant's rows by id answer 404", async () => {
    const acmeId = me['demo.client'].companyId;
    expect((await s.get(`/api/company/${acmeId}`, t['north.admin'])).status).toBe(404);
    expect((await s.get(`/api/users/${me['demo.client'].id}`, t['north.admin'])).status).toBe(404);
    expect((await s.put(`/api/users/${me['demo.client'].id}`, { fullname: 'Hijacked' }, t['north.admin'])).status).toBe(
      404,
    );
    expect((await s.get(`/api/user-management/role/${me['demo.admin'].role.id}`, t['north.admin'])).status).toBe(404);
    expect((await s.post(`/api/company/${acmeId}/status`, { status: 'Suspended' }, t['north.admin'])).status).toBe(404);
    const still = await s.get(`/api/company/${acmeId}`, t['demo.admin']);
    expect(still.body.status).toBe('Active');
  });
  it('user lists never mix tenants', async () => {
    const north = await s.get('/api/users?pageSize=200', t['north.admin']);
    expect(north.body.content.every((u: any) => u.username.startsWith('north.'))).toBe(true);
    const demo = await s.get('/api/users?pageSize=200', t['demo.admin']);
    expect(demo.body.content.some((u: any) => u.username.startsWith('north.'))).toBe(false);
    // demo.admin, demo.receiver, demo.packer, demo.client, demo.client2, demo.mfa
    expect(demo.body.totalElements).toBe(6);
  });
  it('/api/self/tenant and /api/organization/tenant show only the own tenant to a tenant admin', async () => {
    expect((await s.get('/api/self/tenant', t['north.admin'])).body.key).toBe('north');
    const list = await s.get('/api/organization/tenant', t['demo.admin']);
    expect(list.body.content.map((x: any) => x.key)).toEqual(['demo']);
    expect(list.body.totalElements).toBe(1);
    const northId = (await s.get('/api/self/tenant', t['north.admin'])).body.id;
    expect((await s.get(`/api/organization/tenant/${northId}`, t['demo.admin'])).status).toBe(404);
    expect(
      (
        await s.post(
          '/api/organization/tenant',
          {
            key: 'evil',
            name: 'Evil',
            admin: { fullname: 'E', username: 'evil.admin', email: 'e@e.example', password: 'secret' },
          },
          t['demo.admin'],
        )
      ).status,
    ).toBe(403);
  });
  it('settings of another tenant are invisible', async () => {
    const saved = await s.post(
      '/api/common/settings/create-or-update',
      {
        referenceId: me['north.admin'].id,
        referenceType: 'USER',
        settingKey: 'THEMESETTINGS',
        value: '{"themeSkin":"light"}',
      },
      t['north.admin'],
    );
    expect(saved.status).toBe(200);
    expect((await s.get(`/api/common/settings/${saved.body.id}`, t['demo.admin'])).status).toBe(404);
    const list = await s.get('/api/common/settings', t['demo.admin']);
    expect(list.body.some((x: any) => x.id === saved.body.id)).toBe(false);
    // Writing a setting for a user of another tenant is refused.
    const cross = await s.post(
      '/api/common/settings/create-or-update',
      { referenceId: me['north.admin'].id, referenceType: 'USER', settingKey: 'THEMESETTINGS', value: '{}' },
      t['demo.admin'],
    );
    expect(cross.status).toBe(404);
  });
});

describe('client companies see only their own company', () => {
  it('a client cannot list clients (403) nor read another client by id (404)', async () => {
    expect((await s.get('/api/company', t['demo.client'])).status).toBe(403);
    expect((await s.get(`/api/company/${me['demo.client2'].companyId}`, t['demo.client'])).status).toBe(404);
    expect((await s.get(`/api/company/${me['demo.client'].companyId}`, t['demo.client'])).status).toBe(200);
    expect((await s.get(`/api/company/${me['demo.admin'].companyId}`, t['demo.client'])).status).toBe(404);
  });
  it('a client lists only its own users and roles', async () => {
    const users = await s.get('/api/users?pageSize=50', t['demo.client']);
    expect(users.body.content.map((u: any) => u.username)).toEqual(['demo.client']);
    expect((await s.get(`/api/users/${me['demo.client2'].id}`, t['demo.client'])).status).toBe(404);
    const roles = await s.get('/api/user-management/role?pageSize=50', t['demo.client']);
    expect(roles.body.content.every((r: any) => r.companyId === me['demo.client'].companyId)).toBe(true);
    expect((await s.get(`/api/user-management/role/${me['demo.admin'].role.id}`, t['demo.client'])).status).toBe(404);
    // Filtering by another company does not widen the scope.
    const other = await s.get(`/api/users?companyId=${me['demo.client2'].companyId}`, t['demo.client']);
    expect(other.body.totalElements).toBe(0);
  });
  it('a client cannot create users in another company or give them a warehouse role', async () => {
    const body = {
      username: 'sneaky.one',
      fullname: 'Sneaky',
      email: 'sneaky@x.example',
      password: 'secret',
      roleId: me['demo.admin'].role.id,
    };
    expect(
      (await s.post('/api/users', { ...body, companyId: me['demo.client2'].companyId }, t['demo.client'])).status,
    ).toBe(404);
    expect((await s.post('/api/users', body, t['demo.client'])).status).toBe(412);
  });
  it("a client's dashboard counts cover only its company", async () => {
    const c = await s.get('/api/dashboard/counts', t['demo.client']);
    expect(c.body).toMatchObject({ clients: 0, users: 1 });
    const w = await s.get('/api/dashboard/counts', t['demo.admin']);
    expect(w.body).toMatchObject({ clients: 2, activeClients: 2, users: 6, warehouses: 1 });
  });
  it("a client cannot read another company's settings or another user's personal settings", async () => {
    const own = await s.post(
      '/api/common/settings/create-or-update',
      {
        referenceId: me['demo.client2'].companyId,
        referenceType: 'COMPANY',
        settingKey: 'MSKUFORMULA',
        value: '"BF-{seq}"',
      },
      t['demo.client2'],
    );
    expect(own.status).toBe(200);
    expect((await s.get(`/api/common/settings/${own.body.id}`, t['demo.client'])).status).toBe(404);
    expect((await s.get(`/api/common/settings/company/${me['demo.client2'].companyId}`, t['demo.client'])).status).toBe(
      404,
    );
    expect((await s.get(`/api/common/settings/${own.body.id}`, t['demo.admin'])).status).toBe(200);
    const write = await s.post(
      '/api/common/settings/create-or-update',
      { referenceId: me['demo.client2'].companyId, referenceType: 'COMPANY', settingKey: 'MSKUFORMULA', value: '"X"' },
      t['demo.client'],
    );
    expect(write.status).toBe(404);
  });
});

describe('403 for each audience lacking a right (checked before the body)', () => {
  const cases: [string, string, string, unknown?][] = [
    ['demo.client', 'GET', '/api/company'],
    ['demo.client', 'POST', '/api/company', { not: 'even valid' }],
    ['demo.client2', 'GET', '/api/tenant-settings'],
    ['demo.client2', 'GET', '/api/organization/tenant'],
    ['demo.receiver', 'POST', '/api/company', {}],
    ['demo.receiver', 'GET', '/api/user-management/role'],
    ['demo.receiver', 'POST', '/api/user-management/role-resource-action', {}],
    ['demo.receiver', 'GET', '/api/organization/tenant'],
    ['demo.receiver', 'POST', '/api/tenant-settings', { bad: 1 }],
    ['demo.client', 'POST', '/api/company/warehouse', {}],
  ];
  for (const [user, method, path, body] of cases) {
    it(`${user} ${method} ${path} → 403`, async () => {
      const res = await s.request(method, path, { token: t[user], body });
      expect(res.status).toBe(403);
      expect(res.meta.error_list.length).toBe(1);
    });
  }
  it('without a token the same routes answer 401 before validating', async () => {
    expect((await s.request('POST', '/api/company', { body: { nonsense: true } })).status).toBe(401);
    expect((await s.request('POST', '/api/company', { rawBody: '{broken' })).status).toBe(401);
  });
});
