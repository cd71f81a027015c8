/**
 * The agency's statistics over years (docs/statistics.md): on a small fixture whose every figure is
 * worked out by hand below, the server's answer equals it; the scope (a regional manager its own
 * direction, a student nothing); bad years refused in French; the workbook read back equals the answer.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { idleDirectionsSentence, statisticsMessages } from '../../src/domain/messages-statistics';
import { STATISTICS_OPEN_FRESHNESS_MINUTES, splitIdleDirections } from '../../src/domain/statistics';
import type { StatisticsAnswer } from '../../src/domain/schemas/statistics';
import { one } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { accounts, postTransactions, type JournalEntry } from '../../src/server/modules/rent/repository';
import { statistics } from '../../src/server/modules/statistics/service';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, villeId, type MadeCite } from '../helpers/assignment';
import { insertDossier, insertSession, insertStudent, softDeleteDossier } from '../helpers/dossiers';
import { paymentOperators } from '../helpers/payments';
import { expectCode } from '../helpers/resources';

let t: TestContext;
let oua: number;
let bob: number;
let cite: MadeCite;
let idOperateur: number;

/** A closed session of the direction for the academic year starting in `annee`. */
async function pastSession(idDirection: number, annee: number): Promise<number> {
  const id = await insertSession(t.database.db, idDirection, 'DELIBERATION', 'FERME');
  await t.database.db.execute(
    sql`UPDATE session_cenou SET annee_debut = ${annee}, date_ouverture = ${`${annee}-06-01`} WHERE id_session_cenou = ${id}`,
  );
  return id;
}

