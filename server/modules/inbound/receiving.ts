/**
 * Dock package receiving: a receiver opens a receive batch for one client and scans packages.
 * These functions run inside a transaction given by the caller — the REST route's own, or the
 * sync push's, which also records the mutation id — so the floor and the desk share one rule set.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { can } from '../../../domain/permissions.js';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import { normaliseTrackingNumber } from '../../../domain/rules/tracking-number.js';
import type { deliveredQuerySchema, MatchStatus } from '../../../domain/schemas/ship.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, inboundBatches, packageReceiveBatches, packageScans, trackingNumbers, warehouses } from '../../db/schema/index.js';
import { badRequest, businessRule, forbidden, notFound } from '../../http/errors.js';
import { paged } from '../../http/paging.js';
import { scoped } from '../../http/scope.js';
import { recordChanges, type Change } from '../../sync/changes.js';
import { expectedPackageChange, resolveClientCompany } from './batches.js';

export interface MutationMeta {
  deviceId: string | null;
}

type ReceiveBatchRow = typeof packageReceiveBatches.$inferSelect;
type ScanRow = typeof packageScans.$inferSelect;
type TrackingRow = typeof trackingNumbers.$inferSelect;

const receiveBatchChange = (b: ReceiveBatchRow): Change => ({
  table: 'receiveBatches',
  key: b.id,
  op: 'put',
  companyId: null,
  row: { id: b.id, companyId: b.companyId, warehouseId: b.warehouseId, status: b.status, openedAt: b.openedAt, closedAt: b.closedAt },
});

const scanChange = (s: ScanRow): Change => ({
  table: 'packageScans',
  key: s.id,
  op: 'put',
  companyId: null,
  row: { id: s.id, receiveBatchId: s.receiveBatchId, trackingNumber: s.normalized, matchStatus: s.matchStatus, scannedAt: s.scannedAt, provisional: false },
});

function assertFloor(ctx: RequestContext, action: 'create' | 'update') {
  if (ctx.isClient) throw forbidden('Only warehouse staff receive packages');
  if (!can(ctx.abilities, action, 'deliveredPackages')) throw forbidden(`You need ${action} permission on deliveredPackages`);
}

export async function openReceiveBatch(tx: DbOrTx, ctx: RequestContext, args: { id: string; companyId: number; warehouseId?: number }) {
  assertFloor(ctx, 'create');
  const company = await resolveClientCompany(tx, ctx, args.companyId);
  if (company.status === 'Suspended') throw businessRule(`${company.name} is suspended; its packages cannot be received`);
  const [existing] = await tx.select().from(packageReceiveBatches).where(eq(packageReceiveBatches.id, args.id));
  if (existing) {
    // The same id from another tenant or for another client is a collision, not a retry.
    if (existing.tenantId !== ctx.tenantId || existing.companyId !== company.id) throw badRequest('id: already used');
    return { id: existing.id, status: existing.status };
  }
  if (args.warehouseId) {
    const [w] = await tx.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.id, args.warehouseId), eq(warehouses.tenantId, ctx.tenantId)));
    if (!w) throw badRequest('warehouseId: no such warehouse');
  }
  const [batch] = await tx
    .insert(packageReceiveBatches)
    .values({ id: args.id, tenantId: ctx.tenantId, companyId: company.id, warehouseId: args.warehouseId ?? null, openedBy: ctx.userId, openedAt: new Date().toISOString() })
    .returning();
  await recordChanges(tx, ctx.tenantId, [receiveBatchChange(batch)]);
  await audit(tx, ctx, 'package_receive_batch', batch.id, 'create', null, batch);
  return { id: batch.id, status: batch.status };
}

export async function closeReceiveBatch(tx: DbOrTx, ctx: RequestContext, args: { id: string }) {
  assertFloor(ctx, 'update');
  const [before] = await tx.select().from(packageReceiveBatches).where(and(eq(packageReceiveBatches.id, args.id), eq(packageReceiveBatches.tenantId, ctx.tenantId)));
  if (!before) throw notFound('Receive batch');
  if (before.status === 'closed') return { id: before.id, status: before.status };
  const [after] = await tx
    .update(packageReceiveBatches)
    .set({ status: 'closed', closedAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
    .where(eq(packageReceiveBatches.id, args.id))
    .returning();
  await recordChanges(tx, ctx.tenantId, [receiveBatchChange(after)]);
  await audit(tx, ctx, 'package_receive_batch', after.id, 'status', { status: before.status }, { status: after.status });
  return { id: after.id, status: after.status };
}

/**
 * One scanned package. The verdict:
 *  - duplicate: this receive batch already has a scan of the number, or the package was delivered before;
 *  - matched: an expected package of the batch's client — it becomes delivered;
 *  - not_found: nothing of this client expects it (the scan is kept, so the desk can chase it).
 */
