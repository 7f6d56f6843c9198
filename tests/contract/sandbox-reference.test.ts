/**
 * Issue 38: the sandboxes are honest to the providers' published models. Every route the mounted
 * sandboxes serve is either an operation of its provider's document in ../shared/reference —
 * assigned to the contract test file that exercises it and validates every answer against that
 * document's response schema (tests/helpers/sandbox-contract.ts) — or listed in NOT_IN_REFERENCE
 * with the reason no document describes it. This file checks that bookkeeping; each contract file's
 * last test checks that its operations were answered and validated.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { Deps } from '../../server/context.js';
import { mountSandboxes } from '../../server/sandboxes/index.js';
import {
  mapRoute,
  NOT_IN_REFERENCE,
  PROVIDER_DOCUMENTS,
  SANDBOX_CONTRACTS,
  sandboxRoutes,
  type SandboxRoute,
} from '../helpers/sandbox-contract.js';
import {
  answerCheck,
  DOCUMENT_ERRATA,
  findReferenceOperation,
  referenceOperations,
  schemaProblems,
} from '../helpers/reference-schema.js';

let routes: SandboxRoute[];

beforeAll(() => {
  // The sandboxes as Dockside mounts them; listing their routes needs no database.
  const app = new Hono();
  mountSandboxes(app, { config: { sandbox: true } } as unknown as Deps);
  routes = sandboxRoutes(app);
});

const mapped = () =>
  routes.flatMap((r) => {
    const m = mapRoute(r);
    return m.kind === 'operation' ? [{ route: r, ...m }] : [];
  });

describe('every sandbox operation is held to its provider’s published model', () => {
  it('lists the sandboxes’ routes', () => {
    expect(new Set(routes.map((r) => r.provider))).toEqual(new Set(Object.keys(PROVIDER_DOCUMENTS)));
    expect(routes.length).toBeGreaterThan(100);
  });

  it('each route is an operation of its provider’s documents, or excluded with the reason', () => {
    const unmapped = routes.filter((r) => mapRoute(r).kind === 'unmapped').map((r) => r.key);
    expect(unmapped, 'map these to a document in ../shared/reference or list them in NOT_IN_REFERENCE').toEqual([]);
  });

  it('no exclusion hides an operation a document describes, and none names a route no sandbox serves', () => {
    const served = new Set(routes.map((r) => r.key));
    expect(Object.keys(NOT_IN_REFERENCE).filter((key) => !served.has(key))).toEqual([]);
    const documented = Object.keys(NOT_IN_REFERENCE).filter((key) => {
      const [provider, method, route] = key.split(' ');
      return (PROVIDER_DOCUMENTS[provider!] ?? []).some((doc) => findReferenceOperation(doc, method!, route!));
    });
    expect(documented).toEqual([]);
    for (const [key, why] of Object.entries(NOT_IN_REFERENCE)) expect(why.length, key).toBeGreaterThan(20);
  });

  it('each documented operation is assigned to a contract test file that holds its answers to the document', () => {
    const operations = new Set(mapped().map((m) => m.key));
    const assigned = new Set(Object.values(SANDBOX_CONTRACTS).flat());
    expect(
      [...operations].filter((k) => !assigned.has(k)),
      'add these to SANDBOX_CONTRACTS',
    ).toEqual([]);
    expect(
      [...assigned].filter((k) => !operations.has(k)),
      'no sandbox route serves these',
    ).toEqual([]);
    const dir = import.meta.dirname;
    const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts') && f !== path.basename(import.meta.filename));
    expect(
      files.filter((f) => !(f in SANDBOX_CONTRACTS)),
      'contract files not watched',
    ).toEqual([]);
    for (const file of Object.keys(SANDBOX_CONTRACTS)) {
      expect(existsSync(path.join(dir, file)), file).toBe(true);
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).toContain('holdSandboxesToReference(import.meta.filename)');
      expect(text, file).toMatch(/contract\.attach\(s\);\s*\n\s*\w+ = await s\.listen\(\)/);
      expect(text, file).toContain('contract.expectCovered()');
    }
  });

  it('every declared answer of those operations compiles from the document itself', () => {
    const byDocument = new Map<string, number>();
    for (const m of mapped()) {
      const op = referenceOperations(m.document).find((o) => o.operationId === m.operationId)!;
      for (const status of Object.keys(op.responses)) {
        if (status === 'default') continue;
        // Compiles the answer's schema (with every $ref it reaches) or says what else it is.
        const check = answerCheck(m.document, m.route.method, m.servedPath, status);
        expect(['json', 'media', 'empty', 'undeclared'], `${m.key} ${status}`).toContain(check.kind);
      }
      byDocument.set(m.document, (byDocument.get(m.document) ?? 0) + 1);
    }
    // Every provider with a published document has operations held to it.
    for (const [provider, docs] of Object.entries(PROVIDER_DOCUMENTS))
      if (docs.length)
        expect(
          docs.some((d) => byDocument.has(d)),
          provider,
        ).toBe(true);
    for (const [doc, errata] of Object.entries(DOCUMENT_ERRATA))
      for (const e of errata) expect(e.why.length, `${doc} ${e.at}`).toBeGreaterThan(40);
  });
});

describe('the validator reads the documents as they are written', () => {
  const json = (doc: string, method: string, p: string, status: number) => {
    const check = answerCheck(doc, method, p, status);
    if (check.kind !== 'json') throw new Error(`${doc} ${method} ${p} ${status} has no JSON schema`);
    return check.validate;
  };

  it('ShipEngine (OpenAPI 3.0, YAML): calculate_rates requires the whole shipment, with a date-time ship date', () => {
    const v = json('shipengine/openapi.yaml', 'POST', '/v1/rates', 200);
    expect(v({ shipment_id: 'se-1', ship_date: '2026-11-29', rate_response: {} })).toBe(false);
    const said = schemaProblems(v.errors, 50);
    for (const field of ['return_to', 'confirmation', 'customs', 'advanced_options', 'insurance_provider', 'tags'])
      expect(said).toContain(`required property '${field}'`);
    expect(said).toContain('/ship_date must match format "date-time"');
    // nullable: customs may be null; a wrong enum is still refused.
    expect(said).not.toContain('/customs');
    expect(v({ insurance_provider: 'lloyds' })).toBe(false);
    expect(schemaProblems(v.errors, 50)).toContain('/insurance_provider must be equal to one of the allowed values');
  });

  it('Amazon (Swagger 2.0): an operation’s answer is its definition, enums and formats included', () => {
    const v = json('amazon/fulfillmentInbound_2024-03-20.json', 'GET', '/inbound/fba/2024-03-20/operations/{}', 200);
    const ok = {
      operation: 'createInboundPlan',
      operationId: '1b0c5a8e-3f2d-4c7a-9e61-0d2b4a6c8e10',
      operationProblems: [],
      operationStatus: 'SUCCESS',
    };
    expect(v(ok), schemaProblems(v.errors)).toBe(true);
    expect(v({ ...ok, operationStatus: 'DONE' })).toBe(false);
    const refusal = json(
      'amazon/fulfillmentInbound_2024-03-20.json',
      'GET',
      '/inbound/fba/2024-03-20/operations/{}',
      404,
    );
    expect(refusal({ errors: [{ code: 'NotFound', message: 'no such operation' }] })).toBe(true);
    expect(refusal({ errors: [{ message: 'no code' }] })).toBe(false);
  });

  it('eBay (OpenAPI 3.0 with a server base path) and Walmart (OpenAPI 3.0.1, YAML) are found at their served paths', () => {
    expect(
      findReferenceOperation('ebay/sell_fulfillment_v1_oas3.json', 'GET', '/sell/fulfillment/v1/order/:orderId'),
    ).toMatchObject({ operationId: 'getOrder', path: '/order/{orderId}' });
    const label = answerCheck(
      'walmart/walmart-marketplace-fulfillment-openapi-original.yml',
      'GET',
      '/v3/fulfillment/label/:shipmentId',
      200,
    );
    expect(label).toMatchObject({ kind: 'media', types: ['application/pdf'] });
    // A status the document does not describe is reported as such, not guessed.
    expect(
      answerCheck(
        'walmart/walmart-marketplace-fulfillment-openapi-original.yml',
        'GET',
        '/v3/fulfillment/inbound-shipments',
        400,
      ).kind,
    ).toBe('undeclared');
  });
});
