/**
 * Turns zod issues into one envelope entry per bad field (400), said in the request's language
 * with the field's label as the form shows it ("Street and number is required", issue 41).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { issueCode, issueField, issueText } from '../../domain/validation/error-map.js';
import { requestLanguage, translator, type Language } from '../i18n.js';
import { errorBody } from './respond.js';

/** The issues as refusals in a language (English unless told), each field once. */
export function issueMessages(error: z.ZodError, language: Language = 'en'): string[] {
  const t = translator(language);
  return [...new Set(error.issues.map((issue) => issueText(issue, t, language)))];
}

/** The issues as the envelope's entries: the words, the rule's code and the field it is about. */
export function issueEntries(error: z.ZodError, language: Language) {
  const t = translator(language);
  const seen = new Set<string>();
  const out: { message: string; code: string; field?: string }[] = [];
  for (const issue of error.issues) {
    const message = issueText(issue, t, language);
    if (seen.has(message)) continue;
    seen.add(message);
    const field = issueField(issue.path);
    out.push({ message, code: issueCode(issue), ...(field ? { field: issue.path.map(String).join('.') } : {}) });
  }
  return out;
}

/** The OpenAPIHono default hook: runs when a request part fails its route schema. */
export function validationHook(result: { success: boolean; error?: z.ZodError }, c: Context) {
  if (!result.success && result.error) {
    return c.json(errorBody(issueEntries(result.error, requestLanguage(c))), 400);
  }
  return undefined;
}
