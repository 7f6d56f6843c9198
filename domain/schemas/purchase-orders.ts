/** Purchase-order items of an inbound batch and the CSV upload that creates them (issue 6). */
import { z } from 'zod';
import { gtinCheckDigitOk } from '../rules/gs1.js';

export const ITEM_ACTIONS = ['fba_prep', 'wfs_prep', 'fbm', 'storage'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

const optionalCode = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(re, message))
    .optional()
    .or(z.literal('').transform(() => undefined));

export const poItemSchema = z
  .object({
    title: z.string().trim().min(1, 'title is required').max(500),
    asin: optionalCode(/^[A-Z0-9]{10}$/, 'asin: 10 letters or digits'),
    fnsku: optionalCode(/^[A-Z0-9]{10}$/, 'fnsku: 10 letters or digits'),
    msku: z
      .string()
      .trim()
      .max(40)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    upc: optionalCode(/^\d{8}$|^\d{12,14}$/, 'upc: 8, 12, 13 or 14 digits (UPC/EAN/GTIN)').refine(
      (v) => v === undefined || gtinCheckDigitOk(v),
      'upc: wrong check digit',
    ),
    expectedQty: z.coerce.number().int('expectedQty: a whole number').min(1, 'expectedQty: at least 1').max(1_000_000),
    packSize: z.coerce.number().int('packSize: a whole number').min(1, 'packSize: at least 1').max(10_000).default(1),
    costCents: z.coerce.number().int().min(0).optional(),
    supplier: z.string().trim().max(200).optional(),
    itemAction: z.enum(ITEM_ACTIONS).default('fba_prep'),
    shipToCountryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'shipToCountryCode: two letters')
      .optional(),
  })
  .refine((i) => i.asin || i.fnsku || i.msku || i.upc, {
    message: 'at least one product code (asin, fnsku, msku or upc) is required',
    path: ['asin'],
  });
export type PoItem = z.infer<typeof poItemSchema>;

/** The CSV template's columns, in order. Money is in the currency's major unit in the file. */
export const CSV_COLUMNS = [
  'title',
  'asin',
  'fnsku',
  'msku',
  'upc',
  'quantity',
  'pack_size',
  'cost',
  'supplier',
  'item_action',
  'ship_to_country',
  'tracking_number',
] as const;

export const csvUploadQuerySchema = z.object({
  /** Required unless createOnlyListings=true (then no batch is made). */
  batch_name: z.string().trim().min(1, 'batch_name is required').max(120).optional(),
  ecommerce_store: z.string().trim().max(120).optional(),
  warehouseId: z.coerce.number().int().positive().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  receiveInventory: z.enum(['true', 'false']).optional(),
  /** Also list the items in the client's product catalogue (products created for codes it does not know yet). */
  listItems: z.enum(['true', 'false']).optional(),
  shipToCountryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Only list the items in the catalogue: no purchase order, quantities and tracking numbers unused. */
  createOnlyListings: z.enum(['true', 'false']).optional(),
  /** Validate and report without storing anything. */
  validateOnly: z.enum(['true', 'false']).optional(),
});
