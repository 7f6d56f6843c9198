/**
 * The one way Dockside calls a marketplace, carrier or payment provider. Every provider client is
 * a thin list of operations over `ProviderHttp.call`, which:
 *  - waits for the operation's rate limiter (the provider's published rate and burst),
 *  - retries 429, 5xx, time-outs and dropped connections with jittered exponential backoff,
 *    honouring Retry-After, and no other failure (a refusal is an answer, not a glitch),
 *  - checks the answer at the boundary with the operation's zod schema (HTML, cut-off JSON or a
 *    different shape become a 502 that says so — nothing is half-written from it),
 *  - turns the provider's refusals into messages that say what to fix (`ProviderRefusal`),
 *  - logs each attempt for support with secrets and personal data masked (`CallLog`).
 */
import type { z } from 'zod';
import { RateLimiter } from './rate-limit.js';
import { maskJson, maskUrl } from './mask.js';

export interface CallRecord {
  provider: string;
  operation: string;
  method: string;
  url: string;
  status: number | null;
  durationMs: number;
  attempt: number;
  error: string | null;
  requestExcerpt: string | null;
  responseExcerpt: string | null;
}
export type CallLog = (record: CallRecord) => Promise<void> | void;

/** What went wrong, in the terms a store's health and a job's retry policy need. */
export type FailureKind = 'auth' | 'refused' | 'throttled' | 'unavailable' | 'garbage';

