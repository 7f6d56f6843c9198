/**
 * Buy Shipping's carriers in the Amazon sandbox and what each offers for a package: billable weight
 * (actual or dimensional, divisor 139, whole pounds), a zone from the two ZIP codes (the ShipEngine
 * sandbox's zoneOf), a price per service with surcharges for signatures and declared value, delivery
 * in business days — or the carrier's reason for refusing: PO boxes (UPS, FedEx, Amazon Shipping),
 * weight and size limits, a package type of another carrier, a delivery date it cannot meet, a
 * confirmation it does not sell, a pickup it does not do. Service ids follow Amazon's `_PTP_`
 * pattern; the rates are the sandbox's plausible list prices, not Amazon's.
 */
import { createHash } from 'node:crypto';
import type {
  AdditionalInputs,
  RejectedShippingService,
  ShipmentRequestDetails,
  ShippingService,
} from '../../integrations/amazon/mfn-models.js';
import { zoneOf } from '../shipengine/pricing.js';

interface Service {
  id: string;
  name: string;
  carrier: string;
  base: number;
  perLb: number;
  zoneStep: number;
  days: (zone: number) => number;
  guaranteed: boolean;
  international: boolean;
}
interface Carrier {
  name: string;
  maxLb: number;
  /** Longest side plus girth, inches. */
  maxSize: number;
  poBox: boolean;
  tracking: (seed: string) => string;
  /** Hours after purchase a label can still be cancelled (refunded). */
  voidHours: number;
  /** Days a cancelled label takes to be refunded. */
  refundDays: number;
  signature: boolean;
  noTracking: boolean;
  predefinedPrefix: string;
  services: Service[];
}

const digitsOf = (seed: string, n: number) =>
  Array.from(createHash('sha256').update(seed).digest())
    .map((x) => String(x % 10))
    .join('')
    .slice(0, n);

const svc = (
  carrier: string,
  id: string,
  name: string,
  base: number,
  perLb: number,
  zoneStep: number,
  days: (z: number) => number,
  guaranteed = false,
  international = false,
): Service => ({ id, name, carrier, base, perLb, zoneStep, days, guaranteed, international });

export const MFN_CARRIERS: Carrier[] = [
  {
    name: 'USPS',
    maxLb: 70,
    maxSize: 130,
    poBox: true,
    tracking: (s) => `9400${digitsOf(s, 18)}`,
    // USPS refunds unused labels asked for within 30 days, after about two weeks.
    voidHours: 30 * 24,
    refundDays: 15,
    signature: true,
    noTracking: false,
    predefinedPrefix: 'USPS_',
    services: [
      svc('USPS', 'USPS_PTP_GA', 'USPS Ground Advantage', 4.85, 0.95, 0.09, (z) => 2 + Math.ceil(z / 2)),
      svc('USPS', 'USPS_PTP_PRI', 'USPS Priority Mail', 8.4, 1.45, 0.1, (z) => 1 + Math.ceil(z / 3)),
      svc('USPS', 'USPS_PTP_EXP', 'USPS Priority Mail Express', 29.5, 3.1, 0.08, (z) => (z > 7 ? 2 : 1), true),
      svc('USPS', 'USPS_PTP_PRI_INTL', 'USPS Priority Mail International', 31.9, 4.2, 0, () => 8, false, true),
    ],
  },
  {
    name: 'UPS',
    maxLb: 150,
    maxSize: 165,
    poBox: false,
    tracking: (s) => `1Z${createHash('sha1').update(s).digest('hex').toUpperCase().slice(0, 16)}`,
    voidHours: 24,
    refundDays: 1,
    signature: true,
    noTracking: false,
    predefinedPrefix: 'UPS_',
    services: [
      svc('UPS', 'UPS_PTP_GND', 'UPS® Ground', 10.3, 0.85, 0.07, (z) => 1 + Math.ceil(z * 0.6)),
      svc('UPS', 'UPS_PTP_2ND_DAY_AIR', 'UPS 2nd Day Air®', 21.9, 2.2, 0.09, () => 2, true),
      svc('UPS', 'UPS_PTP_NEXT_DAY_AIR_SAVER', 'UPS Next Day Air Saver®', 37.8, 3.7, 0.1, () => 1, true),
      svc('UPS', 'UPS_PTP_STANDARD_INTL', 'UPS® Standard', 24.6, 1.9, 0, () => 5, false, true),
    ],
  },
  {
    name: 'FedEx',
    maxLb: 150,
    maxSize: 165,
    poBox: false,
    tracking: (s) => `7${digitsOf(s, 11)}`,
    voidHours: 24,
    refundDays: 1,
    signature: true,
    noTracking: false,
    predefinedPrefix: 'FedEx_',
    services: [
      svc('FedEx', 'FEDEX_PTP_HOME_DELIVERY', 'FedEx Home Delivery®', 10.1, 0.88, 0.07, (z) => 1 + Math.ceil(z * 0.6)),
      svc('FedEx', 'FEDEX_PTP_SECOND_DAY', 'FedEx 2Day®', 22.4, 2.15, 0.09, () => 2, true),
      svc('FedEx', 'FEDEX_PTP_STANDARD_OVERNIGHT', 'FedEx Standard Overnight®', 41.3, 4.05, 0.1, () => 1, true),
    ],
  },
  {
    name: 'Amazon Shipping',
    maxLb: 50,
    maxSize: 130,
    poBox: false,
    tracking: (s) => `TBA${digitsOf(s, 12)}`,
    voidHours: 24,
    refundDays: 1,
    signature: false,
    noTracking: false,
    predefinedPrefix: 'AMZN_',
    services: [
      svc('Amazon Shipping', 'AMZN_US_GROUND', 'Amazon Shipping Ground', 5.95, 0.7, 0.06, (z) => 2 + Math.ceil(z / 3)),
    ],
  },
];
/** The seller has not accepted this carrier's terms in Seller Central (so it is never offered). */
export const TERMS_NOT_ACCEPTED = ['DHL eCommerce'];

