// @vitest-environment jsdom
/**
 * A plan action asked about first (src/features/fba/actions/ConfirmedPlanAction, behind Close and
 * Revert): nothing is sent until confirmed; a refusal keeps the dialog open with the server's
 * lines; taken, the answered plan replaces the cached one and the dialog closes; closing the
 * dialog forgets the refusal.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/api/client';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
const postAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ postAs: (...a: unknown[]) => postAs(...a) }));
const saved = vi.fn();
vi.mock('../../src/features/fba/api', async (original) => ({
  ...(await original<typeof import('../../src/features/fba/api')>()),
  usePlanSaved: () => saved,
}));

const { ClosePlanButton } = await import('../../src/features/fba/actions/ClosePlanButton');
type Plan = Parameters<typeof ClosePlanButton>[0]['plan'];
const plan = { id: 42, name: 'Spring restock' } as Plan;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const confirmIn = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'fba.reshape.close' }));

describe('a confirmed plan action', () => {
  it('sends nothing until confirmed; a refusal stays in the dialog; closing it forgets the refusal', async () => {
    postAs.mockRejectedValueOnce(new ApiFailure(412, ['Box 3 still holds 4 units', 'Amazon has not received it']));
    render(<ClosePlanButton plan={plan} />);
    fireEvent.click(screen.getByTestId('fba-close'));
    const dialog = screen.getByTestId('fba-close-dialog');
    expect(dialog.textContent).toContain('fba.reshape.closeMessage');
    expect(postAs).not.toHaveBeenCalled();

    confirmIn(dialog);
    await waitFor(() =>
      expect(screen.getByTestId('fba-close-dialog').textContent).toContain('Box 3 still holds 4 units'),
    );
    expect(screen.getByTestId('fba-close-dialog').textContent).toContain('Amazon has not received it');
    expect(postAs).toHaveBeenCalledTimes(1);
    expect(postAs.mock.calls[0][0]).toMatch(/\/42\/close$/);
    expect(saved).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'fba.reshape.notNow' }));
    expect(screen.queryByTestId('fba-close-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('fba-close'));
    expect(screen.getByTestId('fba-close-dialog').textContent).not.toContain('Box 3');
  });

  it('taken: the answered plan replaces the cached one and the dialog closes', async () => {
    const answered = { ...plan, status: 'closed' };
    postAs.mockResolvedValueOnce(answered);
    render(<ClosePlanButton plan={plan} />);
    fireEvent.click(screen.getByTestId('fba-close'));
    confirmIn(screen.getByTestId('fba-close-dialog'));
    await waitFor(() => expect(screen.queryByTestId('fba-close-dialog')).toBeNull());
    expect(saved).toHaveBeenCalledWith(answered);
  });
});
