/**
 * The route registry: the single source of each screen's path, title, breadcrumb, resource,
 * action, layout and menu entry. A screen that does not exist yet is simply not listed here, so
 * the menu never links to a placeholder.
 */
import type { Action, Resource, Subject } from '../../domain/permissions';

export interface ScreenDef {
  /** TanStack Router path. */
  path: string;
  /** i18n key of the title (also the last breadcrumb). */
  title: string;
  breadcrumb: string[];
  resource: Subject;
  action: Action;
  layout?: 'full';
  /** The spec §2 menu entry this screen answers, if any. */
  menuKey?: string;
  /** For menu links to screens with parameters. */
  menuHref?: (user: { companyId: number }) => string;
  load: () => Promise<{ default: React.ComponentType }>;
}

const loadSortReceive = () => import('../features/receiving/SortReceivePage');

export const SCREENS: ScreenDef[] = [
  { path: '/dashboard', title: 'nav.Dashboard', breadcrumb: ['nav.Dashboards'], resource: 'mainDashboard', action: 'read', menuKey: 'Dashboard', load: () => import('../features/dashboard/DashboardPage') },
  { path: '/dashboard/summary', title: 'nav.ItemStatusTracking', breadcrumb: ['nav.Inbound'], resource: 'itemTracking', action: 'read', menuKey: 'ItemStatusTracking', load: () => import('../features/items/ItemStatusSummaryPage') },
  {
    path: '/apps/inbound/uploaded-batches/po/$type',
    title: 'nav.PurchaseOrders',
    breadcrumb: ['nav.Inbound'],
    resource: 'purchaseOrders',
    action: 'read',
    menuKey: 'PurchaseOrders',
    menuHref: () => '/apps/inbound/uploaded-batches/po/all',
    load: () => import('../features/purchase-orders/PurchaseOrdersPage'),
  },
  { path: '/apps/inbound/file-upload', title: 'po.uploadTitle', breadcrumb: ['nav.Inbound', 'nav.PurchaseOrders'], resource: 'purchaseOrders', action: 'create', load: () => import('../features/purchase-orders/FileUploadPage') },
  { path: '/apps/inbound/batch-workspace/$batchId', title: 'po.workspaceTitle', breadcrumb: ['nav.Inbound', 'nav.PurchaseOrders'], resource: 'purchaseOrders', action: 'read', load: () => import('../features/purchase-orders/BatchWorkspacePage') },
  { path: '/apps/inbound/shipment-items/$status', title: 'items.title', breadcrumb: ['nav.Inbound', 'nav.ItemStatusTracking'], resource: 'itemTracking', action: 'read', load: () => import('../features/items/ShipmentItemsPage') },
  { path: '/apps/inbound/pending-inbound-items', title: 'items.pendingTitle', breadcrumb: ['nav.Inbound', 'nav.PurchaseOrders'], resource: 'purchaseOrders', action: 'read', load: () => import('../features/items/PendingInboundItemsPage') },
  { path: '/apps/inbound/package-scan', title: 'itemScan.title', breadcrumb: ['nav.Inbound'], resource: 'receiveInventory', action: 'create', load: () => import('../features/receiving/ItemScanPage') },
  { path: '/apps/inbound/receive-batch/account-select', title: 'sortReceive.selectTitle', breadcrumb: ['nav.Inventory'], resource: 'receiveInventory', action: 'create', menuKey: 'ReceiveInventory', load: () => import('../features/receiving/ReceiveAccountSelectPage') },
  // Spec: /:accountNo/:companyId/:storeId?/:planId?/:action? — one screen; the optional segments narrow nothing yet.
  ...['', '/$storeId', '/$storeId/$planId', '/$storeId/$planId/$action'].map(
    (rest): ScreenDef => ({ path: `/apps/inbound/receive-batch/$accountNo/$companyId${rest}`, title: 'sortReceive.title', breadcrumb: ['nav.Inventory', 'nav.ReceiveInventory'], resource: 'receiveInventory', action: 'create', load: loadSortReceive }),
  ),
  { path: '/apps/wms/locations', title: 'wms.title', breadcrumb: ['nav.WMS'], resource: 'wms', action: 'read', menuKey: 'SetupLocations', load: () => import('../features/wms/LocationsPage') },
  { path: '/apps/wms/actions', title: 'moves.actionsTitle', breadcrumb: ['nav.WMS'], resource: 'wms', action: 'read', load: () => import('../features/wms/ActionsPage') },
  { path: '/apps/wms/actions/move-batch', title: 'moves.quickMove', breadcrumb: ['nav.WMS', 'moves.actionsTitle'], resource: 'wms', action: 'update', load: () => import('../features/wms/MoveBatchPage') },
  { path: '/apps/wms/actions/move-batch/$moveBatchId', title: 'moves.batchTitle', breadcrumb: ['nav.WMS', 'moves.actionsTitle'], resource: 'wms', action: 'update', load: () => import('../features/wms/MoveBatchPage') },
  { path: '/apps/inventory/inventory-snapshot', title: 'nav.InventorySnapshot', breadcrumb: ['nav.Inventory'], resource: 'inventorySnapshot', action: 'read', menuKey: 'InventorySnapshot', load: () => import('../features/inventory/InventorySnapshotPage') },
  {
    path: '/apps/inventory/$itemAction',
    title: 'nav.ManageInventory',
    breadcrumb: ['nav.Inventory'],
    resource: 'manageInventory',
    action: 'read',
    menuKey: 'ManageInventory',
    menuHref: () => '/apps/inventory/fba_prep',
    load: () => import('../features/inventory/ManageInventoryPage'),
  },
  {
    path: '/apps/inventory/amazon/$inventoryType',
    title: 'nav.AmazonInventory',
    breadcrumb: ['nav.Inventory'],
    resource: 'amazonInventory',
    action: 'read',
    menuKey: 'AmazonInventory',
    menuHref: () => '/apps/inventory/amazon/fba',
    load: () => import('../features/inventory/AmazonInventoryPage'),
  },
  { path: '/apps/reports/dispositions', title: 'nav.Dispositions', breadcrumb: ['nav.Inventory'], resource: 'dispositions', action: 'read', menuKey: 'Dispositions', load: () => import('../features/inventory/DispositionsPage') },
  { path: '/apps/product/products', title: 'nav.ProductCatalog', breadcrumb: ['nav.Inventory'], resource: 'productCatalog', action: 'read', menuKey: 'ProductCatalog', load: () => import('../features/products/ProductsPage') },
  { path: '/apps/product/products/create-bundle', title: 'products.createBundle', breadcrumb: ['nav.Inventory', 'nav.ProductCatalog'], resource: 'productCatalog', action: 'create', load: () => import('../features/products/BundlePage') },
  { path: '/apps/wms/actions/location-barcode-designer', title: 'designer.title', breadcrumb: ['nav.WMS', 'moves.actionsTitle'], resource: 'wms', action: 'read', load: () => import('../features/wms/BarcodeDesignerPage') },
  { path: '/apps/wms/location/lpn', title: 'lpn.title', breadcrumb: ['nav.WMS'], resource: 'wms', action: 'read', load: () => import('../features/wms/LpnPage') },
  { path: '/apps/problem/management', title: 'nav.ProblemItems', breadcrumb: ['nav.Inbound'], resource: 'problemItems', action: 'read', menuKey: 'ProblemItems', load: () => import('../features/problems/ProblemsPage') },
  { path: '/apps/inbound/delivered-packages', title: 'nav.DeliveredPackages', breadcrumb: ['nav.Inbound'], resource: 'deliveredPackages', action: 'read', menuKey: 'DeliveredPackages', load: () => import('../features/inbound/DeliveredPackagesPage') },
  { path: '/apps/inbound/package-receive-batch', title: 'nav.PackageReceiving', breadcrumb: ['nav.Inbound'], resource: 'deliveredPackages', action: 'create', load: () => import('../features/dock/AccountSelectPage') },
  {
    path: '/apps/inbound/package-receive-batch/$accountNo/$companyId/$companyName',
    title: 'nav.PackageReceiving',
    breadcrumb: ['nav.Inbound', 'nav.PackageReceiving'],
    resource: 'deliveredPackages',
    action: 'create',
    load: () => import('../features/dock/PackageScanPage'),
  },
  { path: '/apps/company/company-management', title: 'nav.Clients', breadcrumb: ['nav.Management'], resource: 'clients', action: 'read', menuKey: 'Clients', load: () => import('../features/company/ClientsPage') },
  { path: '/apps/management/account-manager/users-list', title: 'nav.Users', breadcrumb: ['nav.Management'], resource: 'myCompany', action: 'read', load: () => import('../features/users/UsersPage') },
  {
    path: '/apps/account/company/$companyId',
    title: 'nav.MyCompany',
    breadcrumb: ['nav.Account'],
    resource: 'myCompany',
    action: 'read',
    menuKey: 'MyCompany',
    menuHref: (u) => `/apps/account/company/${u.companyId}`,
    load: () => import('../features/company/MyCompanyPage'),
  },
  { path: '/apps/user-management/roles', title: 'nav.RoleManagement', breadcrumb: ['nav.Account'], resource: 'roleManagement', action: 'read', menuKey: 'RoleManagement', load: () => import('../features/roles/RolesPage') },
  { path: '/apps/user-management/role-permissions/$roleName/$roleId', title: 'roles.permissions', breadcrumb: ['nav.Account', 'nav.RoleManagement'], resource: 'roleManagement', action: 'read', load: () => import('../features/roles/RolePermissionsPage') },
  { path: '/apps/admin/tenants', title: 'nav.Tenants', breadcrumb: ['nav.Settings'], resource: 'admin', action: 'manage', load: () => import('../features/admin/TenantsPage') },
  { path: '/apps/admin/swagger', title: 'nav.Swagger', breadcrumb: ['nav.Settings'], resource: 'admin', action: 'manage', load: () => import('../features/admin/SwaggerPage') },
  { path: '/apps/settings/general', title: 'nav.General', breadcrumb: ['nav.Settings'], resource: 'generalSettings', action: 'read', menuKey: 'General', load: () => import('../features/settings/GeneralSettingsPage') },
  { path: '/apps/settings/printer', title: 'nav.PrinterSettings', breadcrumb: ['nav.Account'], resource: 'printerSettings', action: 'read', menuKey: 'PrinterSettings', load: () => import('../features/printing/PrinterSettingsPage') },
  { path: '/apps/tools/print-label', title: 'nav.ManualBarcodePrinting', breadcrumb: ['nav.Tools'], resource: 'barcodePrint', action: 'read', menuKey: 'ManualBarcodePrinting', load: () => import('../features/printing/PrintLabelPage') },
  { path: '/apps/printermanagement/vendors', title: 'printerAdmin.vendorsTitle', breadcrumb: ['nav.Settings', 'nav.PrinterSettings'], resource: 'admin', action: 'manage', load: () => import('../features/printing/admin/VendorsPage') },
  { path: '/apps/printermanagement/printerlabels', title: 'printerAdmin.labelsTitle', breadcrumb: ['nav.Settings', 'nav.PrinterSettings'], resource: 'admin', action: 'manage', load: () => import('../features/printing/admin/LabelStockPage') },
  { path: '/apps/printermanagement/printersystemdata', title: 'printerAdmin.stationsTitle', breadcrumb: ['nav.Settings', 'nav.PrinterSettings'], resource: 'admin', action: 'manage', load: () => import('../features/printing/admin/StationPrintersPage') },
  { path: '/apps/printermanagement/testpage', title: 'printerAdmin.testTitle', breadcrumb: ['nav.Settings', 'nav.PrinterSettings'], resource: 'admin', action: 'manage', load: () => import('../features/printing/admin/TestPage') },
  { path: '/pages/account-setting', title: 'nav.AccountSettings', breadcrumb: ['nav.Account'], resource: 'Auth', action: 'read', load: () => import('../features/account/AccountSettingsPage') },
];

export const registeredMenuKeys = new Set(SCREENS.map((s) => s.menuKey).filter(Boolean) as string[]);
export const resourceOf = (s: ScreenDef): Resource | 'Auth' | 'all' => s.resource;
