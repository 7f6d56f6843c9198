/** Raw SQL rows, the same on PGlite and node-postgres (both answer `{ rows }` to `execute`). */
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** Rows of a raw query (both drivers answer `{rows}`). */
export async function selectRows<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
