/**
 * Errors a service may throw; the app's error handler turns them into the envelope.
 *
 * A refusal is either English words (older call sites) or a message code with its parameters
 * (`{ key: 'refusals.locationExists', params: { code } }`, issue 41): the latter is said in the
 * request's language from the locale files, and its code goes with it in the envelope.
 * `messages` keeps every refusal in English (logs, and callers that keep the words).
 */
import type { Messages } from '../../src/locales/en.js';
import { translator, type Language } from '../i18n.js';

/** A key without its plural ending (`roleHeld_one` → `roleHeld`: i18next picks the form by `count`). */
type Plain<K extends string> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${Plain<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every refusal the locale files can say (`refusals.locationExists`). */
export type RefusalKey = `refusals.${Leaves<Messages['refusals']>}`;
/** A parameter is a value, or the locale files' words for something (`{ t: 'permissions.resources.clients' }`). */
export type RefusalParams = Record<string, string | number | { t: string }>;
export interface Refusal {
  key: RefusalKey;
  params?: RefusalParams;
}
/** What a refusal says: English words, or a code and its parameters. */
export type Said = string | Refusal;

/** A refusal's words in a language; a `field` parameter is said as the field's label (`fields.newPassword`). */
function say(said: Said, language: Language): string {
  if (typeof said === 'string') return said;
  const t = translator(language);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(said.params ?? {})) params[k] = typeof v === 'object' ? t(v.t) : v;
  if (typeof params.field === 'string') params.field = t(`fields.${params.field}`, { defaultValue: params.field });
  return t(said.key, params);
}

export class ApiError extends Error {
  /** Every refusal in English. */
  readonly messages: string[];
  readonly said: readonly Said[];
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 429 | 502 | 503,
    said: readonly Said[],
    readonly headers: Record<string, string> = {},
    /** Structured detail for the envelope's body (e.g. an upload's row-by-row issues). */
    readonly details: unknown = null,
  ) {
    const messages = said.map((s) => say(s, 'en'));
    super(messages.join('; '));
    this.said = said;
    this.messages = messages;
  }

  /** The refusals in a language, each with its code where it has one. */
  in(language: Language): { message: string; code?: string }[] {
    return this.said.map((s) => (typeof s === 'string' ? { message: s } : { message: say(s, language), code: s.key }));
  }
}

/** A code and its parameters, typed against the locale files. */
export const refusal = (key: RefusalKey, params?: RefusalParams): Refusal => ({ key, params });

/** The locale files' name of a thing not found ("Shipment plan" → refusals.notFound.shipmentPlan). */
const notFoundKey = (what: string) =>
  what
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)/g, (_, c: string) => c.toUpperCase())
    .replace(/[^a-zA-Z0-9]/g, '');
const NOT_FOUND = translator('en')('refusals.notFound', { returnObjects: true }) as unknown as Record<string, string>;

/** 403 for a missing right, naming the right and the action as the roles screen does. */
export const needsPermission = (action: string, subject: string): Refusal =>
  refusal('refusals.needsPermission', {
    action: { t: `permissions.actions.${action}` },
    right: { t: `permissions.resources.${subject}` },
  });

export const badRequest = (...messages: Said[]) => new ApiError(400, messages);
export const unauthorized = (message: Said = refusal('refusals.signInRequired')) => new ApiError(401, [message]);
export const forbidden = (message: Said = refusal('refusals.notPermitted')) => new ApiError(403, [message]);
/** 404 for a thing by its English name ("Location"), said in the reader's language where the locales name it. */
export const notFound = (what: Said) => {
  if (typeof what !== 'string') return new ApiError(404, [what]);
  const key = notFoundKey(what);
  return new ApiError(404, [
    key in NOT_FOUND ? refusal(`refusals.notFound.${key}` as RefusalKey) : `${what} not found`,
  ]);
};
export const conflict = (message: Said) => new ApiError(409, [message]);
/** 412: the request is well-formed but a business rule refuses it. */
export const businessRule = (message: Said) => new ApiError(412, [message]);
export const tooManyRequests = (message: Said, retryAfterSeconds: number) =>
  new ApiError(429, [message], { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** 502: a provider answered something that is not its contract (HTML, cut-off JSON, another shape). */
export const badGateway = (message: Said) => new ApiError(502, [message]);
/** 503: a provider is down or throttling beyond our retries; nothing local changed. */
export const providerUnavailable = (message: Said, retryAfterSeconds?: number) =>
  new ApiError(503, [message], retryAfterSeconds ? { 'Retry-After': String(Math.ceil(retryAfterSeconds)) } : {});
