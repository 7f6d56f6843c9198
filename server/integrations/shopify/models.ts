/**
 * Shopify Admin shapes Dockside reads: the OAuth token answer, the GraphQL envelope (data, errors,
 * the query-cost extension that carries its leaky-bucket throttle), and the queries' data, written
 * against Shopify's documented Admin GraphQL schema.
 */
import { z } from 'zod';

export const SHOPIFY_API_VERSION = '2025-10';
export const SHOPIFY_SCOPES = [
  'read_products',
  'read_inventory',
  'read_orders',
  'write_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
];

/** POST /admin/oauth/access_token: an offline token, which does not expire. */
export const shopifyTokenSchema = z.object({ access_token: z.string().min(1), scope: z.string() });

export const graphqlErrorSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

export const throttleStatusSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number(),
});

export const graphqlEnvelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z.array(graphqlErrorSchema).optional(),
  extensions: z
    .looseObject({
      cost: z
        .looseObject({
          requestedQueryCost: z.number().optional(),
          actualQueryCost: z.number().nullable().optional(),
          throttleStatus: throttleStatusSchema.optional(),
        })
        .optional(),
    })
    .optional(),
});
export type GraphqlEnvelope = z.infer<typeof graphqlEnvelopeSchema>;

/** REST-style refusals: `{errors: "…"}` (a bad token) or `{error, error_description}` (OAuth). */
export const shopifyRestErrorSchema = z.union([
  z.object({ errors: z.union([z.string(), z.record(z.string(), z.unknown())]) }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);

export const shopQueryDataSchema = z.object({
  shop: z.object({
    id: z.string(),
    name: z.string(),
    myshopifyDomain: z.string(),
    currencyCode: z.string(),
  }),
});
