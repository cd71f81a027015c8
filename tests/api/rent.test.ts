import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETUDIANT } from '../../src/domain/enums';
import { gsmSeptets, SMS_MAX_SEPTETS } from '../../src/domain/gsm';
import { messages } from '../../src/domain/messages';
import { addMonths, citesFermees } from '../../src/domain/rent';
import { formatFcfa } from '../../src/domain/money';
import { one, rows } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { cancelAssignmentsOfDossier } from '../../src/server/modules/assignment/service';
import { accountSums, journalCheck, todayUtc } from '../../src/server/modules/rent/repository';
import { failPayment, newPaymentReference, recordPayment } from '../../src/server/modules/rent/service';
import { signToken } from '../../src/server/plugins/auth';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { assignedOn, owedRent, weekBefore } from '../helpers/rent';
import { cutTexts, readPdf, readPdfLayout, renderPdf } from '../helpers/pdf';
import { describeOnPostgres } from '../helpers/postgres';
import { expectCode, expectFieldError, Fixtures } from '../helpers/resources';

/**
 * Rent (docs/rent.md): the payment settings, the sessions' rent fields, the journal held by the
 * database (balanced at commit, never updated), instalments on assign, move and cancel, cash
 * payments, `recordPayment` exactly once, the student's rent and the arrears list. After every
 * operation the whole journal balances.
 */

let t: TestContext;
let f: Fixtures;
let oua: number;
let session: number;
let cite: MadeCite;
/** A second category of the cité (8,000 FCFA) and a room of it. */
let bedOther: number;
/** A free room (a category at 0 FCFA) of the cité. */
let bedFree: number;
let idOperateurOrange: number;
const today = todayUtc();
/** The first instalment two months ago: of the ten, those of open months up to today are due. */
const premiere = addMonths(today, -2);
/** The day the tests' assignments are made: a week before the first instalment. */
const jour = weekBefore(premiere);
/** What each assignment of the cité's first category owes (the rule of the months lived). */
const owed = owedRent({ premiereEcheance: premiere, moisLoyer: 10, montant: 5000 }, jour, today);
const numbers = (list: { numero: number }[]) => list.map((i) => i.numero);

const db = () => t.database.db;
const as = async (who: 'admin' | 'cenou' | 'dr' | 'dr2') => ({ token: await t.token(who) });
const studentToken = (s: Admitted) => signToken(t.app, { id: s.idUser, role: ETUDIANT, tokenVersion: 0 });

async function expectBalanced() {
  const check = await journalCheck(db());
  expect(check.ecart).toBe(0);
  expect(check.desequilibrees).toBe(0);
  // Each assignment's sums kept by the database (loyer_compte) are its lines' own.
  expect(check.comptesFaux).toBe(0);
}

interface Assigned {
  idAffectation: number;
  idLit: number;
  student: Admitted;
}

let nextFree = 0;
/** A new admitted student given a bed of the cité's first category. */
async function assignOne(): Promise<Assigned> {
  const student = await insertAdmitted(db(), { idSessionCenou: session, sexe: 'F', rang: 1 });
  const res = await assignedOn(db(), jour, async () =>
    t.api('POST', 'campus/affectation', {
      ...(await as('cenou')),
      body: { idSessionCenou: session, idCite: cite.idCite, etudiants: [student.ine] },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json() as { affectes: { idAffectation: number; idLit: number }[] }).affectes[0];
  nextFree += 1;
  return { idAffectation: row.idAffectation, idLit: row.idLit, student };
}

/** A balanced transaction written by hand (two lines, 100 FCFA). */
async function postBalanced(libelle: string) {
  await db().transaction(async (tx) => {
    const h = await one<{ id: number }>(
      tx,
      sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', ${libelle}, CURRENT_DATE)
          RETURNING id_transaction AS id`,
    );
    await tx.execute(
      sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
          VALUES (${h!.id}, 'CAISSE:CITE:1', 100, 0), (${h!.id}, 'OPERATEUR:1', 0, 100)`,
    );
  });
}

/** The database's error (drizzle wraps it: 'Failed query…', the cause saying why) matches. */
const says = (pattern: RegExp) => (err: unknown) => {
  const e = err as { message?: string; cause?: { message?: string; constraint?: string } };
  return pattern.test(`${e.message} ${e.cause?.message ?? ''} ${e.cause?.constraint ?? ''}`);
};

async function instalments(idAffectation: number) {
  return rows<{ nature: string; numero: number; date: string; montant: number; annulee: boolean }>(
    db(),
    sql`SELECT t.nature, t.numero_echeance AS numero, to_char(t.date_valeur, 'YYYY-MM-DD') AS date,
          l.debit::int - l.credit::int AS montant,
          EXISTS (SELECT 1 FROM journal_transaction r WHERE r.id_transaction_annulee = t.id_transaction) AS annulee
        FROM journal_transaction t JOIN journal_ligne l ON l.id_transaction = t.id_transaction AND l.id_affectation IS NOT NULL
        WHERE t.id_affectation = ${idAffectation} AND t.nature = 'ECHEANCE'
        ORDER BY t.id_transaction`,
  );
}

beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  oua = await directionId(db(), 'OUA');
  await db().execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
  );
  session = await insertSession(db(), oua, 'DELIBERATION');
  await db().execute(
    sql`UPDATE session_cenou SET premiere_echeance = ${premiere}, mois_loyer = 10 WHERE id_session_cenou = ${session}`,
  );
  cite = await insertCite(db(), {
    montant: 5000,
    batiments: [
      { code: 'A', sexe: 'F', chambres: [1, 2, 3, 4, 5, 6].map((n) => ({ code: `${n}`, lits: 4 })) },
    ],
  });
  // A dearer category in the same cité, with one room.
  const cat = await one<{ id: number }>(
    db(),
    sql`INSERT INTO categorie_chambre (id_cite, libelle_categorie_chambre, montant_chambre)
        VALUES (${cite.idCite}, 'Confort', 8000) RETURNING id_categorie_chambre AS id`,
  );
  const couloir = await one<{ id: number }>(
    db(),
    sql`SELECT id_couloir AS id FROM chambre WHERE id_chambre = ${cite.chambres['A/N1/C1/1']}`,
  );
  const room = await one<{ id: number }>(
    db(),
    sql`INSERT INTO chambre (id_couloir, id_categorie_chambre, libelle_chambre, code_chambre)
        VALUES (${couloir!.id}, ${cat!.id}, 'Chambre 99', '99') RETURNING id_chambre AS id`,
  );
  const free = await one<{ id: number }>(
    db(),
    sql`INSERT INTO categorie_chambre (id_cite, libelle_categorie_chambre, montant_chambre)
        VALUES (${cite.idCite}, 'Gratuite', 0) RETURNING id_categorie_chambre AS id`,
  );
  const freeRoom = await one<{ id: number }>(
    db(),
    sql`INSERT INTO chambre (id_couloir, id_categorie_chambre, libelle_chambre, code_chambre)
        VALUES (${couloir!.id}, ${free!.id}, 'Chambre 98', '98') RETURNING id_chambre AS id`,
  );
  bedFree = (await one<{ id: number }>(
    db(),
    sql`INSERT INTO lit (id_chambre, libelle_lit, code_lit) VALUES (${freeRoom!.id}, 'Lit 1', '1') RETURNING id_lit AS id`,
  ))!.id;
  bedOther = (await one<{ id: number }>(
    db(),
    sql`INSERT INTO lit (id_chambre, libelle_lit, code_lit) VALUES (${room!.id}, 'Lit 1', '1') RETURNING id_lit AS id`,
  ))!.id;
});
afterAll(() => t?.close());

