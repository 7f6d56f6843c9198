/**
 * Amazon's prep details of a SKU (Fulfillment Inbound v2024-03-20 listPrepDetails/setPrepDetails):
 * its prep category, the prep types that category asks for, and who may label and prep it. Amazon
 * refuses an inbound plan with a SKU whose category is UNKNOWN, so the pre-check reads them first
 * and the plan's screen lets the prep centre set the category.
 */
import { z } from 'zod';

/** Amazon's PrepCategory. FC_PROVIDED is Amazon's own and UNKNOWN is the absence of one: neither can be set. */
export const PREP_CATEGORIES = [
  'ADULT',
  'BABY',
  'FC_PROVIDED',
  'FRAGILE',
  'GRANULAR',
  'HANGER',
  'LIQUID',
  'PERFORATED',
  'SET',
  'SHARP',
  'SMALL',
  'TEXTILE',
  'UNKNOWN',
  'NONE',
] as const;
export type PrepCategory = (typeof PREP_CATEGORIES)[number];
export const SETTABLE_PREP_CATEGORIES = PREP_CATEGORIES.filter(
  (c): c is Exclude<PrepCategory, 'FC_PROVIDED' | 'UNKNOWN'> => c !== 'FC_PROVIDED' && c !== 'UNKNOWN',
);
export type SettablePrepCategory = (typeof SETTABLE_PREP_CATEGORIES)[number];

/** Amazon's PrepType. */
export const PREP_TYPES = [
  'ITEM_BLACK_SHRINKWRAP',
  'ITEM_BLANKSTK',
  'ITEM_BOXING',
  'ITEM_BUBBLEWRAP',
  'ITEM_CAP_SEALING',
  'ITEM_DEBUNDLE',
  'ITEM_HANG_GARMENT',
  'ITEM_LABELING',
  'ITEM_NO_PREP',
  'ITEM_POLYBAGGING',
  'ITEM_RMOVHANG',
  'ITEM_SETCREAT',
  'ITEM_SETSTK',
  'ITEM_SIOC',
  'ITEM_SUFFOSTK',
  'ITEM_TAPING',
] as const;
export type PrepType = (typeof PREP_TYPES)[number];

/** Amazon's OwnerConstraint: who alone may label (or prep) the SKU, when Amazon says so. */
export const OWNER_CONSTRAINTS = ['AMAZON_ONLY', 'NONE_ONLY', 'SELLER_ONLY'] as const;
export type OwnerConstraint = (typeof OWNER_CONSTRAINTS)[number];

/** A SKU's prep details as Dockside last read them from Amazon, and a change sent but not yet applied. */
export const prepDetailSchema = z.object({
  msku: z.string(),
  prepCategory: z.enum(PREP_CATEGORIES),
  prepTypes: z.array(z.enum(PREP_TYPES)),
  labelOwnerConstraint: z.enum(OWNER_CONSTRAINTS).nullable(),
  prepOwnerConstraint: z.enum(OWNER_CONSTRAINTS).nullable(),
  /** When Amazon last said so. */
  readAt: z.string(),
  /** A category sent to Amazon whose operation has not finished. */
  pending: z.object({ prepCategory: z.enum(PREP_CATEGORIES), prepTypes: z.array(z.enum(PREP_TYPES)) }).nullable(),
  /** Why Amazon refused the last category sent, if it did. */
  problem: z.string().nullable(),
});
export type PrepDetail = z.infer<typeof prepDetailSchema>;
export const prepDetailListSchema = z.object({ items: z.array(prepDetailSchema) });

/** The plan screen's request: the prep category (and, when not the category's usual, the prep types) per SKU. */
export const prepDetailsSetSchema = z.object({
  items: z
    .array(
      z.object({
        msku: z.string().trim().min(1, { error: 'msku: required' }).max(255),
        prepCategory: z.enum(SETTABLE_PREP_CATEGORIES, {
          error: `prepCategory: one of ${SETTABLE_PREP_CATEGORIES.join(', ')}`,
        }),
        prepTypes: z
          .array(z.enum(PREP_TYPES, { error: 'prepTypes: Amazon prep types' }))
          .max(16)
          .optional(),
      }),
    )
    .min(1, { error: 'items: at least one SKU' })
    .max(100, { error: 'items: at most 100 SKUs at a time (Amazon’s limit)' }),
});
export type PrepDetailsSet = z.infer<typeof prepDetailsSetSchema>;
export const prepDetailsSentSchema = z.object({ operationId: z.string(), items: z.array(prepDetailSchema) });
