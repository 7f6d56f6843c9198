/**
 * Merchant Fulfillment v0 shapes (../shared/reference/amazon/merchantFulfillmentV0.json): Amazon's
 * "Buy Shipping" for seller-fulfilled orders — eligible services for a package, the label bought
 * for one, its cancellation, and the extra inputs some services (international) need. Field names
 * are the model's PascalCase; lengths are the model's limits, so a bad request is refused before it
 * leaves. Every answer is `{payload, errors}`; a 200 without its payload is not an answer.
 */
import { z } from 'zod';

export const mfnAddressSchema = z.object({
  Name: z.string().max(30),
  AddressLine1: z.string().max(180),
  AddressLine2: z.string().max(60).optional(),
  AddressLine3: z.string().max(60).optional(),
  DistrictOrCounty: z.string().optional(),
  Email: z.string(),
  City: z.string().max(30),
  StateOrProvinceCode: z.string().max(30).optional(),
  PostalCode: z.string().max(30),
  // The model gives no limit, but Amazon refuses anything but ISO 3166-1 alpha-2 ("USA" is refused).
  CountryCode: z.string().length(2),
  Phone: z.string().max(30),
});
export type MfnAddress = z.infer<typeof mfnAddressSchema>;

export const currencyAmountSchema = z.object({ CurrencyCode: z.string().max(3), Amount: z.number() });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

export const weightSchema = z.object({ Value: z.number().positive(), Unit: z.enum(['oz', 'g']) });
export type Weight = z.infer<typeof weightSchema>;

export const UNITS_OF_LENGTH = ['inches', 'centimeters'] as const;
export const packageDimensionsSchema = z.object({
  Length: z.number().positive().optional(),
  Width: z.number().positive().optional(),
  Height: z.number().positive().optional(),
  Unit: z.enum(UNITS_OF_LENGTH).optional(),
  PredefinedPackageDimensions: z.string().optional(),
});
export type PackageDimensions = z.infer<typeof packageDimensionsSchema>;

export const additionalSellerInputSchema = z.object({
  DataType: z.string().optional(),
  ValueAsString: z.string().optional(),
  ValueAsBoolean: z.boolean().optional(),
  ValueAsInteger: z.number().int().optional(),
  ValueAsTimestamp: z.string().optional(),
  ValueAsAddress: mfnAddressSchema.optional(),
  ValueAsWeight: weightSchema.optional(),
  ValueAsDimension: z.object({ value: z.number().optional(), unit: z.enum(UNITS_OF_LENGTH).optional() }).optional(),
  ValueAsCurrency: currencyAmountSchema.optional(),
});
export const additionalSellerInputsSchema = z.object({
  AdditionalInputFieldName: z.string(),
  AdditionalSellerInput: additionalSellerInputSchema,
});
export type AdditionalSellerInputs = z.infer<typeof additionalSellerInputsSchema>;

export const mfnItemSchema = z.object({
  OrderItemId: z.string().min(1),
  Quantity: z.number().int(),
  ItemWeight: weightSchema.optional(),
  ItemDescription: z.string().optional(),
  TransparencyCodeList: z.array(z.string()).optional(),
  ItemLevelSellerInputsList: z.array(additionalSellerInputsSchema).optional(),
  IsHazmat: z.boolean().optional(),
});
export type MfnItem = z.infer<typeof mfnItemSchema>;

