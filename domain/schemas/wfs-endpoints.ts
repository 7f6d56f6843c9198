/**
 * The rest of spec §7 "Walmart fulfillment" (/api/outbound/wfs): connecting a Walmart store's
 * WFS credentials, a plan edited while it is a draft, one plan line at a time, the plan's bench
 * batch, its boxes one by one and all at once, scans from the desk, and the client's products
 * that can go to WFS. Shapes shared by the server and the screens.
 */
import { z } from 'zod';
import {
  benchBoxItemRowSchema,
  benchBoxRowSchema,
  benchLineRowSchema,
  benchPlanRowSchema,
  boxScanResultSchema,
  boxTreeSchema,
  MAX_SCAN_QUANTITY,
} from './bench.js';
import { planLineInputSchema } from './fba.js';
import { STORE_ENVIRONMENTS, storeRowSchema } from './stores.js';
import { MAX_WFS_NAME, wfsPlanItemSchema, wfsShipFromSchema } from './wfs.js';
import { pageSchema } from '../paging.js';

// ---- auth: a Walmart store's WFS credentials ----

/**
 * Connect a client's Walmart store for WFS: an existing store (storeId) or a new one (name), with
 * the seller's client id and secret. The secret goes in and never comes back out.
 */
export const wfsAuthCreateSchema = z
  .object({
    companyId: z.number().int().positive().optional(),
    storeId: z.number().int().positive('storeId: the Walmart store').optional(),
    name: z.string().trim().min(1, 'name: give the store a name').max(80, 'name: at most 80 characters').optional(),
    /** Walmart's partner id, as Seller Center shows it. */
    sellerId: z.string().trim().max(80, 'sellerId: at most 80 characters').optional(),
    /** A new store starts in the sandbox unless told; an existing one keeps its own unless told. */
    environment: z.enum(STORE_ENVIRONMENTS, { error: 'environment: sandbox or production' }).optional(),
    clientId: z
      .string({ error: 'clientId: the client id Walmart issued' })
      .trim()
      .min(4, 'clientId: the client id Walmart issued')
      .max(200, 'clientId: at most 200 characters'),
    clientSecret: z
      .string({ error: 'clientSecret: the client secret Walmart issued' })
      .trim()
      .min(8, 'clientSecret: at least 8 characters')
      .max(500, 'clientSecret: at most 500 characters'),
  })
  .refine((v) => v.storeId !== undefined || v.name !== undefined, {
    message: 'name: name the new store, or give the storeId of an existing Walmart store',
    path: ['name'],
  });
export type WfsAuthCreate = z.infer<typeof wfsAuthCreateSchema>;

export const wfsAuthResultSchema = z.object({
  store: storeRowSchema,
  /** A new store was added (false: the existing one took the credentials). */
  created: z.boolean(),
  /** Walmart answered with the credentials (a real call); the message says why not otherwise. */
  connected: z.boolean(),
  message: z.string(),
});
export type WfsAuthResult = z.infer<typeof wfsAuthResultSchema>;

/** A fresh access token was asked of Walmart: when it expires (the token itself never leaves the server). */
export const wfsTokenRefreshSchema = z.object({
  storeId: z.number().int(),
  connection: storeRowSchema.shape.connection,
  tokenExpiresAt: z.string(),
});

// ---- a draft plan edited ----

export const MAX_PLAN_NOTES = 2_000;

export const wfsPlanUpdateSchema = z
  .object({
    name: z
      .string({ error: 'name: enter a name for the plan' })
      .trim()
      .min(1, 'name: enter a name for the plan')
      .max(MAX_WFS_NAME, `name: at most ${MAX_WFS_NAME} characters`)
      .optional(),
    shipFrom: wfsShipFromSchema.optional(),
    /** A WFS shipping template whose ship-from the plan takes (the client's own or the warehouse's shared). */
    templateId: z.number().int().positive('templateId: a shipping template').optional(),
    /** Free notes; empty clears them. */
    notes: z
      .string({ error: 'notes: text' })
      .trim()
      .max(MAX_PLAN_NOTES, `notes: at most ${MAX_PLAN_NOTES.toLocaleString('en-US')} characters`)
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Change something: name, shipFrom, templateId or notes',
  })
  .refine((v) => !(v.shipFrom && v.templateId), {
    message: 'templateId: give a ship-from or a template, not both',
    path: ['templateId'],
  });
