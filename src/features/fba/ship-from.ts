/**
 * Where a plan's boxes ship from: prefilled from the warehouse (the tenant's site with a street
 * address, else the warehouse company's shipping or business address and phone), always editable,
 * checked with Amazon's limits (shipFromSchema) and worded per field.
 */
import type { AddressRow, CompanyDetail, WarehouseRow } from '../../../domain/schemas/company';
import { shipFromSchema, type ShipFrom } from '../../../domain/schemas/fba';
import type { Translate } from './lines';

export const SHIP_FROM_FIELDS = [
  'name',
  'companyName',
  'addressLine1',
  'addressLine2',
  'city',
  'stateOrProvinceCode',
  'postalCode',
  'countryCode',
  'phoneNumber',
  'email',
] as const;
export type ShipFromField = (typeof SHIP_FROM_FIELDS)[number];
export type ShipFromDraft = Record<ShipFromField, string>;

export const emptyShipFrom: ShipFromDraft = Object.fromEntries(SHIP_FROM_FIELDS.map((f) => [f, ''])) as ShipFromDraft;

/** The fields Amazon needs filled (the others may stay empty). */
export const REQUIRED_SHIP_FROM: readonly ShipFromField[] = [
  'name',
  'addressLine1',
  'city',
  'postalCode',
  'countryCode',
  'phoneNumber',
];

const pickAddress = (addresses: readonly AddressRow[]): AddressRow | undefined =>
  addresses.find((a) => a.kind === 'shipping' && a.isDefault) ??
  addresses.find((a) => a.kind === 'shipping') ??
  addresses.find((a) => a.isDefault) ??
  addresses[0];

/** The warehouse's address as a ship-from draft; fields the warehouse does not know stay empty. */
export function shipFromWarehouse(
  sites: readonly WarehouseRow[],
  company: Pick<CompanyDetail, 'name' | 'phone' | 'email' | 'addresses'> | null,
): ShipFromDraft {
  const draft: ShipFromDraft = { ...emptyShipFrom };
  const site =
    sites.find((w) => w.active && w.defaultShipFrom && w.line1) ?? sites.find((w) => w.active && w.line1) ?? null;
  const address = company ? pickAddress(company.addresses) : undefined;
  if (site) {
    Object.assign(draft, {
      name: site.name,
      addressLine1: site.line1 ?? '',
      addressLine2: site.line2 ?? '',
      city: site.city ?? '',
      stateOrProvinceCode: site.state ?? '',
      postalCode: site.postalCode ?? '',
      countryCode: site.countryCode ?? '',
    });
  } else if (address) {
    Object.assign(draft, {
      name: address.name ?? company?.name ?? '',
      addressLine1: address.line1,
      addressLine2: address.line2 ?? '',
      city: address.city,
      stateOrProvinceCode: address.state ?? '',
      postalCode: address.postalCode,
      countryCode: address.countryCode,
    });
  }
  if (company) {
    draft.companyName = company.name.slice(0, 50);
    draft.phoneNumber = company.phone ?? '';
    draft.email = company.email ?? '';
  }
  // The site's own contact, where it has one, before the company's.
  if (site?.phone) draft.phoneNumber = site.phone;
  if (site?.email) draft.email = site.email;
  return draft;
}

export const draftOfShipFrom = (s: ShipFrom): ShipFromDraft =>
  Object.fromEntries(SHIP_FROM_FIELDS.map((f) => [f, s[f] ?? ''])) as ShipFromDraft;

/** The address as the API takes it, or an error per field in the user's language. */
export function checkShipFrom(
  draft: ShipFromDraft,
  t: Translate,
): { value: ShipFrom; errors: null } | { value: null; errors: Partial<Record<ShipFromField, string>> } {
  const parsed = shipFromSchema.safeParse(draft);
  if (parsed.success) return { value: parsed.data, errors: null };
  const errors: Partial<Record<ShipFromField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as ShipFromField;
    if (errors[field]) continue;
    errors[field] =
      issue.code === 'too_big'
        ? t('fba.shipFrom.tooLong', { max: Number((issue as { maximum?: number | bigint }).maximum ?? 0) })
        : t(`fba.shipFrom.errors.${field}`);
  }
  return { value: null, errors };
}
