// Proves that the queries are typed from the schema (docs/decisions/043-typed-queries.md): on a
// copy of src/, one change at a time is made to one file of the schema alone (a file of
// src/server/db/schema/, which src/server/db/schema.ts re-exports: a column renamed, an
// enumeration's value removed), then the server's code is type-checked. Each change must make tsc
// fail, naming every file listed for it (the files that use that column or value); the
// unchanged copy must pass. Node built-ins and the project's TypeScript only; the work tree is
// left untouched. Run by .ci/run (about a minute a check), not by npm test.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ACCOUNTS = 'src/server/db/schema/accounts.ts';
/** The journal's list (docs/decisions/137-audit-and-exports-typed-from-schema.md). */
const AUDIT_LIST = 'src/server/modules/audit/repository.ts';

/**
 * Each change: the schema's file it is made in, what it replaces there (a text found once in it),
 * and the files tsc must name. A file that starts using the column or value through the schema joins its list (the check
 * fails on a missing file only). `lines` (optional): per file, lines (their whole text, once in the
 * file) where tsc must report an error, when the file reads the column in more than one place and
 * the check proves one of them (the registry's list column, beside the read of one row).
 */
const CHECKS = [
  {
    what: 'colonne users.token_version renommée (tokenVersion → tokenVersionRenommee)',
    schema: ACCOUNTS,
    from: "tokenVersion: integer('token_version')",
    to: "tokenVersionRenommee: integer('token_version_renommee')",
    files: ['src/server/modules/accounts/repository.ts'],
  },
  {
    what: 'colonne users.telephone renommée (telephone → telephoneVerifie)',
    schema: ACCOUNTS,
    from: "    telephone: text('telephone'),\n    ...stamps,",
    to: "    telephoneVerifie: text('telephone_verifie'),\n    ...stamps,",
    files: [
      ACCOUNTS,
      'src/server/modules/accounts/repository.ts',
      'src/server/modules/phone/repository.ts',
      'src/server/modules/sms-answers/repository.ts',
    ],
  },
  {
    what: "valeur 'TELEPHONE' retirée de code_verification.purpose",
    schema: ACCOUNTS,
    from: "purpose: text('purpose', { enum: ['MOT_DE_PASSE', 'TELEPHONE'] })",
    to: "purpose: text('purpose', { enum: ['MOT_DE_PASSE'] })",
    files: ['src/server/modules/phone/repository.ts', 'src/server/modules/phone/service.ts'],
  },
  {
    what: "rôle 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR' retiré de users.role",
    schema: ACCOUNTS,
    from: "        'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',\n        'ROLE_HEBERGEMENT_ETUDIANT',",
    to: "        'ROLE_HEBERGEMENT_ETUDIANT',",
    files: [
      'src/server/bootstrap.ts',
      'src/server/modules/accounts/repository.ts',
      'src/server/modules/reference/hooks.ts',
      'src/server/modules/registration/service.ts',
      'src/server/seed/factories.ts',
      'src/server/seed/workflow.ts',
    ],
  },
  {
    what: 'colonne dossier.statut_dossier renommée (statutDossier → statutDossierRenomme)',
    schema: 'src/server/db/schema/dossier.ts',
    from: "    statutDossier: text('statut_dossier', {",
    to: "    statutDossierRenomme: text('statut_dossier_renomme', {",
    files: [
      'src/server/modules/admissibles/repository.ts',
      'src/server/modules/analysis/repository.ts',
      'src/server/modules/deliberation/repository.ts',
      'src/server/modules/dossier/repository.ts',
      'src/server/modules/offers/repository.ts',
      'src/server/modules/staff/repository.ts',
    ],
  },
  {
    what: "valeur 'DESISTE' retirée de dossier.statut_dossier, la liste des dépôts",
    schema: 'src/server/db/schema/dossier.ts',
    from: "      enum: ['DEPOSE', 'ANALYSE', 'ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS', 'DESISTE'],",
    to: "      enum: ['DEPOSE', 'ANALYSE', 'ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS'],",
    files: ['src/server/modules/staff/repository.ts'],
  },
  {
    what: 'colonne couloir.code_couloir renommée (codeCouloir → codeDuCouloir), la liste des affectations',
    schema: 'src/server/db/schema/reference.ts',
    from: "    codeCouloir: text('code_couloir'),",
    to: "    codeDuCouloir: text('code_du_couloir'),",
    files: ['src/server/modules/assignment/repository.ts'],
  },
  {
    what: 'colonne dossier_evenement.auteur renommée (auteur → nomAuteur), l’historique du dossier',
    schema: 'src/server/db/schema/dossier.ts',
    from: "    auteur: text('auteur'),\n    motif: text('motif'),",
    to: "    nomAuteur: text('nom_auteur'),\n    motif: text('motif'),",
    files: ['src/server/history/repository.ts'],
  },
  {
    what: "valeur 'LISTE_ATTENTE' retirée de dossier.statut_dossier",
    schema: 'src/server/db/schema/dossier.ts',
    from: "      enum: ['DEPOSE', 'ANALYSE', 'ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS', 'DESISTE'],",
    to: "      enum: ['DEPOSE', 'ANALYSE', 'ADMIS', 'NON_ADMIS', 'DESISTE'],",
    files: ['src/server/modules/dossier/repository.ts', 'src/server/modules/offers/repository.ts'],
  },
  {
    what: "valeur 'EN_ATTENTE' retirée de dossier.reponse",
    schema: 'src/server/db/schema/dossier.ts',
    from: "reponse: text('reponse', { enum: ['EN_ATTENTE', 'ACCEPTE', 'REFUSE', 'EXPIRE', 'RETIRE'] }),",
    to: "reponse: text('reponse', { enum: ['ACCEPTE', 'REFUSE', 'EXPIRE', 'RETIRE'] }),",
    files: [
      'src/server/modules/admissibles/repository.ts',
      'src/server/modules/dossier/repository.ts',
      'src/server/modules/offers/repository.ts',
    ],
  },
  {
    what: 'colonne session_cenou.etat_session renommée (etatSession → etatSessionRenomme)',
    schema: 'src/server/db/schema/reference.ts',
    from: "    etatSession: text('etat_session',",
    to: "    etatSessionRenomme: text('etat_session_renomme',",
    files: [
      'src/server/modules/dossier/repository.ts',
      'src/server/modules/offers/repository.ts',
      'src/server/sessions/open-session.ts',
    ],
  },
  {
    what: "valeur 'SUSPENDU' retirée de session_cenou.statut_session",
    schema: 'src/server/db/schema/reference.ts',
    from: "statutSession: text('statut_session', { enum: ['OUVERT', 'FERME', 'SUSPENDU'] })",
    to: "statutSession: text('statut_session', { enum: ['OUVERT', 'FERME'] })",
    files: ['src/server/sessions/open-session.ts'],
  },
  {
    what: 'colonne dossier_critere.valeur_analyse renommée (valeurAnalyse → valeurAnalyseRenommee)',
    schema: 'src/server/db/schema/dossier.ts',
    from: "    valeurAnalyse: text('valeur_analyse',",
    to: "    valeurAnalyseRenommee: text('valeur_analyse_renommee',",
    files: [
      'src/server/modules/analysis/repository.ts',
      'src/server/modules/deliberation/repository.ts',
      'src/server/modules/dossier/repository.ts',
      'src/server/modules/offers/repository.ts',
    ],
  },
  {
    what: 'colonne deliberation_candidat.statut renommée (statut → statutCandidat)',
    schema: 'src/server/db/schema/deliberation.ts',
    from: "    statut: text('statut', { enum: ['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS'] }).notNull(),",
    to: "    statutCandidat: text('statut_candidat', { enum: ['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS'] }).notNull(),",
    files: [
      'src/server/modules/deliberation/repository.ts',
      'src/server/modules/dossier/repository.ts',
      'src/server/modules/offers/repository.ts',
    ],
  },
  {
    what: 'colonne registre_etudiant.lu_approuve renommée (luApprouve → luEtApprouve), la liste du registre',
    schema: 'src/server/db/schema/accounts.ts',
    from: "    luApprouve: boolean('lu_approuve')",
    to: "    luEtApprouve: boolean('lu_et_approuve')",
    files: ['src/server/modules/registry/repository.ts'],
    lines: { 'src/server/modules/registry/repository.ts': ['  luApprouve: col(r.luApprouve),'] },
  },
  {
    what: 'colonne campagne_creneau.numero renommée (numero → numeroCreneau), le suivi du choix de chambre',
    schema: 'src/server/db/schema/room-choice.ts',
    from: "    numero: integer('numero').notNull(),",
    to: "    numeroCreneau: integer('numero_creneau').notNull(),",
    files: ['src/server/modules/room-choice/repository.ts'],
  },
  {
    what: 'colonne televersement.decalage renommée (decalage → decalageRecu)',
    schema: 'src/server/db/schema/files.ts',
    from: "decalage: integer('decalage').notNull().default(0),",
    to: "decalageRecu: integer('decalage_recu').notNull().default(0),",
    files: ['src/server/modules/televersement/repository.ts'],
  },
  {
    what: 'colonne document.complet renommée (complet → entier)',
    schema: 'src/server/db/schema/files.ts',
    from: "complet: boolean('complet').notNull().default(false),",
    to: "entier: boolean('entier').notNull().default(false),",
    files: ['src/server/files/repository.ts'],
  },
  {
    what: 'colonne rate_counter.window_start renommée (windowStart → debutFenetre)',
    schema: 'src/server/db/schema/accounts.ts',
    from: "windowStart: timestamp('window_start', { withTimezone: true }).notNull(),",
    to: "debutFenetre: timestamp('debut_fenetre', { withTimezone: true }).notNull(),",
    files: ['src/server/security/repository.ts'],
  },
  {
    what: 'colonne audit_log.resource_id renommée (resourceId → idRessource), le journal',
    schema: 'src/server/db/schema/accounts.ts',
    from: "resourceId: text('resource_id'),",
    to: "idRessource: text('id_ressource'),",
    files: [
      'src/server/audit/repository.ts',
      'src/server/modules/audit/repository.ts',
      'src/server/modules/dossier/repository.ts',
    ],
    lines: {
      [AUDIT_LIST]: ['  resourceId: a.resourceId,', "  resourceId: col(read(a.resourceId), 'id'),"],
    },
  },
  {
    what: 'colonne audit_log.id renommée (id → idEntree), le journal',
    schema: ACCOUNTS,
    from: "    id: bigserial('id', { mode: 'number' }).primaryKey(),\n    at: timestamp('at',",
    to: "    idEntree: bigserial('id_entree', { mode: 'number' }).primaryKey(),\n    at: timestamp('at',",
    files: [AUDIT_LIST],
    lines: {
      [AUDIT_LIST]: ['  id: a.id,', "  id: col(read(a.id), 'id', { filter: 'none', notNull: true }),"],
    },
  },
  {
    what: 'colonne audit_log.at renommée (at → moment), le journal',
    schema: ACCOUNTS,
    from: "    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),\n    userId: integer('user_id'),",
    to: "    moment: timestamp('moment', { withTimezone: true }).notNull().defaultNow(),\n    userId: integer('user_id'),",
    files: ['src/server/audit/repository.ts', AUDIT_LIST],
    lines: {
      [AUDIT_LIST]: ['const AT_ISO = isoUtc(a.at);', '    sortSql: sql`${a.at}`,'],
    },
  },
  {
    what: 'colonne audit_log.user_id renommée (userId → idAuteur), le journal',
    schema: ACCOUNTS,
    from: "    userId: integer('user_id'),\n    userName: text('user_name'),\n    action:",
    to: "    idAuteur: integer('id_auteur'),\n    userName: text('user_name'),\n    action:",
    files: ['src/server/audit/repository.ts', AUDIT_LIST, 'src/server/modules/dossier/repository.ts'],
    lines: {
      [AUDIT_LIST]: ['  userId: a.userId,', "  userId: col(read(a.userId), 'id', { filter: 'none' }),"],
    },
  },
  {
    what: 'colonne audit_log.user_name renommée (userName → nomAuteur), le journal',
    schema: ACCOUNTS,
    from: "    userName: text('user_name'),\n    action:",
    to: "    nomAuteur: text('nom_auteur'),\n    action:",
    files: ['src/server/audit/repository.ts', AUDIT_LIST, 'src/server/modules/dossier/repository.ts'],
    lines: { [AUDIT_LIST]: ['  userName: a.userName,', '  userName: stored(a.userName, {'] },
  },
  {
    what: 'colonne audit_log.action renommée (action → actionJournal), le journal',
    schema: ACCOUNTS,
    from: "    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),",
    to: "    actionJournal: text('action_journal', { enum: AUDIT_ACTIONS }).notNull(),",
    files: ['src/server/audit/repository.ts', AUDIT_LIST, 'src/server/modules/dossier/repository.ts'],
    lines: {
      [AUDIT_LIST]: [
        '  action: a.action,',
        '  action: stored(a.action, { sortSql: ACTION_LABEL, sortable: true }),',
        'const ACTION_LABEL = labelSql(a.action, auditActionLabels);',
      ],
    },
  },
  {
    what: 'colonne audit_log.detail renommée (detail → detailJson), le journal',
    schema: ACCOUNTS,
    from: "    detail: jsonb('detail'),\n    level:",
    to: "    detailJson: jsonb('detail_json'),\n    level:",
    files: ['src/server/audit/repository.ts', AUDIT_LIST, 'src/server/modules/dossier/repository.ts'],
    lines: {
      [AUDIT_LIST]: [
        '  detail: a.detail,',
        "  detail: col(read(a.detail), 'text', { filterSql: sql`${a.detail}::text`, search: true }),",
      ],
    },
  },
  {
    what: 'colonne session_cenou.annee_debut renommée (anneeDebut → anneeDeDebut), « Concerne » du journal',
    schema: 'src/server/db/schema/reference.ts',
    from: "    anneeDebut: integer('annee_debut').notNull(),",
    to: "    anneeDeDebut: integer('annee_de_debut').notNull(),",
    files: [AUDIT_LIST],
    lines: {
      [AUDIT_LIST]: ['const SESSION = { direction: dir.libelleDirection, annee: s.anneeDebut };'],
    },
  },
  {
    what: "valeur 'ECHOUE' retirée de paiement.statut",
    schema: 'src/server/db/schema/rent.ts',
    from: "statut: text('statut', { enum: ['EN_ATTENTE', 'REUSSI', 'ECHOUE'] })",
    to: "statut: text('statut', { enum: ['EN_ATTENTE', 'REUSSI'] })",
    files: ['src/server/modules/rent/payments/repository.ts'],
  },
  {
    what: "valeur 'MOBILE_MONEY' retirée de type_paiement.code_type_paiement",
    schema: 'src/server/db/schema/rent.ts',
    from: "codeTypePaiement: text('code_type_paiement', { enum: ['MOBILE_MONEY', 'ESPECES', 'VIREMENT'] })",
    to: "codeTypePaiement: text('code_type_paiement', { enum: ['ESPECES', 'VIREMENT'] })",
    files: ['src/server/modules/rent/payments/repository.ts'],
  },
  {
    what: "valeur 'DELIVRE' retirée de outbox_sms.state",
    schema: 'src/server/db/schema/messaging.ts',
    from: "state: text('state', { enum: ['EN_ATTENTE', 'ENVOYE', 'DELIVRE', 'ECHEC'] })",
    to: "state: text('state', { enum: ['EN_ATTENTE', 'ENVOYE', 'ECHEC'] })",
    files: ['src/server/modules/messages/repository.ts'],
  },
  {
    what: "valeur 'MESSAGE' retirée de sms_entrant.kind",
    schema: 'src/server/db/schema/messaging.ts',
    from: "kind: text('kind', { enum: ['ACCUSE', 'MESSAGE'] })",
    to: "kind: text('kind', { enum: ['ACCUSE'] })",
    files: ['src/server/modules/sms-answers/repository.ts'],
  },
  {
    what: 'colonne ville.nom_ville renommée (nomVille → nomVilleRenommee)',
    schema: 'src/server/db/schema/reference.ts',
    from: "nomVille: text('nom_ville').notNull(),",
    to: "nomVilleRenommee: text('nom_ville_renommee').notNull(),",
    files: ['src/server/crud/tables.ts', 'src/server/modules/dossier/repository.ts'],
  },
  {
    what: 'colonne cite.nb_lit renommée (nbLit → nombreLits)',
    schema: 'src/server/db/schema/reference.ts',
    from: "nbLit: integer('nb_lit').notNull().default(0),",
    to: "nombreLits: integer('nombre_lits').notNull().default(0),",
    files: ['src/server/crud/tables.ts'],
  },
  {
    what: 'colonne dossier_evenement.date_evenement renommée (dateEvenement → dateEvenementRenommee)',
    schema: 'src/server/db/schema/dossier.ts',
    from: "dateEvenement: timestamp('date_evenement', { withTimezone: true }).notNull().defaultNow(),",
    to: "dateEvenementRenommee: timestamp('date_evenement_renommee', { withTimezone: true }).notNull().defaultNow(),",
    files: ['src/server/modules/dossier/repository.ts'],
  },
  {
    what: 'colonne deliberation_candidat.annees_hebergement renommée (anneesHebergement → anneesSejour)',
    schema: 'src/server/db/schema/deliberation.ts',
    from: "    anneesHebergement: integer('annees_hebergement'),\n  },\n  (t) => [primaryKey({ columns: [t.idDeliberation, t.idDossier] })],",
    to: "    anneesSejour: integer('annees_sejour'),\n  },\n  (t) => [primaryKey({ columns: [t.idDeliberation, t.idDossier] })],",
    files: ['src/server/modules/deliberation/repository.ts'],
  },
  {
    what: 'colonne outbox_mail.attempts renommée (attempts → tentatives), la file de travaux',
    schema: 'src/server/db/schema/messaging.ts',
    // outbox_sms declares its `attempts` with the same comment: the mail's parameters come first.
    from: "params: jsonb('params').$type<Record<string, string>>(),\n    /** Claims made: raised by each claim and never lowered, the fence of its outcome (src/server/jobs). */\n    attempts: integer('attempts')",
    to: "params: jsonb('params').$type<Record<string, string>>(),\n    /** Claims made: raised by each claim and never lowered, the fence of its outcome (src/server/jobs). */\n    tentatives: integer('tentatives')",
    files: ['src/server/mail/outbox.ts'],
  },
  {
    what: 'colonne simulateur_transaction.webhook_attempts renommée (webhookAttempts → webhookEssais)',
    schema: 'src/server/db/schema/payments.ts',
    from: "webhookAttempts: integer('webhook_attempts').notNull().default(0),",
    to: "webhookEssais: integer('webhook_essais').notNull().default(0),",
    files: ['src/server/payments/simulator/repository.ts'],
  },
  {
    what: "valeur 'ECHEANCE' retirée de journal_transaction.nature",
    schema: 'src/server/db/schema/rent.ts',
    from: "(damage charged at departure). */\n    nature: text('nature', {\n      enum: ['ECHEANCE', 'PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION', 'DEGRADATION'],",
    to: "(damage charged at departure). */\n    nature: text('nature', {\n      enum: ['PAIEMENT', 'REMBOURSEMENT', 'CONTREPASSATION', 'DEGRADATION'],",
    files: [
      'src/server/modules/rent/assignments/repository.ts',
      'src/server/modules/rent/journal/repository.ts',
      'src/server/modules/rent/outages/repository.ts',
    ],
  },
  {
    what: 'colonne categorie_chambre.montant_chambre renommée (montantChambre → montantMensuel)',
    schema: 'src/server/db/schema/reference.ts',
    from: "montantChambre: integer('montant_chambre').notNull(),",
    to: "montantMensuel: integer('montant_mensuel').notNull(),",
    files: [
      'src/server/modules/rent/assignments/repository.ts',
      'src/server/modules/rent/journal/repository.ts',
      'src/server/modules/rent/lists/repository.ts',
    ],
  },
  {
    what: 'colonne registre_etudiant.lieu_naissance renommée (lieuNaissance → lieuDeNaissance)',
    schema: ACCOUNTS,
    from: "    lieuNaissance: text('lieu_naissance'),",
    to: "    lieuDeNaissance: text('lieu_de_naissance'),",
    files: ['src/server/modules/registry/repository.ts'],
    lines: { 'src/server/modules/registry/repository.ts': ['  lieuNaissance: col(r.lieuNaissance),'] },
  },
  {
    what: 'colonne reservation.expire_a renommée (expireA → expireLe), le choix des chambres',
    schema: 'src/server/db/schema/room-choice.ts',
    from: "    expireA: timestamp('expire_a', { withTimezone: true }).notNull(),",
    to: "    expireLe: timestamp('expire_le', { withTimezone: true }).notNull(),",
    files: ['src/server/modules/room-choice/repository.ts'],
  },
  {
    what: 'colonne compteur_registre.inscrits renommée (inscrits → avecCompte), le tableau de bord',
    schema: 'src/server/db/schema/counters.ts',
    from: "inscrits: integer('inscrits').notNull().default(0),",
    to: "avecCompte: integer('avec_compte').notNull().default(0),",
    files: ['src/server/modules/staff/repository.ts'],
  },
  {
    what: 'colonne compteur_depot.id_session_cenou renommée (idSessionCenou → idSession)',
    schema: 'src/server/db/schema/counters.ts',
    from: "    idSessionCenou: integer('id_session_cenou').notNull(),",
    to: "    idSession: integer('id_session').notNull(),",
    files: ['src/server/db/schema/counters.ts', 'src/server/modules/staff/repository.ts'],
  },
  {
    what: 'colonne document_partie.octets renommée (octets → contenu), la copie des pièces',
    schema: 'src/server/db/schema/files.ts',
    from: "    octets: bytea('octets').notNull(),",
    to: "    contenu: bytea('contenu').notNull(),",
    files: ['src/server/files/repository.ts'],
  },
  {
    what: 'colonne sms_entrant.receipt_state renommée (receiptState → etatAccuse)',
    schema: 'src/server/db/schema/messaging.ts',
    from: "    receiptState: text('receipt_state'),",
    to: "    etatAccuse: text('etat_accuse'),",
    files: ['src/server/modules/sms-answers/repository.ts', 'src/server/sms/outbox.ts'],
  },
  {
    what: 'colonne registre_etudiant.tel_etudiant renommée (telEtudiant → telephoneEtudiant), la liste des admis',
    schema: ACCOUNTS,
    from: "    telEtudiant: text('tel_etudiant'),",
    to: "    telephoneEtudiant: text('telephone_etudiant'),",
    files: [
      'src/server/db/identity.ts',
      'src/server/modules/admissibles/repository.ts',
      'src/server/modules/dossier/repository.ts',
      'src/server/modules/phone/repository.ts',
      'src/server/modules/registry/repository.ts',
      'src/server/modules/staff/repository.ts',
      'src/server/seed/factories.ts',
      'src/server/seed/registry.ts',
      'src/server/sms/outbox.ts',
    ],
  },
  {
    what: 'colonne remise_cle.remise_le renommée (remiseLe → remiseA), la liste des résidents',
    schema: 'src/server/db/schema/cite-life.ts',
    from: "remiseLe: timestamp('remise_le', { withTimezone: true }).notNull().defaultNow(),",
    to: "remiseA: timestamp('remise_a', { withTimezone: true }).notNull().defaultNow(),",
    files: ['src/server/modules/cite-life/repository.ts', 'src/server/seed/repairs.ts'],
  },
  {
    what: 'colonne panne.composant renommée (composant → composantEnPanne), la liste des délais reportés',
    schema: 'src/server/db/schema/availability.ts',
    from: "composant: text('composant', { enum: COMPOSANTS_PANNE }).notNull(),",
    to: "composantEnPanne: text('composant_en_panne', { enum: COMPOSANTS_PANNE }).notNull(),",
    files: ['src/server/modules/availability/repository.ts'],
    lines: {
      'src/server/modules/availability/repository.ts': [
        '  composant: col(mP.composant),',
        '  composant: mP.composant,',
      ],
    },
  },
  {
    what: 'colonne registre_etudiant.type_pays renommée (typePays → typeDePays), les fichiers du registre',
    schema: ACCOUNTS,
    from: "    typePays: text('type_pays', { enum: ['NATIONAL', 'ETRANGER'] })",
    to: "    typeDePays: text('type_de_pays', { enum: ['NATIONAL', 'ETRANGER'] })",
    files: ['src/server/modules/registry/repository.ts'],
    lines: { 'src/server/modules/registry/repository.ts': ['  typePays: col(r.typePays),'] },
  },
  {
    what: "valeur 'ETRANGER' retirée de registre_etudiant.type_pays, les fichiers du registre",
    schema: ACCOUNTS,
    from: "    typePays: text('type_pays', { enum: ['NATIONAL', 'ETRANGER'] })",
    to: "    typePays: text('type_pays', { enum: ['NATIONAL'] })",
    files: ['src/server/modules/registry/repository.ts'],
    lines: {
      'src/server/modules/registry/repository.ts': [
        'const _typesPaysInSchema: readonly (typeof registreEtudiant.$inferSelect.typePays)[] = TYPES_PAYS;',
      ],
    },
  },
  {
    what: 'colonne echeance_reportee.ancienne_date renommée (ancienneDate → dateAvant), les fichiers des délais reportés',
    schema: 'src/server/db/schema/rent.ts',
    from: "    ancienneDate: date('ancienne_date', { mode: 'string' }).notNull(),",
    to: "    dateAvant: date('date_avant', { mode: 'string' }).notNull(),",
    files: ['src/server/modules/availability/repository.ts'],
    lines: {
      'src/server/modules/availability/repository.ts': [
        '  ancienneDate: [d.dateLimiteReponse, er.ancienneDate],',
      ],
    },
  },
];

