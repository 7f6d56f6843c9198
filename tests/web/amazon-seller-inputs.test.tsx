// @vitest-environment jsdom
/**
 * Amazon Buy Shipping's additional seller inputs beside an order (src/features/fbm-labels): nothing
 * shows when Dockside filled them all; what it could not fill is asked (a choice from Amazon's
 * values, a text held to Amazon's pattern), each value's problem said as it is typed, and what the
 * user gives handed to the page (by input key), which sends it with the bulk run.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sellerInput } from '../helpers/seller-inputs';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t }) }));
const postAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ postAs: (...a: unknown[]) => postAs(...a) }));

const { AmazonSellerInputs } = await import('../../src/features/fbm-labels/AmazonSellerInputs');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const input = sellerInput;
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

/** The box as a page holds it: the given inputs kept in the page's state. */
function Holder({ onGiven }: { onGiven: (g: Record<string, string>) => void }) {
  const [given, setGiven] = useState<Record<string, string>>({});
  return (
    <AmazonSellerInputs
      orderId={7}
      rateId="amazon:svc-1"
      given={given}
      onGiven={(g) => {
        setGiven(g);
        onGiven(g);
      }}
    />
  );
}

function renderIt(onGiven = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Holder onGiven={onGiven} />
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

  it('asks only for what is missing and hands what the user gives to the page; it buys nothing itself', async () => {
    postAs.mockResolvedValueOnce({ orderId: 7, shippingServiceId: 'svc-1', inputs: [input({}), hs] });
    const onGiven = vi.fn();
    renderIt(onGiven);
    const box = await screen.findByTestId('seller-inputs-7');
    expect(box.textContent).toContain('Contents type');
    expect(box.textContent).toContain('required for this shipping service');
    expect(box.textContent).not.toContain('Harmonized tariff code');
    expect(box.getAttribute('data-complete')).toBe('false');
    expect(within(box).getByRole('status').textContent).toBe('fbmLabels.sellerInputs.left {"count":1}');
    fireEvent.change(box.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]')!, { target: { value: 'GIFT' } });
    expect(onGiven).toHaveBeenLastCalledWith({ CUSTOMS_CONTENTS_TYPE: 'GIFT' });
    expect(box.getAttribute('data-complete')).toBe('true');
    expect(within(box).getByRole('status').textContent).toBe('fbmLabels.sellerInputs.ready');
    expect(box.textContent).not.toContain('required for this shipping service');
    expect(postAs).toHaveBeenCalledTimes(1); // no purchase from the box
  });

  it('says what is wrong with a value as the user types it (Amazon’s pattern), and when it is right', async () => {
    const phone = input({
      key: 'SHIPPER_PHONE',
      name: 'SHIPPER_PHONE',
      label: 'Shipper phone',
      options: null,
      pattern: '^\\+?[0-9 ]{7,20}$',
      problem: 'required for this shipping service',
    });
    postAs.mockResolvedValueOnce({ orderId: 7, shippingServiceId: 'svc-1', inputs: [phone] });
    renderIt();
    const box = await screen.findByTestId('seller-inputs-7');
    const field = box.querySelector('input[name="SHIPPER_PHONE"]')!;
    fireEvent.change(field, { target: { value: 'call me' } });
    expect(box.textContent).toContain('fbmLabels.sellerInputs.notMatching');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '' } });
    expect(box.textContent).toContain('fbmLabels.sellerInputs.missing');
    fireEvent.change(field, { target: { value: '+1 555 0100' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(box.getAttribute('data-complete')).toBe('true');
  });
});
