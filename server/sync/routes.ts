import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { pullQuerySchema, pushRequestSchema, pushResponseSchema } from '../../domain/schemas/sync-wire.js';
import { pullResponseSchema } from '../../domain/sync-protocol.js';
import type { AppEnv, Deps } from '../context.js';
import type { Guards } from '../auth/guard.js';
import { errorResponses, jsonBody, okResponse } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import { validationHook } from '../http/validation.js';
import type { PokeHub } from '../realtime/hub.js';
import { headSeq, pull } from './pull.js';
import { signStreamTicket } from '../auth/stream-tickets.js';
import { streamTicketSchema } from '../../domain/schemas/sync-wire.js';
import { push } from './push.js';

export function syncRoutes(deps: Deps, guards: Guards, hub: PokeHub) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Sync'];

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/sync/push',
      tags,
      summary: 'Apply floor mutations exactly once, in order',
      middleware: [guards.authenticate],
      request: jsonBody(pushRequestSchema),
      responses: { ...okResponse(pushResponseSchema), ...errorResponses },
    }),
    async (c) => {
      const { results } = await push(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, { results });
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/sync/pull',
      tags,
      summary: 'Changes in the caller’s scope after a cursor',
      middleware: [guards.authenticate],
      request: { query: pullQuerySchema },
      responses: {
        ...okResponse(pullResponseSchema),
        ...errorResponses,
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await pull(deps, c.get('ctx'), q.cursor, q.limit));
    },
  );
  // Server-Sent Events: `poke` when the tenant's change sequence moves. EventSource cannot send
  // headers, so this one route also takes the access token as ?access_token=.
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/sync/events/ticket',
      tags: ['Sync'],
      summary: 'A one-minute, single-use ticket that opens the change stream (EventSource sends no headers)',
      middleware: [guards.authenticate],
      responses: { ...okResponse(streamTicketSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      return ok(
        c,
        await signStreamTicket(
          deps.config.jwtSecret,
          { userId: ctx.userId, tenantId: ctx.tenantId, sessionId: ctx.sessionId },
          deps.now(),
        ),
      );
    },
  );
  app.get('/api/sync/events', guards.authenticateStreamTicket, (c) => {
    const ctx = c.get('ctx');
    return streamSSE(c, async (stream) => {
      let alive = true;
      const unsubscribe = hub.subscribe(
        ctx.tenantId,
        (seq) => void stream.writeSSE({ event: 'poke', data: JSON.stringify({ cursor: seq }) }),
      );
      stream.onAbort(() => {
        alive = false;
        unsubscribe();
      });
      await stream.writeSSE({ event: 'hello', data: JSON.stringify({ cursor: await headSeq(deps, ctx.tenantId) }) });
      while (alive) {
        await stream.sleep(25_000);
        if (alive) await stream.writeSSE({ event: 'ping', data: '{}' });
      }
    });
  });
  return app;
}
