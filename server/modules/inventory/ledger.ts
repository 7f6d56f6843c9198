/**
 * The one way stock changes: `postLedger` appends ledger rows and moves the balances by the same
 * amounts in the same statement pair. Balances are the ledger's running sum per client, product,
 * location, LPN and condition; their CHECK (quantity >= 0) refuses anything that would make
 * on-hand negative, whichever code path tried.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inventoryBalances, inventoryLedger, inventoryProductTotals } from '../../db/schema/index.js';
import { selectRows } from '../../db/rows.js';
import { businessRule, refusal } from '../../http/errors.js';
import { isCheckViolation } from '../../db/pg-errors.js';

export type LedgerInsert = typeof inventoryLedger.$inferInsert & { title?: string | null };

const balanceKey = (r: LedgerInsert) =>
  JSON.stringify([
    r.tenantId,
    r.companyId,
    r.productKey,
    r.location ?? 'RECEIVING',
    r.lpn ?? '',
    r.condition ?? 'sellable',
  ]);

const isNegativeBalance = (err: unknown): boolean => isCheckViolation(err, 'inventory_balances_not_negative');

export async function postLedger(tx: DbOrTx, rows: LedgerInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(inventoryLedger).values(rows.map(({ title: _title, ...row }) => row));

  // One upsert per balance line (rows of the same line summed first: ON CONFLICT may touch a row once).
  const lines = new Map<
    string,
    {
      tenant_id: number;
      company_id: number;
      product_key: string;
      location: string;
      lpn: string;
      condition: string;
      quantity: number;
      title: string | null;
    }
  >();
  for (const r of rows) {
    const key = balanceKey(r);
    const line = lines.get(key);
    if (line) {
      line.quantity += r.quantity;
      line.title = r.title ?? line.title;
    } else {
      lines.set(key, {
        tenant_id: r.tenantId,
        company_id: r.companyId,
        product_key: r.productKey,
        location: r.location ?? 'RECEIVING',
        lpn: r.lpn ?? '',
        condition: r.condition ?? 'sellable',
        quantity: r.quantity,
        title: r.title ?? null,
      });
    }
  }
  const values = sql`jsonb_to_recordset(${JSON.stringify([...lines.values()])}::jsonb)
    as v(tenant_id int, company_id int, product_key text, location text, lpn text, condition text, quantity int, title text)`;
  const sameLine = sql`b.tenant_id = v.tenant_id and b.company_id = v.company_id and b.product_key = v.product_key and b.location = v.location and b.lpn = v.lpn and b.condition = v.condition`;
  type Changed = {
    tenant_id: number;
    company_id: number;
    product_key: string;
    condition: string;
    title: string | null;
    after: number;
    delta: number;
  };
  let changed: Changed[];
  try {
    // Existing lines first: PostgreSQL checks an INSERT's row against the CHECK before ON CONFLICT
    // would turn it into an update, so a decrease must never be offered as an insert. New lines
    // start from nothing (a line another transaction created meanwhile is a unique violation:
    // the push retries, never a wrong total).
    const updated = await selectRows<Changed>(
      tx,
      sql`update ${inventoryBalances} b set quantity = b.quantity + v.quantity, title = coalesce(v.title, b.title), updated_at = now()
          from ${values} where ${sameLine}
          returning b.tenant_id, b.company_id, b.product_key, b.condition, b.title, b.quantity as after, v.quantity as delta`,
    );
    const inserted = await selectRows<Changed>(
      tx,
      sql`insert into ${inventoryBalances} as b (tenant_id, company_id, product_key, location, lpn, condition, quantity, title)
          select v.tenant_id, v.company_id, v.product_key, v.location, v.lpn, v.condition, v.quantity, v.title
          from ${values} where not exists (select 1 from ${inventoryBalances} b where ${sameLine})
          returning b.tenant_id, b.company_id, b.product_key, b.condition, b.title, b.quantity as after, b.quantity as delta`,
    );
    changed = [...updated, ...inserted];
  } catch (err) {
    if (isNegativeBalance(err)) throw businessRule(refusal('refusals.stock.notEnough'));
    throw err;
  }
  await moveProductTotals(tx, changed);
}

/**
 * Per-product totals follow the balance lines: the units changed, and a line that gained its
 * first unit or lost its last one adds or removes a place.
 */
async function moveProductTotals(
  tx: DbOrTx,
  changed: {
    tenant_id: number;
    company_id: number;
    product_key: string;
    condition: string;
    title: string | null;
    after: number;
    delta: number;
  }[],
) {
  const totals = new Map<
    string,
    {
      tenant_id: number;
      company_id: number;
      product_key: string;
      condition: string;
      quantity: number;
      places: number;
      title: string | null;
    }
  >();
  for (const c of changed) {
    const after = Number(c.after);
    const before = after - Number(c.delta);
    const places = before <= 0 && after > 0 ? 1 : before > 0 && after <= 0 ? -1 : 0;
    const key = JSON.stringify([c.tenant_id, c.company_id, c.product_key, c.condition]);
    const t = totals.get(key) ?? {
      tenant_id: c.tenant_id,
      company_id: c.company_id,
      product_key: c.product_key,
      condition: c.condition,
      quantity: 0,
      places: 0,
      title: c.title,
    };
    t.quantity += Number(c.delta);
    t.places += places;
    t.title = c.title ?? t.title;
    totals.set(key, t);
  }
  const moved = [...totals.values()].filter((t) => t.quantity !== 0 || t.places !== 0);
  if (moved.length === 0) return;
  await tx.execute(sql`
    insert into ${inventoryProductTotals} as t (tenant_id, company_id, product_key, condition, quantity, places, title)
    select v.tenant_id, v.company_id, v.product_key, v.condition, v.quantity, v.places, v.title
    from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v(tenant_id int, company_id int, product_key text, condition text, quantity int, places int, title text)
    on conflict (tenant_id, company_id, product_key, condition) do update
      set quantity = t.quantity + excluded.quantity, places = t.places + excluded.places, title = coalesce(excluded.title, t.title)`);
}
