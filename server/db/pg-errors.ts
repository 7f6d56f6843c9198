/**
 * PostgreSQL errors by their SQLSTATE, the same on PGlite and on node-postgres. Drizzle wraps the
 * driver's error, so the code may sit on the error or on its `cause`; read it in one place.
 */
interface PgErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
}

export function pgError(err: unknown): PgErrorFields | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as PgErrorFields & { cause?: PgErrorFields };
  if (typeof e.code === 'string') return e;
  if (e.cause && typeof e.cause.code === 'string') return e.cause;
  return null;
}

export const pgErrorCode = (err: unknown): string | undefined => pgError(err)?.code;

/** 23505: a unique index refused the row. */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** 23503: a foreign key refused the insert or the delete. */
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === '23503';

/** Deadlock (40P01) or serialization failure (40001): this transaction was the victim and may run again. */
export const isLockConflict = (err: unknown) => {
  const code = pgErrorCode(err);
  return code === '40P01' || code === '40001';
};

/** 23514 from the named CHECK constraint (the name is in `constraint`, or only in the message on PGlite). */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = pgError(err);
  if (e?.code !== '23514') return false;
  const outer = err as PgErrorFields;
  return [e.constraint, e.message, outer.constraint, outer.message].some((text) => text?.includes(constraint));
}
