/**
 * One page of a short list the server sends whole (a tenant's sites, a few dozen rows at most),
 * searched, sorted and paged here so it can still be shown in the DataGrid.
 */
import type { Page } from '../../domain/paging';
import type { GridQuery } from './DataGrid';

export function localPage<Row extends object>(rows: readonly Row[], q: GridQuery): Page<Row> {
  const value = (r: Row, key: string) => (r as Record<string, unknown>)[key];
  const needle = q.q?.trim().toLowerCase();
  let list = needle
    ? rows.filter((r) =>
        Object.values(r).some((v) =>
          String(v ?? '')
            .toLowerCase()
            .includes(needle),
        ),
      )
    : [...rows];
  if (q.sort) {
    const key = q.sort;
    const sign = q.dir === 'desc' ? -1 : 1;
    list = list.sort(
      (a, b) =>
        sign * String(value(a, key) ?? '').localeCompare(String(value(b, key) ?? ''), undefined, { numeric: true }),
    );
  }
  const start = (q.pageNumber - 1) * q.pageSize;
  return {
    content: list.slice(start, start + q.pageSize),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    totalElements: list.length,
  };
}
