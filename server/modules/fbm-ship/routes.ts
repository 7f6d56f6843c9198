/**
 * Mark shipped, cancel and reopen on the orders desk's API (/api/fbm/web, issue 20 step 7): the
 * spec's /order/{id}/mark/as/shipped, /order/{id}/cancel/all/shipment,
 * /order/{id}/reopen/all/shipment, /bulk/mark/ship and /bulk/purchase/mark/ship, plus the order's
 * shipments with their marketplace confirmation and a resend. Writes are the warehouse's (a client
 * gets 403); a client reads the shipments of its own orders.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  bulkMarkShipInputSchema,
  bulkPurchaseMarkShipInputSchema,
  bulkOrderIdsInputSchema,
  bulkShipResultSchema,
  bulkUndoResultSchema,
  cancelShipmentsResultSchema,
  confirmAgainResultSchema,
  markShippedInputSchema,
  markShippedResultSchema,
  orderShipmentsSchema,
  pickupInputSchema,
  pickupResultSchema,
  reopenResultSchema,
  type BulkShipResult,
} from '../../../domain/schemas/fbm-ship.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { onOrderLabelsBought } from '../fbm-labels/purchase.js';
import { provideAutoClose, scheduleAutoClose } from './auto-close.js';
import { bulkMarkShip, bulkPurchaseMarkShip } from './bulk.js';
import { bulkCancelShipments, bulkReopenOrders } from './bulk-undo.js';
import { provideShipmentConfirmation } from './confirm.js';
import { updatePickupStatus } from './pickup.js';
import { markOrderShipped } from './ship.js';
import { cancelAllShipments, reopenOrder } from './undo.js';
import { orderShipments, retryConfirmation } from './view.js';

const CONFIRM_WORDS = {
  local: 'The store has no marketplace connection: the order is shipped in Dockside only',
  pending: 'The marketplace is being told (carrier and tracking)',
} as const;

/** Both bulk ship routes answer alike: the toasts only count, each order's result says why it failed. */
const bulkShipAnswer = (r: BulkShipResult) => ({
  info: [`${r.shipped} orders shipped`],
  warn: r.failed ? [`${r.failed} orders not shipped: see each order’s message`] : [],
});

/** Likewise for the bulk cancel and reopen: a refusal is told per order, the toast counts them. */
const bulkRefusedWarn = (failed: number) => (failed ? [`${failed} orders refused: see each order’s message`] : []);

