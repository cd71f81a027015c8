/**
 * What rent shows of an account (docs/rent.md#screens): the student's page (each assignment's
 * instalments with what its payments settled, its payments and refunds, its sums), one assignment's
 * for staff, the sessions /loyers opens on, whether a student may pay, the balance and what is owed
 * at a departure, what is left of one damage charged. Reads only.
 */
import type { RentSessions, StudentRent } from '../../../../domain/schemas/rent';
import {
  allocateCharges,
  allocatePayments,
  mayPayRent,
  type DepartureAccount,
  owedParts,
  proposedPayment,
} from '../../../../domain/rent';
import { assertCanReach, scopeFor } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import type { Db } from '../../../db/client';
import { notFound } from '../../../errors';
import { todayUtc } from '../journal/repository';
import { accountSums, damageTotals, liveCharges, type LiveCharge } from './repository';
import { rentAssignment, rentSessions, studentRentAssignments } from '../assignments/repository';
import { refundsOf, succeededPayments } from '../payments/repository';

/** The balance of one assignment's account (`solde`: negative, a credit to refund). */
export async function balanceOf(db: Db, idAffectation: number): Promise<number> {
  return (await accountSums(db, idAffectation)).solde;
}

/**
 * What a departure reads of the account (`departureBalance`, src/domain/rent.ts): its live
 * instalments (their due dates as the journal holds them), the damage charged, what was paid net of
 * refunds. The departure form computes from it what is due on the day it shows.
 */
export async function departureAccount(db: Db, idAffectation: number): Promise<DepartureAccount> {
  const [echeances, sums, damage] = await Promise.all([
    liveCharges(db, 'ECHEANCE', [idAffectation]),
    accountSums(db, idAffectation),
    damageTotals(db, [idAffectation]),
  ]);
  return {
    echeances: echeances.map((e) => ({ dateEcheance: e.dateEcheance, montant: Number(e.montant) })),
    degradations: damage.get(idAffectation) ?? 0,
    paye: sums.paye,
  };
}

/**
 * What the account still owes, split as the student's page allocates payments (instalments first,
 * then the damage): the damage left to pay and the rent left to pay (docs/rent.md#a-departure).
 */
export async function owedOf(db: Db, idAffectation: number) {
  const { solde } = await accountSums(db, idAffectation);
  const degradations = (await damageTotals(db, [idAffectation])).get(idAffectation) ?? 0;
  return { solde, ...owedParts(solde, degradations) };
}

/**
 * What an account's payments settled, by the one rule of the student's page, the arrears list and
 * the damage's notice (docs/rent.md#a-departure): the instalments first, oldest first
 * (`allocatePayments`), then the damage charged at departure, oldest first (`allocateCharges`).
 */
function allocateAccount(
  instalments: Parameters<typeof allocatePayments>[0],
  charges: readonly LiveCharge[],
  paye: number,
  today: string,
) {
  const echeances = allocatePayments(instalments, paye, today);
  const onInstalments = echeances.reduce((s, i) => s + i.paye, 0);
  const chargesDegradation = allocateCharges(
    charges.map((c) => ({
      reference: c.reference,
      libelle: c.libelle,
      dateCharge: c.dateEcheance,
      montant: c.montant,
    })),
    paye - onInstalments,
  );
  return { echeances, chargesDegradation };
}

/**
 * What is left to pay of one damage charged at departure (its notice's reference `DEG-…`), as the
 * student's page allocates the account's payments (`allocateAccount`): 0 once paid; null when the
 * account holds no such live charge.
 */
export async function damageLeft(db: Db, idAffectation: number, reference: string): Promise<number | null> {
  const instalments = (await liveCharges(db, 'ECHEANCE', [idAffectation])).map((i) => ({
    ...i,
    dateEcheance: i.dateReportee ?? i.dateEcheance,
  }));
  const charges = await liveCharges(db, 'DEGRADATION', [idAffectation]);
  const { paye } = await accountSums(db, idAffectation);
  const { chargesDegradation } = allocateAccount(instalments, charges, paye, todayUtc());
  return chargesDegradation.find((c) => c.reference === reference)?.reste ?? null;
}

