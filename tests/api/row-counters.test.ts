import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources/definitions';
import { rows } from '../../src/server/db/client';
import type { TestContext } from '../helpers/app';
import { Fixtures, useFixtures, type Row } from '../helpers/resources';

/**
 * The inventory's live rows counted by the database (migration 0016, `compteur_lignes`): an
 * unfiltered page reads its total there, so the counter must equal the live rows after every kind
 * of write (created and deleted through the API, inserted in bulk, deleted, restored, emptied).
 */
let t: TestContext;
let f: Fixtures;
useFixtures((c) => ({ t, f } = c));

const COUNTED = RESOURCES.filter((def) => def.counted);

async function counterOf(table: string): Promise<number | undefined> {
  const [row] = await rows<{ nb: number }>(
    t.database.db,
    sql`SELECT nb FROM compteur_lignes WHERE nom_table = ${table}`,
  );
  return row?.nb;
}

async function liveRows(table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE deleted_at IS NULL`,
  );
  return row.n;
}

async function pageTotal(name: string, query = ''): Promise<number> {
  const res = await f.call('GET', `campus/${name}?page=0&size=1${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers['x-total-count']);
}

describe('row counters of the inventory', () => {
  it('count exactly the tables whose resources read them (no more, no fewer)', async () => {
    const tables = await rows<{ t: string }>(
      t.database.db,
      sql`SELECT nom_table AS t FROM compteur_lignes ORDER BY 1`,
    );
    expect(tables.map((r) => r.t)).toEqual(COUNTED.map((def) => def.table).sort());
    expect(COUNTED.map((def) => def.name)).toEqual(
      expect.arrayContaining(['cite', 'batiment', 'niveau', 'couloir', 'chambre', 'lit']),
    );
  });

  it.each(COUNTED.map((def) => [def.name, def] as const))(
    '%s: the total of an unfiltered page follows creations and deletions through the API',
    async (name, def) => {
      expect(await counterOf(def.table)).toBe(await liveRows(def.table));
      const before = await pageTotal(name);
      expect(before).toBe(await liveRows(def.table));
      const a: Row = await f.create(name);
      const b: Row = await f.create(name);
      expect(await pageTotal(name)).toBe(before + 2);
      const del = await f.call('PATCH', `campus/${name}/${a[def.idField] as number}`);
      expect(del.statusCode, del.body).toBe(200);
      expect(await pageTotal(name)).toBe(before + 1);
      expect(await counterOf(def.table)).toBe(await liveRows(def.table));
      // A filtered page is still counted row by row.
      const own = await pageTotal(name, `&${def.idField}=${b[def.idField] as number}`);
      expect(own).toBe(1);
    },
  );

  it('follow bulk inserts, hard deletes, restores, updates that change no liveness, and a rolled-back write', async () => {
    const db = t.database.db;
    const lit = await f.create('lit');
    const idChambre = lit.idChambre as number;
    await db.execute(sql`INSERT INTO lit (id_chambre, libelle_lit, code_lit, deleted_at)
      SELECT ${idChambre}, 'Lit ' || i, NULL, CASE WHEN i % 4 = 0 THEN now() END FROM generate_series(1, 40) AS i`);
    expect(await counterOf('lit')).toBe(await liveRows('lit'));
    await db.execute(sql`UPDATE lit SET libelle_lit = libelle_lit || ' bis' WHERE id_chambre = ${idChambre}`);
    await db.execute(sql`UPDATE lit SET deleted_at = NULL WHERE id_chambre = ${idChambre}`);
    expect(await counterOf('lit')).toBe(await liveRows('lit'));
    await db.execute(
      sql`UPDATE lit SET deleted_at = now() WHERE id_chambre = ${idChambre} AND libelle_lit LIKE '%1%'`,
    );
    expect(await counterOf('lit')).toBe(await liveRows('lit'));
    await db.execute(sql`DELETE FROM lit WHERE id_chambre = ${idChambre} AND libelle_lit LIKE '%2%'`);
    expect(await counterOf('lit')).toBe(await liveRows('lit'));
    const counted = await counterOf('lit');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO lit (id_chambre, libelle_lit) VALUES (${idChambre}, 'Lit annulé')`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await counterOf('lit')).toBe(counted);
    expect(await pageTotal('lit')).toBe(await liveRows('lit'));
  });

  it('an emptied table counts zero (TRUNCATE, rolled back)', async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        // The cascade reaches the rent journal (lit → affectation → journal_transaction), which
        // refuses to be emptied (docs/rent.md): its refusal is set aside in this rolled-back
        // transaction only (DDL is transactional).
        await tx.execute(sql`ALTER TABLE journal_ligne DISABLE TRIGGER journal_ligne_vidage`);
        await tx.execute(sql`ALTER TABLE journal_transaction DISABLE TRIGGER journal_transaction_vidage`);
        await tx.execute(sql`TRUNCATE lit CASCADE`);
        const [row] = await rows<{ nb: number }>(
          tx,
          sql`SELECT nb FROM compteur_lignes WHERE nom_table = 'lit'`,
        );
        expect(row.nb).toBe(0);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await counterOf('lit')).toBe(await liveRows('lit'));
  });
});
