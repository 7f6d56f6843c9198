/**
 * GET /api/sync/pull — the rows of the caller's scope changed after `cursor`, in sequence order,
 * with tombstones for deletes. Warehouse staff receive the tenant's feed; a client's users only
 * rows of their own company.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Deps, RequestContext } from '../context.js';
import { changeLog, changeSeq } from '../db/schema/index.js';

export async function pull(deps: Deps, ctx: RequestContext, cursor: number, limit: number) {
  const rows = await deps.db
    .select({
      seq: changeLog.seq,
      table: changeLog.tableName,
      key: changeLog.rowKey,
      op: changeLog.op,
      row: changeLog.row,
    })
    .from(changeLog)
    .where(
      and(
        eq(changeLog.tenantId, ctx.tenantId),
        gt(changeLog.seq, cursor),
        ctx.isClient ? eq(changeLog.companyId, ctx.companyId) : undefined,
      ),
    )
    .orderBy(asc(changeLog.seq))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  // Never jump past the last row read: a change committing meanwhile must not be skipped.
  const next = page.length ? Number(page[page.length - 1].seq) : cursor;
  return {
    cursor: next,
    hasMore,
    changes: page.map((r) => ({
      table: r.table,
      op: r.op as 'put' | 'delete',
      key: r.key,
      ...(r.op === 'put' ? { row: r.row as Record<string, unknown> } : {}),
    })),
  };
}

export async function headSeq(deps: Deps, tenantId: number): Promise<number> {
  const [head] = await deps.db.select({ seq: changeSeq.seq }).from(changeSeq).where(eq(changeSeq.tenantId, tenantId));
  return Number(head?.seq ?? 0);
}
