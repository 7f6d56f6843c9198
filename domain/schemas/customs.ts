/**
 * Customs for international FBM orders (issue 20 step 8; spec §"Customs" enums and §7 Labels/customs
 * endpoints): a product's customs defaults and an order's customs declaration. The rules that
 * depend on the order (international, EEI/ITN, IOSS, CN22 vs CN23) are in domain/rules/customs.ts.
 */
import { z } from 'zod';

/** DDU: duties billed to the recipient; DDP: billed to the sender; FCA: free carrier (handed over at the carrier). */
export const INCOTERMS = ['DDU', 'DDP', 'FCA'] as const;
export const CUSTOMS_PURPOSES = [
  'MERCHANDISE',
  'DOCUMENTS',
  'GIFT',
  'SAMPLE',
  'RETURN_MERCHANDISE',
  'HUMANITARIAN_DONATION',
  'OTHER',
] as const;
export const TAX_ID_TYPES = ['VAT', 'IOSS', 'EIN'] as const;
/** What the carrier does with a parcel it cannot deliver. */
export const RETURN_HANDLINGS = ['RETURN', 'ABANDON'] as const;
/**
 * US export filing (Foreign Trade Regulations, 15 CFR part 30): an exemption ("no EEI") with its
 * citation, or an EEI filed in AES whose Internal Transaction Number is given.
 */
export const EXPORT_FILINGS = [
  'NOEEI 30.37(a)',
  'NOEEI 30.37(f)',
  'NOEEI 30.37(h)',
  'NOEEI 30.36',
  'AES / ITN',
] as const;
export const AES_ITN: (typeof EXPORT_FILINGS)[number] = 'AES / ITN';
export const CUSTOMS_DOCUMENT_TYPES = ['CN22', 'CN23'] as const;
export type CustomsDocumentType = (typeof CUSTOMS_DOCUMENT_TYPES)[number];

const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A two-letter country code (e.g. CN)');
/** An HS tariff or Schedule B number: 6 to 10 digits, dots and spaces dropped. */
const hsCode = z
  .string()
  .transform((s) => s.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{6,10}$/, 'An HS tariff number of 6 to 10 digits (e.g. 6109.10)'));
const description = z
  .string()
  .trim()
  .min(3, 'Describe the item (at least 3 characters)')
  .max(120, 'At most 120 characters');
const usd = z.number({ error: 'Enter a number' }).min(0, 'Cannot be negative').max(1_000_000);
const pounds = z.number({ error: 'Enter a number' }).positive('Must be greater than 0').max(2_000);

/** A product's customs defaults (per unit). */
export const customsDefaultsInputSchema = z.object({
  description,
  hsCode,
  countryOfOrigin: country,
  /** US dollars per unit. */
  declaredValue: usd.positive('Must be greater than 0'),
  /** Pounds per unit. */
  weightLb: pounds,
});
export type CustomsDefaultsInput = z.infer<typeof customsDefaultsInputSchema>;
export const customsDefaultsSchema = customsDefaultsInputSchema.extend({
  productId: z.number().int(),
  updatedAt: z.string(),
});
export type CustomsDefaults = z.infer<typeof customsDefaultsSchema>;
/** A product's defaults, or what the product suggests when it has none yet. */
export const customsDefaultsViewSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  saved: customsDefaultsSchema.nullable(),
  suggested: z.object({ description: z.string(), weightLb: z.number().nullable() }),
});

export const customsItemSchema = z.object({
  /** The order line it declares (null: added by hand). */
  lineId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  sku: z.string().max(120).nullable(),
  description,
  hsCode,
  countryOfOrigin: country,
  quantity: z.number().int().positive('At least 1').max(100_000),
  /** US dollars per unit. */
  unitValue: usd,
  /** Pounds per unit. */
  unitWeightLb: pounds,
});
export type CustomsItem = z.infer<typeof customsItemSchema>;

