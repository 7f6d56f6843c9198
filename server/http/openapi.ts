/** Small helpers that keep route declarations short while still producing the OpenAPI document. */
import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { envelopeSchema } from '../../domain/envelope.js';

export const jsonBody = <T extends ZodType>(schema: T, description = 'JSON body') => ({
  body: { content: { 'application/json': { schema } }, required: true, description },
});

/** The envelope around a body schema (the one definition, domain/envelope.ts). */
export const envelopeOf = envelopeSchema;

/** A file upload: multipart field "file" (CSV, a marketplace report); `what` names it in the refusal. */
export const fileUploadBody = (what: string) => ({
  body: {
    content: {
      'multipart/form-data': {
        schema: z.object({
          file: z
            .custom<File>((v) => v instanceof File, `attach ${what} as multipart field "file"`)
            .openapi({ type: 'string', format: 'binary' }),
        }),
      },
    },
    required: true,
  },
});

export const okResponse = <T extends ZodType>(body: T, description = 'OK') => ({
  200: { description, content: { 'application/json': { schema: envelopeOf(body) } } },
});

export const createdResponse = <T extends ZodType>(body: T, description = 'Created') => ({
  201: { description, content: { 'application/json': { schema: envelopeOf(body) } } },
});

export const errorResponses = {
  400: { description: 'Validation failed: one error_list entry per bad field' },
  401: { description: 'Not signed in, or the token is not valid' },
  403: { description: 'Signed in without the required ability' },
  404: { description: 'Not found in your scope' },
  409: { description: 'Conflicts with existing data' },
  412: { description: 'A business rule refuses the request' },
};

/** One declaration so every numeric id in a path coerces, refuses and documents itself alike. */
export const pathId = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' } });

export const idParam = z.object({ id: pathId('id') });

export const pagingQuery = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
});

/** An id filter in a query string: digits only, so a typo is a 400 naming the field instead of a NaN filter. */
export const optionalQueryId = (field: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${field}: an id`)
    .transform(Number)
    .optional();

export const pageOf = <T extends ZodType>(item: T) =>
  z.object({ content: z.array(item), pageNumber: z.number(), pageSize: z.number(), totalElements: z.number() });
