/**
 * Walmart Fulfillment Services inbound (issue 17, for the WFS issue): the Walmart client against
 * the sandbox over real HTTP on loopback — preview, an inbound order split per fulfilment centre,
 * shipment items, per-line refusals kept for getInboundOrderErrors, receiving labels as real PDF and
 * ZPL, Walmart Preferred Carrier quotes with their limits and void windows, the carrier label,
 * shipments moving with the sandbox clock to received quantities, seller accounts kept apart, and
 * throttling ridden through — requests and answers held to Walmart's published model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { WalmartClient, walmartBaseUrl } from '../../server/integrations/walmart/client.js';
import type { CarrierQuoteRequest, ShipmentPackage } from '../../server/integrations/walmart/carrier-models.js';
import type { CreateInboundOrder, InboundOrderItem } from '../../server/integrations/walmart/inbound-models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { openApiSchema, problemsOf } from '../helpers/reference-models.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const MODEL = 'walmart/fulfillment-inbound.json';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET = 'wm-secret-0123456789abcdef';
const SELLER = '6b2d1f3e-8a4c-4d5e-9f70-1a2b3c4d5e6f';
const OTHER = '0c9e8d7f-6a5b-4c3d-8e2f-1f0e9d8c7b6a';

let s: TestServer;
let sandboxUrl: string;
let seller: WalmartClient;
let other: WalmartClient;
/** The server's clock and the clients' run `offset` ahead, to step through Walmart's windows. */
let offset = 0;
const now = () => Date.now() + offset;
let storeIds = 970_000;

/** Every JSON request and answer to /v3/fulfillment/, for the reference model. */
const calls: { url: string; method: string; body: unknown; status: number; answer: unknown }[] = [];
const recording: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const type = res.headers.get('content-type') ?? '';
  calls.push({
    url: String(input),
    method: init?.method ?? 'GET',
    body:
      typeof init?.body === 'string' && String(input).includes('/v3/fulfillment/') ? JSON.parse(init.body) : undefined,
    status: res.status,
    answer: type.includes('json') ? await res.clone().json() : undefined,
  });
  return res;
};
const last = (method: string, part: string) =>
  [...calls].reverse().find((c) => c.method === method && c.url.includes(part))!;

const clientFor = (clientId: string, fetchImpl: typeof fetch = recording) =>
  new WalmartClient(
    { baseUrl: walmartBaseUrl('sandbox', sandboxUrl), fetch: fetchImpl, sleep: async () => undefined, now },
    { storeId: storeIds++, clientId, clientSecret: SECRET },
  );

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );

function valid(name: string, value: unknown) {
  const v = openApiSchema(MODEL, name);
  expect(v(value), `${name}: ${problemsOf(v)}`).toBe(true);
}
/** A refusal in Walmart's shape: an errors list, each entry a valid Error. */
function walmartRefusal(answer: unknown) {
  const errors = (answer as { errors: unknown[] }).errors;
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) valid('Error', e);
  return errors as { code: string; field?: string; description: string; info?: string }[];
}

/** A GTIN-14 with its GS1 check digit. */
function gtin(n: number) {
  const body = String(n).padStart(13, '0');
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}
const wrongCheckDigit = (id: string) => id.slice(0, -1) + String((Number(id.slice(-1)) + 1) % 10);
const returnAddress = {
  addressLine1: '860 W California Ave',
  city: 'Sunnyvale',
  stateCode: 'CA',
  countryCode: 'US',
  postalCode: '94086',
};
let orderSeq = 0;
function line(i: number, cases = 2, perCase = 6, extra: Partial<InboundOrderItem> = {}): InboundOrderItem {
  return {
    productId: gtin(4_000_000 + i),
    productType: 'GTIN',
    sku: `ACME-WFS-${i}`,
    itemDesc: `Acme item ${i}`,
    itemQty: cases * perCase,
    vendorPackQty: cases,
    innerPackQty: perCase,
    expectedDeliveryDate: new Date(now() + 10 * DAY).toISOString(),
    ...extra,
  };
}
const order = (items: InboundOrderItem[]): CreateInboundOrder => ({
  inboundOrderId: `DS-IO-${++orderSeq}-${Date.now()}`,
  returnAddress,
  orderItems: items,
});

