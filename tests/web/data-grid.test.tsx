// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../src/app/i18n';
import type { Page } from '../../domain/paging';
import { DataGrid, type GridQuery } from '../../src/ui/DataGrid';

interface Row {
  id: number;
  name: string;
}
const all: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Client ${String(i + 1).padStart(2, '0')}`,
}));
const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'name', header: 'Name' },
];

function server(q: GridQuery): Promise<Page<Row>> {
  const sorted = q.sort === 'name' && q.dir === 'desc' ? [...all].reverse() : all;
  const start = (q.pageNumber - 1) * q.pageSize;
  return Promise.resolve({
    content: sorted.slice(start, start + q.pageSize),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    totalElements: all.length,
  });
}

function renderGrid(fetchPage = vi.fn(server)) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <DataGrid<Row> id="test-grid" columns={columns} fetchPage={fetchPage} searchable={false} />
    </QueryClientProvider>,
  );
  return fetchPage;
}

beforeAll(() => initI18n());
afterEach(cleanup);

describe('DataGrid paging', () => {
  it('asks the server for page 1 of 5 rows and shows the spec footer', async () => {
    const fetchPage = renderGrid();
    await screen.findByText('Page 1 of 5, total 23 entries');
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ pageNumber: 1, pageSize: 5 }));
    expect(screen.getAllByRole('row')).toHaveLength(1 + 5);
  });

  it('next/previous move through pages; the last page holds the remainder', async () => {
    renderGrid();
    await screen.findByText('Page 1 of 5, total 23 entries');
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByText('Next'));
    await screen.findByText('Page 5 of 5, total 23 entries');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + 3));
    expect((screen.getByText('Next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('Previous'));
    await screen.findByText('Page 4 of 5, total 23 entries');
  });

  it('a new page size returns to page 1 and offers the spec choices', async () => {
    const fetchPage = renderGrid();
    await screen.findByText('Page 1 of 5, total 23 entries');
    fireEvent.click(screen.getByText('Next'));
    await screen.findByText('Page 2 of 5, total 23 entries');
    const select = screen.getByLabelText(/Rows per page/) as HTMLSelectElement;
    expect([...select.options].map((o) => Number(o.value))).toEqual([5, 10, 20, 30, 40, 50, 100, 200]);
    await act(async () => {
      fireEvent.change(select, { target: { value: '20' } });
    });
    await screen.findByText('Page 1 of 2, total 23 entries');
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ pageNumber: 1, pageSize: 20 }));
  });

  it('sorting asks the server, and an empty result shows the empty state', async () => {
    const fetchPage = renderGrid();
    await screen.findByText('Page 1 of 5, total 23 entries');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', dir: 'desc' })),
    );
    await screen.findByText('Client 23');
    cleanup();
    renderGrid(vi.fn(() => Promise.resolve({ content: [], pageNumber: 1, pageSize: 5, totalElements: 0 })));
    await screen.findByText('Nothing here yet.');
    expect(screen.getByText('Page 1 of 1, total 0 entries')).toBeTruthy();
  });

  it('a failing server shows the error state with retry', async () => {
    const failing = vi.fn().mockRejectedValueOnce(new Error('down')).mockImplementation(server);
    renderGrid(failing);
    await screen.findByText('The list could not be loaded.');
    fireEvent.click(screen.getByText('Try again'));
    await screen.findByText('Page 1 of 5, total 23 entries');
  });
});
