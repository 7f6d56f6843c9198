/**
 * The jobs API: a tenant's jobs with state, progress and error. Warehouse admins see every job of
 * their tenant; anyone else sees the jobs they started; nobody sees another tenant's (404).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PageRequest, Page } from '../../../domain/paging.js';
import { can } from '../../../domain/permissions.js';
import { JOB_NAMES, type JobName, type JobState, type JobView } from '../../../domain/schemas/jobs.js';
import type { Deps, RequestContext } from '../../context.js';
import { businessRule, notFound } from '../../http/errors.js';
import { BOSS_SCHEMA } from '../../jobs/queue.js';

export const seesTenantJobs = (ctx: RequestContext) => !ctx.isClient && can(ctx.abilities, 'manage', 'admin');

interface Row {
  id: string;
  name: string;
  started_by: number | null;
  username: string | null;
  progress_done: number;
  progress_total: number | null;
  progress_note: string | null;
  created_at: string | Date;
  state: JobState | null;
  output: unknown;
  retry_count: number | null;
  retry_limit: number | null;
  started_on: string | Date | null;
  completed_on: string | Date | null;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/** pg-boss stores a failure as the serialized error ({message, stack, …}); the screen shows the words only. */
function errorOf(state: JobState, output: unknown): string | null {
  if (state !== 'failed' && state !== 'retry') return null;
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output === null || output === undefined ? null : JSON.stringify(output);
}

function view(r: Row): JobView {
  // A job pg-boss has already deleted (past its retention) reads as completed.
  const state = r.state ?? 'completed';
  return {
    id: r.id,
    name: r.name,
    state,
    progress: { done: r.progress_done, total: r.progress_total, note: r.progress_note },
    error: errorOf(state, r.output),
    startedBy: r.started_by !== null && r.username !== null ? { id: r.started_by, username: r.username } : null,
    retryCount: r.retry_count ?? 0,
    retryLimit: r.retry_limit ?? 0,
    createdAt: iso(r.created_at) ?? '',
    startedAt: iso(r.started_on),
    completedAt: iso(r.completed_on),
  };
}

const job = sql.raw(`${BOSS_SCHEMA}.job`);
const archive = sql.raw(`${BOSS_SCHEMA}.archive`);

function scoped(ctx: RequestContext, extra: SQL[] = []): SQL {
  const where = [sql`r.tenant_id = ${ctx.tenantId}`, ...extra];
  if (!seesTenantJobs(ctx)) where.push(sql`r.started_by = ${ctx.userId}`);
  return sql.join(where, sql` and `);
}

// Live state from pg-boss: its job table, or its archive once a finished job has moved there.
const select = sql`
  select r.job_id as id, r.name, r.started_by, u.username, r.progress_done, r.progress_total, r.progress_note,
    r.created_at, coalesce(j.state, a.state)::text as state, coalesce(j.output, a.output) as output,
    coalesce(j.retry_count, a.retry_count) as retry_count, coalesce(j.retry_limit, a.retry_limit) as retry_limit,
    coalesce(j.started_on, a.started_on) as started_on, coalesce(j.completed_on, a.completed_on) as completed_on
  from job_runs r
  left join ${job} j on j.name = r.name and j.id = r.job_id::uuid
  left join ${archive} a on j.id is null and a.name = r.name and a.id = r.job_id::uuid
  left join users u on u.id = r.started_by`;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function listJobs(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  filter: { state?: JobState; name?: string },
): Promise<Page<JobView>> {
  const extra: SQL[] = [];
  if (filter.name) extra.push(sql`r.name = ${filter.name}`);
  const stateFilter = filter.state ? sql`where s.state = ${filter.state}` : sql``;
  const inner = sql`${select} where ${scoped(ctx, extra)}`;
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from (${inner}) s ${stateFilter}`),
  );
  const rows = rowsOf<Row>(
    await deps.db.execute(
      sql`select * from (${inner}) s ${stateFilter} order by s.created_at desc, s.id
          limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
    ),
  );
  return { content: rows.map(view), pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: count.n };
}

export async function getJob(deps: Deps, ctx: RequestContext, id: string): Promise<JobView> {
  const [row] = rowsOf<Row>(await deps.db.execute(sql`${select} where r.job_id = ${id} and ${scoped(ctx)}`));
  if (!row) throw notFound('Job');
  return view(row);
}

const jobName = (name: string): JobName => {
  if (!(JOB_NAMES as string[]).includes(name)) throw notFound('Job');
  return name as JobName;
};

export async function retryJob(deps: Deps, ctx: RequestContext, id: string): Promise<JobView> {
  const current = await getJob(deps, ctx, id);
  if (current.state !== 'failed' && current.state !== 'cancelled')
    throw businessRule('Only a failed or cancelled job can be retried');
  await deps.jobs.retry(jobName(current.name), id, current.state);
  return getJob(deps, ctx, id);
}

export async function cancelJob(deps: Deps, ctx: RequestContext, id: string): Promise<JobView> {
  const current = await getJob(deps, ctx, id);
  if (!['created', 'retry', 'active'].includes(current.state))
    throw businessRule('Only a queued or running job can be cancelled');
  await deps.jobs.cancel(jobName(current.name), id);
  return getJob(deps, ctx, id);
}