const location = (
  name: string,
  a: { addressLine1?: string; city?: string; stateCode?: string; postalCode?: string },
) => ({
  locationName: name,
  address: {
    addressLine1: a.addressLine1 ?? '1 Dock Rd',
    city: a.city ?? 'Reno',
    stateCode: a.stateCode ?? 'NV',
    countryCode: 'US',
    postalCode: a.postalCode ?? '89502',
  },
});
const box = (n: number, over: Partial<ShipmentPackage> = {}): ShipmentPackage => ({
  packageSequenceNumber: n,
  weight: 22,
  weightUOM: 'LB',
  length: 18,
  width: 14,
  height: 12,
  lengthUOM: 'IN',
  ...over,
});
const pallet = (n: number, over: Partial<ShipmentPackage> = {}): ShipmentPackage =>
  box(n, { weight: 900, length: 48, width: 40, height: 60, packageType: 'PALLET', ...over });

async function listed(client: WalmartClient, shipmentId: string) {
  const page = await client.inboundShipments({ shipmentId });
  return page.payload![0];
}
function quoteRequest(
  shipmentId: string,
  fc: { addressLine1?: string; city?: string; stateCode?: string; postalCode?: string },
  packages: ShipmentPackage[],
  mode: 'PARCEL' | 'LTL' = 'PARCEL',
): CarrierQuoteRequest {
  return {
    shipmentId,
    shipmentSource: 'SELLER',
    customer: { customerId: 'ACME', customerName: 'Acme Goods' },
    originLocation: location('Dockside Prep Reno', {}),
    destinationLocation: location('WFS', fc),
    returnLocation: location('Acme returns', returnAddress),
    shipmentPackages: packages,
    mode,
  };
}

beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(now());
  seller = clientFor(SELLER);
  other = clientFor(OTHER);
});
afterAll(() => s.close());

