/**
 * The durable job queue: pg-boss 10 over the app's own database — PGlite or PostgreSQL — through
 * its `db.executeSql` option, so jobs live in the same database (schema `pgboss`) and survive a
 * restart with it. pg-boss brings retries with backoff, singleton keys, cron schedules and dead
 * letters; this adapter adds a typed catalogue (domain/schemas/jobs.ts: data validated by zod on
 * enqueue and again on run), who started a job and for which tenant, and progress for the UI.
 *
 * Exactly once. pg-boss delivers a job at least once: a worker that dies after doing the work
 * but before marking the job complete gets it again. So the rule for every handler: its effects
 * are idempotent by a key — either naturally (an upsert by the marketplace's order id) or through
 * `job.once(key, tx => …)`, which records the key in the same transaction as the effect (see
 * once.ts). A retry then finds the key and skips what already happened.
 *
 * A worker killed mid-run leaves its job `active`. PGlite has one process by construction, so on
 * start every job still active belongs to a dead worker and is failed at once (`soleWorker`),
 * which sends it to its retry. On a PostgreSQL server other instances may be running their
 * jobs, so there the job's `expireInSeconds` decides (pg-boss's supervisor fails it then).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { JOB_DATA, JOB_NAMES, type JobData, type JobName } from '../../domain/schemas/jobs.js';
import type { Database, DbOrTx, Tx } from '../db/client.js';
import { jobEffects, jobRuns } from '../db/schema/index.js';
import { DEAD_LETTER, QUEUES } from './catalogue.js';

export const BOSS_SCHEMA = 'pgboss';

export interface EnqueueOptions {
  /** The tenant the job works for (null: the platform's own upkeep). */
  tenantId?: number | null;
  /** The user who asked for it; they see its progress. */
  startedBy?: number | null;
  /** With a `stately` queue: one queued and one running per key; a duplicate is dropped (null). */
  singletonKey?: string;
  /**
   * Frequent work the platform queues on its own (pricing a burst of recorded events): no owner
   * row, so it stays off the jobs screen, as cron jobs do.
   */
  unlisted?: boolean;
  startAfter?: Date | number;
  /** Overrides of the catalogue's policy for this one job (tests use short delays). */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

export interface JobContext {
  id: string;
  name: JobName;
  retryCount: number;
  /**
   * Records progress for the jobs screen. Throws JobCancelled when an admin cancelled the job
   * meanwhile, so a long job stops at its next step.
   */
  progress(done: number, total?: number | null, note?: string | null): Promise<void>;
  /** Runs `effect` once per key across every attempt of every job (see the header). */
  once<T>(key: string, effect: (tx: Tx) => Promise<T>): Promise<{ done: true; value: T } | { done: false }>;
}

export type JobHandler<N extends JobName> = (data: JobData<N>, job: JobContext) => Promise<unknown>;

export class JobCancelled extends Error {
  constructor() {
    super('The job was cancelled');
  }
}

export interface QueueOptions {
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed and old ones archived. */
  maintenanceIntervalSeconds?: number;
  /** Fail jobs left active by a previous process at start (default: on PGlite only). */
  soleWorker?: boolean;
  /** Register the catalogue's cron schedules (default true). */
  schedule?: boolean;
}

type StoredJob = PgBoss.JobWithMetadata<Record<string, unknown>>;

