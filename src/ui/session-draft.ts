/**
 * A screen's unfinished work kept in the tab's sessionStorage, so a reload (a handheld's browser
 * restarting, a desk user pressing F5 mid-run) brings the user back to where they were instead of
 * an empty form. Kept per user and tenant, dropped on sign-out (session.clear); what is read back is checked with
 * the field's schema, so a draft written by an older build is ignored rather than trusted.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { z } from 'zod';
import { DRAFT_PREFIX, useSession } from '../app/session';

const storageKey = (key: string): string | null => {
  const user = useSession.getState().user;
  return user ? `${DRAFT_PREFIX}${user.tenantKey}.${user.id}.${key}` : null;
};

function read<T>(key: string, schema: z.ZodType<T>, initial: T): T {
  const k = storageKey(key);
  if (!k) return initial;
  try {
    const raw = sessionStorage.getItem(k);
    if (raw === null) return initial;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : initial;
  } catch {
    return initial;
  }
}

/** useState whose value outlives a reload of the tab; `key` names the screen and the field. */
export function useSessionDraft<T>(key: string, schema: z.ZodType<T>, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => read(key, schema, initial));
  useEffect(() => {
    const k = storageKey(key);
    if (!k) return;
    try {
      sessionStorage.setItem(k, JSON.stringify(value));
    } catch {
      // A full or disabled storage only costs the draft, never the screen.
    }
  }, [key, value]);
  return [value, setValue];
}
