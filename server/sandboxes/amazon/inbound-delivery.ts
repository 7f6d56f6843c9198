/**
 * Inbound v2024 delivery windows in the Amazon sandbox: when a shipment of the confirmed placement
 * may arrive at its fulfilment centre, which an own-carrier shipment must book before its
 * transportation is confirmed. Windows are a week long and start after the transit time for the
 * distance; one is congested, as busy centres are. A window can be changed until a day before it opens.
 */
import type { Context, Hono } from 'hono';
import type { DeliveryWindowOption } from '../../integrations/amazon/transport-models.js';
import { hashId, type InboundState, type SpError, type StoredPlan } from './inbound-state.js';
import { zone } from './transport-pricing.js';

const DAY = 86_400_000;
const OPTION_VALID_MS = DAY;

export function deliveryWindowRoutes(
  app: Hono,
  base: string,
  st: InboundState,
  sellerOf: (c: Context) => string | null,
  spError: SpError,
): void {
  const path = `${base}/inboundPlans/:inboundPlanId/shipments/:shipmentId/deliveryWindowOptions`;
  /** The plan and a shipment of its confirmed placement, or the refusal to answer. */
  const shipmentOf = async (c: Context) => {
    const found = await st.planOf(c);
    const shipmentId = c.req.param('shipmentId');
    const shipment = found?.placement?.shipments.find((s) => s.shipmentId === shipmentId);
    if (!found || !shipment || !found.plan.shipments?.some((s) => s.shipmentId === shipmentId))
      return { refusal: spError(c, 404, 'NotFound', 'The shipment was not found: confirm a placement option first') };
    return { found, shipment };
  };

  app.post(path, async (c) => {
    const seller = sellerOf(c)!;
    const { found, shipment, refusal } = await shipmentOf(c);
    if (refusal) return refusal;
    if (found.plan.status !== 'ACTIVE')
      return spError(c, 400, 'InvalidInput', `The inbound plan is ${found.plan.status}`);
    const operationId = await st.start(seller, 'generateDeliveryWindowOptions', []);
    const options = windowsFor(found, shipment, st.now());
    await st.save(seller, {
      ...found,
      deliveryWindows: { ...found.deliveryWindows, [shipment.shipmentId]: { operationId, options } },
    });
    return c.json({ operationId }, 202);
  });

  app.get(path, async (c) => {
    const { found, shipment, refusal } = await shipmentOf(c);
    if (refusal) return refusal;
    const generated = found.deliveryWindows?.[shipment.shipmentId];
    const ready = generated && (await st.succeeded(sellerOf(c)!, generated.operationId));
    return c.json({ deliveryWindowOptions: ready ? generated.options : [] });
  });

  app.post(`${path}/:deliveryWindowOptionId/confirmation`, async (c) => {
    const seller = sellerOf(c)!;
    const { found, shipment, refusal } = await shipmentOf(c);
    if (refusal) return refusal;
    const generated = found.deliveryWindows?.[shipment.shipmentId];
    const chosen = generated?.options.find((o) => o.deliveryWindowOptionId === c.req.param('deliveryWindowOptionId'));
    if (!generated || !chosen || !(await st.succeeded(seller, generated.operationId)))
      return spError(c, 404, 'NotFound', 'The delivery window option was not found: generate options first');
    const now = st.now();
    if (chosen.availabilityType === 'BLOCKED')
      return spError(c, 400, 'InvalidInput', 'The delivery window is blocked: choose another');
    if (Date.parse(chosen.validUntil) < now)
      return spError(c, 400, 'InvalidInput', 'The delivery window option is no longer valid: generate options again');
    const current = shipment.selectedDeliveryWindow;
    if (current?.editableUntil && Date.parse(current.editableUntil) < now)
      return spError(c, 400, 'InvalidInput', 'The confirmed delivery window can no longer be changed');
    const selectedDeliveryWindow = {
      deliveryWindowOptionId: chosen.deliveryWindowOptionId,
      availabilityType: chosen.availabilityType,
      startDate: chosen.startDate,
      endDate: chosen.endDate,
      editableUntil: new Date(Date.parse(chosen.startDate) - DAY).toISOString(),
    };
    await st.save(seller, {
      ...found,
      placement: {
        ...found.placement!,
        shipments: found.placement!.shipments.map((s) =>
          s.shipmentId === shipment.shipmentId ? { ...s, selectedDeliveryWindow } : s,
        ),
      },
    });
    return c.json({ operationId: await st.start(seller, 'confirmDeliveryWindowOptions', []) }, 202);
  });
}

type PlacedShipment = NonNullable<StoredPlan['placement']>['shipments'][number];

function windowsFor(p: StoredPlan, s: PlacedShipment, now: number): DeliveryWindowOption[] {
  const transitDays = 1 + zone(s.source.address?.postalCode ?? '', s.destination.address?.postalCode ?? '');
  const first = new Date(now + transitDays * DAY);
  first.setUTCHours(0, 0, 0, 0);
  const validUntil = new Date(now + OPTION_VALID_MS).toISOString();
  return [0, 2, 4, 7].map((offset, k) => {
    const start = first.getTime() + offset * DAY;
    return {
      deliveryWindowOptionId: hashId('dw', `${p.plan.inboundPlanId}/${s.shipmentId}/${now}/${k}`),
      availabilityType: k === 1 ? 'CONGESTED' : 'AVAILABLE',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7 * DAY - 60_000).toISOString(),
      validUntil,
    };
  });
}
