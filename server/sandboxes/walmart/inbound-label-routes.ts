/**
 * WFS receiving labels in the Walmart sandbox: createInboundShipmentLabelV2 (POST
 * /v3/fulfillment/shipment-label: 4×6 or 4×3⅓ PDF, or 4×6 ZPL, `count` labels per load type, or one
 * blank label to fill out) and the deprecated createInboundShipmentLabel (GET
 * /v3/fulfillment/label/{shipmentId}: the blank 4×6 PDF).
 *
 * Sandbox deviation: a request for more than 500 labels at once is refused, to keep the sandbox
 * responsive (Walmart states no limit).
 */
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import { LABEL_FORMATS, LOAD_TYPES, shipmentLabelRequestSchema } from '../../integrations/walmart/inbound-models.js';
import { RECEIVING_LABEL_SIZES, receivingLabels, receivingLabelsPdf, receivingLabelsZpl } from './inbound-label.js';
import { bodyOf, fieldErrors, notFound, notJson, requestError, wfsRefusal } from './inbound-refusals.js';
import { syncShipments, type AccountOf } from './inbound-state.js';

const MAX_LABELS = 500;

export function wfsReceivingLabelRoutes(app: Hono, deps: Deps, accountOf: AccountOf): void {
  const labels = async (c: Context, account: string, request: unknown) => {
    const parsed = shipmentLabelRequestSchema.safeParse(request);
    if (!parsed.success) return wfsRefusal(c, 400, fieldErrors(parsed.error.issues));
    const r = parsed.data;
    const format = (r.labelFormat ?? 'PDF').toUpperCase();
    const size = (r.labelSize ?? '4x6').toLowerCase().replace(/\s|in\.?|"/g, '');
    const geometry = RECEIVING_LABEL_SIZES[size === '4x31/3' ? '4x3.33' : size];
    const errors = [
      ...(LABEL_FORMATS.includes(format as (typeof LABEL_FORMATS)[number])
        ? []
        : [requestError('labelFormat', `labelFormat must be one of ${LABEL_FORMATS.join(', ')}`)]),
      ...(geometry ? [] : [requestError('labelSize', 'labelSize must be 4x6 or 4x3.33')]),
      ...(format === 'ZPL' && geometry && geometry.height !== 6
        ? [requestError('labelSize', 'ZPL labels are 4x6 only')]
        : []),
      ...(r.loadTypes ?? []).flatMap((l, i) =>
        LOAD_TYPES.includes(l.loadType.toUpperCase() as (typeof LOAD_TYPES)[number])
          ? []
          : [requestError(`loadTypes[${i}].loadType`, `loadType must be one of ${LOAD_TYPES.join(', ')}`)],
      ),
    ];
    const total = (r.loadTypes ?? []).reduce((t, l) => t + l.count, 0);
    if (total > MAX_LABELS) errors.push(requestError('loadTypes', `At most ${MAX_LABELS} labels per request`));
    if (errors.length) return wfsRefusal(c, 400, errors);
    const listed = (await syncShipments(deps, account)).find((s) => s.shipmentId === r.shipmentId);
    if (!listed) return notFound(c, 'shipmentId', `No shipment ${r.shipmentId}`);
    if (listed.status === 'CANCELLED')
      return wfsRefusal(c, 400, [requestError('shipmentId', `Shipment ${r.shipmentId} is cancelled`)]);
    const drawn = receivingLabels(
      {
        shipmentId: r.shipmentId,
        inboundOrderId: listed.inboundOrderId ?? '',
        from: listed.returnAddress ?? {},
        to: listed.shipToAddress ?? {},
      },
      (r.loadTypes ?? []).map((l) => ({ loadType: l.loadType.toUpperCase(), count: l.count })),
      geometry,
    );
    if (format === 'ZPL') return c.body(receivingLabelsZpl(drawn), 200, { 'content-type': 'application/zpl' });
    return c.body(Buffer.from(await receivingLabelsPdf(drawn, geometry, r.shipmentId)), 200, {
      'content-type': 'application/pdf',
    });
  };

  app.post('/v3/fulfillment/shipment-label', async (c) => {
    const body = await bodyOf(c);
    if (body === undefined) return notJson(c);
    return labels(c, accountOf(c)!, body);
  });

  /** createInboundShipmentLabel (deprecated): the blank 4×6 PDF label. */
  app.get('/v3/fulfillment/label/:shipmentId', (c) =>
    labels(c, accountOf(c)!, { shipmentId: c.req.param('shipmentId') }),
  );
}
