/**
 * OAuth scopes in the eBay sandbox, held as eBay holds them: the consent asks for scopes and the
 * code, refresh token and access tokens carry what the seller granted; a refresh may ask the same
 * scopes or fewer, never more (invalid_scope); a call needs its API's scope (403, errorId 1100,
 * "Insufficient permissions to fulfill the request."). Limited Release scopes — the Logistics
 * API's sell.logistics — are granted only to keysets eBay approved: asked by another keyset, eBay
 * refuses the whole consent or refresh with invalid_scope.
 *
 * Which keysets are approved: the sandbox's own (it stands for an approved developer), and any other
 * recorded as approved (`approveEbayKeyset`, as eBay records an application it granted). Tokens the
 * sandbox issued before it kept scopes carry none: they are taken as granting what they are asked.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import { SANDBOX_EBAY_APP } from '../../integrations/ebay/client.js';
import { getRecord, putRecord, type RecordSet } from '../records.js';

const ROOT = 'https://api.ebay.com/oauth/api_scope';
const scope = (name: string) => `${ROOT}/${name}`;
export const LOGISTICS_SCOPE = scope('sell.logistics');

/** The user-token scopes the sandbox knows (eBay's names); anything else is refused as unknown. */
const KNOWN = new Set([
  ROOT,
  ...[
    'sell.fulfillment',
    'sell.fulfillment.readonly',
    'sell.inventory',
    'sell.inventory.readonly',
    'sell.account',
    'sell.account.readonly',
    'sell.marketing',
    'sell.marketing.readonly',
    'sell.analytics.readonly',
    'sell.finances',
    'sell.payment.dispute',
    'sell.reputation',
    'sell.stores',
    'commerce.identity.readonly',
    'commerce.notification.subscription',
    'sell.logistics',
  ].map(scope),
]);
/** Scopes eBay grants to approved keysets only. */
const LIMITED_RELEASE = new Set([LOGISTICS_SCOPE]);

/** eBay's answer to a scope it will not grant (the token endpoint's and the consent redirect's). */
export const INVALID_SCOPE =
  'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client';

export const parseScopes = (text: string | undefined): string[] =>
  (text ?? '').split(/\s+/).filter((s) => s.length > 0);

/** The Limited Release scopes a keyset other than the sandbox's own was approved for. */
const grants = (clientId: string): RecordSet<{ scopes: string[] }> => ({
  provider: 'ebay',
  account: `keyset:${clientId}`,
  kind: 'limited-release',
  schema: z.object({ scopes: z.array(z.string()) }),
  keyOf: () => 'grant',
});

/** Records a keyset as approved for Limited Release scopes (eBay's approval of the application). */
export const approveEbayKeyset = (deps: Deps, clientId: string, scopes: string[] = [LOGISTICS_SCOPE]) =>
  putRecord(deps, grants(clientId), { scopes });

/** Why eBay would not grant these scopes to this keyset, or null when it would. */
export async function scopeRefusal(deps: Deps, clientId: string, asked: string[]): Promise<string | null> {
  if (!asked.length || asked.some((s) => !KNOWN.has(s))) return INVALID_SCOPE;
  const limited = asked.filter((s) => LIMITED_RELEASE.has(s));
  if (!limited.length || clientId === SANDBOX_EBAY_APP.clientId) return null;
  const approved = (await getRecord(deps, grants(clientId), 'grant'))?.scopes ?? [];
  return limited.every((s) => approved.includes(s)) ? null : INVALID_SCOPE;
}

/**
 * The scopes of a refreshed access token: those asked when they are the ones granted or fewer (none
 * asked: all granted), null when eBay refuses them. `granted` undefined: a token from before scopes
 * were kept.
 */
export function refreshScopes(granted: string | undefined, askedText: string | undefined): string | undefined | null {
  const asked = parseScopes(askedText);
  if (!asked.length) return granted;
  if (asked.some((s) => !KNOWN.has(s))) return null;
  if (granted === undefined) return asked.join(' ');
  const held = new Set(parseScopes(granted));
  return asked.every((s) => held.has(s)) ? asked.join(' ') : null;
}

/** The scope a Sell API call needs (a read of orders takes the read-only one too), or null. */
function needed(path: string, method: string): string[] | null {
  if (path.includes('/sell/logistics/')) return [LOGISTICS_SCOPE];
  if (path.includes('/sell/fulfillment/'))
    return method === 'GET'
      ? [scope('sell.fulfillment'), scope('sell.fulfillment.readonly')]
      : [scope('sell.fulfillment')];
  return null;
}

/** Whether a token granted `granted` may make this call (undefined: a token from before scopes were kept). */
export function permits(c: Context, granted: string | undefined): boolean {
  const need = needed(c.req.path, c.req.method);
  if (!need || granted === undefined) return true;
  const held = new Set(parseScopes(granted));
  return need.some((s) => held.has(s));
}

/** What the consent page says Dockside asks for, in the seller's words. */
export function consentWords(scopes: string[]): string {
  const asks = ['view and manage your orders, fulfilments and inventory'];
  if (scopes.includes(LOGISTICS_SCOPE)) asks.push('buy shipping labels for your orders (eBay Logistics)');
  return `Dockside asks to ${asks.join(', and to ')}`;
}
