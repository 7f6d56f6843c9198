/**
 * Amazon's refusals in words that say what to fix. SP-API answers `{errors:[{code,message,details}]}`
 * (inbound adds FBA_INB-xxxx codes); LWA answers `{error, error_description}`.
 */
import { lwaErrorSchema, spApiErrorSchema } from './models.js';

const LWA_HINTS: Record<string, string> = {
  invalid_grant: 'Amazon no longer accepts this store’s authorisation: reconnect the store',
  invalid_client: 'Amazon does not know the developer app’s client id or secret: check Company Credentials',
  unauthorized_client: 'The developer app may not use this authorisation: reconnect the store',
  invalid_request: 'Amazon refused the sign-in request as malformed',
};

const SP_HINTS: Record<string, string> = {
  Unauthorized: 'Amazon refused the store’s access: reconnect the store',
  InvalidInput: 'Amazon refused a value we sent',
  NotFound: 'Amazon does not know this item or resource',
  QuotaExceeded: 'Amazon’s request quota is used up for now; try again shortly',
};

export function explainAmazon(status: number, body: unknown): string[] {
  const lwa = lwaErrorSchema.safeParse(body);
  if (lwa.success) {
    const hint = LWA_HINTS[lwa.data.error];
    return [
      [hint ?? `Amazon sign-in refused (${lwa.data.error})`, lwa.data.error_description].filter(Boolean).join(': '),
    ];
  }
  const sp = spApiErrorSchema.safeParse(body);
  if (sp.success && sp.data.errors.length)
    return sp.data.errors.map((e) => {
      const hint = SP_HINTS[e.code];
      const said = [e.message, e.details].filter(Boolean).join(' — ');
      return `Amazon (${e.code}): ${[hint, said].filter(Boolean).join(': ')}`;
    });
  if (status === 401 || status === 403) return ['Amazon refused the store’s access: reconnect the store'];
  return [`Amazon answered ${status} without an explanation`];
}
