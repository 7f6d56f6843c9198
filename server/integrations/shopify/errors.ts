/**
 * Shopify's refusals in words that say what to fix: a bad token (`{errors: "[API] Invalid API key
 * or access token…"}`), OAuth's `{error, error_description}`, and GraphQL errors by field path.
 */
import type { GraphqlEnvelope } from './models.js';
import { shopifyRestErrorSchema } from './models.js';

export function explainShopify(status: number, body: unknown): string[] {
  const rest = shopifyRestErrorSchema.safeParse(body);
  if (rest.success) {
    if ('error' in rest.data)
      return [
        [
          rest.data.error === 'invalid_request'
            ? 'Shopify refused the sign-in: start the connection again'
            : `Shopify sign-in refused (${rest.data.error})`,
          rest.data.error_description,
        ]
          .filter(Boolean)
          .join(': '),
      ];
    if (status === 401 || status === 403)
      return ['Shopify does not accept the store’s access token: reconnect the store or enter a new token'];
    const said = typeof rest.data.errors === 'string' ? rest.data.errors : JSON.stringify(rest.data.errors);
    return [`Shopify: ${said}`];
  }
  if (status === 401 || status === 403)
    return ['Shopify does not accept the store’s access token: reconnect the store or enter a new token'];
  return [`Shopify answered ${status} without an explanation`];
}

export const explainGraphqlErrors = (errors: NonNullable<GraphqlEnvelope['errors']>): string[] =>
  errors.map((e) => `Shopify${e.path?.length ? ` (${e.path.join('.')})` : ''}: ${e.message}`);
