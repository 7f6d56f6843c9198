/**
 * POST /api/sync/push — apply each mutation exactly once (ARCHITECTURE.md, sync protocol):
 *  1. A mutation id already recorded answers its recorded result and changes nothing.
 *  2. Otherwise its args are validated and it runs in its own transaction, through the same
 *     service function as the REST route (permission checks included); the id and result are
 *     recorded in that same transaction, so a crash can never keep one without the other.
 *  3. A business refusal rolls back and answers `rejected` with a code and message; it is not
 *     recorded (it had no effect), so a later retry is judged on the state at that time.
 *  4. A rejection does not stop the mutations after it. An unexpected server fault stops the
 *     batch: the answer holds the results so far and the device retries the rest with backoff.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { pushRequestSchema, pushResultSchema } from '../../domain/schemas/sync-wire.js';
import { REJECTION_CODES } from '../../domain/schemas/sync-wire.js';
import type { Deps, RequestContext } from '../context.js';
import { syncMutations } from '../db/schema/index.js';
import { ApiError } from '../http/errors.js';
import { issueMessages } from '../http/validation.js';
import { SERVER_MUTATIONS } from './registry.js';

type PushResult = z.infer<typeof pushResultSchema>;
type RejectionCode = (typeof REJECTION_CODES)[number];

const CODE_BY_STATUS: Record<number, RejectionCode> = { 400: 'validation', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 412: 'business_rule' };

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

async function recorded(deps: Deps, ctx: RequestContext, id: string): Promise<PushResult | null> {
  const [row] = await deps.db.select().from(syncMutations).where(and(eq(syncMutations.tenantId, ctx.tenantId), eq(syncMutations.id, id)));
  return row ? { id, status: 'applied', result: row.result ?? undefined } : null;
}

/**
 * Crash-recovery tests start a real server process with DOCKSIDE_FAULT set and let it die at
 * exactly these points; nothing else reads the variable.
 */
function crashForTest(point: 'before-commit' | 'after-commit') {
  if (process.env.DOCKSIDE_FAULT === `push-crash-${point}`) process.kill(process.pid, 'SIGKILL');
}

export async function push(deps: Deps, ctx: RequestContext, req: z.infer<typeof pushRequestSchema>): Promise<{ results: PushResult[]; applied: number }> {
  const results: PushResult[] = [];
  let applied = 0;
  // Step 1 for the whole push in one query: which ids were applied before.
  const ids = req.mutations.map((m) => m.id);
  const previous = ids.length
    ? await deps.db
        .select({ id: syncMutations.id, result: syncMutations.result })
        .from(syncMutations)
        .where(and(eq(syncMutations.tenantId, ctx.tenantId), inArray(syncMutations.id, ids)))
    : [];
  const known = new Map<string, unknown>(previous.map((p) => [p.id, p.result]));
  for (const m of req.mutations) {
    if (known.has(m.id)) {
      results.push({ id: m.id, status: 'applied', result: known.get(m.id) ?? undefined });
      continue;
    }
    const handler = SERVER_MUTATIONS[m.name];
    if (!handler) {
      results.push({ id: m.id, status: 'rejected', code: 'unknown_mutation', message: `Unknown mutation "${m.name}"; update the app` });
      continue;
    }
    const args = handler.args.safeParse(m.args);
    if (!args.success) {
      results.push({ id: m.id, status: 'rejected', code: 'validation', message: issueMessages(args.error).join('; ') });
      continue;
    }
    try {
      const result = await deps.db.transaction(async (tx) => {
        const out = await handler.apply(tx, ctx, args.data, { deviceId: req.deviceId });
        await tx.insert(syncMutations).values({
          tenantId: ctx.tenantId,
          id: m.id,
          userId: ctx.userId,
          deviceId: req.deviceId,
          name: m.name,
          status: 'applied',
          result: (out ?? null) as object | null,
          createdAt: m.createdAt ?? null,
        });
        crashForTest('before-commit');
        return out;
      });
      crashForTest('after-commit');
      applied++;
      known.set(m.id, result ?? null); // the same id twice in one push applies once
      results.push({ id: m.id, status: 'applied', result });
    } catch (err) {
      if (err instanceof ApiError) {
        results.push({ id: m.id, status: 'rejected', code: CODE_BY_STATUS[err.status] ?? 'business_rule', message: err.messages.join('; ') });
      } else if (isUniqueViolation(err) && (await recorded(deps, ctx, m.id))) {
        // Another device (or a concurrent retry) applied the same id first: answer its result.
        results.push((await recorded(deps, ctx, m.id))!);
      } else {
        console.error('[dockside] push stopped at', m.name, m.id, err);
        break;
      }
    }
  }
  return { results, applied };
}
