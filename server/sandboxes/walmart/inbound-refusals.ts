/**
 * Walmart's refusals for the WFS sandbox routes: `{errors: [{code, field, description, info,
 * severity, category, causes}]}` with one entry per problem — per line, per package — so a client
 * can say what to fix where (errors.ts walmartLineProblems). zod's complaints about a request become
 * such entries, the path written as Walmart writes fields (`orderItems[3].itemQty`).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { WalmartErrorItem } from '../../integrations/walmart/models.js';

export const bodyOf = (c: Context) => c.req.json<unknown>().catch(() => undefined);

/** offset and limit as Walmart's inbound lists take them (limit 1–50). */
export function pageOf(c: Context): { offset: number; limit: number } | WalmartErrorItem {
  const offset = Number(c.req.query('offset') ?? 0);
  const limit = Number(c.req.query('limit') ?? 10);
  if (!Number.isInteger(offset) || offset < 0) return requestError('offset', 'offset must be a whole number');
  if (!Number.isInteger(limit) || limit < 1 || limit > 50)
    return requestError('limit', 'limit must be between 1 and 50');
  return { offset, limit };
}

/** Walmart's data refusal code for WFS requests (the one its getInboundOrderErrors example shows). */
export const DATA_ERROR = '400.WSAAS.100';
export const NOT_FOUND = '404.WSAAS.100';

export const requestError = (field: string | undefined, description: string, info?: string): WalmartErrorItem => ({
  code: DATA_ERROR,
  ...(field ? { field } : {}),
  description,
  ...(info ? { info } : {}),
  severity: 'ERROR',
  category: 'REQUEST',
});

/** A refusal in Walmart's error shape, with one entry per problem (per line, per package). */
export const wfsRefusal = (c: Context, status: 400 | 404, errors: WalmartErrorItem[]) =>
  c.json({ errors: errors.map((e) => ({ ...e, causes: [] })) }, status);

export const notFound = (c: Context, field: string, description: string) =>
  wfsRefusal(c, 404, [{ ...requestError(field, description), code: NOT_FOUND }]);

/** zod's complaints about a request as Walmart's error list: the path becomes `orderItems[3].itemQty`. */
export const fieldErrors = (issues: z.ZodError['issues']): WalmartErrorItem[] =>
  issues.map((i) => {
    const field =
      i.path.reduce<string>(
        (f, p) => (typeof p === 'number' ? `${f}[${p}]` : f ? `${f}.${String(p)}` : String(p)),
        '',
      ) || undefined;
    // A missing object or array says so, in Walmart's words ("… is required").
    const missing = i.code === 'invalid_type' && / received undefined$/.test(i.message) && field;
    return requestError(field, missing ? `${String(i.path.at(-1))} is required` : i.message);
  });

export const notJson = (c: Context) => wfsRefusal(c, 400, [requestError(undefined, 'The request body must be JSON')]);
