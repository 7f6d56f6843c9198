/** Billable events as the workflows record them (server/db/schema/charges.ts); billing prices them. */
export const CHARGE_EVENT_KINDS = [
  /** A box packed at the bench (once per box). */
  'box_packed',
  /** Units prepped by the warehouse, per prep type (details.prepType). */
  'unit_prepped',
  /** FNSKU labels the warehouse applied (units whose label owner is the seller). */
  'unit_labelled',
  /** A pallet built for an LTL shipment. */
  'pallet_built',
  /** A shipment that left the building (details: channel, boxes, units). */
  'shipment_shipped',
  /** An LTL shipment's freight passed on to the client (details: PRO number, carrier, amountCents). */
  'freight_charged',
  /** Units received at the dock (per receiving line). */
  'unit_received',
  /** Units sorted to a location after receiving. */
  'unit_sorted',
  /** Units disposed of at the client's request (a problem's disposition). */
  'unit_disposed',
  /** A bundle built (details.items: units in it). */
  'bundle_built',
  /** An FBM order shipped (details.skus, details.units). */
  'fbm_order_shipped',
  /** A prep material used for the client (details.materialId, unitPrice). */
  'prep_material_used',
] as const;
export type ChargeEventKind = (typeof CHARGE_EVENT_KINDS)[number];
