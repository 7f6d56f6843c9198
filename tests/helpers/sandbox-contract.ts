/**
 * Every answer a sandbox gives during the contract tests, held to the provider's published
 * document in ../shared/reference (tests/helpers/reference-schema.ts).
 *
 * A contract test file calls `holdSandboxesToReference(import.meta.filename)` at its top and
 * `contract.attach(server)` before `server.listen()`: from then on every answer under /sandbox/
 * (from the Dockside clients, the jobs, or a test's own fetch) is matched to its route, the route
 * to the document's operation, the status to the document's response, and the body validated
 * against that response's schema. A test during which an answer failed fails after it
 * (afterEach), naming the operation and what the document requires. The file's last test,
 * `contract.expectCovered()`, checks that every operation SANDBOX_CONTRACTS assigns to the file
 * was answered and validated at least once; sandbox-reference.test.ts checks that every route the
 * sandboxes serve is either mapped to a document's operation and assigned to a file, or listed in
 * NOT_IN_REFERENCE with the reason.
 *
 * An answer whose status the document does not describe (no such response and no `default`, or
 * a refusal listed without its body, as eBay's and Walmart's are) is counted but has nothing to be
 * held to. SANDBOX_CONTRACT_DUMP=<dir> writes what each file saw, per operation and status.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import type { TestServer } from './server.js';
import { answerCheck, findReferenceOperation, pathShape, schemaProblems } from './reference-schema.js';

/** The published documents of each provider the sandboxes stand in for. */
export const PROVIDER_DOCUMENTS: Record<string, string[]> = {
  amazon: [
    'amazon/fbaInventory.json',
    'amazon/fulfillmentInbound_2024-03-20.json',
    'amazon/fulfillmentInboundV0.json',
    'amazon/listingsItems_2021-08-01.json',
    'amazon/catalogItems_2022-04-01.json',
    'amazon/productFeesV0.json',
    'amazon/orders_2026-01-01.json',
    'amazon/ordersV0.json',
    'amazon/merchantFulfillmentV0.json',
    'amazon/reports_2021-06-30.json',
  ],
  walmart: ['walmart/walmart-marketplace-fulfillment-openapi-original.yml'],
  ebay: ['ebay/sell_fulfillment_v1_oas3.json'],
  shipengine: ['shipengine/openapi.yaml'],
  shopify: [],
  payments: [],
  freight: [],
};

const SANDBOX_OWN = 'the sandbox’s own control (reset an account), not part of the provider’s API';
const NO_MODEL = (what: string) => `${what}: no published model of it is in ../shared/reference`;
const WALMART_NOT_HERE = (api: string, held: string) =>
  `Walmart ${api}: ../shared/reference holds only Walmart's Fulfillment Management (WFS) model; ${held}`;
const STRIPE = NO_MODEL(
  'the card processor (Stripe’s API); held to the client’s zod schemas and Stripe’s documented behaviours (decision 0009)',
);
const FREIGHT = NO_MODEL('the freight broker, an API of Dockside’s own design (decision 0009)');
const SHOPIFY = NO_MODEL(
  'Shopify’s Admin API is GraphQL (no OpenAPI); shopify-fulfillment.test.ts executes every document against the SDL excerpt in tests/reference/shopify',
);

/**
 * Routes the sandboxes serve that no document in ../shared/reference describes, each with why.
 * A route listed here that a document does describe fails sandbox-reference.test.ts.
 */
