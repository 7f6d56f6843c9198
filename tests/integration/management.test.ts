import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { auditLog } from '../../server/db/schema/index.js';

let s: TestServer;
let admin: string;
let adminData: any;
beforeAll(async () => {
  s = await TestServer.start();
  const signed = await s.signIn('demo.admin');
  admin = signed.accessToken;
  adminData = signed.userData;
});
afterAll(async () => s?.close());

describe('client companies', () => {
  it('creates a client with its first user, who can sign in and sees only its company', async () => {
    const res = await s.post(
      '/api/company',
      {
        name: 'Cedar Supply',
        audience: 'CustomerPlatinum',
        email: 'ops@cedar.example',
        firstUser: { fullname: 'Cleo Cedar', username: 'cleo', email: 'cleo@cedar.example', password: 'cedar1' },
      },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Cedar Supply', audience: 'CustomerPlatinum', status: 'Active' });
    expect(res.body.accountNo).toMatch(/^C\d{4}$/);
    const cleo = await s.signIn('cleo', 'cedar1');
    expect(cleo.userData).toMatchObject({
      audience: 'CustomerPlatinum',
      companyName: 'Cedar Supply',
      role: { roleName: 'Client Admin' },
    });
    expect(cleo.userData.ability.some((a: any) => a.subject === 'clients')).toBe(false);
    const rows = await s.db.select().from(auditLog).where(eq(auditLog.entity, 'company'));
    expect(
      rows.some((r) => r.entityId === String(res.body.id) && r.action === 'create' && r.userId === adminData.id),
    ).toBe(true);
  });
  it('refuses a Warehouse audience, a duplicate name and a taken username', async () => {
    const fu = { fullname: 'X', username: 'xavier', email: 'x@x.example', password: 'pass1' };
    expect((await s.post('/api/company', { name: 'W Co', audience: 'Warehouse', firstUser: fu }, admin)).status).toBe(
      400,
    );
    expect(
      (await s.post('/api/company', { name: 'acme sellers', audience: 'Customer', firstUser: fu }, admin)).status,
    ).toBe(409);
    expect(
      (
        await s.post(
          '/api/company',
          { name: 'New Co', audience: 'Customer', firstUser: { ...fu, username: 'demo.client' } },
          admin,
        )
      ).status,
    ).toBe(409);
  });
  it('filters by status, unit size and text; pages and sorts', async () => {
    // A client's size is the stock it holds here now (the same totals as its inventory snapshot).
    const clients = (await s.get('/api/company?pageSize=50', admin)).body.content as { id: number; name: string }[];
    const idOf = (name: string) => clients.find((c) => c.name === name)!.id;
    expect((await s.post('/api/warehouse-location', { code: 'SIZE-01', type: 'bin' }, admin)).status).toBe(201);
    for (const [name, quantity] of [
      ['Acme Sellers', 2400],
      ['Blue Fox Goods', 650],
    ] as const) {
      const product = await s.post(
        '/api/product/products',
        { companyId: idOf(name), title: 'Size probe', fnsku: 'X00SIZE001' },
        admin,
      );
      expect(product.status).toBe(201);
      const adjusted = await s.post(
        '/api/inventory/adjust',
        { companyId: idOf(name), productCode: 'X00SIZE001', location: 'SIZE-01', quantity, reason: 'found' },
        admin,
      );
      expect(adjusted.status).toBe(200);
    }
    const acme = (await s.get(`/api/company/${idOf('Acme Sellers')}`, admin)).body;
    expect(acme.unitCount).toBe(2400);
    const all = await s.get('/api/company?pageSize=50', admin);
    expect(all.body.content.map((c: any) => c.unitCount)).toEqual([2400, 650, 0]);
    expect(all.body.content.map((c: any) => c.name)).toEqual(['Acme Sellers', 'Blue Fox Goods', 'Cedar Supply']);
    expect((await s.get('/api/company?minUnits=2000', admin)).body.content.map((c: any) => c.name)).toEqual([
      'Acme Sellers',
    ]);
    expect((await s.get('/api/company?minUnits=500', admin)).body.totalElements).toBe(2);
    expect((await s.get('/api/company?q=fox', admin)).body.content[0].name).toBe('Blue Fox Goods');
    const sorted = await s.get('/api/company?sort=unitCount&dir=desc', admin);
    expect(sorted.body.content[0].name).toBe('Acme Sellers');
    expect((await s.get('/api/company?status=Bogus', admin)).status).toBe(400);
  });
  it('status change: a suspended client cannot sign in, and its open sessions stop', async () => {
    const client = await s.signIn('demo.client');
    const res = await s.post(`/api/company/${client.userData.companyId}/status`, { status: 'Suspended' }, admin);
    expect(res.status).toBe(200);
    expect((await s.get('/api/company?status=Suspended', admin)).body.content.map((c: any) => c.name)).toEqual([
      'Acme Sellers',
    ]);
    expect((await s.post('/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' })).status).toBe(401);
    expect((await s.get('/api/users/current-user', client.accessToken)).status).toBe(401);
    await s.post(`/api/company/${client.userData.companyId}/status`, { status: 'Active' }, admin);
    expect((await s.post('/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' })).status).toBe(200);
    expect((await s.post(`/api/company/${adminData.companyId}/status`, { status: 'Passive' }, admin)).status).toBe(412);
  });
  it('addresses, warehouses and departments of My Company', async () => {
    const cid = adminData.companyId;
    const a = await s.post(
      `/api/company/${cid}/addresses`,
      { line1: '1 Dock Rd', city: 'Reno', state: 'NV', postalCode: '89501', countryCode: 'us', isDefault: true },
      admin,
    );
    expect(a.status).toBe(201);
    expect(a.body.countryCode).toBe('US');
    expect(
      (
        await s.post(
          `/api/company/${cid}/addresses`,
          { line1: '', city: 'Reno', postalCode: '1', countryCode: 'USA' },
          admin,
        )
      ).meta.error_list,
    ).toHaveLength(2);
    const w = await s.post('/api/company/warehouse', { name: 'Overflow', code: 'ovf' }, admin);
    expect(w.status).toBe(201);
    expect(w.body.code).toBe('OVF');
    expect((await s.post('/api/company/warehouse', { name: 'Dup', code: 'OVF' }, admin)).status).toBe(409);
    const company = await s.get(`/api/company/${cid}`, admin);
    expect(company.body.addresses).toHaveLength(1);
    expect(company.body.warehouses.map((x: any) => x.code).sort()).toEqual(['MAIN', 'OVF']);
    expect((await s.del(`/api/company/warehouse/${w.body.id}`, admin)).status).toBe(200);
    const main = company.body.warehouses.find((x: any) => x.code === 'MAIN');
    expect((await s.del(`/api/company/warehouse/${main.id}`, admin)).status).toBe(412);
    const d = await s.post('/api/company/department', { name: 'Receiving' }, admin);
    expect(d.status).toBe(201);
    expect((await s.post('/api/company/department', { name: 'Receiving' }, admin)).status).toBe(409);
    expect((await s.get('/api/company/department', admin)).body.map((x: any) => x.name)).toEqual(['Receiving']);
    expect((await s.get('/api/company/department', await s.token('demo.client2'))).body).toEqual([]);
  });
});

