/**
 * POST /api/sync/push — apply each mutation exactly once (ARCHITECTURE.md, sync protocol):
 *  1. A mutation id already recorded answers its recorded result and changes nothing.
 *  2. Otherwise its args are validated and it runs through the same service function as the REST
 *     route (permission checks included); the id and result are recorded in the same transaction,
 *     so a crash can never keep one without the other.
 *  3. A business refusal rolls back that mutation only and answers `rejected` with a code and
 *     message; it is not recorded (it had no effect), so a later retry is judged on the state then.
 *  4. A rejection does not stop the mutations after it. An unexpected server fault stops the
 *     batch: the answer holds the results so far and the device retries the rest with backoff.
 *
 * A whole push commits once (each mutation in a savepoint inside it): a commit is the expensive
 * part of a small write, and a dock handheld sends up to 100 scans at a time after a dead zone.
 * A push takes the tenant's change-feed lock first, so two pushes queue rather than deadlock. A
 * push that still loses a deadlock (against a desk write) is applied again one transaction per
 * mutation, and there a mutation chosen as a deadlock victim is simply run again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { pushRequestSchema, pushResultSchema } from '../../domain/schemas/sync-wire.js';
import { REJECTION_CODES } from '../../domain/schemas/sync-wire.js';
import type { Deps, RequestContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { syncMutations } from '../db/schema/index.js';
import { ApiError } from '../http/errors.js';
import { issueMessages } from '../http/validation.js';
import type { Language } from '../i18n.js';
import { lockChangeFeed } from '../feed/changes.js';
import { isMutationName, MUTATIONS, type MutationName, type ParsedMutationArgs } from '../../domain/mutations.js';
import { SERVER_MUTATIONS } from './registry.js';
import { isLockConflict, isUniqueViolation, pgErrorCode } from '../db/pg-errors.js';

type PushResult = z.infer<typeof pushResultSchema>;
type RejectionCode = (typeof REJECTION_CODES)[number];

const CODE_BY_STATUS: Record<number, RejectionCode> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  412: 'business_rule',
};

async function recorded(db: DbOrTx, ctx: RequestContext, id: string): Promise<PushResult | null> {
  const [row] = await db
    .select()
    .from(syncMutations)
    .where(and(eq(syncMutations.tenantId, ctx.tenantId), eq(syncMutations.id, id)));
  return row ? { id, status: 'applied', result: row.result ?? undefined } : null;
}

/**
 * Crash-recovery tests start a real server process with DOCKSIDE_FAULT set and let it die at
 * exactly these points; nothing else reads the variable.
 */
function crashForTest(point: 'before-commit' | 'after-commit') {
  if (process.env.DOCKSIDE_FAULT === `push-crash-${point}`) process.kill(process.pid, 'SIGKILL');
}

type PushRequest = z.infer<typeof pushRequestSchema>;

/** A transaction of one mutation that Postgres chose as a deadlock victim changed nothing: run it again. */
export async function retryOnLockConflict<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isLockConflict(err) || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
type PushOutcome = { results: PushResult[]; applied: number };

export async function push(deps: Deps, ctx: RequestContext, req: PushRequest): Promise<PushOutcome> {
  if (req.mutations.length === 0) return { results: [], applied: 0 };
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      await lockChangeFeed(tx, ctx.tenantId);
      const out = await applyAll(tx, ctx, req, (apply) => tx.transaction(apply));
      crashForTest('before-commit');
      return out;
    });
    crashForTest('after-commit');
    return outcome;
  } catch (err) {
    if (!isLockConflict(err)) throw err;
    // Nothing of this push was committed: apply it again, each mutation committing on its own.
    console.warn(
      `[dockside] push from ${req.deviceId} lost a lock conflict (${pgErrorCode(err)}); applying it one mutation per transaction`,
    );
    return applyAll(deps.db, ctx, req, (apply) => retryOnLockConflict(() => deps.db.transaction(apply)));
  }
}

type Mutation = PushRequest['mutations'][number];
/** A mutation that can run: its name from the catalogue and its args parsed by that name's schema. */
interface Ready<N extends MutationName = MutationName> {
  m: Mutation;
  name: N;
  args: ParsedMutationArgs<N>;
}
/** The args of one name, parsed (generic, so the name and its args stay correlated). */
function ready<N extends MutationName>(m: Mutation, name: N, language: Language): Ready<N> | string {
  const parsed = MUTATIONS[name].args.safeParse(m.args);
  if (!parsed.success) return issueMessages(parsed.error, language).join('; ');
  // The schema of name N parses to exactly ParsedMutationArgs<N>; TypeScript cannot index the
  // catalogue's schemas by a generic name, so it is said once here.
  return { m, name, args: parsed.data as ParsedMutationArgs<N> };
}
const sameName = <N extends MutationName>(first: Ready<N>, next: Ready): next is Ready<N> => next.name === first.name;
const runKey = <N extends MutationName>(r: Ready<N>): string | null => {
  const many = SERVER_MUTATIONS[r.name].many;
  return many ? many.key(r.args) : null;
};

/** A refusal as the device shows it in needs-attention: in the language of the screen that pushed. */
const rejection = (id: string, err: ApiError, language: Language): PushResult => ({
  id,
  status: 'rejected',
  code: CODE_BY_STATUS[err.status] ?? 'business_rule',
  message: err
    .in(language)
    .map((m) => m.message)
    .join('; '),
});

