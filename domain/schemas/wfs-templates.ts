/**
 * WFS shipping templates (issue 19, spec §2 /apps/outbound/wfs/shipping/templates): what a prep
 * centre reuses for each Walmart inbound shipment — the ship-from address, the carrier (Walmart
 * Preferred Carrier or its own), the mode and the box sizes it packs in. Tenant-wide (companyId
 * null, the warehouse's) or one client company's; one default per tenant and company.
 *
 * The address follows Walmart's returnAddress / carrier address (server/integrations/walmart/
 * inbound-models.ts, carrier-models.ts): addressLine1, city, stateCode, postalCode, countryCode
 * required; the modes are Walmart's carrier-quote modes; the parcel limits are those of Walmart's
 * preferred parcel carrier (carrier-models.ts PARCEL_LIMITS), repeated here because domain/ imports
 * nothing of the server's.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';

/** Walmart Preferred Carrier (WPC, Walmart buys the label) or the seller's own carrier. */
export const WFS_CARRIER_PREFERENCES = ['WALMART_PREFERRED', 'OWN_CARRIER'] as const;
export type WfsCarrierPreference = (typeof WFS_CARRIER_PREFERENCES)[number];

/** Walmart's carrier modes: small parcel (PARCEL) or less than truckload (LTL). */
export const WFS_SHIPPING_MODES = ['PARCEL', 'LTL'] as const;
export type WfsShippingMode = (typeof WFS_SHIPPING_MODES)[number];

/** Walmart's small-parcel limits: a package's weight, its longest side, length plus girth. */
export const WFS_PARCEL_LIMITS = { maxWeightLb: 150, maxLengthIn: 108, maxLengthPlusGirthIn: 165 } as const;
/** Sides of a box on a pallet (LTL) stay within a pallet's 40 × 48 × 72 in. */
export const WFS_MAX_BOX_SIDE_IN = 72;
export const MAX_BOX_PRESETS = 50;

const text = (field: string, max: number, what: string) =>
  z
    .string({ error: `${field}: ${what}` })
    .trim()
    .min(1, `${field}: ${what}`)
    .max(max, `${field}: at most ${max} characters`);

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field}: at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const POSTAL_FORMATS: Record<string, { re: RegExp; example: string }> = {
  US: { re: /^\d{5}(-\d{4})?$/, example: '72716 or 72716-0001' },
  CA: { re: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, example: 'K1A 0B1' },
};

/** The ship-from of a template: Walmart's address fields, with a name and a phone for the carrier. */
export const wfsShipFromSchema = z
  .object({
    name: text('name', 100, 'who ships (the prep centre’s name)'),
    addressLine1: text('addressLine1', 100, 'the street address'),
    addressLine2: optionalText('addressLine2', 100),
    city: text('city', 60, 'the city'),
    stateCode: z
      .string({ error: 'stateCode: the state or province code (AR)' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,3}$/, 'stateCode: the state or province code (AR)'),
    postalCode: z
      .string({ error: 'postalCode: the ZIP or postal code' })
      .trim()
      .toUpperCase()
      .min(3, 'postalCode: the ZIP or postal code')
      .max(12, 'postalCode: at most 12 characters')
      .regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'postalCode: letters, digits, spaces or -'),
    countryCode: z
      .string({ error: 'countryCode: the two-letter country code (US)' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'countryCode: the two-letter country code (US)')
      .default('US'),
    phone: z
      .string()
      .trim()
      .max(20, 'phone: at most 20 characters')
      .refine((v) => v === '' || /^\+?[0-9 ().-]+$/.test(v), 'phone: digits, spaces and + ( ) - . only')
      .refine(
        (v) => v === '' || !/^\+?[0-9 ().-]+$/.test(v) || (v.match(/\d/g) ?? []).length >= 7,
        'phone: at least 7 digits',
      )
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((a, ctx) => {
    const format = POSTAL_FORMATS[a.countryCode];
    if (format && !format.re.test(a.postalCode))
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: `postalCode: a ${a.countryCode} postal code such as ${format.example}`,
      });
  });
export type WfsShipFrom = z.infer<typeof wfsShipFromSchema>;

