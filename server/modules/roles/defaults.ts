/** The roles every new tenant and client company starts with. */
import type { Action, Resource } from '../../../domain/permissions.js';
import { grantableResources } from '../../../domain/permissions.js';

export const ADMIN_ROLE = 'admin';
export const NEW_COMPANY_ROLE = 'CompanyNewUserRole';
export const FLOOR_ROLE = 'Floor Staff';
/** The demo tenant's packer (server/seed/demo.ts); not a default role of every tenant. */
export const PACKER_ROLE = 'Packer';
export const CLIENT_ADMIN_ROLE = 'Client Admin';

export type Grant = { resource: Resource | 'all'; action: Action };

/** The warehouse admin may do everything in the tenant. */
export const adminGrants: Grant[] = [{ resource: 'all', action: 'manage' }];

/** A self-registered admin sets up the company before anything else (spec §2 post-sign-in routing). */
export const newCompanyGrants: Grant[] = [
  { resource: 'myCompany', action: 'manage' },
  { resource: 'home', action: 'read' },
  { resource: 'common', action: 'read' },
];

/**
 * Receivers and packers: the dock (package scan), counting, sorting and receiving, inventory, WMS
 * moves and LPNs, printing, FBM picking, and the packer's bench.
 */
export const floorGrants: Grant[] = [
  ...(
    [
      'mainDashboard',
      'home',
      'common',
      'purchaseOrders',
      'itemTracking',
      'inventorySnapshot',
      'productCatalog',
      'myCompany',
    ] as const
  ).map((resource): Grant => ({ resource, action: 'read' })),
  ...(
    [
      'deliveredPackages',
      'receiveInventory',
      'manageInventory',
      'wms',
      'barcodePrint',
      'printerSettings',
      'problemItems',
    ] as const
  ).map((resource): Grant => ({ resource, action: 'manage' })),
  // Floor staff work FBA and WFS plans: they pack and close boxes at the bench and move plans through their steps.
  { resource: 'fba', action: 'read' },
  { resource: 'fba', action: 'update' },
  { resource: 'wfs', action: 'read' },
  { resource: 'wfs', action: 'update' },
  { resource: 'outboundShipments', action: 'read' },
  // Floor staff pick FBM and merchant-fulfilment orders (the force-ship console, its pick list,
  // the handheld's pick screen and batch verify all ask for update on mfn; their data for read).
  { resource: 'mfn', action: 'read' },
  { resource: 'mfn', action: 'update' },
];

/** A packer: the bench (FBA and WFS boxes by scan) and label printing, nothing of the dock or the stock. */
export const packerGrants: Grant[] = [
  ...(['mainDashboard', 'home', 'common', 'productCatalog', 'myCompany'] as const).map((resource): Grant => ({
    resource,
    action: 'read',
  })),
  { resource: 'fba', action: 'read' },
  { resource: 'fba', action: 'update' },
  { resource: 'wfs', action: 'read' },
  { resource: 'wfs', action: 'update' },
  { resource: 'outboundShipments', action: 'read' },
  { resource: 'barcodePrint', action: 'manage' },
  { resource: 'printerSettings', action: 'manage' },
];

/** A client company's first user manages everything a client may be granted. */
export const clientAdminGrants: Grant[] = grantableResources('client').map((resource) => ({
  resource,
  action: 'manage',
}));
