/**
 * Dock package receiving: a receiver opens a receive batch for one client and scans packages.
 * These functions run inside a transaction given by the caller — the REST route's own, or the
 * sync push's, which also records the mutation id — so the floor and the desk share one rule set.
 */
import { likeContains } from '../../http/like.js';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { can } from '../../../domain/permissions.js';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import { judgeDockScans, readDockScan } from '../../../domain/rules/dock-verdict.js';
import type { deliveredQuerySchema, MatchStatus } from '../../../domain/schemas/inbound.js';
import type { Deps, MutationMeta, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import {
  companies,
  inboundBatches,
  packageReceiveBatches,
  packageScans,
  trackingNumbers,
  warehouses,
} from '../../db/schema/index.js';
import {
  type ApiError,
  badRequest,
  businessRule,
  forbidden,
  needsPermission,
  notFound,
  refusal,
} from '../../http/errors.js';
import { paged } from '../../http/paging.js';
import { scoped } from '../../http/scope.js';
import { recordChanges, type Change } from '../../feed/changes.js';
import { expectedPackageChange } from './batches.js';
import { resolveClientCompany } from '../../http/client-company.js';

type ReceiveBatchRow = typeof packageReceiveBatches.$inferSelect;
type ScanRow = typeof packageScans.$inferSelect;

const receiveBatchChange = (b: ReceiveBatchRow): Change => ({
  table: 'receiveBatches',
  key: b.id,
  op: 'put',
  companyId: null,
  row: {
    id: b.id,
    companyId: b.companyId,
    warehouseId: b.warehouseId,
    status: b.status,
    openedAt: b.openedAt,
    closedAt: b.closedAt,
  },
});

const scanChange = (s: ScanRow): Change => ({
  table: 'packageScans',
  key: s.id,
  op: 'put',
  companyId: null,
  row: {
    id: s.id,
    receiveBatchId: s.receiveBatchId,
    trackingNumber: s.normalized,
    matchStatus: s.matchStatus,
    scannedAt: s.scannedAt,
    provisional: false,
  },
});

function assertFloor(ctx: RequestContext, action: 'create' | 'update') {
  if (ctx.isClient) throw forbidden(refusal('refusals.receivingWarehouseOnly'));
  if (!can(ctx.abilities, action, 'deliveredPackages')) throw forbidden(needsPermission(action, 'deliveredPackages'));
}

export async function openReceiveBatch(
  tx: DbOrTx,
  ctx: RequestContext,
  args: { id: string; companyId: number; warehouseId?: number },
) {
  assertFloor(ctx, 'create');
  const company = await resolveClientCompany(tx, ctx, args.companyId);
  if (company.status === 'Suspended') throw businessRule(refusal('refusals.clientSuspended', { name: company.name }));
  const [existing] = await tx.select().from(packageReceiveBatches).where(eq(packageReceiveBatches.id, args.id));
  if (existing) {
    // The same id from another tenant or for another client is a collision, not a retry.
    if (existing.tenantId !== ctx.tenantId || existing.companyId !== company.id)
      throw badRequest(refusal('refusals.idUsed'));
    return { id: existing.id, status: existing.status };
  }
  if (args.warehouseId) {
    const [w] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, args.warehouseId), eq(warehouses.tenantId, ctx.tenantId)));
    if (!w) throw badRequest(refusal('refusals.noSuchWarehouse'));
  }
  const [batch] = await tx
    .insert(packageReceiveBatches)
    .values({
      id: args.id,
      tenantId: ctx.tenantId,
      companyId: company.id,
      warehouseId: args.warehouseId ?? null,
      openedBy: ctx.userId,
      openedAt: new Date().toISOString(),
    })
    .returning();
  await recordChanges(tx, ctx.tenantId, [receiveBatchChange(batch)]);
  await audit(tx, ctx, 'package_receive_batch', batch.id, 'create', null, batch);
  return { id: batch.id, status: batch.status };
}

