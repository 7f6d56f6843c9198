import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { pageOffset, type Page, type PageRequest } from '../../domain/paging.js';
import type { DbOrTx } from '../db/client.js';

/** Runs a page query and its count together and answers the spec's page shape. */
export async function paged<T>(
  page: PageRequest,
  rows: PromiseLike<T[]>,
  count: PromiseLike<{ total: number }[]>,
): Promise<Page<T>> {
  const [content, [{ total }]] = await Promise.all([rows, count]);
  return { content, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: Number(total) };
}

/**
 * One page of a list query written once: `list()` builds the select with its joins and filter
 * (`.$dynamic()`), the page takes its rows in `order`, and the total counts the same query as a
 * subquery, so the joins and conditions are never written twice. `list` is called twice because
 * Drizzle's dynamic builders change in place.
 */
export function pageOfQuery<Q extends PgSelect>(
  db: Pick<DbOrTx, '$count'>,
  page: PageRequest,
  list: () => Q,
  order: (SQL | PgColumn)[],
): Promise<Page<Awaited<Q>[number]>> {
  const rows = list()
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const total = db.$count(sql`(${list()}) as listed`);
  return paged(
    page,
    rows as PromiseLike<Awaited<Q>[number][]>,
    total.then((n) => [{ total: n }]),
  );
}
