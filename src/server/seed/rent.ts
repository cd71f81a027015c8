import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { accountSums } from '../modules/rent/repository';
import { recordPayment } from '../modules/rent/service';

/**
 * Last year's rent in the demo (docs/rent.md): the students housed last year (closed sessions,
 * src/server/seed/workflow.ts) paid their instalments at their cité's counter, each on its due
 * day, with a number of the receipt book; one in five stopped paying after six months, so the
 * arrears list has rows to show. Written with `recordPayment` as history (its value date, no SMS).
 * Deterministic: the order of the assignments decides who owes.
 */
export async function loadLastYearRent(tx: Db): Promise<{ paiements: number; enRetard: number }> {
  const caisse = await rows<{ id: number }>(
    tx,
    sql`SELECT o.id_operateur AS id FROM operateur o JOIN type_paiement t USING (id_type_paiement)
        WHERE t.code_type_paiement = 'ESPECES' AND o.deleted_at IS NULL ORDER BY o.id_operateur LIMIT 1`,
  );
  if (!caisse[0]) return { paiements: 0, enRetard: 0 };
  // Each instalment of an assignment of a closed session, due before today.
  const due = await rows<{
    idAffectation: number;
    annee: number;
    montant: number;
    dateValeur: string;
    numero: number;
  }>(
    tx,
    sql`SELECT t.id_affectation AS "idAffectation", s.annee_debut AS annee, l.debit::float8 AS montant,
          to_char(t.date_valeur, 'YYYY-MM-DD') AS "dateValeur", t.numero_echeance AS numero
        FROM journal_transaction t
        JOIN journal_ligne l ON l.id_transaction = t.id_transaction AND l.compte LIKE 'ETUDIANT:%'
        JOIN affectation a ON a.id_affectation = t.id_affectation
        JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        WHERE t.nature = 'ECHEANCE' AND s.statut_session = 'FERME' AND t.date_valeur <= current_date
          AND l.debit > 0
        ORDER BY t.id_affectation, t.numero_echeance`,
  );
  const assignments = [...new Set(due.map((d) => d.idAffectation))];
  const owing = new Set(assignments.filter((_, i) => i % 5 === 4));
  let paiements = 0;
  for (const d of due) {
    if (owing.has(d.idAffectation) && d.numero > 6) continue;
    paiements += 1;
    await recordPayment(tx, null, {
      referencePaiement: `ESP-${d.dateValeur.replaceAll('-', '')}-DEMO${String(paiements).padStart(4, '0')}`,
      idAffectation: d.idAffectation,
      montant: d.montant,
      idOperateur: caisse[0].id,
      numeroRecu: `Q${d.annee}-${String(paiements).padStart(5, '0')}`,
      historique: { dateValeur: d.dateValeur },
    });
  }
  let enRetard = 0;
  for (const id of owing) if ((await accountSums(tx, id)).solde > 0) enRetard += 1;
  return { paiements, enRetard };
}
