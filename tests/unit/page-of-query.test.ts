import { PGlite } from '@electric-sql/pglite';
import { asc, eq, gt } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRequest } from '../../domain/paging.js';
import { pageOfQuery } from '../../server/http/paging.js';

const owners = pgTable('owners', { id: integer('id').primaryKey(), name: text('name').notNull() });
const things = pgTable('things', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  size: integer('size').notNull(),
});

describe('pageOfQuery: one list query, its page and its total', () => {
  const client = new PGlite();
  const db = drizzle(client);
  beforeAll(async () => {
    await client.exec(`CREATE TABLE owners (id int PRIMARY KEY, name text NOT NULL);
      CREATE TABLE things (id int PRIMARY KEY, owner_id int NOT NULL, size int NOT NULL);
      INSERT INTO owners VALUES (1, 'ann'), (2, 'bob');
      INSERT INTO things SELECT g, 1 + g % 2, g FROM generate_series(1, 23) g;`);
  });
  afterAll(() => client.close());

  const list = (minSize: number) => () =>
    db
      .select({ id: things.id, owner: owners.name, size: things.size })
      .from(things)
      .innerJoin(owners, eq(owners.id, things.ownerId))
      .where(gt(things.size, minSize))
      .$dynamic();

  it('answers the rows of the page in order and the total of the filtered join', async () => {
    const page = await pageOfQuery(db, pageRequest({ pageNumber: '2', pageSize: '5' }), list(3), [asc(things.id)]);
    expect(page.totalElements).toBe(20);
    expect(page.content.map((r) => r.id)).toEqual([9, 10, 11, 12, 13]);
    expect(page.content[0]).toEqual({ id: 9, owner: 'bob', size: 9 });
    expect({ pageNumber: page.pageNumber, pageSize: page.pageSize }).toEqual({ pageNumber: 2, pageSize: 5 });
  });

  it('keeps the total on a page past the end, and counts zero for an empty filter', async () => {
    const past = await pageOfQuery(db, pageRequest({ pageNumber: '9', pageSize: '10' }), list(0), [asc(things.id)]);
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(23);
    const none = await pageOfQuery(db, pageRequest({ pageNumber: '1', pageSize: '10' }), list(100), [asc(things.id)]);
    expect(none).toMatchObject({ content: [], totalElements: 0 });
  });
});
