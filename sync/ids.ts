/** Random uuids (v4) from Web Crypto, present in browsers, workers and Node ≥ 19. */
export const randomId = (): string => globalThis.crypto.randomUUID();
