/**
 * WFS shipment plans (issue 19, decision 0013): a client's plan of units held at PREP-WFS for one
 * of its Walmart stores, on the same plan model as FBA. Walmart previews where each line would go
 * (one shipment per fulfilment centre), creates the inbound order with those shipments, and the
 * boxes are packed per shipment at the same bench. Shapes shared by the server and the screens.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import {
  planEventSchema,
  planItemSchema,
  planLineInputSchema,
  planRowSchema,
  reservationSchema,
  shipFromSchema,
} from './fba.js';
import type { WfsTemplate } from './wfs-templates.js';

/** Walmart's limit on one inbound order's lines. */
export const MAX_WFS_LINES = 5_000;
/** Walmart's inboundOrderId limit for a preview (Dockside's ids are far shorter). */
export const MAX_WFS_NAME = 50;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Where the units ship from; Walmart's return address needs the state, which Amazon's does not. */
export const wfsShipFromSchema = shipFromSchema.refine((a) => !!a.stateOrProvinceCode, {
  message: 'stateOrProvinceCode: Walmart needs the state (two letters, e.g. NJ)',
  path: ['stateOrProvinceCode'],
});

/**
 * A WFS shipping template's address as a plan's ship-from fields (all text, as typed): the
 * new-plan form's prefill and plan/update's templateId both read a template through this.
 */
export function templateShipFrom(a: WfsTemplate['shipFrom'], companyName: string) {
  return {
    name: a.name,
    companyName: companyName.slice(0, 50),
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    city: a.city,
    stateOrProvinceCode: a.stateCode,
    postalCode: a.postalCode,
    countryCode: a.countryCode,
    phoneNumber: a.phone ?? '',
  };
}

const wfsLines = z
  .array(planLineInputSchema, { error: 'items: a list of products and quantities' })
  .max(
    MAX_WFS_LINES,
    `items: Walmart takes at most ${MAX_WFS_LINES.toLocaleString('en-US')} lines in one inbound order`,
  )
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
    message: 'items: each product once; add the quantities together',
  });

export const wfsPlanCreateSchema = z.object({
  companyId: z.number().int().positive().optional(),
  storeId: z.number({ error: 'storeId: choose the client’s Walmart store' }).int().positive(),
  name: z
    .string({ error: 'name: enter a name for the plan' })
    .trim()
    .min(1, 'name: enter a name for the plan')
    .max(MAX_WFS_NAME, `name: at most ${MAX_WFS_NAME} characters`),
  shipFrom: wfsShipFromSchema,
  items: wfsLines.refine((l) => l.length > 0, 'items: add at least one product'),
});
export type WfsPlanCreate = z.infer<typeof wfsPlanCreateSchema>;

export const wfsPlanLinesSchema = z.object({ items: wfsLines });

/** When the boxes should reach Walmart (a day; Walmart takes a date and time). */
export const wfsPreviewSchema = z.object({
  expectedDeliveryDate: z
    .string({ error: 'expectedDeliveryDate: the day the boxes should arrive, as YYYY-MM-DD' })
    .regex(isoDay, 'expectedDeliveryDate: the day the boxes should arrive, as YYYY-MM-DD'),
});
export type WfsPreviewInput = z.infer<typeof wfsPreviewSchema>;

/** One fulfilment centre of Walmart's preview and the lines it would take. */
export const wfsPreviewNodeSchema = z.object({
  shipNode: z.string().nullable(),
  fcName: z.string().nullable(),
  address: z.string().nullable(),
  nonSortable: z.boolean(),
  lines: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
});
export type WfsPreviewNode = z.infer<typeof wfsPreviewNodeSchema>;

export const wfsPlanPreviewSchema = z.object({
  expectedDeliveryDate: z.string(),
  askedAt: z.string(),
  nodes: z.array(wfsPreviewNodeSchema),
});
export type WfsPlanPreview = z.infer<typeof wfsPlanPreviewSchema>;

/** Walmart's preferred carrier quote for one shipment: small parcel (the boxes) or LTL (the pallets). */
export const wfsCarrierQuoteSchema = z.object({
  mode: z.enum(['PARCEL', 'LTL'], { error: 'mode: PARCEL or LTL' }),
  /** The day the carrier should pick up (YYYY-MM-DD), if known. */
  pickupDate: z.string().regex(isoDay, 'pickupDate: a day as YYYY-MM-DD').optional(),
});
export type WfsCarrierQuoteInput = z.infer<typeof wfsCarrierQuoteSchema>;

/** The client's own carrier: its name and the tracking numbers (one per box, or the PRO number). */
export const wfsOwnCarrierSchema = z.object({
  mode: z.enum(['PARCEL', 'LTL'], { error: 'mode: PARCEL or LTL' }),
  carrierName: z
    .string({ error: 'carrierName: the carrier' })
    .trim()
    .min(1, 'carrierName: the carrier')
    .max(60, 'carrierName: at most 60 characters'),
  trackingNumbers: z
    .array(z.string().trim().min(1, 'trackingNumbers: no empty tracking number').max(60), {
      error: 'trackingNumbers: one per box, or the PRO number',
    })
    .min(1, 'trackingNumbers: one per box, or the PRO number')
    .max(100, 'trackingNumbers: at most 100 (Walmart’s limit)'),
});
export type WfsOwnCarrierInput = z.infer<typeof wfsOwnCarrierSchema>;

