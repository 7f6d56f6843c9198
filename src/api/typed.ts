/**
 * The typed client: a call names the domain schema of its answer (the same schema the route
 * declares in the OpenAPI document), so a screen's data has the domain's type — no local
 * interface copied by hand. In development and tests the answer is also parsed, so drift between
 * a route and its schema shows up where it is used; production trusts the server's contract
 * (checked by the server's own tests, server/http/response-contracts.ts).
 */
import type { z } from 'zod';
import { api, type RequestOptions } from './client';

const checkAnswers = import.meta.env?.DEV || import.meta.env?.MODE === 'test';

async function typed<S extends z.ZodType>(
  method: string,
  path: string,
  schema: S,
  opts: RequestOptions,
): Promise<z.output<S>> {
  const body = await api<unknown>(method, path, opts);
  if (!checkAnswers) return body as z.output<S>;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${method} ${path} answered outside its schema: ${issues}`);
  }
  return parsed.data;
}

export const getAs = <S extends z.ZodType>(path: string, schema: S, opts: RequestOptions = {}) =>
  typed('GET', path, schema, opts);
export const postAs = <S extends z.ZodType>(path: string, body: unknown, schema: S, opts: RequestOptions = {}) =>
  typed('POST', path, schema, { ...opts, body });
export const putAs = <S extends z.ZodType>(path: string, body: unknown, schema: S, opts: RequestOptions = {}) =>
  typed('PUT', path, schema, { ...opts, body });
export const delAs = <S extends z.ZodType>(path: string, schema: S, opts: RequestOptions = {}) =>
  typed('DELETE', path, schema, opts);
