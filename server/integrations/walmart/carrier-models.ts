/**
 * Walmart Preferred Carrier (WPC) shapes for WFS inbound shipments, typed from Walmart's
 * "Fulfillment Management" OpenAPI (../shared/reference/walmart): carrier rate quotes (create, get,
 * confirm, void) and the carrier label. Walmart's documented limits live here too, so the client and
 * the sandbox agree on them:
 *  - FedEx small parcel: up to 150 lb a package, 108 in long, 165 in length plus girth
 *    (girth = 2 × width + 2 × height), and up to 200 packages a shipment;
 *  - LTL: up to 12 unstacked (24 stacked) pallets, 22,000 lb and 1,200 cubic feet a shipment; the
 *    preferred carriers take only 40 × 48 in pallets, each under 72 in tall and 2,100 lb;
 *  - an accepted quote can be voided within 24 hours (parcel) or 1 hour (LTL);
 *  - the carrier label's ship date may be at most 10 days ahead.
 */
import { z } from 'zod';

export const CARRIER_MODES = ['PARCEL', 'LTL'] as const;
export type CarrierMode = (typeof CARRIER_MODES)[number];

export const PARCEL_LIMITS = { maxPackages: 200, maxWeightLb: 150, maxLengthIn: 108, maxLengthPlusGirthIn: 165 };
export const LTL_LIMITS = {
  maxFloorPallets: 12,
  maxStackedPallets: 24,
  maxTotalWeightLb: 22_000,
  maxTotalCubicFeet: 1_200,
  palletFootprintIn: [40, 48] as const,
  maxPalletHeightIn: 72,
  maxPalletWeightLb: 2_100,
};
const HOUR = 3_600_000;
/** How long after acceptance Walmart still voids a quote's charges. */
export const VOID_WINDOW_MS: Record<CarrierMode, number> = { PARCEL: 24 * HOUR, LTL: HOUR };
/** How far ahead a carrier label's ship date may be. */
export const MAX_SHIP_DATE_DAYS_AHEAD = 10;

const required = (name: string) => z.string({ error: `${name} is required` }).min(1, `${name} is required`);
const measure = (name: string) => z.number({ error: `${name} is required` });

export const carrierAddressSchema = z.object({
  addressLine1: required('addressLine1'),
  addressLine2: z.string().optional(),
  city: required('city'),
  stateCode: required('stateCode'),
  countryCode: required('countryCode'),
  postalCode: required('postalCode'),
  phone: z.string().optional(),
});
export const carrierLocationSchema = z.object({
  locationName: required('locationName'),
  address: carrierAddressSchema,
  locationId: z.string().optional(),
});
export type CarrierLocation = z.infer<typeof carrierLocationSchema>;

const labelInformation = z.object({
  labelData: z.string().optional(),
  labelFormat: z.string().optional(),
  trackingCode: z.string().optional(),
  referenceTrackingCode: z.string().optional(),
  epTrackerId: z.string().optional(),
  shipmentId: z.string().optional(),
  packageAsn: z.string().optional(),
  masterTrackingCode: z.string().optional(),
  master: z.boolean().optional(),
});

/** A box (PARCEL) or a pallet (LTL): weight in weightUOM (LB or KG), sides in lengthUOM (IN or CM). */
export const shipmentPackageSchema = z.object({
  packageSequenceNumber: z.number({ error: 'packageSequenceNumber is required' }).int(),
  weight: measure('weight'),
  weightUOM: required('weightUOM'),
  length: measure('length'),
  height: measure('height'),
  width: measure('width'),
  lengthUOM: required('lengthUOM'),
  labelInformation: labelInformation.optional(),
  billingWeight: z.number().optional(),
  netCharge: z.number().optional(),
  nominalCharge: z.number().optional(),
  assessorialCharge: z.number().optional(),
  serviceCharge: z.number().optional(),
  packageType: z.string().optional(),
  noOfPackages: z.number().int().optional(),
  stackable: z.boolean().optional(),
});
export type ShipmentPackage = z.infer<typeof shipmentPackageSchema>;

