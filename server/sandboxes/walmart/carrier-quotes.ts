/**
 * Walmart Preferred Carrier quotes in the sandbox: what is kept per shipment (the request, the
 * quote, whether it was accepted or voided and when), Walmart's package and pallet limits checked
 * per package, and the sandbox's deterministic prices — FedEx Ground for parcel (billed on the
 * greater of actual and dimensional weight, 139 in³/lb), a preferred LTL carrier for pallets (per
 * pallet plus weight). Fuel is a flat surcharge; the seller's discount is Walmart's negotiated rate.
 */
import { z } from 'zod';
import {
  carrierQuoteRequestSchema,
  LTL_LIMITS,
  PARCEL_LIMITS,
  rateQuoteSchema,
  type CarrierMode,
  type CarrierQuoteRequest,
  type ShipmentPackage,
} from '../../integrations/walmart/carrier-models.js';
import type { WalmartErrorItem } from '../../integrations/walmart/models.js';
import type { RecordSet } from '../records.js';
import { requestError } from './inbound-refusals.js';
import { cents, DELIVERED_AFTER_MS } from './inbound-state.js';

const DAY = 86_400_000;
/** How long a quote may be accepted after it was made. */
export const QUOTE_VALID_MS = DAY;

export const storedQuoteSchema = z.object({
  shipmentId: z.string(),
  mode: z.enum(['PARCEL', 'LTL']),
  request: carrierQuoteRequestSchema,
  rateQuote: rateQuoteSchema,
  createdAt: z.number(),
  status: z.enum(['ESTIMATED', 'ACCEPTED', 'VOIDED']),
  confirmedAt: z.number().nullable(),
  /** Per package (parcel) or one PRO number (LTL), given when the quote is accepted. */
  trackingCodes: z.array(z.string()),
  shipDate: z.string().nullable(),
});
export type StoredQuote = z.infer<typeof storedQuoteSchema>;

export const quoteSet = (account: string): RecordSet<StoredQuote> => ({
  provider: 'walmart',
  account,
  kind: 'wfs_carrier_quote',
  schema: storedQuoteSchema,
  keyOf: (q) => q.shipmentId,
});

export const CARRIERS: Record<CarrierMode, { carrierId: string; carrierName: string; shipmentCarrier: string }> = {
  PARCEL: { carrierId: 'FDEG', carrierName: 'FedEx Ground', shipmentCarrier: 'WFS-FEDEX' },
  LTL: { carrierId: 'WPCL', carrierName: 'Walmart Preferred LTL', shipmentCarrier: 'WFS-LTL' },
};

const LB_PER_KG = 2.20462;
const IN_PER_CM = 1 / 2.54;

/** A package in pounds and inches, or the errors that stop reading it. */
function measured(p: ShipmentPackage, at: (f: string) => string) {
  const wu = p.weightUOM.toUpperCase();
  const lu = p.lengthUOM.toUpperCase();
  const errors: WalmartErrorItem[] = [];
  if (wu !== 'LB' && wu !== 'KG') errors.push(requestError(at('weightUOM'), 'weightUOM must be LB or KG'));
  if (lu !== 'IN' && lu !== 'CM') errors.push(requestError(at('lengthUOM'), 'lengthUOM must be IN or CM'));
  for (const f of ['weight', 'length', 'width', 'height'] as const)
    if (!(p[f] > 0)) errors.push(requestError(at(f), `${f} must be greater than 0`));
  const lb = p.weight * (wu === 'KG' ? LB_PER_KG : 1);
  const [length, width, height] = [p.length, p.width, p.height].map((v) => v * (lu === 'CM' ? IN_PER_CM : 1));
  return { errors, lb, length, width, height, count: Math.max(1, p.noOfPackages ?? 1) };
}
type Measured = ReturnType<typeof measured>;

const atPackage = (i: number) => (f: string) => `shipmentPackages[${i}].${f}`;

function parcelErrors(packages: Measured[]): WalmartErrorItem[] {
  const L = PARCEL_LIMITS;
  const errors: WalmartErrorItem[] = [];
  const count = packages.reduce((t, p) => t + p.count, 0);
  if (count > L.maxPackages)
    errors.push(
      requestError('shipmentPackages', `At most ${L.maxPackages} packages per parcel shipment`, `${count} given`),
    );
  packages.forEach((p, i) => {
    const at = atPackage(i);
    const [longest, a, b] = [p.length, p.width, p.height].sort((x, y) => y - x);
    if (p.lb > L.maxWeightLb)
      errors.push(requestError(at('weight'), `A parcel weighs at most ${L.maxWeightLb} lb`, `${p.lb.toFixed(1)} lb`));
    if (longest > L.maxLengthIn)
      errors.push(
        requestError(at('length'), `A parcel is at most ${L.maxLengthIn} in long`, `${longest.toFixed(1)} in`),
      );
    const lg = longest + 2 * a + 2 * b;
    if (lg > L.maxLengthPlusGirthIn)
      errors.push(
        requestError(at('length'), `Length plus girth is at most ${L.maxLengthPlusGirthIn} in`, `${lg.toFixed(1)} in`),
      );
  });
  return errors;
}

