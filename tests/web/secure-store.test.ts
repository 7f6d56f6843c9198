// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { webcrypto } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSecureStore, resetKeyCacheForTests } from '../../src/app/secure-store';

beforeAll(() => {
  // jsdom lacks SubtleCrypto; Node's WebCrypto is the same API the browser has.
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

describe('persisted local state (spec §9)', () => {
  it('encrypts: storage holds ciphertext, the store reads the value back', async () => {
    const store = createSecureStore({ encrypt: true });
    const value = { accountNo: 'C1001', companyId: 2, companyName: 'Acme Sellers' };
    await store.set('batchAccountInfo', value);
    const raw = localStorage.getItem('batchAccountInfo')!;
    expect(raw.startsWith('enc:v1:')).toBe(true);
    expect(raw).not.toContain('Acme');
    expect(await store.get('batchAccountInfo')).toEqual(value);
    // Same value twice gives different ciphertext (fresh IV).
    await store.set('batchAccountInfo', value);
    expect(localStorage.getItem('batchAccountInfo')).not.toBe(raw);
  });

  it('the device key persists in IndexedDB across reloads, and is not extractable', async () => {
    const store = createSecureStore({ encrypt: true });
    await store.set('printerSettings', { item: { dpi: 300 } });
    resetKeyCacheForTests();
    expect(await createSecureStore({ encrypt: true }).get('printerSettings')).toEqual({ item: { dpi: 300 } });
  });

  it('tampered or foreign values read as null, never as garbage', async () => {
    const store = createSecureStore({ encrypt: true });
    await store.set('selectedBatchInfo', { batchId: 9 });
    const raw = localStorage.getItem('selectedBatchInfo')!;
    localStorage.setItem('selectedBatchInfo', raw.slice(0, -4) + (raw.endsWith('AAAA') ? 'BBBB' : 'AAAA'));
    expect(await store.get('selectedBatchInfo')).toBeNull();
    localStorage.setItem('selectedBatchInfo', '{"batchId":1}');
    expect(await store.get('selectedBatchInfo')).toBeNull();
    expect(await store.get('receiveBatchAccount')).toBeNull();
  });

  it('development builds keep plain JSON for debugging', async () => {
    const store = createSecureStore({ encrypt: false });
    await store.set('notificationReadInfo', { readTime: 't' });
    expect(localStorage.getItem('notificationReadInfo')).toBe('{"readTime":"t"}');
    expect(await store.get('notificationReadInfo')).toEqual({ readTime: 't' });
  });
});
