// @vitest-environment jsdom
/**
 * The bulk run panel on Buy bulk shipping (src/features/fbm-labels/BulkRunPanel): while a run buys,
 * nothing to buy again; once done, each failed order in words, the failed ones bought again with
 * the ticked ones left out, and no button when every failed order is left out.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkOrderResult, LabelRun } from '../../domain/schemas/fbm-labels';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t }) }));
const { BulkRunPanel } = await import('../../src/features/fbm-labels/BulkRunPanel');

afterEach(cleanup);

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
const panel = (r: LabelRun, onBuyAgain = vi.fn()) =>
  render(<BulkRunPanel run={r} busy={false} onDownload={vi.fn()} onPrint={vi.fn()} onBuyAgain={onBuyAgain} />);

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
});
