/**
 * Faults on demand, for tests and demos: the request header `x-sandbox-fault: throttle | error |
 * timeout | invalid` makes a sandbox answer as a struggling provider would. Each provider gives
 * the body in its own error shape.
 */
import type { Context } from 'hono';

export type Fault = 'throttle' | 'error' | 'timeout' | 'invalid';
const FAULTS = new Set<Fault>(['throttle', 'error', 'timeout', 'invalid']);

export const faultOf = (c: Context): Fault | null => {
  const f = c.req.header('x-sandbox-fault');
  return f && FAULTS.has(f as Fault) ? (f as Fault) : null;
};

/** How long a "timeout" stalls: longer than any client waits. */
export const STALL_MS = 30_000;
export const stall = (ms = STALL_MS) => new Promise((r) => setTimeout(r, ms));