describe('WFS inbound orders against the Walmart sandbox', () => {
  const created: { inboundOrderId: string; shipmentIds: string[] } = { inboundOrderId: '', shipmentIds: [] };

  it('previews where each line would go, then creates the order split into one shipment per centre', async () => {
    const items = [1, 2, 3, 4, 5, 6].map((i) => line(i)).concat([line(7, 1, 2, { nonSortItem: true })]);
    const io = order(items);
    const preview = (await seller.wfs.preview(io))!;
    valid('inboundPreview.request', last('POST', '/inbound-preview').body);
    valid('inboundPreview.200', last('POST', '/inbound-preview').answer);
    const self = preview.previews.find((p) => p.previewType === 'selfMirroring')!.preview;
    const its = preview.previews.find((p) => p.previewType === 'inbound')!.preview;
    // Every line exactly once, whole; the non-sortable one to a non-sort centre.
    expect(self.flatMap((n) => n.shipmentItems.map((i) => i.vendorSku)).sort()).toEqual(items.map((i) => i.sku).sort());
    const nonSort = self.find((n) => n.shipmentItems.some((i) => i.vendorSku === 'ACME-WFS-7'))!;
    expect(nonSort.isNonSortable).toBe(true);
    expect(nonSort.shipmentItems).toHaveLength(1);
    expect(self.length).toBeGreaterThanOrEqual(2);
    // The Inventory Transfer Service alternative: one consolidation centre, charged per unit.
    expect(its).toHaveLength(1);
    expect(its[0].totalNetTransferCharge).toBeGreaterThan(0);

    const shipments = await seller.wfs.createInboundOrder(io);
    valid('createShipment.request', last('POST', '/inbound-shipments').body);
    valid('createShipment.200', last('POST', '/inbound-shipments').answer);
    // The same split the preview showed.
    expect(shipments.map((x) => x.shipToAddress.fcName).sort()).toEqual(
      self.map((n) => n.shipToAddress!.fcName).sort(),
    );
    for (const x of shipments) {
      const node = self.find((n) => n.shipToAddress!.fcName === x.shipToAddress.fcName)!;
      expect(x.shipmentItems.map((i) => i.vendorSku).sort()).toEqual(node.shipmentItems.map((i) => i.vendorSku).sort());
    }
    created.inboundOrderId = io.inboundOrderId;
    created.shipmentIds = shipments.map((x) => x.shipmentId);

    // getInboundShipments lists them beside the account's history, waiting for shipment details.
    const page = await seller.inboundShipments({ limit: 50 });
    const mine = page.payload!.filter((x) => x.inboundOrderId === io.inboundOrderId);
    expect(mine.map((x) => x.shipmentId).sort()).toEqual([...created.shipmentIds].sort());
    expect(mine.every((x) => x.status === 'PENDING_SHIPMENT_DETAILS')).toBe(true);
    expect(page.payload!.length).toBeGreaterThan(mine.length);
    expect(mine.reduce((t, x) => t + x.shipmentUnits!, 0)).toBe(items.reduce((t, i) => t + i.itemQty, 0));

    const itemsOf = await seller.wfs.allShipmentItems(created.shipmentIds[0]);
    valid('getInboundShipmentItems.200', last('GET', '/inbound-shipment-items').answer);
    expect(itemsOf.length).toBe(shipments[0].shipmentItems.length);
    expect(itemsOf.every((i) => i.receivedQty === 0 && i.shipmentId === created.shipmentIds[0])).toBe(true);
    // A shipment of the account's history has items too.
    const seeded = page.payload!.find((x) => x.inboundOrderId !== io.inboundOrderId)!;
    const seededItems = await seller.wfs.allShipmentItems(seeded.shipmentId!);
    expect(seededItems.reduce((t, i) => t + i.itemQty, 0)).toBe(seeded.shipmentUnits);
  });

  it('refuses bad lines one by one in Walmart’s shape and keeps them, per line, for getInboundOrderErrors', async () => {
    const io = order([
      line(11),
      line(12, 2, 6, { productId: wrongCheckDigit(gtin(4_000_012)) }),
      line(13, 2, 6, { itemQty: 13 }),
      line(14, 2, 6, { productId: gtin(4_000_011) }),
      line(15, 2, 6, { expectedDeliveryDate: new Date(now() - DAY).toISOString() }),
    ]);
    const refused = await failure(seller.wfs.createInboundOrder(io));
    expect(refused!.kind).toBe('refused');
    expect(refused!.status).toBe(400);
    const errors = walmartRefusal(last('POST', '/inbound-shipments').answer);
    expect(errors.map((e) => e.field).sort()).toEqual([
      'orderItems[1].productId',
      'orderItems[2].itemQty',
      'orderItems[3].productId',
      'orderItems[4].expectedDeliveryDate',
    ]);
    expect(refused!.messages.join('\n')).toMatch(/orderItems\[3\]\.productId.*Duplicated Product ID/);

    // getInboundOrderErrors keeps the request and its errors; the client says what to fix per line.
    const problems = await seller.wfs.inboundOrderProblems(io.inboundOrderId);
    valid('getInboundOrderErrors.200', last('GET', '/inbound-shipment-errors').answer);
    expect(problems.map((p) => [p.line, p.sku])).toEqual([
      [2, 'ACME-WFS-12'],
      [3, 'ACME-WFS-13'],
      [4, 'ACME-WFS-14'],
      [5, 'ACME-WFS-15'],
    ]);
    expect(problems[1].message).toMatch(/^Line 3 \(ACME-WFS-13\), itemQty: .*vendorPackQty/);
    expect(problems[3].message).toMatch(/future/);

    // Fixed and sent again under the same id: created, and its old errors are gone.
    const fixed = { ...io, orderItems: [line(11), line(12), line(13), line(14), line(15)] };
    expect((await seller.wfs.createInboundOrder(fixed)).length).toBeGreaterThan(0);
    expect(await seller.wfs.inboundOrderProblems(io.inboundOrderId)).toEqual([]);
    // An inbound order id is used once.
    const again = await failure(seller.wfs.createInboundOrder(fixed));
    expect(again!.messages.join()).toMatch(/Duplicated Inbound Order ID/);
  });

  it('holds Walmart’s limits: required fields and at most 5,000 lines per inbound order', async () => {
    const { returnAddress: _, ...noAddress } = order([line(21)]);
    const missing = await failure(seller.wfs.createInboundOrder(noAddress as CreateInboundOrder));
    expect(walmartRefusal(last('POST', '/inbound-shipments').answer).map((e) => e.field)).toContain('returnAddress');
    expect(missing!.messages.join()).toMatch(/returnAddress/);

    const many = order(Array.from({ length: 5001 }, (_, i) => line(100 + i, 1, 1)));
    const tooMany = await failure(seller.wfs.createInboundOrder(many));
    expect(tooMany!.messages.join()).toMatch(/at most 5000 lines/);
    const justEnough = await failure(
      seller.wfs.preview({ ...many, inboundOrderId: 'P-5000', orderItems: many.orderItems.slice(0, 5000) }),
    );
    expect(justEnough).toBeNull();
    // The preview's id is at most 50 characters.
    const longId = await failure(
      seller.wfs.preview({ ...many, inboundOrderId: 'X'.repeat(51), orderItems: [line(1)] }),
    );
    expect(walmartRefusal(last('POST', '/inbound-preview').answer)[0].field).toBe('payload.inboundOrderId');
    expect(longId!.status).toBe(400);
  });

  it('prints receiving labels as a real 4×6 PDF and ZPL that carry the shipment id', async () => {
    const shipmentId = created.shipmentIds[0];
    const pdf = await seller.wfs.receivingLabels({
      shipmentId,
      labelFormat: 'PDF',
      labelSize: '4x6',
      loadTypes: [
        { loadType: 'MIXED SKUS', count: 3 },
        { loadType: 'PALLET', count: 1 },
      ],
    });
    valid('createInboundShipmentLabelV2.request', last('POST', '/shipment-label').body);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBe(4);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(doc.getTitle()).toContain(shipmentId);

    const zpl = await seller.wfs.receivingLabels({
      shipmentId,
      labelFormat: 'ZPL',
      loadTypes: [{ loadType: 'SINGLE SKU', count: 2 }],
    });
    const text = zpl.bytes.toString();
    expect(text.startsWith('^XA')).toBe(true);
    expect(text.match(/\^XA/g)).toHaveLength(2);
    expect(text).toContain(shipmentId);

    // No options: one blank label to fill out; 4×3⅓ in on request.
    const blank = await PDFDocument.load((await seller.wfs.receivingLabels({ shipmentId })).bytes);
    expect(blank.getPageCount()).toBe(1);
    const small = await PDFDocument.load((await seller.wfs.receivingLabels({ shipmentId, labelSize: '4x3.33' })).bytes);
    expect(Math.round(small.getPage(0).getHeight())).toBe(240);
    // The deprecated createInboundShipmentLabel (GET /v3/fulfillment/label/{shipmentId}): the
    // blank label, with the headers the seller's client signs its calls with.
    let signed = new Headers();
    const signing = clientFor(SELLER, (input, init) => {
      signed = new Headers(init?.headers);
      return fetch(input, init);
    });
    await signing.wfs.allShipmentItems(shipmentId);
    const deprecated = await fetch(`${walmartBaseUrl('sandbox', sandboxUrl)}/v3/fulfillment/label/${shipmentId}`, {
      headers: { ...Object.fromEntries(signed), accept: 'application/pdf' },
    });
    expect(deprecated.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(new Uint8Array(await deprecated.arrayBuffer()))).getPageCount()).toBe(1);

    const wrong = await failure(
      seller.wfs.receivingLabels({
        shipmentId,
        labelFormat: 'ZPL',
        labelSize: '4x3.33',
        loadTypes: [{ loadType: 'CRATE', count: 1 }],
      }),
    );
    expect(wrong!.status).toBe(400);
    expect(walmartRefusal(last('POST', '/shipment-label').answer).map((e) => e.field)).toEqual([
      'labelSize',
      'loadTypes[0].loadType',
    ]);
  });
});

