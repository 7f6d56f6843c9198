/**
 * Walmart Preferred Carrier in the Walmart sandbox, at Walmart's paths: create and get carrier rate
 * quotes, confirm (accept) one, void it within Walmart's window (24 hours parcel, 1 hour LTL, and
 * never once the carrier has picked the shipment up), and the carrier's labels as a 4×6 PDF, one
 * page per package, drawn with the same carrier-label layout as the ShipEngine sandbox. Accepting a
 * quote dispatches the shipment on the sandbox clock (inbound-state.ts): the carrier's tracking
 * numbers appear on it, and voiding puts it back to PENDING_SHIPMENT_DETAILS.
 */
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import {
  CARRIER_MODES,
  carrierLabelRequestSchema,
  carrierQuoteRequestSchema,
  MAX_SHIP_DATE_DAYS_AHEAD,
  VOID_WINDOW_MS,
  type CarrierLocation,
  type CarrierMode,
} from '../../integrations/walmart/carrier-models.js';
import type { ShipEngineAddress } from '../../integrations/shipengine/models.js';
import { renderPdf } from '../../../printing/pdf.js';
import { LABEL_GEOMETRY } from '../../../printing/sizes.js';
import { carrierLabel } from '../shipengine/label-document.js';
import { code, rng } from '../random.js';
import { getRecord, putRecord } from '../records.js';
import { CARRIERS, QUOTE_VALID_MS, quoteFor, quoteSet, type StoredQuote } from './carrier-quotes.js';
import { bodyOf, fieldErrors, notFound, requestError, wfsRefusal } from './inbound-refusals.js';
import { saveShipment, statusAt, storedShipment, type AccountOf } from './inbound-state.js';

const DAY = 86_400_000;

const refuse = (c: Context, field: string, description: string, info?: string) =>
  wfsRefusal(c, 400, [requestError(field, description, info)]);

/** A location as the carrier label prints it. */
const labelAddress = (l: CarrierLocation): ShipEngineAddress => ({
  name: l.locationName,
  address_line1: l.address.addressLine1,
  address_line2: l.address.addressLine2,
  city_locality: l.address.city,
  state_province: l.address.stateCode,
  postal_code: l.address.postalCode,
  country_code: l.address.countryCode.toUpperCase() === 'USA' ? 'US' : l.address.countryCode.slice(0, 2).toUpperCase(),
});

/** FedEx-style tracking numbers per package, or the LTL carrier's PRO number. */
function trackingCodes(account: string, q: StoredQuote): string[] {
  const r = rng(`walmart/tracking/${account}/${q.rateQuote.quoteId}`);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  if (q.mode === 'LTL') return [`PRO${digits(9)}`];
  return q.request.shipmentPackages.flatMap((p) => Array.from({ length: unitsOf(q, p) }, () => `7${digits(11)}`));
}

/** Boxes a package line stands for (noOfPackages); an LTL line is one pallet label. */
const unitsOf = (q: StoredQuote, p: StoredQuote['request']['shipmentPackages'][number]) =>
  q.mode === 'LTL' ? 1 : Math.max(1, p.noOfPackages ?? 1);

