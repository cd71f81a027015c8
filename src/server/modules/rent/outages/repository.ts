/**
 * Due dates moved by an outage of the payment provider (docs/rent.md#a-due-date-moved-by-an-outage):
 * the unpaid instalments an outage may move, and the moves (`echeance_reportee`: this file is its
 * one writer). The journal itself is never changed by a move.
 */
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  affectation as a,
  dossier,
  echeanceReportee as m,
  journalLigne as l,
  journalTransaction as t,
  loyerCompte,
  sessionCenou,
} from '../../../db/schema';
import { notReversed } from '../journal/repository';

/**
 * The live instalments of live assignments not yet paid (what was paid goes to the oldest first)
 * whose due date — the latest move's, else the journal's — is between `fromDay` and `toDay`
 * (inclusive, ISO days): those an outage of the payment provider may move. With the dossier and
 * account of each (its event, its SMS). An outage is rare: this reads the instalments' headers
 * whole, once.
 */
export function unpaidInstalmentsDueBetween(db: Db, fromDay: string, toDay: string) {
  const due = sql<string>`coalesce((SELECT max(mr.nouvelle_date) FROM ${m} mr
    WHERE mr.id_affectation = ${t.idAffectation} AND mr.numero_echeance = ${t.numeroEcheance}), ${t.dateValeur})`;
  return db
    .select({
      idAffectation: sql<number>`${t.idAffectation}`,
      numero: sql<number>`${t.numeroEcheance}`,
      dateEcheance: sql<string>`(${due})::text`,
      montant: l.debit,
      idDossier: dossier.idDossier,
      idUser: dossier.idUser,
    })
    .from(t)
    .innerJoin(l, and(eq(l.idTransaction, t.idTransaction), isNotNull(l.idAffectation)))
    .innerJoin(a, and(eq(a.idAffectation, t.idAffectation), isNull(a.deletedAt)))
    .innerJoin(dossier, eq(dossier.idDossier, a.idDossier))
    .leftJoin(loyerCompte, eq(loyerCompte.idAffectation, t.idAffectation))
    .where(
      and(
        eq(t.nature, 'ECHEANCE'),
        notReversed(db, t.idTransaction),
        sql`${due} BETWEEN ${fromDay}::date AND ${toDay}::date`,
        // Not paid: what was paid does not cover the live instalments up to this one's.
        sql`coalesce(${loyerCompte.paye}, 0) < (SELECT sum(c.debit - c.credit) FROM ${l} c
          WHERE c.id_affectation = ${t.idAffectation} AND c.nature = 'ECHEANCE' AND c.date_valeur <= ${t.dateValeur})`,
      ),
    )
    .orderBy(t.idAffectation, t.numeroEcheance);
}

/**
 * Records instalments' due dates moved by an outage (`idPanne`), once per instalment and outage →
 * those recorded now (a move already there is left out).
 */
export async function recordMovedInstalments(
  tx: Db,
  idPanne: number,
  moves: readonly { idAffectation: number; numero: number; ancienne: string; nouvelle: string }[],
) {
  if (!moves.length) return [];
  return tx
    .insert(m)
    .values(
      moves.map((x) => ({
        idAffectation: x.idAffectation,
        numeroEcheance: x.numero,
        ancienneDate: x.ancienne,
        nouvelleDate: x.nouvelle,
        idPanne,
      })),
    )
    .onConflictDoNothing({ target: [m.idAffectation, m.numeroEcheance, m.idPanne] })
    .returning({ idAffectation: m.idAffectation, numero: m.numeroEcheance });
}

/** The last due day before `before` (ISO day) of the instalments of closed sessions (the demo's outages). */
export async function lastClosedSessionInstalmentDay(db: Db, before: string): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${t.dateValeur})::text` })
    .from(t)
    .innerJoin(a, eq(a.idAffectation, t.idAffectation))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, a.idSessionCenou))
    .where(and(eq(t.nature, 'ECHEANCE'), eq(sessionCenou.statutSession, 'FERME'), lt(t.dateValeur, before)));
  return row?.day ?? null;
}
