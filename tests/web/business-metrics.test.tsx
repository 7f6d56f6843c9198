// @vitest-environment jsdom
/**
 * The business metrics screen (src/features/dashboard/BusinessMetricsPage): it asks for this month
 * by default, shows each currency's revenue and what is owed as tiles with the change from the
 * period before, the categories, clients and work beside the period before; a client is not shown
 * "clients served" or the top clients; an empty period says so; a custom range over a year is
 * refused before asking. change() words the comparison.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessMetrics } from '../../domain/schemas/business-metrics';
import type { UserData } from '../../domain/schemas/auth';
import { useSession } from '../../src/app/session';
import { presetRange } from '../../src/features/dashboard/period';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
const getAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ getAs: (...a: unknown[]) => getAs(...a) }));
// recharts measures its container, which jsdom does not lay out.
vi.mock('recharts', async (orig) => ({
  ...(await orig<typeof import('recharts')>()),
  ResponsiveContainer: ({ children }: { children: React.ReactNode }) => (
    <div style={{ width: 600, height: 240 }}>{children}</div>
  ),
}));

const {
  default: BusinessMetricsPage,
  change,
  dailySeries,
} = await import('../../src/features/dashboard/BusinessMetricsPage');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ user: null });
});

const march: BusinessMetrics = {
  from: '2025-03-01',
  to: '2025-03-31',
  previousFrom: '2025-01-29',
  previousTo: '2025-02-28',
  revenue: [
    { currency: 'USD', amountCents: 19_500, previousCents: 15_000 },
    { currency: 'EUR', amountCents: 1_000, previousCents: 0 },
  ],
  byDay: [{ day: '2025-03-03', currency: 'USD', amountCents: 13_000 }],
  byCategory: [{ category: 'receiving', currency: 'USD', amountCents: 10_000, previousCents: 4_000 }],
  topClients: [{ companyId: 3, name: 'Acme Sellers', currency: 'USD', amountCents: 15_000, previousCents: 4_000 }],
  activeClients: { current: 2, previous: 1 },
  volume: [{ kind: 'unit_received', quantity: 400, previous: 160 }],
  invoices: [{ currency: 'USD', issuedCount: 2, issuedCents: 21_000, outstandingCents: 9_000, overdueCents: 3_000 }],
};
const asWho = (audience: UserData['audience']) =>
  useSession.setState({ user: { id: 1, tenantKey: 'demo', audience } as UserData });
function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BusinessMetricsPage />
    </QueryClientProvider>,
  );
}
const tile = (key: string) => screen.getByTestId('metrics-tiles').querySelector(`[data-tile="${key}"]`)?.textContent;

describe('the business metrics screen', () => {
  it('this month by default; revenue, clients and invoices as tiles with the change; the tables beside the period before', async () => {
    asWho('Warehouse');
    getAs.mockResolvedValue(march);
    renderPage();
    await screen.findByTestId('metrics-tiles');
    expect(getAs.mock.calls[0][0]).toBe('/api/dashboard/business-metrics');
    expect(getAs.mock.calls[0][2].query).toEqual(presetRange('month', new Date()));
    expect(tile('revenue-USD')).toBe('$195.00businessMetrics.revenue {"currency":"USD"}+30%');
    expect(tile('revenue-EUR')).toContain('businessMetrics.new');
    expect(tile('clients')).toBe('2businessMetrics.activeClients+100%');
    expect(tile('owed-USD')).toContain('$90.00');
    expect(tile('overdue-USD')).toContain('$30.00');
    expect(tile('issued-USD')).toContain('businessMetrics.invoiceCount {"count":2}');
    const categories = within(screen.getByTestId('metrics-categories')).getAllByRole('row')[1];
    expect(categories.textContent).toBe(
      'charges.categories.receiving {"defaultValue":"receiving"} · USD$100.00$40.00+150%',
    );
    expect(within(screen.getByTestId('metrics-clients')).getByText('Acme Sellers · USD')).toBeTruthy();
    expect(within(screen.getByTestId('metrics-volume')).getAllByRole('row')[1].textContent).toBe(
      'businessMetrics.kinds.unit_received400160+150%',
    );
    expect(screen.getByTestId('chart-revenue')).toBeTruthy();
    expect(screen.getByTestId('metrics-compared').textContent).toContain('"from":"01/29/2025","to":"02/28/2025"');
  });

  it('a client is not shown clients served nor the top clients', async () => {
    asWho('CustomerPlus');
    getAs.mockResolvedValue(march);
    renderPage();
    await screen.findByTestId('metrics-tiles');
    expect(tile('clients')).toBeUndefined();
    expect(screen.queryByTestId('metrics-clients')).toBeNull();
    expect(screen.getByTestId('metrics-volume')).toBeTruthy();
  });

  it('an empty period says so; a custom range over a year is refused before asking', async () => {
    asWho('Warehouse');
    getAs.mockResolvedValue({
      ...march,
      revenue: [],
      byDay: [],
      byCategory: [],
      topClients: [],
      volume: [],
      invoices: [],
    });
    renderPage();
    await screen.findByTestId('metrics-empty');
    fireEvent.click(screen.getByText('periods.custom'));
    fireEvent.change(screen.getByTestId('period-from'), { target: { value: '2024-01-01' } });
    const asked = getAs.mock.calls.length;
    fireEvent.change(screen.getByTestId('period-to'), { target: { value: '2025-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('periods.tooLong {"days":366}');
    expect(getAs.mock.calls.length).toBe(asked);
  });
});

describe('the day chart', () => {
  it('has every day of the period in the currency, days without charges at nothing', () => {
    const series = dailySeries(
      { ...march, byDay: [...march.byDay, { day: '2025-03-03', currency: 'EUR', amountCents: 7 }] },
      'USD',
    );
    expect(series).toHaveLength(31);
    expect(series[0]).toEqual({ day: '2025-03-01', amountCents: 0 });
    expect(series[2]).toEqual({ day: '2025-03-03', amountCents: 13_000 });
    expect(series[30].day).toBe('2025-03-31');
    expect(series.reduce((n, d) => n + d.amountCents, 0)).toBe(13_000);
  });
});

describe('change from the period before', () => {
  it('is a signed percentage, "new" from nothing, a dash for nothing to nothing', () => {
    expect(change(130, 100, 'en', 'new')).toBe('+30%');
    expect(change(50, 100, 'en', 'new')).toBe('-50%');
    expect(change(100, 100, 'en', 'new')).toBe('0%');
    expect(change(5, 0, 'en', 'new')).toBe('new');
    expect(change(0, 0, 'en', 'new')).toBe('–');
    expect(change(0, 40, 'en', 'new')).toBe('-100%');
  });
});
