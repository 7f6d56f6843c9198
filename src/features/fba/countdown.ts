/**
 * Deadlines the warehouse races (Amazon's void window, a quote's expiry): what is left, worded as
 * h:mm:ss (d + h:mm:ss beyond a day), and the plan's void window as the server judges it — the
 * earliest partnered shipment's, none when any shipment goes by an own carrier. Pure, unit-tested.
 */
import type { PlanShipment } from '../../../domain/schemas/fba';

export interface Remaining {
  over: boolean;
  ms: number;
  text: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function remaining(until: string, now: number): Remaining {
  const ms = Date.parse(until) - now;
  if (!(ms > 0)) return { over: true, ms: 0, text: '0:00:00' };
  const total = Math.floor(ms / 1000);
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const clock = `${h}:${pad(m)}:${pad(s)}`;
  return { over: false, ms, text: d ? `${d}d ${clock}` : clock };
}

/** Until when cancelling voids the carrier's charge (server/modules/fba/ship.ts voidableUntil, mirrored). */
export function planVoidableUntil(
  shipments: readonly Pick<PlanShipment, 'shippingSolution' | 'voidableUntil'>[],
): string | null {
  if (!shipments.length) return null;
  const ends = shipments.map((s) => (s.shippingSolution === 'AMAZON_PARTNERED_CARRIER' ? s.voidableUntil : null));
  if (ends.some((e) => e === null)) return null;
  return (ends as string[]).sort()[0];
}
