/**
 * Ship With Walmart (SWW) label shapes, typed from Walmart's published "Ship With Walmart" OpenAPI
 * (US Marketplace; the operations and fields Dockside uses are in
 * docs/reference/walmart-shipping-labels.md): shipping estimates for a package, the label bought
 * for one carrier service of a purchase order, the labels of a purchase order, and discarding one.
 * Walmart's answers come in a `{data, errors}` envelope. createLabel answers no price: the label
 * costs what the estimate for its service said.
 */
import { z } from 'zod';

export const SWW_DIMENSION_UNITS = ['IN', 'FT', 'CM'] as const;
export const SWW_WEIGHT_UNITS = ['LB', 'KG', 'OZ'] as const;
/** The package type of a box the seller packs (packageTypeShortName of getCarrierPackageTypes). */
export const CUSTOM_PACKAGE = 'CUSTOM_PACKAGE';

export const boxDimensionsSchema = z.object({
  boxLength: z.number().min(0).optional(),
  boxWidth: z.number().min(0).optional(),
  boxHeight: z.number().min(0).optional(),
  boxWeight: z.number({ error: 'boxDimensions.boxWeight is required' }),
  boxDimensionUnit: z.enum(SWW_DIMENSION_UNITS).optional(),
  boxWeightUnit: z.enum(SWW_WEIGHT_UNITS, { error: 'boxDimensions.boxWeightUnit must be LB, KG or OZ' }),
});

/** One purchase order line in the box (lineNumber is the PO line number, a string). */
export const boxItemSchema = z.object({
  sku: z.string().min(1),
  quantity: z.number().int().min(1),
  lineNumber: z.string().min(1),
});
export type SwwBoxItem = z.infer<typeof boxItemSchema>;

const required = (name: string) => z.string({ error: `${name} is required` }).min(1, `${name} is required`);

/** The estimate's addresses: addressLines, city, state, postalCode, countryCode. */
export const estimateAddressSchema = z.object({
  addressLines: z.array(z.string()).min(1, 'addressLines is required'),
  city: required('city'),
  state: required('state'),
  postalCode: required('postalCode'),
  countryCode: required('countryCode'),
});
export type EstimateAddress = z.infer<typeof estimateAddressSchema>;

/** getShippingEstimate's body. shipByDate and deliverByDate are required (Walmart, August 2026). */
export const shippingEstimateRequestSchema = z.object({
  packageType: required('packageType'),
  boxDimensions: boxDimensionsSchema,
  shipByDate: required('shipByDate'),
  deliverByDate: required('deliverByDate'),
  fromAddress: estimateAddressSchema,
  toAddress: estimateAddressSchema,
  carriers: z.array(z.string()).optional(),
  includeServicesNotMeetingDeliveryPromise: z.boolean().optional(),
  purchaseOrderId: z.string().optional(),
  boxItems: z.array(boxItemSchema).optional(),
  addOns: z.boolean().optional(),
});
export type ShippingEstimateRequest = z.infer<typeof shippingEstimateRequestSchema>;

const moneySchema = z.object({ amount: z.number(), currency: z.string() });

/** One carrier service Walmart sells for the package; `name` is what createLabel takes as carrierServiceType. */
export const shippingEstimateSchema = z.object({
  name: z.string(),
  displayName: z.string().optional(),
  carrierName: z.string(),
  carrierDisplayName: z.string().optional(),
  serviceTypeGroupName: z.string().optional(),
  serviceTypeGroupDisplayName: z.string().optional(),
  estimatedRate: moneySchema,
  deliveryDate: z.string().optional(),
  isDeliveryPromiseFulfilled: z.boolean().optional(),
});
export type ShippingEstimate = z.infer<typeof shippingEstimateSchema>;

/** Walmart's error item, as every SWW answer may carry it. */
const swwErrorSchema = z.object({
  code: z.string().optional(),
  field: z.string().optional(),
  description: z.string().optional(),
  info: z.string().optional(),
  severity: z.string().optional(),
  category: z.string().optional(),
});

export const shippingEstimateResponseSchema = z.object({
  data: z.object({
    estimates: z.array(shippingEstimateSchema).default([]),
    /** Walmart's warning when no service meets the delivery promise. */
    alertMessage: z.string().optional(),
  }),
  errors: z.array(swwErrorSchema).optional(),
});
export type ShippingEstimateResponse = z.infer<typeof shippingEstimateResponseSchema>;

/** createLabel's fromAddress (contactName, addressLine1, city, state, postalCode, country, phone required). */
export const labelAddressSchema = z.object({
  contactName: required('contactName'),
  companyName: z.string().optional(),
  addressLine1: required('addressLine1'),
  addressLine2: z.string().optional(),
  city: required('city'),
  state: required('state'),
  postalCode: required('postalCode'),
  country: required('country'),
  phone: required('phone'),
  email: z.string().optional(),
});

/** createLabel's body: the carrier (shortName) and service (the estimate's name) for the PO's box. */
export const createLabelRequestSchema = z.object({
  packageType: required('packageType'),
  boxDimensions: boxDimensionsSchema,
  boxItems: z.array(boxItemSchema).min(1, 'boxItems: at least one'),
  fromAddress: labelAddressSchema.optional(),
  purchaseOrderId: required('purchaseOrderId'),
  carrierName: required('carrierName'),
  carrierServiceType: required('carrierServiceType'),
  addOns: z.array(z.enum(['SIGNATURE', 'INSURANCE'])).optional(),
});
export type CreateLabelRequest = z.infer<typeof createLabelRequestSchema>;

/** A label as createLabel (application/json) and getLabel answer it. */
export const swwLabelSchema = z.object({
  purchaseOrderId: z.string().optional(),
  trackingNo: z.string(),
  boxItems: z.array(boxItemSchema).optional(),
  carrierName: z.string(),
  carrierFullName: z.string().optional(),
  carrierServiceType: z.string().optional(),
  trackingUrl: z.string().optional(),
});
export type SwwLabel = z.infer<typeof swwLabelSchema>;

export const createLabelResponseSchema = z.object({ data: swwLabelSchema, errors: z.array(swwErrorSchema).optional() });
export const purchaseOrderLabelsResponseSchema = z.object({
  data: z.array(swwLabelSchema).default([]),
  errors: z.array(swwErrorSchema).optional(),
});
/** discardLabel answers `data: true` once the label is discarded. */
export const discardLabelResponseSchema = z.object({ data: z.boolean(), errors: z.array(swwErrorSchema).optional() });