export type WfsPlanUpdate = z.infer<typeof wfsPlanUpdateSchema>;

// ---- plan lines, one at a time ----

export const wfsLineCreateSchema = planLineInputSchema;

const lineFields = planLineInputSchema.omit({ productId: true });
/**
 * A line's fields changed; those left out keep their value (so no defaults here: an absent
 * prepOwner is "unchanged", not "SELLER").
 */
export const wfsLineUpdateSchema = lineFields
  .extend({ prepOwner: lineFields.shape.prepOwner.unwrap().optional() })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Change something of the line' });
export type WfsLineUpdate = z.infer<typeof wfsLineUpdateSchema>;

export const wfsLineQuantitySchema = lineFields.pick({ quantity: true });

/** A plan line with what it holds at PREP-WFS and how much of it is boxed (spec plan items query/batch). */
export const wfsPlanLineSchema = wfsPlanItemSchema.extend({
  held: z.number().int(),
  boxed: z.number().int(),
});
export const wfsPlanLinesViewSchema = z.array(wfsPlanLineSchema);

// ---- the bench batch and its boxes ----

/** The plan as the bench's devices replicate it: the plan row, its lines with every code, boxes, contents. */
export const wfsBatchSchema = z.object({
  plan: benchPlanRowSchema,
  lines: z.array(benchLineRowSchema),
  boxes: z.array(benchBoxRowSchema),
  boxItems: z.array(benchBoxItemRowSchema),
});
export type WfsBatch = z.infer<typeof wfsBatchSchema>;

export const wfsBoxViewSchema = boxTreeSchema.shape.boxes.element;
export const wfsBoxListSchema = z.array(wfsBoxViewSchema);

export const wfsBoxesClearedSchema = z.object({ boxes: z.number().int(), units: z.number().int() });

const scanCode = z
  .string({ error: 'code: scan or type the unit’s barcode' })
  .trim()
  .min(1, 'code: scan or type the unit’s barcode')
  .max(80, 'code: at most 80 characters');
const scanQuantity = z
  .number({ error: 'quantity: a whole number of units' })
  .int('quantity: a whole number of units')
  .min(1, 'quantity: at least 1')
  .max(MAX_SCAN_QUANTITY, `quantity: at most ${MAX_SCAN_QUANTITY}`)
  .default(1);
const boxId = z.uuid({ error: 'boxId: a box id' });

/** One scan into a box from the desk (spec items/box scan-item). */
export const wfsScanItemSchema = z.object({ boxId, code: scanCode, quantity: scanQuantity });

/** Several scans into one box, all or none (spec items/box bulk). */
export const MAX_BULK_SCANS = 500;
export const wfsBulkScanSchema = z.object({
  boxId,
  items: z
    .array(z.object({ code: scanCode, quantity: scanQuantity }), { error: 'items: codes and quantities' })
    .min(1, 'items: at least one code')
    .max(MAX_BULK_SCANS, `items: at most ${MAX_BULK_SCANS} codes at once`),
});
export const wfsBulkScanResultSchema = z.object({ units: z.number().int(), scans: z.array(boxScanResultSchema) });

// ---- items/search ----

export const wfsItemSearchQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  /** The Walmart store whose listings' GTINs count too. */
  storeId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100, 'q: at most 100 characters').optional(),
});

export const wfsItemSearchRowSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  msku: z.string().nullable(),
  upc: z.string().nullable(),
  productKey: z.string(),
  walmartProductId: z.string().nullable(),
  walmartProductType: z.enum(['GTIN', 'UPC', 'EAN']).nullable(),
  /** Units at PREP-WFS, held by WFS plans, free to plan. */
  onHand: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  /** Walmart can take it: a product id it knows and a SKU; otherwise `problem` says what is missing. */
  eligible: z.boolean(),
  problem: z.string().nullable(),
});
export type WfsItemSearchRow = z.infer<typeof wfsItemSearchRowSchema>;
export const wfsItemSearchPageSchema = pageSchema(wfsItemSearchRowSchema);
