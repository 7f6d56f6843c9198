/**
 * WFS inbound in the Walmart sandbox, at Walmart's paths: inbound preview, create inbound order
 * (split into one shipment per fulfilment centre), shipment items and inbound order errors; with
 * the changes before receipt (inbound-updates.ts) and the receiving labels (inbound-label-routes.ts).
 * Mounted under /v3/fulfillment/*, behind routes.ts's fault gate and header check.
 */
import type { Hono } from 'hono';
import type { Deps } from '../../context.js';
import {
  createInboundOrderSchema,
  inboundPreviewRequestSchema,
  type InboundOrderItem,
} from '../../integrations/walmart/inbound-models.js';
import type { InboundShipment } from '../../integrations/walmart/models.js';
import { rng } from '../random.js';
import { putRecord, recordsOf } from '../records.js';
import { bodyOf, fieldErrors, notJson, pageOf, requestError, wfsRefusal, notFound } from './inbound-refusals.js';
import {
  cents,
  dropOrderErrors,
  ITS_NODE,
  itemsAt,
  orderErrorSet,
  saveShipment,
  seededItems,
  shipToOf,
  storedShipment,
  syncShipments,
  type AccountOf,
  type StoredShipment,
} from './inbound-state.js';
import { wfsReceivingLabelRoutes } from './inbound-label-routes.js';
import { wfsInboundUpdateRoutes } from './inbound-updates.js';
import { isSortable, lineErrors, routeLines, transferChargePerUnit } from './inbound-rules.js';

/** A new shipment id in Walmart's style (seven digits and GDM), unused by the account. */
function shipmentIdFor(account: string, inboundOrderId: string, shipNode: string, taken: Set<string>): string {
  const r = rng(`walmart/shipment/${account}/${inboundOrderId}/${shipNode}`);
  for (;;) {
    const id = `${String(Math.floor(r() * 1e7)).padStart(7, '0')}GDM`;
    if (!taken.has(id)) return id;
  }
}