/** An assignment of the bed given on `debut` and cancelled on `fin` (null: kept). */
async function assign(
  idSessionCenou: number,
  bed: string,
  debut: string,
  fin: string | null,
): Promise<number> {
  const db = t.database.db;
  const a = await insertAdmitted(db, { idSessionCenou, sexe: 'M' });
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit,
          code_verification, created_at, deleted_at)
        SELECT ${idSessionCenou}, ${a.idDossier}, ${a.idEtudiant}, ${cite.idCite}, l.id_chambre, l.id_lit,
          ${`STAT${a.idDossier}`}, ${`${debut}T09:00:00Z`}::timestamptz, ${fin === null ? null : `${fin}T15:00:00Z`}::timestamptz
        FROM lit l WHERE l.id_lit = ${cite.lits[bed]}
        RETURNING id_affectation AS id`,
  );
  return row!.id;
}

/** Instalments of 5,000 FCFA on the days given, and payments of the amounts given. */
async function rent(idAffectation: number, due: string[], paid: number[]) {
  const entries: JournalEntry[] = [
    ...due.map((dateValeur, i) => ({
      nature: 'ECHEANCE' as const,
      libelle: `Échéance ${i + 1}`,
      dateValeur,
      idAffectation,
      numeroEcheance: i + 1,
      idAuteur: null,
      lines: [
        { compte: accounts.etudiant(idAffectation), debit: 5000 },
        { compte: accounts.loyerCite(cite.idCite), credit: 5000 },
      ],
    })),
    ...paid.map((montant, i) => ({
      nature: 'PAIEMENT' as const,
      libelle: `Paiement ${i + 1}`,
      dateValeur: '2024-02-01',
      idAffectation,
      referencePaiement: `STAT-${idAffectation}-${i}`,
      idAuteur: null,
      lines: [
        { compte: accounts.operateur(idOperateur), debit: montant },
        { compte: accounts.etudiant(idAffectation), credit: montant },
      ],
    })),
  ];
  await withTransaction(t.database.db, (tx) => postTransactions(tx, entries));
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  oua = await directionId(db, 'OUA');
  bob = await directionId(db, 'BOB');
  idOperateur = (await paymentOperators(db)).orange;
  cite = await insertCite(db, {
    nom: 'Cité des statistiques',
    batiments: [
      {
        code: 'A',
        sexe: 'M',
        chambres: [
          { code: '101', lits: 2 },
          { code: '102', lits: 2 },
        ],
      },
    ],
  });

  // 2023-2024 in Ouagadougou: five admitted and housed (below), one who renounced, one not
  // admitted, one deleted (not counted); two students of the loaded list, one of them already
  // admitted by the publication (counted once).
  const s2023 = await pastSession(oua, 2023);
  const a1 = await assign(s2023, 'A/N1/C1/101/1', '2023-10-01', null);
  const a2 = await assign(s2023, 'A/N1/C1/101/2', '2023-10-01', '2024-01-16');
  const a3 = await assign(s2023, 'A/N1/C1/101/2', '2024-01-26', null);
  await assign(s2023, 'A/N1/C1/102/1', '2023-11-01', '2024-03-01');
  const a5 = await assign(s2023, 'A/N1/C1/102/1', '2024-03-05', null);
  await insertAdmitted(db, { idSessionCenou: s2023, sexe: 'F', statutDossier: 'DESISTE', reponse: 'REFUSE' });
  const refused = await insertStudent(db, { ville: 'Ouagadougou' });
  await insertDossier(db, {
    idSessionCenou: s2023,
    student: refused,
    criteres: [],
    statutDossier: 'NON_ADMIS',
  });
  const gone = await insertStudent(db, { ville: 'Ouagadougou' });
  await softDeleteDossier(
    db,
    (await insertDossier(db, { idSessionCenou: s2023, student: gone, criteres: [] })).idDossier,
  );
  const ouaga = await villeId(db, 'Ouagadougou');
  const admittedIne = (await one<{ ine: string }>(
    db,
    sql`SELECT r.ine FROM affectation a JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant WHERE a.id_affectation = ${a1}`,
  ))!.ine;
  await db.execute(
    sql`INSERT INTO admissible_charge (id_session_cenou, id_direction, ligne, ine, nom_etudiant, prenom_etudiant,
          sexe_etudiant, date_naissance, moyenne, id_ville, ville_orientation)
        VALUES (${s2023}, ${oua}, 1, ${admittedIne.toUpperCase()}, 'Déjà', 'Admis', 'M', '2004-01-01', 14, ${ouaga}, 'Ouagadougou'),
               (${s2023}, ${oua}, 2, 'CHARGE000001', 'Chargé', 'Seul', 'F', '2004-01-01', 13, ${ouaga}, 'Ouagadougou')`,
  );
  // Rent: a1 owes 15,000 and paid it; a3 owes 10,000 and paid 2,000 (8,000 late); a5 owes 5,000 and
  // paid 7,000 (no arrears: a credit lowers no one else's), its second instalment not due yet.
  await rent(a1, ['2023-11-05', '2023-12-05', '2024-01-05'], [15_000]);
  await rent(a3, ['2024-02-05', '2024-03-05'], [2_000]);
  await rent(a5, ['2024-04-05', '2099-01-05'], [7_000]);
  void a2;

  // 2024-2025: two dossiers in Ouagadougou, nobody housed; three in Bobo-Dioulasso.
  const s2024 = await pastSession(oua, 2024);
  for (const statutDossier of ['DEPOSE', 'NON_ADMIS'] as const)
    await insertDossier(db, {
      idSessionCenou: s2024,
      student: await insertStudent(db, { ville: 'Ouagadougou' }),
      criteres: [],
      statutDossier,
    });
  const b2024 = await pastSession(bob, 2024);
  for (const statutDossier of ['ADMIS', 'DESISTE', 'DEPOSE'] as const)
    await insertDossier(db, {
      idSessionCenou: b2024,
      student: await insertStudent(db, { ville: 'Bobo-Dioulasso' }),
      criteres: [],
      statutDossier,
    });
  // Repair requests of the cité: in 2023-2024 resolved after 2, 10 and 30 hours (median 10), one
  // still open; in 2024-2025 none resolved (null). Times in UTC; Ouagadougou's clock is UTC.
  const admin = await one<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM users WHERE user_name = 'admin.test'`,
  );
  const repair = (created: string, hours: number | null, statut: string) =>
    t.database.db.execute(
      sql`INSERT INTO intervention (id_cite, lieu, categorie, priorite, description, statut, id_auteur, echeance,
            resolue_le, created_at)
          VALUES (${cite.idCite}, 'SANITAIRES', 'PLOMBERIE', 'NORMALE', 'Fuite', ${statut}, ${admin!.id},
            ${created}::timestamptz + interval '7 days',
            ${hours === null ? null : sql`${created}::timestamptz + make_interval(hours => ${hours})`},
            ${created}::timestamptz)`,
    );
  await repair('2023-11-03T08:00:00Z', 2, 'CLOTUREE');
  await repair('2024-02-10T08:00:00Z', 10, 'RESOLUE');
  await repair('2024-09-20T08:00:00Z', 30, 'CLOTUREE');
  await repair('2024-03-01T08:00:00Z', null, 'PRISE_EN_CHARGE');
  await repair('2024-10-15T08:00:00Z', null, 'NOUVELLE');
});

