/** What the customs tests look up: a client's product id by MSKU. */
import { and, eq } from 'drizzle-orm';
import { products } from '../../server/db/schema/index.js';
import type { TestServer } from './server.js';

export const productId = async (s: TestServer, companyId: number, msku: string) =>
  (
    await s.db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.msku, msku)))
  )[0].id;