/**
 * `node scripts/check-schema-types.mjs 'nom_ville|nb_lit'`: only the changes whose description
 * holds one of the texts (to try a new change without running them all).
 */
const only = process.argv[2]?.split('|');
const checks = only ? CHECKS.filter((c) => only.some((text) => c.what.includes(text))) : CHECKS;

const work = mkdtempSync(path.join(tmpdir(), 'cenou-schema-types-'));
const fail = [];
try {
  cpSync(path.join(root, 'src'), path.join(work, 'src'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const base = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
  // The server and the shared domain (the web client reads no table).
  writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({ ...base, include: ['src/server', 'src/domain'] }, null, 2),
  );
  const tsc = () => {
    const run = spawnSync(
      process.execPath,
      // Incremental: each change checks again only what depends on the schema.
      [
        path.join(root, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--incremental',
        '--tsBuildInfoFile',
        path.join(work, 'tsbuildinfo'),
        '-p',
        work,
      ],
      { cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const named = new Set();
    /** `file:line` of every error. */
    const at = new Set();
    for (const line of run.stdout.split('\n')) {
      const m = /^(src\/[^(]+\.tsx?)\((\d+),\d+\): error/.exec(line);
      if (m) {
        named.add(m[1]);
        at.add(`${m[1]}:${m[2]}`);
      }
    }
    return { status: run.status, named, at, out: run.stdout };
  };

  console.log('Types du schéma : la copie non modifiée passe tsc');
  const clean = tsc();
  if (clean.status !== 0)
    fail.push(`la copie non modifiée ne passe pas tsc / the unchanged copy fails:\n${clean.out}`);

  for (const check of checks) {
    const original = readFileSync(path.join(work, check.schema), 'utf8');
    // Found once: a text found twice would change whichever column comes first (outbox_mail's and
    // outbox_sms's `attempts` share their comment), perhaps not the one the check names.
    const found = original.split(check.from).length - 1;
    if (found !== 1) {
      fail.push(
        `${check.what} : texte ${found ? `trouvé ${found} fois` : 'introuvable'} dans ${check.schema} / text found ${found} times: ${check.from}`,
      );
      continue;
    }
    writeFileSync(path.join(work, check.schema), original.replace(check.from, check.to));
    const result = tsc();
    const missing = check.files.filter((f) => !result.named.has(f));
    // Each line given: found once in its file (unchanged by the change), and an error reported there.
    for (const [file, texts] of Object.entries(check.lines ?? {})) {
      const fileLines = readFileSync(path.join(work, file), 'utf8').split('\n');
      for (const text of texts) {
        const index = fileLines.indexOf(text);
        if (index < 0 || fileLines.indexOf(text, index + 1) >= 0)
          missing.push(`${file} (ligne introuvable ou répétée / line not found or repeated: ${text.trim()})`);
        else if (!result.at.has(`${file}:${index + 1}`))
          missing.push(`${file}:${index + 1} (${text.trim()})`);
      }
    }
    console.log(
      `${check.what} : tsc ${result.status === 0 ? 'passe' : 'échoue'}, fichiers nommés : ${[...result.named].sort().join(', ') || 'aucun'}`,
    );
    if (result.status === 0) fail.push(`${check.what} : tsc passe / tsc passes`);
    else if (missing.length)
      fail.push(`${check.what} : tsc ne nomme pas / tsc does not name ${missing.join(', ')}`);
    writeFileSync(path.join(work, check.schema), original);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (fail.length) {
  console.error(fail.join('\n'));
  process.exit(1);
}
console.log('Types du schéma : chaque changement du schéma fait échouer tsc dans chaque fichier attendu.');
