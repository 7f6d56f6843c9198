/**
 * Merchant Fulfillment v0 (Buy Shipping) in the Amazon sandbox, over the seller's own orders:
 * eligible services for a package of a seller-fulfilled order (mfn-services.ts), a label bought
 * for one (a real PDF, PNG or ZPL, GZIP-compressed and base64-encoded as Amazon sends it), which
 * also ships the order's items at Amazon; getShipment; cancelShipment within the carrier's void
 * window (USPS 30 days, others 24 hours), after which the refund is pending and then applied — the
 * order stays Shipped, as Amazon documents, but the units may be shipped again; and the customs
 * inputs international services need. Requests are refused in Amazon's words ("1 validation error
 * detected: …"); another seller's order or shipment is not found.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  createShipmentRequestSchema,
  getAdditionalSellerInputsRequestSchema,
  getEligibleShipmentServicesRequestSchema,
  mfnShipmentSchema,
  type MfnAddress,
  type MfnShipment,
  type ShipmentRequestDetails,
} from '../../integrations/amazon/mfn-models.js';
import type { Order } from '../../integrations/amazon/orders-models.js';
import { getRecord, putRecord, type RecordSet } from '../records.js';
import { mfnLabel, shipEngineAddress } from './mfn-label.js';
import {
  ITEM_INPUTS,
  SHIPMENT_INPUTS,
  TERMS_NOT_ACCEPTED,
  carrierOf,
  inputsRefusal,
  offerRefusal,
  offersFor,
  packageOf,
  serviceOf,
  type Package,
} from './mfn-services.js';
import type { Marketplace } from './orders-data.js';
import { findOrder, orderAt, saveOrder, shipmentRefusal, shipUnits } from './orders-state.js';

type SpError = (c: Context, status: 400 | 404, code: string, message: string, details?: string) => Response;

const HOUR = 3_600_000;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const storedShipment = z.object({
  shipment: mfnShipmentSchema,
  marketplaceId: z.string(),
  /** The order package the label made, cancelled with it. */
  packageReferenceId: z.string(),
  cancelledAt: z.number().optional(),
});
type StoredShipment = z.infer<typeof storedShipment>;
const shipments = (seller: string): RecordSet<StoredShipment> => ({
  provider: 'amazon',
  account: seller,
  kind: 'mfn_shipment',
  schema: storedShipment,
  keyOf: (s) => s.shipment.ShipmentId,
});

/** Amazon's validation wording: "1 validation error detected: Value 'USA' at 'a.b' failed to satisfy constraint: …". */
function validationMessage(error: z.ZodError, body: unknown): string {
  const i = error.issues[0];
  let value: unknown = body;
  for (const k of i.path)
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[k] : undefined;
  const at = i.path.map((k) => (typeof k === 'string' ? k[0].toLowerCase() + k.slice(1) : String(k))).join('.');
  const shown = value === undefined ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `1 validation error detected: Value '${shown}' at '${at}' failed to satisfy constraint: ${i.message}`;
}

/** The order's delivery address as Buy Shipping shows it (names cut to the model's 30 characters). */
function shipToOf(order: Order): MfnAddress {
  const a = order.recipient?.deliveryAddress ?? {};
  return {
    Name: (a.name ?? '').slice(0, 30),
    AddressLine1: a.addressLine1 ?? '',
    ...(a.addressLine2 ? { AddressLine2: a.addressLine2.slice(0, 60) } : {}),
    City: (a.city ?? '').slice(0, 30),
    ...(a.stateOrRegion ? { StateOrProvinceCode: a.stateOrRegion } : {}),
    PostalCode: a.postalCode ?? '',
    CountryCode: a.countryCode ?? '',
    Phone: a.phone ?? '',
    Email: '',
  };
}

