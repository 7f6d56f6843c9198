// @vitest-environment jsdom
/**
 * Amazon Buy Shipping's additional seller inputs beside an order (src/features/fbm-labels): nothing
 * shows when Dockside filled them all; what it could not fill is asked (a choice from Amazon's
 * values), and the order's label is bought with what the user gave (sellerInputs by key).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t }) }));
const postAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ postAs: (...a: unknown[]) => postAs(...a) }));

const { AmazonSellerInputs } = await import('../../src/features/fbm-labels/AmazonSellerInputs');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const input = (over: Record<string, unknown>) => ({
  key: 'CUSTOMS_CONTENTS_TYPE',
  level: 'shipment',
  orderItemId: null,
  sku: null,
  name: 'CUSTOMS_CONTENTS_TYPE',
  label: 'Contents type',
  required: true,
  options: ['MERCHANDISE', 'GIFT'],
  pattern: null,
  value: null,
  source: null,
  problem: 'required for this shipping service',
  ...over,
});
const hs = input({
  key: '111:ITEM_HARMONIZED_TARIFF_CODE',
  level: 'item',
  orderItemId: '111',
  sku: 'MUG-1',
  name: 'ITEM_HARMONIZED_TARIFF_CODE',
  label: 'Harmonized tariff code (HS)',
  options: null,
  value: '691200',
  source: 'customs',
  problem: null,
});

function renderIt() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <AmazonSellerInputs orderId={7} rateId="amazon:svc-1" format="pdf" />
    </QueryClientProvider>,
  );
}

describe('Amazon additional seller inputs', () => {
  it('shows nothing when Dockside filled every input', async () => {
    postAs.mockResolvedValueOnce({ orderId: 7, shippingServiceId: 'svc-1', inputs: [hs] });
    renderIt();
    await waitFor(() => expect(postAs).toHaveBeenCalledTimes(1));
    expect(postAs.mock.calls[0][1]).toEqual({ orderId: 7, rateId: 'amazon:svc-1' });
    expect(screen.queryByTestId('seller-inputs-7')).toBeNull();
  });

  it('asks for what is missing and buys the label with it', async () => {
    postAs.mockResolvedValueOnce({ orderId: 7, shippingServiceId: 'svc-1', inputs: [input({}), hs] });
    postAs.mockResolvedValueOnce({ trackingNumbers: ['1Z999'] });
    renderIt();
    const box = await screen.findByTestId('seller-inputs-7');
    expect(box.textContent).toContain('Contents type');
    expect(box.textContent).not.toContain('Harmonized tariff code');
    fireEvent.change(box.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]')!, { target: { value: 'GIFT' } });
    fireEvent.click(screen.getByText('fbmLabels.sellerInputs.buy'));
    await waitFor(() => expect(postAs).toHaveBeenCalledTimes(2));
    expect(postAs.mock.calls[1][0]).toBe('/api/fbm/web/label/psh/purchase');
    expect(postAs.mock.calls[1][1]).toEqual({
      orderId: 7,
      rateId: 'amazon:svc-1',
      format: 'pdf',
      sellerInputs: { CUSTOMS_CONTENTS_TYPE: 'GIFT' },
    });
  });
});