export const carrierOf = (serviceId: string) => MFN_CARRIERS.find((c) => c.services.some((s) => s.id === serviceId));
export const serviceOf = (serviceId: string) => MFN_CARRIERS.flatMap((c) => c.services).find((s) => s.id === serviceId);

const TO_LB = { oz: 1 / 16, g: 1 / 453.592 } as const;
const TO_IN = { inches: 1, centimeters: 1 / 2.54 } as const;
/** Carriers' predefined boxes (inches), by the model's names; others count as a 12×10×6 box. */
const PREDEFINED: Record<string, [number, number, number]> = {
  USPS_SmallFlatRateBox: [8.6, 5.4, 1.6],
  USPS_MediumFlatRateBox1: [11.3, 8.8, 6],
  USPS_LargeFlatRateBox: [12.3, 12.3, 6],
  USPS_FlatRateEnvelope: [12.5, 9.5, 0.5],
  FedEx_Box_Small_1: [12.4, 10.9, 1.5],
  FedEx_Box_Medium_1: [13.3, 11.5, 2.4],
  FedEx_Pak_1: [15.5, 12, 1],
  UPS_Express_Box_Small: [13, 11, 2],
  UPS_Express_Pak: [16, 12.8, 1],
};

export interface Package {
  dims: [number, number, number];
  actualLb: number;
  predefined?: string;
}

/** The package in inches and pounds, or why its dimensions are incomplete. */
export function packageOf(d: ShipmentRequestDetails): Package | string {
  const p = d.PackageDimensions;
  const actualLb = d.Weight.Value * TO_LB[d.Weight.Unit];
  if (p.PredefinedPackageDimensions)
    return {
      dims: PREDEFINED[p.PredefinedPackageDimensions] ?? [12, 10, 6],
      actualLb,
      predefined: p.PredefinedPackageDimensions,
    };
  if (p.Length === undefined || p.Width === undefined || p.Height === undefined || !p.Unit)
    return 'PackageDimensions: give Length, Width, Height and Unit, or PredefinedPackageDimensions';
  const k = TO_IN[p.Unit];
  return { dims: [p.Length * k, p.Width * k, p.Height * k], actualLb };
}

const billableLb = (p: Package) =>
  Math.max(1, Math.ceil(Math.max(p.actualLb, (p.dims[0] * p.dims[1] * p.dims[2]) / 139) - 1e-9));
const lengthAndGirth = (p: Package) => {
  const [a, b, c] = [...p.dims].sort((x, y) => y - x);
  return a + 2 * (b + c);
};

const DAY = 86_400_000;
/** `days` business days after `t` (Saturday and Sunday skipped), at 20:00 UTC. */
function businessDaysAfter(t: number, days: number): number {
  let at = Math.floor(t / DAY) * DAY + 20 * 3_600_000;
  for (let n = 0; n < days;) {
    at += DAY;
    const dow = new Date(at).getUTCDay();
    if (dow !== 0 && dow !== 6) n++;
  }
  return at;
}
const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
const round = (n: number) => Math.round(n * 100) / 100;

/** The offer id binds a service to the exact request it was quoted for, until it expires. */
const OFFER_MS = 60 * 60_000;
export const detailsHash = (d: ShipmentRequestDetails) =>
  createHash('sha256')
    .update(JSON.stringify({ ...d, ShipDate: undefined }))
    .digest('base64url')
    .slice(0, 22);
