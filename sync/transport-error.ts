/**
 * How the outbox sender classifies a failed push (ElectricSQL write-patterns): the transport
 * throws a SyncTransportError; anything else it throws (fetch's TypeError, an abort) counts as
 * a network failure.
 *  - network, server (5xx, 408, 429, an unreadable answer): retry with backoff;
 *  - unauthorized (401): pause until the app has signed in again;
 *  - rejected (any other 4xx for the whole request): the batch goes to needs-attention.
 */
export type TransportFailure = 'network' | 'server' | 'unauthorized' | 'rejected';

export class SyncTransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SyncTransportError';
  }
}

export function failureForStatus(status: number): TransportFailure {
  if (status === 401) return 'unauthorized';
  if (status >= 500 || status === 408 || status === 429) return 'server';
  return 'rejected';
}

/** Build the error a transport throws for a non-2xx HTTP answer. */
export const httpError = (status: number, message?: string): SyncTransportError =>
  new SyncTransportError(failureForStatus(status), message ?? `HTTP ${status}`, status);

export function classify(err: unknown): SyncTransportError {
  if (err instanceof SyncTransportError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new SyncTransportError('network', message || 'Network error');
}
