/** Turns zod issues into one envelope entry per bad field (400). */
import type { Context } from 'hono';
import type { z } from 'zod';
import { errorBody } from './respond.js';

export function issueMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    // Domain messages often name their field already ("expectedQty: at least 1"): say it once.
    if (!field) return issue.message;
    const last = String(issue.path.at(-1));
    if (issue.message.startsWith(`${last}:`)) return `${field}${issue.message.slice(last.length)}`;
    return `${field}: ${issue.message}`;
  });
}

/** The OpenAPIHono default hook: runs when a request part fails its route schema. */
export function validationHook(result: { success: boolean; error?: z.ZodError }, c: Context) {
  if (!result.success && result.error) {
    return c.json(errorBody(issueMessages(result.error)), 400);
  }
  return undefined;
}