describe('Walmart Preferred Carrier and the sandbox clock', () => {
  let parcelShipment: { shipmentId: string; fc: Record<string, string | undefined> };
  let ltlShipment: { shipmentId: string; fc: Record<string, string | undefined> };
  let ownCarrier: string;

  beforeAll(async () => {
    const shipments = await seller.wfs.createInboundOrder(order([1, 2, 3, 4, 5, 6].map((i) => line(300 + i, 4, 6))));
    expect(shipments.length).toBeGreaterThanOrEqual(2);
    const [a, b] = shipments.map((x) => ({ shipmentId: x.shipmentId, fc: x.shipToAddress as Record<string, string> }));
    parcelShipment = a;
    ltlShipment = b;
    const own = await seller.wfs.createInboundOrder(order([line(400, 2, 6)]));
    ownCarrier = own[0].shipmentId;
  });

  it('quotes parcel within FedEx’s limits, and refuses oversize boxes and too many of them per package', async () => {
    const tooHeavy = await failure(
      seller.wfs.carrier.createQuotes(
        quoteRequest(parcelShipment.shipmentId, parcelShipment.fc, [
          box(1),
          box(2, { weight: 151 }),
          box(3, { length: 109 }),
        ]),
      ),
    );
    expect(tooHeavy!.status).toBe(400);
    const errors = walmartRefusal(last('POST', '/carrier-rate-quotes').answer);
    expect(errors.map((e) => e.field)).toEqual(['shipmentPackages[1].weight', 'shipmentPackages[2].length']);
    const girth = await failure(
      seller.wfs.carrier.createQuotes(
        quoteRequest(parcelShipment.shipmentId, parcelShipment.fc, [box(1, { length: 60, width: 30, height: 25 })]),
      ),
    );
    expect(girth!.messages.join()).toMatch(/Length plus girth is at most 165 in/);
    const many = await failure(
      seller.wfs.carrier.createQuotes(
        quoteRequest(parcelShipment.shipmentId, parcelShipment.fc, [box(1, { noOfPackages: 201 })]),
      ),
    );
    expect(many!.messages.join()).toMatch(/At most 200 packages/);
    const elsewhere = await failure(
      seller.wfs.carrier.createQuotes(quoteRequest(parcelShipment.shipmentId, { postalCode: '00000' }, [box(1)])),
    );
    expect(elsewhere!.messages.join()).toMatch(/destinationLocation\.address\.postalCode/);

    const quotes = await seller.wfs.carrier.createQuotes(
      quoteRequest(parcelShipment.shipmentId, parcelShipment.fc, [box(1), box(2, { noOfPackages: 2 })]),
    );
    valid('createCarrierRateQuotes.request', last('POST', '/carrier-rate-quotes').body);
    valid('createCarrierRateQuotes.200', last('POST', '/carrier-rate-quotes').answer);
    expect(quotes.rateQuotes[0].netCharge).toBeGreaterThan(0);
    expect(quotes.rateQuotes[0].mode).toBe('PARCEL');
  });

  it('refuses pallets the preferred LTL carriers do not take, and quotes the ones they do', async () => {
    const { shipmentId, fc } = ltlShipment;
    const bad = await failure(
      seller.wfs.carrier.createQuotes(
        quoteRequest(
          shipmentId,
          fc,
          [pallet(1, { width: 42 }), pallet(2, { height: 80 }), pallet(3, { weight: 2200 })],
          'LTL',
        ),
      ),
    );
    expect(walmartRefusal(last('POST', '/carrier-rate-quotes').answer).map((e) => e.field)).toEqual([
      'shipmentPackages[0].length',
      'shipmentPackages[1].height',
      'shipmentPackages[2].weight',
    ]);
    expect(bad!.kind).toBe('refused');
    const thirteen = await failure(
      seller.wfs.carrier.createQuotes(
        quoteRequest(shipmentId, fc, [pallet(1, { noOfPackages: 13, weight: 300 })], 'LTL'),
      ),
    );
    expect(thirteen!.messages.join()).toMatch(/12 unstacked or 24 stacked pallets/);
    // Stacked, 24 fit on the floor of 12.
    const stacked = await seller.wfs.carrier.createQuotes(
      quoteRequest(shipmentId, fc, [pallet(1, { noOfPackages: 24, weight: 300, height: 40, stackable: true })], 'LTL'),
    );
    expect(stacked.rateQuotes[0].numberOfPallets).toBe(24);
    await seller.wfs.carrier.createQuotes(quoteRequest(shipmentId, fc, [pallet(1), pallet(2)], 'LTL'));
  });

  it('confirms a quote (the shipment is dispatched), voids within the window and not after it, prints the carrier label', async () => {
    const { shipmentId, fc } = parcelShipment;
    await seller.wfs.carrier.confirmQuote(shipmentId);
    valid('confirmCarrierRateQuote.request', last('POST', '/carrier-rate-quote/confirm').body);
    valid('confirmCarrierRateQuote.200', last('POST', '/carrier-rate-quote/confirm').answer);
    let shipment = await listed(seller, shipmentId);
    expect(shipment.status).toBe('AWAITING_DELIVERY');
    expect(shipment.carrierName).toBe('WFS-FEDEX');
    expect(shipment.trackingNo).toHaveLength(3);
    const quote = await seller.wfs.carrier.quote(shipmentId, 'PARCEL');
    valid('getCarrierRateQuote.200', last('GET', '/carrier-rate-quotes').answer);
    expect(quote.rateQuote.status).toBe('ACCEPTED');
    expect(quote.shipmentPackages!.map((p) => p.labelInformation?.trackingCode)).toEqual([
      shipment.trackingNo![0],
      shipment.trackingNo![1],
    ]);
    // The seller's own tracking cannot replace Walmart's carrier.
    expect(
      (await failure(seller.wfs.updateShipmentTracking({ shipmentId, carrierName: 'UPS', trackingInfo: ['1Z'] })))!
        .status,
    ).toBe(400);

    // Within 24 hours: voided, and the shipment waits for shipment details again.
    offset += 2 * HOUR;
    await seller.wfs.carrier.voidQuote(shipmentId);
    valid('voidCarrierRateQuote.200', last('DELETE', '/carrier-rate-quote/').answer);
    shipment = await listed(seller, shipmentId);
    expect(shipment.status).toBe('PENDING_SHIPMENT_DETAILS');
    expect(shipment.trackingNo).toBeUndefined();

    // Quoted and accepted again; 25 hours later the charges stand.
    await seller.wfs.carrier.createQuotes(quoteRequest(shipmentId, fc, [box(1), box(2)]));
    await seller.wfs.carrier.confirmQuote(shipmentId);
    const label = await seller.wfs.carrier.label(shipmentId, new Date(now()).toISOString());
    expect(label.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const pages = await PDFDocument.load(label.bytes);
    expect(pages.getPageCount()).toBe(2);
    expect(pages.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    valid('printCarrierLabel.request', last('POST', '/carrier-label/').body);
    const late = await failure(seller.wfs.carrier.label(shipmentId, new Date(now() + 11 * DAY).toISOString()));
    expect(late!.messages.join()).toMatch(/10 days ahead/);

    offset += 25 * HOUR;
    const tooLate = await failure(seller.wfs.carrier.voidQuote(shipmentId));
    expect(tooLate!.status).toBe(400);
    expect(walmartRefusal(last('DELETE', '/carrier-rate-quote/').answer)[0].description).toMatch(/within 24 hours/);
    expect((await listed(seller, shipmentId)).status).toBe('IN_TRANSIT');
  });

  it('gives LTL only an hour to void', async () => {
    const { shipmentId } = ltlShipment;
    // The last LTL quote was made more than a day ago (the clock moved): it has expired.
    const expired = await failure(seller.wfs.carrier.confirmQuote(shipmentId));
    expect(expired!.messages.join()).toMatch(/expired/);
    await seller.wfs.carrier.createQuotes(quoteRequest(shipmentId, ltlShipment.fc, [pallet(1), pallet(2)], 'LTL'));
    await seller.wfs.carrier.confirmQuote(shipmentId);
    expect((await listed(seller, shipmentId)).carrierName).toBe('WFS-LTL');
    offset += 2 * HOUR;
    const tooLate = await failure(seller.wfs.carrier.voidQuote(shipmentId));
    expect(tooLate!.messages.join()).toMatch(/within 1 hour/);
  });

  it('moves shipments with the clock: in transit, received over a day, closed with final received quantities', async () => {
    await seller.wfs.updateShipmentTracking({
      shipmentId: ownCarrier,
      carrierName: 'UPS',
      trackingInfo: ['1Z999AA10123456784'],
    });
    valid('updateShipmentTrackingDetails.request', last('POST', '/shipment-tracking').body);
    valid('updateShipmentTrackingDetails.200', last('POST', '/shipment-tracking').answer);
    expect((await listed(seller, ownCarrier)).status).toBe('AWAITING_DELIVERY');
    offset += 1.5 * DAY;
    expect((await listed(seller, ownCarrier)).status).toBe('IN_TRANSIT');

    // Half way through receiving: units arrive, and the shipment and its items agree.
    offset += 2 * DAY;
    const receiving = await listed(seller, ownCarrier);
    expect(receiving.status).toBe('RECEIVING_IN_PROGRESS');
    expect(receiving.actualDeliveryDate).toBeDefined();
    const mid = await seller.wfs.allShipmentItems(ownCarrier);
    expect(receiving.receivedUnits).toBe(mid.reduce((t, i) => t + i.receivedQty, 0));
    // Too late to change quantities or cancel the order.
    const late = await failure(
      seller.wfs.updateShipmentQuantities({
        inboundOrderId: receiving.inboundOrderId!,
        shipmentId: ownCarrier,
        orderItems: [{ sku: 'ACME-WFS-400', updatedShipmentQty: 10 }],
      }),
    );
    expect(late!.messages.join()).toMatch(/RECEIVING_IN_PROGRESS/);
    expect((await failure(seller.wfs.cancelInboundOrder(receiving.inboundOrderId!)))!.status).toBe(400);

    offset += DAY;
    const closed = await listed(seller, ownCarrier);
    expect(closed.status).toBe('CLOSED');
    const final = await seller.wfs.allShipmentItems(ownCarrier);
    expect(closed.receivedUnits).toBe(final.reduce((t, i) => t + i.receivedQty, 0));
    for (const item of final) {
      const before = mid.find((m) => m.sku === item.sku)!;
      expect(item.receivedQty).toBeGreaterThanOrEqual(before.receivedQty);
      expect(item.receivedQty + item.damagedQty!).toBeLessThanOrEqual(item.itemQty);
      expect(item.fillRate).toBeCloseTo((100 * item.receivedQty) / item.itemQty, 1);
    }
    expect(closed.receivedUnits).toBeGreaterThan(0);
    // The carrier shipment dispatched a day and more before is received by now too.
    expect(['RECEIVING_IN_PROGRESS', 'CLOSED']).toContain((await listed(seller, parcelShipment.shipmentId)).status);
    // A second poll changes nothing: the quantities are final.
    expect(await seller.wfs.allShipmentItems(ownCarrier)).toEqual(final);
  });

  it('updates quantities before arrival within Walmart’s rules, and cancels a whole inbound order', async () => {
    const io = order([line(501, 2, 6), line(502, 2, 6), line(503, 2, 6)]);
    const [first] = await seller.wfs.createInboundOrder(io);
    const skus = first.shipmentItems.map((i) => i.vendorSku);
    const base = { inboundOrderId: io.inboundOrderId, shipmentId: first.shipmentId };
    const plusSeven = await failure(
      seller.wfs.updateShipmentQuantities({ ...base, orderItems: [{ sku: skus[0], updatedShipmentQty: 12 + 7 }] }),
    );
    expect(plusSeven!.messages.join()).toMatch(/at most 6 units/);
    await seller.wfs.updateShipmentQuantities({ ...base, orderItems: [{ sku: skus[0], updatedShipmentQty: 18 }] });
    valid('updateShipmentQuantity.request', last('PUT', '/shipment-quantities').body);
    valid('updateShipmentQuantity.200', last('PUT', '/shipment-quantities').answer);
    expect((await seller.wfs.allShipmentItems(first.shipmentId)).find((i) => i.sku === skus[0])!.itemQty).toBe(18);
    const allZero = await failure(
      seller.wfs.updateShipmentQuantities({ ...base, orderItems: skus.map((sku) => ({ sku, updatedShipmentQty: 0 })) }),
    );
    expect(allZero!.messages.join()).toMatch(/cancel the inbound order/);

    await seller.wfs.cancelInboundOrder(io.inboundOrderId);
    valid('cancelShipment.200', last('DELETE', '/inbound-shipments/').answer);
    const page = await seller.inboundShipments({ limit: 50 });
    const cancelled = page.payload!.filter((x) => x.inboundOrderId === io.inboundOrderId);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((x) => x.status === 'CANCELLED')).toBe(true);
    expect((await failure(seller.wfs.receivingLabels({ shipmentId: first.shipmentId })))!.messages.join()).toMatch(
      /cancelled/,
    );
  });
});

describe('seller accounts and throttling', () => {
  it('one seller account never sees another’s shipments, items, labels, quotes or errors', async () => {
    const mine = await seller.inboundShipments({ limit: 50 });
    const theirs = await other.inboundShipments({ limit: 50 });
    const ids = new Set(theirs.payload!.map((x) => x.shipmentId));
    const myCreated = mine.payload!.filter((x) => x.inboundOrderId?.startsWith('DS-IO-'));
    expect(myCreated.length).toBeGreaterThan(0);
    expect(myCreated.some((x) => ids.has(x.shipmentId))).toBe(false);
    const probe = myCreated[0].shipmentId!;
    for (const attempt of [
      () => other.wfs.shipmentItems({ shipmentId: probe }),
      () => other.wfs.receivingLabels({ shipmentId: probe }),
      () => other.wfs.carrier.quote(probe),
      () => other.wfs.updateShipmentTracking({ shipmentId: probe, carrierName: 'UPS', trackingInfo: ['1Z'] }),
      () => other.wfs.cancelInboundOrder(myCreated[0].inboundOrderId!),
    ]) {
      const refused = await failure(attempt());
      expect(refused!.status).toBe(404);
    }
    expect(((await other.wfs.inboundOrderErrors()).payload ?? []).length).toBe(0);
  });

  it('rides through Walmart throttling (429) on a WFS call', async () => {
    let left = 2;
    let throttled = 0;
    const faulty: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      if (String(input).includes('/v3/fulfillment/') && left-- > 0) headers.set('x-sandbox-fault', 'throttle');
      const res = await fetch(input, { ...init, headers });
      if (res.status === 429) throttled++;
      return res;
    };
    const api = clientFor(SELLER, faulty);
    const shipments = await api.wfs.createInboundOrder(order([line(601)]));
    expect(shipments).toHaveLength(1);
    expect(throttled).toBe(2);
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
