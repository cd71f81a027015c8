/**
 * What an assignment is charged (docs/rent.md#instalments): the instalments it owes by the rule of the
 * months lived, made at its assignment (one statement for a whole fill) and by the backfill, made
 * again at a move to another category, reversed at a cancellation or past a departure's month; and
 * the damage charged at departure. Called by the assignment service and life in the cité, in their
 * own transaction.
 */
import { fill, messages } from '../../../../domain/messages';
import { instalmentSchedule, notYetDue, owedAtDeparture, owedInstalments } from '../../../../domain/rent';
import type { Actor } from '../../../access/actor';
import type { Db } from '../../../db/client';
import { withTransaction } from '../../../db/transaction';
import {
  accounts,
  lockInstalmentBackfill,
  newPaymentReference,
  postInstalments,
  postTransactions,
  reverseTransactions,
  todayUtc,
  type JournalEntry,
} from '../journal/repository';
import { accountSums, liveCharges } from '../accounts/repository';
import {
  assignmentsWithoutInstalments,
  instalmentSessions,
  rentBases,
  type RentBasis,
} from '../assignments/repository';

function instalmentEntries(
  basis: RentBasis,
  idAuteur: number | null,
  only?: ReadonlySet<number>,
): JournalEntry[] {
  // What the assignment owes of its session's schedule from its day (the rule of the months lived):
  // each instalment keeps its number, one in the grace after arrival is due at the grace's end.
  const owed = owedInstalments(
    instalmentSchedule({
      premiereEcheance: basis.premiereEcheance,
      moisLoyer: basis.moisLoyer,
      montant: basis.montantChambre,
    }),
    basis.jour,
  );
  return owed
    .filter((i) => i.montant > 0 && (!only || only.has(i.numero)))
    .map((i) => ({
      nature: 'ECHEANCE',
      libelle: fill(messages.loyerJournalEcheance, { numero: i.numero, total: basis.moisLoyer }),
      dateValeur: i.dateEcheance,
      idAffectation: basis.idAffectation,
      numeroEcheance: i.numero,
      idAuteur,
      lines: [
        { compte: accounts.etudiant(basis.idAffectation), debit: i.montant },
        { compte: accounts.loyerCite(basis.idCite), credit: i.montant },
      ],
    }));
}

/**
 * The instalments of new assignments (docs/rent.md#instalments): of the session's `moisLoyer`,
 * those the assignment owes from its day (`owedInstalments`: docs/rent.md#the-rule-of-the-months-lived),
 * each the bed's category's `montantChambre`, debited to the student's account and credited to the
 * cité's rent, in the caller's transaction (the assignment's own). A free room (0 FCFA) makes none.
 */
export async function issueInstalments(tx: Db, actor: Actor | null, idsAffectation: readonly number[]) {
  // One owed schedule per session and assignments' day (its days and labels: the domain's rule),
  // then one statement for every assignment × the schedule of its session and day (the automatic
  // fill: 6,000 assignments of one day, 54,000 instalments).
  const schedule = (await instalmentSessions(tx, idsAffectation)).flatMap((s) =>
    owedInstalments(
      instalmentSchedule({ premiereEcheance: s.premiereEcheance, moisLoyer: s.moisLoyer, montant: 0 }),
      s.jour,
    ).map((i) => ({
      idSessionCenou: s.idSessionCenou,
      jour: s.jour,
      numero: i.numero,
      dateEcheance: i.dateEcheance,
      libelle: fill(messages.loyerJournalEcheance, { numero: i.numero, total: s.moisLoyer }),
    })),
  );
  await postInstalments(tx, idsAffectation, schedule, actor?.id ?? null);
}

/** Reverses the live instalments of the assignment not yet due on `today`. */
async function reverseNotYetDue(
  tx: Db,
  actor: Actor | null,
  idAffectation: number,
  libelle: string,
  today: string,
) {
  const future = notYetDue(await liveCharges(tx, 'ECHEANCE', [idAffectation]), today);
  await reverseTransactions(
    tx,
    future.map((i) => i.idTransaction),
    libelle,
    actor?.id ?? null,
  );
}

/**
 * After a move (docs/rent.md#a-move): when the bed's category changed, the instalments not yet due
 * are reversed and made again at the new category's amount, credited to the new cité; those
 * already due stay as they were. Call it after the assignment row moved, with the category before.
 */
