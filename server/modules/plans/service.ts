/**
 * Service charge plans (issue 21; spec §7 /api/plan/management, /api/plan/enrollment): plan types,
 * plans with their price lines (replaced as a whole on each save), and client enrolments — one
 * live enrolment per client and plan category (a unique index decides races), archived plans take
 * no new enrolments. Pricing reads these rows (../billing/price-book.ts); recurring fees are
 * charged by ./fees.ts. Clients read only their own enrolments and the plans they are enrolled in.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../domain/billing/plan-schedule.js';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import { canonicalPrice } from '../../../domain/schemas/prep-materials.js';
import type {
  ChargeSchedule,
  Enrollment,
  EnrollmentInput,
  Plan,
  PlanCategory,
  PlanInput,
  PlanStatus,
  PlanTier,
  PlanTypeInput,
} from '../../../domain/schemas/plans.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, planEnrollments, planTypes, servicePlanPrices, servicePlans } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { badRequest, businessRule, conflict, forbidden, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { outer } from '../../db/outer.js';

const today = (deps: Deps) => deps.now().toISOString().slice(0, 10);
const page = <T>(content: T[], p: PageRequest, total: number | string) => ({
  content,
  pageNumber: p.pageNumber,
  pageSize: p.pageSize,
  totalElements: Number(total),
});

// ---------------------------------------------------------------- plan types

const planCountSql = sql<number>`(select count(*) from ${servicePlans} p where p.plan_type_id = ${outer(planTypes.id)})::int`;
const planTypeColumns = {
  id: planTypes.id,
  name: planTypes.name,
  description: planTypes.description,
  planCount: planCountSql,
  updatedAt: planTypes.updatedAt,
};

export async function listPlanTypes(deps: Deps, ctx: RequestContext, p: PageRequest, q: { q?: string }) {
  const text = q.q?.trim();
  const where = and(
    eq(planTypes.tenantId, ctx.tenantId),
    text ? or(ilike(planTypes.name, likeContains(text)), ilike(planTypes.description, likeContains(text))) : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select(planTypeColumns)
      .from(planTypes)
      .where(where)
      .orderBy(asc(planTypes.name), asc(planTypes.id))
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    deps.db.select({ total: count() }).from(planTypes).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, planCount: Number(r.planCount) })),
    p,
    total,
  );
}

async function planTypeOut(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select(planTypeColumns)
    .from(planTypes)
    .where(and(eq(planTypes.id, id), eq(planTypes.tenantId, ctx.tenantId)));
  if (!row) throw notFound('Plan type');
  return { ...row, planCount: Number(row.planCount) };
}

export const getPlanType = (deps: Deps, ctx: RequestContext, id: number) => planTypeOut(deps.db, ctx, id);

export async function savePlanType(deps: Deps, ctx: RequestContext, input: PlanTypeInput, id?: number) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [dup] = await tx
        .select({ id: planTypes.id })
        .from(planTypes)
        .where(and(eq(planTypes.tenantId, ctx.tenantId), sql`lower(${planTypes.name}) = lower(${input.name})`));
      if (dup && dup.id !== id) throw conflict(`A plan type ${input.name} already exists`);
      const values = { name: input.name, description: input.description ?? null };
      if (id) {
        const before = await planTypeOut(tx, ctx, id);
        await tx
          .update(planTypes)
          .set({ ...values, updatedAt: new Date().toISOString() })
          .where(eq(planTypes.id, id));
        await audit(tx, ctx, 'plan_type', id, 'update', before, values);
        return planTypeOut(tx, ctx, id);
      }
      const [created] = await tx
        .insert(planTypes)
        .values({ ...values, tenantId: ctx.tenantId })
        .returning({ id: planTypes.id });
      await audit(tx, ctx, 'plan_type', created.id, 'create', null, values);
      return planTypeOut(tx, ctx, created.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A plan type ${input.name} already exists`);
    throw err;
  }
}

export async function deletePlanType(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await planTypeOut(tx, ctx, id);
    if (before.planCount > 0)
      throw businessRule(`${before.name} still groups ${before.planCount} plan(s); move them first`);
    await tx.delete(planTypes).where(eq(planTypes.id, id));
    await audit(tx, ctx, 'plan_type', id, 'delete', before, null);
    return { deleted: true as const };
  });
}

// ---------------------------------------------------------------- plans

const liveCountSql = sql<number>`(select count(*) from ${planEnrollments} e where e.plan_id = ${outer(servicePlans.id)} and e.ends_on is null)::int`;
const planColumns = {
  id: servicePlans.id,
  name: servicePlans.name,
  description: servicePlans.description,
  planTypeId: servicePlans.planTypeId,
  planTypeName: planTypes.name,
  tier: servicePlans.tier,
  category: servicePlans.category,
  recurringFee: servicePlans.recurringFee,
  schedule: servicePlans.schedule,
  status: servicePlans.status,
  liveEnrollments: liveCountSql,
  updatedAt: servicePlans.updatedAt,
};
type PlanRow = {
  id: number;
  name: string;
  description: string | null;
  planTypeId: number | null;
  planTypeName: string | null;
  tier: string;
  category: string;
  recurringFee: string;
  schedule: string;
  status: string;
  liveEnrollments: number;
  updatedAt: string;
};

/** Plans with their price lines (one query for the lines of a whole page). */
async function withPrices(tx: DbOrTx, ctx: RequestContext, rows: PlanRow[]): Promise<Plan[]> {
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await tx
        .select({
          planId: servicePlanPrices.planId,
          code: servicePlanPrices.code,
          unitPrice: servicePlanPrices.unitPrice,
        })
        .from(servicePlanPrices)
        .where(and(eq(servicePlanPrices.tenantId, ctx.tenantId), inArray(servicePlanPrices.planId, ids)))
        .orderBy(asc(servicePlanPrices.code))
    : [];
  return rows.map((r) => ({
    ...r,
    tier: r.tier as PlanTier,
    category: r.category as PlanCategory,
    schedule: r.schedule as ChargeSchedule,
    status: r.status as PlanStatus,
    recurringFee: canonicalPrice(r.recurringFee),
    // A client learns nothing of the warehouse's other clients.
    liveEnrollments: ctx.isClient ? 0 : Number(r.liveEnrollments),
    prices: lines
      .filter((l) => l.planId === r.id)
      .map((l) => ({ code: l.code, unitPrice: canonicalPrice(l.unitPrice) })),
  }));
}

