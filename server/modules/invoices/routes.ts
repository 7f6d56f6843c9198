/**
 * Invoices (spec §7 Finance: /api/finance/invoice, /invoice/items). The warehouse previews,
 * generates, voids and sends (invoicePreview); anyone with invoiceList reads — clients only their
 * own company's invoices (another's answers 404). Also provides the billing.run and
 * billing.monthly job runners.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  INVOICE_STATUS_FILTERS,
  invoiceDetailSchema,
  invoiceGenerateInputSchema,
  invoiceGenerateResultSchema,
  invoiceItemPageSchema,
  invoicePageSchema,
  invoicePreviewSchema,
  openPeriodSchema,
  invoiceSendResultSchema,
  invoiceVoidInputSchema,
} from '../../../domain/schemas/invoices.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { errorResponses, idParam, jsonBody, okResponse, optionalQueryId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { provideInvoiceJobs } from './jobs.js';
import { requestLanguage } from '../../i18n.js';
import { invoicePdf } from './pdf.js';
import * as svc from './service.js';
import { localiseLines } from './words.js';

export function invoiceRoutes(deps: Deps, guards: Guards) {
  provideInvoiceJobs();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Invoices'];
  const base = '/api/finance/invoice';
  const read = guards.requires('invoiceList', 'read');
  const previewG = guards.requires('invoicePreview', 'read', { warehouseOnly: true });
  const createG = guards.requires('invoicePreview', 'create', { warehouseOnly: true });
  const updateG = guards.requires('invoicePreview', 'update', { warehouseOnly: true });

  // Static paths first: /preview, /items, /generate are not ids.
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/open-period`,
      tags,
      summary: 'The month the invoice preview opens on: the oldest with charges still to invoice, else this month',
      middleware: [previewG],
      responses: { ...okResponse(openPeriodSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.openPeriod(deps, c.get('ctx').tenantId)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/preview`,
      tags,
      summary: 'What each client would be invoiced for a period (month, or from and to), before generating',
      description:
        'Prices every recorded event first. Per client: the uninvoiced charges with a service day in the period as lines by category, storage summary, subtotal, tax, total, due date and warnings (no price set, postponed, already invoiced, no e-mail).',
      middleware: [previewG],
      request: {
        query: z.object({
          month: z.string().max(7).optional(),
          from: z.string().max(10).optional(),
          to: z.string().max(10).optional(),
          companyId: optionalQueryId('companyId'),
        }),
      },
      responses: { ...okResponse(invoicePreviewSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const preview = await svc.preview(deps, c.get('ctx').tenantId, svc.periodOf(q), q.companyId);
      const language = requestLanguage(c);
      return ok(c, { ...preview, clients: preview.clients.map((client) => localiseLines(client, language)) });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/generate`,
      tags,
      summary: 'Generate the period’s invoices: one per client with uninvoiced charges (or per given client)',
      description:
        'Numbered without gaps per tenant; each invoice is written with its lines and claims its charges in one transaction; e-mailed to the client. A client already invoiced for exactly this period: 409, nothing written.',
      middleware: [createG],
      request: jsonBody(invoiceGenerateInputSchema),
      responses: { ...okResponse(invoiceGenerateResultSchema), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const ctx = c.get('ctx');
      const result = await svc.generate(deps, ctx.tenantId, svc.periodOf(body), {
        companyIds: body.companyIds,
        existing: 'refuse',
        userId: ctx.userId,
        send: body.send,
      });
      if (!result.invoices.length && !result.skipped.length)
        throw businessRule(`No client has charges to invoice from ${result.period.from} to ${result.period.to}`);
      return ok(c, result, {
        status: 201,
        info: [`${result.invoices.length} invoice${result.invoices.length === 1 ? '' : 's'} generated`],
        warn: result.skipped.map((s) => `${s.companyName}: ${s.reason}`),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/items`,
      tags,
      summary: 'The lines of one invoice (spec invoice item)',
      middleware: [read],
      request: {
        query: z.object({
          invoiceId: z
            .string({ error: 'invoiceId: an id' })
            .regex(/^\d{1,9}$/, 'invoiceId: an id')
            .transform(Number),
          pageNumber: z.string().optional(),
          pageSize: z.string().optional(),
        }),
      },
      responses: { ...okResponse(invoiceItemPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.items(deps.db, c.get('ctx'), pageRequest(q), q.invoiceId));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Invoices, newest period first; clients see their own company’s only',
      middleware: [read],
      request: {
        query: z.object({
          pageNumber: z.string().optional(),
          pageSize: z.string().optional(),
          status: z.enum(INVOICE_STATUS_FILTERS).optional(),
          companyId: optionalQueryId('companyId'),
          month: z.string().max(7).optional(),
          from: z.string().max(10).optional(),
          to: z.string().max(10).optional(),
          q: z.string().max(100).optional(),
        }),
      },
      responses: { ...okResponse(invoicePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.list(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One invoice with its lines by category, storage summary, payments and both parties',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(invoiceDetailSchema), ...errorResponses },
    }),
    // Line descriptions in the reader's language (the screen's), as the PDF's are in the client's.
    async (c) => ok(c, await svc.detail(deps.db, c.get('ctx'), c.req.valid('param').id, requestLanguage(c))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/pdf`,
      tags,
      summary: "The invoice as a PDF, in the client's language",
      description:
        "Written in the language of the client company's user the invoice is mailed to, else of its oldest active user who chose one, else the warehouse's DEFAULT_LOCALE; with that language's number, money and date formats.",
      middleware: [read],
      request: { params: idParam },
      responses: {
        200: {
          description: 'application/pdf',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const { inv, language } = await svc.clientDetail(deps.db, ctx, c.req.valid('param').id);
      const bytes = await invoicePdf(inv, language);
      return new Response(new Uint8Array(bytes), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${inv.number}.pdf"`,
          'cache-control': 'no-store',
        },
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/void`,
      tags,
      summary: 'Void an invoice (reason required): it keeps its number, its charges can be invoiced again',
      description: 'Refused (412) when already void or when it has payments (refund them first). Audited.',
      middleware: [updateG],
      request: { params: idParam, ...jsonBody(invoiceVoidInputSchema) },
      responses: { ...okResponse(invoiceDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.voidInvoice(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').reason), {
        info: ['Invoice voided'],
      }),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/send`,
      tags,
      summary: 'E-mail the invoice to its client again',
      description: 'Refused (412) when the client has no e-mail address or the invoice is void.',
      middleware: [updateG],
      request: { params: idParam },
      responses: { ...okResponse(invoiceSendResultSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const id = c.req.valid('param').id;
      await svc.detail(deps.db, ctx, id); // 404 outside the tenant
      const sent = await svc.sendInvoiceMail(deps, ctx.tenantId, id);
      return ok(c, sent!, { info: [`Sent to ${sent!.to}`] });
    },
  );

  return app;
}
