/**
 * Resources, actions and the audience-per-menu-entry table of spec §6.
 * Abilities follow the CASL convention: `manage` is any action, subject `all` is any resource.
 */
import type { Audience } from './enums.js';
import { AUDIENCES } from './enums.js';

export const ACTIONS = ['read', 'create', 'update', 'delete', 'manage'] as const;
export type Action = (typeof ACTIONS)[number];

export type CompanyType = 'warehouse' | 'client';

/** Resource keys of spec §6, and which company types may be granted each. */
const W: CompanyType[] = ['warehouse'];
const WC: CompanyType[] = ['warehouse', 'client'];
export const RESOURCE_DEFS = {
  mainDashboard: WC,
  invoiceMetrics: W,
  businessMetrics: WC,
  leaderBoard: WC,
  purchaseOrders: WC,
  fbmReturnOrders: WC,
  fbaRemovals: WC,
  itemTracking: WC,
  deliveredPackages: WC,
  problemItems: WC,
  inventorySnapshot: WC,
  manageInventory: WC,
  receiveInventory: WC,
  productCatalog: WC,
  dispositions: WC,
  fba: WC,
  fbm: WC,
  wfs: WC,
  mfn: WC,
  outboundShipments: WC,
  amazonInventory: WC,
  reports: WC,
  shippingLabelTool: WC,
  freightTool: WC,
  barcodePrint: WC,
  clients: W,
  serviceChargePlans: W,
  tasks: W,
  admin: W,
  wms: W,
  myCompany: WC,
  roleManagement: WC,
  prepMaterials: WC,
  notifications: WC,
  companyCredentials: W,
  myPlans: WC,
  printerSettings: WC,
  subscriptions: W,
  invoiceList: WC,
  customerCharge: WC,
  invoicePreview: W,
  shippingLabelFunds: WC,
  merchantConnect: W,
  feeSettings: W,
  generalSettings: W,
  common: WC,
  home: WC,
  chat: WC,
  test: W,
  privateStoreManagement: W,
  customerAccountNumber: W,
} as const satisfies Record<string, CompanyType[]>;

export type Resource = keyof typeof RESOURCE_DEFS;
export const RESOURCES = Object.keys(RESOURCE_DEFS) as Resource[];
export const isResource = (s: string): s is Resource => Object.prototype.hasOwnProperty.call(RESOURCE_DEFS, s);
/** Subjects beyond the resources: `all` (any resource) and `Auth` (the signed-out pages). */
export type Subject = Resource | 'all' | 'Auth';

export interface Ability {
  action: Action;
  subject: Subject;
}
/** An ability as it arrives over the wire (subject is a plain string there). */
export interface AbilityLike {
  action: Action;
  subject: string;
}

export const grantableResources = (type: CompanyType): Resource[] =>
  RESOURCES.filter((r) => (RESOURCE_DEFS[r] as readonly CompanyType[]).includes(type));

export const companyTypeOf = (audience: Audience): CompanyType => (audience === 'Warehouse' ? 'warehouse' : 'client');

/** Does the ability list allow `action` on `subject`? `manage` implies every action. */
export function can(abilities: readonly AbilityLike[], action: Action, subject: Subject): boolean {
  return abilities.some(
    (a) => (a.action === action || a.action === 'manage') && (a.subject === subject || a.subject === 'all'),
  );
}

// ---- Menu catalogue (spec §2) with the audience table (spec §6) ----

const ALL6: Audience[] = [...AUDIENCES];
const WAREHOUSE_ONLY: Audience[] = ['Warehouse'];
const NOT_CUSTOMER: Audience[] = ALL6.filter((a) => a !== 'Customer');
const STANDARD_CLIENTS: Audience[] = ['Warehouse', 'Customer', 'CustomerPlus', 'CustomerPlatinum'];

export interface MenuEntryDef {
  key: string;
  resource: Resource;
  action: Action;
  audiences: Audience[];
}
export interface MenuSectionDef {
  key: string;
  entries: MenuEntryDef[];
}