describe('users', () => {
  it('creates, updates, disables; disabled users cannot sign in; cannot disable oneself', async () => {
    const roles = await s.get('/api/users/authorities', admin);
    const floor = roles.body.find((r: any) => r.name === 'Floor Staff' && r.companyId === adminData.companyId);
    const created = await s.post(
      '/api/users',
      {
        username: 'pat.packer',
        fullname: 'Pat Packer',
        email: 'pat@demo.example',
        password: 'pack1',
        roleId: floor.id,
      },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'pat.packer',
      roleName: 'Floor Staff',
      companyName: 'Demo Prep Co',
    });
    expect((await s.post('/api/authenticate/mfa', { username: 'pat.packer', password: 'pack1' })).status).toBe(200);
    const upd = await s.put(`/api/users/${created.body.id}`, { fullname: 'Pat P. Packer' }, admin);
    expect(upd.body.fullname).toBe('Pat P. Packer');
    expect((await s.del(`/api/users/${created.body.id}`, admin)).status).toBe(200);
    expect((await s.post('/api/authenticate/mfa', { username: 'pat.packer', password: 'pack1' })).status).toBe(401);
    expect((await s.del(`/api/users/${adminData.id}`, admin)).status).toBe(412);
    expect((await s.get('/api/users/999999', admin)).status).toBe(404);
    expect((await s.get('/api/users/abc', admin)).status).toBe(400);
  });
  it('pages with the spec rules: default 5, 20 for a non-number, pageNumber at least 1', async () => {
    for (let i = 0; i < 4; i++) {
      const roles = await s.get('/api/users/authorities', admin);
      const floor = roles.body.find((r: any) => r.name === 'Floor Staff' && r.companyId === adminData.companyId);
      const res = await s.post(
        '/api/users',
        {
          username: `temp.user${i}`,
          fullname: `Temp ${i}`,
          email: `temp${i}@demo.example`,
          password: 'temp1',
          roleId: floor.id,
        },
        admin,
      );
      expect(res.status).toBe(201);
    }
    const def = await s.get('/api/users', admin);
    expect(def.body.pageSize).toBe(5);
    expect(def.body.pageNumber).toBe(1);
    expect(def.body.content).toHaveLength(5);
    const total = def.body.totalElements;
    expect(total).toBeGreaterThan(5);
    const nan = await s.get('/api/users?pageSize=lots&pageNumber=-3', admin);
    expect(nan.body).toMatchObject({ pageSize: 20, pageNumber: 1 });
    expect(nan.body.content).toHaveLength(Math.min(20, total));
    const p2 = await s.get('/api/users?pageSize=5&pageNumber=2', admin);
    expect(p2.body.content.map((u: any) => u.id)).not.toContain(def.body.content[0].id);
    const beyond = await s.get('/api/users?pageSize=5&pageNumber=99', admin);
    expect(beyond.body.content).toEqual([]);
    expect(beyond.body.totalElements).toBe(total);
  });
  it('individually granted permission keys become abilities and user-extended resources', async () => {
    const client = await s.signIn('demo.client');
    const res = await s.put(
      `/api/users/${client.userData.id}/permissions`,
      { permissions: [{ resource: 'receiveInventory', action: 'read' }] },
      admin,
    );
    expect(res.status).toBe(200);
    const fresh = await s.get('/api/users/refresh-auth-data', client.accessToken);
    expect(fresh.body.extendedResources).toEqual(['receiveInventory']);
    expect((await s.get('/api/users/has-authority/receiveInventory', client.accessToken)).body).toBe(true);
    expect((await s.get('/api/users/has-authority/clients', client.accessToken)).body).toBe(false);
    expect(
      (
        await s.put(
          `/api/users/${client.userData.id}/permissions`,
          { permissions: [{ resource: 'clients', action: 'read' }] },
          admin,
        )
      ).status,
    ).toBe(412);
    expect(
      (
        await s.put(
          `/api/users/${client.userData.id}/permissions`,
          { permissions: [{ resource: 'nope', action: 'read' }] },
          admin,
        )
      ).status,
    ).toBe(400);
  });
});

