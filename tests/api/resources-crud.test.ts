import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { RESOURCES } from '../../src/domain/resources/definitions';
import { outputFields } from '../../src/domain/resources/shape';
import { EDITS, Fixtures, useFixtures, SEARCH_FIELD, type Row } from '../helpers/resources';

let f: Fixtures;
useFixtures((c) => ({ f } = c));

describe.each(RESOURCES.map((def) => [def.name, def] as const))(
  '%s: create, list, get, update, delete',
  (name, def) => {
    const idField = def.idField;

    it('creates (201) a row with its id and every display field', async () => {
      const body = await f.payload(name);
      const res = await f.call('POST', `campus/${name}`, body);
      expect(res.statusCode, res.body).toBe(201);
      const row = res.json() as Row;
      expect(row[idField]).toEqual(expect.any(Number));
      for (const field of outputFields(def)) expect(row, `${name}.${field.name}`).toHaveProperty(field.name);
      for (const [k, v] of Object.entries(body)) if (k !== 'password') expect(row[k], k).toEqual(v);
      for (const column of def.columns) expect(row[column], `${name} column ${column}`).not.toBeUndefined();
    });

    it('lists live rows as an array, and pages them with X-Total-Count, q, sort and filtre.*', async () => {
      const row = await f.create(name);
      const all = await f.list(name);
      expect(all.some((r) => r[idField] === row[idField])).toBe(true);

      const page = await f.call('GET', `campus/${name}?page=0&size=1`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toHaveLength(1);
      expect(Number(page.headers['x-total-count'])).toBe(all.length);

      const searchField = SEARCH_FIELD[name];
      const text = String(row[searchField]);
      const byQ = await f.call(
        'GET',
        `campus/${name}?page=0&size=50&q=${encodeURIComponent(text.toUpperCase())}`,
      );
      expect(byQ.statusCode).toBe(200);
      expect((byQ.json() as Row[]).map((r) => r[idField])).toEqual([row[idField]]);
      expect(byQ.headers['x-total-count']).toBe('1');

      for (const column of def.columns) {
        for (const dir of ['asc', 'desc']) {
          const sorted = await f.call('GET', `campus/${name}?page=0&size=5&sort=${column},${dir}`);
          expect(sorted.statusCode, `${column},${dir}: ${sorted.body}`).toBe(200);
        }
      }
      const filtered = await f.call(
        'GET',
        `campus/${name}?filtre.${searchField}=${encodeURIComponent(text.slice(-6))}`,
      );
      expect(filtered.statusCode).toBe(200);
      expect((filtered.json() as Row[]).some((r) => r[idField] === row[idField])).toBe(true);

      const badSort = await f.call('GET', `campus/${name}?page=0&size=5&sort=passwordHash,asc`);
      expect(badSort.statusCode).toBe(400);
      expect(badSort.json().code).toBe('VALIDATION');
    });

    it('gets one row by id, updates it (200), deletes it (200 {message}), then answers 404', async () => {
      const row = await f.create(name);
      const id = row[idField];
      const got = await f.get(name, id);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(row);

      const change = EDITS[name](row);
      // The original client sends the row back as it read it, display fields included.
      const updated = await f.call('PUT', `campus/${name}/${id}`, { ...row, ...change });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject(change);
      expect(updated.json()[idField]).toBe(id);
      expect((await f.get(name, id)).json()).toEqual(updated.json());

      const deleted = await f.call('PATCH', `campus/${name}/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: messages.operationReussie });
      expect((await f.get(name, id)).statusCode).toBe(404);
      const again = await f.call('PATCH', `campus/${name}/${id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('INTROUVABLE');
      expect((await f.list(name)).some((r) => r[idField] === id)).toBe(false);
      const put = await f.call('PUT', `campus/${name}/${id}`, row);
      expect(put.statusCode).toBe(404);
    });
  },
);

describe('display fields', () => {
  it('a bed carries ville, cité, bâtiment, niveau, couloir, chambre and catégorie', async () => {
    const lit = await f.create('lit');
    for (const k of [
      'nomVille',
      'nomCite',
      'libelleBatiment',
      'libelleNiveau',
      'libelleCouloir',
      'libelleChambre',
      'libelleCategorieChambre',
    ]) {
      expect(lit[k], k).toEqual(expect.any(String));
    }
    const cite = (await f.get('cite', lit.idCite)).json();
    expect(lit).toMatchObject({ nomCite: cite.nomCite, nomVille: cite.nomVille, idVille: cite.idVille });
    for (const k of ['idChambre', 'idCouloir', 'idNiveau', 'idBatiment', 'idCite', 'idVille'])
      expect(lit[k], k).toEqual(expect.any(Number));
  });

  it('a quota carries libelleCritere, libelleDirection and anneeDebut', async () => {
    const quota = await f.create('quota');
    expect(quota).toMatchObject({
      libelleCritere: expect.any(String),
      libelleDirection: expect.any(String),
      anneeDebut: 2026,
    });
  });

  it('a batiment defaults to MIXTE when no sexe is given (the original payload has none)', async () => {
    const body = await f.payload('batiment');
    delete body.sexe;
    const res = await f.call('POST', 'campus/batiment', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sexe).toBe('MIXTE');
  });

  it('a PUT without an optional field keeps it; null clears it', async () => {
    const cite = await f.create('cite');
    const { adresseCite: _a, ...without } = cite;
    const kept = await f.call('PUT', `campus/cite/${cite.idCite}`, without);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().adresseCite).toBe(cite.adresseCite);
    const cleared = await f.call('PUT', `campus/cite/${cite.idCite}`, { ...cite, adresseCite: null });
    expect(cleared.json().adresseCite).toBeNull();
  });
});

describe('cascading filters', () => {
  let a: Row;
  let b: Row;
  beforeAll(async () => {
    a = await f.create('lit');
    b = await f.create('lit');
  });

  it.each([
    ['batiment', 'idCite', 'idBatiment'],
    ['niveau', 'idBatiment', 'idNiveau'],
    ['couloir', 'idNiveau', 'idCouloir'],
    ['chambre', 'idCouloir', 'idChambre'],
    ['lit', 'idChambre', 'idLit'],
    ['categorie-chambre', 'idCite', 'idCategorieChambre'],
    ['niveau', 'idCite', 'idNiveau'],
    ['lit', 'idCite', 'idLit'],
  ])(
    '%s?%s= returns only matching rows, with or without a trailing slash',
    async (resource, param, idField) => {
      for (const query of [`?${param}=${a[param]}`, `/?${param}=${a[param]}`]) {
        const rows = await f.list(resource, query);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r[param] === a[param])).toBe(true);
        expect(rows.some((r) => r[param] === b[param])).toBe(false);
        expect(rows.map((r) => r[idField])).toContain(a[idField]);
      }
    },
  );

  it('session-cenou?idDirection= returns only that direction’s sessions', async () => {
    const s1 = await f.create('session-cenou');
    const s2 = await f.create('session-cenou');
    const rows = await f.list('session-cenou', `/?idDirection=${s1.idDirection}`);
    expect(rows.map((r) => r.idSessionCenou)).toEqual([s1.idSessionCenou]);
    expect(rows.some((r) => r.idSessionCenou === s2.idSessionCenou)).toBe(false);
  });

  it('an unknown id matches nothing; a malformed one is a 400', async () => {
    expect(await f.list('batiment', '?idCite=999999')).toEqual([]);
    const bad = await f.call('GET', 'campus/batiment?idCite=abc');
    expect(bad.statusCode).toBe(400);
  });
});

