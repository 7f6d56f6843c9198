/**
 * Problem items: raised by the floor or the desk, seen and decided by the client, carried out and
 * closed by the warehouse. Every problem records a pending charge for billing.
 */
import { carryOutResolution } from '../inventory/dispositions.js';
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Audience } from '../../../domain/enums.js';
import type { PageRequest } from '../../../domain/paging.js';
import {
  CLIENT_RESOLUTIONS,
  CLOSED_PROBLEM_STATUSES,
  problemChargeCode,
  type problemCreateSchema,
  type problemListQuerySchema,
  type problemUpdateSchema,
  type ProblemStatus,
  type ProblemResolution,
} from '../../../domain/schemas/problems.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import {
  batchItems,
  companies,
  inboundBatches,
  pendingCharges,
  problemPhotos,
  problems,
} from '../../db/schema/index.js';
import { badRequest, businessRule, forbidden, notFound, refusal } from '../../http/errors.js';
import { pageOfQuery } from '../../http/paging.js';
import { workRecorded } from '../charges/recorded.js';
import { scoped } from '../../http/scope.js';
import { resolveClientCompany } from '../../http/client-company.js';

type Input = z.infer<typeof problemCreateSchema>;

/** Creates a problem and its pending charge inside the caller's transaction (floor or desk). */
export async function insertProblem(
  tx: DbOrTx,
  ctx: RequestContext,
  input: Input,
  opts: { sourceRef?: string } = {},
): Promise<number> {
  if (ctx.isClient) throw forbidden(refusal('refusals.problemsWarehouseOnly'));
  let companyId = input.companyId;
  if (input.batchItemId) {
    const [item] = await tx
      .select()
      .from(batchItems)
      .where(and(eq(batchItems.id, input.batchItemId), eq(batchItems.tenantId, ctx.tenantId)));
    if (!item) throw notFound('Item');
    companyId = item.companyId;
    input = { ...input, batchId: item.batchId };
  } else if (input.batchId) {
    const [batch] = await tx
      .select()
      .from(inboundBatches)
      .where(and(eq(inboundBatches.id, input.batchId), eq(inboundBatches.tenantId, ctx.tenantId)));
    if (!batch) throw notFound('Batch');
    companyId = batch.companyId;
  }
  const company = await resolveClientCompany(tx, ctx, companyId);
  if (input.type === 'damaged' && input.damageType === 'none') throw badRequest(refusal('refusals.damageTypeRequired'));
  const chargeCode = problemChargeCode(input.type, company.audience as Audience);
  const [row] = await tx
    .insert(problems)
    .values({
      tenantId: ctx.tenantId,
      companyId: company.id,
      batchId: input.batchId ?? null,
      batchItemId: input.batchItemId ?? null,
      type: input.type,
      damageType: input.damageType,
      quantity: input.quantity,
      code: input.code ?? null,
      sourceRef: opts.sourceRef ?? null,
      notes: input.notes
        ? [{ at: new Date().toISOString(), userId: ctx.userId, author: ctx.username, text: input.notes }]
        : [],
      chargeCode,
      createdBy: ctx.userId,
    })
    .returning();
  const pending = await tx
    .insert(pendingCharges)
    .values({
      tenantId: ctx.tenantId,
      companyId: company.id,
      code: chargeCode,
      quantity: input.quantity,
      sourceType: 'problem',
      sourceId: row.id,
    })
    .returning({ tenantId: pendingCharges.tenantId, xid: sql<string>`pg_current_xact_id()::text` });
  // A problem's charge is work recorded like any other: priced within seconds of the commit.
  workRecorded(tx, pending);
  await audit(tx, ctx, 'problem', row.id, 'create', null, row);
  return row.id;
}

export async function createProblem(deps: Deps, ctx: RequestContext, input: Input) {
  const id = await deps.db.transaction((tx) => insertProblem(tx, ctx, input));
  return getProblem(deps, ctx, id);
}

export async function getProblem(deps: Deps, ctx: RequestContext, id: number) {
  const [row] = await deps.db
    .select({
      p: problems,
      companyName: companies.name,
      accountNo: companies.accountNo,
      itemTitle: batchItems.title,
      batchName: inboundBatches.batchName,
    })
    .from(problems)
    .innerJoin(companies, eq(companies.id, problems.companyId))
    .leftJoin(batchItems, eq(batchItems.id, problems.batchItemId))
    .leftJoin(inboundBatches, eq(inboundBatches.id, problems.batchId))
    .where(and(eq(problems.id, id), scoped(ctx, problems.tenantId, problems.companyId, !ctx.isClient)));
  if (!row) throw notFound('Problem');
  const photos = await deps.db
    .select({ id: problemPhotos.id, contentType: problemPhotos.contentType })
    .from(problemPhotos)
    .where(eq(problemPhotos.problemId, id));
  const { tenantId: _t, ...p } = row.p;
  return {
    ...p,
    companyName: row.companyName,
    accountNo: row.accountNo,
    itemTitle: row.itemTitle,
    batchName: row.batchName,
    photos,
  };
}

