/**
 * The SQL form of the ledger's product key (domain/rules/product-key.ts), for queries that resolve
 * a scanned code to keys inside the database. tests/integration/product-key.test.ts checks that both
 * forms agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ITEM_KEY_PREFIX, PRODUCT_KEY_PREFIX } from '../../domain/rules/product-key.js';

const keyOf = (alias: string, prefix: string): SQL => {
  const t = sql.identifier(alias);
  return sql`coalesce(${t}.fnsku, ${t}.msku, ${t}.asin, ${t}.upc, ${prefix}::text || ${t}.id)`;
};

/** The key of a batch_items row under the given alias (or table name). */
export const itemProductKeySql = (alias: string): SQL => keyOf(alias, ITEM_KEY_PREFIX);

/** The key of a products row under the given alias. */
export const catalogueProductKeySql = (alias: string): SQL => keyOf(alias, PRODUCT_KEY_PREFIX);
