/**
 * The providers' published API documents (../shared/reference: Swagger 2.0 and OpenAPI 3.x, JSON
 * or YAML) read as JSON Schema, straight from the file: given a document, an HTTP method, a path
 * template and a status code, the validator of that answer's body as the document declares it.
 * Nothing is copied or rewritten by hand; the document's schema dialect is adapted as it loads:
 *
 * - `$ref`s resolve inside the document (`#/definitions/…` in Swagger 2.0, `#/components/…` in
 *   OpenAPI 3.x, and a response given as `#/responses/…` or `#/components/responses/…`);
 * - OpenAPI 3.0's `nullable: true` (and Swagger 2.0's `x-nullable: true`) becomes "or null";
 * - draft-4 boolean `exclusiveMinimum`/`exclusiveMaximum` become the number form;
 * - `additionalProperties: false` is kept, except on a schema composed with allOf/anyOf/oneOf or
 *   used as a part of an allOf (JSON Schema would apply it to each part alone and refuse every
 *   property the other parts bring);
 * - a `writeOnly` property is not required in an answer (OpenAPI: it is only ever sent).
 *
 * Formats are checked (ajv-formats: date-time, date, uri, email, uuid, int32 …; `url` as any
 * absolute http(s) URL, since ajv-formats' refuses loopback hosts); formats JSON Schema does not
 * know (ShipEngine's `pdf`) are let be.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import YAML from 'yaml';

// ajv-formats is CommonJS: under Node's ESM its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/** Where the published documents are: the workspace's ../shared/reference (REFERENCE_DIR overrides). */
export const REFERENCE_DIR = path.resolve(
  process.env.REFERENCE_DIR ?? path.join(import.meta.dirname, '../../../shared/reference'),
);

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface ReferenceOperation {
  /** The document, relative to REFERENCE_DIR (e.g. `shipengine/openapi.yaml`). */
  document: string;
  method: string;
  /** The path as the document writes it (e.g. `/v1/labels/{label_id}/void`). */
  path: string;
  /** The path as served, with the document's base path (eBay: `/sell/fulfillment/v1/order`). */
  servedPath: string;
  operationId: string;
  responses: Json;
}

/** What the document says an answer of one status carries. */
export type AnswerCheck =
  | { kind: 'json'; status: string; validate: ValidateFunction; pointer: string }
  | { kind: 'media'; status: string; types: string[] }
  | { kind: 'empty'; status: string }
  | { kind: 'undeclared'; status: string };
// `undeclared`: the document does not describe this status's body (no such status and no
// `default`, or a refusal listed without content).

interface LoadedDocument {
  file: string;
  raw: Json;
  ajv: Ajv;
  id: string;
  operations: ReferenceOperation[];
  checks: Map<string, AnswerCheck>;
}

const documents = new Map<string, LoadedDocument>();

/**
 * Where a published document contradicts itself (no answer can satisfy it, or a request field
 * chooses an answer the response does not list), what is taken out of or added to that one place
 * as it loads, and why. Nothing else is changed.
 */
export const DOCUMENT_ERRATA: Record<string, { at: string; drop?: string[]; add?: Json; why: string }[]> = {
  'shipengine/openapi.yaml': [
    {
      at: '/components/schemas/rates_information/properties/created_at',
      drop: ['allOf'],
      why: 'typed both `format: date-time` and (allOf) an se_id (^se(-[a-z0-9]+)+$), which no string is; the description ("When the rate was created") and every other created_at say date-time, so the se_id part is dropped',
    },
  ],
  'walmart/walmart-marketplace-fulfillment-openapi-original.yml': [
    {
      at: '/paths/~1v3~1fulfillment~1shipment-label/post/responses/200/content',
      add: { 'application/zpl': { schema: { type: 'string' } } },
      why: 'the request’s labelFormat chooses the label’s format (PDF or ZPL) but the 200 lists only application/pdf; a ZPL label is the document in ZPL',
    },
  ],
};

/** The document itself, parsed (JSON or YAML). */
export function readReference(file: string): Json {
  const full = path.join(REFERENCE_DIR, file);
  if (!existsSync(full)) throw new Error(`The published model ${file} is not in ${REFERENCE_DIR}`);
  const text = readFileSync(full, 'utf8');
  return (/\.ya?ml$/.test(file) ? YAML.parse(text, { maxAliasCount: -1 }) : JSON.parse(text)) as Json;
}

