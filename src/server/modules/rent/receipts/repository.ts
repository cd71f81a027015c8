/** SQL of a payment's receipt (docs/rent.md#receipts): what it shows, read from the payment and the journal. */
import { sql } from 'drizzle-orm';
import type { StatutPaiement } from '../../../../domain/enums';
import { one, type Db } from '../../../db/client';

/** What a payment's receipt shows (docs/rent.md#receipts), with whose it is. */
export interface ReceiptFacts {
  referencePaiement: string;
  statut: StatutPaiement;
  montant: number;
  /** ISO 8601, UTC; null unless REUSSI. */
  datePaiement: string | null;
  libelleOperateur: string;
  codeTypePaiement: string;
  numeroRecu: string | null;
  telephone: string | null;
  idAffectation: number;
  idDirection: number;
  idUser: number | null;
  idDossier: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  email: string | null;
  nomCite: string;
  libelleChambre: string;
  libelleLit: string;
  anneeDebut: number;
  /** What remained to pay on the assignment once this payment was posted (its transaction and those before). */
  soldeApres: number;
}

export async function receiptFacts(db: Db, referencePaiement: string): Promise<ReceiptFacts | undefined> {
  const row = await one<ReceiptFacts>(
    db,
    sql`SELECT p.reference_paiement AS "referencePaiement", p.statut, p.montant::bigint AS montant,
          to_char(p.date_reussite AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "datePaiement",
          o.libelle_operateur AS "libelleOperateur", tp.code_type_paiement AS "codeTypePaiement",
          p.numero_recu AS "numeroRecu", p.telephone, a.id_affectation AS "idAffectation",
          d.id_direction AS "idDirection", d.id_user AS "idUser", d.id_dossier AS "idDossier", r.ine,
          r.nom_etudiant AS "nomEtudiant", r.prenom_etudiant AS "prenomEtudiant",
          coalesce(u.email, r.email_etudiant) AS email, c.nom_cite AS "nomCite",
          ch.libelle_chambre AS "libelleChambre", lt.libelle_lit AS "libelleLit", s.annee_debut AS "anneeDebut",
          (SELECT coalesce(sum(l.debit - l.credit), 0) FROM journal_ligne l
            WHERE l.id_affectation = a.id_affectation AND l.id_transaction <= coalesce(p.id_transaction, 0))::bigint
            AS "soldeApres"
        FROM paiement p
        JOIN operateur o ON o.id_operateur = p.id_operateur
        JOIN type_paiement tp ON tp.id_type_paiement = o.id_type_paiement
        JOIN affectation a ON a.id_affectation = p.id_affectation
        JOIN dossier d ON d.id_dossier = a.id_dossier
        JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
        LEFT JOIN users u ON u.id = d.id_user
        JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        JOIN cite c ON c.id_cite = a.id_cite
        JOIN chambre ch ON ch.id_chambre = a.id_chambre
        JOIN lit lt ON lt.id_lit = a.id_lit
        WHERE p.reference_paiement = ${referencePaiement}`,
  );
  return row && { ...row, montant: Number(row.montant), soldeApres: Number(row.soldeApres) };
}