export async function reissueInstalments(
  tx: Db,
  actor: Actor | null,
  input: { idAffectation: number; idCategorieAvant: number; today?: string },
): Promise<void> {
  const [basis] = await rentBases(tx, [input.idAffectation]);
  if (!basis || basis.idCategorieChambre === input.idCategorieAvant) return;
  const today = input.today ?? todayUtc();
  await reverseNotYetDue(tx, actor, input.idAffectation, messages.loyerJournalDeplacement, today);
  // Every instalment the assignment owes from its day not yet due, even one the old category made
  // none of (0 FCFA).
  const future = notYetDue(
    owedInstalments(
      instalmentSchedule({
        premiereEcheance: basis.premiereEcheance,
        moisLoyer: basis.moisLoyer,
        montant: 0,
      }),
      basis.jour,
    ),
    today,
  );
  await postTransactions(
    tx,
    instalmentEntries(basis, actor?.id ?? null, new Set(future.map((i) => i.numero))),
  );
}

/** The category of an assignment's bed now (before a move). */
export async function currentCategory(tx: Db, idAffectation: number): Promise<number | null> {
  const [basis] = await rentBases(tx, [idAffectation]);
  return basis?.idCategorieChambre ?? null;
}

/**
 * After a cancellation (docs/rent.md#a-cancellation): the instalments not yet due are reversed;
 * those already due stay owed (the student lived there).
 */
export async function cancelInstalments(
  tx: Db,
  actor: Actor | null,
  idsAffectation: readonly number[],
  today = todayUtc(),
): Promise<void> {
  for (const id of idsAffectation)
    await reverseNotYetDue(tx, actor, id, messages.loyerJournalAnnulation, today);
}

/**
 * After a departure (docs/life-in-the-cite.md#departure): the live instalments due in a month after
 * the departure's are reversed; those of its month and before stay owed.
 */
export async function endInstalments(
  tx: Db,
  actor: Actor | null,
  input: { idAffectation: number; dateDepart: string },
): Promise<number> {
  const later = (await liveCharges(tx, 'ECHEANCE', [input.idAffectation])).filter(
    (i) => !owedAtDeparture(i.dateEcheance, input.dateDepart),
  );
  return reverseTransactions(
    tx,
    later.map((i) => i.idTransaction),
    messages.loyerJournalDepart,
    actor?.id ?? null,
  );
}

/**
 * Damage charged at departure (docs/rent.md#the-journal): a DEGRADATION transaction, in the
 * caller's transaction, debiting the student's account and crediting what the cité is owed for
 * its rooms, value date today, under a reference of its own (`DEG-20270630-K7M2Q9TX`). Returns the
 * transaction, its reference and the balance after it.
 */
export async function chargeDamage(
  tx: Db,
  actor: Actor | null,
  input: { idAffectation: number; idCite: number; montant: number; libelle: string },
): Promise<{ idTransaction: number; reference: string; solde: number }> {
  if (!Number.isSafeInteger(input.montant) || input.montant <= 0)
    throw new Error(`chargeDamage: montant ${input.montant}`);
  const reference = newPaymentReference('DEG');
  const [idTransaction] = await postTransactions(tx, [
    {
      nature: 'DEGRADATION',
      libelle: input.libelle,
      dateValeur: todayUtc(),
      idAffectation: input.idAffectation,
      referencePaiement: reference,
      idAuteur: actor?.id ?? null,
      lines: [
        { compte: accounts.etudiant(input.idAffectation), debit: input.montant },
        { compte: accounts.degradationCite(input.idCite), credit: input.montant },
      ],
    },
  ]);
  const { solde } = await accountSums(tx, input.idAffectation);
  return { idTransaction: idTransaction!, reference, solde };
}

/**
 * Assignments made before rent existed get their instalments (the seed, and a database upgraded
 * with assignments in it), those owed from each one's day (`issueInstalments`): once, under a transaction-scoped lock, so that instances starting
 * together do it once. Returns how many assignments were given instalments.
 */
export async function issueMissingInstalments(db: Db): Promise<number> {
  return withTransaction(db, async (tx) => {
    await lockInstalmentBackfill(tx);
    const missing = await assignmentsWithoutInstalments(tx);
    for (let i = 0; i < missing.length; i += 500)
      await issueInstalments(
        tx,
        null,
        missing.slice(i, i + 500).map((m) => m.id),
      );
    return missing.length;
  });
}
