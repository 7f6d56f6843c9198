/**
 * The change feed behind GET /api/sync/pull. Services call `recordChanges` inside the transaction
 * that changed the rows, so a change is visible to devices exactly when its data is committed.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { changeLog, changeSeq, type companies } from '../db/schema/index.js';

import type { ReplicaTable } from '../../domain/sync-protocol.js';

export interface Change {
  table: ReplicaTable;
  key: string;
  op: 'put' | 'delete';
  row: Record<string, unknown> | null;
  /** The client company the row belongs to (its users receive it too); null = warehouse only. */
  companyId: number | null;
}

export async function recordChanges(tx: DbOrTx, tenantId: number, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = JSON.stringify(
    changes.map((c, i) => ({
      ord: i + 1,
      company_id: c.companyId,
      table_name: c.table,
      row_key: c.key,
      op: c.op,
      row: c.row,
    })),
  );
  // One statement: reserve a block of sequence numbers (the row lock orders concurrent writers
  // by commit, so a pull never skips a number) and append the changes with them.
  await tx.execute(sql`
    with reserved as (
      update ${changeSeq} set seq = seq + ${changes.length} where tenant_id = ${tenantId} returning seq
    )
    insert into ${changeLog} (tenant_id, seq, company_id, table_name, row_key, op, row)
    select ${tenantId}, reserved.seq - ${changes.length} + v.ord, v.company_id, v.table_name, v.row_key, v.op, v.row
    from reserved, jsonb_to_recordset(${rows}::jsonb) as v(ord int, company_id int, table_name text, row_key text, op text, row jsonb)`);
}

/**
 * Takes the tenant's change-feed lock now rather than at the first recorded change. A transaction
 * that will write many rows (a sync push) takes it first, so two of them never hold row locks
 * while waiting for each other's feed lock: they queue here instead of deadlocking.
 */
export async function lockChangeFeed(tx: DbOrTx, tenantId: number): Promise<void> {
  await tx.execute(sql`select seq from ${changeSeq} where tenant_id = ${tenantId} for update`);
}

type CompanyRow = typeof companies.$inferSelect;

/** The account picker's view of a company. */
export const companyChange = (c: CompanyRow): Change => ({
  table: 'companies',
  key: String(c.id),
  op: 'put',
  companyId: c.isOwner ? null : c.id,
  row: { id: c.id, name: c.name, accountNo: c.accountNo, audience: c.audience, status: c.status, isOwner: c.isOwner },
});
