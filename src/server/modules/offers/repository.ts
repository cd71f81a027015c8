import { sql } from 'drizzle-orm';
import type { ListeAdmission, ReponseOffre, StatutDossier } from '../../../domain/enums';
import type { StoredEvent } from '../../../domain/history';
import type { WaitingCandidate } from '../../../domain/promotion';
import { one, rows, type Db } from '../../db/client';

const ISO = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A dossier as the offer rules read it. */
export interface OfferDossier {
  idDossier: number;
  referenceDossier: string;
  idSessionCenou: number;
  idDirection: number;
  idUser: number;
  statutDossier: StatutDossier;
  listeDeliberation: ListeAdmission | null;
  rang: number | null;
  reponse: ReponseOffre | null;
  dateLimiteReponse: string | null;
}

const SELECT = sql`SELECT d.id_dossier AS "idDossier", d.reference_dossier AS "referenceDossier",
    d.id_session_cenou AS "idSessionCenou", d.id_direction AS "idDirection", d.id_user AS "idUser",
    d.statut_dossier AS "statutDossier", d.liste_deliberation AS "listeDeliberation", d.rang, d.reponse,
    ${ISO('d.date_limite_reponse')} AS "dateLimiteReponse"
  FROM dossier d`;

/** The live dossier, unlocked (whose it is, before any lock is taken). */
export async function offerDossier(db: Db, idDossier: number): Promise<OfferDossier | undefined> {
  return one<OfferDossier>(db, sql`${SELECT} WHERE d.id_dossier = ${idDossier} AND d.deleted_at IS NULL`);
}

/** The live dossier locked until the end of the transaction. */
export async function offerDossierForUpdate(tx: Db, idDossier: number): Promise<OfferDossier | undefined> {
  return one<OfferDossier>(
    tx,
    sql`${SELECT} WHERE d.id_dossier = ${idDossier} AND d.deleted_at IS NULL FOR UPDATE OF d`,
  );
}

/**
 * The session's open offers whose deadline has passed at `now`, oldest deadline first (sessions
 * OUVERT in DELIBERATION only: a suspended or closed session's offers wait for it).
 */
export async function lapsedOffers(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ idDossier: number; idSessionCenou: number }[]> {
  return rows(
    db,
    sql`SELECT d.id_dossier AS "idDossier", d.id_session_cenou AS "idSessionCenou"
        FROM dossier d JOIN session_cenou s ON s.id_session_cenou = d.id_session_cenou
          AND s.statut_session = 'OUVERT' AND s.etat_session = 'DELIBERATION' AND s.deleted_at IS NULL
        WHERE d.reponse = 'EN_ATTENTE' AND d.deleted_at IS NULL
          AND d.date_limite_reponse <= ${now.toISOString()}::timestamptz
        ORDER BY d.date_limite_reponse, d.id_dossier LIMIT ${limit}`,
  );
}

/**
 * Claims the lapsed offer once across instances: the row is locked (SKIP LOCKED: another
 * instance at work on it is left alone) and read again only if it is still open and lapsed.
 */
export async function claimLapsedOffer(
  tx: Db,
  idDossier: number,
  now: Date,
): Promise<OfferDossier | undefined> {
  return one<OfferDossier>(
    tx,
    sql`${SELECT} WHERE d.id_dossier = ${idDossier} AND d.deleted_at IS NULL AND d.reponse = 'EN_ATTENTE'
          AND d.date_limite_reponse <= ${now.toISOString()}::timestamptz
        FOR UPDATE OF d SKIP LOCKED`,
  );
}

export interface ReminderRow {
  idDossier: number;
  idSessionCenou: number;
  referenceDossier: string;
  listeDeliberation: ListeAdmission | null;
  dateLimiteReponse: string;
  email: string | null;
  idUser: number;
  nom: string;
  prenom: string;
}

/**
 * Marks up to `limit` open offers whose deadline falls within the next `hours` hours and whose
 * reminder was not sent, in one statement (rows locked by another instance are skipped): each offer
 * is claimed once. Returns them with what the mail needs.
 */