describe('the payment settings', () => {
  it('are written by the admin, read by staff, checked', async () => {
    const especes = await t.api('POST', 'campus/type-paiement', {
      ...(await as('admin')),
      body: { libelleTypePaiement: 'Espèces', codeTypePaiement: 'ESPECES' },
    });
    expect(especes.statusCode, especes.body).toBe(201);
    expect(especes.json()).toMatchObject({ codeTypePaiement: 'ESPECES', actif: true });
    const mm = await f.create('type-paiement', {
      libelleTypePaiement: 'Mobile money',
      codeTypePaiement: 'MOBILE_MONEY',
    });
    const caisse = await t.api('POST', 'campus/operateur', {
      ...(await as('admin')),
      body: {
        libelleOperateur: 'Caisse de la cité',
        codeOperateur: 'CAISSE',
        idTypePaiement: especes.json().idTypePaiement,
      },
    });
    expect(caisse.statusCode, caisse.body).toBe(201);
    expect(caisse.json()).toMatchObject({ libelleTypePaiement: 'Espèces', codeTypePaiement: 'ESPECES' });
    idOperateurOrange = (
      await f.create('operateur', {
        libelleOperateur: 'Orange Money',
        codeOperateur: 'ORANGE_MONEY',
        idTypePaiement: mm.idTypePaiement,
      })
    ).idOperateur as number;

    const list = await t.api('GET', 'campus/operateur', await as('dr'));
    expect(list.statusCode).toBe(200);
    expect((list.json() as { codeOperateur: string }[]).map((o) => o.codeOperateur)).toEqual(
      expect.arrayContaining(['CAISSE', 'ORANGE_MONEY']),
    );
    const refused = await t.api('POST', 'campus/type-paiement', {
      ...(await as('cenou')),
      body: { libelleTypePaiement: 'Chèque', codeTypePaiement: 'VIREMENT' },
    });
    expectCode(refused, 403, 'INTERDIT');
    const badCode = await t.api('POST', 'campus/type-paiement', {
      ...(await as('admin')),
      body: { libelleTypePaiement: 'Chèque', codeTypePaiement: 'CHEQUE' },
    });
    expectFieldError(badCode, 'codeTypePaiement', messages.choixInvalide);
    const twice = await t.api('POST', 'campus/operateur', {
      ...(await as('admin')),
      body: {
        libelleOperateur: 'Autre caisse',
        codeOperateur: 'caisse',
        idTypePaiement: especes.json().idTypePaiement,
      },
    });
    expectCode(twice, 409, 'DOUBLON');
  });
});

describe('the session’s rent settings', () => {
  it('default to 10 months from 5 November of the first year, 1 to 12', async () => {
    const s = await f.create('session-cenou', {
      statutSession: 'FERME',
      dateOuverture: '2027-09-10',
      dateFermeture: null,
    });
    expect(s).toMatchObject({ moisLoyer: 10, premiereEcheance: '2027-11-05', anneeDebut: 2027 });
    const chosen = await f.create('session-cenou', {
      statutSession: 'FERME',
      moisLoyer: 9,
      premiereEcheance: '2027-10-01',
    });
    expect(chosen).toMatchObject({ moisLoyer: 9, premiereEcheance: '2027-10-01' });
    const tooMany = await t.api('POST', 'campus/session-cenou', {
      ...(await as('admin')),
      body: await f.payload('session-cenou', { statutSession: 'FERME', moisLoyer: 13 }),
    });
    expectFieldError(tooMany, 'moisLoyer');
    const badDate = await t.api('POST', 'campus/session-cenou', {
      ...(await as('admin')),
      body: await f.payload('session-cenou', { statutSession: 'FERME', premiereEcheance: '2027-02-30' }),
    });
    expectFieldError(badDate, 'premiereEcheance', messages.dateInvalide);
  });
});

