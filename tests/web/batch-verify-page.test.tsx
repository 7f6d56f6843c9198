// @vitest-environment jsdom
/**
 * The batch-verify screen (src/features/batch-verify): a scanned order number opens what it holds;
 * each unit is counted by any of its codes; a unit not in it and one too many are refused loudly
 * (the error feedback, red words) and not counted; when every count matches, the verification —
 * every scan, the refused ones too — is sent to the server and "Verified" shows.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t }) }));
const feedback = vi.fn();
vi.mock('../../src/scan/feedback', () => ({ scanFeedback: (k: string) => feedback(k) }));
const getAs = vi.fn();
const postAs = vi.fn();
vi.mock('../../src/api/typed', () => ({
  getAs: (...a: unknown[]) => getAs(...a),
  postAs: (...a: unknown[]) => postAs(...a),
}));

const { default: BatchVerifyPage } = await import('../../src/features/batch-verify/BatchVerifyPage');

const SUBJECT = {
  type: 'fbm_order',
  id: 9,
  ref: 'O-1',
  companyId: 4,
  status: 'AWAITING',
  expected: 3,
  lastVerification: null,
  lines: [
    {
      key: 'line:1',
      companyId: 4,
      productKey: 'MUG-1',
      sku: 'MUG-1',
      title: 'Mug',
      imageUrl: null,
      codes: ['MUG-1', '0123'],
      expected: 2,
      orders: ['O-1'],
    },
    {
      key: 'line:2',
      companyId: 4,
      productKey: 'LAMP-2',
      sku: 'LAMP-2',
      title: 'Lamp',
      imageUrl: null,
      codes: ['LAMP-2'],
      expected: 1,
      orders: ['O-1'],
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function scan(code: string) {
  const input = document.querySelector<HTMLInputElement>('input[name=code]')!;
  input.value = code;
  await act(async () => {
    fireEvent.submit(input.form!);
  });
}

describe('batch verify screen', () => {
  it('counts units, refuses strangers and extras loudly, and records the verification when all match', async () => {
    getAs.mockResolvedValue(SUBJECT);
    postAs.mockImplementation(async (_p: string, body: { scans: unknown[] }) => ({
      id: 1,
      type: 'fbm_order',
      subjectId: 9,
      ref: 'O-1',
      companyId: 4,
      result: 'verified',
      expected: 3,
      scanned: body.scans.length,
      lines: [],
      mismatches: [],
      userId: 1,
      userName: 'demo.admin',
      verifiedAt: new Date().toISOString(),
    }));
    render(<BatchVerifyPage />);
    await scan('o-1');
    expect(getAs).toHaveBeenCalledWith(
      '/api/tools/batch-verify/subject',
      expect.anything(),
      expect.objectContaining({ query: { ref: 'o-1' } }),
    );
    await screen.findByTestId('verify-subject');

    await scan('0123');
    expect(screen.getByTestId('verify-verdict').dataset.tone).toBe('ok');
    await scan('NOT-HERE');
    const verdict = screen.getByTestId('verify-verdict');
    expect(verdict.dataset.tone).toBe('error');
    expect(verdict.getAttribute('role')).toBe('alert');
    expect(verdict.textContent).toContain('batchVerify.refused.unknown');
    expect(feedback).toHaveBeenLastCalledWith('error');
    await scan('LAMP-2');
    await scan('lamp-2');
    expect(screen.getByTestId('verify-verdict').textContent).toContain('batchVerify.refused.over');
    expect(postAs).not.toHaveBeenCalled();
    const counted = () => screen.getAllByTestId('verify-counted').map((c) => c.textContent);
    expect(counted()).toEqual(['1/2', '1/1']);

    await scan('MUG-1');
    expect(counted()).toEqual(['2/2', '1/1']);
    await screen.findByTestId('verify-verified');
    expect(postAs).toHaveBeenCalledTimes(1);
    const [path, body] = postAs.mock.calls[0];
    expect(path).toBe('/api/tools/batch-verify');
    expect(body).toEqual({
      type: 'fbm_order',
      id: 9,
      scans: ['0123', 'NOT-HERE', 'LAMP-2', 'LAMP-2', 'MUG-1'].map((code) => ({ code, quantity: 1 })),
    });
  });

  it('an unknown reference is refused in the server’s words', async () => {
    const { ApiFailure } = await import('../../src/api/client');
    getAs.mockRejectedValue(new ApiFailure(404, ['No pick batch or order “X-9”'], null));
    render(<BatchVerifyPage />);
    await scan('X-9');
    expect((await screen.findByTestId('verify-error')).textContent).toContain('No pick batch or order “X-9”');
    expect(feedback).toHaveBeenLastCalledWith('error');
  });
});
