/**
 * The transport step's choices: a shipment's options (those of the confirmed placement) grouped
 * by carrier (Amazon partnered or own) and mode (small parcel or LTL), what an own carrier needs
 * first (a booked delivery window), the void window a partnered choice starts, and the one
 * request that confirms every shipment's choice at once. Pure, unit-tested.
 */
import type { PlanDetail, PlanShipment, TransportOptionView } from '../../../domain/schemas/fba';

export type CarrierKind = 'partnered' | 'own';
export type ModeKind = 'spd' | 'ltl';
export type GroupKey = `${CarrierKind}_${ModeKind}`;

export const PARTNERED = 'AMAZON_PARTNERED_CARRIER';
export const LTL = 'FREIGHT_LTL';

export const carrierOf = (o: Pick<TransportOptionView, 'shippingSolution'>): CarrierKind =>
  o.shippingSolution === PARTNERED ? 'partnered' : 'own';
export const modeOf = (o: Pick<TransportOptionView, 'shippingMode'>): ModeKind =>
  o.shippingMode === LTL ? 'ltl' : 'spd';

const GROUP_ORDER: readonly GroupKey[] = ['partnered_spd', 'partnered_ltl', 'own_spd', 'own_ltl'];

/** The options Amazon quoted for one shipment under the confirmed placement. */
export function optionsFor(
  plan: Pick<PlanDetail, 'placementOptionId' | 'transportOptions'>,
  shipmentId: string,
): TransportOptionView[] {
  if (!plan.placementOptionId) return [];
  return (plan.transportOptions.byPlacement[plan.placementOptionId] ?? []).filter((o) => o.shipmentId === shipmentId);
}

export interface OptionGroup {
  key: GroupKey;
  carrier: CarrierKind;
  mode: ModeKind;
  options: TransportOptionView[];
}

/** Partnered before own, small parcel before LTL; cheapest first within a group; empty groups left out. */
export function groupOptions(options: readonly TransportOptionView[]): OptionGroup[] {
  return GROUP_ORDER.map((key) => {
    const [carrier, mode] = key.split('_') as [CarrierKind, ModeKind];
    const mine = options
      .filter((o) => carrierOf(o) === carrier && modeOf(o) === mode)
      .sort((a, b) => (a.costCents ?? Infinity) - (b.costCents ?? Infinity));
    return { key, carrier, mode, options: mine };
  }).filter((g) => g.options.length > 0);
}

/** Amazon's void window for a partnered carrier: the charge can be voided (the plan cancelled) this long. */
export const VOID_HOURS: Record<ModeKind, number> = { spd: 24, ltl: 1 };
export const voidHours = (o: Pick<TransportOptionView, 'shippingSolution' | 'shippingMode'>): number | null =>
  carrierOf(o) === 'partnered' ? VOID_HOURS[modeOf(o)] : null;

/** An own carrier needs a delivery window booked with Amazon before it can be confirmed. */
export const needsWindow = (
  o: Pick<TransportOptionView, 'shippingSolution'>,
  shipment: Pick<PlanShipment, 'deliveryWindow'>,
): boolean => carrierOf(o) === 'own' && shipment.deliveryWindow === null;

/** Whether a quote can still be chosen. */
export const quoteExpired = (o: Pick<TransportOptionView, 'expiration'>, now: number): boolean =>
  o.expiration !== null && Date.parse(o.expiration) <= now;

/** shipmentId → the transportationOptionId chosen for it. */
export type Choices = Readonly<Record<string, string>>;

/** What the shipments carry already (a confirmation asked before, a reload): the screen starts from it. */
export const initialChoices = (shipments: readonly PlanShipment[]): Choices =>
  Object.fromEntries(
    shipments.filter((s) => s.transportationOptionId).map((s) => [s.shipmentId, s.transportationOptionId as string]),
  );

export interface SelectionCheck {
  selections: { shipmentId: string; transportationOptionId: string }[];
  /** Shipments without a choice. */
  missing: string[];
  /** Shipments whose own carrier has no delivery window yet. */
  needWindow: string[];
}

/** One transportation option per shipment, in the shipments' order, and what keeps them from being confirmed. */
export function buildSelections(
  plan: Pick<PlanDetail, 'placementOptionId' | 'transportOptions' | 'shipments'>,
  choices: Choices,
): SelectionCheck {
  const check: SelectionCheck = { selections: [], missing: [], needWindow: [] };
  for (const s of plan.shipments) {
    const chosen = optionsFor(plan, s.shipmentId).find((o) => o.transportationOptionId === choices[s.shipmentId]);
    if (!chosen) {
      check.missing.push(s.shipmentId);
      continue;
    }
    if (needsWindow(chosen, s)) check.needWindow.push(s.shipmentId);
    check.selections.push({ shipmentId: s.shipmentId, transportationOptionId: chosen.transportationOptionId });
  }
  return check;
}

/** The longest void window the choices start, in hours (null when none is partnered): said before confirming. */
export function voidWindowOf(
  plan: Pick<PlanDetail, 'placementOptionId' | 'transportOptions' | 'shipments'>,
  choices: Choices,
): { spd: boolean; ltl: boolean } {
  const chosen = plan.shipments
    .map((s) => optionsFor(plan, s.shipmentId).find((o) => o.transportationOptionId === choices[s.shipmentId]))
    .filter((o): o is TransportOptionView => !!o && carrierOf(o) === 'partnered');
  return { spd: chosen.some((o) => modeOf(o) === 'spd'), ltl: chosen.some((o) => modeOf(o) === 'ltl') };
}

/** The currency of a shipment's confirmed quote (the shipment keeps the cents, the option the currency). */
export function shipmentCurrency(
  plan: Pick<PlanDetail, 'placementOptionId' | 'transportOptions'>,
  s: Pick<PlanShipment, 'shipmentId' | 'transportationOptionId'>,
): string {
  return (
    optionsFor(plan, s.shipmentId).find((o) => o.transportationOptionId === s.transportationOptionId)?.currency ?? 'USD'
  );
}
