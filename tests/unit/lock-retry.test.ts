/** A single-mutation transaction picked as a deadlock victim is run again; other faults are not. */
import { describe, expect, it } from 'vitest';
import { retryOnLockConflict } from '../../server/sync/push.js';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { cause: { code } });

describe('retryOnLockConflict', () => {
  it('runs again after a deadlock or serialization failure, and answers the result', async () => {
    let calls = 0;
    const out = await retryOnLockConflict(async () => {
      calls++;
      if (calls === 1) throw pgError('40P01');
      if (calls === 2) throw pgError('40001');
      return 'applied';
    });
    expect(out).toBe('applied');
    expect(calls).toBe(3);
  });

  it('gives up after the last attempt, and never retries another fault', async () => {
    let calls = 0;
    await expect(
      retryOnLockConflict(async () => {
        calls++;
        throw pgError('40P01');
      }, 3),
    ).rejects.toThrow('40P01');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryOnLockConflict(async () => {
        calls++;
        throw pgError('23505');
      }),
    ).rejects.toThrow('23505');
    expect(calls).toBe(1);
  });
});
