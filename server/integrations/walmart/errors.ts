/**
 * Walmart's refusals in words that say what to fix: each `{code, field, description, info}` of its
 * error list becomes one message naming the field.
 */
import { walmartErrorSchema } from './models.js';

const HINTS: Record<string, string> = {
  'UNAUTHORIZED.GMP_GATEWAY_API': 'Walmart does not accept the store’s client id or secret: enter them again',
  'INVALID_TOKEN.GMP_GATEWAY_API': 'Walmart refused the session token: test the connection again',
  'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API': 'Walmart’s request quota is used up for now; try again shortly',
};

export function explainWalmart(status: number, body: unknown): string[] {
  const parsed = walmartErrorSchema.safeParse(body);
  if (parsed.success) {
    const list = 'errors' in parsed.data ? parsed.data.errors : parsed.data.error;
    if (list.length)
      return list.map((e) => {
        const hint = HINTS[e.code];
        const said = [e.description, e.info].filter(Boolean).join(' — ');
        const where = e.field && e.field !== e.code.split('.')[0] ? ` (${e.field})` : '';
        return `Walmart${where}: ${hint ?? said ?? e.code}`;
      });
  }
  if (status === 401 || status === 403) return ['Walmart refused the store’s credentials: enter them again'];
  return [`Walmart answered ${status} without an explanation`];
}
