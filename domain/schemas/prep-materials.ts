/**
 * Prep materials and cost groups (issue 21): the shapes the screens and the server share.
 * Prices are decimal text with up to 6 decimals (domain/rules/money.ts), never floats; quantities
 * are whole units. Stock on hand is the sum of an append-only movement ledger.
 */
import { isChargeCode } from '../billing/charge-codes.js';
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { PRICE_DECIMALS, scaledDecimal } from '../rules/money.js';

export const PREP_MATERIAL_KINDS = ['box', 'polyBag', 'bubbleWrap', 'tape', 'label', 'other'] as const;
export type PrepMaterialKind = (typeof PREP_MATERIAL_KINDS)[number];
/** Kinds with a flat size (length × width in inches): the bag a unit goes in (domain/rules/prep-materials.ts). */
export const BAG_KINDS: readonly PrepMaterialKind[] = ['polyBag', 'bubbleWrap'];

export const PREP_MATERIAL_MOVEMENT_KINDS = ['purchase', 'consumption', 'adjustment'] as const;
export type PrepMaterialMovementKind = (typeof PREP_MATERIAL_MOVEMENT_KINDS)[number];

/** Largest price accepted (the column is numeric(18,6)). */
const MAX_PRICE_WHOLE_DIGITS = 12;

