/** A payment's receipt (docs/rent.md#receipts): read by whom may, and checked in public by its reference. */
import type { ReceiptCheck } from '../../../../domain/schemas/rent';
import { nomMasque } from '../../../../domain/rent';
import { anneeLibelle } from '../../../../domain/workflow';
import { assertCanReach, scopeFor } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import type { Db } from '../../../db/client';
import { AppError, notFound } from '../../../errors';
import { damageCheckFacts, receiptFacts, type ReceiptFacts } from './repository';
import { messages } from '../../../../domain/messages';
import { damageLeft } from '../accounts/service';

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

/** The prefix of a damage charge's reference (`DEG-20270630-K7M2Q9TX`, rent's `chargeDamage`). */
const DAMAGE_PREFIX = 'DEG';

/** The shape of a payment's or a damage's reference (`ESP-20261105-K7M2Q9TX`): anything else is not looked up. */
const REFERENCE_SHAPE = /^[A-Z]{2,4}-\d{8}-[A-Z0-9]{8}$/;

/**
 * The public check of a receipt (docs/rent.md#receipts): a succeeded payment's reference, or a
 * damage notice's (`DEG-…`, a damage charged at departure that stands) → its essentials and its
 * nature in words, the student's name partly masked, and for a damage what is left to pay of it
 * (0: paid); anything else 404.
 */
export async function publicReceiptCheck(db: Db, reference: string): Promise<ReceiptCheck> {
  const normalised = reference.trim().toUpperCase();
  if (!REFERENCE_SHAPE.test(normalised)) throw notFound();
  if (normalised.startsWith(`${DAMAGE_PREFIX}-`)) {
    const d = await damageCheckFacts(db, normalised);
    if (!d) throw notFound();
    // Paid or not, as the student's page and the arrears list allocate the account's payments.
    const resteAPayer = (await damageLeft(db, d.idAffectation, d.reference)) ?? d.montant;
    return {
      referencePaiement: d.reference,
      nature: 'DEGRADATION',
      libelleNature: messages.recuNatureDegradation,
      libelleElement: d.libelleElement,
      montant: d.montant,
      datePaiement: d.dateFacturation,
      etudiant: nomMasque(d.nomEtudiant, d.prenomEtudiant),
      libelleOperateur: null,
      nomCite: d.nomCite,
      anneeAcademique: anneeLibelle(d.anneeDebut),
      resteAPayer,
    };
  }
  const f = await receiptFacts(db, normalised);
  if (!f || f.statut !== 'REUSSI' || !f.datePaiement) throw notFound();
  return {
    referencePaiement: f.referencePaiement,
    nature: 'PAIEMENT',
    libelleNature: messages.recuNaturePaiement,
    libelleElement: null,
    montant: f.montant,
    datePaiement: f.datePaiement,
    etudiant: nomMasque(f.nomEtudiant, f.prenomEtudiant),
    libelleOperateur: f.libelleOperateur,
    nomCite: f.nomCite,
    anneeAcademique: anneeLibelle(f.anneeDebut),
    resteAPayer: null,
  };
}
