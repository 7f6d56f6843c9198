/**
 * The placement step's comparison: each of Amazon's placement options side by side — where the
 * boxes would go, its placement fee and what each way of transport would add (the server sums
 * Amazon's quotes per mode into `landedCosts`; an own carrier is priced by the carrier, so it has
 * no total here). Pure, unit-tested.
 */
import type { LandedCost, PlacementOptionView, PlanDetail, TransportMode } from '../../../domain/schemas/fba';
import { optionBlocked } from './packing-options';

export interface ModeCost {
  mode: TransportMode;
  /** Every shipment of the option can travel this way. */
  available: boolean;
  /** Amazon's transport quote (null: the seller's own carrier, or not quoted yet). */
  transportCents: number | null;
  /** Placement fee plus transport. */
  totalCents: number | null;
  /** Priced by the seller's own carrier, not by Amazon. */
  ownCarrier: boolean;
}

export interface PlacementComparison {
  placementOptionId: string;
  option: PlacementOptionView;
  currency: string;
  feeCents: number;
  destinations: { shipmentId: string; warehouseId: string | null; city: string | null; state: string | null }[];
  /** Transport has been quoted for this option (Amazon quotes one placement option at a time). */
  quoted: boolean;
  modes: ModeCost[];
  bestCents: number | null;
  recommended: boolean;
  /** Why it cannot be confirmed now, or null. */
  blocked: 'expired' | 'notOffered' | null;
}

export const isOwnCarrier = (mode: TransportMode): boolean => mode === 'own_spd' || mode === 'own_ltl';

/** Partnered first, small parcel before LTL: the order the cards list the modes in. */
const MODE_ORDER: readonly TransportMode[] = ['partnered_spd', 'partnered_ltl', 'own_spd', 'own_ltl'];

export function placementComparison(
  plan: Pick<PlanDetail, 'placementOptions' | 'landedCosts'>,
  now: number,
): PlacementComparison[] {
  const costs = new Map<string, LandedCost>(plan.landedCosts.map((c) => [c.placementOptionId, c]));
  return plan.placementOptions.map((option) => {
    const cost = costs.get(option.placementOptionId);
    const modes = MODE_ORDER.map((mode): ModeCost => {
      const m = cost?.modes.find((x) => x.mode === mode);
      return {
        mode,
        available: m?.available ?? false,
        transportCents: m?.transportCents ?? null,
        totalCents: m?.totalCents ?? null,
        ownCarrier: isOwnCarrier(mode),
      };
    });
    return {
      placementOptionId: option.placementOptionId,
      option,
      currency: option.fees[0]?.currency ?? option.discounts[0]?.currency ?? 'USD',
      feeCents: cost?.feeCents ?? option.feeCents,
      destinations: option.shipments.map((s) => ({
        shipmentId: s.shipmentId,
        warehouseId: s.warehouseId,
        city: s.city,
        state: s.state,
      })),
      quoted: cost?.quoted ?? false,
      modes,
      bestCents: cost?.bestCents ?? null,
      recommended: cost?.recommended ?? false,
      blocked: optionBlocked(option, now),
    };
  });
}

/** Amazon is still quoting (one option at a time): the comparison is not complete yet. */
export const quotesComing = (rows: readonly PlacementComparison[], operation: string | null): boolean =>
  operation === 'generateTransportationOptions' || rows.some((r) => !r.quoted);
