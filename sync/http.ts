/**
 * The engine's HTTP side: push and pull against the provider API (`/api/sync/*`), answers
 * unwrapped from the spec's envelope and checked against the wire schemas. Failures become
 * SyncTransportErrors so the drainer knows whether to back off, pause for sign-in or park the
 * batch in needs-attention. `fetch` and the token are injected: the app passes the browser's
 * fetch and its session; tests pass the in-process server.
 */
import {
  MAX_PULL_LIMIT,
  pullResponseSchema,
  pushResponseSchema,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '../domain/sync-protocol.js';
import type { PushTransport } from './outbox.js';
import type { ChangeFetcher } from './pull.js';
import { httpError, SyncTransportError } from './transport-error.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpSyncOptions {
  /** Prefix of the API, '' for same origin. */
  baseUrl?: string;
  fetch: FetchLike;
  /** The current access token, or null when signed out (the request is then not sent). */
  getToken: () => string | null | Promise<string | null>;
  /** Extra headers (language, app), as the API client sends them. */
  headers?: () => Record<string, string>;
  /** Rows per pull page: large pages mean fewer round trips and IndexedDB transactions on a first pull. */
  pullLimit?: number;
}

interface Envelope {
  meta?: { error_list?: { message?: string }[] };
  body?: unknown;
}

async function call(opts: HttpSyncOptions, path: string, init: RequestInit): Promise<unknown> {
  const token = await opts.getToken();
  if (!token) throw new SyncTransportError('unauthorized', 'Signed out');
  const headers: Record<string, string> = { ...(opts.headers?.() ?? {}), authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  // A network failure (offline, DNS, reset) rejects here and is classified as 'network' upstream.
  const res = await opts.fetch(`${opts.baseUrl ?? ''}${path}`, { ...init, headers });
  let envelope: Envelope | null = null;
  try {
    envelope = (await res.json()) as Envelope;
  } catch {
    envelope = null;
  }
  if (!res.ok) {
    const message = envelope?.meta?.error_list
      ?.map((e) => e.message)
      .filter(Boolean)
      .join('; ');
    throw httpError(res.status, message || undefined);
  }
  if (!envelope) throw new SyncTransportError('server', 'Unreadable answer from the server', res.status);
  return envelope.body;
}

export function createHttpSync(opts: HttpSyncOptions): { push: PushTransport; fetchChanges: ChangeFetcher } {
  const push: PushTransport = async (req: PushRequest): Promise<PushResponse> => {
    const body = await call(opts, '/api/sync/push', { method: 'POST', body: JSON.stringify(req) });
    const parsed = pushResponseSchema.safeParse(body);
    if (!parsed.success) throw new SyncTransportError('server', 'The server answered a push in an unexpected shape');
    return parsed.data;
  };
  const fetchChanges: ChangeFetcher = async (cursor: number): Promise<PullResponse> => {
    const limit = Math.min(opts.pullLimit ?? MAX_PULL_LIMIT, MAX_PULL_LIMIT);
    const body = await call(opts, `/api/sync/pull?cursor=${cursor}&limit=${limit}`, { method: 'GET' });
    const parsed = pullResponseSchema.safeParse(body);
    if (!parsed.success) throw new SyncTransportError('server', 'The server answered a pull in an unexpected shape');
    return parsed.data;
  };
  return { push, fetchChanges };
}