export async function claimReminders(
  tx: Db,
  now: Date,
  limit: number,
  hours: number,
): Promise<ReminderRow[]> {
  const at = now.toISOString();
  return rows<ReminderRow>(
    tx,
    sql`WITH due AS (
          SELECT d2.id_dossier FROM dossier d2 JOIN session_cenou s ON s.id_session_cenou = d2.id_session_cenou
            AND s.statut_session = 'OUVERT' AND s.etat_session = 'DELIBERATION' AND s.deleted_at IS NULL
          WHERE d2.reponse = 'EN_ATTENTE' AND d2.deleted_at IS NULL AND d2.rappel_envoye_le IS NULL
            AND d2.date_limite_reponse > ${at}::timestamptz
            AND d2.date_limite_reponse <= ${at}::timestamptz + make_interval(hours => ${hours})
          ORDER BY d2.date_limite_reponse, d2.id_dossier LIMIT ${limit}
          FOR UPDATE OF d2 SKIP LOCKED)
        UPDATE dossier d SET rappel_envoye_le = ${at}::timestamptz
        FROM due, registre_etudiant r, users u
        WHERE d.id_dossier = due.id_dossier AND r.id_etudiant = d.id_etudiant AND u.id = d.id_user
        RETURNING d.id_dossier AS "idDossier", d.id_session_cenou AS "idSessionCenou",
          d.reference_dossier AS "referenceDossier", d.liste_deliberation AS "listeDeliberation",
          ${ISO('d.date_limite_reponse')} AS "dateLimiteReponse", u.email, u.id AS "idUser", r.nom_etudiant AS nom,
          r.prenom_etudiant AS prenom`,
  );
}

/**
 * The first waiting candidate (by rank) who may take a place of `liste` (a VALIDE criterion of it;
 * READMISSIONS: a RENOUVELLEMENT dossier), a woman only when `femme`, with all its lists and its sex.
 */
export async function firstWaitingFor(
  tx: Db,
  idSessionCenou: number,
  liste: ListeAdmission,
  femme = false,
): Promise<WaitingCandidate | undefined> {
  const may =
    liste === 'READMISSIONS'
      ? sql`d.type_dossier = 'RENOUVELLEMENT'`
      : sql`EXISTS (SELECT 1 FROM dossier_critere dc JOIN critere c ON c.id_critere = dc.id_critere
                    WHERE dc.id_dossier = d.id_dossier AND dc.valeur_analyse = 'VALIDE'
                      AND c.liste_deliberation = ${liste})`;
  const woman = femme ? sql`r.sexe_etudiant = 'F'` : sql`TRUE`;
  const found = await one<{
    idDossier: number;
    rang: number;
    listes: ListeAdmission[];
    femme: boolean;
    renouvellement: boolean;
  }>(
    tx,
    sql`SELECT d.id_dossier AS "idDossier", d.rang, r.sexe_etudiant = 'F' AS femme,
          d.type_dossier = 'RENOUVELLEMENT' AS renouvellement,
          (SELECT COALESCE(json_agg(DISTINCT c.liste_deliberation), '[]'::json)
             FROM dossier_critere dc JOIN critere c ON c.id_critere = dc.id_critere
             WHERE dc.id_dossier = d.id_dossier AND dc.valeur_analyse = 'VALIDE'
               AND c.liste_deliberation IS NOT NULL) AS listes
        FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
        WHERE d.id_session_cenou = ${idSessionCenou} AND d.statut_dossier = 'LISTE_ATTENTE'
          AND d.deleted_at IS NULL AND ${may} AND ${woman}
        ORDER BY d.rang, d.id_dossier LIMIT 1`,
  );
  if (!found) return undefined;
  const { renouvellement, ...w } = found;
  return { ...w, listes: renouvellement ? ['READMISSIONS', ...w.listes] : w.listes };
}

