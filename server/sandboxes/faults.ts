/**
 * Faults on demand, for tests and demos: the request header `x-sandbox-fault: throttle | error |
 * timeout | invalid`, or the provider's fault rate set by an operator, makes a sandbox answer as a
 * struggling provider would. Each provider gives
 * the body in its own error shape; `faultGate` puts the checks in the order the providers do
 * (throttling and outages before authentication, validation after).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxProvider } from '../../domain/schemas/stores.js';
import type { Deps } from '../context.js';
import { faultRateOf } from './fault-rates.js';

export type Fault = 'throttle' | 'error' | 'timeout' | 'invalid';
const FAULTS = new Set<Fault>(['throttle', 'error', 'timeout', 'invalid']);

export const faultOf = (c: Context): Fault | null => {
  const f = c.req.header('x-sandbox-fault');
  return f && FAULTS.has(f as Fault) ? (f as Fault) : null;
};

/** How long a "timeout" stalls: longer than any client waits. */
export const STALL_MS = 30_000;
export const stall = (ms = STALL_MS) => new Promise((r) => setTimeout(r, ms));

export interface FaultAnswers {
  /** 429 in the provider's shape, with its rate-limit headers. */
  throttle: (c: Context) => Response;
  /** 5xx in the provider's shape. */
  error: (c: Context) => Response;
  /** A validation refusal in the provider's shape. */
  invalid: (c: Context) => Response;
  /** Whether the call carries the provider's valid token. */
  authorised: (c: Context) => boolean;
  /** The provider's refusal of a missing, forged or expired token. */
  unauthorised: (c: Context) => Response;
}

/** The header's fault, or — at the provider's fault rate — a throttle or an outage drawn at random. */
async function drawFault(c: Context, deps: Deps, provider: SandboxProvider): Promise<Fault | null> {
  const asked = faultOf(c);
  if (asked) return asked;
  const rate = await faultRateOf(deps, provider);
  if (rate <= 0) return null;
  const r = Math.random();
  return r < rate / 2 ? 'throttle' : r < rate ? 'error' : null;
}

export function faultGate(deps: Deps, provider: SandboxProvider, answers: FaultAnswers): MiddlewareHandler {
  return async (c, next) => {
    const fault = await drawFault(c, deps, provider);
    if (fault === 'throttle') return answers.throttle(c);
    if (fault === 'error') return answers.error(c);
    if (fault === 'timeout') await stall();
    if (!answers.authorised(c)) return answers.unauthorised(c);
    if (fault === 'invalid') return answers.invalid(c);
    await next();
  };
}