export class ProviderFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly provider: string,
    readonly operation: string,
    /** The messages for people: what the provider said, and what to do about it. */
    readonly messages: string[],
    readonly status: number | null = null,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${provider} ${operation}: ${messages.join('; ')}`);
  }
}

export interface Operation<T> {
  /** The provider's operation name (getInventorySummaries), for limits and the log. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  schema: z.ZodType<T>;
  /** Requests per second and burst for this operation (from the provider's documentation). */
  rate?: { perSecond: number; burst: number };
  /**
   * Whether the call may be sent again after a 5xx, a time-out or a lost connection: it changes
   * nothing (a search, a quote, a token), or the provider applies it once (an Idempotency-Key).
   * Unset, GET, PUT, DELETE and calls with an Idempotency-Key may, and POST and PATCH may not — the provider may have applied a
   * POST before failing, and a shipment confirmed twice is worse than a step retried by the job
   * that first re-reads the provider's state. A 429 is always sent again: a throttled call was not
   * applied.
   */
  repeatable?: boolean;
}

export interface ProviderHttpOptions {
  provider: string;
  baseUrl: string;
  /** Headers that authenticate a call (an access token, fetched and cached by the caller). */
  auth?: () => Promise<Record<string, string>>;
  /**
   * Forgets the cached credential `auth` answers with. A 401 or 403 (Amazon's answer to an expired
   * token) is then answered once by asking `auth` again before it counts as a refusal: a provider
   * may expire an access token before we expect (its clock and ours differ, it rotated keys), and
   * that is no reason to reconnect the store.
   */
  renewAuth?: () => void;
  /** Turns a refusal body into messages for people (each provider's error shape). */
  explain: (status: number, body: unknown) => string[];
  log?: CallLog;
  fetch?: typeof fetch;
  maxAttempts?: number;
  timeoutMs?: number;
  /** Backoff base and cap (ms); the wait is uniform in [0, min(cap, base·2^attempt)). */
  backoff?: { baseMs: number; capMs: number };
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const RETRIED = new Set([429, 500, 502, 503, 504]);
const EXCERPT = 2000;

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ProviderHttp {
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: ProviderHttpOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
    this.sleep = opts.sleep ?? realSleep;
  }

  private limiter(op: Operation<unknown>): RateLimiter | null {
    if (!op.rate) return null;
    let l = this.limiters.get(op.name);
    if (!l) this.limiters.set(op.name, (l = new RateLimiter(op.rate.perSecond, op.rate.burst, this.sleep)));
    return l;
  }

  private url(op: Operation<unknown>): string {
    const url = new URL(this.opts.baseUrl.replace(/\/$/, '') + op.path);
    for (const [k, v] of Object.entries(op.query ?? {})) {
      if (v === undefined) continue;
      url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    return url.toString();
  }

  async call<T>(op: Operation<T>): Promise<T> {
    const { provider } = this.opts;
    const maxAttempts = this.opts.maxAttempts ?? 4;
    const url = this.url(op as Operation<unknown>);
    const body = op.form
      ? new URLSearchParams(op.form).toString()
      : op.json !== undefined
        ? JSON.stringify(op.json)
        : undefined;
    const requestExcerpt = op.form ? maskJson(op.form) : op.json !== undefined ? maskJson(op.json) : null;
    let last: ProviderFailure | null = null;
    let renewed = false;
    const idempotent = Object.keys(op.headers ?? {}).some((h) => h.toLowerCase() === 'idempotency-key');
    const repeatable =
      op.repeatable ?? (idempotent || op.method === 'GET' || op.method === 'PUT' || op.method === 'DELETE');
    /** After a failure that may have been applied: try again only when that is harmless. */
    const mayRepeat = (attempt: number) => repeatable && attempt < maxAttempts;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await this.limiter(op as Operation<unknown>)?.take();
      const started = Date.now();
      const record = (status: number | null, error: string | null, responseExcerpt: string | null) =>
        this.opts.log?.({
          provider,
          operation: op.name,
          method: op.method,
          url: maskUrl(url),
          status,
          durationMs: Date.now() - started,
          attempt,
          error,
          requestExcerpt: requestExcerpt?.slice(0, EXCERPT) ?? null,
          responseExcerpt: responseExcerpt?.slice(0, EXCERPT) ?? null,
        });
      let res: Response;
      let text: string;
      try {
        const headers: Record<string, string> = {
          accept: 'application/json',
          ...(op.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(op.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(this.opts.auth ? await this.opts.auth() : {}),
          ...op.headers,
        };
        res = await this.fetchImpl(url, {
          method: op.method,
          headers,
          body,
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000),
        });
        text = await res.text();
      } catch (err) {
        if (err instanceof ProviderFailure) throw err; // the auth step's own refusal
        const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
        const message = timedOut
          ? `${provider} did not answer in time`
          : `${provider} could not be reached (${(err as Error).message})`;
        await record(null, message, null);
        last = new ProviderFailure('unavailable', provider, op.name, [
          repeatable ? `${message}; try again in a few minutes` : uncertain(message),
        ]);
        if (!mayRepeat(attempt)) throw last;
        await this.sleep(this.backoff(attempt));
        continue;
      }
      const parsedBody = parseJson(text);
      if (res.ok) {
        if (parsedBody === undefined) {
          await record(res.status, 'not JSON', text);
          throw new ProviderFailure(
            'garbage',
            provider,
            op.name,
            [`${provider} answered ${op.name} with something that is not JSON; nothing was changed`],
            res.status,
          );
        }
        const checked = op.schema.safeParse(parsedBody);
        if (!checked.success) {
          const where = checked.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
            .join('; ');
          await record(res.status, `unexpected shape: ${where}`, maskJson(parsedBody));
          throw new ProviderFailure(
            'garbage',
            provider,
            op.name,
            [`${provider} answered ${op.name} in an unexpected shape (${where}); nothing was changed`],
            res.status,
          );
        }
        await record(res.status, null, maskJson(parsedBody));
        return checked.data;
      }
      const messages = this.opts.explain(res.status, parsedBody ?? text);
      await record(res.status, messages.join('; '), parsedBody === undefined ? text : maskJson(parsedBody));
      const retryAfter = retryAfterSeconds(res.headers);
      if (RETRIED.has(res.status)) {
        const throttled = res.status === 429;
        last = new ProviderFailure(
          throttled ? 'throttled' : 'unavailable',
          provider,
          op.name,
          throttled
            ? [`${provider} is throttling requests; try again shortly`]
            : [
                repeatable
                  ? `${provider} is having trouble (${res.status}); try again in a few minutes`
                  : uncertain(`${provider} is having trouble (${res.status})`),
              ],
          res.status,
          retryAfter,
        );
        if (!throttled && !repeatable) throw last;
        if (res.status === 429)
          this.limiter(op as Operation<unknown>)?.slowDown(res.headers.get('x-amzn-ratelimit-limit'));
        if (attempt < maxAttempts)
          await this.sleep(retryAfter !== undefined ? retryAfter * 1000 : this.backoff(attempt));
        continue;
      }
      if ((res.status === 401 || res.status === 403) && this.opts.renewAuth && !renewed) {
        renewed = true;
        this.opts.renewAuth();
        attempt--; // a fresh token is not a retry of a failure
        continue;
      }
      throw new ProviderFailure(
        res.status === 401 || res.status === 403 ? 'auth' : 'refused',
        provider,
        op.name,
        messages,
        res.status,
      );
    }
    throw last!;
  }

  private backoff(attempt: number): number {
    const { baseMs, capMs } = this.opts.backoff ?? { baseMs: 500, capMs: 8_000 };
    return Math.floor((this.opts.random ?? Math.random)() * Math.min(capMs, baseMs * 2 ** attempt));
  }
}

/** A failed call the provider may still have applied: say so, and that it is checked before a retry. */
const uncertain = (what: string) => `${what}; it may have been applied — check its state before trying again`;

function parseJson(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (a number, or an HTTP date). */
function retryAfterSeconds(headers: Headers): number | undefined {
  const v = headers.get('retry-after');
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isFinite(n)) return Math.max(0, Math.min(n, 60));
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, Math.min((at - Date.now()) / 1000, 60)) : undefined;
}
