import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '../../src/domain/messages';
import { foldText } from '../../src/domain/villes';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE, type RegistryColumn } from '../../src/domain/registry';
import { one } from '../../src/server/db/client';
import { createRegistryStudent, directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';

type Row = Partial<Record<RegistryColumn, string>>;

function student(ine: string, over: Row = {}): Row {
  return { ...REGISTRY_TEMPLATE_EXAMPLE, ine, emailEtudiant: `${ine.toLowerCase()}@exemple.bf`, ...over };
}

function csv(
  rows: Row[],
  opts: { sep?: ';' | ','; bom?: boolean; columns?: readonly string[] } = {},
): string {
  const sep = opts.sep ?? ';';
  const columns = opts.columns ?? REGISTRY_COLUMNS;
  const cell = (v: string) => (v.includes(sep) || v.includes('"') ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [
    columns.join(sep),
    ...rows.map((r) => columns.map((c) => cell(r[c as RegistryColumn] ?? '')).join(sep)),
  ];
  return `${opts.bom === false ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}

const b64 = (text: string | Buffer) =>
  (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64');

let t: TestContext;
let admin: string;

const countRegistry = async () =>
  (await one<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM registre_etudiant WHERE deleted_at IS NULL`,
  ))!.n;

const importFile = (body: unknown, token: string | null = admin) =>
  t.api('POST', 'campus/registre-etudiant/import', { token, body });

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.token('admin');
});
afterAll(() => t.close());

describe('registry template', () => {
  it('is public: a CSV with a byte-order mark, the header and one example row, and it imports as is', async () => {
    const res = await t.api('GET', 'campus/registre-etudiant/modele');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(2);
    // The optional column the import takes comes last: the years housed before the product.
    expect(lines[0]).toBe([...REGISTRY_COLUMNS, 'anneesHebergementAnterieures'].join(';'));
    const imported = await importFile({ nomFichier: 'modele.csv', fichier: b64(res.rawPayload) });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ importes: 1, misAJour: 0 });
  });
});

