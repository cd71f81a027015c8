import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETUDIANT } from '../../src/domain/enums';
import { gsmSeptets, SMS_MAX_SEPTETS } from '../../src/domain/gsm';
import { fill, messages } from '../../src/domain/messages';
import { addMonths } from '../../src/domain/rent';
import type { RefundAnswer, StudentRent } from '../../src/domain/schemas/rent';
import { one, rows } from '../../src/server/db/client';
import { accountSums, journalCheck, todayUtc } from '../../src/server/modules/rent/repository';
import { signToken } from '../../src/server/plugins/auth';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { assignedOn, owedRent, weekBefore } from '../helpers/rent';
import { insertSession } from '../helpers/dossiers';
import { describeOnPostgres } from '../helpers/postgres';
import { expectCode, expectFieldError, Fixtures } from '../helpers/resources';
import { formatFcfa } from '../../src/domain/money';

/**
 * Refunds (docs/rent.md#refunds, decision 035): a student whose assignment was cancelled after it
 * paid holds a credit; staff in scope pay it back, at most that credit, in cash at the counter or
 * through an operator. Each refund is a balanced REMBOURSEMENT transaction, with its audit entry,
 * the student's SMS and mail, in one database transaction; the student and staff read it.
 */

let t: TestContext;
let f: Fixtures;
let session: number;
let cite: MadeCite;
let idOrange: number;
const today = todayUtc();
/** The session's first instalment two months back; the tests' assignments a week before it. */
const premiere = addMonths(today, -2);
const jour = weekBefore(premiere);
const owed = owedRent({ premiereEcheance: premiere, moisLoyer: 10, montant: 5000 }, jour, today);
/** What a student who paid its year holds once its assignment is cancelled: what was not yet due. */
const credit = owed.totalDu - owed.duADate;

const db = () => t.database.db;
const as = async (who: 'admin' | 'cenou' | 'dr' | 'dr2') => ({ token: await t.token(who) });
const studentToken = (s: Admitted) => signToken(t.app, { id: s.idUser, role: ETUDIANT, tokenVersion: 0 });
const refund = async (who: 'admin' | 'cenou' | 'dr' | 'dr2', body: unknown) =>
  t.api('POST', 'campus/paiement/remboursement', { ...(await as(who)), body });

async function expectBalanced() {
  const check = await journalCheck(db());
  expect(check.ecart).toBe(0);
  expect(check.desequilibrees).toBe(0);
}

/**
 * A student given a bed a week before the first instalment (10 of 5,000 from two months ago: it owes
 * those of open months, `owed`), who paid its whole year at the counter; its assignment then
 * cancelled: the instalments not yet due are reversed, it holds them as a credit (`credit`).
 */
