/**
 * The one list component: server paging ('Page N of M, total T entries', sizes 5…200, default 5),
 * sorting, a text filter plus caller filters, column choice, saved layouts (DATAGRID_STATES
 * setting), CSV export of the page, empty and error states, and keyboard navigation of rows.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import Papa from 'papaparse';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../domain/enums';
import { DEFAULT_PAGE_SIZE, pageCount, type Page } from '../../domain/paging';
import { settingRowSchema } from '../../domain/schemas/settings';
import { post } from '../api/client';
import { getAs } from '../api/typed';
import { useSession } from '../app/session';

export interface GridQuery {
  pageNumber: number;
  pageSize: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  q?: string;
}

export interface DataGridProps<T> {
  /** Identifies the grid for saved layouts and the query cache. */
  id: string;
  columns: ColumnDef<T, unknown>[];
  fetchPage: (q: GridQuery) => Promise<Page<T>>;
  /** Extra filter values; a change refetches from page 1. */
  filters?: Record<string, unknown>;
  toolbar?: ReactNode;
  searchable?: boolean;
  /** The text filter's value on opening (a link that lands on the list already searched). */
  initialSearch?: string;
  onRowOpen?: (row: T) => void;
}

interface SavedLayout {
  pageSize?: number;
  hidden?: VisibilityState;
}

const NO_ROWS: never[] = [];

async function loadLayouts(userId: number): Promise<Record<string, SavedLayout>> {
  const row = await getAs('/api/common/settings/reference', settingRowSchema.nullable(), {
    query: { referenceId: userId, referenceType: 'USER', settingKey: 'DATAGRID_STATES' },
    quiet: true,
    background: true,
  }).catch(() => null);
  return row ? (JSON.parse(row.value) as Record<string, SavedLayout>) : {};
}

export function DataGrid<T>({
  id,
  columns,
  fetchPage,
  filters = {},
  toolbar,
  searchable = true,
  initialSearch = '',
  onRowOpen,
}: DataGridProps<T>) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [search, setSearch] = useState(initialSearch);
  const [hidden, setHidden] = useState<VisibilityState>({});
  const [activeRow, setActiveRow] = useState(0);
  const filterKey = JSON.stringify(filters);

  useEffect(() => {
    if (!user) return;
    void loadLayouts(user.id).then((all) => {
      const saved = all[id];
      if (saved?.pageSize) setPageSize(saved.pageSize);
      if (saved?.hidden) setHidden(saved.hidden);
    });
  }, [id, user]);
  useEffect(() => setPageNumber(1), [filterKey, search, pageSize]);

  const sort = sorting[0];
  const query = useQuery({
    queryKey: [id, pageNumber, pageSize, sort?.id, sort?.desc, search, filterKey],
    queryFn: () =>
      fetchPage({
        pageNumber,
        pageSize,
        sort: sort?.id,
        dir: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
        q: search || undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  const table = useReactTable({
    // The same empty array until the first page arrives: a new one on every render makes the
    // table rebuild its rows and queue a page-index reset (a state update) each time — a render
    // loop that froze the tab when a click landed while the page loaded (decision 0005).
    data: page?.content ?? NO_ROWS,
    columns,
    state: { sorting, columnVisibility: hidden },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setHidden,
    // The server sorts and pages; the table never resets a page index of its own.
    manualSorting: true,
    manualPagination: true,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
  });
  const pages = pageCount(page?.totalElements ?? 0, pageSize);

  const saveLayout = async () => {
    if (!user) return;
    const all = await loadLayouts(user.id);
    all[id] = { pageSize, hidden };
    await post(
      '/api/common/settings/create-or-update',
      { referenceId: user.id, referenceType: 'USER', settingKey: 'DATAGRID_STATES', value: JSON.stringify(all) },
      { quiet: true },
    );
  };
  const exportCsv = () => {
    const cols = table.getVisibleLeafColumns().filter((c) => 'accessorKey' in c.columnDef);
    const rows = table
      .getRowModel()
      .rows.map((r) => Object.fromEntries(cols.map((c) => [String(c.columnDef.header), r.getValue(c.id)])));
    const blob = new Blob([Papa.unparse(rows)], { type: 'text/csv' });
    const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: `${id}.csv` });
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const n = table.getRowModel().rows.length;
    if (e.key === 'ArrowDown') setActiveRow((r) => Math.min(n - 1, r + 1));
    else if (e.key === 'ArrowUp') setActiveRow((r) => Math.max(0, r - 1));
    else if (e.key === 'PageDown' && pageNumber < pages) setPageNumber(pageNumber + 1);
    else if (e.key === 'PageUp' && pageNumber > 1) setPageNumber(pageNumber - 1);
    else if (e.key === 'Enter' && onRowOpen) {
      const row = table.getRowModel().rows[activeRow];
      if (row) onRowOpen(row.original);
    } else return;
    e.preventDefault();
  };

  return (
    <section className="grid" data-grid={id}>
      <div className="grid-toolbar">
        {searchable && (
          <input
            type="search"
            aria-label={t('grid.search')}
            placeholder={t('grid.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
        {toolbar}
        <details className="grid-columns">
          <summary className="btn">{t('grid.columns')}</summary>
          <div className="popover">
            {table.getAllLeafColumns().map((c) => (
              <label key={c.id}>
                <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />{' '}
                {String(c.columnDef.header)}
              </label>
            ))}
            <button type="button" className="btn small" onClick={() => void saveLayout()}>
              {t('grid.saveLayout')}
            </button>
          </div>
        </details>
        <button type="button" className="btn" onClick={exportCsv}>
          {t('grid.exportCsv')}
        </button>
      </div>
      <div className="table-wrap" tabIndex={0} onKeyDown={onKeyDown} aria-label={id}>
        <table>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => (
                  <th
                    key={h.id}
                    aria-sort={
                      h.column.getIsSorted() === 'asc'
                        ? 'ascending'
                        : h.column.getIsSorted() === 'desc'
                          ? 'descending'
                          : 'none'
                    }
                  >
                    {h.column.getCanSort() ? (
                      <button type="button" className="th-sort" onClick={h.column.getToggleSortingHandler()}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        {{ asc: ' ▲', desc: ' ▼' }[h.column.getIsSorted() as string] ?? ''}
                      </button>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row, i) => (
              <tr
                key={row.id}
                className={i === activeRow ? 'active' : undefined}
                onClick={() => setActiveRow(i)}
                onDoubleClick={() => onRowOpen?.(row.original)}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-col={cell.column.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {query.isError && (
          <div className="grid-state error" role="alert">
            {t('grid.error')}{' '}
            <button type="button" className="btn small" onClick={() => void query.refetch()}>
              {t('grid.retry')}
            </button>
          </div>
        )}
        {!query.isError && page && page.content.length === 0 && (
          <div className="grid-state empty">{t('grid.empty')}</div>
        )}
      </div>
      <footer className="grid-footer">
        <span className="page-info">
          {t('grid.pageInfo', { page: pageNumber, pages, total: page?.totalElements ?? 0 })}
        </span>
        <label>
          {t('grid.pageSize')}{' '}
          <select value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" disabled={pageNumber <= 1} onClick={() => setPageNumber(pageNumber - 1)}>
          {t('grid.previous')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={pageNumber >= pages}
          onClick={() => setPageNumber(pageNumber + 1)}
        >
          {t('grid.next')}
        </button>
      </footer>
    </section>
  );
}
