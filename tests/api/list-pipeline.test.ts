import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iterateList, keptShapesOf, listPage, parseListQuery } from '../../src/server/lists/pipeline';
import { rows as sqlRows } from '../../src/server/db/client';
import { registrySource } from '../../src/server/modules/registry/repository';
import { auditSource } from '../../src/server/modules/audit/repository';
import { setupTestApp, type TestContext } from '../helpers/app';

/**
 * The shared list pipeline (src/server/lists): filters by type (dates as shown, ids exactly),
 * pages and totals, and exports walked by key: every row once, in order, even while rows are
 * added and deleted during the export.
 */
let t: TestContext;
const N = 2500;
/** Students of the test accounts, there before ours. */
let before = 0;

async function insertStudents(from: number, to: number, prefix = 'P') {
  await t.database.db.execute(sql`
    INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance,
      lieu_naissance, ville_orientation, id_ville, recherche)
    SELECT ${prefix} || lpad(i::text, 10, '0'),
           'Nom' || (i % 37), 'Prenom' || i,
           CASE WHEN i % 2 = 0 THEN 'M' ELSE 'F' END,
           CASE WHEN i % 100 = 0 THEN DATE '2005-10-03' ELSE DATE '2004-01-01' + (i % 300) END,
           CASE WHEN i % 3 = 0 THEN NULL ELSE 'Lieu' || (i % 7) END,
           'Ouagadougou', CASE WHEN i % 50 = 0 THEN 11 ELSE 1 END,
           lower(${prefix} || lpad(i::text, 10, '0') || ' nom' || (i % 37) || ' prenom' || i)
    FROM generate_series(${from}::int, ${to}::int) AS i`);
}

