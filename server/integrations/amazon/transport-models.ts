/**
 * Fulfillment Inbound v2024-03-20 transportation shapes (../shared/reference/amazon/
 * fulfillmentInbound_2024-03-20.json): how each shipment of a placement travels (Amazon's
 * partnered carrier or the seller's own, small parcel or LTL freight, with quotes and the void
 * window), the delivery windows own-carrier shipments must book, and tracking details.
 */
import { z } from 'zod';
import { dimensionsSchema, shipmentSchema, weightSchema } from './inbound-models.js';

const currency = z.object({ amount: z.number(), code: z.string() });
const pagination = z.object({ nextToken: z.string().optional() }).optional();
/** Amazon's ids here are 38 characters: a two-letter prefix and a UUID. */
const id38 = z.string().length(38);

export const contactInformationSchema = z.object({
  name: z.string().min(1).max(50),
  phoneNumber: z.string().min(1).max(20),
  email: z.string().min(1).max(1024).optional(),
});
export type ContactInformation = z.infer<typeof contactInformationSchema>;

export const FREIGHT_CLASSES = [
  'NONE',
  'FC_50',
  'FC_55',
  'FC_60',
  'FC_65',
  'FC_70',
  'FC_77_5',
  'FC_85',
  'FC_92_5',
  'FC_100',
  'FC_110',
  'FC_125',
  'FC_150',
  'FC_175',
  'FC_200',
  'FC_250',
  'FC_300',
  'FC_400',
  'FC_500',
] as const;

export const palletInputSchema = z.object({
  dimensions: dimensionsSchema.optional(),
  quantity: z.number().int().min(1).max(10_000),
  stackability: z.enum(['STACKABLE', 'NON_STACKABLE']).optional(),
  weight: weightSchema.optional(),
});
export type PalletInput = z.infer<typeof palletInputSchema>;

export const freightInformationSchema = z.object({
  declaredValue: currency.optional(),
  freightClass: z.enum(FREIGHT_CLASSES).optional(),
});

/** Minute precision, as Amazon takes it: yyyy-MM-ddTHH:mmZ (seconds allowed and dropped). */
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, 'an ISO 8601 UTC date-time');

export const shipmentTransportationConfigurationSchema = z.object({
  shipmentId: id38,
  readyToShipWindow: z.object({ start: dateTime }),
  contactInformation: contactInformationSchema.optional(),
  freightInformation: freightInformationSchema.optional(),
  pallets: z.array(palletInputSchema).optional(),
});
export const generateTransportationOptionsRequestSchema = z.object({
  placementOptionId: id38,
  shipmentTransportationConfigurations: z.array(shipmentTransportationConfigurationSchema).min(1),
});
export type GenerateTransportationOptionsRequest = z.infer<typeof generateTransportationOptionsRequestSchema>;

export const SHIPPING_MODES = ['GROUND_SMALL_PARCEL', 'FREIGHT_LTL'] as const;
export const SHIPPING_SOLUTIONS = ['AMAZON_PARTNERED_CARRIER', 'USE_YOUR_OWN_CARRIER'] as const;

export const transportationOptionSchema = z.object({
  transportationOptionId: z.string(),
  shipmentId: z.string(),
  carrier: z.object({ alphaCode: z.string().optional(), name: z.string().optional() }),
  carrierAppointment: z.object({ startTime: z.string(), endTime: z.string() }).optional(),
  preconditions: z.array(z.string()),
  quote: z
    .object({ cost: currency, expiration: z.string().optional(), voidableUntil: z.string().optional() })
    .optional(),
  shippingMode: z.string(),
  shippingSolution: z.string(),
});
export type TransportationOption = z.infer<typeof transportationOptionSchema>;
export const listTransportationOptionsResponseSchema = z.object({
  transportationOptions: z.array(transportationOptionSchema),
  pagination,
});

export const transportationSelectionSchema = z.object({
  shipmentId: id38,
  transportationOptionId: id38,
  contactInformation: contactInformationSchema.optional(),
});
export const confirmTransportationOptionsRequestSchema = z.object({
  transportationSelections: z.array(transportationSelectionSchema).min(1),
});
export type TransportationSelection = z.infer<typeof transportationSelectionSchema>;

export const deliveryWindowOptionSchema = z.object({
  deliveryWindowOptionId: z.string(),
  availabilityType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  validUntil: z.string(),
});
export type DeliveryWindowOption = z.infer<typeof deliveryWindowOptionSchema>;
export const listDeliveryWindowOptionsResponseSchema = z.object({
  deliveryWindowOptions: z.array(deliveryWindowOptionSchema),
  pagination,
});
export const selectedDeliveryWindowSchema = z.object({
  deliveryWindowOptionId: z.string(),
  availabilityType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  editableUntil: z.string().optional(),
});

export const trackingDetailsInputSchema = z
  .object({
    spdTrackingDetail: z
      .object({
        spdTrackingItems: z
          .array(z.object({ boxId: z.string().min(1).max(1024), trackingId: z.string().min(1).max(64) }))
          .min(1),
      })
      .optional(),
    ltlTrackingDetail: z
      .object({
        billOfLadingNumber: z.string().min(1).max(1024).optional(),
        freightBillNumber: z
          .array(
            z
              .string()
              .min(1)
              .max(64)
              .regex(/^[a-zA-Z0-9-._ ]*$/),
          )
          .length(1),
      })
      .optional(),
  })
  .refine((t) => !!t.spdTrackingDetail !== !!t.ltlTrackingDetail, 'either SPD or LTL tracking details');
export const updateShipmentTrackingDetailsRequestSchema = z.object({ trackingDetails: trackingDetailsInputSchema });
export type TrackingDetailsInput = z.infer<typeof trackingDetailsInputSchema>;

export const trackingDetailsSchema = z.object({
  spdTrackingDetail: z
    .object({
      spdTrackingItems: z.array(
        z.object({
          boxId: z.string().optional(),
          trackingId: z.string().optional(),
          trackingNumberValidationStatus: z.string().optional(),
        }),
      ),
    })
    .optional(),
  ltlTrackingDetail: z
    .object({ billOfLadingNumber: z.string().optional(), freightBillNumber: z.array(z.string()).optional() })
    .optional(),
});

/** A shipment with what it says about its transport once chosen. */
export const shipmentSchemaWithTransport = shipmentSchema.extend({
  selectedTransportationOptionId: z.string().optional(),
  selectedDeliveryWindow: selectedDeliveryWindowSchema.optional(),
  trackingDetails: trackingDetailsSchema.optional(),
  contactInformation: contactInformationSchema.optional(),
  freightInformation: freightInformationSchema.optional(),
  dates: z
    .object({
      readyToShipWindow: z.object({ start: z.string(), end: z.string(), editableUntil: z.string().optional() }),
    })
    .optional(),
});
export type ShipmentWithTransport = z.infer<typeof shipmentSchemaWithTransport>;

/** Fulfillment Inbound v0 getBillOfLading: where to download the BOL (for 15 seconds). */
export const billOfLadingResponseSchema = z.object({ payload: z.object({ DownloadURL: z.string() }) });
