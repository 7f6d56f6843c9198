/**
 * The API client (spec §7, §8): bearer only while the token is valid (refreshed shortly before it
 * expires), headers app/page/pageRoute/language, 300000 ms time-out, envelope lists → toasts,
 * 412 → the Error modal, 401 → sign out to /login, and the loading overlay while requests run.
 */
import type { Meta } from '../../domain/envelope';
import type { Tokens } from '../../domain/schemas/auth';
import { KEYS, tokenExpiry, tokenValid, useSession } from '../app/session';
import { decodeUnicode, useFeedback } from '../ui/feedback-store';

export const REQUEST_TIMEOUT_MS = 300_000;
export const APP_HEADER = 'dockside-web';
/** Refresh the access token this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    /** The envelope's body of the refusal, when the server gave details (e.g. an upload's issues). */
    readonly body: unknown = null,
    /** The field each message is about, where the server named one (issue 41: `line1`, `firstUser.password`). */
    readonly fields: (string | undefined)[] = [],
  ) {
    super(messages.join('; ') || `Request failed (${status})`);
  }
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Skip toasts (the caller shows the outcome itself). */
  quiet?: boolean;
  /** A 412 is shown by the caller next to the action (no error modal). */
  inlineRefusal?: boolean;
  /** No loading overlay (background refreshes, polling). */
  background?: boolean;
  raw?: boolean;
}

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};
export const setUnauthorizedHandler = (fn: () => void): void => {
  onUnauthorized = fn;
};

let language = 'en';
export const setApiLanguage = (lang: string): void => {
  language = lang;
};

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time; rotation makes a second concurrent refresh fail by design. */
export function refreshSession(): Promise<boolean> {
  const { refreshToken } = useSession.getState();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= fetch('/api/refresh-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  })
    .then(async (res) => {
      if (!res.ok) return false;
      const json = (await res.json()) as { body: Tokens };
      useSession.getState().signIn(json.body);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** A valid access token (refreshed first when close to expiry), or null: for background senders. */
export async function bearer(): Promise<string | null> {
  const { accessToken, refreshToken } = useSession.getState();
  const exp = tokenExpiry(accessToken);
  if (refreshToken && (!exp || exp - Date.now() < REFRESH_MARGIN_MS)) await refreshSession();
  const token = useSession.getState().accessToken;
  return tokenValid(token) ? token : null;
}

function showMeta(meta: Meta | undefined, quiet: boolean) {
  if (!meta || quiet) return;
  const fb = useFeedback.getState();
  for (const m of meta.error_list) fb.toast('error', decodeUnicode(m.message));
  for (const m of meta.info_list) fb.toast('success', decodeUnicode(m.message));
  for (const m of meta.warn_list) fb.toast('warning', decodeUnicode(m.message));
}

export async function api<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { app: APP_HEADER, 'accept-language': language, language };
  const page = localStorage.getItem(KEYS.activePage);
  const pageRoute = localStorage.getItem(KEYS.activePageRoute);
  if (page) headers.page = page;
  if (pageRoute) headers.pageRoute = pageRoute;
  const token = await bearer();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const fb = useFeedback.getState();
  if (!opts.background) fb.begin();
  try {
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      const msg = navigator.onLine ? 'The server did not answer; try again' : 'You are offline';
      if (!opts.quiet) fb.toast('error', msg);
      throw new ApiFailure(0, [msg]);
    }
    if (opts.raw && res.ok) return res as unknown as T;
    const json = (await res.json().catch(() => null)) as { meta?: Meta; body?: T } | null;
    const messages = json?.meta?.error_list.map((m) => decodeUnicode(m.message)) ?? [];
    const fields = json?.meta?.error_list.map((m) => m.field) ?? [];
    if (res.status === 401) {
      useSession.getState().clear();
      if (!opts.quiet) fb.toast('error', messages[0] ?? 'Please sign in again');
      onUnauthorized();
      throw new ApiFailure(401, messages);
    }
    if (res.status === 412) {
      // A caller that shows the refusal next to what the user did (a form's error line) opts out.
      if (!opts.inlineRefusal) fb.showError(messages.join('\n') || 'The request was refused by a business rule');
      throw new ApiFailure(412, messages, null, fields);
    }
    if (!res.ok) {
      showMeta(json?.meta, !!opts.quiet);
      if (!json?.meta && !opts.quiet) fb.toast('error', `Request failed (${res.status})`);
      throw new ApiFailure(res.status, messages, json?.body ?? null, fields);
    }
    showMeta(json?.meta, !!opts.quiet);
    return json?.body as T;
  } finally {
    if (!opts.background) fb.end();
  }
}

export const get = <T>(path: string, opts?: RequestOptions) => api<T>('GET', path, opts);
export const post = <T>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('POST', path, { ...opts, body });
export const put = <T>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('PUT', path, { ...opts, body });
export const del = <T>(path: string, opts?: RequestOptions) => api<T>('DELETE', path, opts);
