// @vitest-environment jsdom
/**
 * The leader board screen (src/features/dashboard/LeaderBoardPage): it asks for the period's days
 * in the viewer's time zone, ranks by units handled or any one figure, gives no column to a figure
 * nobody reached, refuses a custom range the server would refuse before asking, and says so when
 * the period has no work. The period presets are the viewer's calendar days.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaderBoard, LeaderBoardRow } from '../../domain/schemas/leader-board';
import { presetRange, rangeProblem } from '../../src/features/dashboard/period';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
const getAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ getAs: (...a: unknown[]) => getAs(...a) }));

const { default: LeaderBoardPage } = await import('../../src/features/dashboard/LeaderBoardPage');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const metrics = (over: Partial<LeaderBoardRow['metrics']>): LeaderBoardRow['metrics'] => ({
  packagesScanned: 0,
  unitsReceived: 0,
  unitsSorted: 0,
  unitsPicked: 0,
  unitsPrepped: 0,
  unitsLabelled: 0,
  boxesPacked: 0,
  palletsBuilt: 0,
  shipmentsShipped: 0,
  fbmOrdersShipped: 0,
  bundlesBuilt: 0,
  ...over,
});
const person = (userId: number, username: string, m: Partial<LeaderBoardRow['metrics']>): LeaderBoardRow => {
  const all = metrics(m);
  return {
    userId,
    username,
    fullname: username.toUpperCase(),
    metrics: all,
    unitsHandled: all.unitsReceived + all.unitsSorted + all.unitsPicked + all.unitsPrepped + all.unitsLabelled,
    lastActiveAt: '2026-11-28T10:00:00.000Z',
  };
};
const boardOf = (rows: LeaderBoardRow[]): LeaderBoard => {
  const totals = metrics({});
  for (const r of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r.metrics[k];
  return {
    from: 'x',
    to: 'x',
    rows,
    totals: { ...totals, unitsHandled: rows.reduce((n, r) => n + r.unitsHandled, 0) },
  };
};

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LeaderBoardPage />
    </QueryClientProvider>,
  );
}
const order = () =>
  within(screen.getByTestId('leader-table'))
    .getAllByRole('row')
    .slice(1, -1)
    .map((r) => r.getAttribute('data-testid'));

describe('the leader board screen', () => {
  it('asks for today in the viewer’s zone, ranks by units handled, then by the figure chosen; zero figures get no column', async () => {
    getAs.mockResolvedValue(
      boardOf([
        person(1, 'riley', { unitsReceived: 40, packagesScanned: 12 }),
        person(2, 'pat', { unitsPrepped: 60, boxesPacked: 3 }),
        person(3, 'sam', { unitsSorted: 5, packagesScanned: 30 }),
      ]),
    );
    renderPage();
    await screen.findByTestId('leader-table');
    const [path, , opts] = getAs.mock.calls[0];
    expect(path).toBe('/api/dashboard/leader-board');
    const today = presetRange('today', new Date());
    expect(opts.query).toEqual({ ...today, tzOffsetMinutes: -new Date().getTimezoneOffset() });
    expect(order()).toEqual(['leader-pat', 'leader-riley', 'leader-sam']);
    expect(screen.getByTestId('leader-pat').getAttribute('data-rank')).toBe('1');
    const heads = within(screen.getByTestId('leader-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toContain('leaderBoard.metrics.boxesPacked');
    expect(heads).not.toContain('leaderBoard.metrics.palletsBuilt');

    fireEvent.change(screen.getByTestId('leader-rank-by'), { target: { value: 'packagesScanned' } });
    expect(order()).toEqual(['leader-sam', 'leader-riley', 'leader-pat']);
    const footer = within(screen.getByTestId('leader-table')).getAllByRole('row').at(-1)!;
    expect(footer.textContent).toContain('105'); // 40 + 60 + 5 units handled
  });

  it('a custom range the server would refuse is said before asking; a good one is asked for', async () => {
    getAs.mockResolvedValue(boardOf([]));
    renderPage();
    await screen.findByTestId('leader-empty');
    fireEvent.click(screen.getByText('periods.custom'));
    fireEvent.change(screen.getByTestId('period-from'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByTestId('period-to'), { target: { value: '2026-03-01' } });
    expect(screen.getByRole('alert').textContent).toContain('periods.badRange');
    fireEvent.change(screen.getByTestId('period-to'), { target: { value: '2026-12-31' } });
    expect(screen.getByRole('alert').textContent).toContain('periods.tooLong {"days":92}');
    const asked = getAs.mock.calls.length;
    fireEvent.change(screen.getByTestId('period-to'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(getAs.mock.calls.length).toBe(asked + 1));
    expect(getAs.mock.calls.at(-1)![2].query).toMatchObject({ from: '2026-03-10', to: '2026-03-31' });
    expect(await screen.findByTestId('leader-empty')).toBeTruthy();
  });
});

describe('periods', () => {
  const noon = new Date(2026, 2, 1, 9, 30); // 1 March, local time
  it('are the viewer’s calendar days', () => {
    expect(presetRange('today', noon)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', noon)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('last7', noon)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('month', new Date(2026, 2, 17, 23, 59))).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(presetRange('last30', noon)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('lastMonth', noon)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', new Date(2026, 0, 15))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('quarter', new Date(2026, 4, 20))).toEqual({ from: '2026-04-01', to: '2026-05-20' });
    expect(presetRange('year', noon)).toEqual({ from: '2026-01-01', to: '2026-03-01' });
  });
  it('a custom range: the "to" day on or after the "from" day, at most 92 days', () => {
    expect(rangeProblem('2026-03-02', '2026-03-01', 92)).toBe('badRange');
    expect(rangeProblem('', '2026-03-01', 92)).toBe('badRange');
    expect(rangeProblem('2026-01-01', '2026-04-03', 92)).toBe('tooLong');
    expect(rangeProblem('2026-01-01', '2026-04-02', 92)).toBeNull();
  });
});
