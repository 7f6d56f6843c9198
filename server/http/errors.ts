/** Errors a service may throw; the app's error handler turns them into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 429 | 502 | 503,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
    /** Structured detail for the envelope's body (e.g. an upload's row-by-row issues). */
    readonly details: unknown = null,
  ) {
    super(messages.join('; '));
  }
}

export const badRequest = (...messages: string[]) => new ApiError(400, messages);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, [message]);
export const forbidden = (message = 'You do not have permission for this action') => new ApiError(403, [message]);
export const notFound = (what: string) => new ApiError(404, [`${what} not found`]);
export const conflict = (message: string) => new ApiError(409, [message]);
/** 412: the request is well-formed but a business rule refuses it. */
export const businessRule = (message: string) => new ApiError(412, [message]);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, [message], { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** 502: a provider answered something that is not its contract (HTML, cut-off JSON, another shape). */
export const badGateway = (message: string) => new ApiError(502, [message]);
/** 503: a provider is down or throttling beyond our retries; nothing local changed. */
export const providerUnavailable = (message: string, retryAfterSeconds?: number) =>
  new ApiError(503, [message], retryAfterSeconds ? { 'Retry-After': String(Math.ceil(retryAfterSeconds)) } : {});