function palletErrors(pallets: Measured[], stackable: boolean[]): WalmartErrorItem[] {
  const L = LTL_LIMITS;
  const errors: WalmartErrorItem[] = [];
  const [w, l] = L.palletFootprintIn;
  pallets.forEach((p, i) => {
    const at = atPackage(i);
    const footprint = [p.length, p.width].sort((x, y) => x - y);
    if (Math.abs(footprint[0] - w) > 0.5 || Math.abs(footprint[1] - l) > 0.5)
      errors.push(
        requestError(
          at('length'),
          `Preferred carriers take ${w} x ${l} in pallets only`,
          `${p.length} x ${p.width} in`,
        ),
      );
    if (p.height > L.maxPalletHeightIn)
      errors.push(requestError(at('height'), `A pallet is at most ${L.maxPalletHeightIn} in tall`, `${p.height} in`));
    if (p.lb > L.maxPalletWeightLb)
      errors.push(requestError(at('weight'), `A pallet weighs at most ${L.maxPalletWeightLb} lb`, `${p.lb} lb`));
  });
  const count = (flag: boolean) => pallets.reduce((t, p, i) => t + (stackable[i] === flag ? p.count : 0), 0);
  const floor = count(false) + Math.ceil(count(true) / 2);
  if (floor > L.maxFloorPallets)
    errors.push(
      requestError(
        'shipmentPackages',
        `At most ${L.maxFloorPallets} unstacked or ${L.maxStackedPallets} stacked pallets per LTL shipment`,
        `${count(false)} unstacked and ${count(true)} stackable pallets take ${floor} floor positions`,
      ),
    );
  const weight = pallets.reduce((t, p) => t + p.lb * p.count, 0);
  if (weight > L.maxTotalWeightLb)
    errors.push(requestError('shipmentPackages', `At most ${L.maxTotalWeightLb} lb per LTL shipment`, `${weight} lb`));
  const cubicFeet = pallets.reduce((t, p) => t + (p.length * p.width * p.height * p.count) / 1728, 0);
  if (cubicFeet > L.maxTotalCubicFeet)
    errors.push(
      requestError(
        'shipmentPackages',
        `At most ${L.maxTotalCubicFeet} cubic feet per LTL shipment`,
        `${cubicFeet.toFixed(0)} ft³`,
      ),
    );
  return errors;
}

/** The quote for a request, or Walmart's per-package refusals. */
export function quoteFor(
  req: CarrierQuoteRequest,
  mode: CarrierMode,
  quoteId: string,
  now: number,
): { errors: WalmartErrorItem[]; rateQuote?: z.infer<typeof rateQuoteSchema> } {
  const packages = req.shipmentPackages.map((p, i) => measured(p, atPackage(i)));
  const unreadable = packages.flatMap((p) => p.errors);
  if (unreadable.length) return { errors: unreadable };
  const errors =
    mode === 'PARCEL'
      ? parcelErrors(packages)
      : palletErrors(
          packages,
          req.shipmentPackages.map((p) => p.stackable === true),
        );
  if (errors.length) return { errors };
  const units = packages.reduce((t, p) => t + p.count, 0);
  const totalWeight = cents(packages.reduce((t, p) => t + p.lb * p.count, 0));
  const totalVolume = cents(packages.reduce((t, p) => t + (p.length * p.width * p.height * p.count) / 1728, 0));
  const billing = packages.reduce(
    (t, p) => t + Math.ceil(Math.max(p.lb, (p.length * p.width * p.height) / 139)) * p.count,
    0,
  );
  const nominal = mode === 'PARCEL' ? 6.5 * units + 0.42 * billing : 85 * units + 0.06 * totalWeight;
  const discount = cents(nominal * (mode === 'PARCEL' ? 0.35 : 0.25));
  const freight = cents(nominal - discount);
  const fuel = cents(freight * (mode === 'PARCEL' ? 0.08 : 0.18));
  const carrier = CARRIERS[mode];
  return {
    errors: [],
    rateQuote: {
      quoteId,
      estimatedDeliveryDateTime: new Date(now + DELIVERED_AFTER_MS).toISOString(),
      carrier: { carrierId: carrier.carrierId, carrierName: carrier.carrierName },
      currency: 'USD',
      discountCharge: discount,
      nominalCharge: cents(nominal),
      freightCharge: freight,
      fuelCharge: fuel,
      netCharge: cents(freight + fuel),
      totalBillingWeight: mode === 'PARCEL' ? billing : totalWeight,
      totalWeight,
      totalVolume,
      status: 'ESTIMATED',
      transitDays: String(DELIVERED_AFTER_MS / DAY),
      effectiveDate: new Date(now).toISOString(),
      expiryDate: new Date(now + QUOTE_VALID_MS).toISOString(),
      mode,
      serviceCode: mode === 'PARCEL' ? 'FEDEX_GROUND' : 'LTL_STANDARD',
      ...(mode === 'LTL'
        ? { numberOfPallets: units, sellerFreightClassCode: req.freightClass ?? '100', equipmentTypeCode: 'DRY_VAN' }
        : {}),
      ...(req.declaredValue !== undefined ? { declaredValue: String(req.declaredValue) } : {}),
    },
  };
}
