/**
 * The persisted local state of spec §9 (batch account info, selected batch, printer settings, …)
 * is encrypted in production builds: AES-GCM with a 256-bit key that is generated on the device,
 * kept in IndexedDB as a non-extractable CryptoKey, and never leaves it. Another origin, a copied
 * localStorage or a browser extension reading storage sees only ciphertext.
 */
export const PERSISTED_STATE_KEYS = [
  'batchAccountInfo',
  'selectedBatchInfo',
  'printerSettings',
  'forcedWfsAccountInfo',
  'receiveBatchAccount',
  'notificationReadInfo',
  'uploadedShipmentParams',
] as const;
export type PersistedStateKey = (typeof PERSISTED_STATE_KEYS)[number];

const PREFIX = 'enc:v1:';
const DB = 'dockside-keys';
const STORE = 'keys';
const KEY_ID = 'local-state';

function idb<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction(STORE, mode);
      const req = run(tx.objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      tx.oncomplete = () => open.result.close();
    };
  });
}

let keyPromise: Promise<CryptoKey> | null = null;
async function deviceKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const existing = await idb<CryptoKey | undefined>(
      'readonly',
      (s) => s.get(KEY_ID) as IDBRequest<CryptoKey | undefined>,
    );
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await idb('readwrite', (s) => s.put(key, KEY_ID));
    return key;
  })();
  return keyPromise;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export interface SecureStoreOptions {
  /** Encrypt (production and staging builds); plain JSON otherwise, for debugging. */
  encrypt: boolean;
}

export function createSecureStore(opts: SecureStoreOptions) {
  return {
    async set(name: PersistedStateKey, value: unknown): Promise<void> {
      const json = JSON.stringify(value);
      if (!opts.encrypt) return localStorage.setItem(name, json);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const ct = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await deviceKey(), new TextEncoder().encode(json)),
      );
      const packed = new Uint8Array(iv.length + ct.length);
      packed.set(iv);
      packed.set(ct, iv.length);
      localStorage.setItem(name, PREFIX + toB64(packed));
    },
    /** The stored value, or null when absent or unreadable (tampered, or from another device). */
    async get<T>(name: PersistedStateKey): Promise<T | null> {
      const raw = localStorage.getItem(name);
      if (raw === null) return null;
      try {
        if (!raw.startsWith(PREFIX)) return opts.encrypt ? null : (JSON.parse(raw) as T);
        const packed = fromB64(raw.slice(PREFIX.length));
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: packed.slice(0, 12) },
          await deviceKey(),
          packed.slice(12),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as T;
      } catch {
        return null;
      }
    },
    remove(name: PersistedStateKey): void {
      localStorage.removeItem(name);
    },
  };
}

/** The app's store: encrypted in production builds (spec §9). */
export const secureStore = createSecureStore({ encrypt: import.meta.env.PROD });

/** For tests: forget the cached key so the next call reads it from IndexedDB again. */
export const resetKeyCacheForTests = (): void => {
  keyPromise = null;
};
