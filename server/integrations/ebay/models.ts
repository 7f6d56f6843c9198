/**
 * eBay shapes every call shares: the OAuth scopes Dockside asks for and eBay's refusal body.
 * The Sell Fulfillment shapes (orders, shipping fulfillments) are in order-models.ts.
 */
import { z } from 'zod';

export const EBAY_SCOPES: readonly string[] = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
];

/**
 * The Logistics API's scope: Limited Release, granted by eBay to approved keysets only. Asked for
 * with a keyset that is not approved, eBay refuses the whole consent or refresh (invalid_scope), so
 * it is asked only for stores whose eBay Logistics setting says the keyset is approved.
 */
export const EBAY_LOGISTICS_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.logistics';

/** The scopes Dockside asks a seller for: the Logistics API's too when the store uses it. */
export const ebayScopes = (logistics: boolean): readonly string[] =>
  logistics ? [...EBAY_SCOPES, EBAY_LOGISTICS_SCOPE] : EBAY_SCOPES;

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
