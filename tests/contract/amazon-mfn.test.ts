/**
 * Amazon Merchant Fulfillment v0 (Buy Shipping): the Amazon client against the sandbox over real
 * HTTP — eligible services priced from the package and the route, with carriers' refusals and
 * their reasons; a label bought as a real PDF, PNG or ZPL (GZIP + base64, as Amazon sends it)
 * that ships the order's items; offers bound to their request; cancellation only within the
 * carrier's void window; customs inputs for international services; another seller's orders and
 * shipments not found — every request and answer held to Amazon's published model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { sandboxAuthorisation } from '../helpers/amazon-sandbox.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { labelDocument } from '../../server/integrations/amazon/merchant-fulfillment.js';
import type { LabelFormat, MfnAddress, ShipmentRequestDetails } from '../../server/integrations/amazon/mfn-models.js';
import type { Order } from '../../server/integrations/amazon/orders-models.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const US = 'ATVPDKIKX0DER';
const CA = 'A2EUQ1WTGCTBG2';
const MODEL = 'amazon/merchantFulfillmentV0.json';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHIP_FROM: MfnAddress = {
  Name: 'Dockside Prep',
  AddressLine1: '100 Harbor Way',
  City: 'Newark',
  StateOrProvinceCode: 'NJ',
  PostalCode: '07114',
  CountryCode: 'US',
  Phone: '5550100100',
  Email: 'shipping@dockside.test',
};

let s: TestServer;
let sandboxUrl: string;
let offset = 0;
const now = () => Date.now() + offset;
let storeIds = 990_000;
let sellerA: { sellerId: string; refreshToken: string };
let sellerB: { sellerId: string; refreshToken: string };

const sent: { url: string; body: unknown }[] = [];
const recording: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string' && String(input).includes('/mfn/'))
    sent.push({ url: String(input), body: JSON.parse(init.body) });
  return fetch(input, init);
};
const lastSent = () => sent.at(-1)!.body;

/**
 * A fresh client per call: Buy Shipping's usage plans (createShipment 2/s burst 2, getShipment and
 * cancelShipment 1/s burst 1) would otherwise make each further call wait out the real second.
 */
const clientOf = (seller: { refreshToken: string }) =>
  new AmazonClient(
    {
      endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
      app: SANDBOX_APP,
      sleep: async () => undefined,
      fetch: recording,
      now,
    },
    { storeId: storeIds++, refreshToken: seller.refreshToken },
  );
const mfn = (seller = sellerA) => clientOf(seller).merchantFulfillment;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );
const valid = (definition: string, value: unknown) => {
  const v = swaggerDefinition(MODEL, definition);
  expect(v(value), problemsOf(v)).toBe(true);
};

/** The seller's unshipped seller-fulfilled orders (not pickups, not PO boxes), oldest change first. */
async function openOrders(marketplaceId = US): Promise<Order[]> {
  const client = clientOf(sellerA);
  const out: Order[] = [];
  let token: string | undefined;
  do {
    const page = await client.orders.searchOrders({
      lastUpdatedAfter: new Date(now() - 8 * DAY).toISOString(),
      marketplaceIds: [marketplaceId],
      fulfilledBy: ['MERCHANT'],
      fulfillmentStatuses: ['UNSHIPPED'],
      includedData: ['RECIPIENT', 'FULFILLMENT'],
      paginationToken: token,
    });
    out.push(...page.orders);
    token = page.pagination?.nextToken;
  } while (token);
  // Older than nine hours: a buyer's cancellation, if one is coming, has come (the clock moves here).
  return out.filter(
    (o) =>
      Date.parse(o.createdTime) < now() - 9 * HOUR &&
      !o.programs?.includes('IN_STORE_PICK_UP') &&
      !/^PO Box/.test(o.recipient?.deliveryAddress?.addressLine1 ?? ''),
  );
}

