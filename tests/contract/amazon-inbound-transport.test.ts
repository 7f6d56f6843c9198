/**
 * Fulfillment Inbound v2024-03-20 transportation (issue 17, for the FBA issue): the Amazon client
 * against the sandbox over real HTTP on loopback — transportation options compared across
 * placement options, partnered small parcel and LTL with quotes and their void windows, own
 * carriers behind a confirmed delivery window, tracking details, the bill of lading as a real PDF,
 * Amazon's pallet limits — every request and answer held to Amazon's published model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import type { GenerateTransportationOptionsRequest } from '../../server/integrations/amazon/transport-models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { planUpToPlacement, sandboxRefreshToken } from '../helpers/amazon-sandbox.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const MODEL = 'amazon/fulfillmentInbound_2024-03-20.json';
const HOUR = 3_600_000;
const poll = { pollMs: 50 };
let s: TestServer;
let sandboxUrl: string;
let seller: AmazonClient;
let other: AmazonClient;
let storeIds = 960_000;
/** The server's clock and the client's run `offset` ahead, to step past Amazon's windows. */
let offset = 0;
const now = () => Date.now() + offset;

const sent: { url: string; body: unknown }[] = [];
const recording: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string' && String(input).includes('/inbound/'))
    sent.push({ url: String(input), body: JSON.parse(init.body) });
  return fetch(input, init);
};
const lastSent = (part: string) => [...sent].reverse().find((x) => x.url.includes(part))!.body;

async function clientFor(): Promise<AmazonClient> {
  return new AmazonClient(
    {
      endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
      app: SANDBOX_APP,
      sleep: async () => undefined,
      fetch: recording,
      now,
    },
    { storeId: storeIds++, refreshToken: await sandboxRefreshToken(sandboxUrl) },
  );
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );
const readyTomorrow = () => ({ start: new Date(now() + 24 * HOUR).toISOString().slice(0, 16) + 'Z' });
const contact = { name: 'Dana Dock', phoneNumber: '555-0101', email: 'dock@dockside.test' };

beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(now());
  [seller, other] = await Promise.all([clientFor(), clientFor()]);
});
afterAll(() => s.close());

