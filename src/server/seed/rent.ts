import { and, asc, desc, eq, exists, gt, inArray, isNull, like, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import {
  affectation,
  batiment,
  categorieChambre,
  chambre,
  cite,
  couloir,
  direction,
  dossier,
  journalLigne,
  journalTransaction,
  lit,
  niveau,
  operateur,
  registreEtudiant,
  sessionCenou,
  typePaiement,
  users,
  ville,
} from '../db/schema';
import { affectationRows, moveAffectation } from '../modules/assignment/repository';
import { historyPlace } from '../modules/assignment/service';
import { recordEvent } from '../history/record';
import { accountSums, liveCharges, todayUtc } from '../modules/rent/repository';
import { currentCategory, recordPayment, reissueInstalments } from '../modules/rent/service';
import { formatFcfa } from '../../domain/money';

/** The direction of the demo's student holding a credit: Ouagadougou's (its regional manager's, and the CENOU's). */
const CREDIT_DIRECTION = 'OUA';

/** The demo's student holding a credit (the refund's example), as the log names its account. */
interface CreditExample {
  userName: string;
  description: string;
}

interface LastYearRent {
  paiements: number;
  enRetard: number;
  /** The student holding a credit, if the demo's beds allowed one (a cheaper free bed). */
  tropPercu: CreditExample | null;
}

/** The first live operator of a kind of payment: cash (the counter's), or any other (mobile money's). */
function firstOperator(tx: Db, cash: boolean) {
  return tx
    .select({ id: operateur.idOperateur })
    .from(operateur)
    .innerJoin(typePaiement, eq(typePaiement.idTypePaiement, operateur.idTypePaiement))
    .where(
      and(
        cash ? eq(typePaiement.codeTypePaiement, 'ESPECES') : ne(typePaiement.codeTypePaiement, 'ESPECES'),
        isNull(operateur.deletedAt),
      ),
    )
    .orderBy(operateur.idOperateur)
    .limit(1);
}

/** The counter's operator (cash), the first one. */
export function cashOperator(tx: Db) {
  return firstOperator(tx, true);
}

/**
 * Last year's rent in the demo (docs/rent.md): the students housed last year (closed sessions,
 * src/server/seed/workflow.ts) paid their instalments at their cité's counter, each on its due
 * day, with a number of the receipt book; one in five stopped paying after six months, so the
 * arrears list has rows to show; half of those paid one more lately (the reconciliation's last 31
 * days). Written with `recordPayment` as history (its value date, no SMS).
 * Deterministic: the order of the assignments decides who owes. One student of Ouagadougou paid
 * its whole year at the counter instead, then moved to a cheaper bed (`creditExample`): it holds a
 * credit, the refund's example. `named`: the accounts the demo already names for something else.
 */
export async function loadLastYearRent(
  tx: Db,
  named: ReadonlySet<string> = new Set(),
): Promise<LastYearRent> {
  const caisse = await cashOperator(tx);
  if (!caisse[0]) return { paiements: 0, enRetard: 0, tropPercu: null };
  // Each instalment of an assignment of a closed session, due before today.
  const due = await tx
    .select({
      idAffectation: affectation.idAffectation,
      annee: sessionCenou.anneeDebut,
      montant: journalLigne.debit,
      dateValeur: journalTransaction.dateValeur,
      numero: journalTransaction.numeroEcheance,
    })
    .from(journalTransaction)
    .innerJoin(
      journalLigne,
      and(
        eq(journalLigne.idTransaction, journalTransaction.idTransaction),
        like(journalLigne.compte, 'ETUDIANT:%'),
      ),
    )
    .innerJoin(affectation, eq(affectation.idAffectation, journalTransaction.idAffectation))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .where(
      and(
        eq(journalTransaction.nature, 'ECHEANCE'),
        eq(sessionCenou.statutSession, 'FERME'),
        sql`${journalTransaction.dateValeur} <= current_date`,
        gt(journalLigne.debit, 0),
      ),
    )
    .orderBy(journalTransaction.idAffectation, journalTransaction.numeroEcheance);
  // Who recorded each payment (docs/rent.md): at the counter, its cité's direction's regional manager;
  // by mobile money, the student who paid.
  const actor = { id: users.id, role: users.role, userName: users.userName, idDirection: users.idDirection };
  const managers = await tx
    .select(actor)
    .from(users)
    .where(and(eq(users.role, 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR'), isNull(users.deletedAt)))
    .orderBy(desc(users.id));
  // The first (lowest id) regional manager of each direction.
  const managerOf = new Map(managers.map((m) => [m.idDirection, m]));
  const who = await tx
    .select({ idAffectation: affectation.idAffectation, idDirection: dossier.idDirection, etudiant: actor })
    .from(affectation)
    .innerJoin(dossier, eq(dossier.idDossier, affectation.idDossier))
    .innerJoin(users, eq(users.id, dossier.idUser))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .where(eq(sessionCenou.statutSession, 'FERME'));
  const agentOf = new Map<number, Actor | undefined>(
    who.map((w) => [w.idAffectation, managerOf.get(w.idDirection)]),
  );
  const studentOf = new Map<number, Actor>(who.map((w) => [w.idAffectation, w.etudiant]));
  const assignments = [...new Set(due.map((d) => d.idAffectation))];
  const owing = new Set(assignments.filter((_, i) => i % 5 === 4));
  const credit = await creditCandidate(
    tx,
    assignments.filter((id) => !owing.has(id)),
    named,
  );
  let paiements = 0;
  for (const d of due) {
    if (d.idAffectation === credit?.idAffectation) continue;
    if (owing.has(d.idAffectation) && (d.numero ?? 0) > 6) continue;
    paiements += 1;
    await recordPayment(tx, agentOf.get(d.idAffectation) ?? null, {
      referencePaiement: `ESP-${d.dateValeur.replaceAll('-', '')}-DEMO${String(paiements).padStart(4, '0')}`,
      idAffectation: d.idAffectation,
      montant: d.montant,
      idOperateur: caisse[0].id,
      numeroRecu: `Q${d.annee}-${String(paiements).padStart(5, '0')}`,
      historique: { dateValeur: d.dateValeur },
    });
  }
  // Half of those in arrears paid one more instalment in the last four weeks, at the counter or
  // (one in two of them) by mobile money: the reconciliation's first screen (the last 31 days)
  // has both kinds of line to show, and the arrears list partial recoveries.
  const mobile = await firstOperator(tx, false);
  const today = Date.parse(`${todayUtc()}T00:00:00Z`);
  for (const [k, id] of [...owing].entries()) {
    const seventh = k % 2 === 0 ? due.find((d) => d.idAffectation === id && d.numero === 7) : undefined;
    if (!seventh) continue;
    const day = new Date(today - (2 + ((k * 3) % 27)) * 86_400_000).toISOString().slice(0, 10);
    const byPhone = mobile[0] !== undefined && k % 4 === 0;
    paiements += 1;
    await recordPayment(tx, (byPhone ? studentOf : agentOf).get(id) ?? null, {
      referencePaiement: `${byPhone ? 'MM' : 'ESP'}-${day.replaceAll('-', '')}-DEMO${String(paiements).padStart(4, '0')}`,
      idAffectation: id,
      montant: seventh.montant,
      idOperateur: byPhone ? mobile[0].id : caisse[0].id,
      ...(byPhone
        ? { telephone: `+2267${String(1000000 + k).slice(-7)}` }
        : { numeroRecu: `Q${seventh.annee + 1}-${String(paiements).padStart(5, '0')}` }),
      historique: { dateValeur: day },
    });
  }
  let tropPercu: CreditExample | null = null;
  if (credit) {
    paiements += 1;
    tropPercu = await creditExample(
      tx,
      credit,
      caisse[0].id,
      paiements,
      agentOf.get(credit.idAffectation) ?? null,
    );
  }
  let enRetard = 0;
  for (const id of owing) if ((await accountSums(tx, id)).solde > 0) enRetard += 1;
  return { paiements, enRetard, tropPercu };
}

interface CreditCandidate {
  idAffectation: number;
  idSessionCenou: number;
  userName: string;
  nom: string;
  prenom: string;
  sigle: string;
  /** The cheaper free bed of the student's direction it moves to. */
  bed: { idLit: number; idChambre: number; idCite: number; nomCite: string };
}

/**
 * The first of `ids` (last year's paying assignments, in order) of `CREDIT_DIRECTION` whose student
 * has an account the demo names for nothing else, and for whom a free bed (its room empty in that
 * session) of its sex in its direction costs less a month than its own: the dearest of those, the
 * first by cité and bed. Two plain reads (the candidates, then the free beds cheaper than the
 * dearest of their rooms, once per session): before the load's ANALYZE the planner knows no sizes,
 * and one statement joining both ran the beds' read once per candidate.
 */
async function creditCandidate(
  tx: Db,
  ids: readonly number[],
  named: ReadonlySet<string>,
): Promise<CreditCandidate | null> {
  if (!ids.length) return null;
  const candidates = (
    await tx
      .select({
        idAffectation: affectation.idAffectation,
        idSessionCenou: affectation.idSessionCenou,
        userName: users.userName,
        nom: registreEtudiant.nomEtudiant,
        prenom: registreEtudiant.prenomEtudiant,
        sigle: direction.sigleDirection,
        idDirection: direction.idDirection,
        montant: categorieChambre.montantChambre,
        sexe: registreEtudiant.sexeEtudiant,
      })
      .from(affectation)
      .innerJoin(dossier, eq(dossier.idDossier, affectation.idDossier))
      .innerJoin(users, and(eq(users.id, dossier.idUser), isNull(users.deletedAt)))
      .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
      .innerJoin(direction, eq(direction.idDirection, dossier.idDirection))
      .innerJoin(chambre, eq(chambre.idChambre, affectation.idChambre))
      .innerJoin(categorieChambre, eq(categorieChambre.idCategorieChambre, chambre.idCategorieChambre))
      .where(
        and(
          inArray(affectation.idAffectation, [...ids]),
          isNull(affectation.deletedAt),
          eq(direction.sigleDirection, CREDIT_DIRECTION),
        ),
      )
      .orderBy(affectation.idAffectation)
  ).filter((c) => !named.has(c.userName));
  const free = new Map<
    number,
    { sexe: string | null; montant: number; idDirection: number; bed: CreditCandidate['bed'] }[]
  >();
  const other = alias(affectation, 'o');
  for (const c of candidates) {
    if (!free.has(c.idSessionCenou)) {
      const mine = candidates.filter((x) => x.idSessionCenou === c.idSessionCenou);
      free.set(
        c.idSessionCenou,
        (
          await tx
            .select({
              sexe: batiment.sexe,
              montant: categorieChambre.montantChambre,
              idDirection: ville.idDirection,
              idLit: lit.idLit,
              idChambre: chambre.idChambre,
              idCite: cite.idCite,
              nomCite: cite.nomCite,
            })
            .from(categorieChambre)
            .innerJoin(cite, eq(cite.idCite, categorieChambre.idCite))
            .innerJoin(ville, eq(ville.idVille, cite.idVille))
            .innerJoin(
              chambre,
              and(
                eq(chambre.idCategorieChambre, categorieChambre.idCategorieChambre),
                isNull(chambre.deletedAt),
              ),
            )
            .innerJoin(couloir, eq(couloir.idCouloir, chambre.idCouloir))
            .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
            .innerJoin(batiment, eq(batiment.idBatiment, niveau.idBatiment))
            .innerJoin(lit, eq(lit.idChambre, chambre.idChambre))
            .where(
              and(
                isNull(lit.deletedAt),
                gt(categorieChambre.montantChambre, 0),
                lt(categorieChambre.montantChambre, Math.max(...mine.map((x) => x.montant))),
                inArray(ville.idDirection, [...new Set(mine.map((x) => x.idDirection))]),
                inArray(batiment.sexe, [...new Set(mine.map((x) => x.sexe))]),
                sql`NOT ${exists(
                  tx
                    .select({ id: other.idAffectation })
                    .from(other)
                    .where(
                      and(
                        eq(other.idChambre, chambre.idChambre),
                        eq(other.idSessionCenou, c.idSessionCenou),
                        isNull(other.deletedAt),
                      ),
                    ),
                )}`,
              ),
            )
            .orderBy(desc(categorieChambre.montantChambre), asc(cite.idCite), asc(lit.idLit))
        ).map(({ sexe, montant, idDirection, ...bed }) => ({ sexe, montant, idDirection, bed })),
      );
    }
    const bed = free
      .get(c.idSessionCenou)!
      .find((f) => f.sexe === c.sexe && f.idDirection === c.idDirection && f.montant < c.montant)?.bed;
    if (bed)
      return {
        idAffectation: c.idAffectation,
        idSessionCenou: c.idSessionCenou,
        userName: c.userName,
        nom: c.nom,
        prenom: c.prenom,
        sigle: c.sigle ?? '',
        bed,
      };
  }
  return null;
}

/**
 * The refund's example (docs/rent.md#refunds), made as the product makes it: on its first
 * instalment's day the student pays its whole year at the counter (`recordPayment`, as history),
 * then, before the second falls due, it moves to a cheaper bed (`moveAffectation` and
 * `reissueInstalments`, as the assignment service's move does): the instalments not yet due are
 * reversed and made again at the new price, and what it paid above them is a credit. Its history
 * tells it as the move does (docs/sessions-and-dossiers.md#the-dossiers-history): the first bed on
 * the assignment's day, then the change of bed with both places (the history's back-fill, run
 * after, leaves a dossier that has its bed's event alone).
 */
async function creditExample(
  tx: Db,
  c: CreditCandidate,
  idCaisse: number,
  numero: number,
  agent: Actor | null,
): Promise<CreditExample> {
  const instalments = await liveCharges(tx, 'ECHEANCE', [c.idAffectation]);
  const first = instalments[0]!;
  const total = instalments.reduce((sum, i) => sum + i.montant, 0);
  const year = first.dateEcheance.slice(0, 4);
  await recordPayment(tx, agent, {
    referencePaiement: `ESP-${first.dateEcheance.replaceAll('-', '')}-DEMO${String(numero).padStart(4, '0')}`,
    idAffectation: c.idAffectation,
    montant: total,
    idOperateur: idCaisse,
    numeroRecu: `Q${year}-${String(numero).padStart(5, '0')}`,
    historique: { dateValeur: first.dateEcheance },
  });
  const idCategorieAvant = (await currentCategory(tx, c.idAffectation))!;
  const [before] = await affectationRows(tx, [c.idAffectation]);
  await recordEvent(tx, {
    idDossier: before.idDossier,
    idSessionCenou: c.idSessionCenou,
    evenement: 'AFFECTATION',
    actor: agent,
    date: new Date(before.dateAffectation),
    detail: { idAffectation: c.idAffectation, lieu: historyPlace(before) },
  });
  await moveAffectation(tx, c.idAffectation, c.bed);
  const [after] = await affectationRows(tx, [c.idAffectation]);
  // After the day's payment (recorded at noon).
  await recordEvent(tx, {
    idDossier: before.idDossier,
    idSessionCenou: c.idSessionCenou,
    evenement: 'CHANGEMENT_LIT',
    actor: agent,
    date: new Date(`${first.dateEcheance}T15:00:00Z`),
    detail: {
      idAffectation: c.idAffectation,
      avant: historyPlace(before),
      apres: historyPlace(after),
      idLitAvant: before.idLit,
      idLitApres: after.idLit,
    },
  });
  // The move's day: the first instalment's, the others not yet due.
  await reissueInstalments(tx, null, {
    idAffectation: c.idAffectation,
    idCategorieAvant,
    today: first.dateEcheance,
  });
  const { solde } = await accountSums(tx, c.idAffectation);
  if (solde >= 0) throw new Error(`Démonstration : ${c.userName} sans trop-perçu après son déplacement`);
  return {
    userName: c.userName,
    description:
      `étudiant de ${c.sigle}, ${c.nom.toUpperCase()} ${c.prenom} : hébergé l'an dernier, a payé son année ` +
      `d'avance à la caisse puis a été déplacé dans une chambre moins chère (${c.bed.nomCite}) : ` +
      `trop-perçu de ${formatFcfa(-solde, { unit: true })} à rembourser`,
  };
}