afterAll(() => t?.close());

async function get(who: 'admin' | 'cenou' | 'dr' | 'etudiant', query: string) {
  return t.api('GET', `campus/statistiques?${query}`, { token: await t.token(who) });
}

describe('statistics', () => {
  it('equals the figures worked out by hand, for each direction and cité of each year', async () => {
    const res = await get('cenou', 'anneeDebut=2023&anneeFin=2024');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StatisticsAnswer;
    const dir = (id: number, annee: number) =>
      body.directions.find((d) => d.idDirection === id && d.anneeDebut === annee);
    // 7 live dossiers; admitted: 5 housed + 1 renounced + 1 loaded (the other loaded one is a1).
    expect(dir(oua, 2023)).toMatchObject({
      anneeAcademique: '2023-2024',
      demandes: 7,
      admis: 7,
      renonciations: 1,
    });
    expect(dir(oua, 2024)).toMatchObject({
      anneeAcademique: '2024-2025',
      demandes: 2,
      admis: 0,
      renonciations: 0,
    });
    expect(dir(bob, 2024)).toMatchObject({ demandes: 3, admis: 2, renonciations: 1 });
    expect(dir(bob, 2023)).toMatchObject({ demandes: 0, admis: 0, renonciations: 0 });

    const c2023 = body.cites.find((c) => c.idCite === cite.idCite && c.anneeDebut === 2023)!;
    expect(c2023).toMatchObject({ nomCite: 'Cité des statistiques', anneeAcademique: '2023-2024', lits: 4 });
    // Bed-days over 4 beds × the month's days (bed 4 stays empty):
    // October: beds 1 and 2 (62 / 124); November and December: beds 1, 2, 3 (75 %);
    // January: bed 1 31 + bed 2 15 (to the 16th) + 6 (from the 26th) + bed 3 31 = 83 / 124;
    // February: 3 × 29 / 116; March: 31 + 31 + 27 (from the 5th) = 89 / 124; then 3 beds (75 %)
    // to July; August and September, the cités closed, are not measured.
    const pct = (held: number, total: number) => Math.round((held / total) * 1000) / 10;
    expect(c2023.occupationParMois).toEqual([
      50,
      75,
      75,
      pct(83, 124),
      75,
      pct(89, 124),
      75,
      75,
      75,
      75,
      null,
      null,
    ]);
    // Bed 2 waited 10 days (16 → 26 January), bed 3 4 days (1 → 5 March): median 7.
    expect(c2023.delaiMedianReattributionJours).toBe(7);
    // Both freed beds were given again: none waits.
    expect(c2023.litsLiberesEnAttente).toBe(0);
    // Due by today 15,000 + 10,000 + 5,000 = 30,000; late 0 + 8,000 + 0.
    expect(c2023.partArrieres).toBe(pct(8_000, 30_000));
    expect(c2023.delaiMedianInterventionHeures).toBe(10);

    const c2024 = body.cites.find((c) => c.idCite === cite.idCite && c.anneeDebut === 2024)!;
    expect(c2024).toMatchObject({
      occupationParMois: [...Array(10).fill(0), null, null],
      delaiMedianReattributionJours: null,
      litsLiberesEnAttente: 0,
      partArrieres: null,
      delaiMedianInterventionHeures: null,
    });
  });

  it('gives a regional manager its own direction, and refuses it another one and a student', async () => {
    const own = await get('dr', 'anneeDebut=2023&anneeFin=2024');
    expect(own.statusCode, own.body).toBe(200);
    const body = own.json() as StatisticsAnswer;
    expect(new Set(body.directions.map((d) => d.idDirection))).toEqual(new Set([oua]));
    expect(body.cites.some((c) => c.idCite === cite.idCite)).toBe(true);
    expect(body.cites.every((c) => c.idDirection === oua)).toBe(true);
    expect((await get('dr', `anneeDebut=2023&idDirection=${oua}`)).statusCode).toBe(200);
    const other = await get('dr', `anneeDebut=2023&idDirection=${bob}`);
    expectCode(other, 403, 'INTERDIT');
    expect(other.json().message).toBe(messages.erreurInterditDirection);
    expectCode(await get('etudiant', 'anneeDebut=2023'), 403, 'INTERDIT');
    expect((await t.api('GET', 'campus/statistiques?anneeDebut=2023')).statusCode).toBe(401);
  });

  it('reads one year when no end is given', async () => {
    const res = await get('admin', `anneeDebut=2024&idDirection=${bob}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StatisticsAnswer;
    expect(body.directions).toEqual([
      expect.objectContaining({ idDirection: bob, anneeDebut: 2024, demandes: 3 }),
    ]);
  });

  it('refuses bad years in French, naming the field', async () => {
    const before = await get('cenou', 'anneeDebut=2025&anneeFin=2024');
    expectCode(before, 400, 'VALIDATION');
    expect(before.json().errors).toEqual([
      { champ: 'anneeFin', message: messages.statistiquesAnneeFinAvant },
    ]);
    const missing = await get('cenou', 'anneeFin=2024');
    expectCode(missing, 400, 'VALIDATION');
    expect(missing.json().errors).toEqual([{ champ: 'anneeDebut', message: messages.champObligatoire }]);
    const far = await get('cenou', 'anneeDebut=1850');
    expect(far.json().errors).toEqual([
      { champ: 'anneeDebut', message: messages.statistiquesAnneeHorsBornes },
    ]);
    const many = await get('cenou', 'anneeDebut=2000&anneeFin=2030');
    expect(many.json().errors).toEqual([{ champ: 'anneeFin', message: messages.statistiquesTropDAnnees }]);
    expectCode(await get('cenou', 'anneeDebut=2023&format=pdf'), 400, 'VALIDATION');
  });

  it('writes the same figures in a workbook, one sheet per family', async () => {
    const json = (
      await get('cenou', `anneeDebut=2023&anneeFin=2024&idDirection=${oua}`)
    ).json() as StatisticsAnswer;
    const res = await t.api(
      'GET',
      `campus/statistiques?anneeDebut=2023&anneeFin=2024&idDirection=${oua}&format=xlsx`,
      {
        token: await t.token('cenou'),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/statistiques_\d{8}_\d{6}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const m = statisticsMessages;
    // Under the title, the years, the direction and when the figures were computed, in
    // Ouagadougou's time (UTC all year), on every sheet.
    const direction = json.directions.find((d) => d.idDirection === oua)!.libelleDirection;
    for (const sheet of book.worksheets) {
      expect(sheet.getCell('A3').value).toBe(`Direction\u00a0: ${direction}`);
      const computed = String(sheet.getCell('A4').value);
      const [, day, month, year, hour, minute] =
        /^Calculé le (\d{2})\/(\d{2})\/(\d{4}) à (\d{2}):(\d{2}) \(heure de Ouagadougou\)\.$/.exec(
          computed,
        ) ?? [];
      expect(year, computed).toBeDefined();
      const at = Date.UTC(+year, +month - 1, +day, +hour, +minute);
      expect(Math.abs(at - Date.now())).toBeLessThan(5 * 60_000);
    }
    // The title names the range of years; one year alone is said in the singular.
    expect(book.worksheets[0].getCell('A2').value).toBe(
      'Statistiques de l’hébergement — années académiques 2023-2024 à 2024-2025',
    );
    const one = new ExcelJS.Workbook();
    const single = await t.api('GET', `campus/statistiques?anneeDebut=2023&idDirection=${oua}&format=xlsx`, {
      token: await t.token('cenou'),
    });
    expect(single.statusCode, single.body).toBe(200);
    await one.xlsx.load(single.rawPayload as unknown as ArrayBuffer);
    for (const sheet of one.worksheets)
      expect(sheet.getCell('A2').value).toBe('Statistiques de l’hébergement — année académique 2023-2024');
    expect(book.worksheets.map((w) => w.name)).toEqual([
      m.demandesFeuille,
      m.occupationFeuille,
      m.delaisFeuille,
    ]);
    /** The table of a sheet (under its heading lines and a blank row): header, then the rows. */
    const table = (name: string) => {
      const values: unknown[][] = [];
      book.getWorksheet(name)!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      const start = values.findIndex((r) => r[0] === m.colonneDirection || r[0] === m.colonneCite);
      return { header: values[start], rows: values.slice(start + 1) };
    };
    const demandes = table(m.demandesFeuille);
    expect(demandes.header).toEqual([
      m.colonneDirection,
      m.colonneAnnee,
      m.colonneDemandes,
      m.colonneAdmis,
      m.colonneRenonciations,
    ]);
    // As the screen: only the directions with a figure in a year shown; the others said below.
    const shown = json.directions.filter((d) =>
      json.directions.some(
        (x) => x.idDirection === d.idDirection && x.demandes + x.admis + x.renonciations > 0,
      ),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(demandes.rows.slice(0, shown.length)).toEqual(
      shown.map((d) => [d.libelleDirection, d.anneeAcademique, d.demandes, d.admis, d.renonciations]),
    );
    // Each name whole in its column: the direction's and the cité's columns as wide as their longest.
    const longest = (names: string[]) => {
      expect(names.length).toBeGreaterThan(0);
      return Math.max(...names.map((n) => n.length));
    };
    expect(book.getWorksheet(m.demandesFeuille)!.getColumn(1).width).toBeGreaterThan(
      longest(shown.map((d) => d.libelleDirection)),
    );
    for (const name of [m.occupationFeuille, m.delaisFeuille])
      expect(book.getWorksheet(name)!.getColumn(1).width, name).toBeGreaterThan(
        longest(json.cites.map((c) => c.nomCite)),
      );
    // Below the table, after a blank row: what « Admis » counts (one direction asked, no idle one).
    expect(demandes.rows.slice(shown.length)).toEqual([[m.admisAide]]);
    // Every direction asked: the idle ones named in the screen's sentence, no row of zeros.
    const all = (await get('cenou', 'anneeDebut=2023&anneeFin=2024')).json() as StatisticsAnswer;
    const allBook = new ExcelJS.Workbook();
    const allRes = await t.api('GET', 'campus/statistiques?anneeDebut=2023&anneeFin=2024&format=xlsx', {
      token: await t.token('cenou'),
    });
    await allBook.xlsx.load(allRes.rawPayload as unknown as ArrayBuffer);
    const allValues: unknown[][] = [];
    allBook
      .getWorksheet(m.demandesFeuille)!
      .eachRow((row) => allValues.push((row.values as unknown[]).slice(1)));
    const { active, idle } = splitIdleDirections(all.directions);
    expect(idle.length).toBeGreaterThan(0);
    const start = allValues.findIndex((r) => r[0] === m.colonneDirection) + 1;
    expect(allValues.slice(start)).toEqual([
      ...active
        .flat()
        .map((d) => [d.libelleDirection, d.anneeAcademique, d.demandes, d.admis, d.renonciations]),
      [idleDirectionsSentence(idle)],
      [m.admisAide],
    ]);
    // An empty cell reads back as nothing: exceljs leaves it out of the row's values.
    const cells = (v: number | null) => v ?? undefined;
    const occupation = table(m.occupationFeuille);
    // Below the table, after a blank row: the screen's note on what each month's share means.
    expect(occupation.rows.at(-1)).toEqual([m.occupationAide]);
    occupation.rows.pop();
    // A month not measured (not begun, the cités closed in August and September) is an empty cell.
    expect(occupation.rows.map((r) => [...r, ...Array(15 - r.length).fill(undefined)])).toEqual(
      json.cites.map((c) => [c.nomCite, c.anneeAcademique, c.lits, ...c.occupationParMois.map(cells)]),
    );
    const delais = table(m.delaisFeuille);
    expect(delais.rows.at(-1)).toEqual([m.delaisAide]);
    delais.rows.pop();
    expect(delais.rows.map((r) => [...r, ...Array(6 - r.length).fill(undefined)])).toEqual(
      json.cites.map((c) => [
        c.nomCite,
        c.anneeAcademique,
        cells(c.delaiMedianReattributionJours),
        c.litsLiberesEnAttente,
        cells(c.partArrieres),
        cells(c.delaiMedianInterventionHeures),
      ]),
    );
    // The medians and the share to the tenth, in the answer and in the cells' format, as the
    // screen shows them (a cell holding 124.99 read « 124,99 » beside the screen's « 125 »).
    for (const c of json.cites)
      for (const v of [c.delaiMedianReattributionJours, c.partArrieres, c.delaiMedianInterventionHeures])
        if (v !== null) expect(Math.round(v * 10) / 10).toBe(v);
    const delaisSheet = book.getWorksheet(m.delaisFeuille)!;
    let headerRow = 0;
    delaisSheet.eachRow((row, i) => {
      if (row.getCell(1).value === m.colonneCite) headerRow = i;
    });
    for (const col of [3, 5, 6]) expect(delaisSheet.getRow(headerRow + 1).getCell(col).numFmt).toBe('0.0');
  });
});

describe('the stored figures of a closed session', () => {
  let s2021: number;
  let a21: number;
  let a22: number;
  const years = 'anneeDebut=2021&anneeFin=2024';
  const scope = { anneeDebut: 2021, anneeFin: 2024, idDirection: undefined };

  /** The session's stored row: null when none; its rent null while an instalment is to fall due. */
  const stored = (id: number) =>
    one<{ loyer: boolean; dossiers: unknown }>(
      t.database.db,
      sql`SELECT loyer IS NOT NULL AS loyer, dossiers FROM statistique_session WHERE id_session_cenou = ${id}`,
    );

  /** The answer of the call (stored figures where kept) equals every figure read from the tables. */
  async function expectLive(): Promise<StatisticsAnswer> {
    const res = await get('cenou', years);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as StatisticsAnswer;
    expect(answer).toEqual(await statistics(t.database.db, scope, { stored: false }));
    const own = await get('dr', years);
    expect(own.json()).toEqual(
      await statistics(t.database.db, { ...scope, idDirection: oua }, { stored: false }),
    );
    return answer;
  }
  const ouaYear = (answer: StatisticsAnswer) =>
    answer.directions.find((d) => d.idDirection === oua && d.anneeDebut === 2021)!;
  const citeYear = (answer: StatisticsAnswer) =>
    answer.cites.find((c) => c.idCite === cite.idCite && c.anneeDebut === 2021)!;

  beforeAll(async () => {
    // 2021-2022 in Ouagadougou: two housed, every instalment fallen due.
    s2021 = await pastSession(oua, 2021);
    a21 = await assign(s2021, 'A/N1/C1/101/1', '2021-10-01', null);
    a22 = await assign(s2021, 'A/N1/C1/102/2', '2021-10-01', null);
    await rent(a21, ['2021-11-05', '2021-12-05'], [5_000]);
    await rent(a22, ['2022-01-05'], []);
  });

  it('are stored at the first call, equal to the figures read from the tables', async () => {
    expect(await stored(s2021)).toBeUndefined();
    const answer = await expectLive();
    expect(ouaYear(answer)).toMatchObject({ demandes: 2, admis: 2, renonciations: 0 });
    // Due 15,000, late 5,000 (a21) + 5,000 (a22).
    expect(citeYear(answer).partArrieres).toBe(Math.round((10_000 / 15_000) * 1000) / 10);
    expect(await stored(s2021)).toMatchObject({ loyer: true });
    // The 2023 session's rent still has an instalment to fall due (2099): its counts alone are kept.
    const s2023 = await one<{ id: number }>(
      t.database.db,
      sql`SELECT id_session_cenou AS id FROM session_cenou WHERE annee_debut = 2023 AND id_direction = ${oua}`,
    );
    expect(await stored(s2023!.id)).toMatchObject({ loyer: false });
  });

  it('are dropped by a change to one of its dossiers, and computed again', async () => {
    await expectLive();
    const dossier = await one<{ id: number }>(
      t.database.db,
      sql`SELECT id_dossier AS id FROM affectation WHERE id_affectation = ${a22}`,
    );
    await t.database.db.execute(
      sql`UPDATE dossier SET statut_dossier = 'DESISTE' WHERE id_dossier = ${dossier!.id}`,
    );
    expect(await stored(s2021)).toBeUndefined();
    expect(ouaYear(await expectLive())).toMatchObject({ demandes: 2, admis: 2, renonciations: 1 });
    expect(await stored(s2021)).toMatchObject({ loyer: true });
  });

  it('are dropped by a new assignment, and by a line of its rent', async () => {
    await expectLive();
    const a23 = await assign(s2021, 'A/N1/C1/102/1', '2022-02-01', null);
    expect(await stored(s2021)).toBeUndefined();
    expect(ouaYear(await expectLive())).toMatchObject({ demandes: 3, admis: 3 });
    expect(await stored(s2021)).toMatchObject({ loyer: true });
    // An instalment of 5,000 paid 5,000: due 20,000, still 10,000 late.
    await rent(a23, ['2022-03-05'], [5_000]);
    expect(await stored(s2021)).toBeUndefined();
    expect(citeYear(await expectLive()).partArrieres).toBe(50);
    // A cancellation (an update of the assignment): its figures are read again too.
    await t.database.db.execute(
      sql`UPDATE affectation SET deleted_at = '2022-04-01T15:00:00Z' WHERE id_affectation = ${a21}`,
    );
    expect(await stored(s2021)).toBeUndefined();
    await expectLive();
    expect(await stored(s2021)).toMatchObject({ loyer: true });
  });

  it('are kept when another session changes', async () => {
    await expectLive();
    const other = await pastSession(bob, 2021);
    await insertDossier(t.database.db, {
      idSessionCenou: other,
      student: await insertStudent(t.database.db, { ville: 'Bobo-Dioulasso' }),
      criteres: [],
      statutDossier: 'ADMIS',
    });
    expect(await stored(s2021)).toMatchObject({ loyer: true });
    const answer = await expectLive();
    expect(answer.directions.find((d) => d.idDirection === bob && d.anneeDebut === 2021)).toMatchObject({
      demandes: 1,
      admis: 1,
    });
  });

  it('count the rent’s instalments only, and a freed bed not given again as waiting, stored as read', async () => {
    expect(citeYear(await expectLive()).partArrieres).toBe(50);
    // A damage charged at a22's departure, unpaid: owed, but no rent (docs/rent.md#a-departure).
    await withTransaction(t.database.db, (tx) =>
      postTransactions(tx, [
        {
          nature: 'DEGRADATION',
          libelle: 'Chaise abîmée',
          dateValeur: '2022-05-01',
          idAffectation: a22,
          idAuteur: null,
          lines: [
            { compte: accounts.etudiant(a22), debit: 7_500 },
            { compte: accounts.degradationCite(cite.idCite), credit: 7_500 },
          ],
        },
      ]),
    );
    // A bed given and freed in one transaction (one `now()`): not re-let in 0 days by itself.
    const a24 = await assign(s2021, 'A/N1/C1/101/2', '2022-06-01', null);
    await t.database.db.execute(
      sql`UPDATE affectation SET deleted_at = created_at WHERE id_affectation = ${a24}`,
    );
    const answer = await expectLive();
    expect(await stored(s2021)).toMatchObject({ loyer: true });
    // Still 10,000 of rent late over 20,000 fallen due: the 7,500 of damage counted in neither.
    expect(citeYear(answer).partArrieres).toBe(50);
    // Freed and not given again within the year: a21's bed (cancelled 1 April) and a24's.
    expect(citeYear(answer)).toMatchObject({ delaiMedianReattributionJours: null, litsLiberesEnAttente: 2 });
  });
});

describe('the stored figures of a session still open', () => {
  let open: number;
  const years = 'anneeDebut=2040';
  const scope = { anneeDebut: 2040, anneeFin: 2040, idDirection: undefined };

  /** The session's stored row: its counts, its rent and when they were computed. */
  const stored = (id: number) =>
    one<{ dossiers: { demandes: number }[]; loyer: { aVenir?: true }[] | null; calculeLe: string }>(
      t.database.db,
      sql`SELECT dossiers, loyer, to_char(calcule_le AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "calculeLe"
          FROM statistique_session WHERE id_session_cenou = ${id}`,
    );
  const figures = ({ enCoursCalculeLe: _, ...rest }: StatisticsAnswer) => rest;

  /** The call's figures equal those read from the tables; returns the answer. */
  async function expectLive(): Promise<StatisticsAnswer> {
    const res = await get('cenou', years);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as StatisticsAnswer;
    expect(figures(answer)).toEqual(figures(await statistics(t.database.db, scope, { stored: false })));
    return answer;
  }
  const ouaYear = (answer: StatisticsAnswer) =>
    answer.directions.find((d) => d.idDirection === oua && d.anneeDebut === 2040)!;
  const addDossier = async () =>
    insertDossier(t.database.db, {
      idSessionCenou: open,
      student: await insertStudent(t.database.db, { ville: 'Ouagadougou' }),
      criteres: [],
    });

  beforeAll(async () => {
    open = await insertSession(t.database.db, oua, 'INSCRIPTION', 'OUVERT');
    await t.database.db.execute(
      sql`UPDATE session_cenou SET annee_debut = 2040 WHERE id_session_cenou = ${open}`,
    );
    await addDossier();
  });

  it('are stored at the first call with when they were computed, which the answer says', async () => {
    const before = Date.now();
    expect(await stored(open)).toBeUndefined();
    const answer = await expectLive();
    expect(ouaYear(answer)).toMatchObject({ demandes: 1, admis: 0 });
    const row = await stored(open);
    expect(row?.dossiers).toEqual([expect.objectContaining({ idDirection: oua, demandes: 1 })]);
    expect(answer.enCoursCalculeLe).toBe(row!.calculeLe);
    expect(Date.parse(answer.enCoursCalculeLe!)).toBeGreaterThanOrEqual(before - 60_000);
    // The next call reads them as stored: computed at the same time.
    expect((await expectLive()).enCoursCalculeLe).toBe(row!.calculeLe);
    // The workbook says it too, under the moment of the file, in Ouagadougou's time (UTC).
    const res = await t.api('GET', `campus/statistiques?${years}&format=xlsx`, {
      token: await t.token('cenou'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const at = new Date(row!.calculeLe);
    const two = (n: number) => String(n).padStart(2, '0');
    const sentence = fill(statisticsMessages.exportEnCoursCalcule, {
      date: `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`,
      heure: `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`,
      minutes: String(STATISTICS_OPEN_FRESHNESS_MINUTES),
    });
    for (const sheet of book.worksheets) {
      expect(sheet.getCell('A3').value).toBe(statisticsMessages.exportToutesDirections);
      expect(String(sheet.getCell('A4').value)).toMatch(/^Calculé le /);
      expect(sheet.getCell('A5').value).toBe(sentence);
    }
  });

  it('show a new dossier and a new assignment at once: the write drops them', async () => {
    await expectLive();
    await addDossier();
    expect(await stored(open)).toBeUndefined();
    expect(ouaYear(await expectLive())).toMatchObject({ demandes: 2 });
    const a = await assign(open, 'A/N1/C1/101/2', '2040-10-01', '2040-12-01');
    expect(await stored(open)).toBeUndefined();
    expect(ouaYear(await expectLive())).toMatchObject({ demandes: 3, admis: 1 });
    // Its rent: one instalment fallen due, one to fall due, stored as it stands today, marked.
    await rent(a, ['2026-10-05', '2099-01-05'], [2_000]);
    expect(await stored(open)).toBeUndefined();
    const answer = await expectLive();
    expect(answer.cites.find((c) => c.idCite === cite.idCite)?.partArrieres).toBe(60);
    expect((await stored(open))?.loyer).toEqual([expect.objectContaining({ aVenir: true })]);
  });

  it('are read as stored within the freshness, and computed again once older', async () => {
    await expectLive();
    const live = ouaYear(await statistics(t.database.db, scope, { stored: false }));
    // A stored row altered by hand (no write to the session's tables) is what a call reads...
    await t.database.db.execute(
      sql`UPDATE statistique_session SET dossiers = jsonb_set(dossiers, '{0,demandes}', '999')
          WHERE id_session_cenou = ${open}`,
    );
    expect(ouaYear((await get('cenou', years)).json() as StatisticsAnswer).demandes).toBe(999);
    // ...until it is older than the freshness: then computed again from the tables.
    await t.database.db.execute(
      sql`UPDATE statistique_session SET calcule_le = now() - make_interval(mins => ${STATISTICS_OPEN_FRESHNESS_MINUTES + 1})
          WHERE id_session_cenou = ${open}`,
    );
    const stale = (await stored(open))!.calculeLe;
    const answer = await expectLive();
    expect(ouaYear(answer)).toEqual(live);
    expect(Date.parse(answer.enCoursCalculeLe!)).toBeGreaterThan(Date.parse(stale));
  });

  it('once the session is closed, have their rent still to fall due read again', async () => {
    await expectLive();
    expect((await stored(open))?.loyer).toEqual([expect.objectContaining({ aVenir: true })]);
    await t.database.db.execute(
      sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_session_cenou = ${open}`,
    );
    const answer = await expectLive();
    expect(answer.enCoursCalculeLe).toBeNull();
    // A closed session's rent is stored once all has fallen due: not yet (2099).
    expect((await stored(open))?.loyer).toBeNull();
  });
});
