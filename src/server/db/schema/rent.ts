/** Rent: payment settings, the journal, the accounts, the payments and the refunds (docs/rent.md). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { live, stamps } from './common';
import { affectation } from './assignment';
import { panne } from './availability';

/** Kinds of payment (docs/rent.md#payment-settings): settings, admin writes, staff read. */
export const typePaiement = pgTable(
  'type_paiement',
  {
    idTypePaiement: serial('id_type_paiement').primaryKey(),
    libelleTypePaiement: text('libelle_type_paiement').notNull(),
    /** MOBILE_MONEY, ESPECES or VIREMENT: what the product does with a payment of this kind. */
    codeTypePaiement: text('code_type_paiement', { enum: ['MOBILE_MONEY', 'ESPECES', 'VIREMENT'] }).notNull(),
    actif: boolean('actif').notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex('type_paiement_libelle_live')
      .on(sql`lower(${t.libelleTypePaiement})`)
      .where(live),
  ],
);

/** The operators a payment goes through: Orange Money, Moov Money, the counter of a cité. */
export const operateur = pgTable(
  'operateur',
  {
    idOperateur: serial('id_operateur').primaryKey(),
    libelleOperateur: text('libelle_operateur').notNull(),
    /** Stable code (ORANGE_MONEY, MOOV_MONEY, CAISSE): what the provider and the journal's accounts name. */
    codeOperateur: text('code_operateur').notNull(),
    idTypePaiement: integer('id_type_paiement')
      .notNull()
      .references(() => typePaiement.idTypePaiement),
    actif: boolean('actif').notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex('operateur_libelle_live')
      .on(sql`lower(${t.libelleOperateur})`)
      .where(live),
    uniqueIndex('operateur_code_live')
      .on(sql`lower(${t.codeOperateur})`)
      .where(live),
    index('operateur_type').on(t.idTypePaiement),
  ],
);

/**
 * The double-entry journal of rent (docs/rent.md#the-journal, docs/decisions/031-rent-journal.md):
 * a transaction is a header and at least two lines whose debits equal their credits, checked by
 * the database at commit (constraint trigger, migration rent_journal_triggers). Nothing is ever
 * updated or deleted: a correction is a CONTREPASSATION that reverses a transaction line by line
 * (`id_transaction_annulee`, at most one reversal each). An ECHEANCE is one instalment of an
 * assignment (`numero_echeance`, its due date in `date_valeur`); a PAIEMENT carries the unique
 * reference of its payment (exactly once).
 */