export const NOT_IN_REFERENCE: Record<string, string> = {
  // Amazon
  'amazon POST /auth/o2/token': NO_MODEL('Login with Amazon’s token endpoint (OAuth 2, not an SP-API model)'),
  'amazon GET /apps/authorize/consent': 'Seller Central’s consent page (HTML for a browser), not an API',
  'amazon POST /apps/authorize/consent': 'the consent page’s form post (a browser redirect), not an API',
  'amazon GET /documents/:file':
    'a label or bill-of-lading document behind the pre-signed URL getLabels/getBillOfLading answer (a file, not an API operation)',
  'amazon GET /images/I/:file': 'a catalog image behind the URL getCatalogItem answers (a file on Amazon’s CDN)',
  'amazon GET /report-documents/:id':
    'a report document behind the pre-signed URL getReportDocument answers (a file, gzipped or not)',
  'amazon POST /sandbox/reset': SANDBOX_OWN,
  // Walmart
  'walmart POST /v3/token': WALMART_NOT_HERE('Authentication (token API)', 'the client’s zod schema checks it'),
  'walmart GET /v3/orders': WALMART_NOT_HERE(
    'Order Management',
    'walmart-orders.test.ts holds it to the excerpt tests/reference/walmart/getAllOrders.200.json',
  ),
  'walmart GET /v3/orders/released': WALMART_NOT_HERE(
    'Order Management',
    'walmart-orders.test.ts holds it to the excerpt tests/reference/walmart/getAllOrders.200.json',
  ),
  'walmart GET /v3/orders/:purchaseOrderId': WALMART_NOT_HERE(
    'Order Management',
    'walmart-orders.test.ts holds it to the excerpt tests/reference/walmart/orderResponse.200.json',
  ),
  'walmart POST /v3/orders/:purchaseOrderId/acknowledge': WALMART_NOT_HERE(
    'Order Management',
    'walmart-orders.test.ts holds it to the excerpt tests/reference/walmart/orderResponse.200.json',
  ),
  'walmart POST /v3/orders/:purchaseOrderId/shipping': WALMART_NOT_HERE(
    'Order Management',
    'walmart-orders.test.ts holds it to the excerpt tests/reference/walmart/orderResponse.200.json',
  ),
  'walmart POST /v3/orders/:purchaseOrderId/cancel': WALMART_NOT_HERE(
    'Order Management',
    'walmart-orders.test.ts holds it to the excerpt tests/reference/walmart/orderResponse.200.json',
  ),
  'walmart GET /v3/items': WALMART_NOT_HERE(
    'Item Management',
    'the listings tests hold it to the excerpt tests/reference/walmart/getAllItems.200.json',
  ),
  'walmart POST /v3/items/catalog/search': WALMART_NOT_HERE(
    'Item Management',
    'the listings tests hold it to the excerpt tests/reference/walmart/getCatalogSearch.200.json',
  ),
  'walmart GET /v3/items/:id': WALMART_NOT_HERE('Item Management', 'the client’s zod schema checks it'),
  'walmart GET /v3/feeds/:feedId': WALMART_NOT_HERE(
    'Feed Management',
    'walmart-feeds.test.ts holds it to the excerpt tests/reference/walmart/getFeedItemStatus.200.json',
  ),
  'walmart GET /v3/feeds': WALMART_NOT_HERE(
    'Feed Management',
    'walmart-feeds.test.ts holds it to the excerpt tests/reference/walmart/getAllFeedStatuses.200.json',
  ),
  'walmart POST /v3/shipping/labels/shipping-estimates': WALMART_NOT_HERE(
    'Ship with Walmart (shipping labels)',
    'the client’s zod schema checks it',
  ),
  'walmart POST /v3/shipping/labels': WALMART_NOT_HERE(
    'Ship with Walmart (shipping labels)',
    'the client’s zod schema checks it',
  ),
  'walmart GET /v3/shipping/labels/purchase-orders/:purchaseOrderId': WALMART_NOT_HERE(
    'Ship with Walmart (shipping labels)',
    'the client’s zod schema checks it',
  ),
  'walmart GET /v3/shipping/labels/carriers/:carrier/trackings/:trackingNo': WALMART_NOT_HERE(
    'Ship with Walmart (shipping labels)',
    'a label document',
  ),
  'walmart DELETE /v3/shipping/labels/carriers/:carrier/trackings/:trackingNo': WALMART_NOT_HERE(
    'Ship with Walmart (shipping labels)',
    'the client’s zod schema checks it',
  ),
  'walmart POST /v3/sandbox/reset': SANDBOX_OWN,
  // eBay
  'ebay GET /oauth2/authorize': 'eBay’s sign-in and consent page (HTML for a browser), not an API',
  'ebay POST /oauth2/authorize': 'the consent page’s form post (a browser redirect), not an API',
  'ebay POST /identity/v1/oauth2/token': NO_MODEL('eBay’s OAuth token endpoint (the Identity API)'),
  'ebay POST /sell/logistics/v1_beta/shipping_quote': NO_MODEL('eBay’s Sell Logistics API (v1_beta)'),
  'ebay GET /sell/logistics/v1_beta/shipping_quote/:id': NO_MODEL('eBay’s Sell Logistics API (v1_beta)'),
  'ebay POST /sell/logistics/v1_beta/shipment/create_from_shipping_quote': NO_MODEL(
    'eBay’s Sell Logistics API (v1_beta)',
  ),
  'ebay GET /sell/logistics/v1_beta/shipment/:id': NO_MODEL('eBay’s Sell Logistics API (v1_beta)'),
  'ebay GET /sell/logistics/v1_beta/shipment/:id/download_label_file': NO_MODEL(
    'eBay’s Sell Logistics API (v1_beta), a label document',
  ),
  'ebay POST /sell/logistics/v1_beta/shipment/:id/cancel': NO_MODEL('eBay’s Sell Logistics API (v1_beta)'),
  'ebay POST /sell/sandbox/reset': SANDBOX_OWN,
  // Shopify
  'shopify GET /:shop/admin/oauth/authorize': 'Shopify’s install and consent page (HTML for a browser), not an API',
  'shopify POST /:shop/admin/oauth/authorize': 'the consent page’s form post (a browser redirect), not an API',
  'shopify POST /:shop/admin/oauth/access_token': NO_MODEL('Shopify’s OAuth token exchange'),
  'shopify POST /:shop/admin/sandbox/reset': SANDBOX_OWN,
  'shopify POST /:shop/admin/api/:version/graphql.json': SHOPIFY,
  // ShipEngine
  'shipengine GET /v1/downloads/labels/:file':
    'a label file (PDF/ZPL) behind the label_download URL an answer carries; the document’s download_file is /v1/downloads/{dir}/{subdir}/{filename}, a URL ShipEngine hands out and callers never build',
  'shipengine POST /v1/sandbox/reset': SANDBOX_OWN,
  // Card processor
  'payments GET /v1/balance': STRIPE,
  'payments POST /v1/customers': STRIPE,
  'payments GET /v1/customers/:id': STRIPE,
  'payments POST /v1/checkout/sessions': STRIPE,
  'payments GET /v1/checkout/sessions/:id': STRIPE,
  'payments POST /v1/checkout/sessions/:id/expire': STRIPE,
  'payments GET /checkout/:id': 'the hosted Checkout page (HTML for a browser), not an API',
  'payments POST /checkout/:id': 'the hosted Checkout page’s form post, not an API',
  'payments POST /v1/payment_intents': STRIPE,
  'payments GET /v1/payment_intents/:id': STRIPE,
  'payments POST /v1/refunds': STRIPE,
  'payments GET /v1/payment_methods': STRIPE,
  'payments POST /v1/webhook_endpoints': STRIPE,
  'payments GET /v1/events': STRIPE,
  'payments POST /v1/sandbox/reset': SANDBOX_OWN,
  'payments POST /v1/sandbox/sweep':
    'the sandbox’s own control (run the processor’s expiry sweep now), not part of the provider’s API',
  // Freight broker
  'freight POST /v1/quotes': FREIGHT,
  'freight POST /v1/shipments': FREIGHT,
  'freight GET /v1/shipments': FREIGHT,
  'freight GET /v1/shipments/:id': FREIGHT,
  'freight POST /v1/shipments/:id/cancel': FREIGHT,
  'freight GET /documents/:token/:file': FREIGHT,
};

