/**
 * The warehouse's carriers (spec §7 /api/common/carrier; Settings › Carriers): the carriers a
 * tenant ships with — name, code (SCAC or the carrier's short code), the account number, the
 * services it buys from them, parcel or LTL, the tracking page — chosen from one list wherever a
 * carrier is named (mark shipped, WFS own-carrier tracking, WFS shipping templates, labels from a
 * client's own carrier account). What those screens store is still the carrier's name as text, so
 * older values keep working; `matchCarrier` finds the carrier a stored text names.
 */
import { z } from 'zod';

/** Parcel carriers give a tracking number per box; LTL carriers a PRO number per shipment. */
export const CARRIER_KINDS = ['parcel', 'ltl'] as const;
export type CarrierKind = (typeof CARRIER_KINDS)[number];

/** Where a tracking page template puts the tracking number. */
export const TRACKING_PLACEHOLDER = '{tracking}';

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field}: at most ${max} characters`)
    .transform((v) => v || null)
    .nullish()
    .transform((v) => v ?? null);

export const carrierInputSchema = z
  .object({
    /** As marketplaces know it (UPS, USPS, FedEx…): what mark shipped and the labels store. */
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(60, 'name: at most 60 characters'),
    /** The SCAC (UPSN, FDEG, ODFL) or the carrier's short code. */
    code: z
      .string({ error: 'code is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{2,12}$/, 'code: 2–12 letters, digits, dashes or underscores (the SCAC, e.g. UPSN)'),
    kind: z.enum(CARRIER_KINDS, { error: 'kind: parcel or ltl' }).default('parcel'),
    /** The warehouse's account with the carrier (shown to those who manage carriers only). */
    accountNumber: optionalText(40, 'accountNumber').refine(
      (v) => v === null || /^[A-Za-z0-9 -]+$/.test(v),
      'accountNumber: letters, digits, spaces and dashes only',
    ),
    services: z
      .array(
        z.string().trim().min(1, 'services: a service has a name').max(80, 'services: at most 80 characters each'),
        { error: 'services: a list of service names' },
      )
      .max(40, 'services: at most 40')
      .default([])
      .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, 'services: each service once'),
    /** The tracking page, {tracking} where the number goes: https://www.ups.com/track?tracknum={tracking}. */
    trackingUrl: optionalText(500, 'trackingUrl').refine(
      (v) => v === null || (/^https?:\/\/[^\s]+$/i.test(v) && v.includes(TRACKING_PLACEHOLDER)),
      `trackingUrl: an http(s) address with ${TRACKING_PLACEHOLDER} where the number goes`,
    ),
    active: z.boolean().default(true),
  })
  .strict();
export type CarrierInput = z.input<typeof carrierInputSchema>;
export type CarrierValues = z.output<typeof carrierInputSchema>;

/** A carrier as Settings › Carriers shows it (its managers only: it holds the account number). */
export const carrierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(CARRIER_KINDS),
  accountNumber: z.string().nullable(),
  services: z.array(z.string()),
  trackingUrl: z.string().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Carrier = z.infer<typeof carrierSchema>;
export const carrierListSchema = z.array(carrierSchema);

/** An active carrier as everyone who chooses one sees it: no account number. */
export const carrierOptionSchema = carrierSchema.pick({
  id: true,
  name: true,
  code: true,
  kind: true,
  services: true,
  trackingUrl: true,
});
export type CarrierOption = z.infer<typeof carrierOptionSchema>;
export const carrierOptionListSchema = z.array(carrierOptionSchema);

export const carrierListQuerySchema = z.object({
  /** Part of the name or code. */
  q: z.string().trim().max(60).optional(),
});

const norm = (s: string) => s.replace(/[\s._-]/g, '').toUpperCase();

/** The carrier a stored text names (its name or code, ignoring case, spaces and dashes), if any. */
export function matchCarrier<C extends Pick<CarrierOption, 'name' | 'code'>>(
  carriers: readonly C[],
  text: string | null | undefined,
): C | undefined {
  const key = norm(text ?? '');
  if (!key) return undefined;
  return carriers.find((c) => norm(c.name) === key) ?? carriers.find((c) => norm(c.code) === key);
}

/** The carrier's tracking page for a number, or null when it has none. */
export function trackingUrlFor(template: string | null | undefined, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  if (!template || !number) return null;
  return template.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(number));
}
