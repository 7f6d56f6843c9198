/**
 * How the sandbox prices a shipment: billable weight (actual or dimensional, divisor 139, rounded up
 * to the pound), a zone from the distance between the two ZIP codes' first three digits, then each
 * service's price — or the carrier's refusal when the package is over its weight limit.
 */
import type { z } from 'zod';
import type { packageSchema } from '../../integrations/shipengine/models.js';
import { SANDBOX_CARRIERS, type SandboxCarrier, type SandboxService } from './carriers.js';

type Package = z.infer<typeof packageSchema>;

const TO_LB: Record<string, number> = { pound: 1, ounce: 1 / 16, gram: 1 / 453.592, kilogram: 2.20462 };
const TO_IN: Record<string, number> = { inch: 1, centimeter: 1 / 2.54 };

export function billableLb(p: Package): number {
  const actual = p.weight.value * TO_LB[p.weight.unit];
  const d = p.dimensions;
  const dim = d ? (d.length * d.width * d.height * TO_IN[d.unit] ** 3) / 139 : 0;
  return Math.max(1, Math.ceil(Math.max(actual, dim) - 1e-9));
}

export const actualLb = (p: Package): number => p.weight.value * TO_LB[p.weight.unit];

/** USPS-style zones 1–8 from the ZIP3 distance. */
export function zoneOf(fromZip: string, toZip: string): number {
  const a = Number(fromZip.slice(0, 3));
  const b = Number(toZip.slice(0, 3));
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 8;
  return Math.min(8, 1 + Math.floor(Math.abs(a - b) / 90));
}

export const priceOf = (s: SandboxService, lb: number, zone: number): number =>
  Math.round((s.base + s.perLb * (lb - 1)) * (1 + s.zoneStep * (zone - 1)) * 100) / 100;

export interface PricedService {
  carrier: SandboxCarrier;
  service: SandboxService;
  amount: number;
  zone: number;
  days: number;
  /** Why the carrier refuses the shipment, or null. */
  refusal: string | null;
}

export function priceShipment(
  fromZip: string,
  toZip: string,
  packages: Package[],
  carrierIds: string[],
): PricedService[] {
  const zone = zoneOf(fromZip, toZip);
  return SANDBOX_CARRIERS.filter((c) => carrierIds.includes(c.carrier_id)).flatMap((carrier) =>
    carrier.services.map((service) => {
      const heaviest = Math.max(...packages.map(actualLb));
      const refusal =
        heaviest > carrier.maxLb
          ? `${carrier.nickname} does not accept packages over ${carrier.maxLb} lb (this one is ${heaviest.toFixed(1)} lb)`
          : null;
      const amount = packages.reduce((t, p) => t + priceOf(service, billableLb(p), zone), 0);
      return { carrier, service, amount: Math.round(amount * 100) / 100, zone, days: service.days(zone), refusal };
    }),
  );
}
