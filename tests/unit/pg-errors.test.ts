import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isCheckViolation,
  isForeignKeyViolation,
  isLockConflict,
  isUniqueViolation,
  pgErrorCode,
} from '../../server/db/pg-errors.js';

/** The errors come from a real database, so the helpers are checked against what drivers throw. */
describe('PostgreSQL error helpers', () => {
  let db: PGlite;
  const failure = async (sql: string): Promise<unknown> => {
    try {
      await db.exec(sql);
    } catch (err) {
      return err;
    }
    throw new Error(`expected ${sql} to fail`);
  };

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`
      CREATE TABLE parent (id int PRIMARY KEY);
      CREATE TABLE child (id int PRIMARY KEY, parent_id int REFERENCES parent(id),
        qty int CONSTRAINT qty_not_negative CHECK (qty >= 0));
      INSERT INTO parent VALUES (1);
      INSERT INTO child VALUES (1, 1, 0);`);
  });
  afterAll(() => db.close());

  it('reads a unique violation, directly and wrapped as a cause (as Drizzle does)', async () => {
    const err = await failure('INSERT INTO child VALUES (1, 1, 0)');
    expect(pgErrorCode(err)).toBe('23505');
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: err }))).toBe(true);
    expect(isForeignKeyViolation(err)).toBe(false);
  });

  it('reads a foreign-key violation', async () => {
    const err = await failure('INSERT INTO child VALUES (2, 99, 0)');
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(isUniqueViolation(err)).toBe(false);
  });

  it('names the CHECK constraint that refused the row, and no other', async () => {
    const err = await failure('UPDATE child SET qty = -1 WHERE id = 1');
    expect(isCheckViolation(err, 'qty_not_negative')).toBe(true);
    expect(isCheckViolation(new Error('wrapped', { cause: err }), 'qty_not_negative')).toBe(true);
    expect(isCheckViolation(err, 'another_check')).toBe(false);
  });

  it('treats deadlocks and serialization failures as lock conflicts, nothing else', () => {
    expect(isLockConflict({ code: '40P01' })).toBe(true);
    expect(isLockConflict(new Error('x', { cause: { code: '40001' } }))).toBe(true);
    expect(isLockConflict({ code: '23505' })).toBe(false);
    expect(isLockConflict(new Error('plain'))).toBe(false);
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode('text')).toBeUndefined();
  });
});
