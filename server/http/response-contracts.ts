/**
 * Every route's 200/201 body is declared with a schema from domain/ (its OpenAPI response). In
 * tests the app checks each JSON answer against its route's declared schema, so a service that
 * drifts from its contract fails the test that called it, loudly, with the path and the issues.
 * Off in production: the contract is the tests' to prove, not every request's to pay for.
 */
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from '../context.js';

/** What this reads of an OpenAPI registry definition (the registry's own types are a dependency's). */
interface RouteDefinition {
  type: 'route';
  route: {
    method: string;
    path: string;
    responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  };
}
const isRoute = (d: unknown): d is RouteDefinition =>
  (d as { type?: unknown }).type === 'route' && typeof (d as { route?: unknown }).route === 'object';

const isZod = (s: unknown): s is ZodType => typeof (s as ZodType | undefined)?.safeParse === 'function';

/** `/api/company/{id}` (OpenAPI) and `/api/company/:id` (Hono) name the same route. */
const honoPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

export function responseSchemas(definitions: readonly unknown[]): Map<string, Map<number, ZodType>> {
  const byRoute = new Map<string, Map<number, ZodType>>();
  for (const d of definitions) {
    if (!isRoute(d)) continue;
    const schemas = new Map<number, ZodType>();
    for (const [status, response] of Object.entries(d.route.responses ?? {})) {
      const schema = response.content?.['application/json']?.schema;
      if (isZod(schema) && /^2\d\d$/.test(status)) schemas.set(Number(status), schema);
    }
    byRoute.set(`${d.route.method.toUpperCase()} ${honoPath(d.route.path)}`, schemas);
  }
  return byRoute;
}

/** The middleware: `lookup` is read on each request (routes are registered after it). */
export function checkResponses(lookup: () => Map<string, Map<number, ZodType>>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status < 200 || status > 299 || !c.res.headers.get('content-type')?.includes('application/json')) return;
    // The first route of the request's method that matched answered it (a later one, e.g.
    // /api/company/:id behind /api/company/warehouse, never ran).
    const routePath = c.req.matchedRoutes.find((r) => r.method === c.req.method && !r.path.endsWith('*'))?.path;
    if (!routePath) return;
    const schemas = lookup().get(`${c.req.method} ${routePath}`);
    // A 201 declared as the route's success (or its 200) is checked by that schema.
    const schema = schemas?.get(status) ?? schemas?.get(200) ?? schemas?.get(201);
    if (!schema) return;
    const body: unknown = await c.res.clone().json();
    const parsed = schema.safeParse(body);
    if (parsed.success) return;
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('; ');
    const message = `Response of ${c.req.method} ${routePath} breaks its declared schema: ${issues}`;
    console.error(`[dockside] ${message}`);
    c.res = new Response(
      JSON.stringify({ meta: { error_list: [{ message }], info_list: [], warn_list: [] }, body: null }),
      { status: 500, headers: { 'content-type': 'application/json' } },
    );
  };
}
