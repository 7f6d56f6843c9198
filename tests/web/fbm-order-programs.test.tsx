// @vitest-environment jsdom
/**
 * Amazon order programs on the orders desk: the marked ones as badges (in one order, unknown
 * programs left out), and an in-store pickup's ship panel offers the pickup steps and a note
 * instead of the mark-shipped form, while any other picked Amazon order offers the form alone.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderShipments } from '../../domain/schemas/fbm-ship';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
const getAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ getAs: (...a: unknown[]) => getAs(...a), postAs: vi.fn() }));
vi.mock('../../src/app/session', () => ({
  useSession: (pick: (s: { user: { audience: string } }) => unknown) => pick({ user: { audience: 'Warehouse' } }),
}));

const { ProgramBadges } = await import('../../src/features/fbm-orders/ProgramBadges');
const { ShipPanel } = await import('../../src/features/fbm-ship/ShipPanel');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const shipments: OrderShipments = {
  orderId: 7,
  status: 'AWAITING',
  lines: [{ orderLineId: 70, lineId: 'L1', sku: 'SKU-1', productKey: 'p1', ordered: 2, shipped: 0, picked: 2 }],
  confirms: true,
  marketplace: 'amazon_us',
  shipments: [],
  verification: { state: 'none', subjectType: null, ref: null, userName: null, at: null, mismatches: [] },
  labelPackages: [],
};

const shipPanel = (pickup: boolean) => {
  // The order's shipments; the carrier chooser's list (src/features/carriers) is empty here.
  getAs.mockImplementation(async (path: string) => (path.startsWith('/api/common/carrier') ? [] : shipments));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShipPanel orderId={7} pickup={pickup} onChanged={vi.fn()} />
    </QueryClientProvider>,
  );
};

describe('order programs', () => {
  it('marks the known programs, in one order, and leaves the others out', () => {
    render(<ProgramBadges programs={['FBM_SHIP_PLUS', 'IN_STORE_PICK_UP', 'PRIME']} />);
    const badges = [...screen.getByTestId('order-programs').querySelectorAll('[data-program]')];
    expect(badges.map((b) => b.getAttribute('data-program'))).toEqual(['PRIME', 'IN_STORE_PICK_UP']);
    expect(badges.map((b) => b.textContent)).toEqual([
      'fbmOrders.programs.PRIME',
      'fbmOrders.programs.IN_STORE_PICK_UP',
    ]);
  });

  it('shows nothing for an order without a marked program', () => {
    const { container } = render(<ProgramBadges programs={['AMAZON_HAUL']} />);
    expect(container.innerHTML).toBe('');
  });

  it('an in-store pickup offers the pickup steps and a note, never the mark-shipped form', async () => {
    shipPanel(true);
    expect(await screen.findByTestId('pickup-actions')).toBeTruthy();
    expect(screen.getByTestId('pickup-PickedUp')).toBeTruthy();
    expect(screen.getByTestId('pickup-note').textContent).toBe('fbmShip.pickup.note');
    expect(screen.queryByTestId('mark-shipped-form')).toBeNull();
  });

  it('any other picked Amazon order offers the mark-shipped form and no pickup steps', async () => {
    shipPanel(false);
    await screen.findByTestId('ship-panel');
    await vi.waitFor(() => expect(screen.queryByText('app.loading')).toBeNull());
    expect(screen.queryByTestId('pickup-actions')).toBeNull();
    expect(screen.queryByTestId('pickup-note')).toBeNull();
    expect(screen.getByTestId('mark-shipped-form')).toBeTruthy();
  });
});
