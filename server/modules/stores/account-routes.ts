/** Company Credentials (/api/common/credentials): the warehouse's own provider accounts, write-only. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deletedSchema } from '../../../domain/schemas/common.js';
import {
  ACCOUNT_KIND_NAMES,
  accountTestSchema,
  providerAccountSchema,
  type AccountKind,
} from '../../../domain/schemas/stores.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { listAccounts, removeAccount, saveAccount } from './accounts.js';
import { businessRule } from '../../http/errors.js';
import { testShipEngine } from '../shipping/rates.js';
import { testPayments } from '../payments/processor.js';
import { testFreight } from '../shipping/freight.js';

const base = '/api/common/credentials';
const kindParam = z.object({
  kind: z.enum(ACCOUNT_KIND_NAMES as [AccountKind, ...AccountKind[]]).openapi({ param: { name: 'kind', in: 'path' } }),
});

export function accountRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Company credentials'];
  const g = (a: 'read' | 'update') => guards.requires('companyCredentials', a, { warehouseOnly: true });
  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'The warehouse’s provider accounts: identifiers in clear, secrets as “•••• last 4”',
      middleware: [g('read')],
      responses: { ...okResponse(z.array(providerAccountSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await listAccounts(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{kind}`,
      tags,
      summary: 'Enter or replace an account (every field, secrets included: nothing is read back)',
      middleware: [g('update')],
      request: {
        params: kindParam,
        body: { content: { 'application/json': { schema: z.record(z.string(), z.string()) } }, required: true },
      },
      responses: { ...okResponse(providerAccountSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await saveAccount(deps, c.get('ctx'), c.req.valid('param').kind, c.req.valid('json')), {
        info: ['Account saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{kind}`,
      tags,
      summary: 'Remove an account',
      middleware: [g('update')],
      request: { params: kindParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await removeAccount(deps, c.get('ctx'), c.req.valid('param').kind), { info: ['Account removed'] }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{kind}/test`,
      tags,
      summary:
        'Test an account with a real call (the shipping-rate aggregator: its connected carriers; the card processor: its balance; the freight broker: its bookings)',
      middleware: [g('update')],
      request: { params: kindParam },
      responses: { ...okResponse(accountTestSchema), ...errorResponses },
    }),
    async (c) => {
      const kind = c.req.valid('param').kind;
      // Developer apps are proven by a store connecting through them.
      if (kind === 'payments') return ok(c, await testPayments(deps, c.get('ctx').tenantId));
      if (kind === 'freight') return ok(c, await testFreight(deps, c.get('ctx').tenantId));
      if (kind !== 'shipengine') throw businessRule('This account is tested when it is first used');
      return ok(c, await testShipEngine(deps, c.get('ctx')));
    },
  );
  return app;
}
