/**
 * The OpenAPI document describes response bodies (issue 16 item 4): every operation declares a
 * 2xx body with its real shape from domain/schemas — none is a bare object. What a body declares
 * is true of what it answers: every integration test checks each answer against its schema
 * (server/http/response-contracts.ts, on in tests/helpers/server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; $ref?: string; anyOf?: Schema[] };
let s: TestServer;
let doc: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
};

beforeAll(async () => {
  s = await TestServer.start();
  doc = await (await s.started.app.request('/api/docs/openapi.json')).json();
});
afterAll(() => s.close());

const untyped = (schema: Schema | undefined): boolean => {
  if (!schema) return true;
  if (schema.items) return untyped(schema.items);
  return schema.type === 'object' && !schema.$ref && !schema.anyOf && Object.keys(schema.properties ?? {}).length === 0;
};

describe('response bodies in the OpenAPI document', () => {
  it('every operation declares its success body, and none is a bare object', () => {
    const missing: string[] = [];
    const loose: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const success = Object.entries(op.responses).find(([status]) => /^2\d\d$/.test(status))?.[1];
        if (!success?.content) missing.push(`${method} ${path}`);
        const json = success?.content?.['application/json'];
        // Files (CSV, labels) declare their media types instead of a JSON body.
        if (json && untyped(json.schema.properties?.body)) loose.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(loose).toEqual([]);
  });

  it('a body names its fields, down into pages and nested lists (what the admin API screen shows)', () => {
    const body = (path: string, method = 'get') =>
      doc.paths[path][method].responses['200'].content!['application/json'].schema.properties!.body;
    const snapshot = body('/api/inventory');
    expect(Object.keys(snapshot.properties ?? {})).toEqual(
      expect.arrayContaining(['content', 'totalElements', 'totalUnits', 'asOf']),
    );
    expect(Object.keys(snapshot.properties!.content.items!.properties ?? {})).toEqual(
      expect.arrayContaining(['productKey', 'location', 'lpn', 'quantity']),
    );
    const batch = body('/api/ship/batch/{id}');
    expect(Object.keys(batch.properties!.items.items!.properties ?? {})).toEqual(
      expect.arrayContaining(['expectedQty', 'receivedQty', 'sortedQty', 'itemAction']),
    );
  });
});
