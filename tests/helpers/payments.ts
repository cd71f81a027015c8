/**
 * Mobile-money fixtures (docs/payments.md): housed students (a bed assigned by plain SQL), a
 * provider whose truth the test sets, and signed notifications.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ETUDIANT } from '../../src/domain/enums';
import { one, type Db } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { issueInstalments } from '../../src/server/modules/rent/service';
import { readEvent } from '../../src/server/payments/fedapay';
import {
  type DebitRequest,
  type PaymentProvider,
  type ProviderTransaction,
  ProviderUnavailable,
  type WebhookEvent,
} from '../../src/server/payments/provider';
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from '../../src/server/payments/signature';
import { signToken } from '../../src/server/plugins/auth';
import { deliberationSession, insertAdmitted, insertCite } from './assignment';
import { assignedOn, owedRent, weekBefore, type OwedRent } from './rent';

export interface PaymentOperators {
  /** Orange Money (MOBILE_MONEY). */
  orange: number;
  /** Moov Money (MOBILE_MONEY). */
  moov: number;
  /** The cité's counter (ESPECES). */
  caisse: number;
}

/**
 * The rent settings' payment types and operators of the demo (docs/rent.md#payment-settings), made
 * once in this database if missing: Orange Money and Moov Money (mobile money), the cité's counter
 * (cash). Their ids, as the database gave them.
 */
export async function paymentOperators(db: Db): Promise<PaymentOperators> {
  const ensure = async (type: string, code: string, libelle: string): Promise<number> => {
    const found = await one<{ id: number }>(
      db,
      sql`SELECT id_operateur AS id FROM operateur WHERE code_operateur = ${code} AND deleted_at IS NULL`,
    );
    if (found) return found.id;
    let t = await one<{ id: number }>(
      db,
      sql`SELECT id_type_paiement AS id FROM type_paiement WHERE code_type_paiement = ${type} AND deleted_at IS NULL
          ORDER BY id_type_paiement LIMIT 1`,
    );
    t ??= await one<{ id: number }>(
      db,
      sql`INSERT INTO type_paiement (libelle_type_paiement, code_type_paiement)
          VALUES (${type === 'ESPECES' ? 'Espèces' : 'Mobile money'}, ${type}) RETURNING id_type_paiement AS id`,
    );
    return (await one<{ id: number }>(
      db,
      sql`INSERT INTO operateur (libelle_operateur, code_operateur, id_type_paiement)
          VALUES (${libelle}, ${code}, ${t!.id}) RETURNING id_operateur AS id`,
    ))!.id;
  };
  return {
    orange: await ensure('MOBILE_MONEY', 'ORANGE_MONEY', 'Orange Money'),
    moov: await ensure('MOBILE_MONEY', 'MOOV_MONEY', 'Moov Money'),
    caisse: await ensure('ESPECES', 'CAISSE', 'Caisse de la cité'),
  };
}

export interface Housed {
  idUser: number;
  ine: string;
  idAffectation: number;
  /** What its assignment owes (the rule of the months lived): the year's rent, what is due today. */
  owed: OwedRent;
}

let serial = 0;

/**
 * `n` admitted students of Ouagadougou each given a bed of a new cité (one session, OUVERT), at
 * `montant` FCFA a month (7,500 by default), assigned a week before the session's first instalment,
 * with the instalments they owe from that day in the journal (`owed`: every instalment of the
 * schedule but those of the months the cités are closed).
 */
