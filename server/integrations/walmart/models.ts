/**
 * Walmart Marketplace shapes Dockside reads, typed from ../shared/reference/walmart (Fulfillment
 * Management, WFS) and Walmart's token API documentation. The client checks answers with these; the
 * sandbox answers with them.
 */
import { z } from 'zod';

/** POST /v3/token (client_credentials): a bearer token for about fifteen minutes. */
export const walmartTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

/** Walmart's refusals: `{errors: [...]}` from most APIs, `{error: [...]}` from the gateway. */
export const walmartErrorItem = z.object({
  code: z.string(),
  field: z.string().optional(),
  description: z.string().optional(),
  info: z.string().optional(),
  severity: z.string().optional(),
  category: z.string().optional(),
});
export type WalmartErrorItem = z.infer<typeof walmartErrorItem>;
export const walmartErrorSchema = z.union([
  z.object({ errors: z.array(walmartErrorItem) }),
  z.object({ error: z.array(walmartErrorItem) }),
]);

const address = z.object({
  fcName: z.string().optional(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  city: z.string().optional(),
  stateCode: z.string().optional(),
  countryCode: z.string().optional(),
  postalCode: z.string().optional(),
});

export const inboundShipmentSchema = z.object({
  inboundOrderId: z.string().optional(),
  shipmentId: z.string().optional(),
  shipToAddress: address.optional(),
  returnAddress: address.optional(),
  status: z.string().optional(),
  createdDate: z.string().optional(),
  shipmentUnits: z.number().int().optional(),
  receivedUnits: z.number().int().optional(),
  expectedDeliveryDate: z.string().optional(),
  updatedExpectedDeliveryDate: z.string().optional(),
  actualDeliveryDate: z.string().optional(),
  trackingNo: z.array(z.string()).optional(),
  carrierName: z.string().optional(),
});
export type InboundShipment = z.infer<typeof inboundShipmentSchema>;

/** GET /v3/fulfillment/inbound-shipments (getInboundShipments). */
export const inboundShipmentsResponseSchema = z.object({
  headers: z.object({ totalCount: z.number().int(), limit: z.number().int(), offset: z.number().int() }).optional(),
  payload: z.array(inboundShipmentSchema).optional(),
});
