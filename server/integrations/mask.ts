/**
 * What the integration log may keep: never a secret or a token, and no buyer's personal data —
 * the fields are there (support needs the shape), their values are not.
 */
const SECRET = /(token|secret|password|authorization|assertion|code_verifier|^code$|api[-_]?key|signature)/i;
const PERSONAL =
  /(^name$|username|buyername|buyeremail|email|phone|address(line)?\d?$|^street|postalcode|^city$|recipient)/i;

function maskValue(key: string, value: unknown): unknown {
  if (typeof value === 'string' && SECRET.test(key)) return value.length > 4 ? `•••• ${value.slice(-4)}` : '••••';
  if (typeof value === 'string' && PERSONAL.test(key)) return '[masked]';
  return mask(value);
}

function mask(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 20).map(mask);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskValue(k, v)]));
  return value;
}

export const maskJson = (value: unknown): string => JSON.stringify(mask(value));

/** A URL with its secret query values masked (OAuth codes, keys). */
export function maskUrl(url: string): string {
  const u = new URL(url);
  for (const k of [...u.searchParams.keys()]) if (SECRET.test(k)) u.searchParams.set(k, '••••');
  return u.toString();
}
