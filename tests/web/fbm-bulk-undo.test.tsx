// @vitest-environment jsdom
/**
 * The orders desk's bulk cancel / reopen (src/features/fbm-orders/BulkUndo): nothing chosen, nothing
 * to press; a confirm names the orders before anything is sent; keeping sends nothing; confirming
 * sends the chosen ids once and shows one result per order, a refusal in the server's words.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t }) }));
const postAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ postAs: (...a: unknown[]) => postAs(...a) }));

const { BulkUndo } = await import('../../src/features/fbm-orders/BulkUndo');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const row = (orderId: number, over: Record<string, unknown>) => ({
  orderId,
  ok: true,
  status: 'AWAITING',
  cancelled: 0,
  unitsBack: 0,
  toldMarketplace: 0,
  reopened: false,
  held: 0,
  message: null,
  ...over,
});

describe('bulk cancel / reopen on the orders desk', () => {
  it('disables both actions with nothing chosen', () => {
    render(<BulkUndo picked={new Map()} onClear={() => {}} onDone={() => {}} />);
    expect((screen.getByTestId('bulk-cancel-shipments') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('bulk-reopen-shipments') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks first, keeps on "keep", then sends the chosen orders once and shows one result each', async () => {
    const onDone = vi.fn();
    const onClear = vi.fn();
    const picked = new Map([
      [7, 'O-7'],
      [8, 'O-8'],
    ]);
    postAs.mockResolvedValue({
      results: [
        row(7, { cancelled: 1, unitsBack: 3 }),
        row(8, { ok: false, status: null, message: 'Order not found' }),
      ],
      done: 1,
      failed: 1,
    });
    render(<BulkUndo picked={picked} onClear={onClear} onDone={onDone} />);
    fireEvent.click(screen.getByTestId('bulk-cancel-shipments'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('O-7, O-8');
    fireEvent.click(screen.getByText('fba.keep'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(postAs).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('bulk-cancel-shipments'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'fbmOrders.bulkUndo.cancel' }));
    await waitFor(() => expect(screen.getByTestId('bulk-undo-result')).toBeTruthy());
    expect(postAs).toHaveBeenCalledTimes(1);
    expect(postAs.mock.calls[0][0]).toBe('/api/fbm/web/bulk/cancel/all/shipment');
    expect(postAs.mock.calls[0][1]).toEqual({ orderIds: [7, 8] });
    const rows = screen.getByTestId('bulk-undo-result').querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('O-7');
    expect(rows[0].textContent).toContain('"units":3');
    expect(rows[1].getAttribute('data-ok')).toBe('false');
    expect(rows[1].textContent).toContain('Order not found');
    expect(onClear).toHaveBeenCalled();
    expect(onDone).toHaveBeenCalled();
  });
});
