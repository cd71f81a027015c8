/**
 * `flatRows` (src/server/db/flat-rows.ts) gives the rows Drizzle's own mapping gives: the same
 * values through the same decoders, NULLs, the same keys in the same order, locks and CTEs kept.
 * On PGlite, or on PostgreSQL with TEST_DATABASE_URL (a database of its own, dropped after).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  alias,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { flatRows } from '../../src/server/db/flat-rows';

const person = pgTable('flat_person', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  born: date('born'),
  score: numeric('score', { mode: 'number' }),
  active: boolean('active').notNull(),
  seen: timestamp('seen', { withTimezone: true }),
  idParent: integer('id_parent'),
});
const parent = alias(person, 'parent');

let database: Database | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) database = await openDatabase({ listen: false });
  else {
    const name = `flat_rows_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
    database = await openDatabase({ databaseUrl: target.toString(), listen: false, poolSize: 2 });
  }
  const { db } = database;
  await db.execute(sql`CREATE TABLE flat_person (id serial PRIMARY KEY, name text NOT NULL, born date,
    score numeric, active boolean NOT NULL, seen timestamptz, id_parent integer)`);
  await db.insert(person).values([
    { name: 'Awa', born: '2004-03-01', score: 12.5, active: true, seen: new Date('2026-11-30T10:00:00Z') },
    { name: "Ousmane <l'aîné>", born: null, score: null, active: false, seen: null, idParent: 1 },
    { name: 'Fatim', born: '2003-12-31', score: 9, active: true, seen: null, idParent: 99 },
  ]);
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

describe('flatRows', () => {
  it('maps columns, expressions with and without a decoder, NULLs and a left join as Drizzle does', async () => {
    const { db } = database!;
    const query = () =>
      db
        .select({
          id: person.id,
          name: person.name,
          born: person.born,
          score: person.score,
          active: person.active,
          seen: person.seen,
          parentName: parent.name,
          upper: sql`upper(${person.name})`.mapWith(person.name),
          year: sql`extract(year from ${person.born})`.mapWith(Number),
          raw: sql<string>`${person.name} || '!'`,
          counted: sql<number>`count(*) over ()`.mapWith(Number).as('counted'),
        })
        .from(person)
        .leftJoin(parent, eq(parent.id, person.idParent))
        .orderBy(person.id);
    const expected = await query();
    const got = await flatRows(db, query());
    expect(got).toEqual(expected);
    expect(got.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r)));
    expect(got[0].seen).toBeInstanceOf(Date);
    expect(got[1]).toMatchObject({ born: null, score: null, seen: null, parentName: 'Awa', year: null });
    expect(got[2].parentName).toBeNull();
    expect(got[0].counted).toBe(3);
  });

  it('runs the same statement: a lock, a CTE, no row', async () => {
    const { db } = database!;
    const locked = await db.transaction(async (tx) =>
      flatRows(
        tx,
        tx
          .select({ id: person.id })
          .from(person)
          .where(eq(person.active, true))
          .orderBy(person.id)
          .for('update'),
      ),
    );
    expect(locked).toEqual([{ id: 1 }, { id: 3 }]);
    const made = db.$with('made').as(db.select({ n: sql<number>`count(*)::int`.as('n') }).from(person));
    expect(await flatRows(db, db.with(made).select({ n: made.n }).from(made))).toEqual([{ n: 3 }]);
    const none = db
      .select({ id: person.id })
      .from(person)
      .where(and(eq(person.active, true), eq(person.name, 'personne')));
    expect(await flatRows(db, none)).toEqual([]);
  });
});