export async function scanPackage(
  tx: DbOrTx,
  ctx: RequestContext,
  args: { id: string; batchId: string; trackingNumber: string; scannedAt: string },
  meta: MutationMeta,
): Promise<{ matchStatus: MatchStatus; trackingId?: number }> {
  assertFloor(ctx, 'create');
  const normalized = normaliseTrackingNumber(args.trackingNumber);
  if (normalized.length < 4) throw badRequest('trackingNumber: too short after normalisation');
  // The hot path of the dock: each statement here is paid per scan, so they are few.
  const [batch] = await tx
    .select({
      id: packageReceiveBatches.id,
      companyId: packageReceiveBatches.companyId,
      status: packageReceiveBatches.status,
      again: sql<boolean>`exists (select 1 from ${packageScans} where ${packageScans.receiveBatchId} = ${packageReceiveBatches.id} and ${packageScans.normalized} = ${normalized})`,
    })
    .from(packageReceiveBatches)
    .where(and(eq(packageReceiveBatches.id, args.batchId), eq(packageReceiveBatches.tenantId, ctx.tenantId)));
  if (!batch) throw notFound('Receive batch');
  if (batch.status !== 'open') throw businessRule('This receive batch is closed; open a new one to keep scanning');

  let matchStatus: MatchStatus = 'duplicate';
  let tracking: TrackingRow | undefined;
  if (!batch.again) {
    // Claim the expected package atomically: of two devices scanning it at once, one matches.
    [tracking] = await tx
      .update(trackingNumbers)
      .set({ status: 'delivered', deliveredAt: args.scannedAt, deliveredScanId: args.id, updatedAt: args.scannedAt })
      .where(
        // The outer status test is re-checked on the locked row: the loser of a race updates nothing.
        sql`${trackingNumbers.id} = (select ${trackingNumbers.id} from ${trackingNumbers} where ${trackingNumbers.tenantId} = ${ctx.tenantId} and ${trackingNumbers.companyId} = ${batch.companyId} and ${trackingNumbers.normalized} = ${normalized} and ${trackingNumbers.status} = 'expected' order by ${trackingNumbers.id} limit 1) and ${trackingNumbers.status} = 'expected'`,
      )
      .returning();
    if (tracking) matchStatus = 'matched';
    else {
      const [delivered] = await tx
        .select({ id: trackingNumbers.id })
        .from(trackingNumbers)
        .where(and(eq(trackingNumbers.tenantId, ctx.tenantId), eq(trackingNumbers.companyId, batch.companyId), eq(trackingNumbers.normalized, normalized)))
        .limit(1);
      if (!delivered) matchStatus = 'not_found';
    }
  }
  const scan: ScanRow = {
    id: args.id,
    tenantId: ctx.tenantId,
    companyId: batch.companyId,
    receiveBatchId: batch.id,
    trackingNumber: args.trackingNumber.trim(),
    normalized,
    matchStatus,
    trackingId: tracking?.id ?? null,
    scannedAt: args.scannedAt,
    scannedBy: ctx.userId,
    deviceId: meta.deviceId,
    createdAt: new Date().toISOString(),
  };
  await tx.insert(packageScans).values(scan);
  await recordChanges(tx, ctx.tenantId, tracking ? [scanChange(scan), expectedPackageChange(tracking)] : [scanChange(scan)]);
  return tracking ? { matchStatus, trackingId: tracking.id } : { matchStatus };
}

export async function listScans(deps: Deps, ctx: RequestContext, receiveBatchId: string) {
  if (ctx.isClient) throw forbidden('Only warehouse staff see dock scans');
  const [batch] = await deps.db.select().from(packageReceiveBatches).where(and(eq(packageReceiveBatches.id, receiveBatchId), eq(packageReceiveBatches.tenantId, ctx.tenantId)));
  if (!batch) throw notFound('Receive batch');
  const scans = await deps.db
    .select({ id: packageScans.id, trackingNumber: packageScans.trackingNumber, normalized: packageScans.normalized, matchStatus: packageScans.matchStatus, scannedAt: packageScans.scannedAt, deviceId: packageScans.deviceId })
    .from(packageScans)
    .where(eq(packageScans.receiveBatchId, receiveBatchId))
    .orderBy(desc(packageScans.scannedAt));
  const counts = { matched: 0, not_found: 0, duplicate: 0 };
  for (const s of scans) counts[s.matchStatus as MatchStatus]++;
  return { batch, counts, scans };
}

export async function listReceiveBatches(deps: Deps, ctx: RequestContext, page: PageRequest, companyId?: number) {
  if (ctx.isClient) throw forbidden('Only warehouse staff see dock receive batches');
  const where = and(eq(packageReceiveBatches.tenantId, ctx.tenantId), companyId ? eq(packageReceiveBatches.companyId, companyId) : undefined);
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
export async function deliveredPackages(deps: Deps, ctx: RequestContext, page: PageRequest, q: z.infer<typeof deliveredQuerySchema>) {
  const like = q.q ? `%${q.q.replace(/[%_]/g, '\\$&')}%` : undefined;
  const trackingConds: (SQL | undefined)[] = [
    scoped(ctx, trackingNumbers.tenantId, trackingNumbers.companyId, !ctx.isClient),
    q.companyId ? eq(trackingNumbers.companyId, q.companyId) : undefined,
    like ? (or(ilike(trackingNumbers.trackingNumber, like), ilike(trackingNumbers.normalized, like)) as SQL) : undefined,
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
      delivery: sql<string>`case when ${trackingNumbers.status} = 'delivered' then 'DELIVERED' else 'NOT_DELIVERED' end`.as('delivery'),
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
      .select({ key: sub.key, trackingNumber: sub.trackingNumber, companyId: sub.companyId, companyName: companies.name, accountNo: companies.accountNo, batchName: sub.batchName, delivery: sub.delivery, at: sub.at })
      .from(sub)
      .innerJoin(companies, eq(companies.id, sub.companyId))
      .orderBy(sql`${sub.at} desc nulls last`, asc(sub.key))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(sub),
  );
}
