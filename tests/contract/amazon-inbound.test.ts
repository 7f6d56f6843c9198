/**
 * Fulfillment Inbound v2024-03-20 (issue 17, for the FBA issue): the Amazon client against the
 * sandbox over real HTTP on loopback — a plan created asynchronously (IN_PROGRESS, then SUCCESS or
 * FAILED with problems per SKU), its items with FNSKUs and prep instructions, listing and paging,
 * cancellation, Amazon's limits refused at once, sellers kept apart — and every request and answer
 * held to Amazon's published model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import type { CreateInboundPlanRequest } from '../../server/integrations/amazon/inbound-models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { sandboxRefreshToken } from '../helpers/amazon-sandbox.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const MODEL = 'amazon/fulfillmentInbound_2024-03-20.json';
const US = 'ATVPDKIKX0DER';
let s: TestServer;
let sandboxUrl: string;
let seller: AmazonClient;
let other: AmazonClient;
let storeIds = 950_000;

/** Requests the client sends, as Amazon would receive them. */
const sent: { url: string; body: unknown }[] = [];
const recording: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string' && String(input).includes('/inbound/'))
    sent.push({ url: String(input), body: JSON.parse(init.body) });
  return fetch(input, init);
};

async function clientFor(): Promise<AmazonClient> {
  return new AmazonClient(
    {
      endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
      app: SANDBOX_APP,
      sleep: async () => undefined,
      fetch: recording,
    },
    { storeId: storeIds++, refreshToken: await sandboxRefreshToken(sandboxUrl) },
  );
}

const source = {
  name: 'Dockside Prep',
  companyName: 'Dockside Prep LLC',
  addressLine1: '100 Harbor Way',
  city: 'Newark',
  stateOrProvinceCode: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
  phoneNumber: '555-0100',
};
const plan = (items: CreateInboundPlanRequest['items']): CreateInboundPlanRequest => ({
  destinationMarketplaces: [US],
  items,
  name: 'Acme November',
  sourceAddress: source,
});

beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  [seller, other] = await Promise.all([clientFor(), clientFor()]);
});
afterAll(() => s.close());