/**
 * Runs the mutations in order. `unit` gives each mutation (or run of mutations applied together)
 * its own atomic scope — a savepoint inside the push's transaction, or a transaction of its own on
 * the fallback path.
 */
async function applyAll(
  db: DbOrTx,
  ctx: RequestContext,
  req: PushRequest,
  unit: <T>(apply: (tx: DbOrTx) => Promise<T>) => Promise<T>,
): Promise<PushOutcome> {
  const results: PushResult[] = [];
  const language: Language = ctx.language ?? 'en';
  let applied = 0;
  // Step 1 for the whole push in one query: which ids were applied before.
  const ids = req.mutations.map((m) => m.id);
  const previous = await db
    .select({ id: syncMutations.id, result: syncMutations.result })
    .from(syncMutations)
    .where(and(eq(syncMutations.tenantId, ctx.tenantId), inArray(syncMutations.id, ids)));
  const known = new Map<string, unknown>(previous.map((p) => [p.id, p.result]));
  const record = (m: Mutation, out: unknown) => ({
    tenantId: ctx.tenantId,
    id: m.id,
    userId: ctx.userId,
    deviceId: req.deviceId,
    name: m.name,
    status: 'applied',
    result: (out ?? null) as object | null,
    createdAt: m.createdAt ?? null,
  });

  /** A mutation that can run: not applied before, known by name, with valid args; else its answer. */
  const prepare = (m: Mutation): Ready | PushResult => {
    if (known.has(m.id)) return { id: m.id, status: 'applied', result: known.get(m.id) ?? undefined };
    if (!isMutationName(m.name))
      return {
        id: m.id,
        status: 'rejected',
        code: 'unknown_mutation',
        message: `Unknown mutation "${m.name}"; update the app`,
      };
    const r = ready(m, m.name, language);
    return typeof r === 'string' ? { id: m.id, status: 'rejected', code: 'validation', message: r } : r;
  };

  /** One mutation in its own unit; false when an unexpected fault stops the push. */
  const applyOne = async <N extends MutationName>({ m, name, args }: Ready<N>): Promise<boolean> => {
    try {
      const result = await unit(async (tx) => {
        const out = await SERVER_MUTATIONS[name].apply(tx, ctx, args, { deviceId: req.deviceId });
        await tx.insert(syncMutations).values(record(m, out));
        return out;
      });
      applied++;
      known.set(m.id, result ?? null); // the same id twice in one push applies once
      results.push({ id: m.id, status: 'applied', result });
      return true;
    } catch (err) {
      if (err instanceof ApiError) {
        results.push(rejection(m.id, err, language));
        return true;
      }
      if (isLockConflict(err)) throw err; // the whole push runs again (see push)
      const other = isUniqueViolation(err) ? await recorded(db, ctx, m.id) : null;
      if (other) {
        // Another device (or a concurrent retry) applied the same id first: answer its result.
        results.push(other);
        return true;
      }
      console.error('[dockside] push stopped at', m.name, m.id, err);
      return false;
    }
  };

  /**
   * A run of mutations with a set-based rule (consecutive scans into one receive batch) in one
   * unit: a handful of statements instead of a few per mutation. Null when the run must be
   * applied one by one instead (a fault the single path knows how to answer, e.g. a scan id a
   * second device applied at the same moment).
   */
  const applyRun = async <N extends MutationName>(run: Ready<N>[]): Promise<PushResult[] | null> => {
    const many = SERVER_MUTATIONS[run[0].name].many;
    if (!many) return null;
    try {
      return await unit(async (tx) => {
        const outcomes = await many.apply(
          tx,
          ctx,
          run.map((r) => r.args),
          { deviceId: req.deviceId },
        );
        const rows = run.flatMap((r, i) => ('ok' in outcomes[i] ? [record(r.m, outcomes[i].ok)] : []));
        if (rows.length) await tx.insert(syncMutations).values(rows);
        return run.map((r, i): PushResult => {
          const o = outcomes[i];
          return 'ok' in o ? { id: r.m.id, status: 'applied', result: o.ok } : rejection(r.m.id, o.refused, language);
        });
      });
    } catch (err) {
      if (err instanceof ApiError) return run.map((r) => rejection(r.m.id, err, language));
      if (isLockConflict(err)) throw err;
      return null;
    }
  };

  for (let i = 0; i < req.mutations.length;) {
    const first = prepare(req.mutations[i]);
    if (!('m' in first)) {
      results.push(first);
      i++;
      continue;
    }
    const run = [first];
    const key = runKey(first);
    if (key !== null) {
      const runIds = new Set([first.m.id]);
      for (
        let j = i + 1;
        j < req.mutations.length && req.mutations[j].name === first.m.name && !runIds.has(req.mutations[j].id);
        j++
      ) {
        const next = prepare(req.mutations[j]);
        if (!('m' in next) || !sameName(first, next) || runKey(next) !== key) break;
        run.push(next);
        runIds.add(next.m.id);
      }
    }
    i += run.length;
    const answered = run.length > 1 ? await applyRun(run) : null;
    if (answered) {
      for (const r of answered) {
        if (r.status === 'applied') {
          applied++;
          known.set(r.id, r.result ?? null);
        }
        results.push(r);
      }
      continue;
    }
    let stopped = false;
    for (const r of run) {
      if (!(await applyOne(r))) {
        stopped = true;
        break;
      }
    }
    if (stopped) break;
  }
  return { results, applied };
}