const detailsFor = (order: Order, over: Partial<ShipmentRequestDetails> = {}): ShipmentRequestDetails => ({
  AmazonOrderId: order.orderId,
  ItemList: order.orderItems.map((i) => ({ OrderItemId: i.orderItemId, Quantity: i.quantityOrdered })),
  ShipFromAddress: SHIP_FROM,
  PackageDimensions: { Length: 12, Width: 9, Height: 4, Unit: 'inches' },
  Weight: { Value: 24, Unit: 'oz' },
  ShippingServiceOptions: { DeliveryExperience: 'DeliveryConfirmationWithoutSignature', CarrierWillPickUp: false },
  ...over,
});

let orders: Order[];
beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(now());
  [sellerA, sellerB] = await Promise.all([sandboxAuthorisation(sandboxUrl), sandboxAuthorisation(sandboxUrl)]);
  orders = await openOrders();
  // The tests need ten open orders: let days pass until the seller has them.
  while (orders.length < 10) {
    offset += DAY;
    orders = await openOrders();
  }
});
afterAll(() => s.close());

describe('Merchant Fulfillment against the Amazon sandbox', () => {
  it('offers services priced by package and route, and says why the others are refused', async () => {
    const order = orders[0];
    const offers = await mfn().getEligibleShipmentServices({ ShipmentRequestDetails: detailsFor(order) });
    valid('GetEligibleShipmentServicesRequest', lastSent());
    valid('GetEligibleShipmentServicesResponse', { payload: offers });
    const list = offers.ShippingServiceList;
    expect(new Set(list.map((o) => o.CarrierName)).size).toBeGreaterThanOrEqual(3);
    const rates = list.map((o) => o.Rate.Amount);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    for (const o of list) {
      expect(o.Rate.CurrencyCode).toBe('USD');
      expect(Date.parse(o.LatestEstimatedDeliveryDate!)).toBeGreaterThanOrEqual(
        Date.parse(o.EarliestEstimatedDeliveryDate!),
      );
      expect(Date.parse(o.EarliestEstimatedDeliveryDate!)).toBeGreaterThan(Date.parse(o.ShipDate));
      expect(o.AvailableLabelFormats).toEqual(expect.arrayContaining(['PDF', 'PNG', 'ZPL203']));
    }
    // International services do not carry a domestic parcel; DHL's terms were never accepted.
    expect(
      offers.RejectedShippingServiceList!.filter((r) => r.RejectionReasonCode === 'DESTINATION_NOT_SERVED').length,
    ).toBeGreaterThan(0);
    expect(offers.TermsAndConditionsNotAcceptedCarrierList).toEqual([{ CarrierName: 'DHL eCommerce' }]);

    const rateOf = (o: typeof offers, id: string) =>
      o.ShippingServiceList.find((x) => x.ShippingServiceId === id)?.Rate.Amount;
    // Heavier costs more; farther costs more.
    const heavy = await mfn().getEligibleShipmentServices({
      ShipmentRequestDetails: detailsFor(order, { Weight: { Value: 25 * 16, Unit: 'oz' } }),
    });
    for (const o of list) expect(rateOf(heavy, o.ShippingServiceId)).toBeGreaterThan(o.Rate.Amount);
    const zip = order.recipient!.deliveryAddress!.postalCode!;
    const near = await mfn().getEligibleShipmentServices({
      ShipmentRequestDetails: detailsFor(order, { ShipFromAddress: { ...SHIP_FROM, PostalCode: zip } }),
    });
    const far = await mfn().getEligibleShipmentServices({
      ShipmentRequestDetails: detailsFor(order, {
        ShipFromAddress: { ...SHIP_FROM, PostalCode: Number(zip.slice(0, 3)) < 500 ? '99501' : '01001' },
      }),
    });
    expect(rateOf(far, 'UPS_PTP_GND')).toBeGreaterThan(rateOf(near, 'UPS_PTP_GND')!);
    // Over 70 lb: USPS and Amazon Shipping refuse, UPS and FedEx carry it.
    const heavier = await mfn().getEligibleShipmentServices({
      ShipmentRequestDetails: detailsFor(order, { Weight: { Value: 80 * 16, Unit: 'oz' } }),
    });
    expect(new Set(heavier.ShippingServiceList.map((o) => o.CarrierName))).toEqual(new Set(['UPS', 'FedEx']));
    expect(heavier.RejectedShippingServiceList!.find((r) => r.ShippingServiceId === 'USPS_PTP_GA')).toMatchObject({
      RejectionReasonCode: 'PACKAGE_WEIGHT_LIMIT_EXCEEDED',
      RejectionReasonMessage: expect.stringMatching(/up to 70 lb/),
    });
    // A delivery date only fast services meet; no tracking at all is not sold.
    const by = new Date(now() + 30 * HOUR).toISOString();
    const urgent = await mfn().getEligibleShipmentServices({
      ShipmentRequestDetails: detailsFor(order, { MustArriveByDate: by }),
    });
    expect(urgent.ShippingServiceList.every((o) => Date.parse(o.LatestEstimatedDeliveryDate!) <= Date.parse(by))).toBe(
      true,
    );
    expect(
      urgent.RejectedShippingServiceList!.find((r) => r.ShippingServiceId === 'USPS_PTP_GA')!.RejectionReasonCode,
    ).toBe('CANNOT_MEET_DELIVERY_DATE');
    const untracked = await mfn().getEligibleShipmentServices({
      ShipmentRequestDetails: detailsFor(order, {
        ShippingServiceOptions: { DeliveryExperience: 'NoTracking', CarrierWillPickUp: false },
      }),
    });
    expect(untracked.ShippingServiceList).toEqual([]);
  });

  it('refuses bad requests in Amazon’s words: a bad address, too many units, FBA orders, another seller’s order', async () => {
    const order = orders[0];
    const client = clientOf(sellerA);
    const res = await fetch(`${sandboxUrl}/sandbox/amazon/mfn/v0/eligibleShippingServices`, {
      method: 'POST',
      headers: { 'x-amz-access-token': await client.accessToken(), 'content-type': 'application/json' },
      body: JSON.stringify({
        ShipmentRequestDetails: detailsFor(order, { ShipFromAddress: { ...SHIP_FROM, CountryCode: 'USA' } }),
      }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    valid('GetEligibleShipmentServicesResponse', body);
    expect(body.errors[0]).toMatchObject({
      code: 'InvalidInput',
      message: expect.stringMatching(
        /^1 validation error detected: Value 'USA' at 'shipmentRequestDetails\.shipFromAddress\.countryCode'/,
      ),
    });
    const first = order.orderItems[0];
    const tooMany = await failure(
      mfn().getEligibleShipmentServices({
        ShipmentRequestDetails: detailsFor(order, {
          ItemList: [{ OrderItemId: first.orderItemId, Quantity: first.quantityOrdered + 1 }],
        }),
      }),
    );
    expect(tooMany).toMatchObject({ kind: 'refused', status: 400 });
    expect(tooMany!.messages.join(' ')).toMatch(/exceed/);
    const unknownItem = await failure(
      mfn().getEligibleShipmentServices({
        ShipmentRequestDetails: detailsFor(order, { ItemList: [{ OrderItemId: '1', Quantity: 1 }] }),
      }),
    );
    expect(unknownItem!.messages.join(' ')).toMatch(/not an item/);
    const noDims = await failure(
      mfn().getEligibleShipmentServices({
        ShipmentRequestDetails: detailsFor(order, { PackageDimensions: { Length: 10 } }),
      }),
    );
    expect(noDims!.messages.join(' ')).toMatch(/PackageDimensions/);
    const theirs = await failure(
      mfn(sellerB).getEligibleShipmentServices({ ShipmentRequestDetails: detailsFor(order) }),
    );
    expect(theirs!.status).toBe(404);
    const afn = (
      await clientOf(sellerA).orders.searchOrders({
        lastUpdatedAfter: new Date(now() - 8 * DAY).toISOString(),
        fulfilledBy: ['AMAZON'],
        maxResultsPerPage: 1,
      })
    ).orders[0];
    const fba = await failure(mfn().getEligibleShipmentServices({ ShipmentRequestDetails: detailsFor(afn) }));
    expect(fba!.messages.join(' ')).toMatch(/fulfilled by Amazon/);
  });

  it('buys real labels (PDF, PNG, ZPL) that ship the order’s items, bound to their offer', async () => {
    const formats: LabelFormat[] = ['PDF', 'PNG', 'ZPL203', 'ZPL300'];
    for (const [n, format] of formats.entries()) {
      const order = orders[1 + n];
      const details = detailsFor(order, {
        ShippingServiceOptions: {
          DeliveryExperience: 'DeliveryConfirmationWithoutSignature',
          CarrierWillPickUp: false,
          LabelFormat: format,
        },
      });
      const offers = await mfn().getEligibleShipmentServices({ ShipmentRequestDetails: details });
      const offer = offers.ShippingServiceList.find((o) => o.CarrierName === 'UPS') ?? offers.ShippingServiceList[0];
      if (n === 0) {
        // An offer belongs to its own service and shipment.
        const other = offers.ShippingServiceList.find((o) => o.ShippingServiceId !== offer.ShippingServiceId)!;
        const wrong = await failure(
          mfn().createShipment({
            ShipmentRequestDetails: details,
            ShippingServiceId: offer.ShippingServiceId,
            ShippingServiceOfferId: other.ShippingServiceOfferId,
          }),
        );
        expect(wrong!.messages.join(' ')).toMatch(/another service or shipment/);
        const refused = await failure(
          mfn().createShipment({ ShipmentRequestDetails: details, ShippingServiceId: 'USPS_PTP_PRI_INTL' }),
        );
        expect(refused!.messages.join(' ')).toMatch(/not available for this shipment \(DESTINATION_NOT_SERVED\)/);
      }
      const shipment = await mfn().createShipment({
        ShipmentRequestDetails: details,
        ShippingServiceId: offer.ShippingServiceId,
        ShippingServiceOfferId: offer.ShippingServiceOfferId,
      });
      valid('CreateShipmentRequest', lastSent());
      valid('CreateShipmentResponse', { payload: shipment });
      expect(shipment).toMatchObject({
        AmazonOrderId: order.orderId,
        Status: 'Purchased',
        ShippingService: { ShippingServiceId: offer.ShippingServiceId },
      });
      expect(shipment.ShipToAddress.PostalCode).toBe(order.recipient!.deliveryAddress!.postalCode);
      expect(shipment.TrackingId).toBeTruthy();

      const { contentType, bytes } = labelDocument(shipment.Label);
      const compressed = Buffer.from(shipment.Label.FileContents.Contents, 'base64');
      expect(gunzipSync(compressed).equals(bytes)).toBe(true);
      expect(shipment.Label.FileContents.Checksum).toBe(createHash('md5').update(bytes).digest('base64'));
      expect(shipment.Label).toMatchObject({
        LabelFormat: format,
        Dimensions: { Length: 6, Width: 4, Unit: 'inches' },
      });
      if (format === 'PDF') {
        expect(contentType).toBe('application/pdf');
        const pdf = await PDFDocument.load(new Uint8Array(bytes));
        expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
      } else if (format === 'PNG') {
        expect(contentType).toBe('image/png');
        expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
        expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([812, 1218]);
      } else {
        expect(contentType).toBe('application/zpl');
        const zpl = bytes.toString('ascii');
        expect(zpl).toMatch(/^\^XA/);
        expect(zpl).toContain(shipment.TrackingId);
        expect(zpl).toContain(format === 'ZPL300' ? '^PW1200' : '^PW812');
      }

      // The label shipped the order at Amazon, with its tracking.
      const after = (await clientOf(sellerA).orders.getOrder(order.orderId, ['FULFILLMENT', 'PACKAGES'])).order;
      expect(after.fulfillment!.fulfillmentStatus).toBe('SHIPPED');
      expect(after.packages!.at(-1)).toMatchObject({ trackingNumber: shipment.TrackingId, carrier: offer.CarrierName });
      const again = await failure(
        mfn().createShipment({ ShipmentRequestDetails: details, ShippingServiceId: offer.ShippingServiceId }),
      );
      expect(again!.messages.join(' ')).toMatch(/exceed/);

      const read = await mfn().getShipment(shipment.ShipmentId);
      valid('GetShipmentResponse', { payload: read });
      expect(read).toEqual(shipment);
      expect((await failure(mfn(sellerB).getShipment(shipment.ShipmentId)))!.status).toBe(404);
    }
    expect((await failure(mfn().getShipment('not-a-shipment')))!.messages.join(' ')).toMatch(
      /regular expression pattern/,
    );

    // An offer expires: an hour later it must be quoted again.
    const order = orders[5];
    const details = detailsFor(order);
    const [offer] = (await mfn().getEligibleShipmentServices({ ShipmentRequestDetails: details })).ShippingServiceList;
    offset += 2 * HOUR;
    const stale = await failure(
      mfn().createShipment({
        ShipmentRequestDetails: details,
        ShippingServiceId: offer.ShippingServiceId,
        ShippingServiceOfferId: offer.ShippingServiceOfferId,
      }),
    );
    expect(stale!.messages.join(' ')).toMatch(/expired/);
  });

  it('cancels a label only within the carrier’s void window; the refund is pending, then applied', async () => {
    const buy = async (order: Order, carrier: string) => {
      const details = detailsFor(order);
      const offers = await mfn().getEligibleShipmentServices({ ShipmentRequestDetails: details });
      const offer = offers.ShippingServiceList.find((o) => o.CarrierName === carrier)!;
      return mfn().createShipment({ ShipmentRequestDetails: details, ShippingServiceId: offer.ShippingServiceId });
    };
    const [o1, o2, o3] = orders.slice(6, 9);
    const ups = await buy(o1, 'UPS');
    offset += HOUR;
    const cancelled = await mfn().cancelShipment(ups.ShipmentId);
    valid('CancelShipmentResponse', { payload: cancelled });
    expect(cancelled.Status).toBe('RefundPending');
    expect(cancelled.Label.FileContents.Contents).toBe('');
    expect(() => labelDocument(cancelled.Label)).toThrow(/cancelled/);
    // As Amazon documents, the order stays Shipped; its package is cancelled and the units may ship again.
    const order = (await clientOf(sellerA).orders.getOrder(o1.orderId, ['FULFILLMENT', 'PACKAGES'])).order;
    expect(order.fulfillment!.fulfillmentStatus).toBe('SHIPPED');
    expect(order.packages!.at(-1)!.packageStatus).toEqual({ status: 'CANCELLED', detailedStatus: 'LABEL_CANCELLED' });
    expect((await failure(mfn().cancelShipment(ups.ShipmentId)))!.messages.join(' ')).toMatch(/already canceled/);
    const rebought = await buy(o1, 'FedEx');
    expect(rebought.Status).toBe('Purchased');
    offset += 2 * DAY;
    expect((await mfn().getShipment(ups.ShipmentId)).Status).toBe('RefundApplied');

    // UPS labels are void for 24 hours, USPS labels for 30 days.
    const late = await buy(o2, 'UPS');
    const usps = await buy(o3, 'USPS');
    offset += 25 * HOUR;
    const refused = await failure(mfn().cancelShipment(late.ShipmentId));
    expect(refused).toMatchObject({ kind: 'refused', status: 400 });
    expect(refused!.messages.join(' ')).toMatch(
      /can no longer be canceled: UPS labels can be canceled within 24 hours/,
    );
    expect((await mfn().getShipment(late.ShipmentId)).Status).toBe('Purchased');
    expect((await mfn().cancelShipment(usps.ShipmentId)).Status).toBe('RefundPending');
    expect((await failure(mfn(sellerB).cancelShipment(usps.ShipmentId)))!.status).toBe(404);
  });

  it('asks customs inputs for international services and refuses a label without them', async () => {
    const abroad = (await openOrders(CA))[0];
    const details = detailsFor(abroad);
    const offers = await mfn().getEligibleShipmentServices({ ShipmentRequestDetails: details });
    expect(offers.ShippingServiceList.length).toBeGreaterThan(0);
    expect(
      offers.ShippingServiceList.every((o) => o.RequiresAdditionalSellerInputs && o.Rate.CurrencyCode === 'CAD'),
    ).toBe(true);
    const offer = offers.ShippingServiceList[0];
    const inputs = await mfn().getAdditionalSellerInputs({
      ShippingServiceId: offer.ShippingServiceId,
      ShipFromAddress: SHIP_FROM,
      OrderId: abroad.orderId,
    });
    valid('GetAdditionalSellerInputsRequest', lastSent());
    valid('GetAdditionalSellerInputsResponse', { payload: inputs });
    const shipmentFields = inputs.ShipmentLevelFields!.map((f) => f.AdditionalInputFieldName);
    const itemFields = inputs.ItemLevelFieldsList![0].AdditionalInputs.map((f) => f.AdditionalInputFieldName);
    expect(shipmentFields.length).toBeGreaterThan(0);
    expect(itemFields.length).toBeGreaterThan(0);
    expect(inputs.ItemLevelFieldsList!.map((i) => i.Asin)).toEqual(abroad.orderItems.map((i) => i.product.asin));
    // A domestic service needs nothing more.
    const domestic = await mfn().getAdditionalSellerInputs({
      ShippingServiceId: 'UPS_PTP_GND',
      ShipFromAddress: SHIP_FROM,
      OrderId: orders[0].orderId,
    });
    expect(domestic.ShipmentLevelFields).toEqual([]);

    const missing = await failure(
      mfn().createShipment({ ShipmentRequestDetails: details, ShippingServiceId: offer.ShippingServiceId }),
    );
    expect(missing!.messages.join(' ')).toMatch(/is required for this shipping service/);
    const value = (name: string, v: string) => ({
      AdditionalInputFieldName: name,
      AdditionalSellerInput: { DataType: 'STRING', ValueAsString: v },
    });
    const shipmentInputs = inputs.ShipmentLevelFields!.map((f) =>
      value(f.AdditionalInputFieldName!, f.SellerInputDefinition!.RestrictedSetValues![0]),
    );
    const itemValue = (name: string, good: boolean) =>
      name === 'COUNTRY_OF_MANUFACTURE' ? (good ? 'US' : 'USA') : '392410';
    const withItems = (good: boolean) =>
      details.ItemList.map((i) => ({
        ...i,
        ItemLevelSellerInputsList: itemFields.map((f) => value(f!, itemValue(f!, good))),
      }));
    const bad = await failure(
      mfn().createShipment({
        ShipmentRequestDetails: { ...details, ItemList: withItems(false) },
        ShippingServiceId: offer.ShippingServiceId,
        ShipmentLevelSellerInputsList: shipmentInputs,
      }),
    );
    expect(bad!.messages.join(' ')).toMatch(/COUNTRY_OF_MANUFACTURE|Country of manufacture/);
    const shipment = await mfn().createShipment({
      ShipmentRequestDetails: { ...details, ItemList: withItems(true) },
      ShippingServiceId: offer.ShippingServiceId,
      ShipmentLevelSellerInputsList: shipmentInputs,
    });
    valid('CreateShipmentRequest', lastSent());
    expect(shipment).toMatchObject({ Status: 'Purchased', ShipToAddress: { CountryCode: 'CA' } });
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