export const journalTransaction = pgTable(
  'journal_transaction',
  {
    idTransaction: bigserial('id_transaction', { mode: 'number' }).primaryKey(),
    /** ECHEANCE, PAIEMENT, REMBOURSEMENT, CONTREPASSATION or DEGRADATION (damage charged at departure). */
    nature: text('nature', {
      enum: ['ECHEANCE', 'PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION', 'DEGRADATION'],
    }).notNull(),
    libelle: text('libelle').notNull(),
    /** The day the amounts count from: an instalment's due date, a payment's day. */
    dateValeur: date('date_valeur', { mode: 'string' }).notNull(),
    /**
     * The assignment: checked, and key-share locked, once per assignment for the whole statement by
     * a statement trigger (migration fill_speed), not by a foreign key (one look-up and lock per
     * header: 60,000 for a cité's fill); an assignment with entries cannot be deleted (a trigger).
     */
    idAffectation: integer('id_affectation'),
    numeroEcheance: smallint('numero_echeance'),
    /** The transaction this one reverses (CONTREPASSATION). */
    idTransactionAnnulee: bigint('id_transaction_annulee', { mode: 'number' }),
    /** A payment's reference (PAIEMENT, REMBOURSEMENT): recorded once. */
    referencePaiement: text('reference_paiement'),
    /** Who posted it (a plain id, like the assignments' authors); null: the system. */
    idAuteur: integer('id_auteur'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The reversed transaction exists (the same statement trigger; headers are never deleted). Both
    // unique indexes leave out the instalments, which have neither.
    uniqueIndex('journal_transaction_annulee')
      .on(t.idTransactionAnnulee)
      .where(sql`id_transaction_annulee IS NOT NULL`),
    uniqueIndex('journal_transaction_reference')
      .on(t.referencePaiement)
      .where(sql`reference_paiement IS NOT NULL`),
    index('journal_transaction_affectation').on(t.idAffectation, t.nature),
    // No index on `created_at`: the headers of one database transaction are found by the range of
    // their ids, which the headers' statement trigger keeps (decision 133).
    check(
      'journal_transaction_nature',
      sql`nature IN ('ECHEANCE', 'PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION', 'DEGRADATION')`,
    ),
  ],
);

/**
 * One line of a journal transaction: an account, a debit or a credit in whole FCFA. `id_affectation`,
 * `date_valeur` and `nature` are copied from the account's name and the header by a trigger, so that a
 * student's balance and arrears are sums over one index (`journal_ligne_affectation`).
 */
export const journalLigne = pgTable(
  'journal_ligne',
  {
    /** The second column of the primary key: nothing looks a line up by it alone (decision 133). */
    idLigne: bigserial('id_ligne', { mode: 'number' }).notNull(),
    /**
     * Its header: checked with the whole statement's lines by a statement trigger (migration
     * rent_speed), not by a foreign key (one index look-up and a row lock per line); headers are
     * never deleted. The primary key's first column: a transaction's lines are one range of it.
     */
    idTransaction: bigint('id_transaction', { mode: 'number' }).notNull(),
    /** ETUDIANT:<idAffectation>, LOYER:CITE:<idCite>, CAISSE:CITE:<idCite>, OPERATEUR:<idOperateur>. */
    compte: text('compte').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    /**
     * Set by trigger: the assignment of an ETUDIANT account, the header's value date, and the nature
     * of the event (a reversal's lines: the nature of what they reverse).
     */
    idAffectation: integer('id_affectation'),
    dateValeur: date('date_valeur', { mode: 'string' }).notNull(),
    nature: text('nature', {
      enum: ['ECHEANCE', 'PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION', 'DEGRADATION'],
    }).notNull(),
  },
  (t) => [
    // A transaction's lines, in the order they were written: its balance, a reversal's lines. One
    // index for both (decision 133: `journal_ligne_transaction` was the first column alone).
    primaryKey({ name: 'journal_ligne_pkey', columns: [t.idTransaction, t.idLigne] }),
    // The lines of money received or paid out, by day (the daily reconciliation per account); the
    // instalments' lines, most of the journal, are not in it (migration rent_speed).
    index('journal_ligne_paiement')
      .on(t.dateValeur, t.compte)
      .where(sql`nature IN ('PAIEMENT', 'REMBOURSEMENT')`),
    // An assignment's lines with what its sums read, from the index alone (index-only scans): its
    // account's sums, and what is due by a day, one small range (nature, then value date: the arrears
    // list sorted by arrears reads one per assignment; migration rent_speed).
    index('journal_ligne_affectation')
      .on(t.idAffectation, t.nature, t.dateValeur, t.debit, t.credit)
      .where(sql`id_affectation IS NOT NULL`),
    check('journal_ligne_montant', sql`debit >= 0 AND credit >= 0 AND (debit > 0) <> (credit > 0)`),
  ],
);

/**
 * An assignment's account summed (docs/rent.md#sums): the sums that do not depend on the day —
 * every live instalment, what was paid net of refunds, the balance — kept by the database itself
 * (a statement trigger on `journal_ligne` adds each statement's lines, migration rent_speed), so
 * that the arrears list filters, counts and sorts on them without reading the lines. Never written
 * by the code; what is due by today is read from the lines (`journal_ligne_affectation`).
 */
export const loyerCompte = pgTable('loyer_compte', {
  /**
   * Not a foreign key (one look-up and lock per row of the fill's 6,000): the trigger writes it
   * from lines whose assignment its header named, which the headers' statement trigger checked,
   * and an assignment with entries cannot be deleted (migration fill_parents).
   */
  idAffectation: integer('id_affectation').primaryKey(),
  /** Σ(debit − credit) of the ECHEANCE lines (reversals included): the live instalments. */
  totalDu: bigint('total_du', { mode: 'number' }).notNull().default(0),
  /** Σ(credit − debit) of the PAIEMENT and REMBOURSEMENT lines. */
  paye: bigint('paye', { mode: 'number' }).notNull().default(0),
  /** Σ(debit − credit) of every line. */
  solde: bigint('solde', { mode: 'number' }).notNull().default(0),
});

/**
 * An instalment's due date moved by an outage of the payment provider (docs/rent.md#a-due-date-moved-by-an-outage,
 * decision 064): the journal is never updated, so the move is its own row, which the arrears and the
 * student's rent read. An instalment is its assignment and number (a reissue after a move to another
 * category keeps both); its due date is the latest move's `nouvelle_date`, else the journal's. Moved
 * once per outage (unique), and each move starts from the date the previous one gave.
 */
export const echeanceReportee = pgTable(
  'echeance_reportee',
  {
    idEcheanceReportee: serial('id_echeance_reportee').primaryKey(),
    idAffectation: integer('id_affectation')
      .notNull()
      .references(() => affectation.idAffectation),
    numeroEcheance: smallint('numero_echeance').notNull(),
    /** The due date before this move (the journal's, or the previous move's). */
    ancienneDate: date('ancienne_date', { mode: 'string' }).notNull(),
    nouvelleDate: date('nouvelle_date', { mode: 'string' }).notNull(),
    idPanne: integer('id_panne')
      .notNull()
      .references(() => panne.idPanne),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('echeance_reportee_unique').on(t.idAffectation, t.numeroEcheance, t.idPanne),
    index('echeance_reportee_panne').on(t.idPanne),
    check('echeance_reportee_ordre', sql`${t.nouvelleDate} > ${t.ancienneDate}`),
  ],
);

/**
 * A payment of rent (docs/rent.md#payments): asked (EN_ATTENTE, a mobile-money request), then
 * succeeded (REUSSI, with its journal transaction) or failed (ECHOUE). A cash payment at the
 * counter is recorded succeeded at once, with its receipt book's number (unique). The reference is
 * what the provider and the student see; `recordPayment` records a reference once. Mobile money
 * (docs/payments.md) adds the provider's transaction id and the last time the pending job asked.
 */
export const paiement = pgTable(
  'paiement',
  {
    idPaiement: serial('id_paiement').primaryKey(),
    referencePaiement: text('reference_paiement').notNull(),
    idAffectation: integer('id_affectation')
      .notNull()
      .references(() => affectation.idAffectation),
    idOperateur: integer('id_operateur')
      .notNull()
      .references(() => operateur.idOperateur),
    montant: bigint('montant', { mode: 'number' }).notNull(),
    statut: text('statut', { enum: ['EN_ATTENTE', 'REUSSI', 'ECHOUE'] })
      .notNull()
      .default('EN_ATTENTE'),
    telephone: text('telephone'),
    numeroRecu: text('numero_recu'),
    idTransaction: bigint('id_transaction', { mode: 'number' }).references(
      () => journalTransaction.idTransaction,
    ),
    idAuteur: integer('id_auteur'),
    dateReussite: timestamp('date_reussite', { withTimezone: true }),
    /** The provider's transaction (FedaPay's id), once the debit was asked. */
    idTransactionFournisseur: text('id_transaction_fournisseur'),
    /** When the pending job last asked the provider about it (docs/payments.md#the-pending-job). */
    verifieAt: timestamp('verifie_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paiement_reference').on(t.referencePaiement),
    uniqueIndex('paiement_numero_recu')
      .on(sql`upper(${t.numeroRecu})`)
      .where(sql`numero_recu IS NOT NULL`),
    uniqueIndex('paiement_transaction').on(t.idTransaction),
    uniqueIndex('paiement_transaction_fournisseur').on(t.idTransactionFournisseur),
    index('paiement_affectation').on(t.idAffectation),
    index('paiement_en_attente')
      .on(t.createdAt)
      .where(sql`statut = 'EN_ATTENTE'`),
    check('paiement_statut', sql`statut IN ('EN_ATTENTE', 'REUSSI', 'ECHOUE')`),
    check('paiement_montant', sql`montant > 0`),
  ],
);

/**
 * A refund of rent (docs/rent.md#refunds, docs/decisions/035-rent-refunds.md): money paid back to a
 * student holding a credit (its account's balance below zero), at the cité's counter or through an
 * operator, recorded at once with its REMBOURSEMENT journal transaction. `numero_piece` is the
 * voucher's number (cash) or the operator's transfer reference, used once.
 */
export const remboursement = pgTable(
  'remboursement',
  {
    idRemboursement: serial('id_remboursement').primaryKey(),
    referenceRemboursement: text('reference_remboursement').notNull(),
    idAffectation: integer('id_affectation')
      .notNull()
      .references(() => affectation.idAffectation),
    idOperateur: integer('id_operateur')
      .notNull()
      .references(() => operateur.idOperateur),
    montant: bigint('montant', { mode: 'number' }).notNull(),
    numeroPiece: text('numero_piece').notNull(),
    telephone: text('telephone'),
    idTransaction: bigint('id_transaction', { mode: 'number' })
      .notNull()
      .references(() => journalTransaction.idTransaction),
    idAuteur: integer('id_auteur'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remboursement_reference').on(t.referenceRemboursement),
    uniqueIndex('remboursement_numero_piece').on(sql`upper(${t.numeroPiece})`),
    uniqueIndex('remboursement_transaction').on(t.idTransaction),
    index('remboursement_affectation').on(t.idAffectation),
    check('remboursement_montant', sql`montant > 0`),
  ],
);
