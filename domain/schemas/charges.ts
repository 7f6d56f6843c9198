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
] as const;
export type ChargeEventKind = (typeof CHARGE_EVENT_KINDS)[number];
