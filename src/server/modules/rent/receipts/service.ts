/** A payment's receipt (docs/rent.md#receipts): read by whom may, and checked in public by its reference. */
import type { ReceiptCheck } from '../../../../domain/schemas/rent';
import { nomMasque } from '../../../../domain/rent';
import { anneeLibelle } from '../../../../domain/workflow';
import { assertCanReach, scopeFor } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import type { Db } from '../../../db/client';
import { AppError, notFound } from '../../../errors';
import { receiptFacts, type ReceiptFacts } from './repository';

/**
 * A payment's receipt (docs/rent.md#receipts): its owner, GESTIONNAIRE_DR of its direction,
 * GESTIONNAIRE_CENOU all (`payment.read`; another's: 404); a payment not REUSSI has none (409).
 */
export async function receiptFor(
  db: Db,
  actor: Actor | null,
  referencePaiement: string,
): Promise<ReceiptFacts> {
  scopeFor(actor, 'payment.read');
  const f = await receiptFacts(db, referencePaiement);
  if (!f) throw notFound();
  assertCanReach(actor, 'payment.read', { idDirection: f.idDirection, idUser: f.idUser });
  if (f.statut !== 'REUSSI') throw new AppError('CONFLIT', 'recuIndisponible');
  return f;
}

/** The shape of a payment reference (`ESP-20261105-K7M2Q9TX`): anything else is not looked up. */
const REFERENCE_SHAPE = /^[A-Z]{2,4}-\d{8}-[A-Z0-9]{8}$/;

/**
 * The public check of a receipt (docs/rent.md#receipts): a succeeded payment's reference → its
 * essentials, the student's name partly masked; anything else 404.
 */
export async function publicReceiptCheck(db: Db, reference: string): Promise<ReceiptCheck> {
  const normalised = reference.trim().toUpperCase();
  if (!REFERENCE_SHAPE.test(normalised)) throw notFound();
  const f = await receiptFacts(db, normalised);
  if (!f || f.statut !== 'REUSSI' || !f.datePaiement) throw notFound();
  return {
    referencePaiement: f.referencePaiement,
    montant: f.montant,
    datePaiement: f.datePaiement,
    etudiant: nomMasque(f.nomEtudiant, f.prenomEtudiant),
    libelleOperateur: f.libelleOperateur,
    nomCite: f.nomCite,
    anneeAcademique: anneeLibelle(f.anneeDebut),
  };
}
