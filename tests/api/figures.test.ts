/**
 * Figures that agree with each other and with the database (docs/decisions/037-figures-that-agree.md):
 * each figure a person reads (the API answer behind a screen, an XLSX or CSV cell) is read back
 * from where it is shown and compared with the tables themselves.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSIBLE_COLUMNS } from '../../src/domain/admissibles';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { fieldLabel } from '../../src/domain/resources/labels';
import { one, rows } from '../../src/server/db/client';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { addManyDossiers, setQuota, setupDeliberation, type DelibFixture } from '../helpers/deliberation';
import { insertCriteria, insertDossier, insertSession, insertStudent } from '../helpers/dossiers';

let t: TestContext;
let f: DelibFixture;
let bob: number;
let sessionBob2025: number;

const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');

async function sheetOf(payload: Buffer): Promise<{ header: string[]; body: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const body: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) body.push(header.map((_, i) => row.getCell(i + 1).value));
  });
  return { header, body };
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  // Ouagadougou, 2026: a published deliberation, then the admissible upload.
  f = await setupDeliberation(db);
  await setQuota(f, 'burkinabe', 6);
  await addManyDossiers(f, 14, 'FG');
  const published = await t.api('POST', 'campus/deliberation', {
    token: await t.token('admin'),
    body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'chiffres' },
  });
  expect(published.statusCode, published.body).toBe(200);
  // Two answers, as students give them: one accepted (listed), one declined (DESISTE, not listed).
  const admitted = await rows<{ id: number; ine: string }>(
    db,
    sql`SELECT d.id_dossier AS id, r.ine FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
        WHERE d.id_session_cenou = ${f.idSessionCenou} AND d.statut_dossier = 'ADMIS' ORDER BY d.id_dossier`,
  );
  expect(admitted.length).toBeGreaterThanOrEqual(3);
  await db.execute(sql`UPDATE dossier SET reponse = 'ACCEPTE' WHERE id_dossier = ${admitted[0].id}`);
  await db.execute(
    sql`UPDATE dossier SET reponse = 'REFUSE', statut_dossier = 'DESISTE' WHERE id_dossier = ${admitted[1].id}`,
  );
  // The upload: two new students (answer « Acceptée ») and one already admitted (listed once).
  const upload = await t.api('POST', 'campus/chargement-admissibles', {
    token: await t.token('cenou'),
    body: {
      nomFichier: 'admissibles.csv',
      idSession: f.idSessionCenou,
      fichier: csv([
        ADMISSIBLE_COLUMNS.join(';'),
        'FC0000000001;Kaboré;Issa;M;12/03/2004;Koudougou;2024;12,5;Ouagadougou',
        'FC0000000002;Sanou;Awa;F;13/01/2004;Bobo;2024;11;Ouagadougou',
        `${admitted[2].ine};Nom;Prénom;F;06/05/2004;Koudougou;2025;10;Ouagadougou`,
      ]),
    },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  expect(upload.json()).toEqual({ importes: 3, dejaAdmis: 1 });

  // Bobo-Dioulasso, 2025: a closed session of last year with three deposits.
  bob = await directionId(db, 'BOB');
  sessionBob2025 = await insertSession(db, bob, 'DELIBERATION', 'FERME');
  await db.execute(
    sql`UPDATE session_cenou SET annee_debut = 2025, date_ouverture = '2025-09-01' WHERE id_session_cenou = ${sessionBob2025}`,
  );
  const types = await insertCriteria(db, [
    { libelle: 'Nationalité FG', coefficient: 1, criteres: [{ libelle: 'Burkinabè FG', note: 10 }] },
  ]);
  const entry: [number, number] = [
    types['Nationalité FG'].idTypeCritere,
    types['Nationalité FG'].criteres['Burkinabè FG'],
  ];
  for (let i = 0; i < 3; i++) {
    const student = await insertStudent(db, { ville: 'Bobo-Dioulasso', nom: 'Traoré', prenom: `Ali ${i}` });
    await insertDossier(db, {
      idSessionCenou: sessionBob2025,
      student,
      criteres: [entry],
      statutDossier: i === 0 ? 'ADMIS' : 'NON_ADMIS',
      dateDepot: `2025-09-1${i}T08:00:00Z`,
    });
  }
});
afterAll(() => t.close());

describe('/liste-admissible: the counters and the list are one source, the database’s', () => {
  const q = () => `idSessionCenou=${f.idSessionCenou}&idDirection=${f.idDirection}`;

  /** The figures straight from the tables: the ADMIS dossiers, plus the uploaded students not among them. */
  async function fromTables() {
    return (await one<{
      listes: number;
      acceptes: number;
      enAttente: number;
      charges: number;
      refuses: number;
    }>(
      t.database.db,
      sql`WITH loaded AS (
            SELECT c.* FROM admissible_charge c
            WHERE c.id_session_cenou = ${f.idSessionCenou} AND NOT EXISTS (
              SELECT 1 FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
              WHERE upper(r.ine) = c.ine AND d.id_session_cenou = c.id_session_cenou
                AND d.statut_dossier = 'ADMIS' AND d.deleted_at IS NULL)),
          admis AS (
            SELECT * FROM dossier WHERE id_session_cenou = ${f.idSessionCenou}
              AND statut_dossier = 'ADMIS' AND deleted_at IS NULL)
          SELECT (SELECT count(*) FROM admis)::int + (SELECT count(*) FROM loaded)::int AS listes,
            (SELECT count(*) FROM admis WHERE reponse = 'ACCEPTE')::int + (SELECT count(*) FROM loaded)::int AS acceptes,
            (SELECT count(*) FROM admis WHERE reponse = 'EN_ATTENTE')::int AS "enAttente",
            (SELECT count(*) FROM loaded)::int AS charges,
            (SELECT count(*) FROM dossier WHERE id_session_cenou = ${f.idSessionCenou} AND reponse = 'REFUSE'
              AND deleted_at IS NULL)::int AS refuses`,
    ))!;
  }

  it('compteurs: every listed row counted (the uploaded ones among the accepted), as the tables hold them', async () => {
    const db = await fromTables();
    expect(db.charges).toBe(2);
    const counts = await t.api('GET', `campus/etudiant-admis/compteurs?${q()}`, {
      token: await t.token('cenou'),
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json()).toMatchObject(db);
    // The list's own total is the same figure.
    const list = await t.api('GET', `campus/etudiant-admis?${q()}&size=5`, { token: await t.token('cenou') });
    expect(Number(list.headers['x-total-count'])).toBe(db.listes);
    // Every listed row has an answer counted: waiting + accepted = listed.
    expect(counts.json().enAttente + counts.json().acceptes).toBe(counts.json().listes);
    // A regional manager of the direction reads the same figures.
    const dr = await t.api('GET', `campus/etudiant-admis/compteurs?${q()}`, { token: await t.token('dr') });
    expect(dr.json()).toEqual(counts.json());
  });

  it('the XLSX of the list: as many rows as listed, as many « Acceptée » as counted', async () => {
    const db = await fromTables();
    const res = await t.api('GET', `campus/etudiant-admis?${q()}&format=xlsx`, {
      token: await t.token('cenou'),
    });
    expect(res.statusCode).toBe(200);
    const { header, body } = await sheetOf(res.rawPayload);
    expect(body).toHaveLength(db.listes);
    const reponse = header.indexOf(fieldLabel('reponse'));
    expect(reponse).toBeGreaterThanOrEqual(0);
    expect(body.filter((r) => r[reponse] === enumLabel('reponse', 'ACCEPTE'))).toHaveLength(db.acceptes);
    expect(body.filter((r) => r[reponse] === enumLabel('reponse', 'EN_ATTENTE'))).toHaveLength(db.enAttente);
  });

  it('an unknown session: 404; another direction’s manager: 403', async () => {
    expect(
      (
        await t.api('GET', 'campus/etudiant-admis/compteurs?idSessionCenou=999999', {
          token: await t.token('cenou'),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.api('GET', `campus/etudiant-admis/compteurs?${q()}`, { token: await t.token('dr2') }))
        .statusCode,
    ).toBe(403);
  });
});

describe('/depot-general: one academic year, its « Session » column and its export', () => {
  const countOfYear = async (annee: number, idDirection?: number) =>
    (await one<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM dossier d JOIN session_cenou s ON s.id_session_cenou = d.id_session_cenou
          WHERE d.deleted_at IS NULL AND s.annee_debut = ${annee}
            AND (${idDirection ?? null}::int IS NULL OR d.id_direction = ${idDirection ?? null}::int)`,
    ))!.n;

  it('the list of a year: its total and its rows are that year’s dossiers of every direction', async () => {
    for (const annee of [2025, 2026]) {
      const res = await t.api('GET', `campus/dossier?anneeDebut=${annee}&size=100`, {
        token: await t.token('cenou'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBe(await countOfYear(annee));
      const got = res.json() as { anneeAcademique: string }[];
      expect(got).toHaveLength(await countOfYear(annee));
      expect(new Set(got.map((r) => r.anneeAcademique))).toEqual(new Set([`${annee}-${annee + 1}`]));
    }
    // A regional manager: its own direction's, that year.
    const dr2 = await t.api('GET', 'campus/dossier?anneeDebut=2025', { token: await t.token('dr2') });
    expect(Number(dr2.headers['x-total-count'])).toBe(await countOfYear(2025, bob));
    const dr = await t.api('GET', 'campus/dossier?anneeDebut=2025', { token: await t.token('dr') });
    expect(Number(dr.headers['x-total-count'])).toBe(0);
  });

  it('the XLSX: « Session », « Phase de la session », « Statut du dossier », no session state; every cell as stored', async () => {
    const res = await t.api('GET', 'campus/dossier?anneeDebut=2025&format=xlsx', {
      token: await t.token('cenou'),
    });
    expect(res.statusCode).toBe(200);
    const { header, body } = await sheetOf(res.rawPayload);
    expect(header).toContain(messages.colonneAnneeSession);
    expect(header).toContain(messages.colonnePhaseSession);
    expect(header).toContain(fieldLabel('statutDossier'));
    // The session's own state (open, suspended, closed) is not a column of a dossier.
    expect(header).not.toContain(fieldLabel('statutSession'));
    expect(header.filter((h) => /^statut$/i.test(h))).toEqual([]);
    const stored = await rows<{ ref: string; statut: string; etat: string; annee: number }>(
      t.database.db,
      sql`SELECT d.reference_dossier AS ref, d.statut_dossier AS statut, s.etat_session AS etat, s.annee_debut AS annee
          FROM dossier d JOIN session_cenou s ON s.id_session_cenou = d.id_session_cenou
          WHERE d.deleted_at IS NULL AND s.annee_debut = 2025`,
    );
    expect(body).toHaveLength(stored.length);
    const col = (label: string) => header.indexOf(label);
    const byRef = new Map(body.map((r) => [String(r[col(fieldLabel('referenceDossier'))]), r]));
    for (const s of stored) {
      const row = byRef.get(s.ref)!;
      expect(row, s.ref).toBeDefined();
      expect(row[col(messages.colonneAnneeSession)]).toBe(`${s.annee}-${s.annee + 1}`);
      expect(row[col(messages.colonnePhaseSession)]).toBe(enumLabel('etatSession', s.etat));
      expect(row[col(fieldLabel('statutDossier'))]).toBe(enumLabel('statutDossier', s.statut));
    }
  });

  it('a year that is not one: 400 naming the parameter', async () => {
    const res = await t.api('GET', 'campus/dossier?anneeDebut=deux', { token: await t.token('cenou') });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('anneeDebut');
  });
});

describe('a year is written as its digits, never grouped (« 2026 », not « 2 026 »)', () => {
  it('the quotas’ list, CSV and XLSX hold the session’s year as the database does', async () => {
    const stored = (await one<{ annee: number }>(
      t.database.db,
      sql`SELECT annee_debut AS annee FROM session_cenou WHERE id_session_cenou = ${f.idSessionCenou}`,
    ))!.annee;
    const list = await t.api('GET', 'campus/quota', { token: await t.token('admin') });
    expect(list.statusCode, list.body).toBe(200);
    const quotas = list.json() as { anneeDebut: number }[];
    expect(quotas.length).toBeGreaterThan(0);
    for (const row of quotas) expect(row.anneeDebut).toBe(stored);
    // The screen's cell: the table's one formatter.
    const { formatCell } = await import('../../src/web/components/list/cells');
    expect(formatCell('integer', stored, 'anneeDebut')).toBe(String(stored));
    expect(formatCell('integer', 12345, 'valeurQuota')).toBe('12\u202f345');

    const csvRes = await t.api('GET', 'campus/quota?format=csv', { token: await t.token('admin') });
    expect(csvRes.statusCode).toBe(200);
    const lines = csvRes.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const at = lines[0].split(';').indexOf(fieldLabel('anneeDebut'));
    expect(at, lines[0]).toBeGreaterThanOrEqual(0);
    const years = lines.slice(1).map((l) => l.split(';')[at]);
    expect(years).toContain(String(stored));
    for (const y of years) expect(y).toMatch(/^\d{4}$/);

    const xlsx = await t.api('GET', 'campus/quota?format=xlsx', { token: await t.token('admin') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const c = header.indexOf(fieldLabel('anneeDebut')) + 1;
    expect(c).toBeGreaterThan(0);
    const cell = sheet.getRow(2).getCell(c);
    expect(cell.value).toBe(stored);
    // No thousands separator in the cell's format.
    expect(cell.numFmt ?? '0').not.toMatch(/[#,]/);
  });
});
