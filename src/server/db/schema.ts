/**
 * The database schema. Column names are the snake_case of the API's field names, so that the
 * generic CRUD (src/server/crud) can address any resource's columns from its definition.
 * Every reference-data table is soft-deleted (`deleted_at`); uniqueness holds among live rows.
 * Change it, then `npm run db:generate` writes the next SQL migration (committed).
 */
import { sql } from 'drizzle-orm';
import { MOIS_LOYER_DEFAULT, OFFER_RESPONSE_HOURS_DEFAULT, PART_FEMMES_DEFAULT } from '../../domain/limits';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};
const live = sql`deleted_at IS NULL`;

/**
 * `normalisePhone` (src/domain/phone.ts) of `tel_etudiant`, in SQL (immutable, for a generated
 * column): `+226` and 8 digits for a number of Burkina Faso written with or without its code,
 * `+` and the digits for another country's number written with its code, else null. A unit test
 * compares both on the same numbers (tests/api/sms-answers.test.ts).
 */
const phoneSql = (column: string) => {
  const t = `btrim(${column}, E' \\t\\r\\n')`;
  const d = `regexp_replace(${t}, '[^0-9]', '', 'g')`;
  const dd = `(CASE WHEN ${t} LIKE '00%' THEN substr(${d}, 3) ELSE ${d} END)`;
  return `CASE
    WHEN ${column} IS NULL OR ${t} !~ '^[-+0-9 \\t().\\/]+$' THEN NULL
    WHEN ${t} ~ '^(\\+|00)' THEN
      CASE WHEN ${dd} LIKE '226%' THEN CASE WHEN length(${dd}) = 11 THEN '+' || ${dd} END
           WHEN length(${dd}) BETWEEN 8 AND 15 AND ${dd} !~ '^0' THEN '+' || ${dd} END
    WHEN length(${d}) = 8 THEN '+226' || ${d}
    WHEN length(${d}) = 11 AND ${d} LIKE '226%' THEN '+' || ${d}
  END`;
};
const PHONE_NORMALISED_SQL = sql.raw(phoneSql('tel_etudiant'));