export function wfsCarrierRoutes(app: Hono, deps: Deps, accountOf: AccountOf): void {
  const now = () => deps.now().getTime();

  app.post('/v3/fulfillment/carrier-rate-quotes', async (c) => {
    const account = accountOf(c)!;
    const body = await bodyOf(c);
    if (body === undefined) return wfsRefusal(c, 400, [requestError(undefined, 'The request body must be JSON')]);
    const parsed = carrierQuoteRequestSchema.safeParse(body);
    if (!parsed.success) return wfsRefusal(c, 400, fieldErrors(parsed.error.issues));
    const req = parsed.data;
    const mode = req.mode.toUpperCase() as CarrierMode;
    if (!CARRIER_MODES.includes(mode)) return refuse(c, 'mode', `mode must be one of ${CARRIER_MODES.join(', ')}`);
    const s = await storedShipment(deps, account, req.shipmentId);
    if (!s) return notFound(c, 'shipmentId', `No shipment ${req.shipmentId}`);
    const existing = await getRecord(deps, quoteSet(account), req.shipmentId);
    if (existing?.status === 'ACCEPTED')
      return refuse(c, 'shipmentId', 'The shipment already has an accepted carrier quote', 'void it to quote again');
    const { status } = statusAt(s, now());
    if (status !== 'PENDING_SHIPMENT_DETAILS')
      return refuse(c, 'shipmentId', `A carrier can only be quoted before the shipment is dispatched; it is ${status}`);
    const wrongPlace = [
      ...(req.destinationLocation.address.postalCode === s.shipTo.postalCode
        ? []
        : [
            requestError(
              'destinationLocation.address.postalCode',
              `The shipment goes to ${s.shipTo.fcName}, ${s.shipTo.city} ${s.shipTo.postalCode}`,
            ),
          ]),
      ...(['US', 'USA'].includes(req.originLocation.address.countryCode.toUpperCase())
        ? []
        : [requestError('originLocation.address.countryCode', 'Preferred carriers pick up in the United States only')]),
    ];
    if (wrongPlace.length) return wfsRefusal(c, 400, wrongPlace);
    const quoteId = code(rng(`walmart/quote/${account}/${req.shipmentId}/${now()}`), 'WPC', 16);
    const { errors, rateQuote } = quoteFor(req, mode, quoteId, now());
    if (!rateQuote) return wfsRefusal(c, 400, errors);
    await putRecord(deps, quoteSet(account), {
      shipmentId: req.shipmentId,
      mode,
      request: req,
      rateQuote,
      createdAt: now(),
      status: 'ESTIMATED',
      confirmedAt: null,
      trackingCodes: [],
      shipDate: null,
    });
    return c.json({ shipmentId: req.shipmentId, shipmentNumber: s.inboundOrderId, rateQuotes: [rateQuote] });
  });

  // Walmart's model declares shipmentId and mode "in: path" on a path without placeholders: query.
  app.get('/v3/fulfillment/carrier-rate-quotes', async (c) => {
    const account = accountOf(c)!;
    const shipmentId = c.req.query('shipmentId');
    if (!shipmentId) return refuse(c, 'shipmentId', 'shipmentId is required');
    const q = await getRecord(deps, quoteSet(account), shipmentId);
    const mode = c.req.query('mode')?.toUpperCase();
    if (!q || (mode && mode !== q.mode))
      return notFound(c, 'shipmentId', `No carrier quote for shipment ${shipmentId}`);
    // Each package's first tracking number (LTL: the shipment's PRO number).
    let first = 0;
    const packages = q.request.shipmentPackages.map((p) => {
      const trackingCode = q.trackingCodes[q.mode === 'LTL' ? 0 : first];
      first += unitsOf(q, p);
      return trackingCode ? { ...p, labelInformation: { trackingCode, shipmentId, labelFormat: 'PDF' } } : p;
    });
    return c.json({
      shipmentId,
      quoteId: q.rateQuote.quoteId,
      estimatedDeliveryDateTime: q.rateQuote.estimatedDeliveryDateTime,
      quoteCreationDate: new Date(q.createdAt).toISOString(),
      carrier: q.rateQuote.carrier,
      rateQuote: { ...q.rateQuote, status: q.status },
      shipmentPackages: packages,
      originLocation: q.request.originLocation,
      destinationLocation: q.request.destinationLocation,
      returnLocation: q.request.returnLocation,
    });
  });

  app.post('/v3/fulfillment/carrier-rate-quote/confirm', async (c) => {
    const account = accountOf(c)!;
    const body = (await bodyOf(c)) as { shipmentId?: unknown } | undefined;
    const shipmentId = typeof body?.shipmentId === 'string' ? body.shipmentId : '';
    if (!shipmentId) return refuse(c, 'shipmentId', 'shipmentId is required');
    const q = await getRecord(deps, quoteSet(account), shipmentId);
    if (!q || q.status === 'VOIDED') return notFound(c, 'shipmentId', `No carrier quote to confirm for ${shipmentId}`);
    if (q.status === 'ACCEPTED') return refuse(c, 'shipmentId', 'The carrier quote is already accepted');
    if (now() - q.createdAt > QUOTE_VALID_MS)
      return refuse(c, 'shipmentId', 'The carrier quote has expired', 'create a new carrier rate quote');
    const s = await storedShipment(deps, account, shipmentId);
    if (!s || statusAt(s, now()).status !== 'PENDING_SHIPMENT_DETAILS')
      return refuse(c, 'shipmentId', 'The shipment is no longer waiting for a carrier');
    const accepted: StoredQuote = { ...q, status: 'ACCEPTED', confirmedAt: now() };
    accepted.trackingCodes = trackingCodes(account, accepted);
    await putRecord(deps, quoteSet(account), accepted);
    await saveShipment(deps, account, {
      ...s,
      dispatchedAt: now(),
      carrierName: CARRIERS[q.mode].shipmentCarrier,
      trackingNo: accepted.trackingCodes,
    });
    return c.json({ status: 'OK' });
  });

  app.delete('/v3/fulfillment/carrier-rate-quote/:shipmentId', async (c) => {
    const account = accountOf(c)!;
    const shipmentId = c.req.param('shipmentId');
    const q = await getRecord(deps, quoteSet(account), shipmentId);
    if (!q || q.status !== 'ACCEPTED') return notFound(c, 'shipmentId', `No accepted carrier quote for ${shipmentId}`);
    const window = VOID_WINDOW_MS[q.mode];
    if (now() - q.confirmedAt! > window)
      return refuse(
        c,
        'shipmentId',
        `A ${q.mode === 'LTL' ? 'LTL' : 'parcel'} carrier quote can be voided only within ${window / 3_600_000} hour${window > 3_600_000 ? 's' : ''} of accepting it`,
        `accepted ${new Date(q.confirmedAt!).toISOString()}`,
      );
    const s = await storedShipment(deps, account, shipmentId);
    const status = s ? statusAt(s, now()).status : 'CANCELLED';
    if (s && status !== 'AWAITING_DELIVERY' && status !== 'CANCELLED')
      return refuse(c, 'shipmentId', `The carrier has the shipment already (${status})`);
    await putRecord(deps, quoteSet(account), { ...q, status: 'VOIDED' as const });
    if (s && status === 'AWAITING_DELIVERY')
      await saveShipment(deps, account, { ...s, dispatchedAt: null, carrierName: null, trackingNo: [] });
    return c.json({ status: 'OK' });
  });

  app.post('/v3/fulfillment/carrier-label/:shipmentId', async (c) => {
    const account = accountOf(c)!;
    const shipmentId = c.req.param('shipmentId');
    const body = await bodyOf(c);
    const parsed = carrierLabelRequestSchema.safeParse(body ?? {});
    if (!parsed.success) return wfsRefusal(c, 400, fieldErrors(parsed.error.issues));
    const q = await getRecord(deps, quoteSet(account), shipmentId);
    if (!q || q.status !== 'ACCEPTED')
      return notFound(c, 'shipmentId', `Shipment ${shipmentId} has no accepted carrier quote`);
    const shipDate = Date.parse(parsed.data.shipDate);
    const today = Math.floor(now() / DAY) * DAY;
    if (shipDate < today || shipDate >= today + (MAX_SHIP_DATE_DAYS_AHEAD + 1) * DAY)
      return refuse(
        c,
        'shipDate',
        `The ship date must be between today and ${MAX_SHIP_DATE_DAYS_AHEAD} days ahead`,
        parsed.data.shipDate,
      );
    await putRecord(deps, quoteSet(account), { ...q, shipDate: parsed.data.shipDate });
    const carrier = CARRIERS[q.mode];
    const units = q.request.shipmentPackages.flatMap((p) => Array.from({ length: unitsOf(q, p) }, () => p));
    const labels = units.map((p, k) =>
      carrierLabel({
        carrier: q.mode === 'LTL' ? 'LTL' : 'FedEx',
        service: `${carrier.carrierName} · WFS ${shipmentId}`,
        trackingNumber: q.trackingCodes[q.mode === 'LTL' ? 0 : k],
        shipFrom: labelAddress(q.request.originLocation),
        shipTo: labelAddress(q.request.destinationLocation),
        weightLb: p.weight * (p.weightUOM.toUpperCase() === 'KG' ? 2.20462 : 1),
        shipDate: parsed.data.shipDate.slice(0, 10),
      }),
    );
    const pdf = await renderPdf(labels, LABEL_GEOMETRY['4x6'], { title: `Walmart carrier labels ${shipmentId}` });
    return c.body(Buffer.from(pdf), 200, { 'content-type': 'application/pdf' });
  });
}