/** POST /v3/fulfillment/carrier-rate-quotes (createCarrierRateQuotes). */
export const carrierQuoteRequestSchema = z.object({
  shipmentId: required('shipmentId'),
  shipmentSource: required('shipmentSource'),
  pickupFromDateTime: z.string().optional(),
  pickupToDateTime: z.string().optional(),
  deliveryFromDateTime: z.string().optional(),
  deliveryToDateTime: z.string().optional(),
  customer: z.object({ customerId: required('customerId'), customerName: required('customerName') }),
  originLocation: carrierLocationSchema,
  destinationLocation: carrierLocationSchema,
  returnLocation: carrierLocationSchema,
  shipmentPackages: z
    .array(shipmentPackageSchema, { error: 'shipmentPackages is required' })
    .min(1, 'shipmentPackages needs at least one package')
    .max(5000, 'at most 5000 packages'),
  mode: required('mode'),
  freightClass: z.string().optional(),
  declaredValue: z.number().int().optional(),
  loadTypes: z.array(z.object({ count: z.string(), loadType: z.string() })).optional(),
});
export type CarrierQuoteRequest = z.infer<typeof carrierQuoteRequestSchema>;

const carrier = z.object({ carrierId: z.string().optional(), carrierName: z.string().optional() });

export const rateQuoteSchema = z.object({
  quoteId: z.string(),
  estimatedDeliveryDateTime: z.string().optional(),
  carrier: carrier.optional(),
  currency: z.string().optional(),
  discountCharge: z.number().optional(),
  netCharge: z.number(),
  surchargeType: z.string().optional(),
  surchargeValue: z.string().optional(),
  totalBillingWeight: z.number().optional(),
  status: z.string().optional(),
  transitDays: z.string().optional(),
  effectiveDate: z.string().optional(),
  expiryDate: z.string().optional(),
  mode: z.string().optional(),
  sellerFreightClassCode: z.string().optional(),
  freightCharge: z.number().optional(),
  fuelCharge: z.number().optional(),
  totalWeight: z.number().optional(),
  totalVolume: z.number().optional(),
  equipmentTypeCode: z.string().optional(),
  serviceCode: z.string().optional(),
  numberOfPallets: z.number().int().optional(),
  nominalCharge: z.number().optional(),
  assessorialCharge: z.number().optional(),
  serviceCharge: z.number().optional(),
  minimumCharge: z.number().optional(),
  declaredValue: z.string().optional(),
  mixedSKUs: z.number().int().optional(),
  singleSKUs: z.number().int().optional(),
  freightReadyDate: z.string().optional(),
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;

export const carrierQuotesResponseSchema = z.object({
  shipmentId: z.string(),
  shipmentNumber: z.string().optional(),
  rateQuotes: z.array(rateQuoteSchema),
});

/** GET /v3/fulfillment/carrier-rate-quotes (getCarrierRateQuote): the shipment's quote and packages. */
export const carrierQuoteResponseSchema = z.object({
  shipmentId: z.string(),
  quoteId: z.string().optional(),
  estimatedDeliveryDateTime: z.string().optional(),
  quoteCreationDate: z.string().optional(),
  carrier: carrier.optional(),
  rateQuote: rateQuoteSchema,
  shipmentPackages: z.array(shipmentPackageSchema).optional(),
  originLocation: carrierLocationSchema.optional(),
  destinationLocation: carrierLocationSchema.optional(),
  returnLocation: carrierLocationSchema.optional(),
});
export type CarrierQuote = z.infer<typeof carrierQuoteResponseSchema>;

/** POST /v3/fulfillment/carrier-label/{shipmentId} (printCarrierLabel). */
export const carrierLabelRequestSchema = z.object({
  shipDate: z.iso.datetime({ offset: true, error: 'shipDate must be a date and time' }),
});
