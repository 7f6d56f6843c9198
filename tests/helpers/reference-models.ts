/**
 * The providers' published models (../shared/reference) as validators: a sandbox's answers and a
 * client's requests are held to the provider's own contract, not only to our zod reading of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

const REFERENCE = path.resolve(import.meta.dirname, '../reference');
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const cache = new Map<string, ValidateFunction>();

/** A Swagger 2.0 model's definition (e.g. amazon/fbaInventory.json, GetInventorySummariesResponse). */
export function swaggerDefinition(file: string, definition: string): ValidateFunction {
  const key = `${file}#${definition}`;
  let v = cache.get(key);
  if (!v) {
    const doc = JSON.parse(readFileSync(path.join(REFERENCE, file), 'utf8')) as {
      definitions: Record<string, unknown>;
    };
    v = ajv.compile({ $ref: `#/definitions/${definition}`, definitions: doc.definitions });
    cache.set(key, v);
  }
  return v;
}

export const problemsOf = (v: ValidateFunction): string =>
  (v.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');

/** An OpenAPI 3 model's component schema (e.g. ebay/order-schemas.json, OrderSearchPagedCollection). */
export function openApiSchema(file: string, name: string): ValidateFunction {
  const key = `${file}#${name}`;
  let v = cache.get(key);
  if (!v) {
    const doc = JSON.parse(readFileSync(path.join(REFERENCE, file), 'utf8')) as { components: unknown };
    v = ajv.compile({ $ref: `#/components/schemas/${name}`, components: asJsonSchema(doc.components) });
    cache.set(key, v);
  }
  return v;
}

/** A response schema kept on its own (e.g. walmart/getInboundShipments.200.json). */
export function excerptSchema(file: string): ValidateFunction {
  let v = cache.get(file);
  if (!v) {
    const doc = JSON.parse(readFileSync(path.join(REFERENCE, file), 'utf8')) as { schema: object };
    v = ajv.compile(doc.schema);
    cache.set(file, v);
  }
  return v;
}

/**
 * OpenAPI 3.0 schema dialect → JSON Schema: `nullable: true` becomes "or null", boolean exclusive
 * bounds become numbers, and `additionalProperties: false` is dropped (see below).
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, asJsonSchema(v)]));
  // Models built by allOf composition also mark the parts `additionalProperties: false`, which JSON
  // Schema applies to each part alone (refusing every property of the others): extras are let be,
  // while required fields, types, formats, patterns and enums are all checked.
  if (out.additionalProperties === false) delete out.additionalProperties;
  // Draft 4's boolean exclusive bounds become the number form.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}
