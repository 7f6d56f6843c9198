/**
 * Fee settings (issue 21, spec §2 FeeSettings): the tenant's fees, typed and checked whole; a
 * client's overrides in the settings store; warehouse only; tenants never see each other's; and
 * the value billing reads (override ?? tenant ?? default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeSettingDefaults } from '../../domain/fee-settings.js';
import { feeSettingsOf } from '../../server/modules/settings/fees.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
const t: Record<string, string> = {};
const me: Record<string, any> = {};
const BASE = '/api/settings/fees';

beforeAll(async () => {
  s = await TestServer.start();
  for (const u of ['demo.admin', 'demo.client', 'demo.client2', 'north.admin']) {
    const signed = await s.signIn(u);
    t[u] = signed.accessToken;
    me[u] = signed.userData;
  }
});
afterAll(async () => s?.close());

describe('fee settings', () => {
  it('reads the defaults while nothing is stored', async () => {
    const res = await s.get(BASE, t['demo.admin']);
    expect(res.status).toBe(200);
    expect(res.body.stored).toEqual({});
    expect(res.body.effective).toEqual(feeSettingDefaults());
    expect(res.body.effective.FREE_STORAGE_DAY_COUNT).toBe(30);
    expect(res.body.effective.STORAGE_FEE_INVENTORY_TYPES).toEqual(['storage']);
  });

  it('writes the tenant’s values, normalised; money stays exact decimal text', async () => {
    const res = await s.put(
      BASE,
      {
        values: {
          DAILY_STORAGE_FEE_PER_QF: '0.0333',
          BUNDLE_BASE_FEE: '1.5',
          ITEM_SORT_FEE: 2,
          FREE_STORAGE_DAY_COUNT: 45,
          STORAGE_FEE_INVENTORY_TYPES: ['fbm', 'storage', 'fbm'],
          SHIPPING_UPCHARGE_PERCENT: '12.50',
          ENFORCE_PAYMENT_METHOD: true,
          POSTPONE_DATE: '2027-01-01',
        },
      },
      t['demo.admin'],
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.stored).toEqual({
      DAILY_STORAGE_FEE_PER_QF: '0.0333',
      BUNDLE_BASE_FEE: '1.50',
      ITEM_SORT_FEE: '2.00',
      FREE_STORAGE_DAY_COUNT: 45,
      STORAGE_FEE_INVENTORY_TYPES: ['fbm', 'storage'],
      SHIPPING_UPCHARGE_PERCENT: '12.5',
      ENFORCE_PAYMENT_METHOD: true,
      POSTPONE_DATE: '2027-01-01',
    });
    expect(res.body.effective.PER_BOX_CHARGE).toBe('0.00');
    expect((await s.get(BASE, t['demo.admin'])).body.stored.DAILY_STORAGE_FEE_PER_QF).toBe('0.0333');
  });

  it('refuses bad values with a message each, and stores nothing of that write', async () => {
    const before = (await s.get(BASE, t['demo.admin'])).body;
    const res = await s.put(
      BASE,
      {
        values: {
          BUNDLE_BASE_FEE: '9.99', // good, but the write is refused whole
          DAILY_STORAGE_FEE_PER_QF: '0.0000001',
          PER_BOX_CHARGE: '-1',
          ITEM_SORT_FEE: 0.5,
          FREE_STORAGE_DAY_COUNT: 'abc',
          MAX_CHARGED_BUNDLE_ITEM_COUNT: 2.5,
          STORAGE_FEE_INVENTORY_TYPES: ['pallets'],
          SHIPPING_UPCHARGE_PERCENT: '150',
          ENFORCE_PAYMENT_METHOD: 'maybe',
          POSTPONE_DATE: '2027-02-30',
          NOT_A_FEE: '1',
        },
      },
      t['demo.admin'],
    );
    expect(res.status).toBe(400);
    const messages = res.meta.error_list.map((e) => e.message);
    expect(messages).toEqual([
      'values.DAILY_STORAGE_FEE_PER_QF: an amount from 0 to 10000 with at most 6 decimals',
      'values.PER_BOX_CHARGE: an amount from 0 to 10000 with at most 6 decimals',
      'values.ITEM_SORT_FEE: an amount from 0 to 10000 with at most 6 decimals',
      'values.FREE_STORAGE_DAY_COUNT: a whole number from 0 to 3650',
      'values.MAX_CHARGED_BUNDLE_ITEM_COUNT: a whole number from 0 to 1000',
      'values.STORAGE_FEE_INVENTORY_TYPES: a list of fba_prep, wfs_prep, fbm, storage',
      'values.SHIPPING_UPCHARGE_PERCENT: a percentage from 0 to 100 with at most 6 decimals',
      'values.ENFORCE_PAYMENT_METHOD: true or false',
      'values.POSTPONE_DATE: a day (YYYY-MM-DD) or none',
      'values.NOT_A_FEE: not a fee setting',
    ]);
    expect((await s.get(BASE, t['demo.admin'])).body).toEqual(before);
    // The generic settings API cannot go around the checks (nor let a client set its own fees).
    const sneaky = await s.post(
      '/api/common/settings',
      {
        referenceType: 'COMPANY',
        referenceId: me['demo.client'].companyId,
        settingKey: 'DAILY_STORAGE_FEE_PER_QF',
        value: '"0"',
      },
      t['demo.client'],
    );
    expect(sneaky.status).toBe(400);
  });

  it('clears a tenant value back to the default', async () => {
    const res = await s.put(BASE, { clear: ['POSTPONE_DATE'] }, t['demo.admin']);
    expect(res.status).toBe(200);
    expect(res.body.stored.POSTPONE_DATE).toBeUndefined();
    expect(res.body.effective.POSTPONE_DATE).toBeNull();
  });

  it('a client’s override wins over the tenant’s value until it is cleared', async () => {
    const acme = me['demo.client'].companyId;
    const path = `${BASE}/company/${acme}`;
    const empty = await s.get(path, t['demo.admin']);
    expect(empty.status).toBe(200);
    expect(empty.body.overrides).toEqual({});
    expect(empty.body.tenant.DAILY_STORAGE_FEE_PER_QF).toBe('0.0333');
    expect(empty.body.effective.DAILY_STORAGE_FEE_PER_QF).toBe('0.0333');

    const set = await s.put(
      path,
      { values: { DAILY_STORAGE_FEE_PER_QF: '0.025', FREE_STORAGE_DAY_COUNT: 0, POSTPONE_DATE: null } },
      t['demo.admin'],
    );
    expect(set.status, JSON.stringify(set.meta)).toBe(200);
    expect(set.body.overrides).toEqual({
      DAILY_STORAGE_FEE_PER_QF: '0.025',
      FREE_STORAGE_DAY_COUNT: 0,
      POSTPONE_DATE: null,
    });
    expect(set.body.effective.DAILY_STORAGE_FEE_PER_QF).toBe('0.025');
    expect(set.body.effective.FREE_STORAGE_DAY_COUNT).toBe(0);
    expect(set.body.effective.BUNDLE_BASE_FEE).toBe('1.50'); // the tenant's

    // Billing reads the same: the override for Acme, the tenant's for Blue Fox, defaults for north.
    const tenantId = me['demo.admin'].tenantId ?? (await s.get('/api/self/tenant', t['demo.admin'])).body.id;
    const acmeFees = await feeSettingsOf(s.db, tenantId, acme);
    expect(acmeFees.DAILY_STORAGE_FEE_PER_QF).toBe('0.025');
    expect(acmeFees.FREE_STORAGE_DAY_COUNT).toBe(0);
    expect(acmeFees.BUNDLE_BASE_FEE).toBe('1.50');
    const blueFox = await feeSettingsOf(s.db, tenantId, me['demo.client2'].companyId);
    expect(blueFox.DAILY_STORAGE_FEE_PER_QF).toBe('0.0333');
    expect(blueFox.FREE_STORAGE_DAY_COUNT).toBe(45);

    // Bad override: refused, nothing changed.
    const bad = await s.put(path, { values: { PER_BOX_CHARGE: 'free', ITEM_SORT_FEE: '1' } }, t['demo.admin']);
    expect(bad.status).toBe(400);
    expect((await s.get(path, t['demo.admin'])).body.overrides.ITEM_SORT_FEE).toBeUndefined();

    const cleared = await s.put(path, { clear: ['FREE_STORAGE_DAY_COUNT'] }, t['demo.admin']);
    expect(cleared.body.effective.FREE_STORAGE_DAY_COUNT).toBe(45);
    expect(cleared.body.overrides.DAILY_STORAGE_FEE_PER_QF).toBe('0.025');
    const all = await s.del(path, t['demo.admin']);
    expect(all.status).toBe(200);
    expect(all.body.overrides).toEqual({});
    expect(all.body.effective.DAILY_STORAGE_FEE_PER_QF).toBe('0.0333');
    expect((await feeSettingsOf(s.db, tenantId, acme)).DAILY_STORAGE_FEE_PER_QF).toBe('0.0333');
  });

  it('is the warehouse’s alone: client users get 403', async () => {
    const acme = me['demo.client'].companyId;
    for (const [method, path, body] of [
      ['GET', BASE],
      ['PUT', BASE, { values: { PER_BOX_CHARGE: '0' } }],
      ['GET', `${BASE}/company/${acme}`],
      ['PUT', `${BASE}/company/${acme}`, { values: { PER_BOX_CHARGE: '0' } }],
      ['DELETE', `${BASE}/company/${acme}`],
    ] as const) {
      const res = await s.request(method, path, { token: t['demo.client'], body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('tenants never see each other’s fees or clients', async () => {
    const north = await s.get(BASE, t['north.admin']);
    expect(north.status).toBe(200);
    expect(north.body.stored).toEqual({});
    expect(north.body.effective).toEqual(feeSettingDefaults());
    const acme = me['demo.client'].companyId;
    expect((await s.get(`${BASE}/company/${acme}`, t['north.admin'])).status).toBe(404);
    expect((await s.put(`${BASE}/company/${acme}`, { values: { PER_BOX_CHARGE: '9' } }, t['north.admin'])).status).toBe(
      404,
    );
    expect((await s.del(`${BASE}/company/${acme}`, t['north.admin'])).status).toBe(404);
    // Nor the warehouse's own company: it has no overrides (its values are the tenant's).
    expect((await s.get(`${BASE}/company/${me['demo.admin'].companyId}`, t['demo.admin'])).status).toBe(404);
    expect((await s.get(`${BASE}/company/999999`, t['demo.admin'])).status).toBe(404);
  });
});