export async function listProblems(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: z.infer<typeof problemListQuerySchema>,
) {
  const conds: (SQL | undefined)[] = [
    scoped(ctx, problems.tenantId, problems.companyId, !ctx.isClient),
    q.status ? eq(problems.status, q.status) : undefined,
    q.type ? eq(problems.type, q.type) : undefined,
    q.companyId ? eq(problems.companyId, q.companyId) : undefined,
    q.open === 'true'
      ? notInArray(problems.status, CLOSED_PROBLEM_STATUSES)
      : q.open === 'false'
        ? inArray(problems.status, CLOSED_PROBLEM_STATUSES)
        : undefined,
  ];
  const where = and(...conds);
  return pageOfQuery(
    deps.db,
    page,
    () =>
      deps.db
        .select({
          id: problems.id,
          type: problems.type,
          status: problems.status,
          resolution: problems.resolution,
          damageType: problems.damageType,
          quantity: problems.quantity,
          code: problems.code,
          companyId: problems.companyId,
          companyName: companies.name,
          itemTitle: batchItems.title,
          createdAt: problems.createdAt,
        })
        .from(problems)
        .innerJoin(companies, eq(companies.id, problems.companyId))
        .leftJoin(batchItems, eq(batchItems.id, problems.batchItemId))
        .where(where)
        .$dynamic(),
    [desc(problems.createdAt), desc(problems.id)],
  );
}

/**
 * The workflow: the client picks a resolution (→ waiting_action_from_prep_center); the warehouse
 * asks the client (→ waiting_action_from_customer), investigates, and closes. Closed is final.
 */
export async function updateProblem(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof problemUpdateSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(problems)
      .where(and(eq(problems.id, id), scoped(ctx, problems.tenantId, problems.companyId, !ctx.isClient)));
    if (!before) throw notFound('Problem');
    if (CLOSED_PROBLEM_STATUSES.includes(before.status as ProblemStatus) && (input.status || input.resolution)) {
      throw businessRule(refusal('refusals.problemClosed'));
    }
    const next: Partial<typeof problems.$inferInsert> = { updatedAt: new Date().toISOString() };
    if (ctx.isClient) {
      if (input.status) throw forbidden(refusal('refusals.problemStatusWarehouse'));
      if (input.resolution) {
        if (!CLIENT_RESOLUTIONS.includes(input.resolution))
          throw badRequest(`resolution: choose one of ${CLIENT_RESOLUTIONS.join(', ')}`);
        next.resolution = input.resolution;
        next.status = 'waiting_action_from_prep_center';
      }
    } else {
      if (input.resolution) next.resolution = input.resolution;
      if (input.status) {
        if (input.status === 'closed_with_resolution') {
          const resolution = (input.resolution ?? before.resolution) as ProblemResolution;
          if (resolution === 'none' || resolution === 'not_resolved_yet')
            throw businessRule(refusal('refusals.resolutionFirst'));
        }
        next.status = input.status;
        if (CLOSED_PROBLEM_STATUSES.includes(input.status)) next.closedAt = new Date().toISOString();
      }
    }
    if (input.note)
      next.notes = [
        ...before.notes,
        { at: new Date().toISOString(), userId: ctx.userId, author: ctx.username, text: input.note },
      ];
    if (!ctx.isClient && input.status === 'closed_with_resolution') {
      // Carried out in inventory: disposed / donated / returned units leave, restocked ones become sellable.
      const resolution = (input.resolution ?? before.resolution) as ProblemResolution;
      const units = await carryOutResolution(tx, ctx, before, resolution);
      if (units > 0)
        next.notes = [
          ...(next.notes ?? before.notes),
          {
            at: new Date().toISOString(),
            userId: ctx.userId,
            author: ctx.username,
            text: `${units} unit(s) carried out in inventory: ${resolution}`,
          },
        ];
    }
    const [after] = await tx.update(problems).set(next).where(eq(problems.id, id)).returning();
    await audit(tx, ctx, 'problem', id, input.status ? 'status' : 'update', before, after);
  });
  return getProblem(deps, ctx, id);
}

/** Stores a photo (a data URL) of a problem inside the caller's transaction. */
async function insertPhoto(tx: DbOrTx, ctx: RequestContext, problemId: number, dataUrl: string): Promise<number> {
  const [, contentType, b64] = /^data:(image\/[a-z]+);base64,(.*)$/.exec(dataUrl) ?? [];
  const data = Buffer.from(b64, 'base64');
  const [photo] = await tx
    .insert(problemPhotos)
    .values({ tenantId: ctx.tenantId, problemId, contentType, data: new Uint8Array(data) })
    .returning({ id: problemPhotos.id });
  await audit(tx, ctx, 'problem_photo', photo.id, 'create', null, { problemId, bytes: data.length });
  return photo.id;
}

export async function addPhoto(deps: Deps, ctx: RequestContext, id: number, dataUrl: string) {
  if (ctx.isClient) throw forbidden(refusal('refusals.photosWarehouseOnly'));
  await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: problems.id })
      .from(problems)
      .where(and(eq(problems.id, id), eq(problems.tenantId, ctx.tenantId)));
    if (!p) throw notFound('Problem');
    await insertPhoto(tx, ctx, id, dataUrl);
  });
  return getProblem(deps, ctx, id);
}

/** The problem.photo floor mutation: the photo of the problem a scan (its mutation id) raised. */
export async function attachScanPhoto(tx: DbOrTx, ctx: RequestContext, args: { scanId: string; dataUrl: string }) {
  if (ctx.isClient) throw forbidden(refusal('refusals.photosWarehouseOnly'));
  const [p] = await tx
    .select({ id: problems.id })
    .from(problems)
    .where(and(eq(problems.tenantId, ctx.tenantId), eq(problems.sourceRef, args.scanId)));
  if (!p) throw notFound('The problem of this scan');
  return { problemId: p.id, photoId: await insertPhoto(tx, ctx, p.id, args.dataUrl) };
}

export async function getPhoto(deps: Deps, ctx: RequestContext, id: number, photoId: number) {
  await getProblem(deps, ctx, id); // scope check
  const [photo] = await deps.db
    .select()
    .from(problemPhotos)
    .where(and(eq(problemPhotos.id, photoId), eq(problemPhotos.problemId, id)));
  if (!photo) throw notFound('Photo');
  return photo;
}
