/** TOTP (RFC 6238) through otpauth: 30 s steps, 6 digits, SHA-1 — what every authenticator app speaks. */
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'user', issuer = 'Dockside'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

export const otpauthUri = (secret: string, label: string, issuer: string): string =>
  totp(secret, label, issuer).toString();

/**
 * Checks a code within ±1 step of clock drift. Returns the accepted time step (so the caller can
 * refuse the same code twice, RFC 6238 §5.2) or null.
 */
export function verifyTotp(secret: string, code: string, now: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

export const totpCode = (secret: string, now: Date): string => totp(secret).generate({ timestamp: now.getTime() });