/** Assignments' rent: per assignment, its instalments with what was allocated, payments, sums. */
async function rentOf(
  db: Db,
  list: Awaited<ReturnType<typeof studentRentAssignments>>,
): Promise<StudentRent[]> {
  const ids = list.map((a) => a.idAffectation);
  const instalments = await liveCharges(db, 'ECHEANCE', ids);
  const payments = await succeededPayments(db, ids);
  const refunds = await refundsOf(db, ids);
  const damages = await damageTotals(db, ids);
  const charges = await liveCharges(db, 'DEGRADATION', ids);
  const today = todayUtc();
  const out: StudentRent[] = [];
  for (const a of list) {
    // An instalment an outage moved is due on its new date (docs/rent.md#a-due-date-moved-by-an-outage).
    const mine = instalments
      .filter((i) => i.idAffectation === a.idAffectation)
      .map((i) => ({ ...i, dateEcheance: i.dateReportee ?? i.dateEcheance }));
    // The journal's sums (the instalments' own agree: tests/api/rent.test.ts says so).
    const sums = await accountSums(db, a.idAffectation);
    const { echeances, chargesDegradation } = allocateAccount(
      mine,
      charges.filter((c) => c.idAffectation === a.idAffectation),
      sums.paye,
      today,
    );
    const arriere = Math.max(0, sums.duADate - sums.paye);
    out.push({
      ...a,
      ...sums,
      arriere,
      payable: mayPayRent({ solde: sums.solde, annulee: a.annulee, dateDepart: a.dateDepart }),
      paiementPropose: proposedPayment({
        solde: sums.solde,
        arriere,
        montantChambre: a.montantChambre,
        annulee: a.annulee,
        dateDepart: a.dateDepart,
        echeances,
        today,
      }),
      degradations: damages.get(a.idAffectation) ?? 0,
      chargesDegradation,
      echeances: echeances.map((i) => ({
        numero: i.numero,
        dateEcheance: i.dateEcheance,
        montant: i.montant,
        paye: i.paye,
        reste: i.reste,
        statut: i.statut,
      })),
      paiements: payments
        .filter((p) => p.idAffectation === a.idAffectation)
        .map(({ idAffectation: _a, ...p }) => p),
      remboursements: refunds
        .filter((r) => r.idAffectation === a.idAffectation)
        .map(({ idAffectation: _a, ...r }) => r),
    });
  }
  return out;
}

/** The sessions with assignments in the actor's scope, newest first (`rent.manage`): where /loyers opens. */
export async function rentSessionsFor(db: Db, actor: Actor | null): Promise<RentSessions> {
  scopeFor(actor, 'rent.manage');
  return rentSessions(db, actor);
}

/** The signed-in student's rent: per assignment, its instalments with what was allocated, payments, sums. */
export async function studentRent(db: Db, actor: Actor | null): Promise<StudentRent[]> {
  scopeFor(actor, 'rent.own');
  return rentOf(db, await studentRentAssignments(db, { idUser: actor!.id }));
}

/**
 * Whether the student has rent it may pay by mobile money on one of its assignments (`mayPayRent`,
 * the rule `payable` of its rent answers): what a procuration « Payer mon loyer » needs.
 */
export async function studentMayPayRent(db: Db, idUser: number): Promise<boolean> {
  for (const a of await studentRentAssignments(db, { idUser })) {
    const { solde } = await accountSums(db, a.idAffectation);
    if (mayPayRent({ solde, annulee: a.annulee, dateDepart: a.dateDepart })) return true;
  }
  return false;
}

/** One assignment's rent for staff in scope (`rent.manage`): the arrears list's « Paiements ». */
export async function assignmentRent(
  db: Db,
  actor: Actor | null,
  idAffectation: number,
): Promise<StudentRent> {
  scopeFor(actor, 'rent.manage');
  const a = await rentAssignment(db, idAffectation, false);
  if (!a) throw notFound();
  assertCanReach(actor, 'rent.manage', { idDirection: a.idDirection });
  const [rent] = await rentOf(db, await studentRentAssignments(db, { idAffectation }));
  if (!rent) throw notFound();
  return rent;
}