describe('extras', () => {
  it('cite/{id} and cite-categorie/{id} give a cité and its room categories', async () => {
    const cat = await f.create('categorie-chambre');
    await f.create('categorie-chambre');
    const cite = await f.get('cite', cat.idCite);
    expect(cite.statusCode).toBe(200);
    expect(cite.json()).toMatchObject({
      idCite: cat.idCite,
      nomCite: cat.nomCite,
      nomVille: expect.any(String),
    });
    const res = await f.call('GET', `campus/cite-categorie/${cat.idCite}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ idCite: cat.idCite, nomCite: cat.nomCite });
    expect(res.json().listeCategorieChambre.map((c: Row) => c.idCategorieChambre)).toEqual([
      cat.idCategorieChambre,
    ]);
    expect((await f.call('GET', 'campus/cite-categorie/999999')).statusCode).toBe(404);
  });
});

describe('exports', () => {
  let lit: Row;
  beforeAll(async () => {
    lit = await f.create('lit');
  });

  it('lit?format=csv: UTF-8 with a BOM, ; separated, French headers, the created rows', async () => {
    const res = await f.call('GET', 'campus/lit?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lit_\d{8}_\d{6}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Ville;Cité;Bâtiment;Niveau;Couloir;Chambre;Catégorie;Lit');
    const line = lines.find((l) => l.endsWith(`;${lit.libelleLit}`));
    expect(line).toBe(
      [
        lit.nomVille,
        lit.nomCite,
        lit.libelleBatiment,
        lit.libelleNiveau,
        lit.libelleCouloir,
        lit.libelleChambre,
        lit.libelleCategorieChambre,
        lit.libelleLit,
      ].join(';'),
    );
  });

  it('follows the same filters as the list', async () => {
    const other = await f.create('lit');
    const res = await f.call('GET', `campus/lit?format=csv&idCite=${other.idCite}`);
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain(String(other.libelleLit));
    expect(text).not.toContain(String(lit.libelleLit));
  });

  it('lit?format=xlsx is a real workbook', async () => {
    const res = await f.call('GET', 'campus/lit?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="lit_\d{8}_\d{6}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Ville');
    const values: string[] = [];
    sheet.eachRow((row) => values.push(String(row.getCell(8).value)));
    expect(values).toContain(lit.libelleLit);
  });

  it('every resource exports as CSV; an unknown format is a 400', async () => {
    for (const def of RESOURCES) {
      const res = await f.call('GET', `campus/${def.name}?format=csv`);
      expect(res.statusCode, def.name).toBe(200);
      expect(res.rawPayload[0]).toBe(0xef);
    }
    expect((await f.call('GET', 'campus/lit?format=exe')).statusCode).toBe(400);
  });
});
