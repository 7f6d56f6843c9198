import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  accountLanguageSchema,
  accountUpdateSchema,
  activatedSchema,
  changePasswordSchema,
  emailSentSchema,
  mfaSetupSchema,
  mfaStateSchema,
  passwordChangedSchema,
  passwordResetSchema,
  registeredSchema,
  userDataSchema,
  mfaConfirmSchema,
  mfaDisableSchema,
  registerSchema,
  resetFinishSchema,
  resetInitSchema,
} from '../../../domain/schemas/auth.js';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { languageOf, type Language } from '../../i18n.js';
import * as account from './service.js';

/** The language of the screen that sent the request, when it said one (mail to someone without a saved language). */
function screenLanguage(c: Context): Language | undefined {
  const header = c.req.header('language') ?? c.req.header('accept-language');
  return header ? languageOf(header) : undefined;
}

const keyParam = z.object({
  key: z
    .string()
    .min(10)
    .max(200)
    .openapi({ param: { name: 'key', in: 'path' } }),
});

export function accountRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Account'];
  const signedIn = guards.authenticate;

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/register',
      tags,
      summary: 'Self-registration: a new tenant, its warehouse company and admin',
      request: jsonBody(registerSchema),
      responses: { ...okResponse(registeredSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await account.register(deps, c.req.valid('json'), screenLanguage(c)), {
        status: 201,
        info: ['Registration complete: check your e-mail to activate the account'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/activate/{key}',
      tags,
      summary: 'Activate an account with the key from the e-mail',
      request: { params: keyParam },
      responses: { ...okResponse(activatedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await account.activate(deps, c.req.valid('param').key), {
        info: ['Your account is active; you can sign in'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/resend-activation-code/{who}',
      tags,
      summary: 'Send the activation e-mail again (username or e-mail)',
      request: {
        params: z.object({
          who: z
            .string()
            .min(1)
            .max(200)
            .openapi({ param: { name: 'who', in: 'path' } }),
        }),
      },
      responses: { ...okResponse(emailSentSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await account.resendActivation(deps, c.req.valid('param').who, screenLanguage(c)), {
        info: ['If the account is waiting for activation, a new e-mail is on its way'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/account',
      tags,
      summary: 'The signed-in user',
      middleware: [signedIn],
      responses: { ...okResponse(userDataSchema), ...errorResponses },
    }),
    async (c) => ok(c, await account.getAccount(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/account',
      tags,
      summary: 'Update name, e-mail, language',
      middleware: [signedIn],
      request: jsonBody(accountUpdateSchema),
      responses: { ...okResponse(userDataSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await account.updateAccount(deps, c.get('ctx'), c.req.valid('json')), { info: ['Account saved'] }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/account/language',
      tags,
      summary: "Save the signed-in user's language (en, de, fr, pt): their screens on any device and their e-mails",
      middleware: [signedIn],
      request: jsonBody(accountLanguageSchema),
      responses: { ...okResponse(userDataSchema), ...errorResponses },
    }),
    async (c) => ok(c, await account.setLanguage(deps, c.get('ctx'), c.req.valid('json').langKey)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/account/change-password',
      tags,
      summary: 'Change password',
      middleware: [signedIn],
      request: jsonBody(changePasswordSchema),
      responses: { ...okResponse(passwordChangedSchema), ...errorResponses },
    }),
    async (c) => {
      const b = c.req.valid('json');
      return ok(c, await account.changePassword(deps, c.get('ctx'), b.currentPassword, b.newPassword), {
        info: ['Password changed'],
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/account/reset-password/init',
      tags,
      summary: 'E-mail a password reset link',
      request: jsonBody(resetInitSchema),
      responses: { ...okResponse(emailSentSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await account.resetPasswordInit(deps, c.req.valid('json').email, screenLanguage(c)), {
        info: ['If the e-mail is registered, a reset link is on its way'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/account/reset-password/finish',
      tags,
      summary: 'Set a new password with the reset key',
      request: jsonBody(resetFinishSchema),
      responses: { ...okResponse(passwordResetSchema), ...errorResponses },
    }),
    async (c) => {
      const b = c.req.valid('json');
      return ok(c, await account.resetPasswordFinish(deps, b.key, b.newPassword), {
        info: ['Password reset; sign in with the new password'],
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/account/mfa/setup',
      tags,
      summary: 'Start TOTP enrolment: an otpauth URI for a QR code',
      middleware: [signedIn],
      responses: { ...okResponse(mfaSetupSchema), ...errorResponses },
    }),
    async (c) => ok(c, await account.mfaSetup(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/account/mfa/confirm',
      tags,
      summary: 'Confirm TOTP enrolment with a code',
      middleware: [signedIn],
      request: jsonBody(mfaConfirmSchema),
      responses: { ...okResponse(mfaStateSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await account.mfaConfirm(deps, c.get('ctx'), c.req.valid('json').mfaCode), {
        info: ['Two-factor sign-in is on'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/account/mfa/disable',
      tags,
      summary: 'Turn TOTP off (password required)',
      middleware: [signedIn],
      request: jsonBody(mfaDisableSchema),
      responses: { ...okResponse(mfaStateSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await account.mfaDisable(deps, c.get('ctx'), c.req.valid('json').password), {
        info: ['Two-factor sign-in is off'],
      }),
  );
  return app;
}
