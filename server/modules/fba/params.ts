/** Path parameters of the FBA and bench routes, declared with the OpenAPI zod (they name themselves in the document). */
import { z } from '@hono/zod-openapi';
import { MAX_PLAN_NAME } from '../../../domain/schemas/fba.js';

const planId = z.coerce
  .number()
  .int()
  .positive()
  .openapi({ param: { name: 'id', in: 'path' } });

export const shipmentParam = z.object({
  id: planId,
  shipmentId: z
    .string()
    .min(1)
    .max(38)
    .openapi({ param: { name: 'shipmentId', in: 'path' } }),
});
export const proNumberParam = z.object({
  proNumber: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'proNumber', in: 'path' } }),
});
export const batchNameParam = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(MAX_PLAN_NAME)
    .openapi({ param: { name: 'name', in: 'path' } }),
});
export const boxIdParam = z.object({
  boxId: z.uuid({ error: 'boxId: a box id' }).openapi({ param: { name: 'boxId', in: 'path' } }),
});
