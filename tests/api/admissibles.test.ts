import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSIBLE_COLUMNS } from '../../src/domain/admissibles';
import { messages } from '../../src/domain/messages';
import { one } from '../../src/server/db/client';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  addDossier,
  addManyDossiers,
  setQuota,
  setupDeliberation,
  type DelibFixture,
  type MadeDossier,
} from '../helpers/deliberation';

let t: TestContext;
let f: DelibFixture;
let admitted: MadeDossier;

const q = () => `idSessionCenou=${f.idSessionCenou}&idDirection=${f.idDirection}`;
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');
const HEADER = ADMISSIBLE_COLUMNS.join(';');

beforeAll(async () => {
  t = await setupTestApp();
  f = await setupDeliberation(t.database.db);
  await setQuota(f, 'burkinabe', 30);
  await setQuota(f, 'etranger', 2);
  admitted = await addDossier(f, {
    ine: 'AD0000000001',
    nom: 'Zongo',
    prenom: 'Rasmata',
    entries: [
      ['burkinabe', 'VALIDE'],
      ['nonPupille', 'VALIDE'],
      ['orphelin', 'VALIDE'],
      ['boursier', 'VALIDE'],
    ],
  });
  await addManyDossiers(f, 60);
  const res = await t.api('POST', 'campus/deliberation', {
    token: await t.token('dr'),
    body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'admissibles' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const upload = async (
  fichier: string,
  nomFichier = 'admissibles.csv',
  who: 'cenou' | 'admin' | 'dr' = 'cenou',
) =>
  t.api('POST', 'campus/chargement-admissibles', {
    token: await t.token(who),
    body: { nomFichier, fichier, idSession: f.idSessionCenou },
  });

const loadedCount = async () =>
  (await one<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM admissible_charge`))!.n;

describe('admissible upload (POST chargement-admissibles)', () => {
  it('a file with one bad row is rejected whole: 400 with every row error, nothing loaded', async () => {
    const res = await upload(
      csv([
        HEADER,
        'CH0000000001;Kaboré;Issa;M;12/03/2004;Koudougou;2024;12,5;Ouagadougou',
        'CH0000000002;Sanou;Awa;X;2004-13-01;Bobo;2024;25;Nulle-part',
        'CH0000000001;Kaboré;Issa;M;12/03/2004;Koudougou;2024;12,5;Ouagadougou',
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().errors).toEqual([
      { ligne: 3, champ: 'sexeEtudiant', message: messages.sexeInvalide },
      { ligne: 3, champ: 'dateNaissance', message: messages.dateNaissanceInvalide },
      { ligne: 3, champ: 'moyenne', message: messages.moyenneInvalide },
      { ligne: 3, champ: 'villeOrientation', message: messages.villeInconnue },
      { ligne: 4, champ: 'ine', message: messages.ineEnDouble },
    ]);
    expect(await loadedCount()).toBe(0);
  });

  it('not a CSV: 415; a bad header: 400; another role: 403', async () => {
    expect((await upload(csv([HEADER]), 'admissibles.xlsx')).statusCode).toBe(415);
    expect((await upload(Buffer.from([0, 1, 2, 3, 0, 0]).toString('base64'))).statusCode).toBe(415);
    const header = await upload(csv(['ine;nom', 'X;Y']));
    expect(header.statusCode).toBe(400);
    expect(header.json().errors[0]).toMatchObject({ ligne: 1, message: messages.csvEnteteInconnue });
    expect((await upload(csv([HEADER]), 'a.csv', 'dr')).statusCode).toBe(403);
  });

  it('a good file loads (200 {importes}); a second one replaces it; an INE already admitted is listed once', async () => {
    const first = await upload(
      csv([
        HEADER,
        'CH0000000001;Kaboré;Issa;M;12/03/2004;Koudougou;2024;12,5;Ouagadougou',
        'CH0000000002;Sanou;Awa;F;2004-01-13;Bobo;2024;11;bobo dioulasso',
      ]),
      'ADMIS.CSV',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ importes: 2, dejaAdmis: 0 });
    const second = await upload(
      csv([
        HEADER,
        'ch0000000003;Ilboudo;Mariam;F;01/02/2003;Kaya;2023;13,25;Kaya',
        `${admitted.ine};Zongo;Rasmata;F;06/05/2004;Koudougou;2025;10;Ouagadougou`,
      ]),
    );
    expect(second.json()).toEqual({ importes: 2, dejaAdmis: 1 });
    expect(await loadedCount()).toBe(2);
    const list = await t.api('GET', `campus/etudiant-admis?${q()}&size=200`, {
      token: await t.token('cenou'),
    });
    const rowsOf = list.json() as { ine: string; origine: string; reponse: string }[];
    expect(rowsOf.filter((r) => r.ine === admitted.ine)).toHaveLength(1);
    expect(rowsOf.find((r) => r.ine === admitted.ine)!.origine).toBe('DELIBERATION');
    expect(rowsOf.find((r) => r.ine === 'CH0000000003')).toMatchObject({
      origine: 'CHARGEMENT',
      reponse: 'ACCEPTE',
      nomVille: 'Kaya',
      moyenne: 13.25,
      listeDeliberation: null,
    });
    expect(rowsOf.some((r) => r.ine === 'CH0000000001')).toBe(false);
  });

  it('the template is public', async () => {
    const res = await t.api('GET', 'campus/chargement-admissibles/modele');
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(HEADER);
  });

  it('only while the session is OUVERT in DELIBERATION (409)', async () => {
    await t.database.db.execute(
      sql`UPDATE session_cenou SET etat_session = 'ANALYSE' WHERE id_session_cenou = ${f.idSessionCenou}`,
    );
    const res = await upload(csv([HEADER, 'CH0000000009;A;B;M;12/03/2004;K;2024;12;Kaya']));
    expect(res.statusCode).toBe(409);
    expect(await loadedCount()).toBe(2);
    await t.database.db.execute(
      sql`UPDATE session_cenou SET etat_session = 'DELIBERATION' WHERE id_session_cenou = ${f.idSessionCenou}`,
    );
  });
});

describe('admissible list (GET etudiant-admis) and export-deliberation', () => {
  it('always paged, sorted by descending score, with the total; scoped by direction', async () => {
    const res = await t.api('GET', `campus/etudiant-admis?${q()}&size=10`, { token: await t.token('dr') });
    expect(res.statusCode, res.body).toBe(200);
    const total = Number(res.headers['x-total-count']);
    const admis = (await one<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM dossier WHERE id_session_cenou = ${f.idSessionCenou} AND statut_dossier = 'ADMIS'`,
    ))!.n;
    expect(total).toBe(admis + 1);
    const page = res.json() as {
      moyenne: number;
      reponse: string;
      rang: number;
      origine: string;
      dateLimiteReponse: string;
    }[];
    expect(page).toHaveLength(10);
    const moyennes = page.map((r) => r.moyenne);
    expect(moyennes).toEqual([...moyennes].sort((a, b) => b - a));
    const fromDeliberation = page.find((r) => r.origine === 'DELIBERATION')!;
    expect(fromDeliberation.reponse).toBe('EN_ATTENTE');
    expect(fromDeliberation.dateLimiteReponse).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(
      (await t.api('GET', `campus/etudiant-admis?${q()}`, { token: await t.token('dr2') })).statusCode,
    ).toBe(403);
    expect(
      (await t.api('GET', `campus/etudiant-admis?${q()}`, { token: await t.token('etudiant') })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.api('GET', `campus/etudiant-admis?idDirection=${f.idDirection}`, {
          token: await t.token('admin'),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('the XLSX holds every row of the list, in its order', async () => {
    const token = await t.token('admin');
    const all = (await t.api('GET', `campus/etudiant-admis?${q()}&size=200`, { token })).json() as {
      ine: string;
      rang: number | null;
    }[];
    const res = await t.api('GET', `campus/etudiant-admis?${q()}&format=xlsx`, { token });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/liste_admissibles_\d{8}_\d{6}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'INE',
      'Nom',
      'Prénom(s)',
      'Sexe',
      'Date de naissance',
      'Lieu de naissance',
      'Année du bac',
      'Moyenne',
      'Ville',
      'Liste de délibération',
      'Rang',
      'Réponse',
      'Date limite de réponse',
    ]);
    const ines: string[] = [];
    const rangs: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      ines.push(String(row.getCell(1).value));
      rangs.push(row.getCell(11).value);
    });
    expect(ines).toEqual(all.map((r) => r.ine));
    expect(rangs).toEqual(all.map((r) => r.rang));
    // Typed and formatted cells: a bold header, dates as dates, averages with two decimals.
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect(first.getCell(5).value).toBeInstanceOf(Date);
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(typeof first.getCell(8).value).toBe('number');
    expect(first.getCell(8).numFmt).toBe('0.00');
    expect(first.getCell(11).numFmt).toBe('0');
  });

  it('export-deliberation: INE, nom, prénom, téléphone, ville, moyenne as CSV', async () => {
    const res = await t.api('GET', `campus/export-deliberation?${q()}&format=csv`, {
      token: await t.token('dr'),
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('INE;Nom;Prénom(s);Téléphone;Ville;Moyenne');
    const page = await t.api('GET', `campus/export-deliberation?${q()}&size=1`, {
      token: await t.token('dr'),
    });
    expect(lines).toHaveLength(Number(page.headers['x-total-count']) + 1);
  });
});
