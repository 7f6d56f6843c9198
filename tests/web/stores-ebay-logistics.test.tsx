// @vitest-environment jsdom
/**
 * An eBay store's "eBay Logistics (approved keyset)" control on Merchant Connect
 * (src/features/stores/EbayLogisticsSetting): it shows the stored value; turning it on for a
 * connected production store asks first (cancelling sends nothing), then saves it and says to
 * reconnect; turning it off says the connection keeps working; a sandbox store is told the setting
 * counts in production; a refusal is shown in the server's words.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreRow } from '../../domain/schemas/stores';

const t = (k: string) => k;
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t }) }));
const putAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ putAs: (...a: unknown[]) => putAs(...a) }));

const { EbayLogisticsSetting } = await import('../../src/features/stores/EbayLogisticsSetting');
const { ApiFailure } = await import('../../src/api/client');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const store = (over: Partial<StoreRow> = {}): StoreRow => ({
  id: 41,
  companyId: 3,
  companyName: 'Acme Sellers',
  accountNo: 'C1001',
  marketplace: 'ebay',
  name: 'Acme eBay live',
  sellerId: null,
  environment: 'production',
  connection: 'connected',
  credentialHint: '•••• 1a2b',
  tokenExpiresAt: null,
  lastSuccessAt: null,
  lastError: null,
  ebayLogistics: false,
  ordersPulledAt: null,
  openOrders: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const box = () => screen.getByRole('checkbox', { name: 'stores.ebayLogistics.label' }) as HTMLInputElement;

describe('the eBay Logistics setting of an eBay store', () => {
  it('shows the stored value', () => {
    render(<EbayLogisticsSetting store={store({ ebayLogistics: true })} onSaved={() => {}} />);
    expect(box().checked).toBe(true);
    expect(screen.getByText('stores.ebayLogistics.help')).toBeTruthy();
  });

  it('on a connected production store: asks first, sends nothing when cancelled', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    render(<EbayLogisticsSetting store={store()} onSaved={() => {}} />);
    fireEvent.click(box());
    expect(confirm).toHaveBeenCalledWith('stores.ebayLogistics.confirmOn');
    expect(putAs).not.toHaveBeenCalled();
  });

  it('confirmed: saves it once and says to reconnect the store', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    putAs.mockResolvedValue(store({ ebayLogistics: true, connection: 'reconnect_needed' }));
    const onSaved = vi.fn();
    render(<EbayLogisticsSetting store={store()} onSaved={onSaved} />);
    fireEvent.click(box());
    await waitFor(() => expect(screen.getByTestId('ebay-logistics-note').dataset.note).toBe('reconnect'));
    expect(screen.getByTestId('ebay-logistics-note').textContent).toBe('stores.ebayLogistics.notes.reconnect');
    expect(putAs).toHaveBeenCalledTimes(1);
    expect(putAs.mock.calls[0][0]).toBe('/api/common/stores/41/settings');
    expect(putAs.mock.calls[0][1]).toEqual({ ebayLogistics: true });
    expect(onSaved).toHaveBeenCalled();
  });

  it('off: nothing to confirm; the connection keeps working', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    putAs.mockResolvedValue(store({ ebayLogistics: false }));
    render(<EbayLogisticsSetting store={store({ ebayLogistics: true })} onSaved={() => {}} />);
    fireEvent.click(box());
    await waitFor(() => expect(screen.getByTestId('ebay-logistics-note').dataset.note).toBe('off'));
    expect(confirm).not.toHaveBeenCalled();
    expect(putAs.mock.calls[0][1]).toEqual({ ebayLogistics: false });
  });

  it('a sandbox store: told it counts in production, nothing to confirm', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    putAs.mockResolvedValue(store({ environment: 'sandbox', ebayLogistics: true }));
    render(<EbayLogisticsSetting store={store({ environment: 'sandbox' })} onSaved={() => {}} />);
    expect(screen.getByText('stores.ebayLogistics.sandbox')).toBeTruthy();
    fireEvent.click(box());
    await waitFor(() => expect(screen.getByTestId('ebay-logistics-note').dataset.note).toBe('sandboxSaved'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a refusal is shown in the server’s words', async () => {
    putAs.mockRejectedValue(new ApiFailure(404, ['Store not found']));
    render(<EbayLogisticsSetting store={store({ connection: 'not_connected' })} onSaved={() => {}} />);
    fireEvent.click(box());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Store not found'));
    expect(screen.queryByTestId('ebay-logistics-note')).toBeNull();
  });
});