export async function closeReceiveBatch(tx: DbOrTx, ctx: RequestContext, args: { id: string }) {
  assertFloor(ctx, 'update');
  const [before] = await tx
    .select()
    .from(packageReceiveBatches)
    .where(and(eq(packageReceiveBatches.id, args.id), eq(packageReceiveBatches.tenantId, ctx.tenantId)));
  if (!before) throw notFound('Receive batch');
  if (before.status === 'closed') return { id: before.id, status: before.status };
  const [after] = await tx
    .update(packageReceiveBatches)
    .set({ status: 'closed', closedAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
    .where(eq(packageReceiveBatches.id, args.id))
    .returning();
  await recordChanges(tx, ctx.tenantId, [receiveBatchChange(after)]);
  await audit(
    tx,
    ctx,
    'package_receive_batch',
    after.id,
    'status',
    { status: before.status },
    { status: after.status },
  );
  return { id: after.id, status: after.status };
}

export interface PackageScanArgs {
  id: string;
  batchId: string;
  trackingNumber: string;
  scannedAt: string;
}
type ScanVerdict = { matchStatus: MatchStatus; trackingId?: number };
/** Per scan, in order: its verdict, or the refusal that rejects that scan alone. */
export type ScanOutcome = { ok: ScanVerdict } | { refused: ApiError };

/** One scanned package (the REST route): the rule of `scanPackages` for a single scan. */
export async function scanPackage(
  tx: DbOrTx,
  ctx: RequestContext,
  args: PackageScanArgs,
  meta: MutationMeta,
): Promise<ScanVerdict> {
  const [outcome] = await scanPackages(tx, ctx, [args], meta);
  if ('refused' in outcome) throw outcome.refused;
  return outcome.ok;
}

/**
 * Scanned packages of one receive batch, in scan order. The verdict of each:
 *  - duplicate: this receive batch already has a scan of the number (earlier, or earlier in this
 *    list), or the package was delivered before;
 *  - matched: an expected package of the batch's client — it becomes delivered;
 *  - not_found: nothing of this client expects it (the scan is kept, so the desk can chase it).
 * The dock's hot path: a push of 100 scans costs a fixed handful of statements, not 100 times a
 * few — on PGlite each statement is a round trip through the engine.
 */
export async function scanPackages(
  tx: DbOrTx,
  ctx: RequestContext,
  list: PackageScanArgs[],
  meta: MutationMeta,
): Promise<ScanOutcome[]> {
  assertFloor(ctx, 'create');
  const batchIds = new Set(list.map((a) => a.batchId));
  if (batchIds.size !== 1) throw new Error('scanPackages: one receive batch per call');
  const [batch] = await tx
    .select({
      id: packageReceiveBatches.id,
      companyId: packageReceiveBatches.companyId,
      status: packageReceiveBatches.status,
    })
    .from(packageReceiveBatches)
    .where(and(eq(packageReceiveBatches.id, list[0].batchId), eq(packageReceiveBatches.tenantId, ctx.tenantId)));
  if (!batch) return list.map(() => ({ refused: notFound('Receive batch') }));
  if (batch.status !== 'open')
    return list.map(() => ({ refused: businessRule(refusal('refusals.receiveBatchClosed')) }));

  const reads = list.map((a) => readDockScan(a.trackingNumber));
  const normalized = reads.map((r) => r.number);
  const valid = reads.map((r) => r.ok);
  const numbers = [...new Set(normalized.filter((_, i) => valid[i]))];
  if (numbers.length === 0) return list.map(() => ({ refused: badRequest(refusal('refusals.trackingTooShort')) }));

  // Already scanned in this receive batch: a duplicate, nothing to claim.
  const before = await tx
    .selectDistinct({ normalized: packageScans.normalized })
    .from(packageScans)
    .where(and(eq(packageScans.receiveBatchId, batch.id), inArray(packageScans.normalized, numbers)));
  const scannedBefore = new Set(before.map((r) => r.normalized));
  const seen = new Set(scannedBefore);
  const firstScan = new Map<string, number>(); // normalized → index of the scan that may claim it
  list.forEach((_, i) => {
    if (!valid[i] || seen.has(normalized[i])) return;
    seen.add(normalized[i]);
    firstScan.set(normalized[i], i);
  });

  // Claim the expected packages atomically, all in one statement: the status test is re-checked
  // on each locked row, so of two devices scanning a package at once exactly one matches.
  const candidates = [...firstScan].map(([n, i]) => ({
    scan_id: list[i].id,
    normalized: n,
    scanned_at: list[i].scannedAt,
  }));
  const claimed = candidates.length
    ? await tx
        .update(trackingNumbers)
        .set({
          status: 'delivered',
          deliveredAt: sql`c.scanned_at`,
          deliveredScanId: sql`c.scan_id`,
          updatedAt: sql`c.scanned_at`,
        })
        .from(
          sql`(select distinct on (tn.normalized) tn.id, v.scan_id, v.scanned_at
               from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb) as v(scan_id uuid, normalized text, scanned_at timestamptz)
               join ${trackingNumbers} tn on tn.tenant_id = ${ctx.tenantId} and tn.company_id = ${batch.companyId} and tn.normalized = v.normalized and tn.status = 'expected'
               order by tn.normalized, tn.id) as c`,
        )
        .where(and(sql`${trackingNumbers.id} = c.id`, eq(trackingNumbers.status, 'expected')))
        .returning(getTableColumns(trackingNumbers))
    : [];
  const claimedBy = new Map(claimed.map((t) => [t.normalized, t]));
  // Not claimed: known to this client (delivered before) is a duplicate; unknown is not_found.
  const unclaimed = [...firstScan.keys()].filter((n) => !claimedBy.has(n));
  const known = unclaimed.length
    ? await tx
        .selectDistinct({ normalized: trackingNumbers.normalized })
        .from(trackingNumbers)
        .where(
          and(
            eq(trackingNumbers.tenantId, ctx.tenantId),
            eq(trackingNumbers.companyId, batch.companyId),
            inArray(trackingNumbers.normalized, unclaimed),
          ),
        )
    : [];
  const knownSet = new Set(known.map((r) => r.normalized));

  // The facts the server read under lock (claimed = expected and now this run's), judged by the one
  // dock rule (domain/rules/dock-verdict.ts) every other place uses.
  const judgements = judgeDockScans(
    list.map((a) => a.trackingNumber),
    { scanned: scannedBefore, expected: new Set(claimedBy.keys()), known: new Set([...knownSet, ...claimedBy.keys()]) },
  );
  const outcomes: ScanOutcome[] = [];
  const rows: ScanRow[] = [];
  const changes: Change[] = [];
  const now = new Date().toISOString();
  list.forEach((args, i) => {
    const judged = judgements[i];
    if ('refused' in judged) {
      outcomes.push({ refused: badRequest(refusal('refusals.trackingTooShort')) });
      return;
    }
    const n = judged.number;
    const matchStatus: MatchStatus = judged.verdict;
    const tracking = matchStatus === 'matched' ? claimedBy.get(n) : undefined;
    const scan: ScanRow = {
      id: args.id,
      tenantId: ctx.tenantId,
      companyId: batch.companyId,
      receiveBatchId: batch.id,
      trackingNumber: args.trackingNumber.trim(),
      normalized: n,
      matchStatus,
      trackingId: tracking?.id ?? null,
      scannedAt: args.scannedAt,
      scannedBy: ctx.userId,
      deviceId: meta.deviceId,
      createdAt: now,
    };
    rows.push(scan);
    changes.push(scanChange(scan));
    if (tracking) changes.push(expectedPackageChange(tracking));
    outcomes.push({ ok: tracking ? { matchStatus, trackingId: tracking.id } : { matchStatus } });
  });
  if (rows.length) await tx.insert(packageScans).values(rows);
  await recordChanges(tx, ctx.tenantId, changes);
  return outcomes;
}

export async function listScans(deps: Deps, ctx: RequestContext, receiveBatchId: string) {
  if (ctx.isClient) throw forbidden(refusal('refusals.dockWarehouseOnly'));
  const [batch] = await deps.db
    .select()
    .from(packageReceiveBatches)
    .where(and(eq(packageReceiveBatches.id, receiveBatchId), eq(packageReceiveBatches.tenantId, ctx.tenantId)));
  if (!batch) throw notFound('Receive batch');
  const scans = await deps.db
    .select({
      id: packageScans.id,
      trackingNumber: packageScans.trackingNumber,
      normalized: packageScans.normalized,
      matchStatus: packageScans.matchStatus,
      scannedAt: packageScans.scannedAt,
      deviceId: packageScans.deviceId,
    })
    .from(packageScans)
    .where(eq(packageScans.receiveBatchId, receiveBatchId))
    .orderBy(desc(packageScans.scannedAt));
  const counts = { matched: 0, not_found: 0, duplicate: 0 };
  for (const s of scans) counts[s.matchStatus as MatchStatus]++;
  const { tenantId: _tenant, ...stored } = batch;
  return { batch: stored, counts, scans };
}

export async function listReceiveBatches(deps: Deps, ctx: RequestContext, page: PageRequest, companyId?: number) {
  if (ctx.isClient) throw forbidden(refusal('refusals.dockWarehouseOnly'));
  const where = and(
    eq(packageReceiveBatches.tenantId, ctx.tenantId),
    companyId ? eq(packageReceiveBatches.companyId, companyId) : undefined,
  );
  return paged(
    page,
    deps.db
      .select({
        id: packageReceiveBatches.id,
        companyId: packageReceiveBatches.companyId,
        companyName: companies.name,
        accountNo: companies.accountNo,
        status: packageReceiveBatches.status,
        openedAt: packageReceiveBatches.openedAt,
        closedAt: packageReceiveBatches.closedAt,
        scans: deps.db.$count(packageScans, eq(packageScans.receiveBatchId, packageReceiveBatches.id)),
      })
      .from(packageReceiveBatches)
      .innerJoin(companies, eq(companies.id, packageReceiveBatches.companyId))
      .where(where)
      .orderBy(desc(packageReceiveBatches.openedAt))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(packageReceiveBatches).where(where),
  );
}

/**
 * Delivered Packages (desk): expected packages with their delivery state, and scans nothing
 * expected (NOT_FOUND). Clients see only theirs.
 */
export async function deliveredPackages(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: z.infer<typeof deliveredQuerySchema>,
) {
  const like = q.q ? likeContains(q.q) : undefined;
  const trackingConds: (SQL | undefined)[] = [
    scoped(ctx, trackingNumbers.tenantId, trackingNumbers.companyId, !ctx.isClient),
    q.companyId ? eq(trackingNumbers.companyId, q.companyId) : undefined,
    like
      ? (or(ilike(trackingNumbers.trackingNumber, like), ilike(trackingNumbers.normalized, like)) as SQL)
      : undefined,
    q.filter === 'DELIVERED' ? eq(trackingNumbers.status, 'delivered') : undefined,
    q.filter === 'NOT_DELIVERED' ? eq(trackingNumbers.status, 'expected') : undefined,
  ];
  const scanConds: (SQL | undefined)[] = [
    scoped(ctx, packageScans.tenantId, packageScans.companyId, !ctx.isClient),
    eq(packageScans.matchStatus, 'not_found'),
    q.companyId ? eq(packageScans.companyId, q.companyId) : undefined,
    like ? (ilike(packageScans.normalized, like) as SQL) : undefined,
  ];
  const tracked = deps.db
    .select({
      key: sql<string>`'t' || ${trackingNumbers.id}`.as('key'),
      trackingNumber: sql<string>`${trackingNumbers.trackingNumber}`.as('tracking_number'),
      companyId: sql<number>`${trackingNumbers.companyId}`.as('company_id'),
      batchName: sql<string | null>`${inboundBatches.batchName}`.as('batch_name'),
      delivery:
        sql<string>`case when ${trackingNumbers.status} = 'delivered' then 'DELIVERED' else 'NOT_DELIVERED' end`.as(
          'delivery',
        ),
      at: sql<string | null>`${trackingNumbers.deliveredAt}`.as('at'),
      createdAt: sql<string>`${trackingNumbers.createdAt}`.as('created_at'),
    })
    .from(trackingNumbers)
    .innerJoin(inboundBatches, eq(inboundBatches.id, trackingNumbers.batchId))
    .where(and(...trackingConds));
  const unknown = deps.db
    .select({
      key: sql<string>`'s' || ${packageScans.id}`.as('key'),
      trackingNumber: sql<string>`${packageScans.trackingNumber}`.as('tracking_number'),
      companyId: sql<number>`${packageScans.companyId}`.as('company_id'),
      batchName: sql<string | null>`null`.as('batch_name'),
      delivery: sql<string>`'NOT_FOUND'`.as('delivery'),
      at: sql<string | null>`${packageScans.scannedAt}`.as('at'),
      createdAt: sql<string>`${packageScans.createdAt}`.as('created_at'),
    })
    .from(packageScans)
    .where(and(...scanConds));
  const source = q.filter === 'NOT_FOUND' ? unknown : q.filter === 'ALL' ? tracked.unionAll(unknown) : tracked;
  const sub = source.as('d');
  return paged(
    page,
    deps.db
      .select({
        key: sub.key,
        trackingNumber: sub.trackingNumber,
        companyId: sub.companyId,
        companyName: companies.name,
        accountNo: companies.accountNo,
        batchName: sub.batchName,
        delivery: sub.delivery,
        at: sub.at,
      })
      .from(sub)
      .innerJoin(companies, eq(companies.id, sub.companyId))
      .orderBy(sql`${sub.at} desc nulls last`, asc(sub.key))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(sub),
  );
}
