/**
 * The one way stock changes: `postLedger` appends ledger rows and moves the balances by the same
 * amounts in the same statement pair. Balances are the ledger's running sum per client, product,
 * location, LPN and condition; their CHECK (quantity >= 0) refuses anything that would make
 * on-hand negative, whichever code path tried.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inventoryBalances, inventoryLedger } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';

export type LedgerInsert = typeof inventoryLedger.$inferInsert & { title?: string | null };

const balanceKey = (r: LedgerInsert) => JSON.stringify([r.tenantId, r.companyId, r.productKey, r.location ?? 'RECEIVING', r.lpn ?? '', r.condition ?? 'sellable']);

const isNegativeBalance = (err: unknown): boolean => {
  const e = err as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code;
  const text = `${e?.constraint ?? ''} ${e?.cause?.constraint ?? ''} ${e?.message ?? ''} ${e?.cause?.message ?? ''}`;
  return code === '23514' && text.includes('inventory_balances_not_negative');
};

export async function postLedger(tx: DbOrTx, rows: LedgerInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(inventoryLedger).values(rows.map(({ title: _title, ...row }) => row));

  // One upsert per balance line (rows of the same line summed first: ON CONFLICT may touch a row once).
  const lines = new Map<string, { tenant_id: number; company_id: number; product_key: string; location: string; lpn: string; condition: string; quantity: number; title: string | null }>();
  for (const r of rows) {
    const key = balanceKey(r);
    const line = lines.get(key);
    if (line) {
      line.quantity += r.quantity;
      line.title = r.title ?? line.title;
    } else {
      lines.set(key, { tenant_id: r.tenantId, company_id: r.companyId, product_key: r.productKey, location: r.location ?? 'RECEIVING', lpn: r.lpn ?? '', condition: r.condition ?? 'sellable', quantity: r.quantity, title: r.title ?? null });
    }
  }
  const values = sql`jsonb_to_recordset(${JSON.stringify([...lines.values()])}::jsonb)
    as v(tenant_id int, company_id int, product_key text, location text, lpn text, condition text, quantity int, title text)`;
  const sameLine = sql`b.tenant_id = v.tenant_id and b.company_id = v.company_id and b.product_key = v.product_key and b.location = v.location and b.lpn = v.lpn and b.condition = v.condition`;
  try {
    // Existing lines first: PostgreSQL checks an INSERT's row against the CHECK before ON CONFLICT
    // would turn it into an update, so a decrease must never be offered as an insert.
    await tx.execute(sql`
      update ${inventoryBalances} b set quantity = b.quantity + v.quantity, title = coalesce(v.title, b.title), updated_at = now()
      from ${values} where ${sameLine}`);
    await tx.execute(sql`
      insert into ${inventoryBalances} (tenant_id, company_id, product_key, location, lpn, condition, quantity, title)
      select v.tenant_id, v.company_id, v.product_key, v.location, v.lpn, v.condition, v.quantity, v.title
      from ${values} where not exists (select 1 from ${inventoryBalances} b where ${sameLine})
      on conflict (tenant_id, company_id, product_key, location, lpn, condition) do update
        set quantity = ${inventoryBalances}.quantity + excluded.quantity, updated_at = now()`);
  } catch (err) {
    if (isNegativeBalance(err)) throw businessRule('Not enough units on hand for this change; nothing was changed');
    throw err;
  }
}
