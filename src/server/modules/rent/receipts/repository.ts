/** SQL of a payment's receipt (docs/rent.md#receipts): what it shows, read from the payment and the journal. */
import { and, eq, sql } from 'drizzle-orm';
import { procurationOfPaymentColumn } from '../../../history/repository';
import { isoUtc, isoUtcOrNull } from '../../../db/clock';
import type { Db } from '../../../db/client';
import {
  affectation,
  chambre,
  cite,
  degradation,
  dossier,
  dossierEvenement as e,
  elementInventaire,
  journalLigne as l,
  lit,
  operateur,
  paiement as p,
  registreEtudiant,
  sessionCenou,
  typePaiement,
  users,
} from '../../../db/schema';
import { withPlace } from '../../assignment/place/repository';
import { notReversed } from '../journal/repository';

/**
 * The bed a payment was made in: an assignment moved since (`CHANGEMENT_LIT`, its first move after
 * the payment) was in the bed it left; otherwise in its bed of now. A receipt printed again for an
 * old payment names the room the payment was for, not the resident's room of today. (A move
 * recorded before its event named the beds by id is read as no move.)
 */
const bedOfPayment = sql<number>`coalesce((SELECT (${e.detail} ->> 'idLitAvant')::int FROM ${e}
    WHERE ${e.idDossier} = ${affectation.idDossier} AND ${e.evenement} = 'CHANGEMENT_LIT'
      AND ${e.detail} ->> 'idAffectation' = ${affectation.idAffectation}::text
      AND ${e.dateEvenement} > coalesce(${p.dateReussite}, ${p.createdAt})
    ORDER BY ${e.dateEvenement}, ${e.idEvenement} LIMIT 1), ${affectation.idLit})`;

/** What a payment's receipt shows (docs/rent.md#receipts), with whose it is; `undefined`: no such payment. */
export async function receiptFacts(db: Db, referencePaiement: string) {
  const query = db
    .select({
      referencePaiement: p.referencePaiement,
      statut: p.statut,
      montant: p.montant,
      /** ISO 8601, UTC; null unless REUSSI. */
      datePaiement: isoUtcOrNull(p.dateReussite),
      libelleOperateur: operateur.libelleOperateur,
      codeTypePaiement: typePaiement.codeTypePaiement,
      numeroRecu: p.numeroRecu,
      telephone: p.telephone,
      /** The procuration under which a helper paid it, or null. */
      idProcuration: procurationOfPaymentColumn(dossier.idDossier, p.referencePaiement),
      idAffectation: affectation.idAffectation,
      idDirection: dossier.idDirection,
      idUser: dossier.idUser,
      /** The student's account's username (its INE), when it has one. */
      userName: users.userName,
      idDossier: dossier.idDossier,
      ine: registreEtudiant.ine,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
      email: sql<string | null>`coalesce(${users.email}, ${registreEtudiant.emailEtudiant})`,
      nomCite: cite.nomCite,
      libelleChambre: chambre.libelleChambre,
      libelleLit: lit.libelleLit,
      anneeDebut: sessionCenou.anneeDebut,
      /** What remained to pay on the assignment once this payment was posted (its transaction and those before). */
      soldeApres: sql<number>`(SELECT coalesce(sum(${l.debit} - ${l.credit}), 0) FROM ${l}
        WHERE ${l.idAffectation} = ${affectation.idAffectation}
          AND ${l.idTransaction} <= coalesce(${p.idTransaction}, 0))::bigint`.mapWith(Number),
    })
    .from(p)
    .innerJoin(operateur, eq(operateur.idOperateur, p.idOperateur))
    .innerJoin(typePaiement, eq(typePaiement.idTypePaiement, operateur.idTypePaiement))
    .innerJoin(affectation, eq(affectation.idAffectation, p.idAffectation))
    .innerJoin(dossier, eq(dossier.idDossier, affectation.idDossier))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .leftJoin(users, eq(users.id, dossier.idUser))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .$dynamic();
  // The place of the bed the payment was made in, the one way places are joined.
  const [row] = await withPlace(query, undefined, bedOfPayment).where(
    eq(p.referencePaiement, referencePaiement),
  );
  return row;
}

/** What a payment's receipt shows, as `receiptFacts` reads it. */
export type ReceiptFacts = NonNullable<Awaited<ReturnType<typeof receiptFacts>>>;

/**
 * What the public check shows of a damage charged at departure (its notice's reference `DEG-…`),
 * while its journal transaction stands (not reversed); `undefined` otherwise.
 */
export async function damageCheckFacts(db: Db, reference: string) {
  const [row] = await db
    .select({
      reference: degradation.reference,
      idAffectation: degradation.idAffectation,
      montant: degradation.montant,
      dateFacturation: isoUtc(degradation.createdAt),
      libelleElement: elementInventaire.libelleElement,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
      nomCite: cite.nomCite,
      anneeDebut: sessionCenou.anneeDebut,
    })
    .from(degradation)
    .innerJoin(affectation, eq(affectation.idAffectation, degradation.idAffectation))
    .innerJoin(elementInventaire, eq(elementInventaire.idElementInventaire, degradation.idElementInventaire))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .innerJoin(cite, eq(cite.idCite, affectation.idCite))
    .where(and(eq(degradation.reference, reference), notReversed(db, degradation.idTransaction)));
  return row;
}