describe('the journal, held by the database', () => {
  it('refuses at commit a transaction whose lines do not balance, and one line alone', async () => {
    const unbalanced = db().transaction(async (tx) => {
      const h = await one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'test', CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit) VALUES (${h!.id}, 'CAISSE:CITE:1', 100)`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, credit) VALUES (${h!.id}, 'LOYER:CITE:1', 90)`,
      );
    });
    await expect(unbalanced).rejects.toSatisfy(says(/unbalanced/));
    const alone = db().transaction(async (tx) => {
      const h = await one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'test', CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit) VALUES (${h!.id}, 'CAISSE:CITE:1', 100)`,
      );
    });
    await expect(alone).rejects.toSatisfy(says(/unbalanced/));
    // Nothing of them stayed; a balanced one written by hand is accepted.
    expect(await one(db(), sql`SELECT 1 FROM journal_transaction WHERE libelle = 'test'`)).toBeUndefined();
    await postBalanced('équilibrée');
    await expectBalanced();
  });

  it('refuses a line with both a debit and a credit, or neither, and an account of another assignment', async () => {
    const both = db().transaction(async (tx) => {
      const h = await one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'x', CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit) VALUES (${h!.id}, 'A', 5, 5)`,
      );
    });
    await expect(both).rejects.toSatisfy(says(/journal_ligne_montant/));
    const other = db().transaction(async (tx) => {
      const h = await one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'x', CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit) VALUES (${h!.id}, 'ETUDIANT:999999', 5)`,
      );
    });
    await expect(other).rejects.toSatisfy(says(/outside the assignment/));
  });

  it('refuses at commit a transaction without lines', async () => {
    const empty = db().transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'vide', CURRENT_DATE)`,
      );
    });
    await expect(empty).rejects.toSatisfy(says(/unbalanced/));
    expect(await one(db(), sql`SELECT 1 FROM journal_transaction WHERE libelle = 'vide'`)).toBeUndefined();
  });

  it('checks the balance again for lines written after a check in the middle of a transaction', async () => {
    const late = db().transaction(async (tx) => {
      const h = await one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'tardive', CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
            VALUES (${h!.id}, 'CAISSE:CITE:1', 100, 0), (${h!.id}, 'OPERATEUR:1', 0, 100)`,
      );
      // The deferred check runs now, and passes; then a line unbalances the transaction.
      await tx.execute(sql`SET CONSTRAINTS journal_equilibre IMMEDIATE`);
      await tx.execute(sql`SET CONSTRAINTS journal_equilibre DEFERRED`);
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit) VALUES (${h!.id}, 'CAISSE:CITE:1', 7)`,
      );
    });
    await expect(late).rejects.toSatisfy(says(/unbalanced/));
    // Two transactions of one database transaction, the second unbalanced: the check at commit,
    // made once for both, names it.
    const second = db().transaction(async (tx) => {
      for (const credit of [100, 90]) {
        const h = await one<{ id: number }>(
          tx,
          sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'tardive', CURRENT_DATE)
              RETURNING id_transaction AS id`,
        );
        await tx.execute(
          sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
              VALUES (${h!.id}, 'CAISSE:CITE:1', 100, 0), (${h!.id}, 'OPERATEUR:1', 0, ${credit})`,
        );
      }
    });
    await expect(second).rejects.toSatisfy(says(/unbalanced: debits 100, credits 90/));
    expect(await one(db(), sql`SELECT 1 FROM journal_transaction WHERE libelle = 'tardive'`)).toBeUndefined();
    await expectBalanced();
  });

  it('checks lines given whole against their header, and refuses lines added to an earlier transaction', async () => {
    const header = (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0]) =>
      one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'entière', CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
    // Given whole and right: accepted (the bulk posting's way).
    await db().transaction(async (tx) => {
      const h = await header(tx);
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit, nature, date_valeur, id_affectation)
            VALUES (${h!.id}, 'CAISSE:CITE:1', 100, 0, 'PAIEMENT', CURRENT_DATE, NULL),
                   (${h!.id}, 'OPERATEUR:1', 0, 100, 'PAIEMENT', CURRENT_DATE, NULL)`,
      );
    });
    // Another value date, another nature, an assignment on an account that is not a student's.
    for (const [nature, day, idAffectation] of [
      ['PAIEMENT', sql`CURRENT_DATE - 1`, null],
      ['ECHEANCE', sql`CURRENT_DATE`, null],
      ['PAIEMENT', sql`CURRENT_DATE`, 1],
    ] as const) {
      const wrong = db().transaction(async (tx) => {
        const h = await header(tx);
        await tx.execute(
          sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit, nature, date_valeur, id_affectation)
              VALUES (${h!.id}, 'CAISSE:CITE:1', 100, 0, ${nature}, ${day}, ${idAffectation}),
                     (${h!.id}, 'OPERATEUR:1', 0, 100, 'PAIEMENT', CURRENT_DATE, NULL)`,
        );
      });
      await expect(wrong).rejects.toSatisfy(says(/does not agree with transaction/));
    }
    // Lines for a transaction committed earlier: refused, even balanced.
    const [old] = await rows<{ id: number }>(
      db(),
      sql`SELECT id_transaction AS id FROM journal_transaction WHERE libelle = 'entière'`,
    );
    const late = db().execute(
      sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
          VALUES (${old.id}, 'CAISSE:CITE:1', 5, 0), (${old.id}, 'OPERATEUR:1', 0, 5)`,
    );
    await expect(late).rejects.toSatisfy(says(/earlier database transaction/));
    await expectBalanced();
  });

  it('names only assignments and reversed transactions that exist, and keeps an assignment with entries', async () => {
    // What the foreign keys refused, now one check per statement (migration fill_speed).
    const ghost = db().transaction(async (tx) => {
      const h = await one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur, id_affectation)
            VALUES ('PAIEMENT', 'fantôme', CURRENT_DATE, 999999) RETURNING id_transaction AS id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
            VALUES (${h!.id}, 'CAISSE:CITE:1', 100, 0), (${h!.id}, 'ETUDIANT:999999', 0, 100)`,
      );
    });
    await expect(ghost).rejects.toSatisfy(says(/journal_transaction_affectation_existe/));
    const reversal = db().execute(
      sql`INSERT INTO journal_transaction (nature, libelle, date_valeur, id_transaction_annulee)
          VALUES ('CONTREPASSATION', 'fantôme', CURRENT_DATE, 999999999)`,
    );
    await expect(reversal).rejects.toSatisfy(says(/journal_transaction_annulee_existe/));
    // An assignment with instalments: neither deleted nor renumbered.
    const { idAffectation } = await assignOne();
    await expect(
      db().execute(sql`DELETE FROM affectation WHERE id_affectation = ${idAffectation}`),
    ).rejects.toSatisfy(says(/journal_transaction_affectation_existe/));
    await expect(
      db().execute(
        sql`UPDATE affectation SET id_affectation = id_affectation + 1000000 WHERE id_affectation = ${idAffectation}`,
      ),
    ).rejects.toSatisfy(says(/journal_transaction_affectation_existe/));
    expect(await one(db(), sql`SELECT 1 FROM journal_transaction WHERE libelle = 'fantôme'`)).toBeUndefined();
    await expectBalanced();
  });

  it('checks at commit a header written after a rolled-back savepoint, and every header of one statement', async () => {
    // The check is queued once per database transaction (migration fill_speed): a savepoint rolled
    // back takes the queued check with it, and the next header queues it again.
    const afterSavepoint = db().transaction(async (tx) => {
      await tx
        .transaction(async (sp) => {
          await sp.execute(
            sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'annulée', CURRENT_DATE)`,
          );
          sp.rollback();
        })
        .catch(() => undefined);
      const h = await one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', 'après', CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit) VALUES (${h!.id}, 'CAISSE:CITE:1', 100)`,
      );
    });
    await expect(afterSavepoint).rejects.toSatisfy(says(/unbalanced/));
    // Three headers in one statement, lines for two of them: the third is found at commit.
    const many = db().transaction(async (tx) => {
      const hs = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur)
            SELECT 'PAIEMENT', 'lot', CURRENT_DATE FROM generate_series(1, 3) RETURNING id_transaction AS id`,
      );
      for (const h of hs.slice(0, 2))
        await tx.execute(
          sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
              VALUES (${h.id}, 'CAISSE:CITE:1', 100, 0), (${h.id}, 'OPERATEUR:1', 0, 100)`,
        );
    });
    await expect(many).rejects.toSatisfy(says(/unbalanced/));
    expect(
      await one(db(), sql`SELECT 1 FROM journal_transaction WHERE libelle IN ('annulée', 'après', 'lot')`),
    ).toBeUndefined();
    await expectBalanced();
  });

  it('never updates nor deletes a line or a transaction', async () => {
    await postBalanced('immuable');
    await expect(db().execute(sql`UPDATE journal_ligne SET debit = debit + 1`)).rejects.toSatisfy(
      says(/never updated/),
    );
    await expect(db().execute(sql`DELETE FROM journal_ligne`)).rejects.toSatisfy(says(/never updated/));
    await expect(db().execute(sql`UPDATE journal_transaction SET libelle = 'x'`)).rejects.toSatisfy(
      says(/never updated/),
    );
    await expect(db().execute(sql`DELETE FROM journal_transaction`)).rejects.toSatisfy(says(/never updated/));
    await expect(db().execute(sql`TRUNCATE journal_ligne CASCADE`)).rejects.toSatisfy(says(/never updated/));
    expect((await journalCheck(db())).lignes).toBeGreaterThan(0);
  });
});