/** Which labels of a shipment: Walmart's receiving labels (every box) or its preferred carrier's. */
export const wfsLabelsQuerySchema = z.object({
  kind: z.enum(['receiving', 'carrier'], { error: 'kind: receiving or carrier' }).default('receiving'),
  format: z.enum(['pdf', 'zpl'], { error: 'format: pdf or zpl' }).default('pdf'),
  /** The carrier's pickup day (YYYY-MM-DD, at most 10 days ahead); today when absent. */
  shipDate: z.string().regex(isoDay, 'shipDate: a day as YYYY-MM-DD').optional(),
});
export type WfsLabelsQuery = z.infer<typeof wfsLabelsQuerySchema>;

export const wfsShipmentCarrierSchema = z.object({
  kind: z.enum(['walmart', 'own']),
  status: z.enum(['ESTIMATED', 'ACCEPTED', 'VOIDED', 'OWN']),
  mode: z.enum(['PARCEL', 'LTL']).nullable(),
  carrierName: z.string().nullable(),
  chargeCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  voidableUntil: z.string().nullable(),
  trackingNumbers: z.array(z.string()),
});
export type WfsShipmentCarrier = z.infer<typeof wfsShipmentCarrierSchema>;

export const wfsShipmentSchema = z.object({
  id: z.number().int(),
  shipmentId: z.string(),
  fcName: z.string().nullable(),
  destination: z.string().nullable(),
  status: z.string(),
  lines: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  boxes: z.number().int(),
  expectedDeliveryDate: z.string().nullable(),
  carrier: wfsShipmentCarrierSchema.nullable(),
  shippedAt: z.string().nullable(),
  /** Per SKU, sent and received, as Walmart last reported; a discrepancy flags the shipment for a claim. */
  received: z.array(z.object({ msku: z.string(), shipped: z.number().int(), received: z.number().int() })),
  discrepancy: z.boolean(),
});
export type WfsShipment = z.infer<typeof wfsShipmentSchema>;

export const wfsPlanItemSchema = planItemSchema.extend({
  /** The product id Walmart knows the item by (GTIN-14, UPC-12 or EAN-13), null when the catalogue has none. */
  walmartProductId: z.string().nullable(),
  walmartProductType: z.enum(['GTIN', 'UPC', 'EAN']).nullable(),
});

export const wfsPlanDetailSchema = planRowSchema.extend({
  channel: z.literal('wfs'),
  shipFrom: shipFromSchema,
  items: z.array(wfsPlanItemSchema),
  reservations: z.array(reservationSchema),
  events: z.array(planEventSchema),
  preview: wfsPlanPreviewSchema.nullable(),
  shipments: z.array(wfsShipmentSchema),
  /** Free notes on the plan (plan/update). */
  notes: z.string().nullable(),
});
export type WfsPlanDetail = z.infer<typeof wfsPlanDetailSchema>;

export const wfsPlanPageSchema = pageSchema(planRowSchema);

export const wfsCanTransmitSchema = z.object({ canTransmit: z.boolean(), problems: z.array(z.string()) });

const side = (field: string) =>
  z
    .number({ error: `${field}: inches` })
    .positive(`${field}: more than 0`)
    .max(108, `${field}: at most 108 in`);

/** Auto-assign: the box size loose units go in (inches), and the weight a box may take. */
export const wfsAutoAssignSchema = z.object({
  lengthIn: side('lengthIn'),
  widthIn: side('widthIn'),
  heightIn: side('heightIn'),
  maxWeightLb: z.number().positive('maxWeightLb: more than 0').max(150, 'maxWeightLb: at most 150 lb').optional(),
  /** The DEFINED_BOX_DIMENSIONS preset chosen, if any. */
  preset: z.string().trim().max(60).optional(),
});
export type WfsAutoAssignInput = z.infer<typeof wfsAutoAssignSchema>;
export const wfsAutoAssignResultSchema = z.object({ boxes: z.number().int(), units: z.number().int() });

/** Where each line's units are boxed (spec box-map). */
export const wfsBoxMapSchema = z.array(
  z.object({
    planItemId: z.number().int(),
    msku: z.string().nullable(),
    title: z.string(),
    shipmentId: z.string().nullable(),
    quantity: z.number().int(),
    boxed: z.number().int(),
    boxes: z.array(z.object({ boxId: z.string(), boxNo: z.number().int(), quantity: z.number().int() })),
  }),
);
export type WfsBoxMap = z.infer<typeof wfsBoxMapSchema>;

/** WFS plans counted by status and by step (spec plan stats). */
export const wfsPlanStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  byStep: z.record(z.string(), z.number().int()),
  units: z.number().int(),
});
export const wfsStatsQuerySchema = z.object({ companyId: z.coerce.number().int().positive().optional() });
