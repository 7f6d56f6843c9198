/**
 * eBay shapes every call shares: the OAuth scopes Dockside asks for and eBay's refusal body.
 * The Sell Fulfillment shapes (orders, shipping fulfillments) are in order-models.ts.
 */
import { z } from 'zod';

export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
];

/** eBay's refusals: `{errors: [{errorId, domain, category, message, longMessage, parameters}]}`. */
export const ebayErrorSchema = z.object({
  errors: z.array(
    z.object({
      errorId: z.number().int(),
      domain: z.string().optional(),
      category: z.string().optional(),
      message: z.string().optional(),
      longMessage: z.string().optional(),
      parameters: z.array(z.object({ name: z.string(), value: z.string().optional() })).optional(),
    }),
  ),
});
export type EbayError = z.infer<typeof ebayErrorSchema>['errors'][number];
