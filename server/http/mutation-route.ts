/**
 * The REST twin of a floor mutation: the desk (or an integration) calls the same service with the
 * same args and result schemas as the outbox's push, so both doors share one contract. The
 * device id, when a caller has one, comes in the `x-device-id` header, as a push carries it.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { MUTATIONS, type MutationName, type ParsedMutationArgs } from '../../domain/mutations.js';
import type { AppEnv, Deps, MutationMeta, RequestContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { errorResponses, jsonBody, okResponse } from './openapi.js';
import { ok } from './respond.js';

export function mutationRoute<N extends MutationName>(
  app: OpenAPIHono<AppEnv>,
  deps: Deps,
  name: N,
  route: { path: string; summary: string; tags: string[]; middleware: MiddlewareHandler<AppEnv>[] },
  apply: (tx: DbOrTx, ctx: RequestContext, args: ParsedMutationArgs<N>, meta: MutationMeta) => Promise<unknown>,
) {
  const { args, result } = MUTATIONS[name];
  app.openapi(
    createRoute({
      method: 'post',
      ...route,
      summary: `${route.summary} (same rule as the ${name} mutation)`,
      request: jsonBody(args),
      responses: { ...okResponse(result), ...errorResponses },
    }),
    async (c) => {
      // The route validated the body with the mutation's own args schema.
      const parsed = c.req.valid('json') as ParsedMutationArgs<N>;
      const meta = { deviceId: c.req.header('x-device-id') ?? null };
      return ok(c, await deps.db.transaction((tx) => apply(tx, c.get('ctx'), parsed, meta)), { status: 201 });
    },
  );
}
