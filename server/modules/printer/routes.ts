import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { labelRenderRequestSchema } from '../../../domain/schemas/labels.js';
import {
  labelStockRowSchema,
  labelStockSchema,
  networkPrintResultSchema,
  networkPrintSchema,
  printerVendorRowSchema,
  printerVendorSchema,
  qzCertificateSchema,
  qzCredentialsSavedSchema,
  qzCredentialsSchema,
  qzSignatureSchema,
  qzSignSchema,
  stationPrinterRowSchema,
  stationPrinterSchema,
} from '../../../domain/schemas/printer-admin.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import { LabelValidationError, renderLabel } from '../../../printing/render.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok, errorBody } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as admin from './admin.js';
import { printToNetworkPrinter } from './network.js';
import { qzCertificate, qzSign, saveQzCredentials } from './qz.js';

export function printerRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Printing'];
  const printing = guards.requiresAny(
    ['barcodePrint', 'read'],
    ['printerSettings', 'read'],
    ['deliveredPackages', 'create'],
    ['wms', 'read'],
  );
  // Printer administration and signing keys are for administrators, not every packer.
  const manage = guards.requires('admin', 'manage', { warehouseOnly: true });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/printer/render',
      tags,
      summary: 'Render a label to ZPL, PDF or SVG (the file itself; errors in the envelope)',
      middleware: [printing],
      request: {
        body: {
          content: {
            'application/json': {
              schema: z
                .object({})
                .passthrough()
                .openapi({ description: 'A label render request: {template, format, size?, dpi?, copies?, data}' }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: {
          description: 'The label: application/zpl, application/pdf or image/svg+xml',
          content: {
            'application/zpl': { schema: z.string() },
            'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
            'image/svg+xml': { schema: z.string() },
          },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      try {
        const label = await renderLabel(c.req.valid('json'));
        const body = typeof label.data === 'string' ? label.data : new Uint8Array(label.data);
        return new Response(body, {
          headers: {
            'content-type': label.contentType,
            'content-disposition': `inline; filename="${label.filename}"`,
            'cache-control': 'no-store',
          },
        });
      } catch (err) {
        if (err instanceof LabelValidationError)
          return c.json(
            errorBody(
              err.fields.map((f) => (f.path ? `${f.path}: ${f.message.replace(`${f.path}: `, '')}` : f.message)),
            ),
            400,
          );
        throw err;
      }
    },
  );
  // Documented separately so the OpenAPI document shows the label request shape.
  app.openAPIRegistry.register('LabelRenderRequest', labelRenderRequestSchema as never);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/printer/qz/certificate',
      tags,
      summary: "The tenant's QZ Tray certificate",
      middleware: [printing],
      responses: { ...okResponse(qzCertificateSchema), ...errorResponses },
    }),
    async (c) => ok(c, await qzCertificate(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/printer/qz/sign',
      tags,
      summary: 'Sign a QZ Tray request (RSA-SHA512)',
      middleware: [printing],
      request: jsonBody(qzSignSchema),
      responses: { ...okResponse(qzSignatureSchema), ...errorResponses },
    }),
    async (c) => ok(c, await qzSign(deps, c.get('ctx'), c.req.valid('json').request)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/printer/qz/credentials',
      tags,
      summary: 'Upload the QZ Tray certificate and private key (stored sealed)',
      middleware: [manage],
      request: jsonBody(qzCredentialsSchema),
      responses: { ...okResponse(qzCredentialsSavedSchema), ...errorResponses },
    }),
    async (c) => {
      const b = c.req.valid('json');
      return ok(c, await saveQzCredentials(deps, c.get('ctx'), b.certificate, b.privateKey), {
        info: ['QZ Tray signing is set up'],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/printer/network/print',
      tags,
      summary:
        'Send ZPL to one of the tenant’s network printers (raw port, 9100 by default), reached by the server on the warehouse’s network',
      middleware: [printing],
      request: jsonBody(networkPrintSchema),
      responses: { ...okResponse(networkPrintResultSchema), ...errorResponses },
    }),
    async (c) => {
      const b = c.req.valid('json');
      return ok(c, await printToNetworkPrinter(deps, c.get('ctx'), b.printerId, b.zpl));
    },
  );

  const crud = (
    kind: admin.PrinterTable,
    path: string,
    schema: z.ZodType<Record<string, unknown>>,
    row: z.ZodType,
    label: string,
  ) => {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: `${label}: list`,
        middleware: [printing],
        responses: { ...okResponse(z.array(row)), ...errorResponses },
      }),
      async (c) => ok(c, await admin.list(deps, c.get('ctx'), kind)),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary: `${label}: add`,
        middleware: [manage],
        request: jsonBody(schema),
        responses: { ...okResponse(row), ...errorResponses },
      }),
      async (c) =>
        ok(c, await admin.save(deps, c.get('ctx'), kind, c.req.valid('json')), {
          status: 201,
          info: [`${label}: saved`],
        }),
    );
    app.openapi(
      createRoute({
        method: 'put',
        path: `${path}/{id}`,
        tags,
        summary: `${label}: update`,
        middleware: [manage],
        request: { params: idParam, ...jsonBody(schema) },
        responses: { ...okResponse(row), ...errorResponses },
      }),
      async (c) =>
        ok(c, await admin.save(deps, c.get('ctx'), kind, c.req.valid('json'), c.req.valid('param').id), {
          info: [`${label}: saved`],
        }),
    );
    app.openapi(
      createRoute({
        method: 'delete',
        path: `${path}/{id}`,
        tags,
        summary: `${label}: delete`,
        middleware: [manage],
        request: { params: idParam },
        responses: { ...okResponse(deletedSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await admin.remove(deps, c.get('ctx'), kind, c.req.valid('param').id), { info: [`${label}: deleted`] }),
    );
  };
  crud('vendors', '/api/printer/vendors', printerVendorSchema, printerVendorRowSchema, 'Printer vendor');
  crud('labels', '/api/printer/labels', labelStockSchema, labelStockRowSchema, 'Label stock');
  crud('printers', '/api/printer/system-data', stationPrinterSchema, stationPrinterRowSchema, 'Station printer');
  return app;
}
