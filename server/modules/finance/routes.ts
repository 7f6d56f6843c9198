/**
 * Finance money (spec §7 Finance, issue 21): Shipping Label Funds (/api/finance/customer/balances,
 * deposits by card), invoice payments (card or marked paid), transactions with void and refund.
 * Clients see and pay for their own company only; void, refund and mark-paid are the warehouse's.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  balancePageSchema,
  balanceQuerySchema,
  checkoutSchema,
  depositInputSchema,
  markPaidInputSchema,
  payInvoiceInputSchema,
  refundInputSchema,
  transactionSchema,
  voidInputSchema,
} from '../../../domain/schemas/finance.js';
import { reconciliationQuerySchema, reconciliationSchema } from '../../../domain/schemas/reconciliation.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { forbidden } from '../../http/errors.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { confirmCheckout, createDeposit, markInvoicePaid, payInvoice } from './checkout.js';
import { balances } from './label-funds.js';
import { reconcile } from './reconciliation.js';
import { getTransaction, refundTransaction, voidTransaction } from './transactions.js';

/** After the guard: warehouse staff only (before the body is read). */
const warehouseOnly =
  (what: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.get('ctx').isClient) throw forbidden(`Only warehouse staff may ${what}`);
    await next();
  };

export function financeRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const base = '/api/finance';

  {
    const tags = ['Shipping label funds'];
    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/customer/balances`,
        tags,
        summary:
          'A client’s Shipping Label Funds: balance, deposits and label draws with the running balance (spec balance query)',
        middleware: [guards.requires('shippingLabelFunds', 'read')],
        request: { query: balanceQuerySchema },
        responses: { ...okResponse(balancePageSchema), ...errorResponses },
      }),
      async (c) => ok(c, await balances(deps, c.get('ctx'), c.req.valid('query'))),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/customer/balances/deposit`,
        tags,
        summary: 'Add label funds by card: opens the card processor’s hosted page; its webhook confirms the deposit',
        middleware: [guards.requires('shippingLabelFunds', 'create')],
        request: jsonBody(depositInputSchema),
        responses: { ...okResponse(checkoutSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await createDeposit(deps, c.get('ctx'), c.req.valid('json')), {
          status: 201,
          info: ['Card page opened'],
        }),
    );
  }

  {
    const tags = ['Invoice payments'];
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/invoice/{id}/pay`,
        tags,
        summary: 'Pay an invoice by card (hosted page; the webhook confirms); above the open balance: 412',
        middleware: [guards.requires('invoiceList', 'read')],
        request: { params: idParam, ...jsonBody(payInvoiceInputSchema) },
        responses: { ...okResponse(checkoutSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await payInvoice(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
          status: 201,
          info: ['Card page opened'],
        }),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/invoice/{id}/mark-paid`,
        tags,
        summary: 'Record a payment received otherwise (warehouse); above the open balance: 412',
        middleware: [guards.requires('invoiceList', 'update'), warehouseOnly('record a payment')],
        request: { params: idParam, ...jsonBody(markPaidInputSchema) },
        responses: { ...okResponse(transactionSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await markInvoicePaid(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
          status: 201,
          info: ['Payment recorded'],
        }),
    );
  }

  {
    const tags = ['Transactions'];
    const anyRead = guards.requiresAny(['shippingLabelFunds', 'read'], ['invoiceList', 'read']);
    const anyUpdate = guards.requiresAny(['shippingLabelFunds', 'update'], ['invoiceList', 'update']);
    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/transaction/{id}`,
        tags,
        summary: 'A money transaction with its refunds and audit trail',
        middleware: [anyRead],
        request: { params: idParam },
        responses: { ...okResponse(transactionSchema), ...errorResponses },
      }),
      async (c) => ok(c, await getTransaction(deps, c.get('ctx'), c.req.valid('param').id)),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/transaction/{id}/confirm`,
        tags,
        summary:
          'Back from the card page: a pending card payment or deposit is checked with the card processor (in case its webhook is late or lost)',
        middleware: [anyRead],
        request: { params: idParam },
        responses: { ...okResponse(transactionSchema), ...errorResponses },
      }),
      async (c) => ok(c, await confirmCheckout(deps, c.get('ctx'), c.req.valid('param').id)),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/transaction/{id}/void`,
        tags,
        summary: 'Void a pending transaction or a manually recorded payment (warehouse; reason required)',
        middleware: [anyUpdate, warehouseOnly('void a transaction')],
        request: { params: idParam, ...jsonBody(voidInputSchema) },
        responses: { ...okResponse(transactionSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await voidTransaction(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
          info: ['Transaction voided'],
        }),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/transaction/{id}/refund`,
        tags,
        summary:
          'Refund (part of) a succeeded card payment or deposit through the card processor (warehouse); never above what was paid',
        middleware: [anyUpdate, warehouseOnly('refund a transaction')],
        request: { params: idParam, ...jsonBody(refundInputSchema) },
        responses: { ...okResponse(transactionSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await refundTransaction(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
          info: ['Refund issued'],
        }),
    );
  }
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/reconciliation`,
      tags: ['Reconciliation'],
      summary:
        'Per client and period: charges = invoiced + awaiting an invoice + label funds draws, received = invoice payments + funds top-ups, invoices equal their charges and their payments; any difference flagged (warehouse)',
      middleware: [guards.requires('invoicePreview', 'read'), warehouseOnly('reconcile money')],
      request: { query: reconciliationQuerySchema },
      responses: { ...okResponse(reconciliationSchema), ...errorResponses },
    }),
    async (c) => ok(c, await reconcile(deps.db, c.get('ctx').tenantId, c.req.valid('query'))),
  );
  return app;
}
