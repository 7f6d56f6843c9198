/**
 * Deterministic demo data: a sandbox seeds an account from its id, so the same seller always
 * starts with the same stock, shipments and orders.
 */
import { createHash } from 'node:crypto';

/** A small seeded generator (mulberry32). */
export function rng(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** An identifier in the provider's style: a fixed prefix, then random capitals and digits. */
export const code = (r: () => number, prefix: string, length: number) =>
  prefix + Array.from({ length: length - prefix.length }, () => ALNUM[Math.floor(r() * ALNUM.length)]).join('');