describe('roles and grants', () => {
  it('creates a role, grants and revokes; the holder sees the change on the next request', async () => {
    const role = await s.post('/api/user-management/role', { name: 'Desk Clerk', description: 'front desk' }, admin);
    expect(role.status).toBe(201);
    const users = await s.get('/api/users?q=temp.user0', admin);
    const uid = users.body.content[0].id;
    await s.put(`/api/users/${uid}`, { roleId: role.body.id }, admin);
    const clerk = (await s.signIn('temp.user0', 'temp1')).accessToken;
    expect((await s.get('/api/company', clerk)).status).toBe(403);
    const g = await s.post(
      '/api/user-management/role-resource-action',
      { roleId: role.body.id, resource: 'clients', action: 'read' },
      admin,
    );
    expect(g.status).toBe(201);
    expect((await s.get('/api/company', clerk)).status).toBe(200);
    const grants = await s.get(`/api/user-management/role-resource-action?roleId=${role.body.id}`, admin);
    expect(grants.body).toEqual([{ id: g.body.id, resource: 'clients', action: 'read' }]);
    expect((await s.del(`/api/user-management/role-resource-action/${g.body.id}`, admin)).status).toBe(200);
    expect((await s.get('/api/company', clerk)).status).toBe(403);
    // In use: cannot delete.
    expect((await s.del(`/api/user-management/role/${role.body.id}`, admin)).status).toBe(412);
  });
  it('grantable resources depend on company type', async () => {
    const res = await s.get('/api/user-management/resource', admin);
    expect(res.body.map((r: any) => r.resource)).toContain('clients');
    const client = await s.token('demo.client2');
    const cres = await s.get('/api/user-management/resource', client);
    expect(cres.body.map((r: any) => r.resource)).not.toContain('clients');
    const roles = await s.get('/api/user-management/role', client);
    const own = roles.body.content[0];
    const refused = await s.post(
      '/api/user-management/role-resource-action',
      { roleId: own.id, resource: 'wms', action: 'read' },
      client,
    );
    expect(refused.status).toBe(412);
    expect(
      (
        await s.post(
          '/api/user-management/role-resource-action',
          { roleId: own.id, resource: 'bogus', action: 'read' },
          client,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await s.post(
          '/api/user-management/role-resource-action',
          { roleId: own.id, resource: 'fba', action: 'fly' },
          client,
        )
      ).status,
    ).toBe(400);
  });
  it('system roles cannot be renamed or deleted, names are unique per company', async () => {
    const list = await s.get('/api/user-management/role?pageSize=50', admin);
    const sys = list.body.content.find((r: any) => r.name === 'admin' && r.companyId === adminData.companyId);
    expect(sys.userCount).toBeGreaterThanOrEqual(2);
    expect((await s.put(`/api/user-management/role/${sys.id}`, { name: 'boss' }, admin)).status).toBe(412);
    expect((await s.del(`/api/user-management/role/${sys.id}`, admin)).status).toBe(412);
    expect((await s.post('/api/user-management/role', { name: 'Floor Staff' }, admin)).status).toBe(409);
    const tmp = await s.post('/api/user-management/role', { name: 'Temporary' }, admin);
    expect((await s.del(`/api/user-management/role/${tmp.body.id}`, admin)).status).toBe(200);
  });
});

describe('settings service', () => {
  it('theme settings: create-or-update by USER reference, read back by reference', async () => {
    const body = {
      referenceId: adminData.id,
      referenceType: 'USER',
      settingKey: 'THEMESETTINGS',
      value: JSON.stringify({ themeSkin: 'light', themeComponentSkin: 'bordered', themeLayoutType: 'vertical' }),
    };
    const first = await s.post('/api/common/settings/create-or-update', body, admin);
    expect(first.status).toBe(200);
    const second = await s.post(
      '/api/common/settings/create-or-update',
      { ...body, value: '{"themeSkin":"dark"}' },
      admin,
    );
    expect(second.body.id).toBe(first.body.id);
    const read = await s.get(
      `/api/common/settings/reference?referenceId=${adminData.id}&referenceType=USER&settingKey=THEMESETTINGS`,
      admin,
    );
    expect(JSON.parse(read.body.value)).toEqual({ themeSkin: 'dark' });
    const none = await s.get(
      `/api/common/settings/reference?referenceId=${adminData.id}&referenceType=USER&settingKey=DATAGRID_STATES`,
      admin,
    );
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
  });
  it('validates value JSON, key, reference type; POST on an existing one is 409; PUT and DELETE work', async () => {
    const base = {
      referenceId: adminData.companyId,
      referenceType: 'COMPANY',
      settingKey: 'MSKUFORMULA',
      value: '"DS-{seq}"',
    };
    const bad = await s.post(
      '/api/common/settings',
      { ...base, value: '{not json', settingKey: 'NOPE', referenceType: 'PLANET' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list).toHaveLength(3);
    const created = await s.post('/api/common/settings', base, admin);
    expect(created.status).toBe(201);
    expect((await s.post('/api/common/settings', base, admin)).status).toBe(409);
    const put = await s.put('/api/common/settings', { id: created.body.id, value: '"DS-{yy}-{seq}"' }, admin);
    expect(put.body.value).toBe('"DS-{yy}-{seq}"');
    expect(
      (await s.get(`/api/common/settings/company/${adminData.companyId}`, admin)).body.map((x: any) => x.settingKey),
    ).toContain('MSKUFORMULA');
    expect((await s.get('/api/common/settings?settingKey=MSKUFORMULA', admin)).body).toHaveLength(1);
    expect((await s.del(`/api/common/settings/${created.body.id}`, admin)).status).toBe(200);
    expect((await s.get(`/api/common/settings/${created.body.id}`, admin)).status).toBe(404);
  });
  it("floor staff may keep their own settings but not the company's or a colleague's", async () => {
    const receiver = await s.signIn('demo.receiver');
    const mine = await s.post(
      '/api/common/settings/create-or-update',
      {
        referenceId: receiver.userData.id,
        referenceType: 'USER',
        settingKey: 'PRINTER_SETTINGS',
        value: '{"item":{"dpi":203}}',
      },
      receiver.accessToken,
    );
    expect(mine.status).toBe(200);
    const company = await s.post(
      '/api/common/settings/create-or-update',
      { referenceId: adminData.companyId, referenceType: 'COMPANY', settingKey: 'MSKUFORMULA', value: '"x"' },
      receiver.accessToken,
    );
    expect(company.status).toBe(403);
    const colleague = await s.post(
      '/api/common/settings/create-or-update',
      { referenceId: adminData.id, referenceType: 'USER', settingKey: 'THEMESETTINGS', value: '{}' },
      receiver.accessToken,
    );
    expect(colleague.status).toBe(403);
  });
});

describe('OpenAPI document', () => {
  it('lists the routes with their schemas', async () => {
    const res = await s.started.app.request('/api/docs/openapi.json');
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/api/authenticate/mfa',
      '/api/refresh-token',
      '/api/users/{id}',
      '/api/company',
      '/api/common/settings/create-or-update',
      '/api/user-management/role-resource-action',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const signIn = doc.paths['/api/authenticate/mfa'].post;
    expect(signIn.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
  });
  it('unknown API paths answer 404 in the envelope', async () => {
    const res = await s.get('/api/nothing-here', admin);
    expect(res.status).toBe(404);
    expect(res.meta.error_list[0].message).toMatch(/No route/);
  });
});
