/**
 * Dispositions: a problem closed with a resolution is carried out in the ledger (its damaged units
 * leave, or become sellable again), and the Dispositions report lists every unit that left the
 * warehouse other than by shipping — with the problem or adjustment behind it.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../domain/paging.js';
import { pageOfQuery } from '../../http/paging.js';
import { DISPOSITION_REASONS, stockEffectOf } from '../../../domain/rules/dispositions.js';
import { planTake, type BalanceLine, type LedgerDelta } from '../../../domain/rules/moves.js';
import type { ProblemResolution } from '../../../domain/schemas/problems.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { batchItems, companies, inventoryBalances, inventoryLedger, problems, users } from '../../db/schema/index.js';
import { scoped } from '../../http/scope.js';
import { itemProductKey } from '../../../domain/rules/product-key.js';
import { postLedger, type LedgerInsert } from './ledger.js';
import { recordChargeEvents } from '../charges/events.js';
import { chargeEventsOfStock } from '../charges/stock-events.js';

type ProblemRow = typeof problems.$inferSelect;

/** The stock change of closing `problem` with `resolution`; the units it found (0 when none wait). */
export async function carryOutResolution(
  tx: DbOrTx,
  ctx: RequestContext,
  problem: ProblemRow,
  resolution: ProblemResolution,
): Promise<number> {
  const effect = stockEffectOf(resolution);
  if (effect.kind === 'none' || !problem.batchItemId) return 0;
  const [item] = await tx
    .select()
    .from(batchItems)
    .where(and(eq(batchItems.id, problem.batchItemId), eq(batchItems.tenantId, ctx.tenantId)));
  if (!item) return 0;
  const condition = problem.type === 'damaged' ? 'damaged' : 'sellable';
  // The units wait in RECEIVING first, else wherever they were put.
  const lines = await tx
    .select()
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.tenantId, ctx.tenantId),
        eq(inventoryBalances.companyId, item.companyId),
        eq(inventoryBalances.productKey, itemProductKey(item)),
        eq(inventoryBalances.condition, condition),
        sql`${inventoryBalances.quantity} > 0`,
      ),
    )
    .orderBy(sql`${inventoryBalances.location} = 'RECEIVING' desc`, inventoryBalances.location, inventoryBalances.lpn)
    .for('update');
  const { deltas, taken } = planTake(lines as BalanceLine[], problem.quantity);
  if (taken === 0) return 0;
  const rows: LedgerDelta[] =
    effect.kind === 'leave'
      ? deltas
      : deltas.flatMap((d) => [d, { ...d, condition: 'sellable', quantity: -d.quantity }]);
  const posted: LedgerInsert[] = rows.map((d) => ({
    tenantId: ctx.tenantId,
    companyId: d.companyId,
    batchItemId: item.id,
    productKey: d.productKey,
    title: item.title,
    location: d.location,
    lpn: d.lpn,
    condition: d.condition,
    quantity: d.quantity,
    reason: effect.kind === 'leave' ? effect.reason : 'restock',
    refType: 'problem',
    refId: String(problem.id),
    userId: ctx.userId,
    deviceId: null,
  }));
  await postLedger(tx, posted);
  await recordChargeEvents(tx, chargeEventsOfStock(posted));
  return taken;
}

/** The Dispositions report: units that left other than by shipping, newest first (clients: their own). */
export async function listDispositions(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { companyId?: number; from?: string; to?: string; reason?: string },
) {
  const where = and(
    scoped(ctx, inventoryLedger.tenantId, inventoryLedger.companyId, !ctx.isClient),
    q.companyId && !ctx.isClient ? eq(inventoryLedger.companyId, q.companyId) : undefined,
    inArray(
      inventoryLedger.reason,
      q.reason && DISPOSITION_REASONS.includes(q.reason) ? [q.reason] : DISPOSITION_REASONS,
    ),
    sql`${inventoryLedger.quantity} < 0`,
    q.from ? gte(inventoryLedger.at, q.from) : undefined,
    q.to ? lt(inventoryLedger.at, q.to) : undefined,
  );
  return pageOfQuery(
    deps.db,
    page,
    () =>
      deps.db
        .select({
          id: inventoryLedger.id,
          at: inventoryLedger.at,
          companyId: inventoryLedger.companyId,
          companyName: companies.name,
          accountNo: companies.accountNo,
          productKey: inventoryLedger.productKey,
          title: batchItems.title,
          location: inventoryLedger.location,
          condition: inventoryLedger.condition,
          quantity: sql<number>`-${inventoryLedger.quantity}`,
          reason: inventoryLedger.reason,
          refType: inventoryLedger.refType,
          refId: inventoryLedger.refId,
          user: users.fullname,
        })
        .from(inventoryLedger)
        .innerJoin(companies, eq(companies.id, inventoryLedger.companyId))
        .leftJoin(batchItems, eq(batchItems.id, inventoryLedger.batchItemId))
        .leftJoin(users, eq(users.id, inventoryLedger.userId))
        .where(where)
        .$dynamic(),
    [desc(inventoryLedger.at), desc(inventoryLedger.id)],
  );
}
