/**
 * The product catalogue (issue 7 §5, spec §3 product types and packing, §5 multi-pack rule): a
 * client's products with their codes, dimensions and weight (storage is billed per cubic foot),
 * and bundles made of other products.
 */
import { z } from 'zod';
import { gtinCheckDigitOk } from '../rules/gs1.js';
import { pageSchema } from '../paging.js';
import { hint, type HintKey } from '../validation/error-map.js';

export const PRODUCT_TYPES = ['individual', 'bundle', 'multi_pack', 'custom_bundle'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PACKINGS = ['individual', 'case_packed'] as const;
export const CODE_TYPES = ['UPC', 'EAN', 'GTIN', 'ASIN', 'FNSKU', 'MSKU', 'SKU', 'ISBN', 'OTHER'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
const GTIN_CODE_TYPES: ReadonlySet<CodeType> = new Set(['UPC', 'EAN', 'GTIN']);
/** Spec §10: a multi-pack holds at least 2 units of its product. */
export const MULTI_PACK_MIN_COUNT = 2;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const code = (re: RegExp, rule: HintKey) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || re.test(v), hint(rule));
const measure = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().positive().max(10_000).optional());

export const componentSchema = z.object({
  productId: z.coerce.number().int().positive(),
  quantity: z.coerce.number().int().min(1).max(1000),
});

export const productInputSchema = z.object({
  /** The client the product belongs to (warehouse users; a client's own company otherwise). */
  companyId: z.coerce.number().int().positive().optional(),
  title: z.string().trim().min(1).max(500),
  productType: z.enum(PRODUCT_TYPES).default('individual'),
  packing: z.enum(PACKINGS).default('individual'),
  packSize: z.coerce.number().int().min(1).max(10_000).default(1),
  asin: code(/^[A-Z0-9]{10}$/, 'tenDigitsOrLetters'),
  fnsku: code(/^[A-Z0-9]{10}$/, 'tenDigitsOrLetters'),
  msku: code(/^[A-Z0-9._/-]{1,40}$/, 'code40'),
  upc: code(/^\d{8,14}$/, 'upc').refine(
    (v) => v === undefined || !/^\d{8}$|^\d{12,14}$/.test(v) || gtinCheckDigitOk(v),
    hint('upcCheckDigit'),
  ),
  category: optionalText(100),
  manufacturer: optionalText(100),
  lengthIn: measure(),
  widthIn: measure(),
  heightIn: measure(),
  weightLb: measure(),
  imageUrls: z.array(z.url().max(1000)).max(10).default([]),
  components: z.array(componentSchema).max(100).default([]),
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const productCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9._/-]{3,60}$/, hint('productCode')),
    codeType: z.enum(CODE_TYPES).default('OTHER'),
  })
  .refine((c) => !GTIN_CODE_TYPES.has(c.codeType) || (/^\d{8}$|^\d{12,14}$/.test(c.code) && gtinCheckDigitOk(c.code)), {
    ...hint('gtin'),
    path: ['code'],
  });

// ---- response bodies ----

/** A product in the catalogue list (bundles count their items). */
export const productRowSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  title: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  packing: z.enum(PACKINGS),
  packSize: z.number().int(),
  asin: z.string().nullable(),
  fnsku: z.string().nullable(),
  msku: z.string().nullable(),
  upc: z.string().nullable(),
  category: z.string().nullable(),
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  weightLb: z.number().nullable(),
  items: z.number().int(),
  cubicFeet: z.number().nullable(),
});
export type ProductRow = z.infer<typeof productRowSchema>;
export const productPageSchema = pageSchema(productRowSchema);

/** One product with its codes and, for bundles, its items. */
export const productDetailSchema = productRowSchema.omit({ items: true }).extend({
  manufacturer: z.string().nullable(),
  imageUrls: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  codes: z.array(
    z.object({ id: z.number().int(), code: z.string(), codeType: z.enum(CODE_TYPES), primary: z.boolean() }),
  ),
  components: z.array(
    z.object({
      productId: z.number().int(),
      quantity: z.number().int(),
      title: z.string(),
      msku: z.string().nullable(),
      fnsku: z.string().nullable(),
    }),
  ),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productDeletedSchema = z.object({ id: z.number().int() });
export const nextMskuSchema = z.object({ formula: z.string(), msku: z.string() });
/** Categories or manufacturers in use, for the form's suggestions. */
export const distinctValuesSchema = z.array(z.string());