/**
 * Which contract test file answers for which documented operations (`document operationId`):
 * that file must exercise each of them, and every answer is validated.
 */
export const SANDBOX_CONTRACTS: Record<string, string[]> = {
  'amazon-inbound.test.ts': [
    ...ops(
      'amazon/fulfillmentInbound_2024-03-20.json',
      'createInboundPlan',
      'getInboundOperationStatus',
      'listInboundPlans',
      'getInboundPlan',
      'listInboundPlanItems',
      'cancelInboundPlan',
      'generatePackingOptions',
      'listPackingOptions',
      'confirmPackingOption',
      'listPackingGroupItems',
      'setPackingInformation',
      'listInboundPlanBoxes',
      'generatePlacementOptions',
      'listPlacementOptions',
      'confirmPlacementOption',
      'getShipment',
      'listPrepDetails',
      'setPrepDetails',
    ),
    ...ops('amazon/fulfillmentInboundV0.json', 'getLabels'),
    ...ops('amazon/fbaInventory.json', 'getInventorySummaries'),
  ],
  'amazon-inbound-transport.test.ts': [
    ...ops(
      'amazon/fulfillmentInbound_2024-03-20.json',
      'generateTransportationOptions',
      'listTransportationOptions',
      'confirmTransportationOptions',
      'generateDeliveryWindowOptions',
      'listDeliveryWindowOptions',
      'confirmDeliveryWindowOptions',
      'updateShipmentTrackingDetails',
    ),
    ...ops('amazon/fulfillmentInboundV0.json', 'getBillOfLading', 'getShipmentItemsByShipmentId'),
  ],
  'amazon-listings.test.ts': [
    ...ops('amazon/listingsItems_2021-08-01.json', 'searchListingsItems', 'getListingsItem', 'putListingsItem'),
    ...ops('amazon/catalogItems_2022-04-01.json', 'getCatalogItem'),
    ...ops('amazon/productFeesV0.json', 'getMyFeesEstimateForSKU'),
  ],
  'amazon-mfn.test.ts': ops(
    'amazon/merchantFulfillmentV0.json',
    'getEligibleShipmentServices',
    'createShipment',
    'getShipment',
    'cancelShipment',
    'getAdditionalSellerInputs',
  ),
  'amazon-orders.test.ts': [
    ...ops('amazon/orders_2026-01-01.json', 'searchOrders', 'getOrder'),
    ...ops('amazon/ordersV0.json', 'confirmShipment', 'updateShipmentStatus'),
  ],
  'amazon-reports.test.ts': ops(
    'amazon/reports_2021-06-30.json',
    'createReport',
    'getReports',
    'getReport',
    'cancelReport',
    'getReportDocument',
  ),
  'ebay-fulfillment.test.ts': ops(
    'ebay/sell_fulfillment_v1_oas3.json',
    'getOrders',
    'getOrder',
    'getShippingFulfillments',
    'createShippingFulfillment',
    'getShippingFulfillment',
  ),
  'walmart-feeds.test.ts': ops('walmart/walmart-marketplace-fulfillment-openapi-original.yml', 'convertItemForWfs'),
  'walmart-wfs.test.ts': ops(
    'walmart/walmart-marketplace-fulfillment-openapi-original.yml',
    'inboundPreview',
    'createShipment',
    'getInboundShipments',
    'getInboundShipmentItems',
    'getInboundOrderErrors',
    'updateShipmentQuantity',
    'updateShipmentTrackingDetails',
    'cancelShipment',
    'createInboundShipmentLabelV2',
    'createInboundShipmentLabel',
    'createCarrierRateQuotes',
    'getCarrierRateQuote',
    'confirmCarrierRateQuote',
    'voidCarrierRateQuote',
    'printCarrierLabel',
  ),
  'shipengine-rates.test.ts': ops(
    'shipengine/openapi.yaml',
    'list_carriers',
    'calculate_rates',
    'create_label_from_rate',
    'get_label_by_id',
    'void_label',
    'get_tracking_log_from_label',
  ),
  // These files' sandbox routes are all in NOT_IN_REFERENCE; their answers are still watched, so
  // an answer of a route that a document describes would be checked (and a new route noticed).
  'shopify-fulfillment.test.ts': [],
  'walmart-orders.test.ts': [],
};

