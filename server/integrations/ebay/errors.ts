/**
 * eBay's refusals in words that say what to fix: OAuth's `{error, error_description}` and the APIs'
 * `{errors: [...]}`, naming the parameter eBay objected to.
 */
import { oauthErrorSchema } from '../oauth.js';
import { EBAY_LOGISTICS_SCOPE, ebayErrorSchema } from './models.js';

const OAUTH_HINTS: Record<string, string> = {
  invalid_grant: 'eBay no longer accepts this store’s authorisation: reconnect the store',
  invalid_client: 'eBay does not know the developer app’s client id or secret: check Company Credentials',
  invalid_scope: 'eBay refused the permissions Dockside asked for: reconnect the store',
};

/**
 * eBay refusing the scopes when the store asks for eBay Logistics: the keyset is most likely not
 * approved for the Limited Release sell.logistics scope (or, at a refresh, the store's consent was
 * given before the setting was turned on).
 */
export const EBAY_LOGISTICS_REFUSED =
  'eBay refused the eBay Logistics permission (sell.logistics): the warehouse’s eBay keyset is probably not approved for eBay Logistics (a Limited Release API). Turn the store’s “eBay Logistics (approved keyset)” setting off and connect the store again; if the keyset is approved, reconnect the store to grant it';

export function explainEbay(status: number, body: unknown, scopes?: readonly string[]): string[] {
  const oauth = oauthErrorSchema.safeParse(body);
  if (oauth.success) {
    const hint =
      oauth.data.error === 'invalid_scope' && scopes?.includes(EBAY_LOGISTICS_SCOPE)
        ? EBAY_LOGISTICS_REFUSED
        : (OAUTH_HINTS[oauth.data.error] ?? `eBay sign-in refused (${oauth.data.error})`);
    return [[hint, oauth.data.error_description].filter(Boolean).join(': ')];
  }
  const api = ebayErrorSchema.safeParse(body);
  if (api.success && api.data.errors.length)
    return api.data.errors.map((e) => {
      const params = (e.parameters ?? []).map((p) => `${p.name}${p.value ? ` = ${p.value}` : ''}`).join(', ');
      const said = e.longMessage ?? e.message ?? 'refused';
      return `eBay (${e.errorId}): ${said}${params ? ` [${params}]` : ''}`;
    });
  if (status === 401 || status === 403) return ['eBay refused the store’s access: reconnect the store'];
  return [`eBay answered ${status} without an explanation`];
}
