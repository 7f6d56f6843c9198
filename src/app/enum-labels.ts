/**
 * Where every enumeration of domain/ gets its words (issue 41): a screen never shows a raw code
 * ("UNSHIPPED", "unit_sorted", "CompanyNewUserRole"). Each exported enum is listed here once —
 * by the i18n key of each value, or as a trade term people read as it is (DDP, 4x6, CN22), or as
 * never shown — and tests/web/enum-labels.test.ts fails on an enum missing from this list or a
 * value without words in one of the four locales.
 */
import type { TFunction } from 'i18next';
import { chargeCodeDef } from '../../domain/billing/charge-codes';

export type EnumLabel =
  /** The i18n key(s) of one value. */
  | { keys: (value: string) => string }
  /** Shown as written: a trade or carrier term people read in every language. */
  | { asIs: string }
  /** Never shown as words (file columns, wire codes, setting names): why. */
  | { hidden: string };

const under = (prefix: string): EnumLabel => ({ keys: (v) => `${prefix}.${v}` });
const asIs = (why: string): EnumLabel => ({ asIs: why });
const hidden = (why: string): EnumLabel => ({ hidden: why });

/** A charge code's words: a problem code reads as its problem type. */
const chargeCode: EnumLabel = {
  keys: (code) => {
    const problem = /^PROBLEM_(.+?)(_IND)?$/.exec(code);
    if (problem && code !== 'PROBLEM_UNITS' && chargeCodeDef(code)?.category === 'problems')
      return `problems.types.${problem[1]!.toLowerCase()}`;
    return `charges.codes.${code}`;
  },
};