/** `{id}`, `:id` and `:id{regex}` all become `{}`, so templates compare by shape. */
export const pathShape = (template: string): string =>
  template
    .replace(/\{[^}/]+\}/g, '{}')
    .replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, '{}')
    .replace(/\/+$/, '') || '/';

function basePathOf(doc: Json): string {
  if (typeof doc.basePath === 'string') return doc.basePath.replace(/\/+$/, '');
  const server = (doc.servers as { url: string; variables?: Record<string, { default: string }> }[] | undefined)?.[0];
  if (!server) return '';
  const url = server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '');
  const pathname = /^[a-z]+:\/\//i.test(url) ? new URL(url).pathname : url;
  return pathname.replace(/\/+$/, '');
}

function load(file: string): LoadedDocument {
  let loaded = documents.get(file);
  if (loaded) return loaded;
  const raw = readReference(file);
  for (const erratum of DOCUMENT_ERRATA[file] ?? []) {
    const node = resolveLocal(raw, `#${erratum.at}`);
    for (const keyword of erratum.drop ?? []) delete node[keyword];
    Object.assign(node, erratum.add ?? {});
  }
  const base = basePathOf(raw);
  const operations: ReferenceOperation[] = [];
  for (const [p, item] of Object.entries((raw.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      operations.push({
        document: file,
        method: method.toUpperCase(),
        path: p,
        servedPath: `${base}${p}`,
        operationId: String(op.operationId ?? `${method} ${p}`),
        responses: (op.responses ?? {}) as Json,
      });
    }
  }
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  for (const unknown of ['pdf', 'decimal', 'integer']) ajv.addFormat(unknown, true);
  // ajv-formats' `url` refuses private and loopback hosts (a public-URL regex), and a local
  // sandbox's links are on loopback: an absolute http(s) URL is what the documents mean.
  ajv.addFormat('url', { type: 'string', validate: isHttpUrl });
  const id = `reference:${file}`;
  // Only the schema sections are given to ajv; answers are compiled against them by $ref.
  ajv.addSchema(
    {
      $id: id,
      definitions: asJsonSchemaMap(raw.definitions as Json | undefined, closedPartsOf(raw)),
      components: raw.components
        ? { schemas: asJsonSchemaMap((raw.components as Json).schemas as Json | undefined, closedPartsOf(raw)) }
        : undefined,
    },
    id,
  );
  loaded = { file, raw, ajv, id, operations, checks: new Map() };
  documents.set(file, loaded);
  return loaded;
}

/** Every operation the document describes. */
export function referenceOperations(file: string): ReferenceOperation[] {
  return load(file).operations;
}

/** The document's operation at this method and path (a served path, with the document's base path). */
export function findReferenceOperation(file: string, method: string, template: string): ReferenceOperation | undefined {
  const shape = pathShape(template);
  return load(file).operations.find((o) => o.method === method.toUpperCase() && pathShape(o.servedPath) === shape);
}

const pointerOf = (parts: string[]) => '#/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function resolveLocal(doc: Json, ref: string): Json {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = (node as Json)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!node || typeof node !== 'object') throw new Error(`${ref} does not resolve`);
  return node as Json;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const isJsonMedia = (type: string) => /(^|\/|\+)json\b/i.test(type) || type === '*/*';

/**
 * How an answer of `status` to the document's operation at `method` + `template` is checked:
 * the body's JSON Schema, the declared media types of a document (a PDF label), an empty body, or
 * `undeclared` when the document says nothing of that status (no `default` either).
 */
export function answerCheck(file: string, method: string, template: string, status: number | string): AnswerCheck {
  const doc = load(file);
  const op = findReferenceOperation(file, method, template);
  if (!op) throw new Error(`${file} describes no ${method.toUpperCase()} ${template}`);
  const code = String(status);
  const key = `${op.method} ${op.path} ${code}`;
  const cached = doc.checks.get(key);
  if (cached) return cached;
  const declared = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => k in op.responses);
  let check: AnswerCheck;
  if (!declared) check = { kind: 'undeclared', status: code };
  else {
    let response = op.responses[declared] as Json;
    const where = ['paths', op.path, op.method.toLowerCase(), 'responses', declared];
    let at = where;
    if (typeof response.$ref === 'string') {
      at = response.$ref.replace(/^#\//, '').split('/');
      response = resolveLocal(doc.raw, response.$ref);
    }
    let schema: unknown;
    let schemaAt: string[] = [];
    let types: string[] = [];
    if (doc.raw.swagger) {
      schema = response.schema;
      schemaAt = [...at, 'schema'];
      const produces = ((doc.raw.paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
      types = (produces.produces ?? doc.raw.produces ?? ['application/json']) as string[];
      if (schema && !types.some(isJsonMedia) && (schema as Json).type === 'file') schema = undefined;
    } else {
      const content = (response.content ?? {}) as Record<string, Json>;
      types = Object.keys(content);
      const json = types.find(isJsonMedia);
      if (json) {
        schema = content[json].schema;
        schemaAt = [...at, 'content', json, 'schema'];
      }
    }
    if (schema) {
      const pointer = pointerOf(schemaAt);
      const validate = doc.ajv.compile(withDocumentRefs(asJsonSchema(schema, new Set()), doc.id) as object);
      check = { kind: 'json', status: declared, validate, pointer };
    } else if (types.length && !(doc.raw.swagger && types.some(isJsonMedia))) {
      check = { kind: 'media', status: declared, types };
    } else if (code.startsWith('2')) check = { kind: 'empty', status: declared };
    // A refusal the document lists without its body (eBay's 400/404/409): the status is
    // documented, what it carries is not.
    else check = { kind: 'undeclared', status: code };
  }
  doc.checks.set(key, check);
  return check;
}

/** Ajv's errors as one line a reader can act on. */
export const schemaProblems = (errors: ErrorObject[] | null | undefined, limit = 12): string => {
  const list = (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
        : e.keyword === 'enum'
          ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
          : '';
    return `${e.instancePath || '(root)'} ${e.message}${extra}`;
  });
  const unique = [...new Set(list)];
  return unique.slice(0, limit).join('; ') + (unique.length > limit ? `; … ${unique.length - limit} more` : '');
};

/** A schema of an answer points into the document it came from. */
function withDocumentRefs(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((n) => withDocumentRefs(n, id));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Json).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${id}${v}` : withDocumentRefs(v, id),
    ]),
  );
}

/**
 * The schemas JSON Schema would wrongly close: the `$ref` targets used as allOf parts.
 */
function closedPartsOf(doc: Json): Set<string> {
  const parts = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Json;
    if (Array.isArray(n.allOf))
      for (const part of n.allOf as Json[]) if (typeof part?.$ref === 'string') parts.add(part.$ref);
    Object.values(n).forEach(walk);
  };
  walk(doc.definitions);
  walk(doc.components);
  walk(doc.paths);
  return parts;
}

function asJsonSchemaMap(map: Json | undefined, allOfParts: Set<string>): Json | undefined {
  if (!map) return undefined;
  return Object.fromEntries(
    Object.entries(map).map(([name, schema]) => [
      name,
      asJsonSchema(schema, allOfParts, [`#/definitions/${name}`, `#/components/schemas/${name}`]),
    ]),
  );
}

