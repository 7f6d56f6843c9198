/** The plan's shipments as the screens read them (placement made them, transport shaped them). */
import { asc, eq, sql } from 'drizzle-orm';
import type { PlanShipment } from '../../../domain/schemas/fba.js';
import type { DbOrTx } from '../../db/client.js';
import { planShipments, shipmentBoxes } from '../../db/schema/index.js';

type ShipmentRecord = typeof planShipments.$inferSelect;

export function shipmentView(s: ShipmentRecord, boxes: number): PlanShipment {
  const dest = (s.destination ?? {}) as {
    warehouseId?: string | null;
    address?: { city?: string; stateOrProvinceCode?: string; postalCode?: string } | null;
  };
  const carrier = (s.carrier ?? {}) as {
    name?: string | null;
    costCents?: number | null;
    currency?: string | null;
    voidableUntil?: string | null;
  };
  const window = s.deliveryWindow as { startDate?: string; endDate?: string } | null;
  const tracking = s.tracking as { boxes?: { boxId: string; trackingId: string }[] } | null;
  const a = dest.address;
  return {
    id: s.id,
    shipmentId: s.shipmentId,
    confirmationId: s.confirmationId,
    name: s.name,
    warehouseId: dest.warehouseId ?? null,
    destination: a ? [a.city, a.stateOrProvinceCode, a.postalCode].filter(Boolean).join(', ') : null,
    status: s.status,
    boxes,
    shippingMode: s.shippingMode,
    shippingSolution: s.shippingSolution,
    transportationOptionId: s.transportationOptionId,
    carrierName: carrier.name ?? null,
    costCents: carrier.costCents ?? null,
    currency: carrier.currency ?? null,
    voidableUntil: carrier.voidableUntil ?? null,
    deliveryWindow: window?.startDate && window.endDate ? { start: window.startDate, end: window.endDate } : null,
    tracking:
      tracking || s.proNumber || s.billOfLadingNumber
        ? { boxes: tracking?.boxes ?? [], proNumber: s.proNumber, billOfLadingNumber: s.billOfLadingNumber }
        : null,
    shippedAt: s.shippedAt,
    received: s.received ?? [],
    discrepancy: s.discrepancy,
  };
}

export async function shipmentsOfPlan(db: DbOrTx, planId: number): Promise<PlanShipment[]> {
  const rows = await db
    .select({
      s: planShipments,
      boxes: sql<number>`(select count(*)::int from ${shipmentBoxes} b where b.shipment_id = plan_shipments.id)`,
    })
    .from(planShipments)
    .where(eq(planShipments.planId, planId))
    .orderBy(asc(planShipments.id));
  return rows.map((r) => shipmentView(r.s, Number(r.boxes)));
}