function ops(document: string, ...operationIds: string[]): string[] {
  return operationIds.map((id) => `${document} ${id}`);
}

export interface SandboxRoute {
  provider: string;
  method: string;
  /** The route as the sandbox declares it, under /sandbox/<provider> (Hono syntax). */
  path: string;
  key: string;
}

export type RouteMapping =
  | { kind: 'operation'; document: string; operationId: string; servedPath: string; key: string }
  | { kind: 'excluded'; reason: string }
  | { kind: 'unmapped' };

/** The routes the mounted sandboxes serve (middleware for every method left out). */
export function sandboxRoutes(app: { routes: { method: string; path: string }[] }): SandboxRoute[] {
  const seen = new Set<string>();
  const out: SandboxRoute[] = [];
  for (const r of app.routes) {
    const m = /^\/sandbox\/([^/]+)(\/.*)$/.exec(r.path);
    if (!m || r.method === 'ALL') continue;
    const key = `${m[1]} ${r.method} ${m[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ provider: m[1]!, method: r.method, path: m[2]!, key });
  }
  return out;
}

/** The documented operation a sandbox route is, or why none is. */
export function mapRoute(route: Pick<SandboxRoute, 'provider' | 'method' | 'path'>): RouteMapping {
  const key = `${route.provider} ${route.method} ${route.path}`;
  if (key in NOT_IN_REFERENCE) return { kind: 'excluded', reason: NOT_IN_REFERENCE[key]! };
  for (const document of PROVIDER_DOCUMENTS[route.provider] ?? []) {
    const op = findReferenceOperation(document, route.method, route.path);
    if (op)
      return {
        kind: 'operation',
        document,
        operationId: op.operationId,
        servedPath: op.servedPath,
        key: `${document} ${op.operationId}`,
      };
  }
  return { kind: 'unmapped' };
}

function routeMatcher(template: string): RegExp {
  const source = template
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(seg);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

interface Answer {
  test: string;
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

interface OperationRecord {
  answered: number;
  validated: number;
  /** Successful (2xx) answers validated: the operation's own answer, not only its refusals. */
  succeeded: number;
  statuses: Record<string, string>;
}

/** What one file's run saw: per documented operation, and what failed. */
export interface SandboxContract {
  attach(server: TestServer): void;
  /**
   * The file's last test: every operation SANDBOX_CONTRACTS gives this file was answered
   * successfully (2xx) at least once, and that answer held to the document.
   */
  expectCovered(): Promise<void>;
  readonly operations: Map<string, OperationRecord>;
}

export function holdSandboxesToReference(file: string): SandboxContract {
  const name = path.basename(file);
  const operations = new Map<string, OperationRecord>();
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  let routes: (SandboxRoute & { re: RegExp; mapping: RouteMapping })[] = [];

  const judge = (a: Answer): void => {
    const m = /^\/sandbox\/([^/]+)(\/[^?]*)/.exec(new URL(a.url).pathname);
    if (!m) return;
    const route = routes.find((r) => r.provider === m[1] && r.method === a.method && r.re.test(m[2]!));
    if (!route) return; // a 404 for a path no route serves: nothing the provider documents
    const { mapping } = route;
    if (mapping.kind === 'excluded') return;
    const where = `${a.method} ${route.path} → ${a.status} (${a.test})`;
    if (mapping.kind === 'unmapped') {
      failures.push(`${route.provider} ${where}: no operation of ${route.provider}'s published documents`);
      return;
    }
    const rec = operations.get(mapping.key) ?? { answered: 0, validated: 0, succeeded: 0, statuses: {} };
    operations.set(mapping.key, rec);
    rec.answered++;
    const check = answerCheck(mapping.document, a.method, mapping.servedPath, a.status);
    rec.statuses[a.status] = check.kind;
    const ok = () => {
      rec.validated++;
      if (a.status >= 200 && a.status < 300) rec.succeeded++;
    };
    const fail = (why: string) =>
      failures.push(`${mapping.key} ${where}: ${why}\n    answer: ${a.body.slice(0, 300).replace(/\s+/g, ' ')}`);
    if (check.kind === 'undeclared') return; // the document says nothing of this status
    if (check.kind === 'empty') {
      if (a.body.trim()) fail(`the document declares no body for ${check.status}`);
      else ok();
      return;
    }
    if (check.kind === 'media') {
      const type = a.contentType.split(';')[0]!.trim();
      if (!check.types.some((t) => t === type || t === '*/*')) fail(`${type} is not ${check.types.join(' or ')}`);
      else ok();
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(a.body);
    } catch {
      fail(`not JSON (${a.contentType || 'no content-type'})`);
      return;
    }
    if (check.validate(body)) ok();
    else fail(`not ${check.pointer} (${check.status}): ${schemaProblems(check.validate.errors)}`);
  };

  const settle = async () => {
    // An answer whose body never ends (a stalled fault) is not waited for beyond a moment.
    await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 2_000))]);
  };

  afterEach(async () => {
    await settle();
    if (failures.length) {
      const said = failures.splice(0).join('\n  ');
      throw new Error(`Sandbox answers outside the provider's published model:\n  ${said}`);
    }
  });
  afterAll(() => {
    const dump = process.env.SANDBOX_CONTRACT_DUMP;
    if (dump) writeFileSync(path.join(dump, `${name}.json`), JSON.stringify(Object.fromEntries(operations), null, 1));
  });

  return {
    operations,
    attach(server) {
      routes = sandboxRoutes(server.started.app).map((r) => ({ ...r, re: routeMatcher(r.path), mapping: mapRoute(r) }));
      const app = server.started.app;
      const original = app.fetch.bind(app);
      app.fetch = (async (request: Request, ...rest: unknown[]) => {
        const res = await (original as (r: Request, ...x: unknown[]) => Response | Promise<Response>)(request, ...rest);
        if (!new URL(request.url).pathname.startsWith('/sandbox/')) return res;
        const test = expect.getState().currentTestName ?? '(outside a test)';
        const copy = res.clone();
        const done = copy
          .text()
          .then((body) =>
            judge({
              test,
              method: request.method,
              url: request.url,
              status: res.status,
              contentType: res.headers.get('content-type') ?? '',
              body,
            }),
          )
          .catch(() => undefined)
          .finally(() => pending.delete(done));
        pending.add(done);
        return res;
      }) as typeof app.fetch;
    },
    async expectCovered() {
      await settle();
      const assigned = SANDBOX_CONTRACTS[name] ?? [];
      const missing = assigned.filter((key) => !(operations.get(key)?.succeeded ?? 0));
      expect(
        missing.map((key) => `${key}: ${JSON.stringify(operations.get(key)?.statuses ?? 'never answered')}`),
        `${name} must answer each operation it holds to the published model`,
      ).toEqual([]);
    },
  };
}

export { pathShape };