/** A client sees the plans it is (or was) enrolled in, and no other. */
const clientPlanScope = (ctx: RequestContext): SQL | undefined =>
  ctx.isClient
    ? inArray(
        servicePlans.id,
        sql`(select e.plan_id from ${planEnrollments} e where e.tenant_id = ${ctx.tenantId} and e.company_id = ${ctx.companyId})`,
      )
    : undefined;

export interface PlanListQuery {
  q?: string;
  tier?: string;
  category?: string;
  status?: string;
  planTypeId?: number;
}

export async function listPlans(deps: Deps, ctx: RequestContext, p: PageRequest, q: PlanListQuery) {
  const text = q.q?.trim();
  const where = and(
    eq(servicePlans.tenantId, ctx.tenantId),
    clientPlanScope(ctx),
    q.tier ? eq(servicePlans.tier, q.tier) : undefined,
    q.category ? eq(servicePlans.category, q.category) : undefined,
    q.status ? eq(servicePlans.status, q.status) : undefined,
    q.planTypeId ? eq(servicePlans.planTypeId, q.planTypeId) : undefined,
    text
      ? or(ilike(servicePlans.name, likeContains(text)), ilike(servicePlans.description, likeContains(text)))
      : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select(planColumns)
      .from(servicePlans)
      .leftJoin(planTypes, eq(planTypes.id, servicePlans.planTypeId))
      .where(where)
      .orderBy(asc(servicePlans.name), asc(servicePlans.id))
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    deps.db.select({ total: count() }).from(servicePlans).where(where),
  ]);
  return page(await withPrices(deps.db, ctx, rows as PlanRow[]), p, total);
}