/** By `<file under domain/>#<EXPORT>`. */
export const ENUM_LABELS: Record<string, EnumLabel> = {
  'billing/charge-codes.ts#ALL_CHARGE_CODES': chargeCode,
  'billing/charge-codes.ts#PROBLEM_CHARGE_CODES': chargeCode,
  'billing/charge-codes.ts#CHARGE_CATEGORIES': under('charges.categories'),
  'billing/charge-codes.ts#CHARGE_UNITS': under('plans.units'),
  'billing/charge-codes.ts#PRICE_SOURCES': under('charges.rules'),
  'billing/plan-schedule.ts#CHARGE_SCHEDULES': under('plans.schedules'),
  'enums.ts#AUDIENCES': under('enums.audiences'),
  'enums.ts#CLIENT_AUDIENCES': under('enums.audiences'),
  'enums.ts#COMPANY_STATUSES': under('status'),
  'enums.ts#TENANT_STATUSES': under('status'),
  'enums.ts#USER_STATUSES': under('status'),
  'enums.ts#ENTITY_SCOPES': hidden('the scope of a stored setting row; screens name the setting, not its scope'),
  'enums.ts#SETTING_VALUE_TYPES': hidden('the storage type of a setting value'),
  'fee-settings.ts#FEE_GROUPS': under('fees.groups'),
  'fee-settings.ts#FEE_SETTING_KEYS': under('fees.keys'),
  'fee-settings.ts#STORAGE_INVENTORY_TYPES': under('po.types'),
  'mutations.ts#MUTATION_NAMES': hidden('outbox wire names; the sync screen describes each action in words'),
  'permissions.ts#ACTIONS': under('permissions.actions'),
  'permissions.ts#RESOURCES': under('permissions.resources'),
  'rules/addresses.ts#STATE_REQUIRED_COUNTRIES': hidden('country codes checked by the address rule'),
  'rules/dispositions.ts#DISPOSITION_REASONS': under('inventory.dispositionReasons'),
  'rules/dispositions.ts#LEAVING_RESOLUTIONS': under('problems.resolutions'),
  'rules/fbm-pick.ts#NOT_PICKABLE_LOCATIONS': asIs('location codes, printed on the racks as they are'),
  'rules/fbm-pick.ts#NOT_PICKABLE_TYPES': under('wms.types'),
  'rules/item-status.ts#ITEM_STATUS_FILTERS': under('items.statuses'),
  'rules/item-status.ts#ITEM_STATUS_NAMES': under('items.statuses'),
  'rules/orders-csv.ts#ORDERS_CSV_COLUMNS': asIs('CSV column headers, written in the file as they are'),
  'rules/orders-csv.ts#ORDERS_CSV_REQUIRED': asIs('CSV column headers, written in the file as they are'),
  'rules/orders-csv.ts#ORDERS_CSV_ISSUE_CODES': under('fbmOrders.csvIssue'),
  'rules/po-csv.ts#CSV_ISSUE_CODES': under('csvIssue'),
  'rules/prep.ts#DANGEROUS_GOODS_ATTRIBUTES': hidden('Amazon listing attribute names read from the catalogue'),
  'rules/returns.ts#RETURNS_CSV_COLUMNS': asIs('CSV column headers, written in the file as they are'),
  'rules/returns.ts#RETURNS_CSV_REQUIRED': asIs('CSV column headers, written in the file as they are'),
  'rules/returns.ts#RETURNS_CSV_ISSUE_CODES': under('returns.csvIssue'),
  'schemas/auth.ts#LOCALES': asIs('each language offered by its own name (Deutsch, Português)'),
  'schemas/carriers.ts#CARRIER_KINDS': under('carriers.kinds'),
  'schemas/charges.ts#CHARGE_EVENT_KINDS': under('businessMetrics.kinds'),
  'schemas/charges.ts#CHARGE_INVOICED_FILTERS': { keys: (v) => `charges.invoiced_${v}` },
  'schemas/charges.ts#CHARGE_SETTLEMENTS': under('enums.settlements'),
  'schemas/customs.ts#CUSTOMS_DOCUMENT_TYPES': asIs('the postal forms’ names, CN22 and CN23'),
  'schemas/customs.ts#CUSTOMS_PURPOSES': under('enums.customsPurposes'),
  'schemas/customs.ts#EXPORT_FILINGS': asIs(
    'US export filing citations (NOEEI 30.37(a)) as the customs form prints them',
  ),
  'schemas/customs.ts#INCOTERMS': asIs('Incoterms® (DDU, DDP, FCA), the same in every language'),
  'schemas/customs.ts#RETURN_HANDLINGS': under('enums.returnHandlings'),
  'schemas/customs.ts#TAX_ID_TYPES': asIs('tax id acronyms (VAT, IOSS, EIN)'),
  'schemas/dashboard.ts#PROBLEM_AGE_BUCKETS': asIs('day ranges (0-1, 8+) drawn on the chart axis'),
  'schemas/fba-prep.ts#OWNER_CONSTRAINTS': hidden('Amazon’s rule of who may prep; the screens say it as a sentence'),
  'schemas/fba-prep.ts#PREP_CATEGORIES': under('bench.prep'),
  'schemas/fba-prep.ts#PREP_TYPES': under('fba.prepTypes'),
  'schemas/fba-prep.ts#SETTABLE_PREP_CATEGORIES': under('fba.precheck.categories'),
  'schemas/fba.ts#FBA_STEPS': under('fba.steps'),
  'schemas/fba.ts#WFS_STEPS': under('wfs.steps'),
  // Walmart's own steps (preview, carrier) are worded with WFS's.
  'schemas/fba.ts#PLAN_STEPS': {
    keys: (v) => (v === 'preview' || v === 'carrier' ? `wfs.steps.${v}` : `fba.steps.${v}`),
  },
  'schemas/fba.ts#LABELING_PREFERENCES': hidden('sent to Amazon with the plan; not chosen on a screen'),
  'schemas/fba.ts#PENDING_BLOCKERS': under('fba.blockers'),
  'schemas/fba.ts#PLAN_CHANNELS': under('enums.planChannels'),
  'schemas/fba.ts#PLAN_EVENT_KINDS': under('fba.eventKinds'),
  'schemas/fba.ts#PLAN_STATUSES': under('wfs.statuses'),
  'schemas/fba.ts#PLAN_STATUS_FILTERS': under('fba.statusFilters'),
  'schemas/fba.ts#PRECHECK_CODES': hidden('each problem is shown by its message, which names the SKU and the fix'),
  'schemas/fba.ts#PREP_OWNERS': under('fba.owners'),
  'schemas/fba.ts#PROBLEM_SEVERITIES': under('fba.precheck'),
  'schemas/fba.ts#RESERVATION_STATES': under('fba.reservations.states'),
  'schemas/fba.ts#TRANSPORT_MODES': under('fba.placement.modes'),
  'schemas/fbm-labels.ts#BULK_BLOCKERS': under('fbmLabels.bulk.why'),
  'schemas/fbm-labels.ts#CUSTOM_LABEL_CARRIERS': asIs('carriers’ own names (USPS, DHL Express)'),
  'schemas/fbm-labels.ts#LABEL_PROVIDERS': under('sandbox.providers'),
  'schemas/fbm-labels.ts#LABEL_RUN_STATUSES': under('enums.labelRunStatuses'),
  'schemas/fbm-labels.ts#ORDER_RESULT_STATES': under('fbmLabels.bulk.states'),
  'schemas/fbm-labels.ts#SERVICE_PRESETS': under('fbmLabels.bulk'),
  'schemas/fbm-orders.ts#ORDER_DESKS': hidden('the two order desks are named by their menu entries'),
  'schemas/fbm-pick.ts#PICK_BATCH_STATUSES': under('fbmPick.status'),
  'schemas/fbm-pick.ts#RESERVE_OUTCOMES': under('fbmPick.reserve.line'),
  'schemas/fbm-pick.ts#RESERVE_SCOPES': hidden('which reserve button was pressed; each button says its scope'),
  'schemas/fbm-pick.ts#SHORT_PICK_REASONS': under('fbmPick.reasons'),
  'schemas/fbm-pick.ts#VERIFY_MISMATCH_KINDS': under('enums.verifyMismatches'),
  'schemas/fbm-pick.ts#VERIFY_RESULTS': under('fbmShip.verify'),
  'schemas/fbm-pick.ts#VERIFY_SUBJECTS': hidden(
    'what a verification scan checked; the screen shows the batch or order itself',
  ),
  'schemas/fbm-ship.ts#CONFIRMATION_STATES': under('fbmShip.confirmation'),
  'schemas/fbm-ship.ts#FBM_SHIPMENT_SOURCES': under('enums.shipmentSources'),
  'schemas/fbm-ship.ts#FBM_SHIPMENT_STATUSES': under('fbmShip.statuses'),
  'schemas/fbm-ship.ts#ORDER_VERIFY_STATES': under('fbmShip.verify'),
  'schemas/fbm-ship.ts#PICKUP_STATUSES': under('fbmShip.pickup'),
  'schemas/finance.ts#BALANCE_TYPES': under('finance.funds.types'),
  'schemas/finance.ts#TRANSACTION_KINDS': under('finance.kinds'),
  'schemas/finance.ts#TRANSACTION_METHODS': under('finance.methods'),
  'schemas/finance.ts#TRANSACTION_STATUSES': under('finance.statuses'),
  'schemas/freight-shipments.ts#FREIGHT_ACCESSORIALS': under('freight.accessorialNames'),
  'schemas/freight-shipments.ts#FREIGHT_DOCUMENTS': under('enums.freightDocuments'),
  'schemas/freight-shipments.ts#FREIGHT_SHIPMENT_STATUSES': under('freight.statuses'),
  'schemas/freight-shipments.ts#HANDLING_UNIT_TYPES': under('freight.unitTypes'),
  'schemas/inbound.ts#BATCH_STAGES': under('po.stages'),
  'schemas/inbound.ts#CSV_COLUMNS': asIs('CSV column headers, written in the file as they are'),
  'schemas/inbound.ts#DELIVERY_FILTERS': under('delivered'),
  'schemas/inbound.ts#ITEM_ACTIONS': under('po.types'),
  'schemas/inbound.ts#ITEM_SCAN_VERDICTS': under('itemScan.verdicts'),
  'schemas/inbound.ts#MATCH_STATUSES': under('dock'),
  'schemas/inbound.ts#PO_LIST_TYPES': under('po.types'),
  'schemas/inbound.ts#RECEIVE_BATCH_STATUSES': under('moves.statuses'),
  'schemas/inventory.ts#ADJUSTMENT_REASONS': under('inventory.adjustReasons'),
  'schemas/inventory.ts#CONDITIONS': under('inventory.conditions'),
  'schemas/inventory.ts#MOVE_REASONS': under('moves.reasons'),
  'schemas/inventory.ts#SNAPSHOT_GROUPINGS': under('inventory'),
  'schemas/invoices.ts#INVOICE_STATUSES': under('invoices.status'),
  'schemas/invoices.ts#INVOICE_STATUS_FILTERS': under('invoices.status'),
  'schemas/jobs.ts#JOB_NAMES': under('jobs.names'),
  'schemas/jobs.ts#JOB_STATES': under('jobs.states'),
  'schemas/label-designs.ts#LOCATION_LABEL_SIZES': asIs('label stock sizes in inches (4x6), as the rolls are sold'),
  'schemas/label-designs.ts#LOCATION_SEGMENTS': under('printing.fields'),
  'schemas/labels.ts#ARROW_DIRECTIONS': under('designer.arrows'),
  'schemas/labels.ts#LABEL_FORMATS': asIs('file formats (ZPL, PDF, SVG)'),
  'schemas/labels.ts#LABEL_KINDS': under('printing.kinds'),
  'schemas/labels.ts#LABEL_SIZES': asIs('label stock sizes in inches (4x6), as the rolls are sold'),
  'schemas/labels.ts#LABEL_TEMPLATES': under('printing.templates'),
  'schemas/labels.ts#SHEET_SIZES': under('printing.sizes'),
  'schemas/labels.ts#PRINT_TRANSPORTS': under('printing.transport'),
  'schemas/labels.ts#DIALOG_BATCHES': under('printing.dialogBatch'),
  'schemas/leader-board.ts#LEADER_BOARD_METRICS': under('leaderBoard.metrics'),
  'schemas/leader-board.ts#UNITS_HANDLED_FROM': under('leaderBoard.metrics'),
  'schemas/listings.ts#AMAZON_LISTING_CHANNELS': under('listings.channels'),
  'schemas/listings.ts#LISTING_CHANNELS': under('listings.channels'),
  'schemas/listings.ts#LISTING_CONDITIONS': under('listings.conditions'),
  'schemas/listings.ts#LISTING_FILTERS': under('listings.filters'),
  'schemas/listings.ts#WALMART_LISTING_CHANNELS': under('listings.channels'),
  'schemas/locations.ts#LOCATION_TYPE_NAMES': under('wms.types'),
  'schemas/marketplace-inventory.ts#INVENTORY_TYPES': under('marketplace.tabs'),
  'schemas/marketplace-inventory.ts#MARKETPLACES': under('stores.providers'),
  'schemas/marketplace-inventory.ts#MARKETPLACE_STOCK_FILTERS': under('marketplace.stockFilters'),
  'schemas/notifications.ts#NOTIFICATION_KINDS': under('notifications.kinds'),
  'schemas/orders.ts#FBM_ORDER_STATUSES': under('fbmOrders.statuses'),
  'schemas/orders.ts#FULFILLMENT_NETWORKS': under('enums.fulfillmentNetworks'),
  'schemas/orders.ts#MARKETPLACE_FULFILLED_NETWORKS': under('enums.fulfillmentNetworks'),
  'schemas/orders.ts#MARKED_ORDER_PROGRAMS': under('fbmOrders.programs'),
  'schemas/orders.ts#OPERATION_STATUSES': under('fba.operationStates'),
  'schemas/orders.ts#SALES_CHANNELS': under('fbmOrders.channels'),
  'schemas/plans.ts#CHARGE_SCHEDULES': under('plans.schedules'),
  'schemas/plans.ts#PLAN_CATEGORIES': under('plans.categories'),
  'schemas/plans.ts#PLAN_STATUSES': under('plans.statuses'),
  'schemas/plans.ts#PLAN_TIERS': under('plans.tiers'),
  'schemas/prep-materials.ts#BAG_KINDS': under('prepMaterials.kinds'),
  'schemas/prep-materials.ts#PREP_MATERIAL_KINDS': under('prepMaterials.kinds'),
  'schemas/prep-materials.ts#PREP_MATERIAL_MOVEMENT_KINDS': under('enums.materialMovements'),
  'schemas/problems.ts#CLIENT_RESOLUTIONS': under('problems.resolutions'),
  'schemas/problems.ts#CLOSED_PROBLEM_STATUSES': under('problems.statuses'),
  'schemas/problems.ts#DAMAGE_TYPES': under('problems.damageTypes'),
  'schemas/problems.ts#PROBLEM_RESOLUTIONS': under('problems.resolutions'),
  'schemas/problems.ts#PROBLEM_STATUSES': under('problems.statuses'),
  'schemas/problems.ts#PROBLEM_TYPES': under('problems.types'),
  'schemas/products.ts#CODE_TYPES': under('enums.codeTypes'),
  'schemas/products.ts#PACKINGS': under('products.packings'),
  'schemas/products.ts#PRODUCT_TYPES': under('products.types'),
  'schemas/returns.ts#RETURN_KINDS': under('enums.returnKinds'),
  'schemas/returns.ts#RETURN_LIST_TYPES': under('returns.types'),
  'schemas/returns.ts#RETURN_SOURCES': under('returns.sources'),
  'schemas/returns.ts#RETURN_STAGES': under('returns.stages'),
  'schemas/scanner.ts#WEDGE_TERMINATORS': under('scanner.keys'),
  'schemas/shipping-labels.ts#LABEL_FORMATS': under('shippingLabels.formats'),
  'schemas/shipping-labels.ts#LABEL_STATUSES': under('shippingLabels.statuses'),
  'schemas/storage-charges.ts#STORAGE_VOLUME_UNITS': under('storageCharges.units'),
  'schemas/stores.ts#ACCOUNT_KIND_NAMES': under('credentials.kinds'),
  'schemas/stores.ts#CONNECTION_STATES': under('stores.connections'),
  'schemas/stores.ts#SANDBOX_PROVIDERS': under('sandbox.providers'),
  'schemas/stores.ts#STORE_ENVIRONMENTS': under('stores.environments'),
  'schemas/stores.ts#STORE_MARKETPLACES': under('stores.marketplaces'),
  'schemas/sync-wire.ts#REJECTION_CODES': hidden(
    'the wire code of a refused action; the outbox shows the server’s message',
  ),
  'sync-protocol.ts#REJECTION_CODES': hidden(
    'the wire code of a refused action; the outbox shows the server’s message',
  ),
  'sync-protocol.ts#REPLICA_TABLES': hidden('names of the device’s offline tables'),
  'schemas/wfs-items.ts#BATTERY_TECHNOLOGY_TYPES': asIs('Walmart’s own attribute values, sent to Walmart as they are'),
  'schemas/wfs-items.ts#BATTERY_TYPES_CONTAINED': asIs('Walmart’s own attribute values, sent to Walmart as they are'),
  'schemas/wfs-items.ts#ION_BATTERY_PACKAGINGS': asIs('Walmart’s own attribute values, sent to Walmart as they are'),
  'schemas/wfs-items.ts#YES_NO': under('enums.yesNo'),
  'schemas/wfs-items.ts#WFS_SETUP_STATUSES': under('fba.operationStates'),
  'schemas/wfs-templates.ts#WFS_CARRIER_PREFERENCES': under('wfsTemplates.carriers'),
  'schemas/wfs-templates.ts#WFS_SHIPPING_MODES': under('wfsTemplates.modes'),
  'settings-keys.ts#LAYOUT_TYPES': under('layout'),
  'settings-keys.ts#THEME_SKINS': under('layout'),
  'settings-keys.ts#SETTING_KEYS': hidden('names of stored per-user settings rows'),
  'settings-keys.ts#TENANT_SETTING_KEYS': under('general'),
};

/** An enum value in the reader's language; a trade term or unknown value as it is. */
export function enumLabel(t: TFunction, id: keyof typeof ENUM_LABELS, value: string): string {
  const label = ENUM_LABELS[id];
  if (!label || !('keys' in label)) return value;
  return t(label.keys(value), { defaultValue: value });
}