export const offerId = (serviceId: string, d: ShipmentRequestDetails, now: number) =>
  Buffer.from(JSON.stringify({ s: serviceId, d: detailsHash(d), e: now + OFFER_MS })).toString('base64url');
/** Why an offer id does not fit the request (null: it fits). */
export function offerRefusal(id: string, serviceId: string, d: ShipmentRequestDetails, now: number): string | null {
  try {
    const o = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as { s?: string; d?: string; e?: number };
    if (o.s !== serviceId || o.d !== detailsHash(d))
      return 'ShippingServiceOfferId was quoted for another service or shipment';
    if (typeof o.e !== 'number' || o.e < now)
      return 'ShippingServiceOfferId has expired: get eligible shipping services again';
    return null;
  } catch {
    return 'ShippingServiceOfferId is not one Amazon issued';
  }
}

export interface Offers {
  eligible: ShippingService[];
  rejected: RejectedShippingService[];
}

/** Every service's offer or refusal for the package going from `d.ShipFromAddress` to `shipTo`. */
export function offersFor(
  d: ShipmentRequestDetails,
  pkg: Package,
  shipTo: { PostalCode: string; CountryCode: string; AddressLine1: string },
  currency: string,
  now: number,
): Offers {
  const from = d.ShipFromAddress;
  const international = from.CountryCode !== shipTo.CountryCode;
  const zone = international ? 8 : zoneOf(from.PostalCode, shipTo.PostalCode);
  const lb = billableLb(pkg);
  const shipAt = Math.max(now, d.ShipDate ? Date.parse(d.ShipDate) : now);
  const opts = d.ShippingServiceOptions;
  const poBox = /^\s*(p\.?\s*o\.?\s*box|post office box)\b/i.test(shipTo.AddressLine1);
  const declared = opts.DeclaredValue?.Amount ?? 0;
  const out: Offers = { eligible: [], rejected: [] };
  for (const carrier of MFN_CARRIERS)
    for (const s of carrier.services) {
      const reject = (code: string, message: string) =>
        out.rejected.push({
          CarrierName: carrier.name,
          ShippingServiceName: s.name,
          ShippingServiceId: s.id,
          RejectionReasonCode: code,
          RejectionReasonMessage: message,
        });
      const latest = businessDaysAfter(shipAt, s.days(zone) + (s.guaranteed ? 0 : 1));
      if (s.international !== international)
        reject('DESTINATION_NOT_SERVED', `${s.name} does not ship ${international ? 'abroad' : 'within one country'}`);
      else if (carrier.name === 'Amazon Shipping' && shipTo.CountryCode !== 'US')
        reject('DESTINATION_NOT_SERVED', 'Amazon Shipping delivers within the United States only');
      else if (poBox && !carrier.poBox)
        reject('CARRIER_CANNOT_SHIP_TO_POBOX', `${carrier.name} does not deliver to PO boxes`);
      else if (pkg.actualLb > carrier.maxLb)
        reject(
          'PACKAGE_WEIGHT_LIMIT_EXCEEDED',
          `${carrier.name} accepts packages up to ${carrier.maxLb} lb; this one weighs ${pkg.actualLb.toFixed(1)} lb`,
        );
      else if (lengthAndGirth(pkg) > carrier.maxSize)
        reject(
          'PACKAGE_SIZE_LIMIT_EXCEEDED',
          `${carrier.name} accepts up to ${carrier.maxSize} in of length plus girth; this package has ${Math.round(lengthAndGirth(pkg))} in`,
        );
      else if (pkg.predefined && !pkg.predefined.startsWith(carrier.predefinedPrefix))
        reject('PACKAGE_TYPE_NOT_SUPPORTED', `${pkg.predefined} is another carrier's packaging`);
      else if (opts.CarrierWillPickUp)
        reject(
          'CARRIER_PICKUP_NOT_AVAILABLE',
          `${carrier.name} does not collect from this address; drop the package off`,
        );
      else if (opts.DeliveryExperience === 'NoTracking' && !carrier.noTracking)
        reject('DELIVERY_EXPERIENCE_NOT_SUPPORTED', `${s.name} always includes tracking`);
      else if (
        opts.DeliveryExperience.includes('Signature') &&
        opts.DeliveryExperience !== 'DeliveryConfirmationWithoutSignature' &&
        !carrier.signature
      )
        reject('DELIVERY_EXPERIENCE_NOT_SUPPORTED', `${carrier.name} does not offer signature confirmation`);
      else if (d.MustArriveByDate && latest > Date.parse(d.MustArriveByDate))
        reject('CANNOT_MEET_DELIVERY_DATE', `${s.name} arrives by ${iso(latest)}, after ${d.MustArriveByDate}`);
      else {
        const base = (s.base + s.perLb * (lb - 1)) * (1 + s.zoneStep * (zone - 1));
        const signature =
          opts.DeliveryExperience === 'DeliveryConfirmationWithAdultSignature'
            ? 7.9
            : opts.DeliveryExperience === 'DeliveryConfirmationWithSignature'
              ? 3.4
              : 0;
        const insurance = declared > 100 ? Math.ceil((declared - 100) / 100) * 0.9 : 0;
        const rate = { CurrencyCode: currency, Amount: round(base + signature + insurance) };
        out.eligible.push({
          ShippingServiceName: s.name,
          CarrierName: carrier.name,
          ShippingServiceId: s.id,
          ShippingServiceOfferId: offerId(s.id, d, now),
          ShipDate: iso(shipAt),
          EarliestEstimatedDeliveryDate: iso(businessDaysAfter(shipAt, s.days(zone))),
          LatestEstimatedDeliveryDate: iso(latest),
          Rate: rate,
          RateWithAdjustments: rate,
          ShippingServiceOptions: {
            DeliveryExperience: opts.DeliveryExperience,
            CarrierWillPickUp: false,
            ...(opts.DeclaredValue ? { DeclaredValue: opts.DeclaredValue } : {}),
          },
          AvailableLabelFormats: ['PDF', 'PNG', 'ZPL203', 'ZPL300', 'ShippingServiceDefault'],
          AvailableFormatOptionsForLabel: (['PDF', 'PNG', 'ZPL203', 'ZPL300', 'ShippingServiceDefault'] as const).map(
            (LabelFormat) => ({ LabelFormat, IncludePackingSlipWithLabel: false }),
          ),
          RequiresAdditionalSellerInputs: s.international,
          Benefits: {
            IncludedBenefits: s.guaranteed || carrier.name !== 'USPS' ? ['CLAIMS_PROTECTED'] : [],
            ExcludedBenefits:
              s.guaranteed || carrier.name !== 'USPS'
                ? []
                : [{ Benefit: 'CLAIMS_PROTECTED', ReasonCodes: ['LATE_DELIVERY_RISK'] }],
          },
        });
      }
    }
  out.eligible.sort((a, b) => a.Rate.Amount - b.Rate.Amount);
  return out;
}

