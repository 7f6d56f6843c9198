/**
 * The demo's floor people hold the rights of their jobs (issue 38, defect 2): demo.receiver
 * (role "Floor Staff") opens every floor screen of the dock, counting, sorting, moves and LPNs,
 * the FBM pick and the packer's bench; demo.packer (role "Packer") opens the bench and label
 * printing and nothing of the dock. Each screen is judged as the web app judges it — the
 * registry's resource and action against the abilities the server signs the user in with — and
 * the server agrees: the routes behind those screens answer, a pick pushed from the handheld is
 * applied for the receiver and refused for the packer. Whom to ask for a missing right: the
 * users of one's own company who may change its roles, never another company's or tenant's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type AbilityLike } from '../../domain/permissions.js';
import { SCREENS, type ScreenDef } from '../../src/app/registry.js';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';

let s: TestServer;
let w: FbmWorld;
let receiver: {
  accessToken: string;
  userData: { ability: AbilityLike[]; audience: string; role: { roleName: string } };
};
let packer: typeof receiver;

/** The web app's guard (src/app/guard.ts) on a registered screen, for a user as the server signed them in. */
const screen = (path: string): ScreenDef => {
  const found = SCREENS.find((x) => x.path === path);
  if (!found) throw new Error(`no screen registered at ${path}`);
  return found;
};
const opens = (user: typeof receiver, path: string) => {
  const sc = screen(path);
  if (sc.warehouseOnly && user.userData.audience !== 'Warehouse') return false;
  return sc.resource === 'Auth' || can(user.userData.ability, sc.action, sc.resource);
};

/** The screens of each floor job. */
const DOCK = [
  '/apps/inbound/package-receive-batch',
  '/apps/inbound/package-receive-batch/$accountNo/$companyId/$companyName',
];
const COUNT_AND_SORT = [
  '/apps/inbound/package-scan',
  '/apps/inbound/receive-batch/account-select',
  '/apps/inbound/receive-batch/$accountNo/$companyId',
];
const MOVES = ['/apps/wms/actions', '/apps/wms/actions/move-batch', '/apps/wms/actions/move-batch/$moveBatchId'];
const LPN = ['/apps/wms/location/lpn'];
const FBM_PICK = [
  '/apps/outbound/fbm-force',
  '/apps/outbound/fbm-force/pick-list',
  '/apps/outbound/fbm-force/pick/$batchId',
];
const BENCH = ['/apps/outbound/bench', '/apps/outbound/bench/$planId'];
const LABELS = ['/apps/tools/print-label', '/apps/settings/printer'];

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Roles');
  receiver = await s.signIn('demo.receiver');
  packer = await s.signIn('demo.packer');
});
afterAll(() => s.close());

describe('the demo floor roles', () => {
  it('the receiver opens every screen of the dock, counting, sorting, moves, LPNs, FBM pick and the bench', () => {
    expect(receiver.userData.role.roleName).toBe('Floor Staff');
    const needed = [...DOCK, ...COUNT_AND_SORT, ...MOVES, ...LPN, ...FBM_PICK, ...BENCH, ...LABELS];
    expect(needed.filter((p) => !opens(receiver, p))).toEqual([]);
  });

  it('the packer opens the bench and label printing, and nothing of the dock, the stock or the FBM desk', () => {
    expect(packer.userData.role.roleName).toBe('Packer');
    expect(packer.userData.audience).toBe('Warehouse');
    expect([...BENCH, ...LABELS].filter((p) => !opens(packer, p))).toEqual([]);
    expect([...DOCK, ...COUNT_AND_SORT, ...MOVES, ...FBM_PICK].filter((p) => opens(packer, p))).toEqual([]);
  });

  it('the server agrees: the routes behind the pick list, the force console and the bench answer them', async () => {
    const r = receiver.accessToken;
    const p = packer.accessToken;
    expect((await s.get('/api/fbm/web/pick/batch', r)).status).toBe(200);
    expect((await s.get('/api/fbm/web/force/summary', r)).status).toBe(200);
    expect((await s.get('/api/outbound/outbound-shipping/box/presets', r)).status).toBe(200);
    expect((await s.get('/api/outbound/outbound-shipping/box/presets', p)).status).toBe(200);
    expect((await s.get('/api/fbm/web/pick/batch', p)).status).toBe(403);
    expect(
      (await s.post('/api/inbound/package-receive-batch', { id: randomUUID(), companyId: w.acmeId }, p)).status,
    ).toBe(403);
  });

  it('the receiver picks a line from the handheld (the outbox); the packer’s pick is refused, nothing picked', async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 2);
    await saveOrders(s, w.acmeStore, [order('R-1', { lines: [line('1', 'MUG-1', 2)] })]);
    expect((await s.post(`/api/fbm/web/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).body.held).toBe(
      1,
    );
    const made = await s.post('/api/fbm/web/pick/batch', { storeId: w.acmeStore.id }, receiver.accessToken);
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    const mug = made.body.lines[0];
    const pick = (token: string) =>
      s.post(
        '/api/sync/push',
        {
          deviceId: 'roles-test',
          mutations: [
            {
              id: randomUUID(),
              name: 'fbmPick.record',
              args: {
                id: randomUUID(),
                batchId: made.body.id,
                batchLineId: mug.id,
                location: 'A-1',
                productCode: 'MUG-1',
                quantity: 1,
                short: false,
                reason: null,
                pickedAt: new Date().toISOString(),
              },
              createdAt: new Date().toISOString(),
            },
          ],
        },
        token,
      );
    const refused = await pick(packer.accessToken);
    expect(refused.body.results[0].status).toBe('rejected');
    expect(refused.body.results[0].message).toMatch(/Merchant fulfilment/);
    const applied = await pick(receiver.accessToken);
    expect(applied.body.results[0]).toMatchObject({ status: 'applied', result: { lineId: mug.id, picked: 1 } });
  });

  it('whom to ask for a missing right: the role managers of one’s own company only', async () => {
    const names = async (token: string) =>
      (await s.get<{ fullname: string }[]>('/api/users/role-managers', token)).body.map((u) => u.fullname);
    // demo.admin and demo.mfa hold the admin role; the floor roles do not manage roles.
    expect(await names(receiver.accessToken)).toEqual(['Dana Admin', 'Morgan Secure']);
    expect(await names(packer.accessToken)).toEqual(['Dana Admin', 'Morgan Secure']);
    // A client's own administrator, never the warehouse's; another tenant's its own.
    expect(await names(w.client)).toEqual(['Casey Acme']);
    expect(await names(w.north)).toEqual(['Noa North']);
    expect((await s.get('/api/users/role-managers')).status).toBe(401);
  });
});