const e = (key: string, resource: Resource, audiences: Audience[], action: Action = 'read'): MenuEntryDef => ({
  key,
  resource,
  action,
  audiences,
});

export const MENU: MenuSectionDef[] = [
  {
    key: 'Dashboards',
    entries: [
      e('Dashboard', 'mainDashboard', ALL6),
      e('BusinessMetrics', 'businessMetrics', NOT_CUSTOMER),
      e('LeaderBoard', 'leaderBoard', NOT_CUSTOMER),
    ],
  },
  {
    key: 'Inbound',
    entries: [
      e('PurchaseOrders', 'purchaseOrders', ALL6),
      e('DeliveredPackages', 'deliveredPackages', ALL6),
      e('ProblemItems', 'problemItems', ALL6),
      e('ItemStatusTracking', 'itemTracking', ALL6),
    ],
  },
  {
    key: 'Inventory',
    entries: [
      e('InventorySnapshot', 'inventorySnapshot', ALL6),
      e('ManageInventory', 'manageInventory', ALL6),
      e('ReceiveInventory', 'receiveInventory', NOT_CUSTOMER, 'create'),
      e('ProductCatalog', 'productCatalog', ALL6),
      e('Dispositions', 'dispositions', ALL6),
    ],
  },
  {
    key: 'Outbound',
    entries: [
      e('AmazonFBA', 'fba', NOT_CUSTOMER),
      // Beyond spec §2's menu: the spec's /apps/outbound/fba-bol screen (FBA bills of lading) gets an entry.
      e('FbaBillsOfLading', 'fba', NOT_CUSTOMER),
      e('AmazonFbaRemovals', 'fbaRemovals', ALL6),
      e('AmazonInventory', 'amazonInventory', ALL6),
      e('AmazonFBM', 'fbm', NOT_CUSTOMER),
      e('AmazonFbmReturnOrders', 'fbmReturnOrders', ALL6),
      e('WalmartWFS', 'wfs', NOT_CUSTOMER),
      // Beyond spec §2's menu: the spec's /apps/outbound/wfs/shipping/templates screen gets an entry (WFS's audiences).
      e('WfsShippingTemplates', 'wfs', NOT_CUSTOMER),
      // Beyond spec §2's menu: the spec's /apps/outbound/wfs-dynamic-form (WFS item setup) gets an entry.
      e('WfsItemSetup', 'wfs', NOT_CUSTOMER),
      e('MerchantFulfillment', 'mfn', ALL6),
      // Beyond spec §2's menu: the warehouse's force-ship console (/apps/outbound/fbm-force) gets an entry.
      e('FbmForce', 'mfn', WAREHOUSE_ONLY, 'update'),
      // Beyond spec §2's menu: the packer's bench (/apps/outbound/bench), floor work for those who pack.
      e('PackersBench', 'fba', WAREHOUSE_ONLY, 'update'),
      e('OutboundShipments', 'outboundShipments', ALL6),
    ],
  },
  {
    key: 'Reports',
    entries: [e('ReportingDashboard', 'reports', ['CustomerPlus', 'CustomerPlatinum', 'Individual', 'IndividualPlus'])],
  },
  {
    key: 'Tools',
    entries: [
      e('BuyShippingLabels', 'shippingLabelTool', NOT_CUSTOMER),
      e('FreightShipments', 'freightTool', NOT_CUSTOMER),
      e('BatchVerify', 'mfn', WAREHOUSE_ONLY, 'update'),
      e('Files', 'common', STANDARD_CLIENTS),
      e('ManualBarcodePrinting', 'barcodePrint', NOT_CUSTOMER),
    ],
  },
  {
    key: 'Management',
    entries: [
      e('Clients', 'clients', WAREHOUSE_ONLY),
      e('ServiceChargePlans', 'serviceChargePlans', WAREHOUSE_ONLY),
      e('Tasks', 'tasks', WAREHOUSE_ONLY),
    ],
  },
  {
    key: 'WMS',
    // Beyond spec §2's SetupLocations: the screens of the WMS section (spec §2 WMS routes) get entries too.
    entries: [
      e('SetupLocations', 'wms', WAREHOUSE_ONLY),
      e('WmsActions', 'wms', WAREHOUSE_ONLY),
      e('LicensePlates', 'wms', WAREHOUSE_ONLY),
      e('LocationBarcodeDesigner', 'wms', WAREHOUSE_ONLY),
    ],
  },
  {
    key: 'Account',
    entries: [
      e('MyCompany', 'myCompany', ALL6),
      e('RoleManagement', 'roleManagement', ALL6),
      e('Users', 'myCompany', ALL6),
      e('PrepMaterials', 'prepMaterials', NOT_CUSTOMER),
      e('Notifications', 'notifications', STANDARD_CLIENTS),
      e('CompanyCredentials', 'companyCredentials', WAREHOUSE_ONLY),
      e('MyPlans', 'myPlans', ['Customer', 'CustomerPlus', 'CustomerPlatinum']),
      e('Invoices', 'invoiceList', STANDARD_CLIENTS),
      e('InvoicePreviews', 'invoicePreview', WAREHOUSE_ONLY),
      // Beyond spec §2's menu: money reconciled per client (decision 0019), for those who invoice.
      e('Reconciliation', 'invoicePreview', WAREHOUSE_ONLY),
      e('Charges', 'customerCharge', STANDARD_CLIENTS),
      e('ShippingLabelFunds', 'shippingLabelFunds', NOT_CUSTOMER),
      e('MerchantConnect', 'merchantConnect', WAREHOUSE_ONLY),
      e('PrinterSettings', 'printerSettings', NOT_CUSTOMER),
      e('Subscriptions', 'subscriptions', WAREHOUSE_ONLY),
    ],
  },
  {
    key: 'Settings',
    entries: [
      e('General', 'generalSettings', WAREHOUSE_ONLY),
      e('FeeSettings', 'feeSettings', WAREHOUSE_ONLY),
      // Beyond spec §2's menu: the tenant's warehouse sites (addresses, time zones, the default ship-from),
      // for those who may change them (the server's rule for adding and editing a site).
      e('Warehouses', 'myCompany', WAREHOUSE_ONLY, 'update'),
      // Beyond spec §2's menu: the carriers the warehouse ships with (spec §7 /api/common/carrier), chosen
      // wherever a carrier is named; read with the general settings, changed with their update right.
      e('Carriers', 'generalSettings', WAREHOUSE_ONLY),
    ],
  },
];

