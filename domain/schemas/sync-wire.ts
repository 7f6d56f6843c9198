/** Push/pull wire schemas as the server validates them (see ARCHITECTURE.md, sync protocol). */
import { z } from 'zod';

export const MAX_PUSH_MUTATIONS = 500;
/**
 * A push body stays under this many bytes of JSON (the server refuses bodies over 1 MiB): the
 * drainer cuts a batch short before it, so a few photos never block the outbox.
 */
export const MAX_PUSH_BODY_BYTES = 900_000;
export const DEFAULT_PULL_LIMIT = 1000;
export const MAX_PULL_LIMIT = 5000;

export const pushRequestSchema = z.object({
  deviceId: z.string().trim().min(1).max(100),
  mutations: z
    .array(
      z.object({
        id: z.uuid(),
        name: z.string().min(1).max(80),
        args: z.unknown(),
        createdAt: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .max(MAX_PUSH_MUTATIONS),
});

export const REJECTION_CODES = [
  'validation',
  'unknown_mutation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'business_rule',
] as const;

export const pushResultSchema = z.object({
  id: z.string(),
  status: z.enum(['applied', 'rejected']),
  code: z.enum(REJECTION_CODES).optional(),
  message: z.string().optional(),
  result: z.unknown().optional(),
});

export const pullQuerySchema = z.object({
  cursor: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PULL_LIMIT).default(DEFAULT_PULL_LIMIT),
});

/** `POST /api/sync/events/ticket`: what opens `GET /api/sync/events?ticket=…` once, within a minute. */
/** What a push answers: one result per mutation, in order. */
export const pushResponseSchema = z.object({ results: z.array(pushResultSchema) });
export const streamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