export const customsDeclarationInputSchema = z.object({
  incoterm: z.enum(INCOTERMS),
  purpose: z.enum(CUSTOMS_PURPOSES),
  taxIdType: z.enum(TAX_ID_TYPES).nullable(),
  taxId: z.string().trim().max(40).nullable(),
  returnHandling: z.enum(RETURN_HANDLINGS),
  exportFiling: z.enum(EXPORT_FILINGS),
  /** AES's Internal Transaction Number (X + 14 digits) when the EEI was filed. */
  itn: z.string().trim().toUpperCase().max(20).nullable(),
  items: z.array(customsItemSchema).min(1, 'Declare at least one item').max(100),
});
export type CustomsDeclarationInput = z.infer<typeof customsDeclarationInputSchema>;

export const customsSaveSchema = customsDeclarationInputSchema.extend({ orderId: z.number().int().positive() });
export type CustomsSave = z.infer<typeof customsSaveSchema>;

/** A rule the declaration breaks, on the field it is about. */
export const customsProblemSchema = z.object({ field: z.string(), message: z.string() });
export type CustomsProblem = z.infer<typeof customsProblemSchema>;

/** An item as prefilled: what the order and the defaults give, possibly incomplete until edited. */
export const customsItemDraftSchema = z.object({
  lineId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  sku: z.string().nullable(),
  description: z.string(),
  hsCode: z.string(),
  countryOfOrigin: z.string(),
  quantity: z.number(),
  unitValue: z.number(),
  unitWeightLb: z.number(),
});
export type CustomsItemDraft = z.infer<typeof customsItemDraftSchema>;

export const customsDeclarationSchema = customsDeclarationInputSchema.extend({
  items: z.array(customsItemDraftSchema),
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** false: prefilled from the order and the products' defaults, not yet saved. */
  saved: z.boolean(),
  international: z.boolean(),
  shipFromCountry: z.string(),
  shipToCountry: z.string().nullable(),
  documentType: z.enum(CUSTOMS_DOCUMENT_TYPES),
  currency: z.literal('USD'),
  totalValue: z.number(),
  totalWeightLb: z.number(),
  /** What still has to be fixed before a label can carry it (empty: ready). */
  problems: z.array(customsProblemSchema),
  updatedAt: z.string().nullable(),
});
export type CustomsDeclaration = z.infer<typeof customsDeclarationSchema>;

/**
 * A one-off label's declaration as the Buy Shipping Labels tool sends it (no order behind it): the
 * enums are checked at the door (400), the rest — items, HS codes, values — in full by the service
 * against customsDeclarationInputSchema and the route's rules, refused in words (412) while incomplete.
 */
export const labelCustomsDraftSchema = z.object({
  incoterm: z.enum(INCOTERMS),
  purpose: z.enum(CUSTOMS_PURPOSES),
  taxIdType: z.enum(TAX_ID_TYPES).nullable().default(null),
  taxId: z.string().max(40).nullable().default(null),
  returnHandling: z.enum(RETURN_HANDLINGS),
  exportFiling: z.enum(EXPORT_FILINGS),
  itn: z.string().max(20).nullable().default(null),
  items: z
    .array(
      customsItemDraftSchema.extend({
        lineId: z.number().int().nullable().default(null),
        productId: z.number().int().nullable().default(null),
        sku: z.string().max(120).nullable().default(null),
      }),
    )
    .max(100),
});
export type LabelCustomsDraft = z.infer<typeof labelCustomsDraftSchema>;

/** The declaration as any carrier integration reads it (customsForLabel). */
export interface LabelCustoms {
  documentType: CustomsDocumentType;
  contents: (typeof CUSTOMS_PURPOSES)[number];
  incoterm: (typeof INCOTERMS)[number];
  /** Who pays duties and taxes: DDP the sender, DDU the recipient; FCA the recipient once handed over. */
  dutiesPaidBy: 'sender' | 'recipient';
  nonDelivery: (typeof RETURN_HANDLINGS)[number];
  exportFiling: { code: (typeof EXPORT_FILINGS)[number]; itn: string | null };
  taxIds: { type: (typeof TAX_ID_TYPES)[number]; value: string }[];
  currency: 'USD';
  shipFromCountry: string;
  shipToCountry: string;
  totalValue: number;
  totalWeightLb: number;
  items: {
    sku: string | null;
    description: string;
    quantity: number;
    unitValue: number;
    totalValue: number;
    unitWeightLb: number;
    hsCode: string;
    countryOfOrigin: string;
  }[];
}