export function fbmShipRoutes(deps: Deps, guards: Guards) {
  provideShipmentConfirmation();
  provideAutoClose();
  // Every package of an order has its label: auto-close (when on) marks it shipped after the delay.
  onOrderLabelsBought(async (d, ctx, orderId) => {
    await scheduleAutoClose(d, { tenantId: ctx.tenantId, orderId });
  });
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['FBM mark shipped'];
  const base = '/api/fbm/web';
  const desk = (a: 'read' | 'update') => guards.requiresAny(['fbm', a], ['mfn', a]);

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/order/{id}/shipments`,
      tags,
      summary:
        'The order’s lines (ordered, shipped, picked and waiting at FBM-PACK) and its shipments with packages and the marketplace confirmation (pending, sent, failed with the marketplace’s words, local)',
      middleware: [desk('read')],
      request: { params: idParam },
      responses: { ...okResponse(orderShipmentsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await orderShipments(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/order/{id}/mark/as/shipped`,
      tags,
      summary:
        'Mark packages shipped (carrier, tracking, lines and units): the picked units leave FBM-PACK, the order becomes SHIPPED or PARTIALLY_SHIPPED, billable events are recorded and the marketplace is told by a job. More than picked is refused (412); the same tracking again answers the first shipment',
      middleware: [desk('update')],
      request: { params: idParam, ...jsonBody(markShippedInputSchema) },
      responses: { ...okResponse(markShippedResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await markOrderShipped(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return ok(c, r, {
        status: r.repeated ? 200 : 201,
        info: [
          r.repeated
            ? 'These packages were marked shipped already: nothing moved again'
            : `${r.shipment.units} units shipped in ${r.shipment.packages.length} package(s)`,
          ...(r.shipment.confirmation === 'local' || r.shipment.confirmation === 'pending'
            ? [CONFIRM_WORDS[r.shipment.confirmation]]
            : []),
        ],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/order/{id}/cancel/all/shipment`,
      tags,
      summary:
        'Undo the order’s shipments: units back at FBM-PACK through the ledger (once), picked again, shipped quantities and status back. A marketplace already told is not un-shipped (warned)',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(cancelShipmentsResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await cancelAllShipments(deps, c.get('ctx'), c.req.valid('param').id);
      const warn = [
        ...(r.toldMarketplace
          ? [
              `The marketplace was told of ${r.toldMarketplace} of these shipments and still shows them shipped: Dockside cannot un-ship an order there; correct it on the marketplace if needed`,
            ]
          : []),
        ...(r.pricedEvents
          ? [
              `Billing had already charged ${r.pricedEvents} event(s) of these shipments: a credit of each is added to the charges`,
            ]
          : []),
      ];
      const { pricedEvents: _p, ...body } = r;
      return ok(c, body, {
        info: [
          r.cancelled
            ? `${r.cancelled} shipment(s) cancelled, ${r.unitsBack} units back at FBM-PACK`
            : 'No shipment to cancel',
        ],
        warn,
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/order/{id}/reopen/all/shipment`,
      tags,
      summary:
        'Reopen a cancelled order: AWAITING (or PARTIALLY_SHIPPED) again, each line holding its unshipped units again if the client’s pickable stock allows (else why not)',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(reopenResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await reopenOrder(deps, c.get('ctx'), c.req.valid('param').id);
      return ok(c, r, {
        info: [r.reopened ? `Order reopened: ${r.held} units held` : 'The order is open already'],
        warn: r.notHeld.map((n) => n.message),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/order/{id}/confirm/shipment`,
      tags,
      summary:
        'Tell the marketplace again of shipments it refused (after fixing the carrier or reconnecting the store)',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(confirmAgainResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await retryConfirmation(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/bulk/mark/ship`,
      tags,
      summary:
        'Mark many orders shipped, each with its carrier and tracking (lines default to every picked unit): one result per order; one refused never stops the others',
      middleware: [desk('update')],
      request: jsonBody(bulkMarkShipInputSchema),
      responses: { ...okResponse(bulkShipResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await bulkMarkShip(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, r, bulkShipAnswer(r));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/bulk/purchase/mark/ship`,
      tags,
      summary:
        'Mark shipped the orders of a bulk label purchase, each with its bought labels (per package, the units packed in that box): one result per order',
      middleware: [desk('update')],
      request: jsonBody(bulkPurchaseMarkShipInputSchema),
      responses: { ...okResponse(bulkShipResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await bulkPurchaseMarkShip(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, r, bulkShipAnswer(r));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/bulk/cancel/all/shipment`,
      tags,
      summary:
        'Cancel every shipment of many orders (the list form of /order/{id}/cancel/all/shipment): each order whole on its own (units back at FBM-PACK once), one result per order with a refusal in words',
      middleware: [desk('update')],
      request: jsonBody(bulkOrderIdsInputSchema),
      responses: { ...okResponse(bulkUndoResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await bulkCancelShipments(deps, c.get('ctx'), c.req.valid('json'));
      const units = r.results.reduce((n, x) => n + x.unitsBack, 0);
      return ok(c, r, {
        info: [`${r.done} orders done, ${units} units back at FBM-PACK`],
        warn: bulkRefusedWarn(r.failed),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/bulk/reopen/all/shipment`,
      tags,
      summary:
        'Reopen many cancelled orders (the list form of /order/{id}/reopen/all/shipment): each holds its unshipped units again or says why not, one result per order',
      middleware: [desk('update')],
      request: jsonBody(bulkOrderIdsInputSchema),
      responses: { ...okResponse(bulkUndoResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await bulkReopenOrders(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, r, {
        info: [`${r.results.filter((x) => x.reopened).length} orders reopened`],
        warn: bulkRefusedWarn(r.failed),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/order/{id}/pickup/status`,
      tags,
      summary:
        'Amazon in-store pickup (never confirmShipment): ReadyForPickup, PickedUp (the picked units leave FBM-PACK once, Amazon told with updateShipmentStatus) or RefusedPickup (Amazon cancels the order; a pickup recorded here is undone, units back once). Not a pickup order: 412',
      middleware: [desk('update')],
      request: { params: idParam, ...jsonBody(pickupInputSchema) },
      responses: { ...okResponse(pickupResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await updatePickupStatus(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return ok(c, r, {
        info: [
          r.repeated
            ? 'Amazon holds this already: nothing sent or moved again'
            : r.pickupStatus === 'PickedUp'
              ? `Picked up: ${r.unitsOut} units left FBM-PACK`
              : r.pickupStatus === 'ReadyForPickup'
                ? 'Amazon was told the order is ready for pickup'
                : `Pickup refused: the order is cancelled${r.unitsBack ? `, ${r.unitsBack} units back at FBM-PACK` : ''}`,
        ],
      });
    },
  );

  return app;
}