export type MenuAudience = Audience | 'All';

export interface VisibleMenuEntry extends MenuEntryDef {
  userExtended: boolean;
}

/**
 * Filters the catalogue for a user: an entry shows when the audience table allows it and the
 * user's abilities grant its resource+action; a permission key granted to the user individually
 * (`extendedResources`) shows its entry even when the audience would not, marked user-extended.
 * `isRegistered` lets the web app hide entries whose screen does not exist yet.
 */
export function visibleMenu(
  audience: MenuAudience,
  abilities: readonly AbilityLike[],
  extendedResources: readonly Resource[] = [],
  isRegistered: (key: string) => boolean = () => true,
): { key: string; entries: VisibleMenuEntry[] }[] {
  return MENU.map((section) => ({
    key: section.key,
    entries: section.entries
      .filter((entry) => isRegistered(entry.key))
      .flatMap((entry): VisibleMenuEntry[] => {
        const audienceAllows = audience === 'All' || entry.audiences.includes(audience);
        const extended = extendedResources.includes(entry.resource);
        if (audienceAllows && can(abilities, entry.action, entry.resource)) return [{ ...entry, userExtended: false }];
        if (extended) return [{ ...entry, userExtended: true }];
        return [];
      }),
  })).filter((s) => s.entries.length > 0);
}
