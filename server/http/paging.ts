import type { Page, PageRequest } from '../../domain/paging.js';

/** Runs a page query and its count together and answers the spec's page shape. */
export async function paged<T>(
  page: PageRequest,
  rows: PromiseLike<T[]>,
  count: PromiseLike<{ total: number }[]>,
): Promise<Page<T>> {
  const [content, [{ total }]] = await Promise.all([rows, count]);
  return { content, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: Number(total) };
}
