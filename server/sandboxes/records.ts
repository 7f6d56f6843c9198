/**
 * What a sandbox holds for an account, in sandbox_records (provider, account, kind, key → JSON):
 * kept in the database so it survives restarts, separate per seller account, and resettable.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../context.js';
import { sandboxRecords } from '../db/schema/index.js';

export interface RecordSet<T> {
  provider: string;
  account: string;
  kind: string;
  schema: z.ZodType<T>;
  keyOf: (value: T) => string;
}

/** The account's records of a kind, seeded on first read (an empty seed is remembered too). */
export async function recordsOf<T>(deps: Deps, set: RecordSet<T>, seed: () => T[]): Promise<T[]> {
  const where = and(
    eq(sandboxRecords.provider, set.provider),
    eq(sandboxRecords.account, set.account),
    eq(sandboxRecords.kind, set.kind),
  );
  const rows = await deps.db.select().from(sandboxRecords).where(where).orderBy(asc(sandboxRecords.key));
  if (rows.length) return rows.filter((r) => r.key !== SEEDED).map((r) => set.schema.parse(r.data));
  const seeded = seed();
  await deps.db
    .insert(sandboxRecords)
    .values([
      { provider: set.provider, account: set.account, kind: set.kind, key: SEEDED, data: {} },
      ...seeded.map((v) => ({
        provider: set.provider,
        account: set.account,
        kind: set.kind,
        key: set.keyOf(v),
        data: v,
      })),
    ])
    .onConflictDoNothing();
  return seeded;
}

/** Adds or replaces one record. */
export async function putRecord<T>(deps: Deps, set: RecordSet<T>, value: T): Promise<void> {
  const key = set.keyOf(value);
  await deps.db
    .insert(sandboxRecords)
    .values({ provider: set.provider, account: set.account, kind: set.kind, key, data: value })
    .onConflictDoUpdate({
      target: [sandboxRecords.provider, sandboxRecords.account, sandboxRecords.kind, sandboxRecords.key],
      set: { data: value, updatedAt: new Date().toISOString() },
    });
}

/** A marker row: the kind was seeded (so an account emptied on purpose stays empty). */
const SEEDED = '~seeded';

export async function resetAccount(deps: Deps, provider: string, account: string): Promise<void> {
  await deps.db
    .delete(sandboxRecords)
    .where(and(eq(sandboxRecords.provider, provider), eq(sandboxRecords.account, account)));
}

/** One record by key, whichever account holds it (documents served by an unguessable id). */
export async function findRecord<T>(
  deps: Deps,
  provider: string,
  kind: string,
  key: string,
  schema: z.ZodType<T>,
): Promise<{ account: string; value: T } | null> {
  const [row] = await deps.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.provider, provider), eq(sandboxRecords.kind, kind), eq(sandboxRecords.key, key)));
  return row ? { account: row.account, value: schema.parse(row.data) } : null;
}

/** One record of the account by key. */
export async function getRecord<T>(deps: Deps, set: RecordSet<T>, key: string): Promise<T | null> {
  const [row] = await deps.db
    .select()
    .from(sandboxRecords)
    .where(
      and(
        eq(sandboxRecords.provider, set.provider),
        eq(sandboxRecords.account, set.account),
        eq(sandboxRecords.kind, set.kind),
        eq(sandboxRecords.key, key),
      ),
    );
  return row ? set.schema.parse(row.data) : null;
}
