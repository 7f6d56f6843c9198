import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { pageRequest } from '../../../domain/paging.js';
import {
  markReadInputSchema,
  markReadResultSchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '../../../domain/schemas/notifications.js';
import { listNotifications, markRead, preferencesOf, savePreferences, unreadCount } from './service.js';

const tags = ['Notifications'];

export function notificationRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // Everyone's own: any signed-in user with the notifications right reads and sets their own.
  const mine = [guards.requires('notifications', 'read')];
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/notifications',
      tags,
      summary:
        'The caller’s notifications, newest first (their company’s, with their own read state), and how many are unread',
      middleware: mine,
      request: { query: notificationsQuerySchema },
      responses: { ...okResponse(notificationPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listNotifications(deps, c.get('ctx'), pageRequest(q), q.unread === 'true'));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/notifications/unread',
      tags,
      summary: 'How many of the caller’s notifications are unread (the header’s badge)',
      middleware: mine,
      responses: { ...okResponse(unreadCountSchema), ...errorResponses },
    }),
    async (c) => ok(c, { unread: await unreadCount(deps, c.get('ctx')) }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/notifications/read',
      tags,
      summary: 'Mark some (ids) or all (all: true) of the caller’s notifications read; ids not theirs mark nothing',
      middleware: mine,
      request: jsonBody(markReadInputSchema),
      responses: { ...okResponse(markReadResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await markRead(deps, c.get('ctx'), c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/notifications/preferences',
      tags,
      summary: 'The kinds the caller does not want by e-mail',
      middleware: mine,
      responses: { ...okResponse(notificationPreferencesSchema), ...errorResponses },
    }),
    async (c) => ok(c, await preferencesOf(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/notifications/preferences',
      tags,
      summary: 'Set the kinds the caller does not want by e-mail (they still come in the app)',
      middleware: mine,
      request: jsonBody(notificationPreferencesSchema),
      responses: { ...okResponse(notificationPreferencesSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await savePreferences(deps, c.get('ctx'), c.req.valid('json')), { info: ['Notification settings saved'] }),
  );
  return app;
}
