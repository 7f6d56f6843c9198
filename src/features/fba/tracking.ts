/**
 * An own carrier's tracking as the labels step takes it: a number per box for small parcel (one
 * field per box, a wedge scan into the focused field works), or the PRO number for LTL — checked
 * here the way the server checks them (trackingInputSchema), and the server's refusals put back
 * beside the box they name. Pure, unit-tested.
 */
import type { BoxTree } from '../../../domain/schemas/bench';
import type { PlanShipment, TrackingInput } from '../../../domain/schemas/fba';
import type { Translate } from './lines';

export interface ShipmentBox {
  /** Amazon's box id (FBA…U000001): what the label shows and Amazon tracks. */
  boxId: string;
  boxNo: number;
}

/**
 * A shipment's boxes from the box tree. The tree does not name the shipment, but Amazon's box ids
 * start with the shipment's confirmation id (FBA15ABCD → FBA15ABCDU000001); a plan of one shipment
 * has all the boxes.
 */
export function shipmentBoxes(
  tree: Pick<BoxTree, 'boxes'>,
  shipment: Pick<PlanShipment, 'confirmationId'>,
  shipments: number,
): ShipmentBox[] {
  return tree.boxes
    .filter((b): b is typeof b & { amazonBoxId: string } => !!b.amazonBoxId)
    .filter((b) => shipments === 1 || (!!shipment.confirmationId && b.amazonBoxId.startsWith(shipment.confirmationId)))
    .map((b) => ({ boxId: b.amazonBoxId, boxNo: b.boxNo }))
    .sort((a, b) => a.boxNo - b.boxNo);
}

const TRACKING = /^[A-Za-z0-9-]+$/;
const PRO = /^[a-zA-Z0-9-._ ]*$/;

/** One box's tracking number, or why not. */
export function trackingError(raw: string, t: Translate): string | null {
  const v = raw.trim();
  if (!v) return t('fba.tracking.errors.required');
  if (v.length < 6) return t('fba.tracking.errors.short');
  if (v.length > 64) return t('fba.tracking.errors.long');
  if (!TRACKING.test(v)) return t('fba.tracking.errors.chars');
  return null;
}

export function proError(raw: string, t: Translate): string | null {
  const v = raw.trim();
  if (v.length < 3) return t('fba.tracking.errors.pro');
  if (v.length > 64) return t('fba.tracking.errors.long');
  if (!PRO.test(v)) return t('fba.tracking.errors.proChars');
  return null;
}

export type TrackingDraft = Readonly<Record<string, string>>;

/** Every box's number checked (each its own), or the body Amazon is given. */
export function checkBoxTracking(
  boxes: readonly ShipmentBox[],
  draft: TrackingDraft,
  t: Translate,
): { errors: Record<string, string>; body: TrackingInput | null } {
  const errors: Record<string, string> = {};
  const seen = new Map<string, string>();
  for (const b of boxes) {
    const value = (draft[b.boxId] ?? '').trim();
    const error = trackingError(value, t);
    if (error) {
      errors[b.boxId] = error;
      continue;
    }
    const key = value.toUpperCase();
    const twin = seen.get(key);
    if (twin) errors[b.boxId] = t('fba.tracking.errors.twice', { box: twin });
    else seen.set(key, b.boxId);
  }
  if (Object.keys(errors).length || !boxes.length) return { errors, body: null };
  return {
    errors,
    body: { boxes: boxes.map((b) => ({ boxId: b.boxId, trackingId: (draft[b.boxId] ?? '').trim().toUpperCase() })) },
  };
}

/**
 * The server's refusals sorted to the boxes they name ("Box FBA…U000001 is not a box of this
 * shipment"); the rest are said for the shipment as a whole.
 */
export function refusalsByBox(
  messages: readonly string[],
  boxes: readonly ShipmentBox[],
): { byBox: Record<string, string>; rest: string[] } {
  const byBox: Record<string, string> = {};
  const rest: string[] = [];
  for (const m of messages) {
    const box = boxes.find((b) => m.includes(b.boxId));
    if (box && !byBox[box.boxId]) byBox[box.boxId] = m;
    else rest.push(m);
  }
  return { byBox, rest };
}