export async function housedStudents(db: Db, n: number, montant = 7500): Promise<Housed[]> {
  const rooms = Math.ceil(n / 4);
  const cite = await insertCite(db, {
    nom: `Cité paiements ${(serial += 1)}`,
    montant,
    batiments: [
      {
        code: 'P',
        sexe: 'MIXTE',
        chambres: Array.from({ length: rooms }, (_, i) => ({ code: `P${i + 1}`, lits: 4 })),
      },
    ],
  });
  const idSession = await deliberationSession(db);
  const settings = await one<{ premiere: string; mois: number }>(
    db,
    sql`SELECT to_char(coalesce(premiere_echeance, make_date(annee_debut, 11, 5)), 'YYYY-MM-DD') AS premiere,
          mois_loyer AS mois
        FROM session_cenou WHERE id_session_cenou = ${idSession}`,
  );
  const jour = weekBefore(settings!.premiere);
  const owed = owedRent({ premiereEcheance: settings!.premiere, moisLoyer: settings!.mois, montant }, jour);
  const beds = Object.values(cite.lits);
  const out: Housed[] = [];
  await assignedOn(db, jour, async () => {
    for (let i = 0; i < n; i++) {
      const s = await insertAdmitted(db, { idSessionCenou: idSession, sexe: i % 2 ? 'M' : 'F', rang: i + 1 });
      const row = await one<{ id: number }>(
        db,
        sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
          SELECT ${idSession}, ${s.idDossier}, ${s.idEtudiant}, ${cite.idCite}, l.id_chambre, l.id_lit, ${`PAY${serial}X${i}X${s.idDossier}`}
          FROM lit l WHERE l.id_lit = ${beds[i]} RETURNING id_affectation AS id`,
      );
      out.push({ idUser: s.idUser, ine: s.ine, idAffectation: row!.id, owed });
    }
  });
  await withTransaction(db, (tx) =>
    issueInstalments(
      tx,
      null,
      out.map((h) => h.idAffectation),
    ),
  );
  return out;
}

export const studentToken = (app: FastifyInstance, s: { idUser: number }) =>
  signToken(app, { id: s.idUser, role: ETUDIANT, tokenVersion: 0 });

/** A FedaPay event for the transaction, as the provider sends it. */
export function eventBody(idTransaction: string | number, status: string, reference?: string): string {
  return JSON.stringify({
    id: Math.floor(Math.random() * 1e9),
    name: `transaction.${status}`,
    object: 'transaction',
    object_id: Number(idTransaction),
    entity: {
      klass: 'v1/transaction',
      id: Number(idTransaction),
      status,
      amount: 0,
      custom_metadata: reference ? { reference_paiement: reference } : null,
    },
  });
}

/** The headers of a notification signed with the secret (at `timestamp`, default now). */
export const signedHeaders = (body: string, secret: string, timestamp?: number) => ({
  'content-type': 'application/json',
  [SIGNATURE_HEADER]: signatureHeader(body, secret, timestamp),
});

/**
 * A provider whose answers the test sets: debits get ids 1, 2, …; `truth` says each transaction's
 * status (default pending) and amount (default the amount asked); `calls` counts the status asked.
 * Its webhooks are checked as FedaPay's, with `secret`.
 */
export class ControlledProvider implements PaymentProvider {
  private next = 1000;
  readonly debits = new Map<string, DebitRequest>();
  readonly truth = new Map<string, { status: string; montant?: number; reference?: string | null }>();
  statusCalls = 0;
  down = false;

  constructor(readonly secret: string) {}

  async startDebit(request: DebitRequest) {
    if (this.down) throw new ProviderUnavailable('down');
    const id = String((this.next += 1));
    this.debits.set(id, request);
    return { idTransaction: id };
  }

  async transaction(idTransaction: string): Promise<ProviderTransaction> {
    this.statusCalls += 1;
    if (this.down) throw new ProviderUnavailable('down');
    const debit = this.debits.get(idTransaction);
    const t = this.truth.get(idTransaction) ?? { status: 'pending' };
    const { statutOf } = await import('../../src/server/payments/fedapay');
    return {
      idTransaction,
      status: t.status,
      statut: statutOf(t.status),
      montant: t.montant ?? debit?.montant ?? 0,
      reference: t.reference !== undefined ? t.reference : (debit?.reference ?? null),
    };
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const h = headers[SIGNATURE_HEADER];
    verifySignature(rawBody, Array.isArray(h) ? h[0] : h, this.secret);
    return readEvent(rawBody);
  }
}