describe('transportation against the Amazon sandbox', () => {
  it('compares placements by landed cost, confirms partnered small parcel, and voids only within 24 hours', async () => {
    const { planId, placementOptions } = await planUpToPlacement(seller, [
      { msku: 'ACME-MUG-RED', quantity: 24 },
      { msku: 'ACME-MUG-BLUE', quantity: 12 },
    ]);
    expect(placementOptions).toHaveLength(2);
    // Transportation for each placement option in turn, as Amazon requires: one at a time.
    const landed: { placementOptionId: string; total: number }[] = [];
    for (const p of placementOptions) {
      const req: GenerateTransportationOptionsRequest = {
        placementOptionId: p.placementOptionId,
        shipmentTransportationConfigurations: p.shipmentIds.map((shipmentId) => ({
          shipmentId,
          readyToShipWindow: readyTomorrow(),
        })),
      };
      const started = await seller.inboundTransport.generateTransportationOptions(planId, req);
      const vReq = swaggerDefinition(MODEL, 'GenerateTransportationOptionsRequest');
      expect(vReq(lastSent('/transportationOptions')), problemsOf(vReq)).toBe(true);
      await seller.inbound.waitFor(started.operationId, poll);
      const options = await seller.inboundTransport.listTransportationOptions(planId, {
        placementOptionId: p.placementOptionId,
      });
      const vList = swaggerDefinition(MODEL, 'ListTransportationOptionsResponse');
      expect(vList({ transportationOptions: options }), problemsOf(vList)).toBe(true);
      // Every shipment can go partnered small parcel (quoted) or with the seller's own carriers.
      for (const shipmentId of p.shipmentIds) {
        const mine = options.filter((o) => o.shipmentId === shipmentId);
        const partnered = mine.find(
          (o) => o.shippingSolution === 'AMAZON_PARTNERED_CARRIER' && o.shippingMode === 'GROUND_SMALL_PARCEL',
        )!;
        expect(partnered.quote!.cost.amount).toBeGreaterThan(0);
        expect(partnered.preconditions).toEqual([]);
        const own = mine.filter((o) => o.shippingSolution === 'USE_YOUR_OWN_CARRIER');
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(own.every((o) => o.preconditions.includes('CONFIRMED_DELIVERY_WINDOW'))).toBe(true);
        // No pallets or freight information given: no partnered LTL quote.
        expect(mine.some((o) => o.shippingMode === 'FREIGHT_LTL' && o.quote)).toBe(false);
      }
      const transport = options
        .filter((o) => o.shippingSolution === 'AMAZON_PARTNERED_CARRIER')
        .reduce((t, o) => t + o.quote!.cost.amount, 0);
      landed.push({ placementOptionId: p.placementOptionId, total: transport + (p.fees[0]?.value.amount ?? 0) });
    }
    // The one-centre option pays Amazon's placement fee on top of its freight.
    expect(placementOptions[0].fees[0].value.amount).toBeGreaterThan(0);

    const cheapest = [...landed].sort((a, b) => a.total - b.total)[0];
    const chosen = placementOptions.find((p) => p.placementOptionId === cheapest.placementOptionId)!;
    const early = await failure(
      seller.inboundTransport.confirmTransportationOptions(planId, [
        { shipmentId: chosen.shipmentIds[0], transportationOptionId: 'to' + '0'.repeat(36) },
      ]),
    );
    expect(early!.messages[0]).toMatch(/Confirm a placement option before its transportation/);
    await seller.inbound.waitFor(
      (await seller.inbound.confirmPlacementOption(planId, chosen.placementOptionId)).operationId,
      poll,
    );
    const options = await seller.inboundTransport.listTransportationOptions(planId, {
      placementOptionId: chosen.placementOptionId,
    });
    const partneredOf = (shipmentId: string) =>
      options.find(
        (o) =>
          o.shipmentId === shipmentId &&
          o.shippingSolution === 'AMAZON_PARTNERED_CARRIER' &&
          o.shippingMode === 'GROUND_SMALL_PARCEL',
      )!;
    // Every shipment needs its one choice.
    if (chosen.shipmentIds.length > 1) {
      const partial = await failure(
        seller.inboundTransport.confirmTransportationOptions(planId, [
          {
            shipmentId: chosen.shipmentIds[0],
            transportationOptionId: partneredOf(chosen.shipmentIds[0]).transportationOptionId,
          },
        ]),
      );
      expect(partial!.messages[0]).toMatch(/choose exactly one option for shipment/);
    }
    const confirming = await seller.inboundTransport.confirmTransportationOptions(
      planId,
      chosen.shipmentIds.map((shipmentId) => ({
        shipmentId,
        transportationOptionId: partneredOf(shipmentId).transportationOptionId,
      })),
    );
    const vConfirm = swaggerDefinition(MODEL, 'ConfirmTransportationOptionsRequest');
    expect(vConfirm(lastSent('/confirmation')), problemsOf(vConfirm)).toBe(true);
    await seller.inbound.waitFor(confirming.operationId, poll);
    const shipment = await seller.inbound.getShipment(planId, chosen.shipmentIds[0]);
    const vShipment = swaggerDefinition(MODEL, 'Shipment');
    expect(vShipment(shipment), problemsOf(vShipment)).toBe(true);
    expect(shipment).toMatchObject({
      status: 'READY_TO_SHIP',
      selectedTransportationOptionId: partneredOf(chosen.shipmentIds[0]).transportationOptionId,
    });
    const confirmed = (
      await seller.inboundTransport.listTransportationOptions(planId, { shipmentId: chosen.shipmentIds[0] })
    ).find((o) => o.transportationOptionId === shipment.selectedTransportationOptionId)!;
    const voidable = Date.parse(confirmed.quote!.voidableUntil!) - now();
    expect(voidable).toBeGreaterThan(23.9 * HOUR);
    expect(voidable).toBeLessThanOrEqual(24 * HOUR);
    // No bill of lading for small parcel.
    const bol = await failure(seller.inboundTransport.getBillOfLading(shipment.shipmentConfirmationId!));
    expect(bol!.messages[0]).toMatch(/only for partnered LTL shipments/);

    // A day and more later the charge can no longer be voided: the plan cannot be cancelled.
    offset = 25 * HOUR;
    try {
      const late = await failure(seller.inbound.cancelInboundPlan(planId));
      expect(late!.status).toBe(400);
      expect(late!.messages[0]).toMatch(/void window closed at .*: the plan can no longer be cancelled/);
    } finally {
      offset = 0;
    }
    // Within the window it can, and its shipments are cancelled with it.
    await seller.inbound.waitFor((await seller.inbound.cancelInboundPlan(planId)).operationId, poll);
    expect((await seller.inbound.getInboundPlan(planId)).status).toBe('VOIDED');
    expect((await seller.inbound.getShipment(planId, chosen.shipmentIds[0])).status).toBe('CANCELLED');
  });

  it('an own carrier needs a confirmed delivery window; tracking ids per box are checked', async () => {
    const { planId, placementOptions } = await planUpToPlacement(seller, [{ msku: 'ACME-TEA-GREEN', quantity: 12 }]);
    const [one] = placementOptions;
    await seller.inbound.waitFor(
      (await seller.inbound.confirmPlacementOption(planId, one.placementOptionId)).operationId,
      poll,
    );
    const [shipmentId] = one.shipmentIds;
    await seller.inbound.waitFor(
      (
        await seller.inboundTransport.generateTransportationOptions(planId, {
          placementOptionId: one.placementOptionId,
          shipmentTransportationConfigurations: [{ shipmentId, readyToShipWindow: readyTomorrow() }],
        })
      ).operationId,
      poll,
    );
    const ownUps = (await seller.inboundTransport.listTransportationOptions(planId, { shipmentId })).find(
      (o) =>
        o.shippingSolution === 'USE_YOUR_OWN_CARRIER' &&
        o.shippingMode === 'GROUND_SMALL_PARCEL' &&
        o.carrier.alphaCode === 'UPSN',
    )!;
    const select = [{ shipmentId, transportationOptionId: ownUps.transportationOptionId }];
    const noWindow = await failure(
      seller.inbound.waitFor(
        (await seller.inboundTransport.confirmTransportationOptions(planId, select)).operationId,
        poll,
      ),
    );
    expect(noWindow!.messages[0]).toMatch(
      /FBA_INB-0332\): .*confirm a delivery window before choosing your own carrier/,
    );

    expect((await seller.inboundTransport.listDeliveryWindowOptions(planId, shipmentId)).deliveryWindowOptions).toEqual(
      [],
    );
    await seller.inbound.waitFor(
      (await seller.inboundTransport.generateDeliveryWindowOptions(planId, shipmentId)).operationId,
      poll,
    );
    const windows = await seller.inboundTransport.listDeliveryWindowOptions(planId, shipmentId);
    const vWindows = swaggerDefinition(MODEL, 'ListDeliveryWindowOptionsResponse');
    expect(vWindows(windows), problemsOf(vWindows)).toBe(true);
    const windowOptions = windows.deliveryWindowOptions;
    expect(windowOptions.length).toBeGreaterThanOrEqual(3);
    // Windows open after the transit time, in order, each about a week long.
    expect(Date.parse(windowOptions[0].startDate)).toBeGreaterThan(now());
    for (const w of windowOptions)
      expect(Date.parse(w.endDate) - Date.parse(w.startDate)).toBeGreaterThan(6.9 * 24 * HOUR);
    const available = windowOptions.find((w) => w.availabilityType === 'AVAILABLE')!;
    await seller.inbound.waitFor(
      (await seller.inboundTransport.confirmDeliveryWindowOptions(planId, shipmentId, available.deliveryWindowOptionId))
        .operationId,
      poll,
    );
    await seller.inbound.waitFor(
      (await seller.inboundTransport.confirmTransportationOptions(planId, select)).operationId,
      poll,
    );
    const shipment = await seller.inbound.getShipment(planId, shipmentId);
    expect(shipment.selectedDeliveryWindow).toMatchObject({
      deliveryWindowOptionId: available.deliveryWindowOptionId,
      startDate: available.startDate,
    });
    // An own-carrier charge has nothing to void: cancelling later is still allowed.
    expect(ownUps.quote).toBeUndefined();

    const boxes = (await seller.inbound.listInboundPlanBoxes(planId)).boxes;
    expect(boxes).toHaveLength(2);
    const stranger = await failure(
      seller.inboundTransport.updateShipmentTrackingDetails(planId, shipmentId, {
        spdTrackingDetail: { spdTrackingItems: [{ boxId: 'FBA000000000U000009', trackingId: '1Z999AA10123456784' }] },
      }),
    );
    expect(stranger!.messages[0]).toMatch(/is not a box of shipment/);
    const wrongKind = await failure(
      seller.inboundTransport.updateShipmentTrackingDetails(planId, shipmentId, {
        ltlTrackingDetail: { freightBillNumber: ['PRO123'] },
      }),
    );
    expect(wrongKind!.messages[0]).toMatch(/small-parcel shipment takes spdTrackingDetail/);
    await seller.inbound.waitFor(
      (
        await seller.inboundTransport.updateShipmentTrackingDetails(planId, shipmentId, {
          spdTrackingDetail: {
            spdTrackingItems: [
              { boxId: boxes[0].boxId!, trackingId: '1Z999AA10123456784' },
              { boxId: boxes[1].boxId!, trackingId: 'NOT-A-TRACKING-ID' },
            ],
          },
        })
      ).operationId,
      poll,
    );
    const vTrack = swaggerDefinition(MODEL, 'UpdateShipmentTrackingDetailsRequest');
    expect(vTrack(lastSent('/trackingDetails')), problemsOf(vTrack)).toBe(true);
    const tracked = await seller.inbound.getShipment(planId, shipmentId);
    const vShipment = swaggerDefinition(MODEL, 'Shipment');
    expect(vShipment(tracked), problemsOf(vShipment)).toBe(true);
    expect(
      tracked.trackingDetails!.spdTrackingDetail!.spdTrackingItems.map((t) => t.trackingNumberValidationStatus),
    ).toEqual(['VALIDATED', 'NOT_SUPPORTED']);
    // Receiving at Amazon (v0 getShipmentItemsByShipmentId): each SKU shipped, nothing received yet.
    const items = await seller.inbound.shipmentItems(tracked.shipmentConfirmationId!);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.QuantityShipped > 0 && i.QuantityReceived === 0)).toBe(true);
    // Another seller sees none of it.
    expect((await failure(other.inbound.getShipment(planId, shipmentId)))!.status).toBe(404);
    expect((await failure(other.inboundTransport.listDeliveryWindowOptions(planId, shipmentId)))!.status).toBe(404);
    expect((await failure(other.inbound.shipmentItems(tracked.shipmentConfirmationId!)))!.status).toBe(404);
  });

  it('partnered LTL: pallets within Amazon’s limits, a quote with a pickup, a bill of lading, a one-hour void window', async () => {
    const { planId, placementOptions } = await planUpToPlacement(
      seller,
      [
        { msku: 'ACME-KETTLE', quantity: 48 },
        { msku: 'ACME-TOASTER', quantity: 36 },
      ],
      4,
    );
    const [one] = placementOptions;
    const [shipmentId] = one.shipmentIds;
    const configure = (
      pallets: GenerateTransportationOptionsRequest['shipmentTransportationConfigurations'][number]['pallets'],
    ) => ({
      placementOptionId: one.placementOptionId,
      shipmentTransportationConfigurations: [
        {
          shipmentId,
          readyToShipWindow: readyTomorrow(),
          contactInformation: contact,
          freightInformation: { freightClass: 'FC_85' as const, declaredValue: { amount: 4200, code: 'USD' } },
          pallets,
        },
      ],
    });
    const pallet = (lb: number, length = 48, width = 40) => ({
      quantity: 1,
      dimensions: { length, width, height: 60, unitOfMeasurement: 'IN' as const },
      weight: { value: lb, unit: 'LB' as const },
      stackability: 'NON_STACKABLE' as const,
    });
    const tooBig = await failure(
      seller.inbound.waitFor(
        (
          await seller.inboundTransport.generateTransportationOptions(
            planId,
            configure([pallet(1_600), pallet(500, 52, 40)]),
          )
        ).operationId,
        poll,
      ),
    );
    const said = tooBig!.messages.join(' | ');
    expect(said).toMatch(/1600 lb; a pallet may weigh at most 1,500 lb/);
    expect(said).toMatch(/52×40|40×52/);
    expect(
      await seller.inboundTransport.listTransportationOptions(planId, { placementOptionId: one.placementOptionId }),
    ).toEqual([]);

    await seller.inbound.waitFor(
      (
        await seller.inboundTransport.generateTransportationOptions(
          planId,
          configure([{ ...pallet(620), quantity: 2 }]),
        )
      ).operationId,
      poll,
    );
    const vReq = swaggerDefinition(MODEL, 'GenerateTransportationOptionsRequest');
    expect(vReq(lastSent('/transportationOptions')), problemsOf(vReq)).toBe(true);
    const options = await seller.inboundTransport.listTransportationOptions(planId, { shipmentId });
    const ltl = options.find(
      (o) => o.shippingMode === 'FREIGHT_LTL' && o.shippingSolution === 'AMAZON_PARTNERED_CARRIER',
    )!;
    expect(ltl.quote!.cost.amount).toBeGreaterThanOrEqual(150);
    expect(Date.parse(ltl.carrierAppointment!.startTime)).toBeGreaterThan(now());
    // Heavier freight costs more.
    const spd = options.find((o) => o.shippingMode === 'GROUND_SMALL_PARCEL' && o.quote)!;
    expect(spd.quote!.cost.amount).toBeGreaterThan(0);

    await seller.inbound.waitFor(
      (await seller.inbound.confirmPlacementOption(planId, one.placementOptionId)).operationId,
      poll,
    );
    await seller.inbound.waitFor(
      (
        await seller.inboundTransport.confirmTransportationOptions(planId, [
          { shipmentId, transportationOptionId: ltl.transportationOptionId, contactInformation: contact },
        ])
      ).operationId,
      poll,
    );
    const shipment = await seller.inbound.getShipment(planId, shipmentId);
    const pro = shipment.trackingDetails!.ltlTrackingDetail!.freightBillNumber![0];
    expect(pro).toMatch(/^[A-Z0-9]{9}$/);
    expect(shipment.contactInformation).toMatchObject({ name: contact.name });

    const bol = await seller.inboundTransport.getBillOfLading(shipment.shipmentConfirmationId!);
    const vBol = swaggerDefinition('amazon/fulfillmentInboundV0.json', 'GetBillOfLadingResponse');
    expect(vBol(bol), problemsOf(vBol)).toBe(true);
    const res = await fetch(bol.payload.DownloadURL);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(pdf.getTitle()).toContain(shipment.trackingDetails!.ltlTrackingDetail!.billOfLadingNumber!);
    expect(pdf.getTitle()).toContain(shipment.shipmentConfirmationId);
    // The partnered carrier tracks it; the seller has nothing to give.
    const track = await failure(
      seller.inboundTransport.updateShipmentTrackingDetails(planId, shipmentId, {
        ltlTrackingDetail: { freightBillNumber: ['PRO-1'] },
      }),
    );
    expect(track!.messages[0]).toMatch(/partnered carrier provides this shipment’s tracking/);
    // Another seller cannot fetch the BOL.
    expect((await failure(other.inboundTransport.getBillOfLading(shipment.shipmentConfirmationId!)))!.status).toBe(404);

    // LTL charges can be voided for an hour only.
    offset = 2 * HOUR;
    try {
      const late = await failure(seller.inbound.cancelInboundPlan(planId));
      expect(late!.messages[0]).toMatch(/void window closed/);
    } finally {
      offset = 0;
    }
    expect((await seller.inbound.getInboundPlan(planId)).status).toBe('ACTIVE');
  });

  it('refuses at once what Amazon refuses: a past ready date, a shipment missing, a placement not of the plan', async () => {
    const { planId, placementOptions } = await planUpToPlacement(seller, [{ msku: 'ACME-SPOON', quantity: 12 }]);
    const [one, split] = placementOptions;
    const config = (shipmentId: string, start = readyTomorrow().start) => ({
      shipmentId,
      readyToShipWindow: { start },
    });
    const past = await failure(
      seller.inboundTransport.generateTransportationOptions(planId, {
        placementOptionId: one.placementOptionId,
        shipmentTransportationConfigurations: [config(one.shipmentIds[0], '2020-01-01T00:00Z')],
      }),
    );
    expect(past!.status).toBe(400);
    expect(past!.messages[0]).toMatch(/readyToShipWindow.start 2020-01-01T00:00Z is in the past/);
    const missing = await failure(
      seller.inboundTransport.generateTransportationOptions(planId, {
        placementOptionId: split.placementOptionId,
        shipmentTransportationConfigurations: [config(split.shipmentIds[0])],
      }),
    );
    expect(missing!.messages[0]).toMatch(/has no configuration/);
    const wrongShipment = await failure(
      seller.inboundTransport.generateTransportationOptions(planId, {
        placementOptionId: one.placementOptionId,
        shipmentTransportationConfigurations: [config(split.shipmentIds[0])],
      }),
    );
    expect(wrongShipment!.messages[0]).toMatch(/is not a shipment of this placement option/);
    const theirs = await failure(
      other.inboundTransport.generateTransportationOptions(planId, {
        placementOptionId: one.placementOptionId,
        shipmentTransportationConfigurations: [config(one.shipmentIds[0])],
      }),
    );
    expect(theirs!.status).toBe(404);
    // Before placement is confirmed there is no shipment to book a delivery window for.
    expect(
      (await failure(seller.inboundTransport.generateDeliveryWindowOptions(planId, one.shipmentIds[0])))!.status,
    ).toBe(404);
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