describe('instalments', () => {
  it('an assignment makes moisLoyer instalments of the bed’s amount, the same day of each month', async () => {
    const a = await assignOne();
    const list = await instalments(a.idAffectation);
    // Those of the ten the assignment owes: each on its day, but those of August and September.
    expect(list.map((i) => i.numero)).toEqual(numbers(owed.instalments));
    expect(list.map((i) => i.date)).toEqual(owed.instalments.map((i) => i.dateEcheance));
    expect(owed.instalments.map((i) => i.dateEcheance)).toEqual(
      Array.from({ length: 10 }, (_, k) => addMonths(premiere, k)).filter((d) => !citesFermees(d)),
    );
    expect(list.every((i) => i.montant === 5000)).toBe(true);
    expect(await accountSums(db(), a.idAffectation)).toEqual({
      totalDu: owed.totalDu,
      duADate: owed.duADate,
      paye: 0,
      solde: owed.totalDu,
    });
    await expectBalanced();
  });

  it('a move to another category changes the instalments not yet due; within the category, nothing', async () => {
    const a = await assignOne();
    const same = await t.api('PUT', `campus/affectation/${a.idAffectation}`, {
      ...(await as('cenou')),
      body: { idLit: cite.lits['A/N1/C1/6/4'] },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await instalments(a.idAffectation)).toHaveLength(owed.instalments.length);

    const moved = await t.api('PUT', `campus/affectation/${a.idAffectation}`, {
      ...(await as('cenou')),
      body: { idLit: bedOther },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = await instalments(a.idAffectation);
    const live = list.filter((i) => !i.annulee);
    expect(live).toHaveLength(owed.instalments.length);
    expect(live.filter((i) => i.montant === 5000).map((i) => i.numero)).toEqual(numbers(owed.due));
    expect(live.filter((i) => i.montant === 8000).map((i) => i.numero)).toEqual(numbers(owed.notYetDue));
    expect(list.filter((i) => i.annulee).map((i) => i.numero)).toEqual(numbers(owed.notYetDue));
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({
      totalDu: owed.duADate + owed.notYetDue.length * 8000,
      duADate: owed.duADate,
    });
    await expectBalanced();
  });

  it('a move to a free room cancels what is not yet due; a move back makes it again', async () => {
    const a = await assignOne();
    const put = async (idLit: number) => {
      const res = await t.api('PUT', `campus/affectation/${a.idAffectation}`, {
        ...(await as('cenou')),
        body: { idLit },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put(bedFree);
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({
      totalDu: owed.duADate,
      duADate: owed.duADate,
    });
    await put(a.idLit);
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({
      totalDu: owed.totalDu,
      duADate: owed.duADate,
    });
    const live = (await instalments(a.idAffectation)).filter((i) => !i.annulee);
    expect(live.map((i) => i.numero).sort((x, y) => x - y)).toEqual(numbers(owed.instalments));
    await expectBalanced();
  });

  it('a cancellation cancels the instalments not yet due; those due stay owed and listed', async () => {
    const a = await assignOne();
    const res = await t.api('PATCH', `campus/affectation/${a.idAffectation}`, await as('cenou'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await accountSums(db(), a.idAffectation)).toEqual({
      totalDu: owed.duADate,
      duADate: owed.duADate,
      paye: 0,
      solde: owed.duADate,
    });
    const listed = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&q=${a.student.ine}`,
      await as('cenou'),
    );
    expect(listed.json()).toEqual([
      expect.objectContaining({
        idAffectation: a.idAffectation,
        annulee: true,
        arriere: owed.duADate,
        solde: owed.duADate,
      }),
    ]);
    await expectBalanced();
  });

  it('a withdrawal of the admission cancels them too', async () => {
    const a = await assignOne();
    await withTransaction(db(), (tx) =>
      cancelAssignmentsOfDossier(tx, null, a.student.idDossier, 'DESISTEMENT'),
    );
    expect((await accountSums(db(), a.idAffectation)).totalDu).toBe(owed.duADate);
    await expectBalanced();
  });
});

describe('cash at the counter', () => {
  const pay = async (who: 'admin' | 'cenou' | 'dr' | 'dr2', body: unknown) =>
    t.api('POST', 'campus/paiement/especes', { ...(await as(who)), body });

  it('is recorded in the journal by staff in scope, with a receipt number used once', async () => {
    const a = await assignOne();
    const res = await pay('cenou', { idAffectation: a.idAffectation, montant: 7000, numeroRecu: 'R-0001' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      idAffectation: a.idAffectation,
      montant: 7000,
      statut: 'REUSSI',
      numeroRecu: 'R-0001',
      solde: owed.totalDu - 7000,
    });
    expect(res.json().referencePaiement).toMatch(/^ESP-\d{8}-[A-Z0-9]{8}$/);
    // The student is told by SMS, in the same transaction (the outbox).
    const sms = await rows<{ text: string }>(
      db(),
      sql`SELECT text_body AS text FROM outbox_sms WHERE kind = 'PAIEMENT_ENREGISTRE' AND id_user = ${a.student.idUser}`,
    );
    expect(sms).toHaveLength(1);
    // In one SMS, the reference whole, the accents the GSM alphabet has kept.
    expect(sms[0].text).toBe(
      `CENOU : paiement de 7 000 FCFA enregistré le ${todayUtc().split('-').reverse().join('/')} (réf. ${res.json().referencePaiement}). Reste à payer : ${formatFcfa(owed.totalDu - 7000, { plain: true })} FCFA. Détail sur votre espace.`,
    );
    expect(gsmSeptets(sms[0].text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({
      paye: 7000,
      solde: owed.totalDu - 7000,
    });
    const cash = await one<{ n: number }>(
      db(),
      sql`SELECT sum(debit - credit)::int AS n FROM journal_ligne WHERE compte = ${`CAISSE:CITE:${cite.idCite}`}`,
    );
    expect(cash!.n).toBeGreaterThanOrEqual(7000);
    await expectBalanced();

    // The dossier's history: the payment, its amount, means and receipt number, by the cashier
    // (named for staff, « Le CENOU » for the student).
    const reference = res.json().referencePaiement as string;
    const nb = (l: string[]) => l.map((x) => x.replace(/[\u00a0\u202f]/g, ' '));
    const staffView = (
      await t.api('GET', `campus/dossier/${a.student.idDossier}/historique`, await as('cenou'))
    ).json() as { evenement: string; libelle: string; acteur: string; details: string[] }[];
    const paid = staffView.find((e) => e.evenement === 'PAIEMENT')!;
    expect(paid.libelle).toBe('Loyer payé');
    expect(paid.acteur).not.toBe('Le CENOU');
    expect(nb(paid.details)).toEqual([
      'Montant : 7 000 FCFA',
      expect.stringMatching(/^Moyen de paiement : .+/),
      'N° du carnet de reçus : R-0001',
      `Référence : ${reference}`,
    ]);
    const token = signToken(t.app, { id: a.student.idUser, role: ETUDIANT, tokenVersion: 0 });
    const own = (
      await t.api('GET', `campus/dossier/${a.student.idDossier}/historique`, { token })
    ).json() as { evenement: string; acteur: string; details: string[] }[];
    expect(own.map((e) => e.evenement)).toEqual(['AFFECTATION', 'PAIEMENT']);
    expect(own[1]).toMatchObject({ acteur: 'Le CENOU', details: paid.details });
    // The journal: the student and the bed in « Concerne », the amount and the receipt number.
    const entry = await one<{ id: number }>(
      db(),
      sql`SELECT id::int AS id FROM audit_log WHERE action = 'ENCAISSER' AND resource_id = ${reference}`,
    );
    const read = (await t.api('GET', `campus/audit/${entry!.id}`, await as('admin'))).json();
    expect(read.libelleObjet).toMatch(new RegExp(`\\(INE ${a.student.ine}\\) — .+, .+, .+`));
    expect(nb([read.resume])[0]).toBe(
      `7 000 FCFA en espèces, reçu n° R-0001 du carnet ; référence ${reference}.`,
    );

    const dr = await pay('dr', { idAffectation: a.idAffectation, montant: 1000, numeroRecu: 'R-0002' });
    expect(dr.statusCode, dr.body).toBe(201);
    // The same number again, any case: 409 naming the field, nothing written.
    const twice = await pay('cenou', { idAffectation: a.idAffectation, montant: 1000, numeroRecu: 'r-0001' });
    expectCode(twice, 409, 'DOUBLON');
    expect(twice.json().errors).toEqual([{ champ: 'numeroRecu', message: messages.loyerNumeroRecuPris }]);
    expect((await accountSums(db(), a.idAffectation)).paye).toBe(8000);
  });

  it('is refused to other roles and directions, and for an unknown assignment', async () => {
    const a = await assignOne();
    const body = { idAffectation: a.idAffectation, montant: 1000, numeroRecu: 'R-0100' };
    expectCode(await pay('dr2', body), 403, 'INTERDIT');
    expectCode(await pay('admin', body), 403, 'INTERDIT');
    const student = await t.api('POST', 'campus/paiement/especes', {
      token: await studentToken(a.student),
      body,
    });
    expectCode(student, 403, 'INTERDIT');
    expectCode(await t.api('POST', 'campus/paiement/especes', { body }), 401, 'NON_AUTHENTIFIE');
    expectCode(await pay('cenou', { ...body, idAffectation: 999999 }), 404, 'INTROUVABLE');
    expect((await accountSums(db(), a.idAffectation)).paye).toBe(0);
  });

  it('refuses bad input with a French message, and an amount above the balance', async () => {
    const a = await assignOne();
    const base = { idAffectation: a.idAffectation, numeroRecu: 'R-0200' };
    expectFieldError(
      await pay('cenou', { ...base, montant: 0 }),
      'montant',
      messages.valeurStrictementPositive,
    );
    expectFieldError(await pay('cenou', { ...base, montant: 1500.5 }), 'montant', messages.valeurEntiere);
    expectFieldError(await pay('cenou', { ...base, montant: '1000' }), 'montant');
    expectFieldError(await pay('cenou', { ...base, montant: -5 }), 'montant');
    expectFieldError(
      await pay('cenou', { idAffectation: a.idAffectation, montant: 100 }),
      'numeroRecu',
      messages.champObligatoire,
    );
    expectFieldError(await pay('cenou', { ...base, montant: 100, numeroRecu: '   ' }), 'numeroRecu');
    expectFieldError(await pay('cenou', { ...base, montant: 100, numeroRecu: '<script>' }), 'numeroRecu');
    expectFieldError(await pay('cenou', { montant: 100, numeroRecu: 'R-0201' }), 'idAffectation');
    const over = await pay('cenou', { ...base, montant: owed.totalDu + 1 });
    expectCode(over, 409, 'CONFLIT');
    expect(over.json().errors[0].champ).toBe('montant');
    expect(over.json().message.replace(/\D/g, '')).toContain(String(owed.totalDu));
    const all = await pay('cenou', { ...base, montant: owed.totalDu });
    expect(all.statusCode, all.body).toBe(201);
    const nothing = await pay('cenou', { ...base, numeroRecu: 'R-0202', montant: 1 });
    expectCode(nothing, 409, 'CONFLIT');
    expect(nothing.json().message).toBe(messages.loyerRienARegler);
    await expectBalanced();
  });
});

describe('recordPayment (for the mobile-money provider)', () => {
  it('records a succeeded payment once, whatever the number of calls', async () => {
    const a = await assignOne();
    const referencePaiement = newPaymentReference('MM');
    const input = {
      referencePaiement,
      idAffectation: a.idAffectation,
      montant: 5000,
      idOperateur: idOperateurOrange,
    };
    const first = await withTransaction(db(), (tx) =>
      recordPayment(tx, null, { ...input, telephone: '70000000' }),
    );
    const again = await withTransaction(db(), (tx) => recordPayment(tx, null, input));
    expect(first.enregistre).toBe(true);
    expect(again.enregistre).toBe(false);
    expect(again.paiement).toMatchObject({ statut: 'REUSSI', telephone: '70000000' });
    const n = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM journal_transaction WHERE reference_paiement = ${referencePaiement}`,
    );
    expect(n!.n).toBe(1);
    const op = await one<{ n: number }>(
      db(),
      sql`SELECT sum(debit)::int AS n FROM journal_ligne WHERE compte = ${`OPERATEUR:${idOperateurOrange}`}`,
    );
    expect(op!.n).toBe(5000);
    // A failure heard after the success changes nothing.
    const failed = await withTransaction(db(), (tx) => failPayment(tx, referencePaiement));
    expect(failed?.statut).toBe('REUSSI');
    await expectBalanced();
  });

  it('records a payment once marked failed when the provider’s truth says it succeeded', async () => {
    const a = await assignOne();
    const referencePaiement = newPaymentReference('MM');
    const input = {
      referencePaiement,
      idAffectation: a.idAffectation,
      montant: 3000,
      idOperateur: idOperateurOrange,
    };
    await insertPending(input);
    expect((await withTransaction(db(), (tx) => failPayment(tx, referencePaiement)))?.statut).toBe('ECHOUE');
    const late = await withTransaction(db(), (tx) => recordPayment(tx, null, input));
    expect(late).toMatchObject({ enregistre: true, paiement: { statut: 'REUSSI' } });
    // A pending payment of another amount is a mismatch: nothing recorded.
    const other = { ...input, referencePaiement: newPaymentReference('MM') };
    await insertPending(other);
    await expect(
      withTransaction(db(), (tx) => recordPayment(tx, null, { ...other, montant: 1 })),
    ).rejects.toThrow(/differs/);
    expect((await accountSums(db(), a.idAffectation)).paye).toBe(3000);
    await expectBalanced();
  });
});

/** A payment asked and not yet answered (what the mobile-money request will write). */
async function insertPending(p: {
  referencePaiement: string;
  idAffectation: number;
  montant: number;
  idOperateur: number;
}) {
  await db().execute(
    sql`INSERT INTO paiement (reference_paiement, id_affectation, id_operateur, montant)
        VALUES (${p.referencePaiement}, ${p.idAffectation}, ${p.idOperateur}, ${p.montant})`,
  );
}

describe('what the student and staff read', () => {
  it('the student reads its instalments, what went to each, its payments and balance', async () => {
    const a = await assignOne();
    await t.api('POST', 'campus/paiement/especes', {
      ...(await as('cenou')),
      body: { idAffectation: a.idAffectation, montant: owed.duADate - 3000, numeroRecu: 'R-0300' },
    });
    const res = await t.api('GET', 'campus/loyer/etudiant', { token: await studentToken(a.student) });
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = res.json() as Record<string, unknown>[];
    expect(mine).toMatchObject({
      idAffectation: a.idAffectation,
      montantChambre: 5000,
      totalDu: owed.totalDu,
      duADate: owed.duADate,
      paye: owed.duADate - 3000,
      arriere: 3000,
      solde: owed.totalDu - owed.duADate + 3000,
      annulee: false,
    });
    // The due ones paid but the last, 2,000 of 5,000 on it; those not yet due to come.
    const echeances = mine.echeances as { numero: number; statut: string; paye: number }[];
    expect(echeances.map((e) => e.numero)).toEqual(numbers(owed.instalments));
    expect(echeances.map((e) => e.statut)).toEqual([
      ...owed.due.slice(0, -1).map(() => 'PAYEE'),
      'ECHUE',
      ...owed.notYetDue.map(() => 'A_VENIR'),
    ]);
    expect(echeances[owed.due.length - 1].paye).toBe(2000);
    // Something late: the payment proposed is what is late, or one month, and does not pay ahead.
    const fourth = owed.notYetDue[0].dateEcheance;
    expect(mine.paiementPropose).toEqual({
      montant: 5000,
      avance: false,
      prochaineEcheance: { dateEcheance: fourth, reste: 5000 },
    });
    expect(mine.paiements).toEqual([
      expect.objectContaining({
        montant: 12000,
        numeroRecu: 'R-0300',
        libelleOperateur: 'Caisse de la cité',
      }),
    ]);
    // Nothing late: the payment goes ahead, to the next instalment, one month proposed.
    const pay = async (montant: number, numeroRecu: string) =>
      expect(
        (
          await t.api('POST', 'campus/paiement/especes', {
            ...(await as('cenou')),
            body: { idAffectation: a.idAffectation, montant, numeroRecu },
          })
        ).statusCode,
      ).toBe(201);
    const read = async () =>
      (
        (await t.api('GET', 'campus/loyer/etudiant', { token: await studentToken(a.student) })).json() as {
          arriere: number;
          payable: boolean;
          paiementPropose: unknown;
        }[]
      )[0];
    await pay(3000, 'R-0301');
    expect(await read()).toMatchObject({
      arriere: 0,
      payable: true,
      paiementPropose: {
        montant: 5000,
        avance: true,
        prochaineEcheance: { dateEcheance: fourth, reste: 5000 },
      },
    });
    // Less than a month left: that is what is proposed; the year paid: nothing is.
    await pay(owed.totalDu - owed.duADate - 3000, 'R-0302');
    expect(await read()).toMatchObject({ paiementPropose: { montant: 3000, avance: true } });
    await pay(3000, 'R-0303');
    expect(await read()).toMatchObject({ arriere: 0, payable: false, paiementPropose: null });
    // Another student sees nothing of it; staff do not use this call.
    const other = await insertAdmitted(db(), { idSessionCenou: session, sexe: 'F', rang: 2 });
    const nothing = await t.api('GET', 'campus/loyer/etudiant', { token: await studentToken(other) });
    expect(nothing.json()).toEqual([]);
    expectCode(await t.api('GET', 'campus/loyer/etudiant', await as('cenou')), 403, 'INTERDIT');
  });

  it('staff read the arrears list per session and cité, paged, sorted, exported, in scope', async () => {
    const list = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&size=5&sort=arriere,desc`,
      await as('dr'),
    );
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { arriere: number; duADate: number; paye: number; nomCite: string }[];
    expect(page.length).toBe(5);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(nextFree);
    expect(page.map((r) => r.arriere)).toEqual([...page.map((r) => r.arriere)].sort((x, y) => y - x));
    for (const r of page) expect(r.arriere).toBe(Math.max(0, r.duADate - r.paye));
    const byCite = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&idCite=${cite.idCite}`,
      await as('cenou'),
    );
    expect(byCite.statusCode).toBe(200);
    const other = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&idCite=999999`,
      await as('cenou'),
    );
    expect(other.json()).toEqual([]);
    // `q` word by word through the list pipeline: the family and given names together, any case or
    // accent, with the room; a word nobody has → nothing.
    const [one1] = (
      await t.api('GET', `campus/loyer?idSessionCenou=${session}&size=1&sort=ine,desc`, await as('cenou'))
    ).json() as { ine: string; libelleChambre: string }[];
    await db().execute(
      sql`UPDATE registre_etudiant SET nom_etudiant = 'Zerbo', prenom_etudiant = 'Aïssata Mariam' WHERE ine = ${one1.ine}`,
    );
    for (const q of ['AISSATA zerbo', `Zerbo Mariam ${one1.libelleChambre}`, `mariam ${one1.ine}`]) {
      const found = await t.api(
        'GET',
        `campus/loyer?idSessionCenou=${session}&q=${encodeURIComponent(q)}`,
        await as('cenou'),
      );
      expect(found.statusCode, found.body).toBe(200);
      expect(
        (found.json() as { ine: string }[]).map((r) => r.ine),
        q,
      ).toEqual([one1.ine]);
    }
    const none = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&q=${encodeURIComponent('Zerbo zzqx')}`,
      await as('cenou'),
    );
    expect(none.json()).toEqual([]);
    // A searched file says so under its title (its rows are not the whole list); without a search, no such line.
    const searchedLines = async (q?: string) => {
      const file = await t.api(
        'GET',
        `campus/loyer?idSessionCenou=${session}&format=xlsx${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        await as('cenou'),
      );
      expect(file.statusCode, file.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as never);
      const sheet = book.worksheets[0];
      const lines: unknown[] = [];
      for (let n = 1; n <= sheet.rowCount; n++) lines.push(sheet.getRow(n).getCell(1).value);
      return lines;
    };
    const searched = await searchedLines('  AISSATA zerbo ');
    expect(searched.slice(1, 3)).toEqual([expect.any(String), messages.toutesLesCites]);
    // Said once, by the shared writer, after the list's own lines.
    expect(searched.filter((v) => v === 'Recherche\u00a0: AISSATA zerbo')).toHaveLength(1);
    expect(searched).toContain(one1.ine);
    expect((await searchedLines()).filter((v) => typeof v === 'string' && v.startsWith('Recherche'))).toEqual(
      [],
    );
    expectCode(
      await t.api('GET', `campus/loyer?idSessionCenou=${session}`, await as('dr2')),
      403,
      'INTERDIT',
    );
    expectCode(
      await t.api('GET', `campus/loyer?idSessionCenou=${session}`, await as('admin')),
      403,
      'INTERDIT',
    );
    expectFieldError(await t.api('GET', 'campus/loyer', await as('cenou')), 'idSessionCenou');
    expectCode(
      await t.api('GET', `campus/loyer?idSessionCenou=${session}&sort=ine;drop`, await as('cenou')),
      400,
      'VALIDATION',
    );
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const file = await t.api(
        'GET',
        `campus/loyer?idSessionCenou=${session}&format=${format}`,
        await as('cenou'),
      );
      expect(file.statusCode, `${format}: ${file.body.slice(0, 200)}`).toBe(200);
      expect(file.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="?loyers_.*\\.${format}`),
      );
    }
    const csv = await t.api('GET', `campus/loyer?idSessionCenou=${session}&format=csv`, await as('cenou'));
    expect(csv.body).toContain('Arriéré');
  });

  it('the arrears list’s sums are the journal’s, whatever the order, and its total its rows', async () => {
    const all = await t.api('GET', `campus/loyer?idSessionCenou=${session}&size=200`, await as('cenou'));
    const list = all.json() as {
      idAffectation: number;
      totalDu: number;
      duADate: number;
      paye: number;
      arriere: number;
      solde: number;
      annulee: boolean;
    }[];
    expect(Number(all.headers['x-total-count'])).toBe(list.length);
    expect(list.some((r) => r.arriere > 0)).toBe(true);
    expect(list.some((r) => r.annulee)).toBe(true);
    for (const r of list) {
      const sums = await accountSums(db(), r.idAffectation);
      expect(r).toMatchObject({ ...sums, arriere: Math.max(0, sums.duADate - sums.paye) });
      // A cancelled assignment is listed while its account is not settled.
      if (r.annulee) expect(r.solde).not.toBe(0);
    }
    for (const key of ['arriere', 'solde', 'paye', 'duADate'] as const) {
      const sorted = await t.api(
        'GET',
        `campus/loyer?idSessionCenou=${session}&size=200&sort=${key},desc`,
        await as('cenou'),
      );
      const values = (sorted.json() as typeof list).map((r) => r[key]);
      expect(values).toEqual([...list.map((r) => r[key])].sort((x, y) => y - x));
    }
    // A page in the middle, and its total, agree with the whole list.
    const second = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&size=2&page=1&sort=solde,desc`,
      await as('cenou'),
    );
    expect(Number(second.headers['x-total-count'])).toBe(list.length);
    expect((second.json() as typeof list).map((r) => r.solde)).toEqual(
      [...list.map((r) => r.solde)].sort((x, y) => y - x).slice(2, 4),
    );
    await expectBalanced();
  });

  it('the arrears list’s XLSX and PDF read back: each amount under its own name, each figure and total the database’s', async () => {
    // The database's figures, per assignment of the list (kept sums, the due part from the lines).
    const fromDb = await rows<{
      ine: string;
      mensuel: number;
      annee: number;
      du: number;
      paye: number;
      solde: number;
      annulee: boolean;
      lit: string;
    }>(
      db(),
      sql`SELECT r.ine, lt.libelle_lit AS lit, cat.montant_chambre::int AS mensuel, coalesce(k.total_du, 0)::int AS annee,
            (SELECT coalesce(sum(l.debit - l.credit), 0) FROM journal_ligne l WHERE l.id_affectation = a.id_affectation
               AND l.nature = 'ECHEANCE' AND l.date_valeur <= (now() AT TIME ZONE 'UTC')::date)::int AS du,
            coalesce(k.paye, 0)::int AS paye, coalesce(k.solde, 0)::int AS solde, a.deleted_at IS NOT NULL AS annulee
          FROM affectation a JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
          JOIN chambre ch ON ch.id_chambre = a.id_chambre JOIN lit lt ON lt.id_lit = a.id_lit
          JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre
          LEFT JOIN loyer_compte k ON k.id_affectation = a.id_affectation
          WHERE a.id_session_cenou = ${session} AND (a.deleted_at IS NULL OR k.solde <> 0)`,
    );
    // A balance is never written negative: what is left to pay, and an overpayment apart.
    const reste = (r: { solde: number }) => Math.max(0, r.solde);
    const tropPercu = (r: { solde: number }) => Math.max(0, -r.solde);
    // A long name, as registries hold some: written whole in the PDF (wrapped in its cell, never cut).
    const longName = {
      nom: 'Kaboré-Ouédraogo-Zoungrana',
      prenom: 'Marie-Joséphine Wendkouni Aïssata Bernadette',
    };
    await db().execute(
      sql`UPDATE registre_etudiant SET nom_etudiant = ${longName.nom}, prenom_etudiant = ${longName.prenom}
          WHERE ine = ${fromDb[0].ine}`,
    );
    const expected = fromDb
      .map((r) => [
        r.ine,
        r.mensuel,
        r.annee,
        r.du,
        r.paye,
        Math.max(0, r.du - r.paye),
        reste(r),
        tropPercu(r),
      ])
      .sort((a, b) => String(a).localeCompare(String(b)));
    const sum = (i: number) => expected.reduce((a, r) => a + (r[i] as number), 0);
    const direction = await one<{ libelle: string }>(
      db(),
      sql`SELECT libelle_direction AS libelle FROM direction WHERE id_direction = ${oua}`,
    );
    const day = today.split('-').reverse().join('/');
    const fr = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

    const xlsx = await t.api('GET', `campus/loyer?idSessionCenou=${session}&format=xlsx`, await as('cenou'));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet: unknown[][] = [];
    book.worksheets[0].eachRow({ includeEmpty: true }, (row, n) => {
      sheet[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => v ?? null);
    });
    expect(sheet[0]?.[0]).toMatch(/^Loyers et arriérés \d{4}-\d{4}$/);
    expect(sheet.slice(1, 6).map((r) => r[0])).toEqual([
      direction!.libelle,
      'Toutes les cités',
      `Sommes arrêtées au ${day}`,
      'Montants en FCFA',
      undefined,
    ]);
    const header = sheet[6];
    expect(header).toEqual([
      'INE',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      'Loyer mensuel (FCFA)',
      'Loyer de l’année (FCFA)',
      'Dégradations (FCFA)',
      'Dû à ce jour (FCFA)',
      'Payé (FCFA)',
      'Arriéré (FCFA)',
      'Reste à payer (FCFA)',
      'Trop-perçu à rembourser (FCFA)',
      'Date de départ',
      'Affectation annulée',
    ]);
    // No two columns share a name.
    expect(new Set(header).size).toBe(header.length);
    const at = (name: string) => header.indexOf(name);
    const body = sheet.slice(7, -1);
    expect(
      body
        .map((r) => [
          r[0],
          ...[
            'Loyer mensuel (FCFA)',
            'Loyer de l’année (FCFA)',
            'Dû à ce jour (FCFA)',
            'Payé (FCFA)',
            'Arriéré (FCFA)',
            'Reste à payer (FCFA)',
            'Trop-perçu à rembourser (FCFA)',
          ].map((h) => r[at(h)]),
        ])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(expected);
    expect(body.filter((r) => r[at('Affectation annulée')] === 'Oui')).toHaveLength(
      fromDb.filter((r) => r.annulee).length,
    );
    // No one of this session left nor was charged damage (a leaver's row: tests/api/departures.test.ts).
    expect(body.map((r) => [r[at('Dégradations (FCFA)')], r[at('Date de départ')]])).toEqual(
      body.map(() => [0, null]),
    );
    // The totals: the rows' sums, equal to the database's (the month's rent has none: it is a price).
    expect(sheet.at(-1)).toEqual([
      'Total',
      null,
      null,
      null,
      null,
      null,
      null,
      sum(2),
      0,
      sum(3),
      sum(4),
      sum(5),
      sum(6),
      sum(7),
    ]);
    expect(body.flat().filter((v) => typeof v === 'number' && v < 0)).toEqual([]);

    const pdf = await t.api('GET', `campus/loyer?idSessionCenou=${session}&format=pdf`, await as('cenou'));
    expect(pdf.statusCode).toBe(200);
    renderPdf(pdf.rawPayload, 'loyers-session');
    const read = await readPdf(pdf.rawPayload);
    const lines = read.pages.flatMap((p) => p.lines);
    expect(lines[1]).toBe(
      `${direction!.libelle} · Toutes les cités · Sommes arrêtées au ${day} · Montants en FCFA`,
    );
    // The header (the unit said once, under the title): each amount under its own name, the names
    // that wrap on two lines read word by word.
    const headerEnd =
      Math.max(
        ...['mensuel', 'l’année', 'jour', 'payer', 'rembourser', 'départ', 'Annulée'].map((w) =>
          lines.findIndex((l, i) => i >= 2 && l.split(' ').includes(w)),
        ),
      ) + 1;
    const words = (t: string) => t.split(' ').sort();
    expect(words(lines.slice(2, headerEnd).join(' '))).toEqual(
      words(
        'INE Nom Prénom(s) Cité Chambre Lit Loyer mensuel Loyer de l’année Dégradations Dû à ce jour Payé Arriéré Reste à payer Trop-perçu à rembourser Date de départ Annulée',
      ),
    );
    // Each assignment's line names its bed and ends with its eight amounts (no damage here: 0),
    // written the French way (« Oui » cancelled, else « Non », as in the XLSX; no departure: blank), none negative.
    for (const r of fromDb) {
      const amounts = [
        r.mensuel,
        r.annee,
        0,
        r.du,
        r.paye,
        Math.max(0, r.du - r.paye),
        reste(r),
        tropPercu(r),
      ];
      const tail = `${amounts.map(fr).join(' ')} ${r.annulee ? messages.vrai : messages.faux}`;
      expect(
        lines.some((l) => l.startsWith(`${r.ine} `) && l.includes(` ${r.lit} `) && l.endsWith(` ${tail}`)),
        `${r.ine}: ${r.lit} … ${tail}`,
      ).toBe(true);
    }
    expect(lines.at(-2) ?? '').toBe(
      `Total ${fr(sum(2))} 0 ${[3, 4, 5, 6, 7].map((i) => fr(sum(i))).join(' ')}`,
    );
    expect(read.text).not.toMatch(/(^|\s)[-−]\s?\d/m); // no negative amount
    // The long name whole, every text within its column (none cut, none past its edge).
    for (const word of [...longName.nom.split(/(?<=-)/), ...longName.prenom.split(' ')])
      expect(read.text, word).toContain(word);
    expect(cutTexts(await readPdfLayout(pdf.rawPayload))).toEqual([]);
    // As many columns as the XLSX: the same list (the writer draws each column's edges in the header).
    expect((await readPdfLayout(pdf.rawPayload))[0]!.edges).toHaveLength(header.length + 1);
    expect(read.text).not.toMatch(/(?<![\dA-Z])\d{5,}/); // no amount without its thousands' space
  });

  it('a session’s rent settings are frozen once instalments were made from them', async () => {
    const res = await t.api('GET', `campus/session-cenou/${session}`, await as('admin'));
    const row = res.json() as Record<string, unknown>;
    const changed = await t.api('PUT', `campus/session-cenou/${session}`, {
      ...(await as('admin')),
      body: { ...row, moisLoyer: 9 },
    });
    expectCode(changed, 409, 'CONFLIT');
    const same = await t.api('PUT', `campus/session-cenou/${session}`, {
      ...(await as('admin')),
      body: { ...row, delaiReponseHeures: 48 },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describeOnPostgres('the journal under concurrency (PostgreSQL)', () => {
  it('checks a database transaction’s own headers when another’s come between them, and refuses a line for those', async () => {
    // Transaction A writes a header, B writes one (a higher id) and commits, A writes another: B's
    // header lies inside the range of A's ids, by which A's headers are found (decision 133).
    type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];
    const header = (tx: Tx, libelle: string) =>
      one<{ id: number }>(
        tx,
        sql`INSERT INTO journal_transaction (nature, libelle, date_valeur) VALUES ('PAIEMENT', ${libelle}, CURRENT_DATE)
            RETURNING id_transaction AS id`,
      );
    const lines = (tx: Tx, id: number, amount = 100) =>
      tx.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
            VALUES (${id}, 'CAISSE:CITE:1', ${amount}, 0), (${id}, 'OPERATEUR:1', 0, ${amount})`,
      );
    let between = 0;
    const ids: number[] = [];
    await db().transaction(async (a) => {
      const first = await header(a, 'entrelacée A');
      await lines(a, first!.id);
      await db().transaction(async (b) => {
        const h = await header(b, 'entrelacée B');
        await lines(b, h!.id);
        between = Number(h!.id);
      });
      const second = await header(a, 'entrelacée A');
      await lines(a, second!.id);
      ids.push(Number(first!.id), Number(second!.id));
      // A line for B's header, inside A's range: of another database transaction, refused.
      await expect(a.transaction((sp) => lines(sp, between, 5))).rejects.toSatisfy(
        says(/earlier database transaction/),
      );
    });
    expect(ids[0]).toBeLessThan(between);
    expect(between).toBeLessThan(ids[1]!);
    expect(
      await rows(db(), sql`SELECT 1 FROM journal_transaction WHERE libelle LIKE 'entrelacée%'`),
    ).toHaveLength(3);
    // The same with A's second header unbalanced: refused at commit, B's (in A's range) not named.
    const unbalanced = db().transaction(async (a) => {
      const first = await header(a, 'entrelacée C');
      await lines(a, first!.id);
      await db().transaction(async (b) => {
        const h = await header(b, 'entrelacée D');
        await lines(b, h!.id);
      });
      const second = await header(a, 'entrelacée C');
      await a.execute(
        sql`INSERT INTO journal_ligne (id_transaction, compte, debit) VALUES (${second!.id}, 'CAISSE:CITE:1', 100)`,
      );
    });
    await expect(unbalanced).rejects.toSatisfy(says(/unbalanced: debits 100, credits 0, 1 line/));
    expect(
      await rows(db(), sql`SELECT 1 FROM journal_transaction WHERE libelle = 'entrelacée C'`),
    ).toHaveLength(0);
    await expectBalanced();
  });
});

describeOnPostgres('recordPayment under concurrency (PostgreSQL)', () => {
  it('records a reference once when 20 calls race, and cash payments never overdraw', async () => {
    const a = await assignOne();
    const referencePaiement = newPaymentReference('MM');
    const input = {
      referencePaiement,
      idAffectation: a.idAffectation,
      montant: 2500,
      idOperateur: idOperateurOrange,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => withTransaction(db(), (tx) => recordPayment(tx, null, input))),
    );
    expect(results.filter((r) => r.enregistre)).toHaveLength(1);
    expect((await accountSums(db(), a.idAffectation)).paye).toBe(2500);
    // Ten cashiers at once, each for 10,000 of the 47,500 left: four pass, the others are refused.
    const token = await t.token('cenou');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api('POST', 'campus/paiement/especes', {
          token,
          body: { idAffectation: a.idAffectation, montant: 10000, numeroRecu: `PG-${i}` },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(6);
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({ paye: 42500, solde: 7500 });
    await expectBalanced();
  });
});