describe('registry import', () => {
  it('rejects the whole file when one row is bad, naming each bad line and field; nothing is imported', async () => {
    const before = await countRegistry();
    const file = csv([
      student('B00000000001'),
      student('B00000000002', { dateNaissance: '31/02/2004' }),
      student('B00000000003', { villeOrientation: 'Paris' }),
      student('B00000000004', { sexeEtudiant: 'X', moyenneBac: '21' }),
      student('B00000000001'),
    ]);
    const res = await importFile({ nomFichier: 'registre.csv', fichier: b64(file) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toBe(messages.importRejete);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { ligne: 3, champ: 'dateNaissance', message: messages.dateNaissanceInvalide },
        { ligne: 4, champ: 'villeOrientation', message: messages.villeInconnue },
        { ligne: 5, champ: 'sexeEtudiant', message: messages.sexeInvalide },
        { ligne: 5, champ: 'moyenneBac', message: messages.moyenneInvalide },
        { ligne: 6, champ: 'ine', message: messages.ineEnDouble },
      ]),
    );
    expect(body.errors).toHaveLength(5);
    expect(await countRegistry()).toBe(before);
    const search = await t.api('GET', 'campus/registre-etudiant?q=B00000000001', { token: admin });
    expect(search.json()).toEqual([]);
  });

  it('names missing and unknown columns of the header (line 1)', async () => {
    const columns = [...REGISTRY_COLUMNS.filter((c) => c !== 'typePays'), 'pays'];
    const res = await importFile({
      nomFichier: 'registre.csv',
      fichier: b64(csv([student('C00000000001')], { columns })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { ligne: 1, champ: 'typePays', message: messages.csvEnteteManquante },
        { ligne: 1, champ: 'pays', message: messages.csvEnteteInconnue },
      ]),
    );
  });

  it('rejects an empty file and a header without rows', async () => {
    const res = await importFile({ nomFichier: 'registre.csv', fichier: b64(csv([])) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ ligne: 1, champ: 'fichier', message: messages.csvVide });
  });

  it('imports a good file (comma separated, no BOM, columns in another order, villes spelt freely)', async () => {
    const columns = [...REGISTRY_COLUMNS].reverse();
    const file = csv(
      [
        student('D00000000001', {
          nomEtudiant: 'Ouédraogo',
          prenomEtudiant: 'Aïcha',
          villeOrientation: 'BOBO_DIOULASSO',
          moyenneBac: '12.75',
        }),
        student('d00000000002', {
          nomEtudiant: 'Sawadogo',
          prenomEtudiant: 'Issa',
          sexeEtudiant: 'm',
          villeOrientation: 'ouagadougou',
          dateNaissance: '2003-01-09',
        }),
        student('D00000000003', {
          nomEtudiant: 'Diallo',
          prenomEtudiant: 'Fatimata',
          villeOrientation: 'Fada N’Gourma',
          typePays: 'etranger',
          libellePays: 'Mali',
          moyenneBac: '',
        }),
      ],
      { sep: ',', bom: false, columns },
    );
    const res = await importFile({ nomFichier: 'REGISTRE.CSV', fichier: b64(file) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ importes: 3, misAJour: 0 });

    const list = await t.api('GET', 'campus/registre-etudiant?q=D0000000000&sort=ine,asc', { token: admin });
    expect(list.statusCode).toBe(200);
    const rows = list.json();
    expect(rows.map((r: { ine: string }) => r.ine)).toEqual(['D00000000001', 'D00000000002', 'D00000000003']);
    expect(rows[0]).toMatchObject({
      nomEtudiant: 'Ouédraogo',
      villeOrientation: 'Bobo-Dioulasso',
      dateNaissance: '2004-03-12',
      moyenneBac: 12.75,
      anneeBac: 2025,
      typePays: 'NATIONAL',
      compte: false,
    });
    expect(rows[0].libelleDirection).toContain('Hauts-Bassins');
    expect(rows[1]).toMatchObject({
      sexeEtudiant: 'M',
      villeOrientation: 'Ouagadougou',
      dateNaissance: '2003-01-09',
    });
    expect(rows[2]).toMatchObject({
      villeOrientation: "Fada N'Gourma",
      typePays: 'ETRANGER',
      libellePays: 'Mali',
      moyenneBac: null,
    });
  });

  it('updates known INEs on a second import instead of duplicating them, keeping account data', async () => {
    const before = await countRegistry();
    // N00000000001 is the registered test student (createTestAccounts).
    const file = csv([
      student('D00000000001', {
        nomEtudiant: 'Ouédraogo',
        prenomEtudiant: 'Aïcha',
        villeOrientation: 'Koudougou',
        niveau: 'Licence 2',
      }),
      student('D00000000004', { nomEtudiant: 'Kaboré', prenomEtudiant: 'Ulrich' }),
      student('n00000000001', {
        nomEtudiant: 'Zongo',
        prenomEtudiant: 'Aïcha Wendemi',
        villeOrientation: 'Ouagadougou',
        dateNaissance: '12/03/2004',
      }),
    ]);
    const res = await importFile({ nomFichier: 'registre.csv', fichier: b64(file) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ importes: 1, misAJour: 2 });
    expect(await countRegistry()).toBe(before + 1);

    const again = await t.api('GET', 'campus/registre-etudiant?q=D00000000001', { token: admin });
    expect(again.json()).toHaveLength(1);
    expect(again.json()[0]).toMatchObject({ villeOrientation: 'Koudougou', niveau: 'Licence 2' });

    const registered = (
      await t.api('GET', 'campus/registre-etudiant?q=N00000000001', { token: admin })
    ).json();
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({
      prenomEtudiant: 'Aïcha Wendemi',
      compte: true,
      emailEtudiant: 'aicha.zongo@exemple.bf',
    });
    const account = await one<{ prenom: string; role: string }>(
      t.database.db,
      sql`SELECT prenom, role FROM users WHERE user_name = 'N00000000001'`,
    );
    expect(account).toEqual({ prenom: 'Aïcha Wendemi', role: 'ROLE_HEBERGEMENT_ETUDIANT' });
  });

  it('imports a large file in one go (batches), then updates it all', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) =>
      student(`L${String(i).padStart(11, '0')}`, {
        nomEtudiant: `Nom${i}`,
        villeOrientation: i % 2 ? 'Ouagadougou' : 'Bobo-Dioulasso',
      }),
    );
    const first = await importFile({ nomFichier: 'gros.csv', fichier: b64(csv(rows)) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ importes: 2500, misAJour: 0 });
    const second = await importFile({ nomFichier: 'gros.csv', fichier: b64(csv(rows)) });
    expect(second.json()).toEqual({ importes: 0, misAJour: 2500 });
  });

  it('answers 415 to a file that is not a CSV (name or content)', async () => {
    const byName = await importFile({
      nomFichier: 'registre.xlsx',
      fichier: b64(csv([student('E00000000001')])),
    });
    expect(byName.statusCode).toBe(415);
    expect(byName.json().code).toBe('TYPE_FICHIER');
    const zip = Buffer.concat([
      Buffer.from('PK\u0003\u0004'),
      Buffer.alloc(64, 0),
      Buffer.from('xl/workbook.xml'),
    ]);
    const binary = await importFile({ nomFichier: 'registre.csv', fichier: b64(zip) });
    expect(binary.statusCode).toBe(415);
    expect(binary.json().code).toBe('TYPE_FICHIER');
  });

  it('answers 400 to missing fields and to content that is not base64', async () => {
    const missing = await importFile({ nomFichier: 'registre.csv' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { champ: string }) => e.champ)).toEqual(['fichier']);
    const notBase64 = await importFile({ nomFichier: 'registre.csv', fichier: 'ceci n’est pas du base64 !' });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().errors[0].champ).toBe('fichier');
  });

  it('keeps a hostile file name out of harm (control characters)', async () => {
    const res = await importFile({
      nomFichier: 'reg\u0000istre\u0007.csv',
      fichier: b64(csv([student('K00000000001')])),
    });
    expect(res.statusCode).toBe(200);
  });

  it('reads a Windows-1252 file from a French Excel', async () => {
    const text = csv([student('F00000000001', { nomEtudiant: 'Kéré', prenomEtudiant: 'Sidonie' })], {
      bom: false,
    });
    const res = await importFile({ nomFichier: 'excel.csv', fichier: b64(Buffer.from(text, 'latin1')) });
    expect(res.statusCode).toBe(200);
    const row = (await t.api('GET', 'campus/registre-etudiant?q=F00000000001', { token: admin })).json()[0];
    expect(row.nomEtudiant).toBe('Kéré');
  });

  it('answers 413 to a body over 20 MB', async () => {
    const res = await importFile({ nomFichier: 'enorme.csv', fichier: 'A'.repeat(21 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FICHIER_TROP_GRAND');
  });

  it('is reserved to the admin', async () => {
    const body = { nomFichier: 'registre.csv', fichier: b64(csv([student('G00000000001')])) };
    expect((await importFile(body, await t.token('cenou'))).statusCode).toBe(403);
    expect((await importFile(body, await t.token('dr'))).statusCode).toBe(403);
    expect((await importFile(body, await t.token('etudiant'))).statusCode).toBe(403);
    expect((await importFile(body, null)).statusCode).toBe(401);
  });
});

describe('registry list', () => {
  let bobo: number;
  let ouaga: number;
  let boboStudent: number;

  beforeAll(async () => {
    bobo = await directionId(t.database.db, 'BOB');
    ouaga = await directionId(t.database.db, 'OUA');
    boboStudent = await createRegistryStudent(t.database.db, {
      ine: 'H00000000001',
      nomEtudiant: 'Millogo',
      prenomEtudiant: 'Ousséni',
      sexeEtudiant: 'M',
      dateNaissance: '2002-07-30',
      villeOrientation: 'Bobo-Dioulasso',
      moyenneBac: 15.25,
    });
    await createRegistryStudent(t.database.db, {
      ine: 'H00000000002',
      nomEtudiant: 'Nikièma',
      prenomEtudiant: 'Bernadette',
      sexeEtudiant: 'F',
      dateNaissance: '2003-02-01',
      villeOrientation: 'Ouagadougou',
      moyenneBac: 11,
    });
  });

  it('is paginated with X-Total-Count, sorted on listed columns only', async () => {
    const page = await t.api('GET', 'campus/registre-etudiant?page=0&size=2&sort=moyenneBac,desc', {
      token: admin,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    const total = Number(page.headers['x-total-count']);
    expect(total).toBe(await countRegistry());
    expect(page.json()[0].moyenneBac).toBeGreaterThanOrEqual(page.json()[1].moyenneBac ?? 0);
    const last = await t.api('GET', `campus/registre-etudiant?page=${Math.floor((total - 1) / 2)}&size=2`, {
      token: admin,
    });
    expect(last.json().length).toBeGreaterThanOrEqual(1);
    const badSort = await t.api('GET', 'campus/registre-etudiant?sort=passwordHash,asc', { token: admin });
    expect(badSort.statusCode).toBe(400);
    const badSize = await t.api('GET', 'campus/registre-etudiant?page=0&size=5000', { token: admin });
    expect(badSize.statusCode).toBe(400);
  });

  it('sorts both ways on the columns the schema declares never NULL, and filters the country type by equality', async () => {
    type Row = Record<string, string | number | boolean | null> & { idEtudiant: number };
    for (const column of [
      'sexeEtudiant',
      'dateNaissance',
      'idVille',
      'villeOrientation',
      'typePays',
      'luApprouve',
    ]) {
      for (const dir of ['asc', 'desc'] as const) {
        const read = async (query: string) => {
          const res = await t.api('GET', `campus/registre-etudiant?${query}&sort=${column},${dir}`, {
            token: admin,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as Row[];
        };
        // Two pages of the whole registry (the second through its OFFSET), and the imported students
        // whose values differ.
        const pages = [...(await read('page=0&size=200')), ...(await read('page=1&size=200'))];
        expect(pages).toHaveLength(400);
        const few = await read('q=D0000000000');
        expect(few.length).toBeGreaterThan(2);
        for (const rows of [pages, few]) {
          const value = (r: Row) => r[column];
          expect(rows.every((r) => value(r) !== null)).toBe(true);
          // The database's order: by the value (text compared as the database does, in its collation),
          // then the id ascending; checked here on the ties and on the values that are not text.
          for (let i = 1; i < rows.length; i++) {
            const [a, b] = [value(rows[i - 1]!), value(rows[i]!)];
            if (a === b) expect(rows[i - 1]!.idEtudiant).toBeLessThan(rows[i]!.idEtudiant);
            else if (typeof a !== 'string' || column === 'dateNaissance') {
              const ordered = (a as number | string) < (b as number | string) === (dir === 'asc');
              expect(ordered, `${column},${dir}: ${String(a)} puis ${String(b)}`).toBe(true);
            }
          }
        }
      }
    }
    const etrangers = await t.api('GET', 'campus/registre-etudiant?size=200&filtre.typePays=ETRANGER', {
      token: admin,
    });
    expect(etrangers.statusCode).toBe(200);
    expect(etrangers.json().length).toBeGreaterThan(0);
    expect(etrangers.json().every((r: { typePays: string }) => r.typePays === 'ETRANGER')).toBe(true);
    // Equality, not « contains »: a part of the value finds nothing.
    const part = await t.api('GET', 'campus/registre-etudiant?size=200&filtre.typePays=ETRANG', {
      token: admin,
    });
    expect(part.json()).toEqual([]);
  });

  it('folds text in the database exactly as foldText does in the client', async () => {
    const samples = [
      'Nikièma',
      'Tiendrébéogo',
      'Zoungrana Maïmouna',
      'ÉLÈVE À L’ÉCOLE',
      'Ñandú Ùrsula Ÿvette',
      'Çà et là, Š Ž',
    ];
    for (const s of samples) {
      const row = await one<{ f: string }>(t.database.db, sql`SELECT fold(${s}) AS f`);
      expect(row!.f).toBe(foldText(s));
    }
  });

  it('searches INE and names ignoring case, accents and word order; filters by column', async () => {
    const q = await t.api('GET', `campus/registre-etudiant?q=${encodeURIComponent('ousseni MILLOGO')}`, {
      token: admin,
    });
    expect(q.json().map((r: { ine: string }) => r.ine)).toEqual(['H00000000001']);
    const byIne = await t.api('GET', 'campus/registre-etudiant?q=h0000000000', { token: admin });
    expect(byIne.json()).toHaveLength(2);
    const filtre = await t.api(
      'GET',
      `campus/registre-etudiant?filtre.nomEtudiant=${encodeURIComponent('nikiema')}`,
      { token: admin },
    );
    expect(filtre.json().map((r: { ine: string }) => r.ine)).toEqual(['H00000000002']);
    const nul = await t.api('GET', 'campus/registre-etudiant?q=%00millogo%00&page=0&size=5', {
      token: admin,
    });
    expect(nul.statusCode).toBe(200);
    expect(nul.json().map((r: { ine: string }) => r.ine)).toEqual(['H00000000001']);
    const unknownFilter = await t.api('GET', 'campus/registre-etudiant?filtre.motDePasse=x', {
      token: admin,
    });
    expect(unknownFilter.statusCode).toBe(400);
  });

  it('lets the CENOU manager read everything and a regional manager only its direction', async () => {
    const cenou = await t.api('GET', 'campus/registre-etudiant?q=H0000000000', {
      token: await t.token('cenou'),
    });
    expect(cenou.statusCode).toBe(200);
    expect(cenou.json()).toHaveLength(2);

    const dr = await t.token('dr'); // Ouagadougou
    const own = await t.api('GET', 'campus/registre-etudiant?page=0&size=200', { token: dr });
    expect(own.statusCode).toBe(200);
    expect(own.json().length).toBeGreaterThan(0);
    expect(own.json().every((r: { idDirection: number }) => r.idDirection === ouaga)).toBe(true);
    const ownTotal = Number(own.headers['x-total-count']);
    const all = Number(
      (await t.api('GET', 'campus/registre-etudiant?page=0&size=1', { token: admin })).headers[
        'x-total-count'
      ],
    );
    expect(ownTotal).toBeLessThan(all);
    const search = await t.api('GET', 'campus/registre-etudiant?q=H0000000000', { token: dr });
    expect(search.json().map((r: { ine: string }) => r.ine)).toEqual(['H00000000002']);

    expect(
      (await t.api('GET', `campus/registre-etudiant?idDirection=${ouaga}`, { token: dr })).statusCode,
    ).toBe(200);
    const other = await t.api('GET', `campus/registre-etudiant?idDirection=${bobo}`, { token: dr });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('INTERDIT');
    const otherOne = await t.api('GET', `campus/registre-etudiant/${boboStudent}`, { token: dr });
    expect(otherOne.statusCode).toBe(403);
    const boboDr = await t.api('GET', `campus/registre-etudiant/${boboStudent}`, {
      token: await t.token('dr2'),
    });
    expect(boboDr.statusCode).toBe(200);
    expect(boboDr.json()).toMatchObject({
      ine: 'H00000000001',
      idDirection: bobo,
      nomVille: 'Bobo-Dioulasso',
    });
  });

  it('filters by direction for central roles', async () => {
    const res = await t.api('GET', `campus/registre-etudiant?idDirection=${bobo}&q=H0000000000`, {
      token: admin,
    });
    expect(res.json().map((r: { ine: string }) => r.ine)).toEqual(['H00000000001']);
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    expect(
      (await t.api('GET', 'campus/registre-etudiant', { token: await t.token('etudiant') })).statusCode,
    ).toBe(403);
    expect(
      (await t.api('GET', `campus/registre-etudiant/${boboStudent}`, { token: await t.token('etudiant') }))
        .statusCode,
    ).toBe(403);
    expect((await t.api('GET', 'campus/registre-etudiant')).statusCode).toBe(401);
    expect((await t.api('GET', `campus/registre-etudiant/${boboStudent}`)).statusCode).toBe(401);
  });

  it('answers 404 to an unknown id and 400 to a malformed one', async () => {
    expect((await t.api('GET', 'campus/registre-etudiant/99999999', { token: admin })).statusCode).toBe(404);
    expect((await t.api('GET', 'campus/registre-etudiant/abc', { token: admin })).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV and XLSX downloads', async () => {
    const res = await t.api('GET', 'campus/registre-etudiant?format=csv&q=H0000000000&sort=ine,asc', {
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="registre_etudiant_\d{8}_\d{6}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(';').slice(0, 3)).toEqual(['INE', 'Nom', 'Prénom(s)']);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('H00000000001;Millogo;Ousséni');
    const xlsx = await t.api('GET', 'campus/registre-etudiant?format=xlsx', { token: await t.token('dr') });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await t.api('GET', 'campus/registre-etudiant?format=pdf', { token: admin });
    expect(bad.statusCode).toBe(400);
  });
});
