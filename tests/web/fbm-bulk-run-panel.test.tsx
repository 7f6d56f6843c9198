// @vitest-environment jsdom
/**
 * The bulk run panel on Buy bulk shipping (src/features/fbm-labels/BulkRunPanel): while a run buys,
 * nothing to buy again; once done, each failed order in words, the failed ones bought again with
 * the ticked ones left out, and no button when every failed order is left out. An order failed for
 * Amazon's additional seller inputs shows its inputs box (for the rate the run used) under its
 * failure, the values kept by the page.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkOrderResult, LabelRun } from '../../domain/schemas/fbm-labels';
import { sellerInput } from '../helpers/seller-inputs';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t }) }));
const postAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ postAs: (...a: unknown[]) => postAs(...a) }));
const { BulkRunPanel } = await import('../../src/features/fbm-labels/BulkRunPanel');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const result = (orderId: number, state: BulkOrderResult['state'], error: string | null = null): BulkOrderResult => ({
  orderId,
  marketplaceOrderId: `O-${orderId}`,
  state,
  labelIds: state === 'bought' ? [orderId * 10] : [],
  trackingNumbers: [],
  carrier: null,
  service: null,
  totalCents: null,
  error,
  needsInputs: null,
});
const run = (status: LabelRun['status'], results: BulkOrderResult[]): LabelRun => ({
  id: 5,
  status,
  jobId: 'job-5',
  format: 'pdf',
  total: results.length,
  done: results.filter((r) => r.state !== 'pending').length,
  bought: results.filter((r) => r.state === 'bought').length,
  failed: results.filter((r) => r.state === 'failed').length,
  results,
  createdAt: '2026-11-27T10:00:00.000Z',
});
const panel = (
  r: LabelRun,
  onBuyAgain = vi.fn(),
  onInputs = vi.fn(),
  inputs: Record<string, Record<string, string>> = {},
) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BulkRunPanel
        run={r}
        busy={false}
        onDownload={vi.fn()}
        onPrint={vi.fn()}
        onBuyAgain={onBuyAgain}
        inputs={inputs}
        onInputs={onInputs}
      />
    </QueryClientProvider>,
  );

const contents = sellerInput();
/** An order the run failed because its Amazon service asked for the contents type. */
const needing = (orderId: number): BulkOrderResult => ({
  ...result(orderId, 'failed', 'Amazon Buy Shipping needs more: Contents type (CUSTOMS_CONTENTS_TYPE): required'),
  needsInputs: { rateId: 'amazon:UPS_PTP_STANDARD_INTL', inputs: [contents] },
});

describe('bulk run panel', () => {
  it('while the run buys, its failures show but nothing can be bought again yet', () => {
    panel(run('running', [result(1, 'failed', 'Rate expired'), result(2, 'pending')]));
    expect(screen.getByTestId('bulk-failures').textContent).toContain('O-1: Rate expired');
    expect(screen.queryByTestId('bulk-buy-again')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('once done, buys the failed ones again leaving out the ticked order', () => {
    const onBuyAgain = vi.fn();
    panel(
      run('done', [result(1, 'bought'), result(2, 'failed', 'Address refused'), result(3, 'failed', 'Funds short')]),
      onBuyAgain,
    );
    const failures = screen.getByTestId('bulk-failures').querySelectorAll('li');
    expect([...failures].map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      'O-2: Address refused fbmLabels.bulk.leaveOut',
      'O-3: Funds short fbmLabels.bulk.leaveOut',
    ]);
    fireEvent.click(within(failures[0] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('bulk-buy-again'));
    expect(onBuyAgain).toHaveBeenCalledWith([2]);
    expect(screen.getByTestId('bulk-download')).toBeTruthy();
  });

  it('with every failed order left out there is nothing to buy again', () => {
    panel(run('done', [result(1, 'failed', 'x'), result(2, 'bought')]));
    fireEvent.click(screen.getByRole('checkbox'));
    expect((screen.getByTestId('bulk-buy-again') as HTMLButtonElement).disabled).toBe(true);
  });

  it('an order failed for Amazon’s seller inputs shows its inputs box under its failure once done; the inputs go to the page', async () => {
    postAs.mockResolvedValue({ orderId: 2, shippingServiceId: 'UPS_PTP_STANDARD_INTL', inputs: [contents] });
    const onBuyAgain = vi.fn();
    const onInputs = vi.fn();
    panel(run('done', [result(1, 'bought'), needing(2), result(3, 'failed', 'Funds short')]), onBuyAgain, onInputs);
    const failures = screen.getByTestId('bulk-failures').querySelectorAll('li');
    expect(failures[0].textContent).toContain(
      'O-2: Amazon Buy Shipping needs more: Contents type (CUSTOMS_CONTENTS_TYPE)',
    );
    const box = await within(failures[0] as HTMLElement).findByTestId('seller-inputs-2');
    // Asked for the rate the run used.
    expect(postAs).toHaveBeenCalledWith(
      '/api/fbm/web/label/psh/amazon/seller/inputs',
      { orderId: 2, rateId: 'amazon:UPS_PTP_STANDARD_INTL' },
      expect.anything(),
      expect.anything(),
    );
    expect(within(failures[1] as HTMLElement).queryByTestId('seller-inputs-3')).toBeNull(); // another failure: no box
    fireEvent.change(box.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]')!, { target: { value: 'MERCHANDISE' } });
    expect(onInputs).toHaveBeenCalledWith(2, { CUSTOMS_CONTENTS_TYPE: 'MERCHANDISE' });
    fireEvent.click(screen.getByTestId('bulk-buy-again'));
    expect(onBuyAgain).toHaveBeenCalledWith([]);
  });

  it('shows what the page holds for it; left out, or while the run buys, no inputs box', async () => {
    postAs.mockResolvedValue({ orderId: 2, shippingServiceId: 'UPS_PTP_STANDARD_INTL', inputs: [contents] });
    const view = panel(run('done', [needing(2)]), vi.fn(), vi.fn(), { '2': { CUSTOMS_CONTENTS_TYPE: 'GIFT' } });
    const box = await screen.findByTestId('seller-inputs-2');
    expect((box.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]') as HTMLSelectElement).value).toBe('GIFT');
    expect(box.getAttribute('data-complete')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.queryByTestId('seller-inputs-2')).toBeNull();
    view.unmount();
    panel(run('running', [needing(2), result(3, 'pending')]));
    expect(screen.getByTestId('bulk-failures').textContent).toContain('O-2');
    expect(screen.queryByTestId('seller-inputs-2')).toBeNull();
  });
});
