import type { Context } from 'hono';
import { envelope } from '../../domain/envelope.js';

const toMessages = (list?: string[]) => (list ?? []).map((message) => ({ message }));

/** A successful answer in the spec's envelope; info/warn messages become toasts in the client. */
export function ok<T>(c: Context, body: T, opts: { info?: string[]; warn?: string[]; status?: 200 | 201 } = {}) {
  return c.json(
    envelope(body, { info_list: toMessages(opts.info), warn_list: toMessages(opts.warn) }),
    opts.status ?? 200,
  );
}

/** A refusal's entry: its words, and (issue 41) the message code and field when it has them. */
type ErrorEntry = string | { message: string; code?: string; field?: string };

export function errorBody(messages: ErrorEntry[], details: unknown = null) {
  return envelope(details, { error_list: messages.map((m) => (typeof m === 'string' ? { message: m } : m)) });
}
