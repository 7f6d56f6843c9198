// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { mayOpen } from '../../src/app/guard';
import { useSession } from '../../src/app/session';
import { SCREENS } from '../../src/app/registry';
import { MENU } from '../../domain/permissions';

const user = (ability: { action: string; subject: string }[], extendedResources: string[] = []) =>
  ({ id: 1, companyId: 1, ability, extendedResources, audience: 'Customer', role: { roleName: 'x', id: 1 } }) as never;

describe('route guard', () => {
  beforeEach(() => useSession.setState({ user: null }));
  it('a signed-out user may open nothing', () => {
    expect(SCREENS.some((s) => mayOpen(s))).toBe(false);
  });
  it('needs the screen resource and action; manage implies read; Auth screens need only sign-in', () => {
    useSession.setState({ user: user([{ action: 'read', subject: 'clients' }]) });
    const clients = SCREENS.find((s) => s.path === '/apps/company/company-management')!;
    const tenants = SCREENS.find((s) => s.path === '/apps/admin/tenants')!;
    const account = SCREENS.find((s) => s.path === '/pages/account-setting')!;
    expect(mayOpen(clients)).toBe(true);
    expect(mayOpen(tenants)).toBe(false);
    expect(mayOpen(account)).toBe(true);
    useSession.setState({ user: user([{ action: 'manage', subject: 'admin' }]) });
    expect(mayOpen(tenants)).toBe(true);
    expect(mayOpen(clients)).toBe(false);
  });
  it('an individually granted permission key opens its screen', () => {
    useSession.setState({ user: user([], ['deliveredPackages']) });
    expect(mayOpen(SCREENS.find((s) => s.menuKey === 'DeliveredPackages')!)).toBe(true);
  });
  it('every registered screen path is unique and has a lazily loaded component', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const s of SCREENS) expect(typeof s.load).toBe('function');
  });
  it('a breadcrumb names each place once: never its own screen again (issue 41: the dock said "Package receiving" twice)', () => {
    const repeated = SCREENS.filter((s) => {
      const trail = [...(s.breadcrumb ?? []), s.title];
      return new Set(trail).size !== trail.length;
    }).map((s) => s.path);
    expect(repeated).toEqual([]);
  });
  it("the spec's optional segments of receive-batch open the same screen", () => {
    const receive = SCREENS.filter((s) => s.path.startsWith('/apps/inbound/receive-batch/$accountNo/$companyId'));
    expect(receive.map((s) => s.path.split('/').length)).toEqual([6, 7, 8, 9]);
    expect(new Set(receive.map((s) => s.load)).size).toBe(1);
  });
});

describe('menu entries and their screens', () => {
  it('every menu entry asks for what its screen asks for, so the menu never offers a screen that refuses', () => {
    const mismatched = MENU.flatMap((section) => section.entries)
      .map((entry) => ({ entry, screen: SCREENS.find((s) => s.menuKey === entry.key) }))
      .filter(({ entry, screen }) => screen && (screen.resource !== entry.resource || screen.action !== entry.action))
      .map(
        ({ entry, screen }) =>
          `${entry.key}: menu ${entry.action} ${entry.resource}, screen ${screen!.action} ${screen!.resource}`,
      );
    expect(mismatched).toEqual([]);
  });

  it('floor work is never offered to a client audience, whatever its role grants', () => {
    const all = [{ action: 'manage', subject: 'all' }];
    const floor = SCREENS.filter((s) => s.warehouseOnly);
    expect(floor.map((s) => s.path)).toContain('/apps/inbound/package-receive-batch');
    useSession.setState({ user: { ...(user(all) as object), audience: 'CustomerPlus' } as never });
    expect(floor.filter((s) => mayOpen(s))).toEqual([]);
    useSession.setState({ user: { ...(user(all) as object), audience: 'Warehouse' } as never });
    expect(floor.every((s) => mayOpen(s))).toBe(true);
  });
});
