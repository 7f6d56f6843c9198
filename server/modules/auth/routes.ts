import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  loggedOutSchema,
  mfaVerifySchema,
  refreshTokenSchema,
  signInResultSchema,
  signInSchema,
  tokensSchema,
} from '../../../domain/schemas/auth.js';
import type { AppEnv, Deps } from '../../context.js';
import { errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { signIn, signInWithMfa } from './service.js';
import { endSession, rotateSession } from './sessions.js';

export function authRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Sign-in and session'];

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/authenticate/mfa',
      tags,
      summary: 'Sign in; answers tokens, or {mfaRequired: true} when the user has TOTP enabled',
      request: jsonBody(signInSchema),
      responses: {
        ...okResponse(signInResultSchema),
        ...errorResponses,
        429: { description: 'Too many failed attempts' },
      },
    }),
    async (c) => ok(c, await signIn(deps, c.req.valid('json'), c.req.header('user-agent'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/authenticate/mfa/verify',
      tags,
      summary: 'Complete sign-in with a TOTP code (RFC 6238)',
      request: jsonBody(mfaVerifySchema),
      responses: { ...okResponse(tokensSchema), ...errorResponses, 429: { description: 'Too many failed attempts' } },
    }),
    async (c) => ok(c, await signInWithMfa(deps, c.req.valid('json'), c.req.header('user-agent'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/refresh-token',
      tags,
      summary: 'Rotate the refresh token; reusing a rotated token revokes the whole session',
      request: jsonBody(refreshTokenSchema),
      responses: { ...okResponse(tokensSchema), ...errorResponses },
    }),
    async (c) => ok(c, await rotateSession(deps, c.req.valid('json').refreshToken, c.req.header('user-agent'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/logout',
      tags,
      summary: "Revoke this session's refresh tokens",
      request: jsonBody(refreshTokenSchema),
      responses: { ...okResponse(loggedOutSchema), ...errorResponses },
    }),
    async (c) => {
      await endSession(deps, c.req.valid('json').refreshToken);
      return ok(c, { loggedOut: true });
    },
  );

  return app;
}