export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private starting: Promise<void> | null = null;
  private closeGate: () => void = () => undefined;

  constructor(
    readonly database: Database,
    private readonly options: QueueOptions = {},
  ) {}

  get db() {
    return this.database.db;
  }

  get started(): boolean {
    return this.boss !== null;
  }

  /** Registers the handler for a job name; workers begin polling once the queue has started. */
  work<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as unknown as JobHandler<JobName>);
    if (this.boss) void this.watch(this.boss, name);
  }

  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<void> {
    // pg-boss settles a handler that outlives stop() without awaiting it (complete/fail are
    // fire-and-forget), so its SQL can arrive after the owner closed the pool: an unhandled
    // rejection. Once stopped, that late bookkeeping is dropped — stop() already failed the job,
    // so it is retried, and handlers are idempotent through `once`. No result at all is what
    // pg-boss's complete/fail read as "nothing affected" (an empty row list would not be).
    const gate = { open: true };
    this.closeGate = () => {
      gate.open = false;
    };
    const boss = new PgBoss({
      db: {
        executeSql: (text, values) =>
          gate.open
            ? this.database.executeSql(text, values)
            : Promise.resolve(undefined as unknown as { rows: unknown[] }),
      },
      schema: BOSS_SCHEMA,
      schedule: this.options.schedule ?? true,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 120,
    });
    // pg-boss reports background failures (a poll during shutdown, a busy database) as events;
    // the next round tries again, so they are logged, never thrown.
    boss.on('error', (err) => console.warn(`jobs: ${err.message}`));
    await boss.start();
    for (const name of [DEAD_LETTER, ...JOB_NAMES.filter((n) => n !== DEAD_LETTER)]) {
      const def = QUEUES[name];
      const queue: PgBoss.Queue = {
        name,
        policy: def.policy,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelay,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
        ...(def.deadLetter ? { deadLetter: def.deadLetter } : {}),
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
    }
    if (this.options.schedule ?? true) {
      for (const name of JOB_NAMES) {
        const cron = QUEUES[name].cron;
        if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      }
    }
    if (this.options.soleWorker ?? this.database.kind === 'pglite') await this.recoverAbandoned(boss);
    this.boss = boss;
    for (const name of this.handlers.keys()) await this.watch(boss, name);
  }

  /** Jobs a dead process left active: failed now, so their retry policy takes them on. */
  private async recoverAbandoned(boss: PgBoss): Promise<void> {
    const { rows } = (await this.database.executeSql(
      `select name, id from ${BOSS_SCHEMA}.job where state = 'active'`,
      [],
    )) as { rows: { name: string; id: string }[] };
    for (const row of rows) {
      await boss.fail(row.name, row.id, { message: 'The server stopped while this job was running' });
    }
  }

  /**
   * Stops polling. Graceful: waits up to `timeoutMs` for running handlers, then fails what is
   * still running so it is retried after the restart (the database stays open; its owner closes it).
   */
  async stop(opts: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    await this.starting?.catch(() => undefined);
    const boss = this.boss;
    this.boss = null;
    this.starting = null;
    if (!boss) return;
    await boss.stop({ close: false, graceful: opts.graceful ?? true, wait: true, timeout: opts.timeoutMs ?? 10_000 });
    this.closeGate();
  }

  private async watch(boss: PgBoss, name: JobName): Promise<void> {
    let workerId: string | null = null;
    workerId = await boss.work<Record<string, unknown>>(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        // pg-boss 10 waits a whole polling interval after every fetch, even one that found work:
        // one job per interval. A worker that just ran a job looks for the next at once instead,
        // and only an empty queue makes it wait (bench: 0.5 → tens of jobs/s).
        if (workerId) boss.notifyWorker(workerId);
        return this.run(name, job);
      },
    );
  }

  private async run(name: JobName, job: StoredJob): Promise<unknown> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for ${name}`);
    const data = JOB_DATA[name].parse(job.data);
    return handler(data, this.contextFor(name, job));
  }

  private contextFor(name: JobName, job: StoredJob): JobContext {
    return {
      id: job.id,
      name,
      retryCount: job.retryCount,
      progress: async (done, total = null, note = null) => {
        await this.recordProgress(job.id, name, done, total, note);
        if ((await this.stateOf(name, job.id)) === 'cancelled') throw new JobCancelled();
      },
      once: (key, effect) => once(this.db, job.id, key, effect),
    };
  }

  private async recordProgress(
    jobId: string,
    name: string,
    done: number,
    total: number | null,
    note: string | null,
  ): Promise<void> {
    const set = { progressDone: done, progressTotal: total, progressNote: note, updatedAt: sql`now()` };
    await this.db
      .insert(jobRuns)
      .values({ jobId, name, ...set })
      .onConflictDoUpdate({ target: jobRuns.jobId, set });
  }

  private async stateOf(name: string, id: string): Promise<string | null> {
    const { rows } = (await this.database.executeSql(
      `select state::text as state from ${BOSS_SCHEMA}.job where name = $1 and id = $2::uuid`,
      [name, id],
    )) as { rows: { state: string }[] };
    return rows[0]?.state ?? null;
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error('The job queue has not started');
    return this.boss;
  }

  /**
   * Queues a job. Returns its id, or null when a singleton key dropped it as a duplicate.
   * The data is checked against the catalogue first: a bad job is refused here, not at 3 a.m.
   */
  async enqueue<N extends JobName>(name: N, data: JobData<N>, opts: EnqueueOptions = {}): Promise<string | null> {
    const boss = this.requireBoss();
    const parsed = JOB_DATA[name].parse(data) as object;
    const id = randomUUID();
    // The owner row first, so a worker that picks the job at once already finds it.
    if (!opts.unlisted)
      await this.db.insert(jobRuns).values({
        jobId: id,
        name,
        tenantId: opts.tenantId ?? null,
        startedBy: opts.startedBy ?? null,
      });
    const sent = await boss.send(name, parsed, {
      id,
      ...(opts.singletonKey !== undefined ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfter !== undefined
        ? { startAfter: typeof opts.startAfter === 'number' ? opts.startAfter : opts.startAfter }
        : {}),
      ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
      ...(opts.retryDelay !== undefined ? { retryDelay: opts.retryDelay } : {}),
      ...(opts.retryBackoff !== undefined ? { retryBackoff: opts.retryBackoff } : {}),
      ...(opts.expireInSeconds !== undefined ? { expireInSeconds: opts.expireInSeconds } : {}),
    });
    if (!sent && !opts.unlisted) await this.db.delete(jobRuns).where(eq(jobRuns.jobId, id));
    return sent;
  }

  async getJob(name: JobName, id: string): Promise<StoredJob | null> {
    return this.requireBoss().getJobById<Record<string, unknown>>(name, id, { includeArchive: true });
  }

  /** A failed job gets one more attempt; a cancelled one is queued again as it was. */
  async retry(name: JobName, id: string, state: 'failed' | 'cancelled'): Promise<void> {
    if (state === 'failed') await this.requireBoss().retry(name, id);
    else await this.requireBoss().resume(name, id);
  }

  /** A queued job will not run; a running one is told at its next progress report. */
  async cancel(name: JobName, id: string): Promise<void> {
    await this.requireBoss().cancel(name, id);
  }

  async schedules(): Promise<PgBoss.Schedule[]> {
    return this.requireBoss().getSchedules();
  }
}

/**
 * Applies `effect` at most once per key: the key's row and the effect commit in one transaction,
 * so either both happened (a retry skips) or neither did (a retry does it).
 */
export async function once<T>(
  db: DbOrTx,
  jobId: string,
  key: string,
  effect: (tx: Tx) => Promise<T>,
): Promise<{ done: true; value: T } | { done: false }> {
  return db.transaction(async (tx) => {
    const fresh = await tx.insert(jobEffects).values({ key, jobId }).onConflictDoNothing().returning();
    if (fresh.length === 0) return { done: false as const };
    return { done: true as const, value: await effect(tx) };
  });
}

/** The owner row of a job (tenant, who started it), for the API's scope checks. */
export async function jobOwner(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobId, id)));
  return row ?? null;
}