const inches = (field: string) =>
  z.coerce
    .number({ error: `${field}: inches` })
    .refine((n) => Number.isFinite(n) && n > 0, `${field}: more than 0`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${field}: at most 2 decimals`)
    .refine((n) => n <= WFS_PARCEL_LIMITS.maxLengthIn, `${field}: at most ${WFS_PARCEL_LIMITS.maxLengthIn} in`);

/** A named box size the packer picks: inside sides in inches, an optional weight limit in pounds. */
export const wfsBoxPresetSchema = z.object({
  name: text('name', 60, 'a name for the box'),
  lengthIn: inches('lengthIn'),
  widthIn: inches('widthIn'),
  heightIn: inches('heightIn'),
  maxWeightLb: z
    .union([z.literal('').transform(() => null), z.null(), z.coerce.number({ error: 'maxWeightLb: pounds' })])
    .optional()
    .transform((v) => (v === undefined ? null : v))
    .refine((n) => n === null || (Number.isFinite(n) && n > 0), 'maxWeightLb: more than 0')
    .refine((n) => n === null || n <= 2_000, 'maxWeightLb: at most 2000 lb'),
});
export type WfsBoxPreset = z.infer<typeof wfsBoxPresetSchema>;

const lengthPlusGirth = (b: Pick<WfsBoxPreset, 'lengthIn' | 'widthIn' | 'heightIn'>): number => {
  const [longest, a, c] = [b.lengthIn, b.widthIn, b.heightIn].sort((x, y) => y - x);
  return longest + 2 * a + 2 * c;
};

export const wfsTemplateInputSchema = z
  .object({
    name: text('name', 100, 'required'),
    /** The client company the template belongs to; null: the warehouse's, for every client. Clients: their own. */
    companyId: z.coerce.number().int().positive('companyId: an id').nullish(),
    shipFrom: wfsShipFromSchema,
    carrierPreference: z.enum(WFS_CARRIER_PREFERENCES, {
      error: `carrierPreference: one of ${WFS_CARRIER_PREFERENCES.join(', ')}`,
    }),
    /** The own carrier's name (UPS, FedEx, an LTL line); none for Walmart's preferred carrier. */
    carrierName: optionalText('carrierName', 60),
    shippingMode: z.enum(WFS_SHIPPING_MODES, { error: `shippingMode: one of ${WFS_SHIPPING_MODES.join(', ')}` }),
    boxPresets: z
      .array(wfsBoxPresetSchema, { error: 'boxPresets: a list of boxes' })
      .max(MAX_BOX_PRESETS, `boxPresets: at most ${MAX_BOX_PRESETS}`)
      .default([]),
    isDefault: z.boolean({ error: 'isDefault: true or false' }).default(false),
  })
  .superRefine((t, ctx) => {
    if (t.carrierPreference === 'OWN_CARRIER' && !t.carrierName)
      ctx.addIssue({ code: 'custom', path: ['carrierName'], message: 'carrierName: the carrier you ship with' });
    const seen = new Set<string>();
    t.boxPresets.forEach((b, i) => {
      const key = b.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['boxPresets', i, 'name'], message: `name: ${b.name} is listed twice` });
      seen.add(key);
      if (t.shippingMode === 'PARCEL') {
        if (lengthPlusGirth(b) > WFS_PARCEL_LIMITS.maxLengthPlusGirthIn)
          ctx.addIssue({
            code: 'custom',
            path: ['boxPresets', i, 'lengthIn'],
            message: `lengthIn: length plus girth at most ${WFS_PARCEL_LIMITS.maxLengthPlusGirthIn} in for a parcel`,
          });
        if (b.maxWeightLb !== null && b.maxWeightLb > WFS_PARCEL_LIMITS.maxWeightLb)
          ctx.addIssue({
            code: 'custom',
            path: ['boxPresets', i, 'maxWeightLb'],
            message: `maxWeightLb: a parcel weighs at most ${WFS_PARCEL_LIMITS.maxWeightLb} lb`,
          });
      } else if (Math.max(b.lengthIn, b.widthIn, b.heightIn) > WFS_MAX_BOX_SIDE_IN)
        ctx.addIssue({
          code: 'custom',
          path: ['boxPresets', i, 'lengthIn'],
          message: `lengthIn: a box on a pallet has sides of at most ${WFS_MAX_BOX_SIDE_IN} in`,
        });
    });
  })
  // Walmart's preferred carrier is Walmart's: no carrier name is kept for it.
  .transform((t) => ({ ...t, carrierName: t.carrierPreference === 'OWN_CARRIER' ? t.carrierName : null }));
export type WfsTemplateInput = z.input<typeof wfsTemplateInputSchema>;
export type WfsTemplateValues = z.output<typeof wfsTemplateInputSchema>;

export const wfsTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyId: z.number().int().nullable(),
  /** The client's name; null for a tenant-wide template. */
  companyName: z.string().nullable(),
  shipFrom: z.object({
    name: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    city: z.string(),
    stateCode: z.string(),
    postalCode: z.string(),
    countryCode: z.string(),
    phone: z.string().nullable(),
  }),
  carrierPreference: z.enum(WFS_CARRIER_PREFERENCES),
  carrierName: z.string().nullable(),
  shippingMode: z.enum(WFS_SHIPPING_MODES),
  boxPresets: z.array(
    z.object({
      name: z.string(),
      lengthIn: z.number(),
      widthIn: z.number(),
      heightIn: z.number(),
      maxWeightLb: z.number().nullable(),
    }),
  ),
  isDefault: z.boolean(),
  /** Whether the caller may change it: a client reads the warehouse's tenant-wide templates only. */
  editable: z.boolean(),
  updatedAt: z.string(),
});
export type WfsTemplate = z.infer<typeof wfsTemplateSchema>;
export const wfsTemplatePageSchema = pageSchema(wfsTemplateSchema);
