/**
 * What the Amazon sandbox keeps of a seller's inbound work: plans (with their items, packing,
 * boxes, placement and shipments) and the asynchronous operations that changed them. An operation
 * is IN_PROGRESS for OPERATION_MS after it starts, then SUCCESS, or FAILED with its problems.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  inboundPlanSchema,
  operationProblemSchema,
  packingOptionSchema,
  placementOptionSchema,
  planItemSchema,
  boxSchema,
} from '../../integrations/amazon/inbound-models.js';
import {
  deliveryWindowOptionSchema,
  shipmentSchemaWithTransport,
  shipmentTransportationConfigurationSchema,
  transportationOptionSchema,
} from '../../integrations/amazon/transport-models.js';
import { getRecord, putRecord, type RecordSet } from '../records.js';

/** Amazon's 38-character ids (a two-letter prefix and 36 characters), stable for the same seed. */
export const hashId = (prefix: string, seed: string) =>
  `${prefix}${createHash('sha256').update(seed).digest('hex').slice(0, 36)}`;

/** How long an operation stays IN_PROGRESS. */
export const OPERATION_MS = 400;

export const storedPlan = z.object({
  plan: inboundPlanSchema,
  items: z.array(planItemSchema),
  packing: z
    .object({
      operationId: z.string(),
      options: z.array(packingOptionSchema),
      groups: z.record(z.string(), z.array(z.string())),
    })
    .optional(),
  boxes: z.array(boxSchema).optional(),
  placement: z
    .object({
      operationId: z.string(),
      options: z.array(placementOptionSchema),
      shipments: z.array(shipmentSchemaWithTransport),
    })
    .optional(),
  /** Transportation options generated, per placement option. */
  transport: z
    .record(
      z.string(),
      z.object({
        operationId: z.string(),
        configurations: z.array(shipmentTransportationConfigurationSchema),
        options: z.array(transportationOptionSchema),
      }),
    )
    .optional(),
  /** When transportation was confirmed (the void window runs from here). */
  transportConfirmedAt: z.number().optional(),
  /** Delivery window options generated, per shipment. */
  deliveryWindows: z
    .record(z.string(), z.object({ operationId: z.string(), options: z.array(deliveryWindowOptionSchema) }))
    .optional(),
});
export type StoredPlan = z.infer<typeof storedPlan>;
const storedOperation = z.object({
  operation: z.string(),
  operationId: z.string(),
  startedAt: z.number(),
  problems: z.array(operationProblemSchema),
});
export type Problem = z.infer<typeof operationProblemSchema>;

export type SpError = (c: Context, status: 400 | 404, code: string, message: string, details?: string) => Response;

export function inboundState(deps: Deps, sellerOf: (c: Context) => string | null) {
  const now = () => deps.now().getTime();
  const plans = (seller: string): RecordSet<StoredPlan> => ({
    provider: 'amazon',
    account: seller,
    kind: 'inbound_plan',
    schema: storedPlan,
    keyOf: (p) => p.plan.inboundPlanId,
  });
  const operations = (seller: string): RecordSet<z.infer<typeof storedOperation>> => ({
    provider: 'amazon',
    account: seller,
    kind: 'inbound_operation',
    schema: storedOperation,
    keyOf: (o) => o.operationId,
  });
  return {
    now,
    plans,
    operations,
    /** Starts an operation; its problems (decided now) show when it finishes. */
    start: async (seller: string, operation: string, problems: Problem[]) => {
      const operationId = randomUUID();
      await putRecord(deps, operations(seller), { operation, operationId, startedAt: now(), problems });
      return operationId;
    },
    planOf: (c: Context) => getRecord(deps, plans(sellerOf(c)!), c.req.param('inboundPlanId') ?? ''),
    save: (seller: string, p: StoredPlan) => putRecord(deps, plans(seller), p),
    /** The operation finished without problems. */
    succeeded: async (seller: string, operationId: string) => {
      const op = await getRecord(deps, operations(seller), operationId);
      return !!op && now() - op.startedAt >= OPERATION_MS && !op.problems.length;
    },
  };
}
export type InboundState = ReturnType<typeof inboundState>;
