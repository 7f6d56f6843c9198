import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  addressRowSchema,
  addressSchema,
  companyDetailSchema,
  companyPageSchema,
  companyUpdateResultSchema,
  departmentRowSchema,
  warehouseRowSchema,
  companyCreateSchema,
  companyListQuerySchema,
  companyStatusSchema,
  companyUpdateSchema,
  departmentSchema,
  warehouseSchema,
} from '../../../domain/schemas/company.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse, pathId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

const addressParams = idParam.extend({ addressId: pathId('addressId') });

export function companyRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Companies'];
  const own = (a: 'read' | 'update') => guards.requiresAny(['myCompany', a], ['clients', a]);

  // Static paths first so that /warehouse and /department are not taken for an {id}.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/company/warehouse',
      tags: ['Warehouses'],
      summary: 'Warehouses (sites) of the tenant',
      middleware: [guards.authenticate],
      responses: { ...okResponse(z.array(warehouseRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listWarehouses(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/company/warehouse',
      tags: ['Warehouses'],
      summary: 'Add a warehouse site',
      middleware: [guards.requires('myCompany', 'update', { warehouseOnly: true })],
      request: jsonBody(warehouseSchema),
      responses: { ...okResponse(warehouseRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveWarehouse(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Warehouse added'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/company/warehouse/{id}',
      tags: ['Warehouses'],
      summary: 'Update a warehouse site',
      middleware: [guards.requires('myCompany', 'update', { warehouseOnly: true })],
      request: { params: idParam, ...jsonBody(warehouseSchema) },
      responses: { ...okResponse(warehouseRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveWarehouse(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
        info: ['Warehouse saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/company/warehouse/{id}',
      tags: ['Warehouses'],
      summary: 'Deactivate a warehouse site',
      middleware: [guards.requires('myCompany', 'update', { warehouseOnly: true })],
      request: { params: idParam },
      responses: { ...okResponse(warehouseRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deactivateWarehouse(deps, c.get('ctx'), c.req.valid('param').id), {
        info: ['Warehouse deactivated'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/company/department',
      tags: ['Departments'],
      summary: 'Departments',
      middleware: [own('read')],
      request: { query: z.object({ companyId: z.coerce.number().int().positive().optional() }) },
      responses: { ...okResponse(z.array(departmentRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listDepartments(deps, c.get('ctx'), c.req.valid('query').companyId)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/company/department',
      tags: ['Departments'],
      summary: 'Add a department',
      middleware: [own('update')],
      request: jsonBody(departmentSchema),
      responses: { ...okResponse(departmentRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveDepartment(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Department added'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/company/department/{id}',
      tags: ['Departments'],
      summary: 'Rename a department',
      middleware: [own('update')],
      request: { params: idParam, ...jsonBody(departmentSchema) },
      responses: { ...okResponse(departmentRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveDepartment(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
        info: ['Department saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/company/department/{id}',
      tags: ['Departments'],
      summary: 'Delete a department',
      middleware: [own('update')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteDepartment(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Department deleted'] }),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/company',
      tags,
      summary: 'Client companies, with status and unit-size filters',
      middleware: [guards.requires('clients', 'read')],
      request: { query: companyListQuerySchema },
      responses: { ...okResponse(companyPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listCompanies(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/company',
      tags,
      summary: 'Create a client company with its first user',
      middleware: [guards.requires('clients', 'create')],
      request: jsonBody(companyCreateSchema),
      responses: { ...okResponse(companyDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createCompany(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Client company created'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/company/{id}',
      tags,
      summary: 'A company with addresses and warehouses',
      middleware: [own('read')],
      request: { params: idParam },
      responses: { ...okResponse(companyDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getCompany(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/company/{id}',
      tags,
      summary: 'Update company details (completes set-up for a new tenant)',
      middleware: [own('update')],
      request: { params: idParam, ...jsonBody(companyUpdateSchema) },
      responses: { ...okResponse(companyUpdateResultSchema), ...errorResponses },
    }),
    async (c) => {
      const result = await svc.updateCompany(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return ok(c, result, {
        info: [
          result.setupCompleted
            ? 'Company set up: you now have full access; sign in again to refresh your menu'
            : 'Company saved',
        ],
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/company/{id}/status',
      tags,
      summary: "Change a client company's status",
      middleware: [guards.requires('clients', 'update')],
      request: { params: idParam, ...jsonBody(companyStatusSchema) },
      responses: { ...okResponse(companyDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.setCompanyStatus(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').status), {
        info: ['Status changed'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/company/{id}/addresses',
      tags,
      summary: "A company's addresses",
      middleware: [own('read')],
      request: { params: idParam },
      responses: { ...okResponse(z.array(addressRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listAddresses(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/company/{id}/addresses',
      tags,
      summary: 'Add an address',
      middleware: [own('update')],
      request: { params: idParam, ...jsonBody(addressSchema) },
      responses: { ...okResponse(addressRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveAddress(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        status: 201,
        info: ['Address added'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/company/{id}/addresses/{addressId}',
      tags,
      summary: 'Update an address',
      middleware: [own('update')],
      request: { params: addressParams, ...jsonBody(addressSchema) },
      responses: { ...okResponse(addressRowSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await svc.saveAddress(deps, c.get('ctx'), p.id, c.req.valid('json'), p.addressId), {
        info: ['Address saved'],
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/company/{id}/addresses/{addressId}',
      tags,
      summary: 'Delete an address',
      middleware: [own('update')],
      request: { params: addressParams },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await svc.deleteAddress(deps, c.get('ctx'), p.id, p.addressId), { info: ['Address deleted'] });
    },
  );
  return app;
}
