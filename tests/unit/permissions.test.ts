import { describe, expect, it } from 'vitest';
import { can, grantableResources, MENU, visibleMenu, type Ability } from '../../domain/permissions.js';
import { AUDIENCES } from '../../domain/enums.js';

const everything: Ability[] = [{ action: 'manage', subject: 'all' }];
const keys = (m: ReturnType<typeof visibleMenu>) => m.flatMap((s) => s.entries.map((e) => e.key));

describe('abilities', () => {
  it('manage implies every action and all every subject', () => {
    expect(can(everything, 'delete', 'clients')).toBe(true);
    expect(can([{ action: 'read', subject: 'clients' }], 'update', 'clients')).toBe(false);
    expect(can([{ action: 'manage', subject: 'clients' }], 'update', 'clients')).toBe(true);
    expect(can([{ action: 'manage', subject: 'clients' }], 'read', 'wms')).toBe(false);
  });
  it('client roles cannot be granted warehouse-only resources', () => {
    const client = grantableResources('client');
    for (const r of ['clients', 'wms', 'generalSettings', 'feeSettings', 'admin'] as const)
      expect(client).not.toContain(r);
    expect(grantableResources('warehouse')).toContain('clients');
  });
});

describe('menu by audience (spec §6 table)', () => {
  it('Warehouse sees the warehouse-only entries, a Customer does not', () => {
    expect(keys(visibleMenu('Warehouse', everything))).toEqual(
      expect.arrayContaining(['Clients', 'SetupLocations', 'General', 'FeeSettings']),
    );
    const customer = keys(visibleMenu('Customer', everything));
    expect(customer).not.toContain('Clients');
    expect(customer).not.toContain('ReceiveInventory');
    expect(customer).not.toContain('BusinessMetrics');
    expect(customer).toContain('MyPlans');
    expect(customer).toContain('PurchaseOrders');
  });
  it('ReportingDashboard is for CustomerPlus, CustomerPlatinum and the Individual audiences only', () => {
    for (const a of AUDIENCES) {
      const has = keys(visibleMenu(a, everything)).includes('ReportingDashboard');
      expect(has, a).toBe(['CustomerPlus', 'CustomerPlatinum', 'Individual', 'IndividualPlus'].includes(a));
    }
  });
  it('Files, Notifications, Invoices and Charges are not for Individual audiences', () => {
    const ind = keys(visibleMenu('Individual', everything));
    for (const k of ['Files', 'Notifications', 'Invoices', 'Charges', 'MyPlans']) expect(ind).not.toContain(k);
  });
  it('All sees every entry', () => {
    expect(keys(visibleMenu('All', everything)).length).toBe(MENU.flatMap((s) => s.entries).length);
  });
  it('abilities filter too, and individually granted keys add user-extended entries', () => {
    const few: Ability[] = [{ action: 'read', subject: 'mainDashboard' }];
    const menu = visibleMenu('Customer', few, ['wms']);
    const entries = menu.flatMap((s) => s.entries);
    expect(entries.map((e) => e.key)).toEqual([
      'Dashboard',
      'SetupLocations',
      'WmsActions',
      'LicensePlates',
      'LocationBarcodeDesigner',
    ]);
    expect(entries.find((e) => e.key === 'SetupLocations')?.userExtended).toBe(true);
    expect(entries.find((e) => e.key === 'Dashboard')?.userExtended).toBe(false);
  });
  it('only registered screens appear', () => {
    expect(keys(visibleMenu('Warehouse', everything, [], (k) => k === 'Clients'))).toEqual(['Clients']);
  });
});
