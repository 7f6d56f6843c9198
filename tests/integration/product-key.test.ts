/**
 * The ledger's product key has two forms: TypeScript (domain/rules/product-key.ts, used when a row
 * is written) and SQL (server/db/product-key.ts, used when a scanned code is resolved inside the
 * database). If they ever disagreed, a move or adjustment would look for stock under a key nothing
 * was filed under. This runs the SQL form on the real database over every combination of codes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProductKey, itemProductKey, type ProductCodes } from '../../domain/rules/product-key.js';
import { catalogueProductKeySql, itemProductKeySql } from '../../server/db/product-key.js';
import { selectRows } from '../../server/db/rows.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(async () => s?.close());

// Every subset of the four codes present (16 rows), with distinct ids.
const rows: ProductCodes[] = Array.from({ length: 16 }, (_, i) => ({
  id: 100 + i,
  fnsku: i & 1 ? `X00F${i}` : null,
  msku: i & 2 ? `MSKU-${i}` : null,
  asin: i & 4 ? `B0A${i}` : null,
  upc: i & 8 ? `0000000000${i}` : null,
}));

async function sqlKeys(keySql: (alias: string) => ReturnType<typeof itemProductKeySql>): Promise<string[]> {
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.fnsku}::text, ${r.msku}::text, ${r.asin}::text, ${r.upc}::text)`),
    sql`, `,
  );
  const found = await selectRows<{ key: string }>(
    s.db,
    sql`select ${keySql('v')} as key from (values ${values}) as v(id, fnsku, msku, asin, upc) order by v.id`,
  );
  return found.map((r) => r.key);
}

describe('product key: SQL and TypeScript agree', () => {
  it('for purchase-order items', async () => {
    const keys = await sqlKeys(itemProductKeySql);
    expect(keys).toEqual(rows.map(itemProductKey));
    expect(keys[0]).toBe('ITEM-100');
    expect(keys[15]).toBe('X00F15');
  });

  it('for catalogue products', async () => {
    const keys = await sqlKeys(catalogueProductKeySql);
    expect(keys).toEqual(rows.map(catalogueProductKey));
    expect(keys[0]).toBe('PRODUCT-100');
    expect(keys[14]).toBe('MSKU-14');
  });
});