async function creditedStudent(): Promise<{ idAffectation: number; student: Admitted }> {
  const student = await insertAdmitted(db(), { idSessionCenou: session, sexe: 'F', rang: 1 });
  const res = await assignedOn(db(), jour, async () =>
    t.api('POST', 'campus/affectation', {
      ...(await as('cenou')),
      body: { idSessionCenou: session, idCite: cite.idCite, etudiants: [student.ine] },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const idAffectation = (res.json() as { affectes: { idAffectation: number }[] }).affectes[0].idAffectation;
  const paid = await t.api('POST', 'campus/paiement/especes', {
    ...(await as('cenou')),
    body: { idAffectation, montant: owed.totalDu, numeroRecu: `R-${student.ine}` },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const cancelled = await t.api('PATCH', `campus/affectation/${idAffectation}`, await as('cenou'));
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(await accountSums(db(), idAffectation)).toMatchObject({
    totalDu: owed.duADate,
    paye: owed.totalDu,
    solde: -credit,
  });
  return { idAffectation, student };
}

beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  const oua = await directionId(db(), 'OUA');
  await db().execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
  );
  session = await insertSession(db(), oua, 'DELIBERATION');
  await db().execute(
    sql`UPDATE session_cenou SET premiere_echeance = ${premiere}, mois_loyer = 10
        WHERE id_session_cenou = ${session}`,
  );
  cite = await insertCite(db(), {
    montant: 5000,
    batiments: [{ code: 'A', sexe: 'F', chambres: [1, 2, 3, 4].map((n) => ({ code: `${n}`, lits: 4 })) }],
  });
  const especes = await f.create('type-paiement', { codeTypePaiement: 'ESPECES' });
  await f.create('operateur', {
    idTypePaiement: especes.idTypePaiement,
    libelleOperateur: 'Caisse de la cité',
  });
  const mm = await f.create('type-paiement', { codeTypePaiement: 'MOBILE_MONEY' });
  idOrange = (
    await f.create('operateur', {
      idTypePaiement: mm.idTypePaiement,
      libelleOperateur: 'Orange Money',
      codeOperateur: 'ORANGE_MONEY',
    })
  ).idOperateur as number;
});
afterAll(() => t?.close());

describe('a refund', () => {
  it('pays back part of a credit in cash: one balanced transaction, its audit, SMS and mail', async () => {
    const a = await creditedStudent();
    const res = await refund('cenou', {
      idAffectation: a.idAffectation,
      montant: 20000,
      numeroPiece: 'RB-0001',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as RefundAnswer;
    expect(body).toMatchObject({
      idAffectation: a.idAffectation,
      montant: 20000,
      libelleOperateur: 'Caisse de la cité',
      numeroPiece: 'RB-0001',
      solde: -(credit - 20000),
    });
    expect(body.referenceRemboursement).toMatch(/^RMB-\d{8}-[A-Z0-9]{8}$/);
    expect(body.dateRemboursement.slice(0, 10)).toBe(today);

    // The journal: debit the student, credit the cité's counter the money left; it balances.
    const lines = await rows<{ nature: string; compte: string; debit: number; credit: number; date: string }>(
      db(),
      sql`SELECT t.nature, l.compte, l.debit::int AS debit, l.credit::int AS credit,
            to_char(t.date_valeur, 'YYYY-MM-DD') AS date
          FROM journal_transaction t JOIN journal_ligne l ON l.id_transaction = t.id_transaction
          WHERE t.reference_paiement = ${body.referenceRemboursement} ORDER BY l.id_ligne`,
    );
    expect(lines).toEqual([
      {
        nature: 'REMBOURSEMENT',
        compte: `ETUDIANT:${a.idAffectation}`,
        debit: 20000,
        credit: 0,
        date: today,
      },
      { nature: 'REMBOURSEMENT', compte: `CAISSE:CITE:${cite.idCite}`, debit: 0, credit: 20000, date: today },
    ]);
    await expectBalanced();
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({
      paye: owed.totalDu - 20000,
      solde: -(credit - 20000),
    });

    // Its audit entry, the student's SMS and mail, written with it.
    const audit = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM audit_log
          WHERE action = 'REMBOURSER' AND resource = 'remboursement' AND resource_id = ${body.referenceRemboursement}`,
    );
    expect(audit!.n).toBe(1);
    const sms = await rows<{ text: string }>(
      db(),
      sql`SELECT text_body AS text FROM outbox_sms WHERE kind = 'REMBOURSEMENT_ENREGISTRE' AND id_user = ${a.student.idUser}`,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain('20 000 FCFA');
    expect(sms[0].text).toContain(
      `(réf. ${body.referenceRemboursement}). Crédit restant sur votre loyer : ${formatFcfa(credit - 20000, { plain: true })} FCFA.`,
    );
    expect(gsmSeptets(sms[0].text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    const mail = await rows<{ subject: string }>(
      db(),
      sql`SELECT subject FROM outbox_mail WHERE kind = 'REMBOURSEMENT_ENREGISTRE' AND id_user = ${a.student.idUser}`,
    );
    expect(mail.map((m) => m.subject)).toEqual([
      `CENOU Hébergement\u00a0: remboursement de ${formatFcfa(20000, { unit: true })}`,
    ]);

    // The same voucher again, any case: 409 naming the field, nothing written.
    const twice = await refund('dr', {
      idAffectation: a.idAffectation,
      montant: 100,
      numeroPiece: 'rb-0001',
    });
    expectCode(twice, 409, 'DOUBLON');
    expect(twice.json().errors).toEqual([{ champ: 'numeroPiece', message: messages.loyerNumeroPiecePris }]);

    // The rest through an operator, to the student's number: the credit is gone, nothing more to refund.
    const mobile = await refund('dr', {
      idAffectation: a.idAffectation,
      montant: credit - 20000,
      idOperateur: idOrange,
      numeroPiece: 'MP261126.1200.A12345',
      telephone: '70 12 34 56',
    });
    expect(mobile.statusCode, mobile.body).toBe(201);
    expect(mobile.json()).toMatchObject({ libelleOperateur: 'Orange Money', solde: 0 });
    const out = await one<{ n: number }>(
      db(),
      sql`SELECT sum(credit - debit)::int AS n FROM journal_ligne WHERE compte = ${`OPERATEUR:${idOrange}`}`,
    );
    expect(out!.n).toBe(credit - 20000);
    const none = await refund('cenou', {
      idAffectation: a.idAffectation,
      montant: 1,
      numeroPiece: 'RB-0002',
    });
    expectCode(none, 409, 'CONFLIT');
    expect(none.json().errors).toEqual([{ champ: 'montant', message: messages.loyerAucunTropPercu }]);
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({
      totalDu: owed.duADate,
      paye: owed.duADate,
      solde: 0,
    });
    await expectBalanced();
  });

  it('is shown to the student on Mon loyer and to staff, and netted in the reconciliation', async () => {
    const a = await creditedStudent();
    const before = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&q=${a.student.ine}`,
      await as('cenou'),
    );
    expect(before.json()).toEqual([expect.objectContaining({ annulee: true, solde: -credit })]);
    const res = await refund('cenou', {
      idAffectation: a.idAffectation,
      montant: credit,
      numeroPiece: 'RB-0100',
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected = {
      referenceRemboursement: res.json().referenceRemboursement,
      montant: credit,
      libelleOperateur: 'Caisse de la cité',
      numeroPiece: 'RB-0100',
      dateRemboursement: expect.stringMatching(new RegExp(`^${today}T`)),
    };
    // The cancelled assignment, settled, stays on the student's page: the refund is its history.
    const mine = await t.api('GET', 'campus/loyer/etudiant', { token: await studentToken(a.student) });
    expect(mine.statusCode).toBe(200);
    const rent = (mine.json() as StudentRent[]).find((r) => r.idAffectation === a.idAffectation)!;
    expect(rent).toMatchObject({ annulee: true, solde: 0, paye: owed.duADate, remboursements: [expected] });
    const staff = await t.api('GET', `campus/loyer/affectation/${a.idAffectation}`, await as('dr'));
    expect(staff.json()).toMatchObject({ remboursements: [expected] });
    // Settled and cancelled: off the arrears list.
    const after = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${session}&q=${a.student.ine}`,
      await as('cenou'),
    );
    expect(after.json()).toEqual([]);
    // The counter's day nets what came in and what went out (the journal's own sums).
    const day = await t.api('GET', `campus/loyer/rapprochement?du=${today}&au=${today}`, await as('cenou'));
    const caisse = (day.json() as { compte: string; montant: number }[]).find(
      (r) => r.compte === `CAISSE:CITE:${cite.idCite}`,
    )!;
    const net = await one<{ n: number }>(
      db(),
      sql`SELECT sum(debit - credit)::int AS n FROM journal_ligne
          WHERE compte = ${`CAISSE:CITE:${cite.idCite}`} AND date_valeur = ${today}::date`,
    );
    expect(caisse.montant).toBe(net!.n);
    await expectBalanced();
  });

  it('is refused to students, the admin, another direction, and for an unknown assignment', async () => {
    const a = await creditedStudent();
    const body = { idAffectation: a.idAffectation, montant: 1000, numeroPiece: 'RB-0200' };
    expectCode(await refund('dr2', body), 403, 'INTERDIT');
    expectCode(await refund('admin', body), 403, 'INTERDIT');
    const student = await t.api('POST', 'campus/paiement/remboursement', {
      token: await studentToken(a.student),
      body,
    });
    expectCode(student, 403, 'INTERDIT');
    expectCode(await t.api('POST', 'campus/paiement/remboursement', { body }), 401, 'NON_AUTHENTIFIE');
    expectCode(await refund('cenou', { ...body, idAffectation: 999999 }), 404, 'INTROUVABLE');
    expect((await accountSums(db(), a.idAffectation)).solde).toBe(-credit);
  });

  it('refuses bad input with a French message, more than the credit, and a debt', async () => {
    const a = await creditedStudent();
    const base = { idAffectation: a.idAffectation, numeroPiece: 'RB-0300' };
    expectFieldError(
      await refund('cenou', { ...base, montant: 0 }),
      'montant',
      messages.valeurStrictementPositive,
    );
    expectFieldError(await refund('cenou', { ...base, montant: 10.5 }), 'montant', messages.valeurEntiere);
    expectFieldError(await refund('cenou', { ...base, montant: 100, numeroPiece: ' ' }), 'numeroPiece');
    expectFieldError(
      await refund('cenou', { ...base, montant: 100, idOperateur: 999999 }),
      'idOperateur',
      messages.loyerRemboursementOperateurInconnu,
    );
    expectFieldError(
      await refund('cenou', { ...base, montant: 100, idOperateur: idOrange }),
      'telephone',
      messages.loyerRemboursementTelephoneRequis,
    );
    const above = await refund('cenou', { ...base, montant: credit + 1 });
    expectCode(above, 409, 'CONFLIT');
    const text = fill(messages.loyerRemboursementAuDelaDuCredit, {
      credit: formatFcfa(credit, { unit: true }),
    });
    expect(above.json().errors).toEqual([{ champ: 'montant', message: text }]);
    // A student who owes (no credit) is never refunded.
    const owing = await insertAdmitted(db(), { idSessionCenou: session, sexe: 'F', rang: 1 });
    const assigned = await assignedOn(db(), jour, async () =>
      t.api('POST', 'campus/affectation', {
        ...(await as('cenou')),
        body: { idSessionCenou: session, idCite: cite.idCite, etudiants: [owing.ine] },
      }),
    );
    const idOwing = (assigned.json() as { affectes: { idAffectation: number }[] }).affectes[0].idAffectation;
    const debt = await refund('cenou', { idAffectation: idOwing, montant: 100, numeroPiece: 'RB-0301' });
    expectCode(debt, 409, 'CONFLIT');
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({ solde: -credit });
    await expectBalanced();
  });
});

describeOnPostgres('refunds under concurrency (PostgreSQL)', () => {
  it('ten refunds of 10,000 at once from a credit: as many pass as it holds, never below zero', async () => {
    const a = await creditedStudent();
    const token = await t.token('cenou');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api('POST', 'campus/paiement/remboursement', {
          token,
          body: { idAffectation: a.idAffectation, montant: 10000, numeroPiece: `PG-RB-${i}` },
        }),
      ),
    );
    const passes = Math.floor(credit / 10000);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(passes);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(10 - passes);
    expect(await accountSums(db(), a.idAffectation)).toMatchObject({
      paye: owed.totalDu - passes * 10000,
      solde: -(credit - passes * 10000),
    });
    await expectBalanced();
  });
});

describe('where /loyers opens', () => {
  it('lists the sessions with assignments in the actor’s scope, newest first', async () => {
    await creditedStudent();
    const cenou = await t.api('GET', 'campus/loyer/sessions', await as('cenou'));
    expect(cenou.statusCode, cenou.body).toBe(200);
    const list = cenou.json() as { idSessionCenou: number; affectations: number }[];
    expect(list.find((s) => s.idSessionCenou === session)?.affectations).toBeGreaterThan(0);
    expect(list.map((s) => s.idSessionCenou)).toEqual(
      [...list.map((s) => s.idSessionCenou)].sort((a, b) => b - a),
    );
    // Another direction's manager sees none of OUA's.
    const other = await t.api('GET', 'campus/loyer/sessions', await as('dr2'));
    expect((other.json() as { idSessionCenou: number }[]).map((s) => s.idSessionCenou)).not.toContain(
      session,
    );
    expectCode(await t.api('GET', 'campus/loyer/sessions', await as('admin')), 403, 'INTERDIT');
  });
});
