/**
 * Changes to WFS inbound orders in the Walmart sandbox before the centre receives them, at
 * Walmart's paths: shipment quantities (a SKU may rise by at most 6 units; 0 takes it off; not all
 * to 0), the seller's own carrier and tracking (which dispatches the shipment on the sandbox
 * clock), and cancelling a whole inbound order — none once any shipment is being received.
 */
import type { Hono } from 'hono';
import type { Deps } from '../../context.js';
import {
  MAX_UNITS_ADDED_PER_SKU,
  shipmentTrackingSchema,
  updateShipmentQuantitySchema,
} from '../../integrations/walmart/inbound-models.js';
import { getRecord, putRecord } from '../records.js';
import { quoteSet } from './carrier-quotes.js';
import { bodyOf, fieldErrors, notFound, notJson, requestError, wfsRefusal } from './inbound-refusals.js';
import { saveShipment, SETTLED, statusAt, storedShipment, syncShipments, type AccountOf } from './inbound-state.js';
import { inboundShipmentSet } from './state.js';

export function wfsInboundUpdateRoutes(app: Hono, deps: Deps, accountOf: AccountOf): void {
  const now = () => deps.now().getTime();

  app.delete('/v3/fulfillment/inbound-shipments/:inboundOrderId', async (c) => {
    const account = accountOf(c)!;
    const inboundOrderId = c.req.param('inboundOrderId');
    const listed = (await syncShipments(deps, account)).filter((s) => s.inboundOrderId === inboundOrderId);
    if (!listed.length) return notFound(c, 'inboundOrderId', `No inbound order ${inboundOrderId}`);
    const blocking = listed.find((s) => SETTLED.has(s.status ?? ''));
    if (blocking)
      return wfsRefusal(c, 400, [
        requestError(
          'inboundOrderId',
          'The inbound order can no longer be cancelled',
          `shipment ${blocking.shipmentId} is ${blocking.status}`,
        ),
      ]);
    for (const l of listed) {
      const s = await storedShipment(deps, account, l.shipmentId!);
      if (s) await saveShipment(deps, account, { ...s, cancelledAt: deps.now().toISOString() });
      else await putRecord(deps, inboundShipmentSet(account), { ...l, status: 'CANCELLED' });
    }
    return c.json({ status: 'OK' });
  });

  app.put('/v3/fulfillment/shipment-quantities', async (c) => {
    const account = accountOf(c)!;
    const body = await bodyOf(c);
    if (body === undefined) return notJson(c);
    const parsed = updateShipmentQuantitySchema.safeParse(body);
    if (!parsed.success) return wfsRefusal(c, 400, fieldErrors(parsed.error.issues));
    const u = parsed.data;
    const s = await storedShipment(deps, account, u.shipmentId);
    if (!s || s.inboundOrderId !== u.inboundOrderId)
      return notFound(c, 'shipmentId', `No shipment ${u.shipmentId} on inbound order ${u.inboundOrderId}`);
    const { status } = statusAt(s, now());
    if (SETTLED.has(status))
      return wfsRefusal(c, 400, [
        requestError('shipmentId', `Quantities cannot change once the shipment is ${status}`),
      ]);
    const errors = u.orderItems.flatMap((line, i) => {
      const item = s.items.find((x) => x.sku === line.sku);
      if (!item) return [requestError(`orderItems[${i}].sku`, `SKU ${line.sku} is not on shipment ${s.shipmentId}`)];
      if (line.updatedShipmentQty - item.originalQty > MAX_UNITS_ADDED_PER_SKU)
        return [
          requestError(
            `orderItems[${i}].updatedShipmentQty`,
            `A SKU can be raised by at most ${MAX_UNITS_ADDED_PER_SKU} units`,
            `sku ${line.sku}: created with ${item.originalQty}, at most ${item.originalQty + MAX_UNITS_ADDED_PER_SKU}`,
          ),
        ];
      return [];
    });
    if (errors.length) return wfsRefusal(c, 400, errors);
    const updated = new Map(u.orderItems.map((l) => [l.sku, l.updatedShipmentQty]));
    const items = s.items.map((i) => ({ ...i, itemQty: updated.get(i.sku) ?? i.itemQty }));
    if (items.every((i) => i.itemQty === 0))
      return wfsRefusal(c, 400, [
        requestError('orderItems', 'Every SKU cannot go to 0: cancel the inbound order instead'),
      ]);
    await saveShipment(deps, account, { ...s, items });
    return c.json({ status: 'OK' });
  });

  app.post('/v3/fulfillment/shipment-tracking', async (c) => {
    const account = accountOf(c)!;
    const body = await bodyOf(c);
    if (body === undefined) return notJson(c);
    const parsed = shipmentTrackingSchema.safeParse(body);
    if (!parsed.success) return wfsRefusal(c, 400, fieldErrors(parsed.error.issues));
    const t = parsed.data;
    const s = await storedShipment(deps, account, t.shipmentId);
    if (!s) return notFound(c, 'shipmentId', `No shipment ${t.shipmentId}`);
    const { status } = statusAt(s, now());
    if (SETTLED.has(status))
      return wfsRefusal(c, 400, [requestError('shipmentId', `Tracking cannot change once the shipment is ${status}`)]);
    if ((await getRecord(deps, quoteSet(account), s.shipmentId))?.status === 'ACCEPTED')
      return wfsRefusal(c, 400, [
        requestError(
          'shipmentId',
          'The shipment travels with a Walmart preferred carrier, which reports its tracking',
          'void the carrier quote to use your own carrier',
        ),
      ]);
    await saveShipment(deps, account, {
      ...s,
      carrierName: t.carrierName,
      trackingNo: t.trackingInfo ?? s.trackingNo,
      dispatchedAt: s.dispatchedAt ?? now(),
    });
    return c.json({ status: 'OK' });
  });
}