/** What customs needs for a parcel that leaves the country (international services only). */
const input = (name: string, text: string, regex: string | null, restricted?: string[]): AdditionalInputs => ({
  AdditionalInputFieldName: name,
  SellerInputDefinition: {
    IsRequired: true,
    DataType: 'STRING',
    Constraints: regex ? [{ ValidationRegEx: regex, ValidationString: `${text}: does not match ${regex}` }] : [],
    InputDisplayText: text,
    InputTarget: restricted ? 'SHIPMENT_LEVEL' : 'ITEM_LEVEL',
    StoredValue: { DataType: 'STRING' },
    ...(restricted ? { RestrictedSetValues: restricted } : {}),
  },
});
export const SHIPMENT_INPUTS = [
  input('CUSTOMS_CONTENTS_TYPE', 'Contents type', null, ['MERCHANDISE', 'GIFT', 'SAMPLE', 'DOCUMENTS', 'RETURN']),
];
export const ITEM_INPUTS = [
  input('COUNTRY_OF_MANUFACTURE', 'Country of manufacture (ISO 3166 code)', '^[A-Z]{2}$'),
  input('ITEM_HARMONIZED_TARIFF_CODE', 'Harmonized tariff code (HS)', '^\\d{6,10}$'),
];

/** Why the inputs given do not satisfy the definitions (missing, not in the set, not matching), or null. */
export function inputsRefusal(
  defs: AdditionalInputs[],
  given: { AdditionalInputFieldName: string; AdditionalSellerInput: { ValueAsString?: string } }[] | undefined,
  where: string,
): string | null {
  for (const def of defs) {
    const name = def.AdditionalInputFieldName!;
    const value = given?.find((g) => g.AdditionalInputFieldName === name)?.AdditionalSellerInput.ValueAsString;
    const sd = def.SellerInputDefinition!;
    if (value === undefined || value === '') {
      if (sd.IsRequired) return `${where}: ${name} (${sd.InputDisplayText}) is required for this shipping service`;
      continue;
    }
    if (sd.RestrictedSetValues && !sd.RestrictedSetValues.includes(value))
      return `${where}: ${name} must be one of ${sd.RestrictedSetValues.join(', ')}`;
    const rule = sd.Constraints.find((x) => x.ValidationRegEx && !new RegExp(x.ValidationRegEx).test(value));
    if (rule) return `${where}: ${rule.ValidationString}`;
  }
  return null;
}