export const direction = pgTable(
  'direction',
  {
    idDirection: serial('id_direction').primaryKey(),
    libelleDirection: text('libelle_direction').notNull(),
    sigleDirection: text('sigle_direction'),
    emailDirection: text('email_direction'),
    telDirection: text('tel_direction'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('direction_libelle_live')
      .on(sql`lower(${t.libelleDirection})`)
      .where(live),
  ],
);

export const ville = pgTable(
  'ville',
  {
    idVille: serial('id_ville').primaryKey(),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    nomVille: text('nom_ville').notNull(),
    /** villeKey(nomVille): matches names given in files (src/domain/villes.ts). */
    cleVille: text('cle_ville').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('ville_nom_live')
      .on(sql`lower(${t.nomVille})`)
      .where(live),
    index('ville_direction').on(t.idDirection),
  ],
);

export const cite = pgTable(
  'cite',
  {
    idCite: serial('id_cite').primaryKey(),
    idVille: integer('id_ville')
      .notNull()
      .references(() => ville.idVille),
    nomCite: text('nom_cite').notNull(),
    nbLit: integer('nb_lit').notNull().default(0),
    adresseCite: text('adresse_cite'),
    ...stamps,
  },
  (t) => [index('cite_ville').on(t.idVille)],
);

export const batiment = pgTable(
  'batiment',
  {
    idBatiment: serial('id_batiment').primaryKey(),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
    libelleBatiment: text('libelle_batiment').notNull(),
    codeBatiment: text('code_batiment').notNull(),
    sexe: text('sexe').notNull().default('MIXTE'),
    ...stamps,
  },
  (t) => [
    index('batiment_cite').on(t.idCite),
    uniqueIndex('batiment_code_live')
      .on(t.idCite, sql`lower(${t.codeBatiment})`)
      .where(live),
  ],
);

export const niveau = pgTable(
  'niveau',
  {
    idNiveau: serial('id_niveau').primaryKey(),
    idBatiment: integer('id_batiment')
      .notNull()
      .references(() => batiment.idBatiment),
    libelleNiveau: text('libelle_niveau').notNull(),
    codeNiveau: text('code_niveau'),
    ...stamps,
  },
  (t) => [index('niveau_batiment').on(t.idBatiment)],
);

export const couloir = pgTable(
  'couloir',
  {
    idCouloir: serial('id_couloir').primaryKey(),
    idNiveau: integer('id_niveau')
      .notNull()
      .references(() => niveau.idNiveau),
    libelleCouloir: text('libelle_couloir').notNull(),
    codeCouloir: text('code_couloir'),
    ...stamps,
  },
  (t) => [index('couloir_niveau').on(t.idNiveau)],
);

export const categorieChambre = pgTable(
  'categorie_chambre',
  {
    idCategorieChambre: serial('id_categorie_chambre').primaryKey(),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
    libelleCategorieChambre: text('libelle_categorie_chambre').notNull(),
    montantChambre: integer('montant_chambre').notNull(),
    ...stamps,
  },
  (t) => [index('categorie_chambre_cite').on(t.idCite)],
);

export const chambre = pgTable(
  'chambre',
  {
    idChambre: serial('id_chambre').primaryKey(),
    idCouloir: integer('id_couloir')
      .notNull()
      .references(() => couloir.idCouloir),
    idCategorieChambre: integer('id_categorie_chambre')
      .notNull()
      .references(() => categorieChambre.idCategorieChambre),
    libelleChambre: text('libelle_chambre').notNull(),
    codeChambre: text('code_chambre'),
    ...stamps,
  },
  (t) => [index('chambre_couloir').on(t.idCouloir), index('chambre_categorie').on(t.idCategorieChambre)],
);

export const lit = pgTable(
  'lit',
  {
    idLit: serial('id_lit').primaryKey(),
    idChambre: integer('id_chambre')
      .notNull()
      .references(() => chambre.idChambre),
    libelleLit: text('libelle_lit').notNull(),
    codeLit: text('code_lit'),
    ...stamps,
  },
  (t) => [
    index('lit_chambre').on(t.idChambre),
    // The bed list's default order (code, then id) over live rows (migration 0005).
    index('lit_code_live').on(t.codeLit, t.idLit).where(live),
  ],
);

export const typeCritere = pgTable('type_critere', {
  idTypeCritere: serial('id_type_critere').primaryKey(),
  libelleTypeCritere: text('libelle_type_critere').notNull(),
  coefficient: integer('coefficient').notNull().default(0),
  typeItem: text('type_item'),
  statutItem: text('statut_item').notNull().default('FACULTATIF'),
  ...stamps,
});

export const critere = pgTable(
  'critere',
  {
    idCritere: serial('id_critere').primaryKey(),
    idTypeCritere: integer('id_type_critere')
      .notNull()
      .references(() => typeCritere.idTypeCritere),
    libelleCritere: text('libelle_critere').notNull(),
    note: integer('note').notNull().default(0),
    justificatifRequis: boolean('justificatif_requis').notNull().default(false),
    listeDeliberation: text('liste_deliberation'),
    /** A handicap (VALIDE: the stay limit is 4 academic years instead of 2, docs/agency-rules.md). */
    handicap: boolean('handicap').notNull().default(false),
    ...stamps,
  },
  (t) => [index('critere_type').on(t.idTypeCritere)],
);

export const sessionCenou = pgTable(
  'session_cenou',
  {
    idSessionCenou: serial('id_session_cenou').primaryKey(),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    etatSession: text('etat_session').notNull().default('INSCRIPTION'),
    statutSession: text('statut_session').notNull().default('OUVERT'),
    dateOuverture: date('date_ouverture', { mode: 'string' }).notNull(),
    dateFermeture: date('date_fermeture', { mode: 'string' }),
    anneeDebut: integer('annee_debut').notNull(),
    /** Hours an admitted student has to answer its offer (docs/offers.md). */
    delaiReponseHeures: integer('delai_reponse_heures').notNull().default(OFFER_RESPONSE_HOURS_DEFAULT),
    /** The agency's rules (docs/agency-rules.md): places of READMISSIONS, share of each later list for women (%). */
    placesReadmission: integer('places_readmission').notNull().default(0),
    partFemmes: integer('part_femmes').notNull().default(PART_FEMMES_DEFAULT),
    /** Rent (docs/rent.md): instalments per assignment, and the first one's date (set by the session's hook). */
    moisLoyer: integer('mois_loyer').notNull().default(MOIS_LOYER_DEFAULT),
    premiereEcheance: date('premiere_echeance', { mode: 'string' }),
    ...stamps,
  },
  (t) => [
    index('session_direction').on(t.idDirection),
    // At most one OUVERT or SUSPENDU session per direction (docs/sessions-and-dossiers.md), enforced by the database too.
    uniqueIndex('session_active_per_direction')
      .on(t.idDirection)
      .where(sql`deleted_at IS NULL AND statut_session IN ('OUVERT', 'SUSPENDU')`),
  ],
);

export const quota = pgTable(
  'quota',
  {
    idQuota: serial('id_quota').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idCritere: integer('id_critere')
      .notNull()
      .references(() => critere.idCritere),
    valeurQuota: integer('valeur_quota').notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('quota_session_critere_live').on(t.idSessionCenou, t.idCritere).where(live)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    idDirection: integer('id_direction').references(() => direction.idDirection),
    userName: text('user_name').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    /** The four roles (docs/roles.md); src/domain/enums.ts's ROLES must hold the same values. */
    role: text('role', {
      enum: [
        'ROLE_HEBERGEMENT_ADMIN',
        'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
        'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
        'ROLE_HEBERGEMENT_ETUDIANT',
      ],
    }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Raised on reset, password change and delete: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * A student's verified phone (issue 24 item 2: set once the student typed back the code sent to
     * it), normalised `+226XXXXXXXX` (src/domain/phone.ts); the SMS go to it rather than to the
     * registry's `tel_etudiant`, and an incoming SMS is matched to its student by it.
     */
    telephone: text('telephone'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_user_name_live')
      .on(sql`lower(${t.userName})`)
      .where(live),
    uniqueIndex('users_telephone_live')
      .on(t.telephone)
      .where(sql`telephone IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/** The national student registry (docs/accounts.md) and, once registered, the student's account data. */
export const registreEtudiant = pgTable(
  'registre_etudiant',
  {
    idEtudiant: serial('id_etudiant').primaryKey(),
    ine: text('ine').notNull(),
    nomEtudiant: text('nom_etudiant').notNull(),
    prenomEtudiant: text('prenom_etudiant').notNull(),
    sexeEtudiant: text('sexe_etudiant').notNull(),
    dateNaissance: date('date_naissance', { mode: 'string' }).notNull(),
    lieuNaissance: text('lieu_naissance'),
    telEtudiant: text('tel_etudiant'),
    /**
     * `tel_etudiant` normalised as src/domain/phone.ts does (`+226XXXXXXXX`, null when unreadable),
     * computed by the database: how an incoming SMS finds a student who has verified no number of its
     * own (docs/decisions/030-verified-phone-and-sms-answers.md).
     */
    telNormalise: text('tel_normalise').generatedAlwaysAs(PHONE_NORMALISED_SQL),
    emailEtudiant: text('email_etudiant'),
    universite: text('universite'),
    filiere: text('filiere'),
    niveau: text('niveau'),
    villeOrientation: text('ville_orientation').notNull(),
    idVille: integer('id_ville')
      .notNull()
      .references(() => ville.idVille),
    anneeAcademique: text('annee_academique'),
    anneeBac: integer('annee_bac'),
    serieBac: text('serie_bac'),
    moyenneBac: doublePrecision('moyenne_bac'),
    libellePays: text('libelle_pays'),
    typePays: text('type_pays').notNull().default('NATIONAL'),
    /** Academic years housed before this product (the import's optional column, docs/agency-rules.md). */
    anneesHebergementAnterieures: integer('annees_hebergement_anterieures').notNull().default(0),
    // account data, set at registration
    idUser: integer('id_user').references(() => users.id),
    personnelBesoin: text('personnel_besoin'),
    contact: text('contact'),
    engagementStatutReglement: boolean('engagement_statut_reglement').notNull().default(false),
    engagementPersonnelCaution: boolean('engagement_personnel_caution').notNull().default(false),
    declarationSurHonneur: boolean('declaration_sur_honneur').notNull().default(false),
    luApprouve: boolean('lu_approuve').notNull().default(false),
    /** fold() of INE, names and places: the registry's search column. */
    recherche: text('recherche').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('registre_ine_live')
      .on(sql`upper(${t.ine})`)
      .where(live),
    index('registre_ville').on(t.idVille),
    index('registre_nom').on(t.nomEtudiant, t.prenomEtudiant),
    // The list's default order over live rows; the migration (0014) also INCLUDEs id_ville, id_user
    // and recherche, so that the list's key query and count are index-only scans.
    index('registre_nom_live').on(t.nomEtudiant, t.prenomEtudiant, t.idEtudiant).where(live),
    // The word search (`recherche LIKE '%word%'`): a trigram index (pg_trgm, migration 0005).
    index('registre_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
    // One registry row per account: a second registration of the same student cannot link twice.
    uniqueIndex('registre_user_live')
      .on(t.idUser)
      .where(sql`id_user IS NOT NULL AND deleted_at IS NULL`),
    // An incoming SMS's sender among the registered students' registry numbers.
    index('registre_tel_normalise')
      .on(t.telNormalise)
      .where(sql`tel_normalise IS NOT NULL AND id_user IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/**
 * A mail text with placeholders, stored once for many queued mails (src/server/mail/outbox.ts,
 * template form: the deliberation's result mails). Never changed once written.
 */
export const outboxTemplate = pgTable('outbox_template', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Outgoing mail, written in the transaction of the change that causes it (docs/accounts.md): either its
 * own subject and bodies, or a template (`id_template`) and the values of its placeholders
 * (`params`), rendered by the worker when it sends. No foreign key on `id_template`: checked per
 * row it would cost one look-up per mail of a 100,000-mail publication; templates are never deleted.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    idTemplate: bigint('id_template', { mode: 'number' }),
    params: jsonb('params'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The account it is sent to, and the dossier it tells of: what the staff read per student and per session. */
    idUser: integer('id_user'),
    idDossier: integer('id_dossier'),
  },
  (t) => [
    index('outbox_pending')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
    index('outbox_mail_user')
      .on(t.idUser)
      .where(sql`id_user IS NOT NULL`),
    index('outbox_mail_dossier')
      .on(t.idDossier)
      .where(sql`id_dossier IS NOT NULL`),
    check(
      'outbox_mail_contenu',
      sql`(${t.subject} IS NOT NULL AND ${t.textBody} IS NOT NULL AND ${t.htmlBody} IS NOT NULL) OR ${t.idTemplate} IS NOT NULL`,
    ),
  ],
);

/**
 * Mails queued as one row, expanded by the mail worker into `outbox_mail` a chunk at a time
 * (src/server/mail/lots.ts): a publication's 100,000 result mails (kind RESULTAT, its run
 * `id_deliberation`, the template ids by `statut:liste` in `templates`). `dernier_id_dossier` is the
 * cursor (the last dossier expanded); `termine_le` is set once all are queued, or when the lot stops
 * (`interrompu`: its run was replaced before it was expanded). A failed expansion waits until
 * `next_attempt_at`.
 */
export const outboxLot = pgTable(
  'outbox_lot',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    idDeliberation: integer('id_deliberation').notNull(),
    templates: jsonb('templates').notNull(),
    dernierIdDossier: integer('dernier_id_dossier').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    termineLe: timestamp('termine_le', { withTimezone: true }),
    interrompu: boolean('interrompu').notNull().default(false),
  },
  (t) => [
    index('outbox_lot_a_faire')
      .on(t.id)
      .where(sql`termine_le IS NULL`),
  ],
);

/**
 * Outgoing SMS (docs/messages.md#sms), written in the transaction of the change that causes it, like
 * a mail, and sent by the SMS worker (src/server/sms/worker.ts) through SMPP or to a file. `recipient`
 * is the number as found (the verified phone, else the registry's `tel_etudiant`), normalised when
 * it is sent. `state`: EN_ATTENTE (queued), ENVOYE (accepted by the SMS centre, its `message_id`),
 * DELIVRE (its delivery receipt said so), ECHEC (refused for good, or a receipt said undelivered).
 * `id_sms_entrant`: the incoming SMS it answers (issue 24 item 3).
 */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    textBody: text('text_body').notNull(),
    idUser: integer('id_user'),
    idDossier: integer('id_dossier'),
    idSmsEntrant: bigint('id_sms_entrant', { mode: 'number' }),
    state: text('state').notNull().default('EN_ATTENTE'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_sms_pending')
      .on(t.nextAttemptAt)
      .where(sql`state = 'EN_ATTENTE'`),
    index('outbox_sms_message_id')
      .on(t.messageId)
      .where(sql`message_id IS NOT NULL`),
    index('outbox_sms_user')
      .on(t.idUser)
      .where(sql`id_user IS NOT NULL`),
    index('outbox_sms_dossier')
      .on(t.idDossier)
      .where(sql`id_dossier IS NOT NULL`),
    check('outbox_sms_state', sql`${t.state} IN ('EN_ATTENTE', 'ENVOYE', 'DELIVRE', 'ECHEC')`),
  ],
);

/**
 * What the SMS centre delivered to us (`deliver_sm`), stored before it is acknowledged: delivery
 * receipts (`kind` ACCUSE: the receipted `message_id` and its final `receipt_state`, applied to
 * `outbox_sms`) and messages from students (`kind` MESSAGE: `sender` normalised, the text, the
 * centre's `message_id` when it gives one; src/server/modules/sms-answers answers them and sets
 * `processed_at`, `id_user` and `result`: ACCEPTE, REFUSE, a refusal's reason, AIDE, AIDE_DEJA_ENVOYEE,
 * INCONNU, ERREUR).
 */
export const smsEntrant = pgTable(
  'sms_entrant',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    sender: text('sender'),
    recipient: text('recipient'),
    textBody: text('text_body'),
    messageId: text('message_id'),
    receiptState: text('receipt_state'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    idUser: integer('id_user'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    result: text('result'),
    /** Failed handlings of a message (a fault, not a refusal): after SMS_ENTRANT_MAX_ATTEMPTS, set aside (ERREUR). */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('sms_entrant_accuse')
      .on(t.messageId)
      .where(sql`kind = 'ACCUSE'`),
    index('sms_entrant_a_traiter')
      .on(t.id)
      .where(sql`kind = 'MESSAGE' AND processed_at IS NULL`),
    // A message the centre delivers twice (its answer lost) carries the same id: stored once.
    uniqueIndex('sms_entrant_message_unique')
      .on(t.sender, t.messageId)
      .where(sql`kind = 'MESSAGE' AND message_id IS NOT NULL`),
    // A sender's messages: those waiting, in order (one is handled only after those before it), its
    // recent ones (a message received twice without an id of the centre; the help lately sent).
    index('sms_entrant_expediteur_messages')
      .on(t.sender, t.id)
      .where(sql`kind = 'MESSAGE'`),
    check('sms_entrant_kind', sql`${t.kind} IN ('ACCUSE', 'MESSAGE')`),
  ],
);

/**
 * A 6-digit code sent to an account (docs/accounts.md#forgotten-password), kept only as its hash:
 * `purpose` MOT_DE_PASSE (a forgotten password) or TELEPHONE (issue 24 item 2: the number being
 * verified, in `telephone`). Valid until `expires_at`, for `CODE_MAX_TRIES` tries; a new code of the
 * same purpose revokes the older ones (`revoked_at`); `used_at` once it served.
 */
export const codeVerification = pgTable(
  'code_verification',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['MOT_DE_PASSE', 'TELEPHONE'] }).notNull(),
    telephone: text('telephone'),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('code_verification_vivant')
      .on(t.idUser, t.purpose)
      .where(sql`used_at IS NULL AND revoked_at IS NULL`),
  ],
);

/** Fixed-window counters for rate limits shared by every instance (sign-in per username, INE look-ups). */
export const rateCounter = pgTable('rate_counter', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Who did what, for the audit screen of the roadmap. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userName: text('user_name'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    detail: jsonb('detail'),
    level: smallint('level').notNull().default(0),
  },
  (t) => [index('audit_at').on(t.at)],
);

/**
 * A student's application for a session (docs/sessions-and-dossiers.md, docs/deliberation.md, docs/offers.md). Its direction is the session's,
 * kept on the row so that every staff list is scoped by one indexed column. One live dossier per
 * student and session (409 DOUBLON), enforced by the database too.
 */
export const dossier = pgTable(
  'dossier',
  {
    idDossier: serial('id_dossier').primaryKey(),
    referenceDossier: text('reference_dossier').notNull(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    /** The student's account: the owner of the dossier. */
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    typeDossier: text('type_dossier').notNull().default('NOUVEAU'),
    statutDossier: text('statut_dossier').notNull().default('DEPOSE'),
    dateDepot: timestamp('date_depot', { withTimezone: true }).notNull().defaultNow(),
    /** Score stored at analysis (docs/score.md), full precision. */
    moyenne: doublePrecision('moyenne'),
    analysePar: integer('analyse_par').references(() => users.id),
    dateAnalyse: timestamp('date_analyse', { withTimezone: true }),
    /** After a publication: the list the student is on (PUPILLES, ETRANGERS, NATIONAUX) and its rank. */
    listeDeliberation: text('liste_deliberation'),
    rang: integer('rang'),
    /** The offer (docs/offers.md): EN_ATTENTE, ACCEPTE, REFUSE, EXPIRE, RETIRE, and its deadline. */
    reponse: text('reponse'),
    dateLimiteReponse: timestamp('date_limite_reponse', { withTimezone: true }),
    /** When the reminder of the current offer was queued (REMINDER_HOURS before its deadline; once per offer). */
    rappelEnvoyeLe: timestamp('rappel_envoye_le', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('dossier_reference').on(t.referenceDossier),
    uniqueIndex('dossier_etudiant_session_live').on(t.idEtudiant, t.idSessionCenou).where(live),
    index('dossier_user').on(t.idUser),
    // A session's dossiers, and the admissible list walking them by descending score. Nothing that a
    // publication changes is indexed (status, list, rank, answer, deadline): its update of every dossier
    // of the session is heap-only (migration 0012, fillfactor 45, decision 009).
    index('dossier_session_moyenne').on(t.idSessionCenou, t.moyenne.desc(), t.idDossier),
    // The deposit list (migration 0005): its `q` on the reference (`lower(reference_dossier) LIKE
    // '%…%'`, trigrams), and its default order (newest first, the id breaking ties), all directions or one.
    index('dossier_reference_trgm').using('gin', sql`lower(${t.referenceDossier}) gin_trgm_ops`),
    index('dossier_depot_live').on(t.dateDepot, t.idDossier).where(live),
    index('dossier_direction_depot_live').on(t.idDirection, t.dateDepot, t.idDossier).where(live),
  ],
);

/**
 * The history of a dossier after a publication (docs/offers.md): OFFRE (after a promotion), RAPPEL,
 * REPONSE_ACCEPTEE, REPONSE_REFUSEE, EXPIRATION, RETRAIT, PROMOTION. Kept for good: never updated
 * nor deleted. A publication's own events (PUBLICATION for every dossier of the run, OFFRE for the
 * admitted) are not stored here: `historyOf` reads them from the run (`deliberation`,
 * `deliberation_candidat`); migration 0011 removed those earlier publications had written. The author is a plain id and its name at the time
 * (null: the system); `detail` holds what the event changed (list, rank, deadline…).
 */
export const dossierEvenement = pgTable(
  'dossier_evenement',
  {
    idEvenement: bigserial('id_evenement', { mode: 'number' }).primaryKey(),
    /**
     * The dossier. No foreign key: a publication writes an event per dossier of the session (two for
     * the admitted), and the check, one look-up per row, was half the cost of that statement;
     * events are only written by the server for dossiers it just read or changed, and dossiers are
     * never deleted (`deleted_at`).
     */
    idDossier: integer('id_dossier').notNull(),
    idSessionCenou: integer('id_session_cenou').notNull(),
    evenement: text('evenement').notNull(),
    dateEvenement: timestamp('date_evenement', { withTimezone: true }).notNull().defaultNow(),
    idAuteur: integer('id_auteur'),
    auteur: text('auteur'),
    motif: text('motif'),
    commentaire: text('commentaire'),
    detail: jsonb('detail'),
    /** How a student's answer came (`WEB` or `SMS`, issue 24 item 3); null for the other events. */
    canal: text('canal'),
  },
  (t) => [
    index('dossier_evenement_dossier').on(t.idDossier, t.idEvenement),
    index('dossier_evenement_session').on(t.idSessionCenou, t.evenement),
  ],
);

/** One answer of a dossier per criterion type: the criterion chosen, its proof, its analysis. */
export const dossierCritere = pgTable(
  'dossier_critere',
  {
    idDossierCritere: serial('id_dossier_critere').primaryKey(),
    idDossier: integer('id_dossier')
      .notNull()
      .references(() => dossier.idDossier),
    idTypeCritere: integer('id_type_critere')
      .notNull()
      .references(() => typeCritere.idTypeCritere),
    idCritere: integer('id_critere')
      .notNull()
      .references(() => critere.idCritere),
    /** The name the student gave the proof (shown, never used as a path). */
    nomFichier: text('nom_fichier'),
    /** The storage key of the proof (src/server/files). */
    cleFichier: text('cle_fichier'),
    tailleFichier: integer('taille_fichier'),
    /** VALIDE, INVALIDE or INJUSTIFIE, set at analysis. */
    valeurAnalyse: text('valeur_analyse'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dossier_critere_type').on(t.idDossier, t.idTypeCritere),
    index('dossier_critere_critere').on(t.idCritere),
  ],
);

/** Numbers of the readable dossier references (`OUA-2026-000123`), per direction and year. */
export const dossierSequence = pgTable(
  'dossier_sequence',
  {
    idDirection: integer('id_direction').notNull(),
    annee: integer('annee').notNull(),
    dernier: integer('dernier').notNull().default(0),
  },
  (t) => [uniqueIndex('dossier_sequence_key').on(t.idDirection, t.annee)],
);

/**
 * One run of the deliberation (docs/deliberation.md): what was published, by whom, when; the inputs it
 * ranked are kept in `deliberation_candidat` and the criteria and types as they were then in
 * `criteres` and `types`, so that the run can be ranked again and checked later
 * (docs/decisions/009-deliberation.md). At most one current run per session.
 */
export const deliberation = pgTable(
  'deliberation',
  {
    idDeliberation: serial('id_deliberation').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    seed: text('seed').notNull(),
    /** `{idCritere, libelleCritere, listeDeliberation, valeurQuota}[]` at publication. */
    quotas: jsonb('quotas').notNull(),
    /** Places per list (sum of the quotas) and the places each list could fill. */
    places: jsonb('places').notNull(),
    placesEffectives: jsonb('places_effectives').notNull(),
    /** The live criterion types then: `{idTypeCritere, libelleTypeCritere, coefficient, obligatoire}[]`. */
    types: jsonb('types').notNull(),
    /** The criteria then: `{idCritere, idTypeCritere, libelleCritere, note, listeDeliberation}[]`. */
    criteres: jsonb('criteres').notNull(),
    nbPupilles: integer('nb_pupilles').notNull(),
    nbEtrangers: integer('nb_etrangers').notNull(),
    nbNationaux: integer('nb_nationaux').notNull(),
    nbAttente: integer('nb_attente').notNull(),
    nbNonAdmis: integer('nb_non_admis').notNull(),
    idAuteur: integer('id_auteur').references(() => users.id),
    auteur: text('auteur'),
    datePublication: timestamp('date_publication', { withTimezone: true }).notNull().defaultNow(),
    courante: boolean('courante').notNull().default(true),
    dateRemplacement: timestamp('date_remplacement', { withTimezone: true }),
    /**
     * What the run's PUBLICATION and OFFRE events of a dossier's history show (they are read from the
     * run, `historyOf`, not written per dossier): the offers' deadline and the author's name then.
     */
    dateLimiteReponse: timestamp('date_limite_reponse', { withTimezone: true }),
    nomAuteur: text('nom_auteur'),
    /** false: published before the history existed (migration 0011), shown in no history. */
    historique: boolean('historique').notNull().default(true),
    /**
     * The agency's settings the run ranked with (docs/agency-rules.md); null: published before
     * they existed, ranked (and verified) as 0 and 0.
     */
    placesReadmission: integer('places_readmission'),
    partFemmes: integer('part_femmes'),
    nbReadmissions: integer('nb_readmissions').notNull().default(0),
    /** Women and men admitted per list at publication: `{READMISSIONS: {F, M}, PUPILLES: …}`; null before. */
    effectifs: jsonb('effectifs'),
  },
  (t) => [
    index('deliberation_session').on(t.idSessionCenou, t.idDeliberation),
    uniqueIndex('deliberation_courante')
      .on(t.idSessionCenou)
      .where(sql`courante`),
  ],
);

/**
 * What one run ranked, per dossier, and what it decided. `criteres` holds
 * `[idTypeCritere, idCritere, valeurAnalyse][]` (the rest is in the run's `criteres` and `types`);
 * `date_depot` is kept as the exact text that was ranked.
 */
export const deliberationCandidat = pgTable(
  'deliberation_candidat',
  {
    /**
     * The run (`deliberation`). No foreign key: its check ran once per row, 100,000 look-ups of the
     * one run row inserted just before in the same transaction (half the cost of the statement);
     * runs are never deleted.
     */
    idDeliberation: integer('id_deliberation').notNull(),
    idDossier: integer('id_dossier').notNull(),
    ine: text('ine').notNull(),
    moyenneBac: doublePrecision('moyenne_bac'),
    dateDepot: text('date_depot').notNull(),
    criteres: jsonb('criteres').notNull(),
    moyenne: doublePrecision('moyenne').notNull(),
    /** ADMIS, LISTE_ATTENTE or NON_ADMIS; the list (ADMIS) and the rank (ADMIS, LISTE_ATTENTE). */
    statut: text('statut').notNull(),
    liste: text('liste'),
    rang: integer('rang'),
    /**
     * What the agency's rules ranked (docs/agency-rules.md): the sex, a re-admission request, the
     * years of stay before. Null in runs published before them (ranked as a man, no request, 0).
     */
    sexe: text('sexe'),
    readmission: boolean('readmission'),
    anneesHebergement: integer('annees_hebergement'),
  },
  (t) => [primaryKey({ columns: [t.idDeliberation, t.idDossier] })],
);

/** Admissible students loaded from a CSV (docs/deliberation.md): replaced whole by each upload of a session. */
export const admissibleCharge = pgTable(
  'admissible_charge',
  {
    idAdmissibleCharge: serial('id_admissible_charge').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    ligne: integer('ligne').notNull(),
    ine: text('ine').notNull(),
    nomEtudiant: text('nom_etudiant').notNull(),
    prenomEtudiant: text('prenom_etudiant').notNull(),
    sexeEtudiant: text('sexe_etudiant').notNull(),
    dateNaissance: date('date_naissance', { mode: 'string' }).notNull(),
    lieuNaissance: text('lieu_naissance'),
    anneeBac: integer('annee_bac'),
    moyenne: doublePrecision('moyenne'),
    idVille: integer('id_ville')
      .notNull()
      .references(() => ville.idVille),
    villeOrientation: text('ville_orientation').notNull(),
    idAuteur: integer('id_auteur').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admissible_charge_session_ine').on(t.idSessionCenou, t.ine),
    index('admissible_charge_moyenne').on(t.idSessionCenou, t.moyenne.desc(), t.idAdmissibleCharge),
    // The admissible list's key for an uploaded row (`-id`): a page's or an export's rows are read by key.
    index('admissible_charge_ligne').using('btree', sql`(-${t.idAdmissibleCharge})`),
  ],
);

/**
 * A bed given to an admitted student for a session (docs/assignment.md, docs/decisions/010-assignment.md).
 * `deleted_at` is the cancellation: a cancelled assignment frees its bed, its certificate stays
 * checkable (no longer valid, with the date) and it no longer blocks a delete of its bed, room or
 * cité (the generic reference check reads live rows only). The database holds the two rules no
 * interleaving may break: one live assignment per bed and session, one per student and session.
 * The authors are plain ids (no foreign key): an assignment must not keep a staff account alive.
 */
export const affectation = pgTable(
  'affectation',
  {
    idAffectation: serial('id_affectation').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDossier: integer('id_dossier')
      .notNull()
      .references(() => dossier.idDossier),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
    idChambre: integer('id_chambre')
      .notNull()
      .references(() => chambre.idChambre),
    idLit: integer('id_lit')
      .notNull()
      .references(() => lit.idLit),
    /** Printed on the certificate and in its QR code: random, unique for good. */
    codeVerification: text('code_verification').notNull(),
    idAuteur: integer('id_auteur'),
    idAuteurAnnulation: integer('id_auteur_annulation'),
    motifAnnulation: text('motif_annulation'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('affectation_code').on(t.codeVerification),
    uniqueIndex('affectation_lit_session_live').on(t.idLit, t.idSessionCenou).where(live),
    uniqueIndex('affectation_etudiant_session_live').on(t.idEtudiant, t.idSessionCenou).where(live),
    index('affectation_cite_session_live').on(t.idCite, t.idSessionCenou).where(live),
    index('affectation_session').on(t.idSessionCenou, t.idAffectation),
    index('affectation_chambre').on(t.idChambre),
    index('affectation_dossier').on(t.idDossier),
  ],
);

/**
 * A resumable proof upload (tus 1.0.0, docs/decisions/019-resumable-uploads.md): its owner, the
 * length announced, the bytes received so far (`decalage`, the tus offset), the metadata as sent,
 * and its life (finished, used by a deposit, expiry 24 hours after its last byte). Its bytes are
 * the parts below, each a document of the storage interface. `jeton` names the PATCH now
 * receiving bytes: a part is counted only by the PATCH that still holds it.
 */
export const televersement = pgTable(
  'televersement',
  {
    /** Random, 32 hexadecimal characters: the end of the `Location` URL. */
    idTeleversement: text('id_televersement').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    idTypeCritere: integer('id_type_critere').notNull(),
    /** The name given in `Upload-Metadata` (`filename`), for display only. */
    nomFichier: text('nom_fichier').notNull(),
    /** `Upload-Metadata` as sent, given back by HEAD. */
    metadonnees: text('metadonnees').notNull(),
    longueur: integer('longueur').notNull(),
    decalage: integer('decalage').notNull().default(0),
    /** The first bytes received (hexadecimal, 16 bytes at most), for the `%PDF-` check. */
    entete: text('entete').notNull().default(''),
    jeton: text('jeton'),
    jetonDepuis: timestamp('jeton_depuis', { withTimezone: true }),
    expireLe: timestamp('expire_le', { withTimezone: true }).notNull(),
    termineLe: timestamp('termine_le', { withTimezone: true }),
    utiliseLe: timestamp('utilise_le', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('televersement_user').on(t.idUser),
    index('televersement_expire').on(t.expireLe),
    check('televersement_decalage', sql`${t.decalage} >= 0 AND ${t.decalage} <= ${t.longueur}`),
  ],
);

/** One PATCH's bytes of an upload: the storage key, where they start and how many. */
export const televersementPartie = pgTable(
  'televersement_partie',
  {
    cle: text('cle').primaryKey(),
    idTeleversement: text('id_televersement').notNull(),
    debut: integer('debut').notNull(),
    taille: integer('taille').notNull(),
  },
  (t) => [
    uniqueIndex('televersement_partie_debut').on(t.idTeleversement, t.debut),
    foreignKey({
      name: 'televersement_partie_televersement',
      columns: [t.idTeleversement],
      foreignColumns: [televersement.idTeleversement],
    }).onDelete('cascade'),
  ],
);

/** Raw bytes (`bytea`): node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A document of the database store (`DOCUMENTS_STORE=database`,
 * docs/decisions/023-shared-limits-and-database-store.md), by its storage key: its bytes are the
 * parts below, in order. `complet` is false while `putStream` is still writing (such a row is listed,
 * for the sweeps, but never opened); `modifie_le` is the time it was written (a move keeps it, as a
 * rename keeps a file's).
 */
export const document = pgTable(
  'document',
  {
    idDocument: bigserial('id_document', { mode: 'number' }).primaryKey(),
    cle: text('cle').notNull(),
    taille: integer('taille').notNull().default(0),
    complet: boolean('complet').notNull().default(false),
    modifieLe: timestamp('modifie_le', { withTimezone: true }).notNull().defaultNow(),
  },
  // text_pattern_ops: equality, and the `LIKE 'prefix/%'` of `list` under any collation.
  (t) => [uniqueIndex('document_cle').on(t.cle.op('text_pattern_ops'))],
);

/** One part of a document's bytes (256 KB at most), numbered from 0. */
export const documentPartie = pgTable(
  'document_partie',
  {
    idDocument: bigint('id_document', { mode: 'number' }).notNull(),
    numero: integer('numero').notNull(),
    octets: bytea('octets').notNull(),
  },
  (t) => [
    primaryKey({ name: 'document_partie_pk', columns: [t.idDocument, t.numero] }),
    foreignKey({
      name: 'document_partie_document',
      columns: [t.idDocument],
      foreignColumns: [document.idDocument],
    }).onDelete('cascade'),
  ],
);

/** Kinds of payment (docs/rent.md#payment-settings): settings, admin writes, staff read. */
export const typePaiement = pgTable(
  'type_paiement',
  {
    idTypePaiement: serial('id_type_paiement').primaryKey(),
    libelleTypePaiement: text('libelle_type_paiement').notNull(),
    /** MOBILE_MONEY, ESPECES or VIREMENT: what the product does with a payment of this kind. */
    codeTypePaiement: text('code_type_paiement').notNull(),
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
    /** ECHEANCE, PAIEMENT, REMBOURSEMENT or CONTREPASSATION. */
    nature: text('nature').notNull(),
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
    // The transactions of one database transaction (`created_at` = its `now()`): the balance check at
    // commit reads them at once (migration rent_speed).
    index('journal_transaction_creation').on(t.createdAt),
    check(
      'journal_transaction_nature',
      sql`nature IN ('ECHEANCE', 'PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION')`,
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
    idLigne: bigserial('id_ligne', { mode: 'number' }).primaryKey(),
    /**
     * Its header: checked with the whole statement's lines by a statement trigger (migration
     * rent_speed), not by a foreign key (one index look-up and a row lock per line); headers are
     * never deleted.
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
    nature: text('nature').notNull(),
  },
  (t) => [
    index('journal_ligne_transaction').on(t.idTransaction),
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
  idAffectation: integer('id_affectation')
    .primaryKey()
    .references(() => affectation.idAffectation),
  /** Σ(debit − credit) of the ECHEANCE lines (reversals included): the live instalments. */
  totalDu: bigint('total_du', { mode: 'number' }).notNull().default(0),
  /** Σ(credit − debit) of the PAIEMENT and REMBOURSEMENT lines. */
  paye: bigint('paye', { mode: 'number' }).notNull().default(0),
  /** Σ(debit − credit) of every line. */
  solde: bigint('solde', { mode: 'number' }).notNull().default(0),
});

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
    statut: text('statut').notNull().default('EN_ATTENTE'),
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

/**
 * The payment simulator's transactions (docs/payments.md#the-simulator), when no provider is
 * configured: FedaPay's transaction as its API answers it, kept in the database so that every
 * instance answers the same, with the signed webhook it owes the product (an outbox: claimed with
 * `FOR UPDATE SKIP LOCKED`, tried again with a backoff).
 */
export const simulateurTransaction = pgTable(
  'simulateur_transaction',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('XOF'),
    callbackUrl: text('callback_url'),
    customMetadata: jsonb('custom_metadata'),
    /** pending, approved or declined. */
    status: text('status').notNull().default('pending'),
    token: text('token'),
    mode: text('mode'),
    phoneNumber: text('phone_number'),
    /** When the debit was sent to the phone (its fate then depends on the number's last digit). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** AUCUN (nothing to send), EN_ATTENTE, ENVOYE or ECHEC: the webhook owed for a final status. */
    webhookState: text('webhook_state').notNull().default('AUCUN'),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    webhookNextAt: timestamp('webhook_next_at', { withTimezone: true }).notNull().defaultNow(),
    webhookError: text('webhook_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('simulateur_transaction_reference').on(t.reference),
    uniqueIndex('simulateur_transaction_token').on(t.token),
    index('simulateur_transaction_webhook')
      .on(t.webhookNextAt)
      .where(sql`webhook_state = 'EN_ATTENTE'`),
  ],
);

// Room choice

/**
 * A room-choice campaign (docs/room-choice.md, docs/decisions/046-room-choice.md): one per session
 * and direction (a unique index), its dates and slot settings. Cancelled before its start by a
 * delete, which takes its slots, groups and holds with it (cascade).
 */
export const campagneChoix = pgTable(
  'campagne_choix',
  {
    idCampagne: serial('id_campagne').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    debut: timestamp('debut', { withTimezone: true }).notNull(),
    fin: timestamp('fin', { withTimezone: true }).notNull(),
    dureeCreneauMinutes: integer('duree_creneau_minutes').notNull(),
    etudiantsParCreneau: integer('etudiants_par_creneau').notNull(),
    dureeReservationMinutes: integer('duree_reservation_minutes').notNull(),
    idAuteur: integer('id_auteur'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campagne_choix_session_direction').on(t.idSessionCenou, t.idDirection),
    check('campagne_choix_dates', sql`fin > debut`),
  ],
);

/** Each chooser's slot: its order (`ordre`, from 0), its slot's number and start. */
export const campagneCreneau = pgTable(
  'campagne_creneau',
  {
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    idDossier: integer('id_dossier')
      .notNull()
      .references(() => dossier.idDossier),
    ine: text('ine').notNull(),
    ordre: integer('ordre').notNull(),
    numero: integer('numero').notNull(),
    debutCreneau: timestamp('debut_creneau', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.idCampagne, t.idEtudiant] }),
    uniqueIndex('campagne_creneau_ine').on(t.idCampagne, t.ine),
    index('campagne_creneau_ordre').on(t.idCampagne, t.ordre),
  ],
);

/** A group of friends choosing one room together (2 to 4 students of one sex). */
export const groupeChoix = pgTable(
  'groupe_choix',
  {
    idGroupe: serial('id_groupe').primaryKey(),
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    /** The student who invited the others. */
    idCreateur: integer('id_createur')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    sexe: text('sexe', { enum: ['M', 'F'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groupe_choix_campagne').on(t.idCampagne)],
);

/**
 * A group's members and their answer. A student is in one group per campaign at most while it is
 * invited or has accepted (a partial unique index); a refusal keeps its row, a departure deletes it.
 */
export const groupeMembre = pgTable(
  'groupe_membre',
  {
    idGroupe: integer('id_groupe')
      .notNull()
      .references(() => groupeChoix.idGroupe, { onDelete: 'cascade' }),
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    statut: text('statut', { enum: ['INVITE', 'ACCEPTE', 'REFUSE'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.idGroupe, t.idEtudiant] }),
    uniqueIndex('groupe_membre_un_groupe')
      .on(t.idCampagne, t.idEtudiant)
      .where(sql`statut IN ('INVITE', 'ACCEPTE')`),
  ],
);

/**
 * A hold on one room by a student or a group. ACTIVE until `expire_a`, then expired even before
 * anyone marks it (EXPIREE is written when another takes its beds); one ACTIVE hold per student
 * (alone) and per group (partial unique indexes).
 */
export const reservation = pgTable(
  'reservation',
  {
    idReservation: serial('id_reservation').primaryKey(),
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    idGroupe: integer('id_groupe').references(() => groupeChoix.idGroupe, { onDelete: 'cascade' }),
    /** The student who made it (alone, or the member of the group who did). */
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    idChambre: integer('id_chambre')
      .notNull()
      .references(() => chambre.idChambre),
    expireA: timestamp('expire_a', { withTimezone: true }).notNull(),
    prolongations: integer('prolongations').notNull().default(0),
    etat: text('etat', { enum: ['ACTIVE', 'CONFIRMEE', 'ANNULEE', 'EXPIREE'] })
      .notNull()
      .default('ACTIVE'),
    idAuteurAnnulation: integer('id_auteur_annulation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservation_active_groupe')
      .on(t.idGroupe)
      .where(sql`etat = 'ACTIVE' AND id_groupe IS NOT NULL`),
    uniqueIndex('reservation_active_etudiant')
      .on(t.idCampagne, t.idEtudiant)
      .where(sql`etat = 'ACTIVE' AND id_groupe IS NULL`),
    index('reservation_campagne').on(t.idCampagne, t.etat),
  ],
);

/**
 * The beds a hold takes, one row each, for one member. The UNIQUE index on the bed is the rule "no
 * bed held twice": the database refuses a second row whatever the interleaving. A hold's rows are
 * deleted when it ends (confirmed, cancelled, replaced) and, once expired, by the transaction that
 * takes its beds.
 */
export const reservationLit = pgTable(
  'reservation_lit',
  {
    idReservation: integer('id_reservation')
      .notNull()
      .references(() => reservation.idReservation, { onDelete: 'cascade' }),
    idLit: integer('id_lit')
      .notNull()
      .references(() => lit.idLit),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
  },
  (t) => [
    uniqueIndex('reservation_lit_lit').on(t.idLit),
    index('reservation_lit_reservation').on(t.idReservation),
  ],
);