beforeAll(async () => {
  t = await setupTestApp();
  const count = await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM registre_etudiant WHERE deleted_at IS NULL`,
  );
  before = (count as unknown as { rows: { n: number }[] }).rows[0].n;
  await insertStudents(1, N);
});
afterAll(() => t.close());

const registry = async (query: string) => {
  const res = await t.api('GET', `campus/registre-etudiant${query}`, { token: await t.token('admin') });
  expect(res.statusCode, res.body).toBe(200);
  return {
    rows: res.json() as { ine: string; idVille: number }[],
    total: Number(res.headers['x-total-count']),
  };
};

describe('filters by column type', () => {
  it('a date column filters as shown on screen: a whole date, or a month', async () => {
    const day = await registry('?size=200&filtre.dateNaissance=03/10/2005');
    expect(day.total).toBe(N / 100);
    const month = await registry(`?size=200&filtre.dateNaissance=${encodeURIComponent('10/2005')}`);
    expect(month.total).toBe(N / 100);
    // The API's own form still works.
    expect((await registry('?size=200&filtre.dateNaissance=2005-10-03')).total).toBe(N / 100);
  });

  it('an id column filters by equality: 1 does not find 11', async () => {
    const one = await registry('?size=200&q=p00000&filtre.idVille=1');
    expect(one.total).toBe(N - N / 50);
    expect(one.rows.every((r) => r.idVille === 1)).toBe(true);
    const eleven = await registry('?size=200&q=p00000&filtre.idVille=11');
    expect(eleven.total).toBe(N / 50);
  });

  it('pages and totals agree with the whole list', async () => {
    const first = await registry('?page=0&size=200&sort=ine,asc&q=p00000');
    const last = await registry(`?page=${Math.floor(N / 200)}&size=200&sort=ine,asc&q=p00000`);
    expect(first.total).toBe(N);
    expect(last.total).toBe(N);
    expect(last.rows).toHaveLength(N % 200);
    expect(first.rows[0].ine).toBe('P0000000001');
    expect(last.rows.at(-1)!.ine).toBe(`P${String(N).padStart(10, '0')}`);
    // Past the end: an empty page, the total still told.
    const past = await registry(`?page=${N}&size=200`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(N + before);
  });
});

describe('exports walk the rows by key', () => {
  it('give every row once, in the list order, across NULLs and ties, whatever the batch size', async () => {
    for (const sort of [
      'lieuNaissance,desc;nomEtudiant,asc',
      'lieuNaissance,asc',
      'nomEtudiant,desc',
      'dateNaissance,asc',
    ]) {
      const lq = parseListQuery({ sort }, registrySource);
      const whole = await listPage(t.database.db, registrySource, { ...lq, paged: false });
      const walked: string[] = [];
      for await (const row of iterateList(t.database.db, registrySource, lq, [], 97)) walked.push(row.ine);
      expect(walked).toHaveLength(N + before);
      expect(new Set(walked).size).toBe(N + before);
      expect(walked).toEqual(whole.rows.map((r) => r.ine));
    }
  });

  it('read with their keys (one statement a batch), give the same rows in the same order', async () => {
    // A source whose rows cost what its keys cost reads them in its key batches (`rowsWithKeys`):
    // the same walk, across NULLs and ties and the batches' bounds, as the keys then each key's row.
    const withKeys = { ...registrySource, rowsWithKeys: true };
    for (const sort of ['lieuNaissance,desc;nomEtudiant,asc', 'lieuNaissance,asc', 'dateNaissance,asc']) {
      const lq = parseListQuery({ sort }, withKeys);
      const whole = await listPage(t.database.db, registrySource, { ...lq, paged: false });
      const walked: string[] = [];
      for await (const row of iterateList(t.database.db, withKeys, lq, [], 97)) walked.push(row.ine);
      expect(walked).toHaveLength(N + before);
      expect(walked).toEqual(whole.rows.map((r) => r.ine));
    }
  });

  it('none twice, none missing, while rows are added and deleted during the export', async () => {
    const lq = parseListQuery({ sort: 'nomEtudiant,asc' }, registrySource);
    const walked: string[] = [];
    const order: [string, number][] = [];
    let batches = 0;
    for await (const row of iterateList(t.database.db, registrySource, lq, [], 200)) {
      walked.push(row.ine);
      order.push([row.nomEtudiant, row.idEtudiant]);
      if (walked.length % 200 === 0) {
        batches += 1;
        // Between two batches: new students (sorting anywhere) arrive, others are deleted.
        await insertStudents(N + batches * 10, N + batches * 10 + 9, 'Q');
        await t.database.db.execute(
          sql`UPDATE registre_etudiant SET deleted_at = now() WHERE ine = ${`P${String(batches * 7).padStart(10, '0')}`}`,
        );
      }
    }
    expect(new Set(walked).size).toBe(walked.length);
    // Every row present from start to end is there exactly once.
    const survivors = await t.database.db.execute(
      sql`SELECT ine FROM registre_etudiant WHERE deleted_at IS NULL AND ine LIKE 'P%'`,
    );
    const got = new Set(walked);
    for (const r of (survivors as unknown as { rows: { ine: string }[] }).rows)
      expect(got.has(r.ine)).toBe(true);
    // And in order: by name, then by id.
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [order[i - 1], order[i]];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]), `${a} before ${b}`).toBe(true);
    }
  });

  it('the CSV export over HTTP holds every filtered row once, in order', async () => {
    const res = await t.api('GET', 'campus/registre-etudiant?format=csv&sort=ine,asc&filtre.sexeEtudiant=M', {
      token: await t.token('admin'),
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n').slice(1);
    const ines = lines.map((l) => l.split(';')[0]);
    const { rows } = await listPage(t.database.db, registrySource, {
      ...parseListQuery({ sort: 'ine,asc', 'filtre.sexeEtudiant': 'M' }, registrySource),
      paged: false,
    });
    expect(ines).toEqual(rows.map((r) => r.ine));
    expect(new Set(ines).size).toBe(ines.length);
  });

  it('the journal walks newest first with equal timestamps (ties by id)', async () => {
    // One transaction: every row has the same `at`.
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        await tx.execute(
          sql`INSERT INTO audit_log (user_name, action, resource, resource_id) VALUES ('x', 'CREER', 'cite', ${String(i)})`,
        );
      }
    });
    const lq = parseListQuery({}, auditSource);
    const walked: number[] = [];
    for await (const row of iterateList(t.database.db, auditSource, lq, [], 7)) walked.push(row.id);
    const page = await listPage(t.database.db, auditSource, { ...lq, size: 200 });
    expect(walked).toEqual(page.rows.map((r) => r.id));
    expect(walked).toEqual([...walked].sort((a, b) => b - a));
  });
});

describe('page statements kept per shape (decision 017)', () => {
  const ines = (page: { rows: { ine: string }[] }) => page.rows.map((r) => r.ine);
  const byIne = (query: Record<string, string>) =>
    parseListQuery({ sort: 'ine,asc', size: '20', ...query }, registrySource);
  /** The same page read by plain SQL, outside the pipeline. */
  async function expected(idVille: number, page: number, size = 20) {
    const found = await sqlRows<{ ine: string }>(
      t.database.db,
      sql`SELECT ine FROM registre_etudiant
           WHERE deleted_at IS NULL AND id_ville = ${idVille} AND ine LIKE 'P%'
           ORDER BY ine, id_etudiant LIMIT ${size} OFFSET ${page * size}`,
    );
    expect(found.length).toBeGreaterThan(0);
    return found.map((r) => r.ine);
  }

  it('the same shape with other values, pages and scopes reads each its own rows', async () => {
    const shapesBefore = keptShapesOf(registrySource);
    // One shape, asked with changing values in turn: the kept text must take this call's values.
    for (const [idVille, page] of [
      [1, 0],
      [11, 0],
      [1, 3],
      [11, 1],
      [1, 0],
      [1, 4],
      [11, 0],
    ] as const) {
      const lq = byIne({ page: String(page) });
      const got = await listPage(t.database.db, registrySource, lq, [
        sql`r.id_ville = ${idVille}`,
        sql`r.ine LIKE 'P%'`,
      ]);
      expect(ines(got)).toEqual(await expected(idVille, page));
      expect(got.rows.every((r) => r.idVille === idVille)).toBe(true);
    }
    // Two shapes more (the first page, and pages with an OFFSET), both reused.
    expect(keptShapesOf(registrySource)).toEqual([...shapesBefore, true, true]);
  });

  it('a source whose order carries a value of its own still gets its rows right', async () => {
    // The order's parameter comes before the conditions': this shape is built on every call.
    const source = {
      ...registrySource,
      name: 'registre-ordre-parametre',
      columns: {
        ...registrySource.columns,
        proche: { sql: sql`abs(r.id_ville - ${11})`, type: 'integer' as const, hidden: true },
      },
    };
    for (const idVille of [1, 11, 1]) {
      const lq = parseListQuery({ sort: 'proche,asc;ine,asc', size: '20', page: '1' }, source);
      const got = await listPage(t.database.db, source, lq, [
        sql`r.id_ville = ${idVille}`,
        sql`r.ine LIKE 'P%'`,
      ]);
      expect(ines(got)).toEqual(await expected(idVille, 1));
    }
    expect(keptShapesOf(source)).toEqual([false]);
  });
});