/** The women now admitted (ADMIS) on a list of the session. */
export async function womenOnList(tx: Db, idSessionCenou: number, liste: ListeAdmission): Promise<number> {
  const row = await one<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
        WHERE d.id_session_cenou = ${idSessionCenou} AND d.liste_deliberation = ${liste}
          AND d.statut_dossier = 'ADMIS' AND d.deleted_at IS NULL AND r.sexe_etudiant = 'F'`,
  );
  return row?.n ?? 0;
}

/**
 * The share of the session's current run: its `partFemmes` (null before the agency's rules: 0) and
 * the places each list could fill, or undefined without a run.
 */
export async function currentShare(
  tx: Db,
  idSessionCenou: number,
): Promise<{ partFemmes: number; placesEffectives: Partial<Record<ListeAdmission, number>> } | undefined> {
  const row = await one<{
    partFemmes: number | null;
    placesEffectives: Partial<Record<ListeAdmission, number>>;
  }>(
    tx,
    sql`SELECT part_femmes AS "partFemmes", places_effectives AS "placesEffectives"
        FROM deliberation WHERE id_session_cenou = ${idSessionCenou} AND courante`,
  );
  return row ? { partFemmes: row.partFemmes ?? 0, placesEffectives: row.placesEffectives } : undefined;
}

/** The highest rank ever given on the list in the session (an ended admission keeps its rank). */
export async function lastRankOf(tx: Db, idSessionCenou: number, liste: ListeAdmission): Promise<number> {
  const row = await one<{ n: number }>(
    tx,
    sql`SELECT COALESCE(max(rang), 0)::int AS n FROM dossier
        WHERE id_session_cenou = ${idSessionCenou} AND liste_deliberation = ${liste}
          AND statut_dossier IN ('ADMIS', 'DESISTE') AND deleted_at IS NULL`,
  );
  return row?.n ?? 0;
}

/** Who a mail about the dossier goes to. */
export async function contactOf(
  tx: Db,
  idDossier: number,
): Promise<{ email: string | null; idUser: number; nom: string; prenom: string; referenceDossier: string }> {
  const row = await one<{
    email: string | null;
    idUser: number;
    nom: string;
    prenom: string;
    referenceDossier: string;
  }>(
    tx,
    sql`SELECT u.email, u.id AS "idUser", r.nom_etudiant AS nom, r.prenom_etudiant AS prenom, d.reference_dossier AS "referenceDossier"
        FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant JOIN users u ON u.id = d.id_user
        WHERE d.id_dossier = ${idDossier}`,
  );
  return row!;
}

// ---------------------------------------------------------------- the offer's writes

/**
 * A waiting candidate admitted on a freed place: its list and rank, an open offer with its
 * deadline (no reminder sent yet); only while it is still on the waiting list.
 */
export async function admitFromWaitingList(
  tx: Db,
  idDossier: number,
  place: { liste: ListeAdmission; rang: number; dateLimiteReponse: Date; at: Date },
): Promise<void> {
  await tx.execute(
    sql`UPDATE dossier SET statut_dossier = 'ADMIS', liste_deliberation = ${place.liste}, rang = ${place.rang},
          reponse = 'EN_ATTENTE', date_limite_reponse = ${place.dateLimiteReponse.toISOString()}::timestamptz,
          rappel_envoye_le = NULL, updated_at = ${place.at.toISOString()}::timestamptz
        WHERE id_dossier = ${idDossier} AND statut_dossier = 'LISTE_ATTENTE'`,
  );
}

/** The waiting list of the session closes up behind the rank `rang` (each one below moves up). */
export async function closeUpWaitingList(
  tx: Db,
  idSessionCenou: number,
  rang: number,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE dossier SET rang = rang - 1, updated_at = ${at.toISOString()}::timestamptz
        WHERE id_session_cenou = ${idSessionCenou} AND statut_dossier = 'LISTE_ATTENTE' AND deleted_at IS NULL
          AND rang > ${rang}`,
  );
}

/** An admission ended (declined, expired, withdrawn): DESISTE with that answer. */
export async function endDossierAdmission(
  tx: Db,
  idDossier: number,
  reponse: ReponseOffre,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE dossier SET statut_dossier = 'DESISTE', reponse = ${reponse}, updated_at = ${at.toISOString()}::timestamptz
        WHERE id_dossier = ${idDossier}`,
  );
}

/** The offer accepted. */
export async function acceptOffer(tx: Db, idDossier: number, at: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE dossier SET reponse = 'ACCEPTE', updated_at = ${at.toISOString()}::timestamptz WHERE id_dossier = ${idDossier}`,
  );
}