export function mfnRoutes(app: Hono, deps: Deps, sellerOf: (c: Context) => string | null, spError: SpError): void {
  const now = () => deps.now().getTime();
  const invalid = (c: Context, message: string) => spError(c, 400, 'InvalidInput', message, '');

  /** The order, its package and destination for a request, or Amazon's refusal. */
  async function context(
    c: Context,
    seller: string,
    d: ShipmentRequestDetails,
  ): Promise<Response | { order: Order; mp: Marketplace; pkg: Package; shipTo: MfnAddress }> {
    const found = await findOrder(deps, seller, d.AmazonOrderId);
    if (!found) return spError(c, 404, 'NotFound', `Order ${d.AmazonOrderId} was not found`, '');
    const order = orderAt(found.stored, now());
    if (order.programs?.includes('IN_STORE_PICK_UP'))
      return invalid(c, `Order ${order.orderId} is picked up in store; it needs no shipping label`);
    const refusal = shipmentRefusal(
      order,
      d.ItemList.map((i) => ({ orderItemId: i.OrderItemId, quantity: i.Quantity })),
    );
    if (refusal) return invalid(c, refusal);
    const pkg = packageOf(d);
    if (typeof pkg === 'string') return invalid(c, pkg);
    return { order, mp: found.mp, pkg, shipTo: shipToOf(order) };
  }

  /** A stored shipment as Amazon shows it now: a cancelled label's refund is applied after the carrier's days. */
  const view = (s: StoredShipment): MfnShipment => {
    const refundDays = carrierOf(s.shipment.ShippingService.ShippingServiceId)?.refundDays ?? 1;
    if (s.cancelledAt === undefined || now() < s.cancelledAt + refundDays * 24 * HOUR) return s.shipment;
    return {
      ...s.shipment,
      Status: 'RefundApplied',
      LastUpdatedDate: new Date(s.cancelledAt + refundDays * 24 * HOUR).toISOString(),
    };
  };

  app.post('/mfn/v0/eligibleShippingServices', async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = getEligibleShipmentServicesRequestSchema.safeParse(body);
    if (!parsed.success) return invalid(c, validationMessage(parsed.error, body));
    const d = parsed.data.ShipmentRequestDetails;
    const ctx = await context(c, sellerOf(c)!, d);
    if (ctx instanceof Response) return ctx;
    const offers = offersFor(d, ctx.pkg, ctx.shipTo, ctx.mp.currency, now());
    return c.json({
      payload: {
        ShippingServiceList: offers.eligible,
        RejectedShippingServiceList: offers.rejected,
        TemporarilyUnavailableCarrierList: [],
        TermsAndConditionsNotAcceptedCarrierList: TERMS_NOT_ACCEPTED.map((CarrierName) => ({ CarrierName })),
      },
    });
  });

  app.post('/mfn/v0/shipments', async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = createShipmentRequestSchema.safeParse(body);
    if (!parsed.success) return invalid(c, validationMessage(parsed.error, body));
    const req = parsed.data;
    const d = req.ShipmentRequestDetails;
    const seller = sellerOf(c)!;
    const ctx = await context(c, seller, d);
    if (ctx instanceof Response) return ctx;
    const t = now();
    const offers = offersFor(d, ctx.pkg, ctx.shipTo, ctx.mp.currency, t);
    const offer = offers.eligible.find((o) => o.ShippingServiceId === req.ShippingServiceId);
    if (!offer) {
      const why = offers.rejected.find((o) => o.ShippingServiceId === req.ShippingServiceId);
      return invalid(
        c,
        why
          ? `${why.ShippingServiceName} is not available for this shipment (${why.RejectionReasonCode}): ${why.RejectionReasonMessage}`
          : `ShippingServiceId ${req.ShippingServiceId} is not a service offered for this shipment`,
      );
    }
    if (req.ShippingServiceOfferId) {
      const refusal = offerRefusal(req.ShippingServiceOfferId, req.ShippingServiceId, d, t);
      if (refusal) return invalid(c, refusal);
    }
    if (offer.RequiresAdditionalSellerInputs) {
      const refusal =
        inputsRefusal(SHIPMENT_INPUTS, req.ShipmentLevelSellerInputsList, 'ShipmentLevelSellerInputsList') ??
        d.ItemList.map((i) =>
          inputsRefusal(
            ITEM_INPUTS,
            i.ItemLevelSellerInputsList,
            `ItemList[${i.OrderItemId}].ItemLevelSellerInputsList`,
          ),
        ).find(Boolean);
      if (refusal) return invalid(c, refusal);
    }
    const carrier = carrierOf(offer.ShippingServiceId)!;
    const shipmentId = randomUUID();
    const trackingId = carrier.tracking(shipmentId);
    const format = d.ShippingServiceOptions.LabelFormat || 'ShippingServiceDefault';
    const label = await mfnLabel(
      {
        carrier: carrier.name,
        service: offer.ShippingServiceName,
        trackingNumber: trackingId,
        shipFrom: shipEngineAddress(d.ShipFromAddress),
        shipTo: shipEngineAddress(ctx.shipTo),
        weightLb: ctx.pkg.actualLb,
        shipDate: offer.ShipDate.slice(0, 10),
      },
      format,
      d.LabelCustomization,
    );
    const order = ctx.order;
    const itemValue = d.ItemList.reduce((t, i) => {
      const price = order.orderItems.find((x) => x.orderItemId === i.OrderItemId)?.product.price?.unitPrice;
      return t + Number(price?.amount ?? 0) * i.Quantity;
    }, 0);
    const created = new Date(t).toISOString();
    const shipment: MfnShipment = {
      ShipmentId: shipmentId,
      AmazonOrderId: order.orderId,
      ...(d.SellerOrderId ? { SellerOrderId: d.SellerOrderId } : {}),
      ItemList: d.ItemList,
      ShipFromAddress: d.ShipFromAddress,
      ShipToAddress: ctx.shipTo,
      PackageDimensions: d.PackageDimensions,
      Weight: d.Weight,
      // Without a declared value the carrier's minimum cover ($100), or the items' value if less.
      Insurance: d.ShippingServiceOptions.DeclaredValue ?? {
        CurrencyCode: offer.Rate.CurrencyCode,
        Amount: Math.round(Math.min(100, itemValue) * 100) / 100,
      },
      ShippingService: offer,
      Label: label,
      Status: 'Purchased',
      TrackingId: trackingId,
      CreatedDate: created,
      LastUpdatedDate: created,
    };
    // Buying the label confirms the shipment at Amazon: the units are shipped with its tracking.
    const packageReferenceId = String(
      1 + Math.max(0, ...(order.packages ?? []).map((p) => Number(p.packageReferenceId) || 0)),
    );
    const a = d.ShipFromAddress;
    shipUnits(
      order,
      d.ItemList.map((i) => ({ orderItemId: i.OrderItemId, quantity: i.Quantity })),
      {
        packageReferenceId,
        createdTime: created,
        packageStatus: {
          status: 'PENDING',
          detailedStatus: d.ShippingServiceOptions.CarrierWillPickUp ? 'PENDING_PICK_UP' : 'PENDING_DROP_OFF',
        },
        carrier: carrier.name,
        shipTime: offer.ShipDate,
        shippingService: offer.ShippingServiceName,
        trackingNumber: trackingId,
        shipFromAddress: {
          name: a.Name,
          addressLine1: a.AddressLine1,
          ...(a.AddressLine2 ? { addressLine2: a.AddressLine2 } : {}),
          city: a.City,
          ...(a.StateOrProvinceCode ? { stateOrRegion: a.StateOrProvinceCode } : {}),
          postalCode: a.PostalCode,
          countryCode: a.CountryCode,
        },
      },
      t,
    );
    await saveOrder(deps, seller, ctx.mp, order);
    await putRecord(deps, shipments(seller), { shipment, marketplaceId: ctx.mp.id, packageReferenceId });
    return c.json({ payload: shipment });
  });

  /** The seller's stored shipment named by the path, or Amazon's refusal. */
  async function shipmentOf(c: Context): Promise<Response | StoredShipment> {
    const id = c.req.param('shipmentId') ?? '';
    if (!UUID.test(id))
      return invalid(
        c,
        `1 validation error detected: Value '${id}' at 'shipmentId' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`,
      );
    const stored = await getRecord(deps, shipments(sellerOf(c)!), id);
    return stored ?? spError(c, 404, 'NotFound', `Shipment ${id} was not found`, '');
  }

  app.get('/mfn/v0/shipments/:shipmentId', async (c) => {
    const s = await shipmentOf(c);
    return s instanceof Response ? s : c.json({ payload: view(s) });
  });

  app.delete('/mfn/v0/shipments/:shipmentId', async (c) => {
    const s = await shipmentOf(c);
    if (s instanceof Response) return s;
    const t = now();
    const sh = s.shipment;
    if (s.cancelledAt !== undefined) return invalid(c, `Shipment ${sh.ShipmentId} is already canceled`);
    const carrier = carrierOf(sh.ShippingService.ShippingServiceId)!;
    const until = Date.parse(sh.CreatedDate) + carrier.voidHours * HOUR;
    if (t > until)
      return invalid(
        c,
        `Shipment ${sh.ShipmentId} can no longer be canceled: ${carrier.name} labels can be canceled within ${
          carrier.voidHours >= 48 ? `${carrier.voidHours / 24} days` : `${carrier.voidHours} hours`
        } of purchase (until ${new Date(until).toISOString()})`,
      );
    const at = new Date(t).toISOString();
    const seller = sellerOf(c)!;
    const cancelled: StoredShipment = {
      ...s,
      cancelledAt: t,
      shipment: {
        ...sh,
        Status: 'RefundPending',
        LastUpdatedDate: at,
        // Amazon answers an empty label for a cancelled shipment.
        Label: { ...sh.Label, FileContents: { ...sh.Label.FileContents, Contents: '', Checksum: '' } },
      },
    };
    const found = await findOrder(deps, seller, sh.AmazonOrderId);
    if (found) {
      const order = orderAt(found.stored, t);
      const pkg = order.packages?.find((p) => p.packageReferenceId === s.packageReferenceId);
      if (pkg) pkg.packageStatus = { status: 'CANCELLED', detailedStatus: 'LABEL_CANCELLED' };
      order.lastUpdatedTime = at;
      await saveOrder(deps, seller, found.mp, order);
    }
    await putRecord(deps, shipments(seller), cancelled);
    return c.json({ payload: view(cancelled) });
  });

  app.post('/mfn/v0/additionalSellerInputs', async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = getAdditionalSellerInputsRequestSchema.safeParse(body);
    if (!parsed.success) return invalid(c, validationMessage(parsed.error, body));
    const req = parsed.data;
    const service = serviceOf(req.ShippingServiceId);
    if (!service) return invalid(c, `ShippingServiceId ${req.ShippingServiceId} is not a known shipping service`);
    const found = await findOrder(deps, sellerOf(c)!, req.OrderId);
    if (!found) return spError(c, 404, 'NotFound', `Order ${req.OrderId} was not found`, '');
    const order = orderAt(found.stored, now());
    const abroad = req.ShipFromAddress.CountryCode !== order.recipient?.deliveryAddress?.countryCode;
    const customs = service.international && abroad;
    return c.json({
      payload: {
        ShipmentLevelFields: customs ? SHIPMENT_INPUTS : [],
        ItemLevelFieldsList: order.orderItems.map((i) => ({
          Asin: i.product.asin ?? '',
          AdditionalInputs: customs ? ITEM_INPUTS : [],
        })),
      },
    });
  });
}