export const DELIVERY_EXPERIENCES = [
  'DeliveryConfirmationWithAdultSignature',
  'DeliveryConfirmationWithSignature',
  'DeliveryConfirmationWithoutSignature',
  'NoTracking',
] as const;
export const LABEL_FORMATS = ['PDF', 'PNG', 'ZPL203', 'ZPL300', 'ShippingServiceDefault'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const CARRIER_WILL_PICK_UP_OPTIONS = ['CarrierWillPickUp', 'ShipperWillDropOff', 'NoPreference'] as const;

export const shippingServiceOptionsSchema = z.object({
  DeliveryExperience: z.enum(DELIVERY_EXPERIENCES),
  DeclaredValue: currencyAmountSchema.optional(),
  CarrierWillPickUp: z.boolean(),
  CarrierWillPickUpOption: z.enum(CARRIER_WILL_PICK_UP_OPTIONS).optional(),
  // Amazon's own answers carry "" here (its example for getEligibleShipmentServices).
  LabelFormat: z.union([z.enum(LABEL_FORMATS), z.literal('')]).optional(),
});
export type ShippingServiceOptions = z.infer<typeof shippingServiceOptionsSchema>;

export const shipmentRequestDetailsSchema = z.object({
  AmazonOrderId: z.string().min(1),
  SellerOrderId: z.string().max(64).optional(),
  ItemList: z.array(mfnItemSchema).min(1),
  ShipFromAddress: mfnAddressSchema,
  PackageDimensions: packageDimensionsSchema,
  Weight: weightSchema,
  MustArriveByDate: z.string().datetime({ offset: true }).optional(),
  ShipDate: z.string().datetime({ offset: true }).optional(),
  ShippingServiceOptions: shippingServiceOptionsSchema,
  LabelCustomization: z
    .object({
      CustomTextForLabel: z.string().max(14).optional(),
      StandardIdForLabel: z.enum(['AmazonOrderId']).optional(),
    })
    .optional(),
});
export type ShipmentRequestDetails = z.infer<typeof shipmentRequestDetailsSchema>;

export const getEligibleShipmentServicesRequestSchema = z.object({
  ShipmentRequestDetails: shipmentRequestDetailsSchema,
  ShippingOfferingFilter: z
    .object({
      IncludePackingSlipWithLabel: z.boolean().optional(),
      IncludeComplexShippingOptions: z.boolean().optional(),
      CarrierWillPickUp: z.enum(CARRIER_WILL_PICK_UP_OPTIONS).optional(),
      DeliveryExperience: z.enum([...DELIVERY_EXPERIENCES, 'NoPreference']).optional(),
    })
    .optional(),
});
export type GetEligibleShipmentServicesRequest = z.infer<typeof getEligibleShipmentServicesRequestSchema>;

export const shippingServiceSchema = z.object({
  ShippingServiceName: z.string(),
  CarrierName: z.string(),
  ShippingServiceId: z.string(),
  ShippingServiceOfferId: z.string(),
  ShipDate: z.string(),
  EarliestEstimatedDeliveryDate: z.string().optional(),
  LatestEstimatedDeliveryDate: z.string().optional(),
  Rate: currencyAmountSchema,
  RateWithAdjustments: currencyAmountSchema,
  AdjustmentItemList: z
    .array(
      z.object({
        RateItemID: z.string(),
        RateItemType: z.string().optional(),
        RateItemCharge: currencyAmountSchema.optional(),
        RateItemNameLocalization: z.string().optional(),
      }),
    )
    .optional(),
  ShippingServiceOptions: shippingServiceOptionsSchema,
  AvailableLabelFormats: z.array(z.enum(LABEL_FORMATS)).optional(),
  AvailableFormatOptionsForLabel: z
    .array(
      z.object({ IncludePackingSlipWithLabel: z.boolean().optional(), LabelFormat: z.enum(LABEL_FORMATS).optional() }),
    )
    .optional(),
  RequiresAdditionalSellerInputs: z.boolean(),
  Benefits: z
    .object({
      IncludedBenefits: z.array(z.string()).optional(),
      ExcludedBenefits: z
        .array(z.object({ Benefit: z.string().optional(), ReasonCodes: z.array(z.string()).optional() }))
        .optional(),
    })
    .optional(),
});
export type ShippingService = z.infer<typeof shippingServiceSchema>;

export const rejectedShippingServiceSchema = z.object({
  CarrierName: z.string(),
  ShippingServiceName: z.string(),
  ShippingServiceId: z.string(),
  RejectionReasonCode: z.string(),
  RejectionReasonMessage: z.string().optional(),
});
export type RejectedShippingService = z.infer<typeof rejectedShippingServiceSchema>;

const carrierNameSchema = z.object({ CarrierName: z.string() });
export const eligibleShipmentServicesSchema = z.object({
  ShippingServiceList: z.array(shippingServiceSchema),
  RejectedShippingServiceList: z.array(rejectedShippingServiceSchema).optional(),
  TemporarilyUnavailableCarrierList: z.array(carrierNameSchema).optional(),
  TermsAndConditionsNotAcceptedCarrierList: z.array(carrierNameSchema).optional(),
});
export type EligibleShipmentServices = z.infer<typeof eligibleShipmentServicesSchema>;

export const FILE_TYPES = ['application/pdf', 'application/zpl', 'image/png'] as const;
export const labelSchema = z.object({
  CustomTextForLabel: z.string().max(14).optional(),
  Dimensions: z.object({ Length: z.number(), Width: z.number(), Unit: z.enum(UNITS_OF_LENGTH) }),
  FileContents: z.object({
    /** Base64 of the GZIP-compressed document; empty once the shipment is cancelled. */
    Contents: z.string(),
    // Amazon's own example of a cancelled shipment answers "" here.
    FileType: z.union([z.enum(FILE_TYPES), z.literal('')]),
    Checksum: z.string(),
  }),
  LabelFormat: z.enum(LABEL_FORMATS).optional(),
  StandardIdForLabel: z.enum(['AmazonOrderId']).optional(),
});
export type Label = z.infer<typeof labelSchema>;

export const MFN_SHIPMENT_STATUSES = ['Purchased', 'RefundPending', 'RefundRejected', 'RefundApplied'] as const;
export const mfnShipmentSchema = z.object({
  ShipmentId: z.string(),
  AmazonOrderId: z.string(),
  SellerOrderId: z.string().optional(),
  ItemList: z.array(mfnItemSchema),
  ShipFromAddress: mfnAddressSchema,
  ShipToAddress: mfnAddressSchema,
  PackageDimensions: packageDimensionsSchema,
  Weight: weightSchema,
  Insurance: currencyAmountSchema,
  ShippingService: shippingServiceSchema,
  Label: labelSchema,
  Status: z.enum(MFN_SHIPMENT_STATUSES),
  TrackingId: z.string().optional(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string().optional(),
});
export type MfnShipment = z.infer<typeof mfnShipmentSchema>;

export const createShipmentRequestSchema = z.object({
  ShipmentRequestDetails: shipmentRequestDetailsSchema,
  ShippingServiceId: z.string().min(1),
  ShippingServiceOfferId: z.string().optional(),
  HazmatType: z.enum(['None', 'LQHazmat']).optional(),
  LabelFormatOption: z.object({ IncludePackingSlipWithLabel: z.boolean().optional() }).optional(),
  ShipmentLevelSellerInputsList: z.array(additionalSellerInputsSchema).optional(),
});
export type CreateShipmentRequest = z.infer<typeof createShipmentRequestSchema>;

export const getAdditionalSellerInputsRequestSchema = z.object({
  ShippingServiceId: z.string().min(1),
  ShipFromAddress: mfnAddressSchema,
  OrderId: z.string().min(1),
});
export type GetAdditionalSellerInputsRequest = z.infer<typeof getAdditionalSellerInputsRequestSchema>;

export const additionalInputsSchema = z.object({
  AdditionalInputFieldName: z.string().optional(),
  SellerInputDefinition: z
    .object({
      IsRequired: z.boolean(),
      DataType: z.string(),
      Constraints: z.array(z.object({ ValidationRegEx: z.string().optional(), ValidationString: z.string() })),
      InputDisplayText: z.string(),
      InputTarget: z.enum(['SHIPMENT_LEVEL', 'ITEM_LEVEL']).optional(),
      StoredValue: additionalSellerInputSchema,
      RestrictedSetValues: z.array(z.string()).optional(),
    })
    .optional(),
});
export type AdditionalInputs = z.infer<typeof additionalInputsSchema>;

export const additionalSellerInputsResultSchema = z.object({
  ShipmentLevelFields: z.array(additionalInputsSchema).optional(),
  ItemLevelFieldsList: z
    .array(z.object({ Asin: z.string(), AdditionalInputs: z.array(additionalInputsSchema) }))
    .optional(),
});
export type AdditionalSellerInputsResult = z.infer<typeof additionalSellerInputsResultSchema>;

/** `{payload}` answers: the client hands back the payload, and an answer without one is garbage. */
export const withPayload = <T extends z.ZodType>(payload: T) => z.object({ payload });