// ---------------------------------------------------------------- history

/**
 * The dossier's history, oldest first: the events stored in `dossier_evenement`, and those of each
 * publication, read from the stored runs rather than written per dossier (docs/decisions/009-deliberation.md,
 * "Bulk writes"): for every run of the dossier's session that holds it, PUBLICATION at the run's
 * publication time by its author with the run's result for the dossier (status, list, rank), then
 * OFFRE at the same time with its deadline when the run admitted it. Index look-ups only: the
 * session's runs (`deliberation_session`), then the dossier in each (`deliberation_candidat`'s
 * primary key). At the same instant a publication's events come before the stored ones (an event
 * recorded at the publication's very millisecond came after it: the offers take the publication's
 * lock). `parEtudiant`: the author is the dossier's own student.
 */
export async function historyOf(db: Db, idDossier: number): Promise<StoredEvent[]> {
  return rows<StoredEvent>(
    db,
    sql`SELECT h.evenement, ${ISO('h.at')} AS date, h.auteur, COALESCE(h.id_auteur = d.id_user, false) AS "parEtudiant",
          h.motif, h.commentaire, h.canal, h.detail
        FROM dossier d
        CROSS JOIN LATERAL (
          SELECT e.evenement, e.date_evenement AS at, 1 AS src, e.id_evenement AS ord, e.id_auteur, e.auteur, e.motif,
            e.commentaire, e.canal, e.detail
          FROM dossier_evenement e WHERE e.id_dossier = d.id_dossier
          UNION ALL
          SELECT k.evenement, r.date_publication, 0, r.id_deliberation * 2 + k.n, r.id_auteur, r.nom_auteur, NULL, NULL,
            NULL, CASE k.n WHEN 0 THEN jsonb_build_object('statut', c.statut, 'liste', c.liste, 'rang', c.rang)
              ELSE jsonb_build_object('liste', c.liste, 'rang', c.rang, 'dateLimiteReponse',
                ${ISO('r.date_limite_reponse')}) END
          FROM deliberation r
          JOIN deliberation_candidat c ON c.id_deliberation = r.id_deliberation AND c.id_dossier = d.id_dossier
          JOIN (VALUES ('PUBLICATION'::text, 0), ('OFFRE'::text, 1)) AS k(evenement, n)
            ON k.n = 0 OR c.statut = 'ADMIS'
          WHERE r.id_session_cenou = d.id_session_cenou AND r.historique
        ) h
        WHERE d.id_dossier = ${idDossier}
        ORDER BY h.at, h.src, h.ord`,
  );
}

// ---------------------------------------------------------------- counts

export interface EndedOfferCounts {
  refuses: number;
  expires: number;
  retires: number;
  promus: number;
}

/**
 * The offers of a session that ended (declined, expired, withdrawn: their dossiers are DESISTE, no
 * longer on the admissible list), and the students admitted by promotion (from the events). The
 * listed rows are counted by the admissible list's own source (`listedCounts`).
 */
export async function endedOfferCounts(
  db: Db,
  idSessionCenou: number,
  idDirection: number | undefined,
): Promise<EndedOfferCounts> {
  const direction = idDirection === undefined ? sql`TRUE` : sql`d.id_direction = ${idDirection}`;
  const row = await one<EndedOfferCounts>(
    db,
    sql`SELECT count(*) FILTER (WHERE d.reponse = 'REFUSE')::int AS refuses,
          count(*) FILTER (WHERE d.reponse = 'EXPIRE')::int AS expires,
          count(*) FILTER (WHERE d.reponse = 'RETIRE')::int AS retires,
          (SELECT count(DISTINCT e.id_dossier)::int FROM dossier_evenement e JOIN dossier d ON d.id_dossier = e.id_dossier
             WHERE e.id_session_cenou = ${idSessionCenou} AND e.evenement = 'PROMOTION' AND d.deleted_at IS NULL
               AND ${direction}) AS promus
        FROM dossier d
        WHERE d.id_session_cenou = ${idSessionCenou} AND d.deleted_at IS NULL
          AND d.reponse IN ('REFUSE', 'EXPIRE', 'RETIRE') AND ${direction}`,
  );
  return row!;
}
