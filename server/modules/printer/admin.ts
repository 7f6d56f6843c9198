/** Printer administration: vendors, label stocks and station printers of a tenant (warehouse only). */
import { and, asc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { labelStocks, printerVendors, stationPrinters } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';

export const PRINTER_TABLES = { vendors: printerVendors, labels: labelStocks, printers: stationPrinters } as const;
export type PrinterTable = keyof typeof PRINTER_TABLES;

type AnyTable = typeof printerVendors | typeof labelStocks | typeof stationPrinters;

/** Numeric columns travel as strings from PostgreSQL; the API speaks numbers. */
function toApi(row: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...row };
  for (const k of ['widthIn', 'heightIn', 'gapIn']) if (typeof out[k] === 'string') out[k] = Number(out[k]);
  delete out.tenantId;
  return out;
}
function toDb(values: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...values };
  for (const k of ['widthIn', 'heightIn', 'gapIn']) if (typeof out[k] === 'number') out[k] = String(out[k]);
  return out;
}

export async function list(deps: Deps, ctx: RequestContext, kind: PrinterTable) {
  const t = PRINTER_TABLES[kind] as AnyTable;
  const rows = await deps.db
    .select()
    .from(t as PgTable)
    .where(eq(t.tenantId, ctx.tenantId))
    .orderBy(asc(t.id));
  return rows.map((r) => toApi(r as Record<string, unknown>));
}

export async function save(
  deps: Deps,
  ctx: RequestContext,
  kind: PrinterTable,
  values: Record<string, unknown>,
  id?: number,
) {
  const t = PRINTER_TABLES[kind] as AnyTable;
  return deps.db.transaction(async (tx) => {
    if (id) {
      const [before] = await tx
        .select()
        .from(t as PgTable)
        .where(and(eq(t.id, id), eq(t.tenantId, ctx.tenantId)));
      if (!before) throw notFound('Record');
      const [after] = await tx
        .update(t)
        .set({ ...toDb(values), updatedAt: new Date().toISOString() })
        .where(eq(t.id, id))
        .returning();
      await audit(tx, ctx, `printer_${kind}`, id, 'update', before, after);
      return toApi(after as Record<string, unknown>);
    }
    const [created] = await tx
      .insert(t)
      .values({ ...toDb(values), tenantId: ctx.tenantId } as never)
      .returning();
    const row = created as Record<string, unknown>;
    await audit(tx, ctx, `printer_${kind}`, row.id as number, 'create', null, row);
    return toApi(row);
  });
}

export async function remove(deps: Deps, ctx: RequestContext, kind: PrinterTable, id: number) {
  const t = PRINTER_TABLES[kind] as AnyTable;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(t as PgTable)
      .where(and(eq(t.id, id), eq(t.tenantId, ctx.tenantId)));
    if (!before) throw notFound('Record');
    await tx.delete(t).where(eq(t.id, id));
    await audit(tx, ctx, `printer_${kind}`, id, 'delete', before, null);
  });
  return { deleted: true };
}
