/**
 * Amazon SP-API and Login with Amazon shapes Dockside reads and writes, typed from
 * ../shared/reference/amazon (FBA Inventory v1) and Amazon's LWA documentation. The client checks
 * answers with these; the sandbox answers with them; the contract test holds both to the models.
 */
import { z } from 'zod';

/** LWA token answer (authorization_code and refresh_token grants). */
export const lwaTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().optional(),
});
export type LwaToken = z.infer<typeof lwaTokenSchema>;
/** LWA refusal: `{error: 'invalid_grant', error_description: '…'}`. */
export { oauthErrorSchema as lwaErrorSchema } from '../oauth.js';

/** SP-API refusal body: `{errors: [{code, message, details?}]}`. */
export const spApiErrorSchema = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string().optional(), details: z.string().optional() })),
});

const qty = z.number().int().min(0);
export const inventorySummarySchema = z.object({
  asin: z.string().optional(),
  fnSku: z.string().optional(),
  sellerSku: z.string().optional(),
  condition: z.string().optional(),
  inventoryDetails: z
    .object({
      fulfillableQuantity: qty.optional(),
      inboundWorkingQuantity: qty.optional(),
      inboundShippedQuantity: qty.optional(),
      inboundReceivingQuantity: qty.optional(),
      reservedQuantity: z
        .object({
          totalReservedQuantity: qty.optional(),
          pendingCustomerOrderQuantity: qty.optional(),
          pendingTransshipmentQuantity: qty.optional(),
          fcProcessingQuantity: qty.optional(),
        })
        .optional(),
      unfulfillableQuantity: z.object({ totalUnfulfillableQuantity: qty.optional() }).passthrough().optional(),
    })
    .passthrough()
    .optional(),
  lastUpdatedTime: z.string().optional(),
  productName: z.string().optional(),
  totalQuantity: qty.optional(),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

export const inventorySummariesResponseSchema = z.object({
  payload: z
    .object({
      granularity: z.object({ granularityType: z.string().optional(), granularityId: z.string().optional() }),
      inventorySummaries: z.array(inventorySummarySchema),
    })
    .optional(),
  pagination: z.object({ nextToken: z.string().optional() }).optional(),
  errors: spApiErrorSchema.shape.errors.optional(),
});
export type InventorySummariesResponse = z.infer<typeof inventorySummariesResponseSchema>;