/** Keywords whose value is a map of names to schemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/**
 * One schema of the document in JSON Schema's terms (see the file's header). `refs` are the
 * names the schema is reached by, to know whether it is used as an allOf part.
 */
function asJsonSchema(node: unknown, allOfParts: Set<string>, refs: string[] = [], inAllOf = false): unknown {
  if (Array.isArray(node)) return node.map((n) => asJsonSchema(n, allOfParts));
  if (!node || typeof node !== 'object') return node;
  const { nullable, 'x-nullable': xNullable, ...rest } = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(rest)) {
    if (SCHEMA_MAPS.has(k) && v && typeof v === 'object' && !Array.isArray(v))
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([name, s]) => [name, asJsonSchema(s, allOfParts)]));
    else if (k === 'allOf' && Array.isArray(v)) out[k] = v.map((s) => asJsonSchema(s, allOfParts, [], true));
    else if (k === 'example' || k === 'examples' || k === 'x-examples') out[k] = v;
    else out[k] = asJsonSchema(v, allOfParts);
  }
  const composed = ['allOf', 'anyOf', 'oneOf'].some((k) => Array.isArray(out[k]));
  if (out.additionalProperties === false && (composed || inAllOf || refs.some((r) => allOfParts.has(r))))
    delete out.additionalProperties;
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
  // A property only ever sent (writeOnly) is not required in an answer.
  if (Array.isArray(out.required) && out.properties && typeof out.properties === 'object') {
    const props = out.properties as Record<string, Json>;
    out.required = (out.required as string[]).filter((name) => props[name]?.writeOnly !== true);
  }
  return nullable === true || xNullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}
