/**
 * The OpenAPI document describes response bodies (issue 16 item 4): every operation declares a
 * 2xx body, and the untyped ones (a bare object) only shrink — a ratchet, while the older areas
 * move their shapes into domain/schemas. Areas done are held to none. What a body declares is
 * true of what it answers: every integration test checks each answer against its schema
 * (server/http/response-contracts.ts, on in tests/helpers/server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

/** Untyped bodies left; lower it as areas are typed, never raise it. */
const MAX_UNTYPED = 74;
const TYPED_AREAS = [
  '/api/users',
  '/api/company',
  '/api/product',
  '/api/jobs',
  '/api/dashboard',
  '/api/sync',
  '/api/authenticate',
  '/api/organization',
  '/api/self',
  '/api/user-management',
  '/api/problem-management',
  '/api/common/settings',
  '/api/tenant-settings',
];

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
  it('every operation declares its success body; untyped ones only shrink, and typed areas have none', () => {
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
    if (process.env.LIST_UNTYPED) console.log(loose.join('\n'));
    expect(missing).toEqual([]);
    expect(loose.filter((r) => TYPED_AREAS.some((area) => r.split(' ')[1].startsWith(area)))).toEqual([]);
    expect(loose.length).toBeLessThanOrEqual(MAX_UNTYPED);
  });
});