/** A decimal's canonical text: no leading zeros, at least 2 decimals, trailing zeros dropped beyond. */
export function canonicalPrice(value: string): string {
  const scaled = scaledDecimal(value, PRICE_DECIMALS);
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(PRICE_DECIMALS + 1, '0');
  const whole = digits.slice(0, -PRICE_DECIMALS);
  let fraction = digits.slice(-PRICE_DECIMALS).replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A price field: decimal text ≥ 0 with up to 6 decimals → its canonical text. */
export const priceSchema = (field: string) =>
  z
    .string({ error: `${field}: a price such as 1.25` })
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${field}: a price such as 1.25 (not negative)`)
    .refine((v) => (v.split('.')[1] ?? '').length <= PRICE_DECIMALS, `${field}: at most ${PRICE_DECIMALS} decimals`)
    .refine((v) => v.split('.')[0].replace(/^0+/, '').length <= MAX_PRICE_WHOLE_DIGITS, `${field}: too large`)
    .transform(canonicalPrice);

const dimensionSchema = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, `${field}: inches, up to 2 decimals`)
    .refine((v) => Number(v) > 0, `${field}: more than 0`)
    .optional()
    .or(z.literal('').transform(() => undefined))
    .or(z.null().transform(() => undefined));

const wholeNumber = (field: string, min: number) =>
  z.coerce
    .number({ error: `${field}: a whole number` })
    .int(`${field}: a whole number`)
    .min(min, `${field}: at least ${min}`)
    .max(100_000_000, `${field}: too large`);

export const costGroupInputSchema = z.object({
  name: z.string({ error: 'name: required' }).trim().min(1, 'name: required').max(100, 'name: at most 100 characters'),
  description: z.string().trim().max(500, 'description: at most 500 characters').optional().nullable(),
  /** Charge codes the group reports together; each code in one group at most (the server checks). */
  chargeCodes: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .refine((c) => isChargeCode(c), { message: 'chargeCodes: not a charge code billing knows' }),
      { error: 'chargeCodes: a list of charge codes' },
    )
    .max(100, 'chargeCodes: at most 100')
    .refine((codes) => new Set(codes).size === codes.length, 'chargeCodes: a code is listed twice')
    .default([]),
});
export type CostGroupInput = z.infer<typeof costGroupInputSchema>;

export const costGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  materialCount: z.number().int(),
  chargeCodes: z.array(z.string()),
  updatedAt: z.string(),
});
export type CostGroup = z.infer<typeof costGroupSchema>;
export const costGroupPageSchema = pageSchema(costGroupSchema);

export const prepMaterialCodeSchema = z
  .string({ error: 'code: required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9._/-]{0,39}$/, 'code: 1–40 letters, digits or - . / _');

export const prepMaterialInputSchema = z
  .object({
    name: z
      .string({ error: 'name: required' })
      .trim()
      .min(1, 'name: required')
      .max(120, 'name: at most 120 characters'),
    code: prepMaterialCodeSchema,
    kind: z.enum(PREP_MATERIAL_KINDS, { error: `kind: one of ${PREP_MATERIAL_KINDS.join(', ')}` }),
    unitOfMeasure: z
      .string({ error: 'unitOfMeasure: required' })
      .trim()
      .min(1, 'unitOfMeasure: required')
      .max(20, 'unitOfMeasure: at most 20 characters'),
    costGroupId: z.coerce.number().int().positive().optional().nullable(),
    costPrice: priceSchema('costPrice'),
    clientPrice: priceSchema('clientPrice'),
    lengthIn: dimensionSchema('lengthIn'),
    widthIn: dimensionSchema('widthIn'),
    heightIn: dimensionSchema('heightIn'),
    reorderLevel: wholeNumber('reorderLevel', 0).default(0),
    active: z.boolean().default(true),
  })
  .superRefine((m, ctx) => {
    const dims = [m.lengthIn, m.widthIn, m.heightIn];
    const isBag = (BAG_KINDS as readonly string[]).includes(m.kind);
    if (m.kind !== 'box' && !isBag && dims.some((d) => d !== undefined))
      ctx.addIssue({ code: 'custom', message: 'lengthIn: dimensions are for boxes and bags only', path: ['lengthIn'] });
    if (isBag && m.heightIn !== undefined)
      ctx.addIssue({ code: 'custom', message: 'heightIn: a bag has a length and a width only', path: ['heightIn'] });
    if (isBag && (m.lengthIn === undefined) !== (m.widthIn === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'lengthIn: a bag has a length and a width, or none',
        path: ['lengthIn'],
      });
    if (m.kind === 'box' && dims.some((d) => d !== undefined) && dims.some((d) => d === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'lengthIn: a box has length, width and height, or none',
        path: ['lengthIn'],
      });
  });
export type PrepMaterialInput = z.infer<typeof prepMaterialInputSchema>;

export const prepMaterialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(PREP_MATERIAL_KINDS),
  unitOfMeasure: z.string(),
  costGroupId: z.number().int().nullable(),
  costGroupName: z.string().nullable(),
  costPrice: z.string(),
  clientPrice: z.string(),
  lastCost: z.string().nullable(),
  lengthIn: z.string().nullable(),
  widthIn: z.string().nullable(),
  heightIn: z.string().nullable(),
  reorderLevel: z.number().int(),
  active: z.boolean(),
  onHand: z.number().int(),
  lowStock: z.boolean(),
  updatedAt: z.string(),
});
export type PrepMaterial = z.infer<typeof prepMaterialSchema>;
export const prepMaterialPageSchema = pageSchema(prepMaterialSchema);

/** Low stock: on hand at or below the reorder level. */
export const isLowStock = (onHand: number, reorderLevel: number): boolean => onHand <= reorderLevel;

export const prepMaterialStockSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(PREP_MATERIAL_KINDS),
  unitOfMeasure: z.string(),
  costGroupName: z.string().nullable(),
  onHand: z.number().int(),
  reorderLevel: z.number().int(),
  lowStock: z.boolean(),
  active: z.boolean(),
});
export const prepMaterialStockPageSchema = pageSchema(prepMaterialStockSchema);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
export const prepMaterialPurchaseInputSchema = z.object({
  materialId: z.coerce
    .number({ error: 'materialId: required' })
    .int('materialId: required')
    .positive('materialId: required'),
  quantity: wholeNumber('quantity', 1),
  unitCost: priceSchema('unitCost'),
  supplier: z.string().trim().max(120, 'supplier: at most 120 characters').optional().nullable(),
  reference: z.string().trim().max(120, 'reference: at most 120 characters').optional().nullable(),
  purchasedOn: z
    .string({ error: 'purchasedOn: a day such as 2026-01-31' })
    .trim()
    .regex(isoDay, 'purchasedOn: a day such as 2026-01-31')
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      'purchasedOn: not a real day',
    ),
});
export type PrepMaterialPurchaseInput = z.infer<typeof prepMaterialPurchaseInputSchema>;

export const prepMaterialPurchaseSchema = z.object({
  id: z.number().int(),
  materialId: z.number().int(),
  materialName: z.string(),
  materialCode: z.string(),
  quantity: z.number().int(),
  unitCost: z.string(),
  supplier: z.string().nullable(),
  reference: z.string().nullable(),
  purchasedOn: z.string(),
  createdAt: z.string(),
  onHand: z.number().int().optional(),
});
export type PrepMaterialPurchase = z.infer<typeof prepMaterialPurchaseSchema>;
export const prepMaterialPurchasePageSchema = pageSchema(prepMaterialPurchaseSchema);

/** A count of one material: what is on the shelf; the difference is booked as an adjustment. */
export const prepMaterialCountInputSchema = z.object({
  materialId: z.coerce
    .number({ error: 'materialId: required' })
    .int('materialId: required')
    .positive('materialId: required'),
  counted: wholeNumber('counted', 0),
  note: z.string().trim().max(200, 'note: at most 200 characters').optional().nullable(),
});
export type PrepMaterialCountInput = z.infer<typeof prepMaterialCountInputSchema>;
export const prepMaterialCountSchema = z.object({
  materialId: z.number().int(),
  before: z.number().int(),
  onHand: z.number().int(),
  /** counted − before; 0 books nothing. */
  adjustment: z.number().int(),
  movementId: z.number().int().nullable(),
});
