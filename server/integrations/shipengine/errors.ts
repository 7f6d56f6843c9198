/**
 * ShipEngine's refusals in words that say what to fix: each error names its field
 * (`shipment.ship_to.postal_code`) and, for a carrier's refusal, the carrier.
 */
import { errorBodySchema } from './models.js';

const HINTS: Record<string, string> = {
  unauthorized: 'ShipEngine does not accept the API key: check Company Credentials',
  insufficient_funds: 'The carrier account has too little postage balance: add funds at the carrier',
  rate_limit_exceeded: 'ShipEngine’s request quota is used up for now; try again shortly',
  invalid_address: 'The carrier cannot use this address: check it',
};

export function explainShipEngine(status: number, body: unknown): string[] {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success && parsed.data.errors.length)
    return parsed.data.errors.map((e) => {
      const where = e.field_name ? ` (${e.field_name})` : '';
      const hint = HINTS[e.error_code];
      return `ShipEngine${where}: ${hint ? `${hint} — ${e.message}` : e.message}`;
    });
  if (status === 401 || status === 403) return ['ShipEngine does not accept the API key: check Company Credentials'];
  return [`ShipEngine answered ${status} without an explanation`];
}