export function wfsInboundRoutes(app: Hono, deps: Deps, accountOf: AccountOf): void {
  const now = () => deps.now().getTime();

  // The shipment list getInboundShipments (routes.ts) serves follows the sandbox clock.
  app.use('/v3/fulfillment/inbound-shipments', async (c, next) => {
    if (c.req.method === 'GET') await syncShipments(deps, accountOf(c)!);
    await next();
  });

  app.post('/v3/fulfillment/inbound-preview', async (c) => {
    const body = await bodyOf(c);
    if (body === undefined) return notJson(c);
    const parsed = inboundPreviewRequestSchema.safeParse(body);
    if (!parsed.success) return wfsRefusal(c, 400, fieldErrors(parsed.error.issues));
    const { header, payload } = parsed.data;
    if (header.headerAttributes.buId !== '0' || header.headerAttributes.martId !== '0')
      return wfsRefusal(c, 400, [
        requestError('header.headerAttributes', 'buId and martId must be 0 for the US market'),
      ]);
    const errors = lineErrors(payload.orderItems, now(), 'payload.');
    if (errors.length) return wfsRefusal(c, 400, errors);
    const line = (i: InboundOrderItem, charge: boolean) => ({
      vendorSku: i.sku,
      productType: i.productType,
      productId: i.productId,
      itemQty: i.itemQty,
      ...(charge ? { netTransferCharge: cents(i.itemQty * transferChargePerUnit(i)), currencyUnit: 'USD' } : {}),
    });
    const its = payload.orderItems.map((i) => line(i, true));
    return c.json({
      status: 'OK',
      payload: [
        {
          inboundOrderId: payload.inboundOrderId,
          previews: [
            {
              previewType: 'inbound',
              preview: [
                {
                  shipNode: ITS_NODE.shipNode,
                  isSortable: payload.orderItems.some(isSortable),
                  isNonSortable: payload.orderItems.some((i) => !isSortable(i)),
                  nodeType: 'ICC',
                  shipToAddress: itsAddress,
                  totalNetTransferCharge: cents(its.reduce((t, l) => t + (l.netTransferCharge ?? 0), 0)),
                  currencyUnit: 'USD',
                  shipmentItems: its,
                },
              ],
            },
            {
              previewType: 'selfMirroring',
              preview: routeLines(payload.orderItems).map(({ node, items }) => ({
                shipNode: node.shipNode,
                isSortable: node.sortable,
                isNonSortable: !node.sortable,
                nodeType: 'FC',
                shipToAddress: shipToOf(node),
                shipmentItems: items.map((i) => line(i, false)),
              })),
            },
          ],
        },
      ],
    });
  });

  app.post('/v3/fulfillment/inbound-shipments', async (c) => {
    const account = accountOf(c)!;
    const body = await bodyOf(c);
    if (body === undefined) return notJson(c);
    const parsed = createInboundOrderSchema.safeParse(body);
    const listed = await syncShipments(deps, account);
    const record = async (errors: ReturnType<typeof fieldErrors>) => {
      const inboundOrderId = (body as { inboundOrderId?: unknown } | null)?.inboundOrderId;
      // Walmart keeps the refused request under its inbound order id for getInboundOrderErrors.
      if (typeof inboundOrderId === 'string' && inboundOrderId)
        await putRecord(deps, orderErrorSet(account), {
          inboundOrderId,
          createdDate: deps.now().toISOString(),
          ...(parsed.success ? { returnAddress: parsed.data.returnAddress, orderItems: parsed.data.orderItems } : {}),
          errors,
        });
      return wfsRefusal(c, 400, errors);
    };
    if (!parsed.success) return record(fieldErrors(parsed.error.issues));
    const order = parsed.data;
    if (listed.some((s) => s.inboundOrderId === order.inboundOrderId))
      return record([
        requestError('inboundOrderId', 'Duplicated Inbound Order ID', `${order.inboundOrderId} has already been used`),
      ]);
    const errors = lineErrors(order.orderItems, now());
    if (errors.length) return record(errors);

    const taken = new Set(listed.map((s) => s.shipmentId!));
    const created: StoredShipment[] = routeLines(order.orderItems).map(({ node, items }) => {
      const shipmentId = shipmentIdFor(account, order.inboundOrderId, node.shipNode, taken);
      taken.add(shipmentId);
      return {
        shipmentId,
        inboundOrderId: order.inboundOrderId,
        createdDate: deps.now().toISOString(),
        shipNode: node.shipNode,
        shipTo: shipToOf(node),
        returnAddress: order.returnAddress,
        expectedDeliveryDate: items
          .map((i) => new Date(i.expectedDeliveryDate).toISOString())
          .sort()
          .at(-1)!,
        items: items.map((i) => ({
          sku: i.sku,
          productId: i.productId,
          productType: i.productType,
          itemDesc: i.itemDesc,
          itemQty: i.itemQty,
          originalQty: i.itemQty,
          vendorPackQty: i.vendorPackQty,
          innerPackQty: i.innerPackQty,
          expectedDeliveryDate: new Date(i.expectedDeliveryDate).toISOString(),
        })),
        dispatchedAt: null,
        carrierName: null,
        trackingNo: [],
        cancelledAt: null,
      };
    });
    for (const s of created) await saveShipment(deps, account, s);
    // Once the order is created, Walmart drops the errors of earlier attempts under its id.
    await dropOrderErrors(deps, account, order.inboundOrderId);
    return c.json({
      status: 'OK',
      payload: created.map((s) => ({
        shipmentId: s.shipmentId,
        shipToAddress: s.shipTo,
        shipmentItems: s.items.map((i) => ({ vendorSku: i.sku, itemQty: i.itemQty })),
        expectedDeliveryDate: s.expectedDeliveryDate,
      })),
    });
  });

  app.get('/v3/fulfillment/inbound-shipment-items', async (c) => {
    const account = accountOf(c)!;
    const page = pageOf(c);
    if ('code' in page) return wfsRefusal(c, 400, [page]);
    const shipmentId = c.req.query('shipmentId');
    const listed = (await syncShipments(deps, account)).filter((s) => !shipmentId || s.shipmentId === shipmentId);
    if (shipmentId && !listed.length) return notFound(c, 'shipmentId', `No shipment ${shipmentId}`);
    const items = [];
    for (const l of sortByCreated(listed)) {
      const s = await storedShipment(deps, account, l.shipmentId!);
      items.push(...(s ? itemsAt(s, now()) : seededItems(l)));
    }
    return c.json({
      headers: { totalCount: items.length, limit: page.limit, offset: page.offset },
      payload: items.slice(page.offset, page.offset + page.limit),
    });
  });

  app.get('/v3/fulfillment/inbound-shipment-errors', async (c) => {
    const account = accountOf(c)!;
    const page = pageOf(c);
    if ('code' in page) return wfsRefusal(c, 400, [page]);
    // Walmart filters by inboundOrderId since January 2025; the model still names shipmentId, but a
    // refused inbound order has no shipments, so no error belongs to one.
    const { inboundOrderId, shipmentId } = c.req.query();
    const all = (await recordsOf(deps, orderErrorSet(account), () => []))
      .filter((e) => !shipmentId && (!inboundOrderId || e.inboundOrderId === inboundOrderId))
      .sort((a, b) => (b.createdDate ?? '').localeCompare(a.createdDate ?? ''));
    return c.json({
      headers: { totalCount: all.length, limit: page.limit, offset: page.offset },
      payload: all.slice(page.offset, page.offset + page.limit),
    });
  });

  wfsInboundUpdateRoutes(app, deps, accountOf);
  wfsReceivingLabelRoutes(app, deps, accountOf);
}

const { shipNode: _, ...itsAddress } = ITS_NODE;

const sortByCreated = (l: InboundShipment[]) =>
  [...l].sort((a, b) => (b.createdDate ?? '').localeCompare(a.createdDate ?? ''));