async function planOut(tx: DbOrTx, ctx: RequestContext, id: number): Promise<Plan> {
  const [row] = await tx
    .select(planColumns)
    .from(servicePlans)
    .leftJoin(planTypes, eq(planTypes.id, servicePlans.planTypeId))
    .where(and(eq(servicePlans.id, id), eq(servicePlans.tenantId, ctx.tenantId), clientPlanScope(ctx)));
  if (!row) throw notFound('Plan');
  return (await withPrices(tx, ctx, [row as PlanRow]))[0];
}

export const getPlan = (deps: Deps, ctx: RequestContext, id: number) => planOut(deps.db, ctx, id);

export async function savePlan(deps: Deps, ctx: RequestContext, input: PlanInput, id?: number) {
  try {
    return await deps.db.transaction(async (tx) => {
      if (input.planTypeId) {
        const [type] = await tx
          .select({ id: planTypes.id })
          .from(planTypes)
          .where(and(eq(planTypes.id, input.planTypeId), eq(planTypes.tenantId, ctx.tenantId)));
        if (!type) throw badRequest(`planTypeId: no plan type ${input.planTypeId}`);
      }
      const [dup] = await tx
        .select({ id: servicePlans.id })
        .from(servicePlans)
        .where(and(eq(servicePlans.tenantId, ctx.tenantId), sql`lower(${servicePlans.name}) = lower(${input.name})`));
      if (dup && dup.id !== id) throw conflict(`A plan ${input.name} already exists`);
      const values = {
        name: input.name,
        description: input.description ?? null,
        planTypeId: input.planTypeId ?? null,
        tier: input.tier,
        category: input.category,
        recurringFee: input.recurringFee,
        schedule: input.schedule,
        status: input.status,
      };
      let planId: number;
      let before: Plan | null = null;
      if (id) {
        before = await planOut(tx, ctx, id);
        if (before.category !== input.category) {
          const [{ n }] = await tx.select({ n: count() }).from(planEnrollments).where(eq(planEnrollments.planId, id));
          // Enrolments copy the category (one live plan per category): it is fixed once used.
          if (Number(n) > 0) throw businessRule(`${before.name} has enrolments: its category cannot change`);
        }
        await tx
          .update(servicePlans)
          .set({ ...values, updatedAt: new Date().toISOString() })
          .where(eq(servicePlans.id, id));
        await tx.delete(servicePlanPrices).where(eq(servicePlanPrices.planId, id));
        planId = id;
      } else {
        const [created] = await tx
          .insert(servicePlans)
          .values({ ...values, tenantId: ctx.tenantId })
          .returning({ id: servicePlans.id });
        planId = created.id;
      }
      if (input.prices.length)
        await tx
          .insert(servicePlanPrices)
          .values(input.prices.map((l) => ({ tenantId: ctx.tenantId, planId, code: l.code, unitPrice: l.unitPrice })));
      const after = await planOut(tx, ctx, planId);
      await audit(tx, ctx, 'service_plan', planId, id ? 'update' : 'create', before, after);
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A plan ${input.name} already exists`);
    throw err;
  }
}

export async function deletePlan(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await planOut(tx, ctx, id);
    const [{ n }] = await tx.select({ n: count() }).from(planEnrollments).where(eq(planEnrollments.planId, id));
    if (Number(n) > 0)
      throw businessRule(`${before.name} has ${n} enrolment(s), which its charges refer to: archive it instead`);
    await tx.delete(servicePlans).where(eq(servicePlans.id, id));
    await audit(tx, ctx, 'service_plan', id, 'delete', before, null);
    return { deleted: true as const };
  });
}

// ---------------------------------------------------------------- enrolments

const enrollmentColumns = {
  id: planEnrollments.id,
  companyId: planEnrollments.companyId,
  companyName: companies.name,
  planId: planEnrollments.planId,
  planName: servicePlans.name,
  tier: servicePlans.tier,
  category: planEnrollments.category,
  recurringFee: servicePlans.recurringFee,
  schedule: servicePlans.schedule,
  startsOn: planEnrollments.startsOn,
  endsOn: planEnrollments.endsOn,
  createdAt: planEnrollments.createdAt,
};
type EnrollmentRow = Omit<Enrollment, 'tier' | 'category' | 'schedule'> & {
  tier: string;
  category: string;
  schedule: string;
};
const enrollmentOut = (r: EnrollmentRow): Enrollment => ({
  ...r,
  tier: r.tier as PlanTier,
  category: r.category as PlanCategory,
  schedule: r.schedule as ChargeSchedule,
  recurringFee: canonicalPrice(r.recurringFee),
});

function enrollmentQuery(tx: DbOrTx) {
  return tx
    .select(enrollmentColumns)
    .from(planEnrollments)
    .innerJoin(servicePlans, eq(servicePlans.id, planEnrollments.planId))
    .innerJoin(companies, eq(companies.id, planEnrollments.companyId));
}

/** The company a caller may look at: a client only its own (403 for another). */
function scopedCompany(ctx: RequestContext, companyId?: number): number | undefined {
  if (!ctx.isClient) return companyId;
  if (companyId && companyId !== ctx.companyId) throw forbidden('You can only see your own company’s plans');
  return ctx.companyId;
}

export interface EnrollmentListQuery {
  companyId?: number;
  planId?: number;
  category?: string;
  live?: 'true' | 'false';
}

export async function listEnrollments(deps: Deps, ctx: RequestContext, p: PageRequest, q: EnrollmentListQuery) {
  const companyId = scopedCompany(ctx, q.companyId);
  const where = and(
    eq(planEnrollments.tenantId, ctx.tenantId),
    companyId ? eq(planEnrollments.companyId, companyId) : undefined,
    q.planId ? eq(planEnrollments.planId, q.planId) : undefined,
    q.category ? eq(planEnrollments.category, q.category) : undefined,
    q.live === 'true' ? isNull(planEnrollments.endsOn) : undefined,
    q.live === 'false' ? sql`${planEnrollments.endsOn} is not null` : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    enrollmentQuery(deps.db)
      .where(where)
      .orderBy(asc(companies.name), desc(planEnrollments.startsOn), desc(planEnrollments.id))
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    deps.db.select({ total: count() }).from(planEnrollments).where(where),
  ]);
  return page(rows.map(enrollmentOut), p, total);
}

async function enrollmentById(tx: DbOrTx, ctx: RequestContext, id: number): Promise<Enrollment> {
  const [row] = await enrollmentQuery(tx).where(
    and(
      eq(planEnrollments.id, id),
      eq(planEnrollments.tenantId, ctx.tenantId),
      ctx.isClient ? eq(planEnrollments.companyId, ctx.companyId) : undefined,
    ),
  );
  if (!row) throw notFound('Enrolment');
  return enrollmentOut(row);
}

export const getEnrollment = (deps: Deps, ctx: RequestContext, id: number) => enrollmentById(deps.db, ctx, id);

/**
 * Enrols a client in a plan from a day. Another enrolment of the same category that covers the
 * start day or later is a conflict (409), unless `endCurrent` and it is the open one that started
 * earlier: that one then ends the day before (a change of plan).
 */
export async function enroll(deps: Deps, ctx: RequestContext, input: EnrollmentInput) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [company] = await tx
        .select({ id: companies.id, name: companies.name, isOwner: companies.isOwner })
        .from(companies)
        .where(and(eq(companies.id, input.companyId), eq(companies.tenantId, ctx.tenantId)));
      if (!company || company.isOwner) throw badRequest(`companyId: no client ${input.companyId}`);
      const [plan] = await tx
        .select()
        .from(servicePlans)
        .where(and(eq(servicePlans.id, input.planId), eq(servicePlans.tenantId, ctx.tenantId)));
      if (!plan) throw notFound('Plan');
      if (plan.status !== 'active') throw businessRule(`${plan.name} is archived: it takes no new enrolments`);
      const overlapping = await tx
        .select()
        .from(planEnrollments)
        .where(
          and(
            eq(planEnrollments.tenantId, ctx.tenantId),
            eq(planEnrollments.companyId, company.id),
            eq(planEnrollments.category, plan.category),
            or(isNull(planEnrollments.endsOn), sql`${planEnrollments.endsOn} >= ${input.startsOn}`),
          ),
        )
        .for('update');
      for (const other of overlapping) {
        const replaceable = input.endCurrent && other.endsOn === null && other.startsOn < input.startsOn;
        if (!replaceable)
          throw conflict(
            `${company.name} already has a ${plan.category} plan from ${other.startsOn}${
              other.endsOn ? ` to ${other.endsOn}` : ''
            }; end it first${other.endsOn === null ? ' or change plan' : ''}`,
          );
        const endsOn = addDays(input.startsOn, -1);
        await tx.update(planEnrollments).set({ endsOn }).where(eq(planEnrollments.id, other.id));
        await audit(tx, ctx, 'plan_enrollment', other.id, 'update', { endsOn: null }, { endsOn });
      }
      const [created] = await tx
        .insert(planEnrollments)
        .values({
          tenantId: ctx.tenantId,
          companyId: company.id,
          planId: plan.id,
          category: plan.category,
          startsOn: input.startsOn,
          createdBy: ctx.userId,
        })
        .returning({ id: planEnrollments.id });
      const out = await enrollmentById(tx, ctx, created.id);
      await audit(tx, ctx, 'plan_enrollment', created.id, 'create', null, out);
      return out;
    });
  } catch (err) {
    // Two enrolments of one client and category at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict('The client already has a live plan of this category');
    throw err;
  }
}

/** Ends an enrolment on a day (inclusive: the plan still prices that day). */
export async function endEnrollment(deps: Deps, ctx: RequestContext, id: number, endsOn: string) {
  return deps.db.transaction(async (tx) => {
    const before = await enrollmentById(tx, ctx, id);
    if (before.endsOn !== null) throw businessRule(`This enrolment already ended on ${before.endsOn}`);
    if (endsOn < addDays(before.startsOn, -1))
      throw badRequest(`endsOn: not before the day before it starts (${before.startsOn})`);
    await tx.update(planEnrollments).set({ endsOn }).where(eq(planEnrollments.id, id));
    await audit(tx, ctx, 'plan_enrollment', id, 'update', { endsOn: null }, { endsOn });
    return enrollmentById(tx, ctx, id);
  });
}

/**
 * A client's current and coming plans with their price lines (not those that ended before
 * today). The warehouse names the client; a client gets its own.
 */
export async function myPlans(deps: Deps, ctx: RequestContext, companyId?: number) {
  const company = scopedCompany(ctx, companyId);
  if (!company) throw badRequest('companyId: required');
  const day = today(deps);
  const rows = await enrollmentQuery(deps.db)
    .where(
      and(
        eq(planEnrollments.tenantId, ctx.tenantId),
        eq(planEnrollments.companyId, company),
        or(isNull(planEnrollments.endsOn), sql`${planEnrollments.endsOn} >= ${day}`),
      ),
    )
    .orderBy(asc(planEnrollments.category), asc(planEnrollments.startsOn));
  const out = [];
  for (const r of rows) out.push({ enrollment: enrollmentOut(r), plan: await planOut(deps.db, ctx, r.planId) });
  return out;
}
