/**
 * What a plan's detail shows whatever its channel (FBA's plans.ts, WFS's plans.ts): its lines as
 * the screens read them, the units held for them, and its journal with who wrote each entry.
 */
import { asc, eq } from 'drizzle-orm';
import type { PlanEventKind, PrepOwner, ReservationState } from '../../../domain/schemas/fba.js';
import type { DbOrTx } from '../../db/client.js';
import { itemReservations, shipmentPlanEvents, users } from '../../db/schema/index.js';
import { planItemsOf, type PlanItemRecord } from './plan-record.js';
import { storedWords } from '../../http/words.js';
import type { Language } from '../../i18n.js';

/** A plan line as the plan detail shows it. */
export const planItemView = (i: PlanItemRecord) => ({
  id: i.id,
  productId: i.productId,
  productKey: i.productKey,
  title: i.title,
  msku: i.msku,
  fnsku: i.fnsku,
  asin: i.asin,
  quantity: i.quantity,
  labelOwner: i.labelOwner as PrepOwner,
  prepOwner: i.prepOwner as PrepOwner,
  expiration: i.expiration,
  manufacturingLotCode: i.manufacturingLotCode,
  prepInstructions: i.prepInstructions,
  packingGroupId: i.packingGroupId,
});

/** The plan's lines (as stored), the units held for them, and its journal, oldest first. */
/** A plan's lines, holds and journal; the journal said in the reader's language (issue 41). */
export async function planParts(db: DbOrTx, planId: number, language: Language = 'en') {
  const [items, reservations, events] = await Promise.all([
    planItemsOf(db, planId),
    db
      .select({
        id: itemReservations.id,
        planItemId: itemReservations.planItemId,
        productKey: itemReservations.productKey,
        quantity: itemReservations.quantity,
        state: itemReservations.state,
        createdAt: itemReservations.createdAt,
        updatedAt: itemReservations.updatedAt,
      })
      .from(itemReservations)
      .where(eq(itemReservations.planId, planId))
      .orderBy(asc(itemReservations.id)),
    db
      .select({
        id: shipmentPlanEvents.id,
        at: shipmentPlanEvents.at,
        userId: shipmentPlanEvents.userId,
        username: users.username,
        kind: shipmentPlanEvents.kind,
        message: shipmentPlanEvents.message,
        words: shipmentPlanEvents.words,
        request: shipmentPlanEvents.request,
        response: shipmentPlanEvents.response,
      })
      .from(shipmentPlanEvents)
      .leftJoin(users, eq(users.id, shipmentPlanEvents.userId))
      .where(eq(shipmentPlanEvents.planId, planId))
      .orderBy(asc(shipmentPlanEvents.id)),
  ]);
  return {
    items,
    reservations: reservations.map((r) => ({ ...r, state: r.state as ReservationState })),
    events: events.map(({ words, ...e }) => ({
      ...e,
      kind: e.kind as PlanEventKind,
      message: storedWords(words, e.message, language),
    })),
  };
}