describe('inbound plans against the Amazon sandbox', () => {
  let planId: string;

  it('creates a plan asynchronously: an operation id at once, IN_PROGRESS, then SUCCESS', async () => {
    const [listed] = (await seller.inventorySummaries(US)).payload!.inventorySummaries!;
    const started = await seller.inbound.createInboundPlan(
      plan([
        { msku: listed.sellerSku!, quantity: 24, labelOwner: 'SELLER', prepOwner: 'SELLER' },
        { msku: 'ACME-MUG-BLUE', quantity: 6, labelOwner: 'AMAZON', prepOwner: 'AMAZON', expiration: '2030-01-31' },
      ]),
    );
    planId = started.inboundPlanId;
    const vStart = swaggerDefinition(MODEL, 'CreateInboundPlanResponse');
    expect(vStart(started), problemsOf(vStart)).toBe(true);
    const vReq = swaggerDefinition(MODEL, 'CreateInboundPlanRequest');
    expect(vReq(sent.at(-1)!.body), problemsOf(vReq)).toBe(true);

    const first = await seller.inbound.operationStatus(started.operationId);
    expect(first.operationStatus).toBe('IN_PROGRESS');
    const vOp = swaggerDefinition(MODEL, 'InboundOperationStatus');
    expect(vOp(first), problemsOf(vOp)).toBe(true);
    const done = await seller.inbound.waitFor(started.operationId, { pollMs: 100 });
    expect(done).toMatchObject({ operation: 'createInboundPlan', operationStatus: 'SUCCESS', operationProblems: [] });

    const got = await seller.inbound.getInboundPlan(planId);
    expect(got).toMatchObject({ status: 'ACTIVE', name: 'Acme November', marketplaceIds: [US] });
    const vPlan = swaggerDefinition(MODEL, 'InboundPlan');
    expect(vPlan(got), problemsOf(vPlan)).toBe(true);

    const { items } = await seller.inbound.listInboundPlanItems(planId);
    const vItems = swaggerDefinition(MODEL, 'ListInboundPlanItemsResponse');
    expect(vItems({ items }), problemsOf(vItems)).toBe(true);
    // A listed SKU keeps its FNSKU; Amazon preps (and charges for) what the plan gives it.
    expect(items.find((i) => i.msku === listed.sellerSku)!.fnsku).toBe(listed.fnSku);
    const mug = items.find((i) => i.msku === 'ACME-MUG-BLUE')!;
    expect(mug.fnsku).toMatch(/^X00[A-Z0-9]{7}$/);
    expect(mug.prepInstructions.find((p) => p.prepType === 'ITEM_LABELING')).toMatchObject({
      prepOwner: 'AMAZON',
      fee: { amount: 0.55, code: 'USD' },
    });
  });

  it('offers packing options once generated; one is confirmed, the others expire; groups list their items', async () => {
    expect((await seller.inbound.listPackingOptions(planId)).packingOptions).toEqual([]);
    const generating = await seller.inbound.generatePackingOptions(planId);
    // Still generating: nothing offered yet.
    expect((await seller.inbound.listPackingOptions(planId)).packingOptions).toEqual([]);
    await seller.inbound.waitFor(generating.operationId, { pollMs: 100 });
    const { packingOptions } = await seller.inbound.listPackingOptions(planId);
    const vList = swaggerDefinition(MODEL, 'ListPackingOptionsResponse');
    expect(vList({ packingOptions }), problemsOf(vList)).toBe(true);
    expect(packingOptions.length).toBeGreaterThanOrEqual(1);
    expect(packingOptions.every((o) => o.status === 'OFFERED')).toBe(true);
    expect(packingOptions[0].supportedConfigurations[0].boxRequirements!.weight).toMatchObject({
      maximum: 50,
      unit: 'LB',
    });
    // Every item is in exactly one group of each option.
    const chosen = packingOptions[packingOptions.length - 1];
    const grouped = (
      await Promise.all(chosen.packingGroups.map((g) => seller.inbound.listPackingGroupItems(planId, g)))
    ).flatMap((r) => r.items.map((i) => i.msku));
    expect(grouped.sort()).toEqual((await seller.inbound.listInboundPlanItems(planId)).items.map((i) => i.msku).sort());

    const confirming = await seller.inbound.confirmPackingOption(planId, chosen.packingOptionId);
    await seller.inbound.waitFor(confirming.operationId, { pollMs: 100 });
    const after = (await seller.inbound.listPackingOptions(planId)).packingOptions;
    expect(after.find((o) => o.packingOptionId === chosen.packingOptionId)!.status).toBe('ACCEPTED');
    expect(after.filter((o) => o.packingOptionId !== chosen.packingOptionId).every((o) => o.status === 'EXPIRED')).toBe(
      true,
    );
    expect((await seller.inbound.getInboundPlan(planId)).packingOptions).toContainEqual({
      packingOptionId: chosen.packingOptionId,
      status: 'ACCEPTED',
    });
    const twice = await seller.inbound.confirmPackingOption(planId, chosen.packingOptionId).catch((e: unknown) => e);
    expect((twice as ProviderFailure).messages[0]).toMatch(/only an offered option can be confirmed/);
    const regenerate = await seller.inbound.generatePackingOptions(planId).catch((e: unknown) => e);
    expect((regenerate as ProviderFailure).messages[0]).toMatch(/already confirmed/);
  });

  it('takes the packed boxes, checked as Amazon does, then places them in one or several shipments', async () => {
    const { packingOptions } = await seller.inbound.listPackingOptions(planId);
    const accepted = packingOptions.find((o) => o.status === 'ACCEPTED')!;
    const { items } = await seller.inbound.listInboundPlanItems(planId);
    const groupsOf = await Promise.all(
      accepted.packingGroups.map(async (g) => ({
        g,
        mskus: (await seller.inbound.listPackingGroupItems(planId, g)).items.map((i) => i.msku),
      })),
    );
    const box = (msku: string, perBox: number, boxes: number, lbs = 10) => ({
      contentInformationSource: 'BOX_CONTENT_PROVIDED' as const,
      dimensions: { length: 14, width: 12, height: 10, unitOfMeasurement: 'IN' as const },
      weight: { value: lbs, unit: 'LB' as const },
      quantity: boxes,
      items: [{ msku, quantity: perBox, labelOwner: 'SELLER' as const, prepOwner: 'SELLER' as const }],
    });
    const boxesFor = (mskus: string[], short = 0, heavy = false) =>
      mskus.map((m) => {
        const qty = items.find((i) => i.msku === m)!.quantity;
        return qty % 2 === 0 && qty > 6
          ? box(m, qty / 2 - short, 2, heavy ? 60 : 10)
          : box(m, qty - short, 1, heavy ? 60 : 10);
      });

    // One unit short in every box line, and boxes of 60 lb: Amazon's processing says so, per SKU.
    const bad = await seller.inbound.setPackingInformation(planId, {
      packageGroupings: groupsOf.map(({ g, mskus }) => ({ packingGroupId: g, boxes: boxesFor(mskus, 1, true) })),
    });
    const vReq = swaggerDefinition(MODEL, 'SetPackingInformationRequest');
    expect(vReq(sent.at(-1)!.body), problemsOf(vReq)).toBe(true);
    const err = (await seller.inbound
      .waitFor(bad.operationId, { pollMs: 100 })
      .catch((e: unknown) => e)) as ProviderFailure;
    const said = err.messages.join(' | ');
    expect(said).toMatch(/units boxed, the plan has/);
    expect(said).toMatch(/a box weighs 60\.0 lb/);
    expect((await seller.inbound.listInboundPlanBoxes(planId)).boxes).toEqual([]);

    const good = await seller.inbound.setPackingInformation(planId, {
      packageGroupings: groupsOf.map(({ g, mskus }) => ({ packingGroupId: g, boxes: boxesFor(mskus) })),
    });
    await seller.inbound.waitFor(good.operationId, { pollMs: 100 });
    const { boxes } = await seller.inbound.listInboundPlanBoxes(planId);
    const vBoxes = swaggerDefinition(MODEL, 'ListInboundPlanBoxesResponse');
    expect(vBoxes({ boxes }), problemsOf(vBoxes)).toBe(true);
    expect(boxes.reduce((t, b) => t + b.items!.reduce((u, i) => u + i.quantity, 0), 0)).toBe(
      items.reduce((t, i) => t + i.quantity, 0),
    );

    const placing = await seller.inbound.generatePlacementOptions(planId);
    await seller.inbound.waitFor(placing.operationId, { pollMs: 100 });
    const { placementOptions } = await seller.inbound.listPlacementOptions(planId);
    const vPlace = swaggerDefinition(MODEL, 'ListPlacementOptionsResponse');
    expect(vPlace({ placementOptions }), problemsOf(vPlace)).toBe(true);
    expect(placementOptions).toHaveLength(2);
    const [oneFc, split] = placementOptions;
    expect(oneFc.shipmentIds).toHaveLength(1);
    expect(oneFc.fees[0]).toMatchObject({ type: 'FEE', description: 'Minimal shipment splits' });
    expect(split.shipmentIds.length).toBeGreaterThanOrEqual(2);
    expect(split.fees).toEqual([]);

    const confirming = await seller.inbound.confirmPlacementOption(planId, split.placementOptionId);
    await seller.inbound.waitFor(confirming.operationId, { pollMs: 100 });
    const planNow = await seller.inbound.getInboundPlan(planId);
    expect(planNow.shipments!.map((x) => x.shipmentId).sort()).toEqual([...split.shipmentIds].sort());
    const shipment = await seller.inbound.getShipment(planId, split.shipmentIds[0]);
    const vShipment = swaggerDefinition(MODEL, 'Shipment');
    expect(vShipment(shipment), problemsOf(vShipment)).toBe(true);
    expect(shipment.destination.warehouseId).toMatch(/^[A-Z]{3}\d$/);
    const numbered = (await seller.inbound.listInboundPlanBoxes(planId)).boxes;
    expect(numbered.every((b) => /^FBA[A-Z0-9]{9}U\d{6}$/.test(b.boxId ?? ''))).toBe(true);
    // Box labels (Fulfillment Inbound v0): a real 4×6 PDF, one page per box, behind a short-lived URL.
    const shipmentBoxes = numbered.filter((b) => b.boxId!.startsWith(shipment.shipmentConfirmationId!));
    const labels = await seller.inbound.getLabels(shipment.shipmentConfirmationId!, {
      labelType: 'UNIQUE',
      boxIds: shipmentBoxes.map((b) => b.boxId!),
    });
    const vLabels = swaggerDefinition('amazon/fulfillmentInboundV0.json', 'GetLabelsResponse');
    expect(vLabels(labels), problemsOf(vLabels)).toBe(true);
    const pdf = await fetch(labels.payload.DownloadURL);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(doc.getPageCount()).toBe(shipmentBoxes.length);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const pallets = await seller.inbound.getLabels(shipment.shipmentConfirmationId!, {
      labelType: 'PALLET',
      pallets: 2,
    });
    const palletPdf = await PDFDocument.load(
      new Uint8Array(await (await fetch(pallets.payload.DownloadURL)).arrayBuffer()),
    );
    expect(palletPdf.getPageCount()).toBe(2);
    const stranger = await seller.inbound
      .getLabels(shipment.shipmentConfirmationId!, { labelType: 'UNIQUE', boxIds: ['FBA000000000U000001'] })
      .catch((e: unknown) => e);
    expect((stranger as ProviderFailure).messages[0]).toMatch(/is not a box of shipment/);
    const letter = await seller.inbound
      .getLabels(shipment.shipmentConfirmationId!, { labelType: 'BARCODE_2D', pageType: 'PackageLabel_Letter_2' })
      .catch((e: unknown) => e);
    expect((letter as ProviderFailure).messages[0]).toMatch(/thermal/);
    const theirs = await other.inbound
      .getLabels(shipment.shipmentConfirmationId!, { labelType: 'BARCODE_2D' })
      .catch((e: unknown) => e);
    expect((theirs as ProviderFailure).status).toBe(404);

    // The option not taken is gone; it cannot be confirmed afterwards.
    const late = await seller.inbound.confirmPlacementOption(planId, oneFc.placementOptionId).catch((e: unknown) => e);
    expect((late as ProviderFailure).messages[0]).toMatch(/only an offered option can be confirmed/);
  });

  it('a problem Amazon finds later fails the operation, saying which SKU and what to fix', async () => {
    const started = await seller.inbound.createInboundPlan(
      plan([
        { msku: 'ACME-OLD-TEA', quantity: 5, labelOwner: 'SELLER', prepOwner: 'SELLER', expiration: '2020-01-01' },
      ]),
    );
    const err = await seller.inbound.waitFor(started.operationId, { pollMs: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailure);
    expect((err as ProviderFailure).kind).toBe('refused');
    expect((err as ProviderFailure).messages[0]).toMatch(
      /FBA_INB-\d{4}\): MSKU ACME-OLD-TEA: the expiration date 2020-01-01 has passed/,
    );
    expect((await seller.inbound.getInboundPlan(started.inboundPlanId)).status).toBe('ERRORED');
  });

  it('Amazon’s limits are refused at once: more than 1,500 SKUs, a SKU twice, two marketplaces', async () => {
    const many = Array.from({ length: 1501 }, (_, i) => ({
      msku: `SKU-${i}`,
      quantity: 1,
      labelOwner: 'SELLER' as const,
      prepOwner: 'NONE' as const,
    }));
    const tooMany = await seller.inbound.createInboundPlan(plan(many)).catch((e: unknown) => e);
    expect((tooMany as ProviderFailure).status).toBe(400);
    expect((tooMany as ProviderFailure).messages[0]).toMatch(/at most 1500 SKUs; this one has 1501/);
    const twice = await seller.inbound
      .createInboundPlan(plan([many[0], { ...many[0], quantity: 2 }]))
      .catch((e: unknown) => e);
    expect((twice as ProviderFailure).messages[0]).toMatch(/each MSKU may appear once/);
    const raw = await fetch(`${sandboxUrl}/sandbox/amazon/inbound/fba/2024-03-20/inboundPlans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-amz-access-token': await seller.accessToken() },
      body: JSON.stringify({ ...plan([many[0]]), destinationMarketplaces: [US, 'A2EUQ1WTGCTBG2'] }),
    });
    expect(raw.status).toBe(400);
    const vErr = swaggerDefinition(MODEL, 'ErrorList');
    expect(vErr(await raw.json()), problemsOf(vErr)).toBe(true);
  });

  it('lists plans newest first with paging; cancels an active plan once; other sellers see none of it', async () => {
    const page = await seller.inbound.listInboundPlans({ pageSize: 1 });
    const vList = swaggerDefinition(MODEL, 'ListInboundPlansResponse');
    expect(vList(page), problemsOf(vList)).toBe(true);
    expect(page.inboundPlans).toHaveLength(1);
    expect(page.pagination?.nextToken).toBeTruthy();
    const rest = await seller.inbound.listInboundPlans({ pageSize: 1, nextToken: page.pagination!.nextToken });
    expect(rest.inboundPlans!.map((p) => p.inboundPlanId)).not.toContain(page.inboundPlans![0].inboundPlanId);

    const cancelled = await seller.inbound.cancelInboundPlan(planId);
    await seller.inbound.waitFor(cancelled.operationId, { pollMs: 100 });
    expect((await seller.inbound.getInboundPlan(planId)).status).toBe('VOIDED');
    const again = await seller.inbound.cancelInboundPlan(planId).catch((e: unknown) => e);
    expect((again as ProviderFailure).messages[0]).toMatch(/only an active plan can be cancelled/);

    const theirs = await other.inbound.getInboundPlan(planId).catch((e: unknown) => e);
    expect((theirs as ProviderFailure).status).toBe(404);
    expect((await other.inbound.listInboundPlans()).inboundPlans).toEqual([]);
  });
});

describe('prep details against the Amazon sandbox', () => {
  it('lists prep details as Amazon’s model has them, an MSKU with a comma or plus included', async () => {
    const asked: string[] = [];
    const client = new AmazonClient(
      {
        endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
        app: SANDBOX_APP,
        sleep: async () => undefined,
        fetch: (input, init) => {
          asked.push(String(input));
          return fetch(input, init);
        },
      },
      { storeId: storeIds++, refreshToken: await sandboxRefreshToken(sandboxUrl) },
    );
    const answer = await client.inbound.listPrepDetails(US, ['ACME,MUG+1%', 'ACME-PLAIN']);
    const v = swaggerDefinition(MODEL, 'ListPrepDetailsResponse');
    expect(v(answer), problemsOf(v)).toBe(true);
    expect(answer.mskuPrepDetails.map((d) => d.msku)).toEqual(['ACME,MUG+1%', 'ACME-PLAIN']);
    // The MSKUs go comma-separated, each one's own comma, plus and percent encoded twice (Amazon's rule).
    expect(asked.find((u) => u.includes('prepDetails'))).toContain('mskus=ACME%252CMUG%252B1%2525%2CACME-PLAIN');
  });

  it('a SKU Amazon has no category for fails a plan until the seller sets one; a type the category refuses fails the setting', async () => {
    const inventory = (await seller.inventorySummaries(US)).payload!.inventorySummaries!;
    const smock = inventory.find((s) => /Smock/.test(s.productName ?? ''))!;
    const [before] = (await seller.inbound.listPrepDetails(US, [smock.sellerSku!])).mskuPrepDetails;
    expect(before).toMatchObject({ prepCategory: 'UNKNOWN', prepTypes: [] });
    const refused = await seller.inbound.createInboundPlan(
      plan([{ msku: smock.sellerSku!, quantity: 2, labelOwner: 'SELLER', prepOwner: 'SELLER' }]),
    );
    const err = await seller.inbound.waitFor(refused.operationId, { pollMs: 100 }).catch((e: unknown) => e);
    expect((err as ProviderFailure).messages[0]).toMatch(
      new RegExp(`FBA_INB-\\d{4}\\): MSKU ${smock.sellerSku}: the prep category is unknown`),
    );

    const wrong = await seller.inbound.setPrepDetails({
      marketplaceId: US,
      mskuPrepDetails: [{ msku: smock.sellerSku!, prepCategory: 'NONE', prepTypes: ['ITEM_BUBBLEWRAP'] }],
    });
    const failed = await seller.inbound.waitFor(wrong.operationId, { pollMs: 100 }).catch((e: unknown) => e);
    expect((failed as ProviderFailure).messages[0]).toMatch(/ITEM_BUBBLEWRAP does not go with the prep category NONE/);
    const vReq = swaggerDefinition(MODEL, 'SetPrepDetailsRequest');
    expect(vReq(sent.at(-1)!.body), problemsOf(vReq)).toBe(true);

    const set = await seller.inbound.setPrepDetails({
      marketplaceId: US,
      mskuPrepDetails: [{ msku: smock.sellerSku!, prepCategory: 'TEXTILE', prepTypes: ['ITEM_POLYBAGGING'] }],
    });
    const vSet = swaggerDefinition(MODEL, 'SetPrepDetailsResponse');
    expect(vSet(set), problemsOf(vSet)).toBe(true);
    await seller.inbound.waitFor(set.operationId, { pollMs: 100 });
    const [after] = (await seller.inbound.listPrepDetails(US, [smock.sellerSku!])).mskuPrepDetails;
    expect(after).toMatchObject({ prepCategory: 'TEXTILE', prepTypes: ['ITEM_POLYBAGGING'] });
    const created = await seller.inbound.createInboundPlan(
      plan([{ msku: smock.sellerSku!, quantity: 2, labelOwner: 'SELLER', prepOwner: 'SELLER' }]),
    );
    await seller.inbound.waitFor(created.operationId, { pollMs: 100 });
    const { items } = await seller.inbound.listInboundPlanItems(created.inboundPlanId);
    expect(items[0].prepInstructions.map((p) => p.prepType)).toEqual(['ITEM_LABELING', 'ITEM_POLYBAGGING']);
    // Another seller's catalogue is its own.
    const [theirs] = (await other.inbound.listPrepDetails(US, [smock.sellerSku!])).mskuPrepDetails;
    expect(theirs.prepCategory).not.toBe('TEXTILE');

    const unknown = await seller.inbound
      .setPrepDetails({
        marketplaceId: US,
        mskuPrepDetails: [{ msku: smock.sellerSku!, prepCategory: 'UNKNOWN', prepTypes: [] }],
      })
      .catch((e: unknown) => e);
    expect((unknown as ProviderFailure).status).toBe(400);
    expect((unknown as ProviderFailure).messages[0]).toMatch(/UNKNOWN cannot be set/);
  });

  it('a dangerous good under review fails the plan, naming the Safety Data Sheet', async () => {
    const inventory = (await seller.inventorySummaries(US)).payload!.inventorySummaries!;
    const bank = inventory.find((s) => /Power Bank/.test(s.productName ?? ''))!;
    const started = await seller.inbound.createInboundPlan(
      plan([{ msku: bank.sellerSku!, quantity: 2, labelOwner: 'SELLER', prepOwner: 'SELLER' }]),
    );
    const err = await seller.inbound.waitFor(started.operationId, { pollMs: 100 }).catch((e: unknown) => e);
    expect((err as ProviderFailure).messages[0]).toMatch(
      /dangerous goods \(hazmat\) review is not complete.*Safety Data Sheet/,
    );
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
