import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { columnName as name, insertInto, insertReturning, literal, selectRows } from '../db/bulk';
import { affectation, batiment, dossier, registreEtudiant, sessionCenou, users, ville } from '../db/schema';
import { ETUDIANT, GESTIONNAIRE_DR } from '../../domain/enums';
import { insertAccounts } from '../modules/accounts/repository';
import { issueMissingInstalments, recordCounterPaymentsInBulk } from '../modules/rent/service';

export interface PastYears {
  annees: number[];
  dossiers: number;
  affectations: number;
  departs: number;
}

/**
 * The columns a closed past session is written with (its direction, state and status, its dates,
 * its year, no readmission places, its row dates), in this order: the demo's past years and last
 * year's sessions of the workflow's seed select them so.
 */
export const CLOSED_SESSION_COLUMNS = [
  sessionCenou.idDirection,
  sessionCenou.etatSession,
  sessionCenou.statutSession,
  sessionCenou.dateOuverture,
  sessionCenou.dateFermeture,
  sessionCenou.anneeDebut,
  sessionCenou.placesReadmission,
  sessionCenou.createdAt,
  sessionCenou.updatedAt,
] as const;

/**
 * Earlier academic years for the statistics (docs/statistics.md), used by the demo
 * (`loadDemoPastYears` below) and by the bench's statistics stage. For each direction with a
 * session of `directionsDe`, a closed session per year; a share of its students with an account
 * deposited (45 % of them admitted and housed, 7 % renounced, the others not admitted or on the
 * waiting list); the admitted get beds of their sex in their direction's cités (taken in turn from
 * each cité) in the first days of October, one in eight leaves during the year, and a student kept
 * back takes the freed bed some days later. Deterministic (from the ids and the year), in bulk: one
 * statement per table for every year at once (the sessions, the dossiers, the assignments), never a
 * statement per year or per row.
 */
export async function loadPastYears(
  tx: Db,
  opts: {
    annees: number[];
    /** The directions that get the sessions: those with a session of this year. */
    directionsDe: number;
    /** The share of a direction's students with an account who deposit, in percent. */
    partDeposants?: number;
    /** Only these accounts' students (the demo's former residents); every account's by default. */
    etudiants?: readonly number[];
    /**
     * The dossiers' references are numbered after this, in their direction and year (500,000 by
     * default): the bench's years, written over the demo's own past years, are numbered apart.
     */
    numerosApres?: number;
  },
): Promise<PastYears> {
  const part = opts.partDeposants ?? 70;
  const only = opts.etudiants ? sql`AND r.id_user = ANY (${`{${opts.etudiants.join(',')}}`}::int[])` : sql``;
  const annees = sql`ARRAY[${sql.join(
    opts.annees.map((a) => sql`${a}::int`),
    sql`, `,
  )}]::int[]`;
  const sessions = await insertReturning(
    tx,
    sessionCenou,
    CLOSED_SESSION_COLUMNS,
    sql`SELECT d.id_direction, ${literal(sessionCenou.etatSession, 'DELIBERATION')}, ${literal(sessionCenou.statutSession, 'FERME')},
          make_date(y, 9, 15), make_date(y + 1, 7, 31), y, 0, make_date(y, 9, 1), make_date(y + 1, 7, 31)
        FROM (SELECT DISTINCT s.id_direction FROM session_cenou s
              WHERE s.annee_debut = ${opts.directionsDe}::int AND s.deleted_at IS NULL) d
        CROSS JOIN unnest(${annees}) AS y
        ORDER BY y, d.id_direction`,
    { id: sessionCenou.idSessionCenou, annee: sessionCenou.anneeDebut },
  );
  if (!sessions.length) return { annees: [], dossiers: 0, affectations: 0, departs: 0 };
  const ids = sql`ARRAY[${sql.join(
    sessions.map((s) => sql`${s.id}::int`),
    sql`, `,
  )}]::int[]`;
  // Every year's dossiers in one statement. Their references are numbered from 500,001 (or after
  // `numerosApres`) in their direction and year, clear of the ones the demo's season gives its own (from 1).
  const apres = opts.numerosApres ?? 500_000;
  const [dossiers] = await selectRows(tx, { n: count() }, sql`SELECT 1 FROM ins`, {
    c: sql`
          SELECT s.id_session_cenou, s.id_direction, s.annee_debut AS annee, d.sigle_direction AS sigle,
            r.id_etudiant, r.id_user, (r.id_etudiant * 31 + s.annee_debut * 17) % 100 AS h
          FROM session_cenou s
          JOIN direction d ON d.id_direction = s.id_direction
          JOIN ville v ON v.id_direction = s.id_direction
          JOIN registre_etudiant r ON r.id_ville = v.id_ville AND r.id_user IS NOT NULL AND r.deleted_at IS NULL
          WHERE s.id_session_cenou = ANY (${ids}) AND (r.id_etudiant * 7 + s.annee_debut) % 100 < ${part}::int ${only}`,
    x: sql`
          SELECT c.*, c.h < 52 AS admis, row_number() OVER (PARTITION BY c.id_session_cenou ORDER BY c.id_etudiant) AS numero,
            CASE WHEN c.h < 45 THEN ${literal(dossier.statutDossier, 'ADMIS')} WHEN c.h < 52 THEN ${literal(dossier.statutDossier, 'DESISTE')}
              WHEN c.h < 80 THEN ${literal(dossier.statutDossier, 'NON_ADMIS')} ELSE ${literal(dossier.statutDossier, 'LISTE_ATTENTE')} END AS statut
          FROM c`,
    ins: sql`
          ${insertInto(dossier, [
            dossier.referenceDossier,
            dossier.idSessionCenou,
            dossier.idDirection,
            dossier.idEtudiant,
            dossier.idUser,
            dossier.typeDossier,
            dossier.statutDossier,
            dossier.dateDepot,
            dossier.moyenne,
            dossier.listeDeliberation,
            dossier.rang,
            dossier.reponse,
            dossier.createdAt,
            dossier.updatedAt,
          ])}
          SELECT x.sigle || '-' || x.annee || '-' || lpad((${apres}::int + x.numero)::text, 6, '0'), x.id_session_cenou,
            x.id_direction, x.id_etudiant, x.id_user, ${literal(dossier.typeDossier, 'NOUVEAU')}, x.statut,
            make_date(x.annee, 9, 15) + make_interval(hours => x.h), 10 + (x.h % 9),
            CASE WHEN x.admis THEN ${literal(dossier.listeDeliberation, 'NATIONAUX')} END,
            CASE WHEN x.admis THEN row_number() OVER (PARTITION BY x.id_session_cenou, x.admis ORDER BY x.h, x.id_etudiant) END,
            CASE x.statut WHEN ${literal(dossier.statutDossier, 'ADMIS')} THEN ${literal(dossier.reponse, 'ACCEPTE')}
              WHEN ${literal(dossier.statutDossier, 'DESISTE')} THEN (CASE WHEN x.h % 2 = 0 THEN ${literal(dossier.reponse, 'REFUSE')} ELSE ${literal(dossier.reponse, 'EXPIRE')} END) END,
            make_date(x.annee, 9, 15) + make_interval(hours => x.h), make_date(x.annee, 9, 30)
          FROM x
          ORDER BY x.id_session_cenou, x.numero
          RETURNING 1`,
  });
  // The planner's figures of the rows just written: without them (a bulk load in one transaction,
  // before autovacuum), the beds' statement below joins 400,000 dossiers as if they were a few
  // hundred, by nested loops.
  await tx.execute(sql`ANALYZE dossier`);
  // The beds, every year at once: the admitted of a session (a direction's year) and sex in order
  // (k), the direction's beds of that sex in order; 90 % of the admitted (at most 90 % of the beds)
  // housed in October, every eighth of them leaving during the year, the j-th student kept back
  // taking the j-th freed bed 3 to 27 days later.
  const [beds] = await selectRows(
    tx,
    { n: count(), departs: count(name(affectation.deletedAt)) },
    sql`SELECT ${name(affectation.deletedAt)} FROM ins`,
    {
      // Who goes to which bed (and leaves when), in the statement's steps as its own WITH.
      placed: sql`
        WITH s AS (
          SELECT d.id_dossier, d.id_etudiant, d.id_session_cenou, d.id_direction, se.annee_debut AS annee,
            r.sexe_etudiant AS sexe,
            row_number() OVER w AS k, count(*) OVER (PARTITION BY d.id_session_cenou, r.sexe_etudiant) AS total
          FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
          JOIN session_cenou se ON se.id_session_cenou = d.id_session_cenou
          WHERE d.id_session_cenou = ANY (${ids}) AND d.statut_dossier = ${literal(dossier.statutDossier, 'ADMIS')}
          WINDOW w AS (PARTITION BY d.id_session_cenou, r.sexe_etudiant ORDER BY d.rang, d.id_dossier)
        ), b0 AS (
          SELECT l.id_lit, ch.id_chambre, c.id_cite, v.id_direction, bt.sexe,
            row_number() OVER (PARTITION BY c.id_cite, bt.sexe ORDER BY l.id_lit) AS rang_cite
          FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre
          JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
          JOIN batiment bt ON bt.id_batiment = n.id_batiment JOIN cite c ON c.id_cite = bt.id_cite
          JOIN ville v ON v.id_ville = c.id_ville
          WHERE l.deleted_at IS NULL AND bt.sexe IN (${literal(batiment.sexe, 'M')}, ${literal(batiment.sexe, 'F')})
        ), b AS (
          -- The direction's beds of a sex taken in turn from each of its cités (its first bed in
          -- each, then its second…): every cité has residents, not the first ones alone.
          SELECT b0.*,
            row_number() OVER (PARTITION BY b0.id_direction, b0.sexe ORDER BY b0.rang_cite, b0.id_cite, b0.id_lit) AS k,
            count(*) OVER (PARTITION BY b0.id_direction, b0.sexe) AS lits
          FROM b0
        ), g AS (
          SELECT s.id_session_cenou, s.sexe,
            least(max(s.total) - ceil(max(s.total) / 10.0), floor(max(b.lits) * 0.9))::int AS premiers
          FROM s JOIN b ON b.id_direction = s.id_direction AND b.sexe = s.sexe AND b.k = 1
          GROUP BY s.id_session_cenou, s.sexe
        ), first AS (
          SELECT s.id_dossier, s.id_etudiant, s.id_session_cenou, s.annee, s.sexe, s.k, b.id_lit, b.id_chambre, b.id_cite,
            make_date(s.annee, 10, 1) + (s.k % 10)::int AS debut,
            CASE WHEN s.k % 8 = 0 THEN make_date(s.annee, 10, 1) + 40 + ((s.k * 13) % 200)::int END AS fin,
            count(*) FILTER (WHERE s.k % 8 = 0) OVER (PARTITION BY s.id_session_cenou, s.sexe ORDER BY s.k) AS rang_depart
          FROM s JOIN g ON g.id_session_cenou = s.id_session_cenou AND g.sexe = s.sexe
          JOIN b ON b.id_direction = s.id_direction AND b.sexe = s.sexe AND b.k = s.k
          WHERE s.k <= g.premiers
        ), kept_back AS MATERIALIZED (
          -- The j-th student kept back, j computed first: the freed bed is then found by one hash
          -- on (session, sex, j), never by a join on (session, sex) alone filtered afterwards (a
          -- session's every student kept back times its every departure).
          SELECT s.id_dossier, s.id_etudiant, s.id_session_cenou, s.annee, s.sexe, s.k, s.k - g.premiers AS j
          FROM s JOIN g ON g.id_session_cenou = s.id_session_cenou AND g.sexe = s.sexe
          WHERE s.k > g.premiers
        ), refill AS (
          SELECT kb.id_dossier, kb.id_etudiant, kb.id_session_cenou, kb.annee, f.id_lit, f.id_chambre, f.id_cite,
            f.fin + 3 + ((kb.k * 7) % 25)::int AS debut
          FROM kept_back kb
          JOIN first f ON f.id_session_cenou = kb.id_session_cenou AND f.sexe = kb.sexe AND f.fin IS NOT NULL
            AND f.rang_depart = kb.j
        )
          SELECT id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, debut, fin FROM first
          UNION ALL
          SELECT id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, debut, NULL::date FROM refill
          WHERE debut < make_date(annee + 1, 9, 1)`,
      ins: sql`
          ${insertInto(affectation, [
            affectation.idSessionCenou,
            affectation.idDossier,
            affectation.idEtudiant,
            affectation.idCite,
            affectation.idChambre,
            affectation.idLit,
            affectation.codeVerification,
            affectation.createdAt,
            affectation.updatedAt,
            affectation.deletedAt,
            affectation.motifAnnulation,
          ])}
          SELECT id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit,
            translate(upper(substr(md5('passe-' || id_dossier || '-' || id_lit), 1, 12)), '01', 'KM'),
            debut + time '09:00', coalesce(fin, debut) + time '09:00', fin + time '15:00',
            CASE WHEN fin IS NOT NULL THEN 'Départ en cours d’année' END
          FROM placed ORDER BY id_dossier
          RETURNING ${name(affectation.deletedAt)}`,
    },
  );
  return {
    annees: [...new Set(sessions.map((s) => s.annee))].sort((a, b) => a - b),
    dossiers: dossiers.n,
    affectations: beds.n,
    departs: beds.departs,
  };
}

export interface DemoPastYears extends PastYears {
  /** The former residents' accounts made for them. */
  anciens: number;
  /** Instalments paid at the counters. */
  paiements: number;
  /** Students housed those years whose rent stopped before the year's end. */
  enRetard: number;
}

/**
 * The demo's earlier academic years (docs/statistics.md#the-demo-data): former students, an account
 * each (the demo students' one password) made for a share of the registry's students without one
 * (never those kept for a first registration), apply, are admitted, housed and leave as
 * `loadPastYears` writes it, in their own direction's cités; their instalments are issued by rent's
 * own code and paid at their cité's counter on their due days, in bulk
 * (`recordCounterPaymentsInBulk`): one assignment in six stopped paying after its third to seventh
 * instalment, the arrears the statistics show. Nobody with an account before (the students of this
 * year's and last year's sessions, the demo's named ones) is among them: their years of stay, which
 * this year's ranking reads, stay what the demo's season made them. Deterministic.
 */
export async function loadDemoPastYears(
  tx: Db,
  opts: {
    annees: number[];
    directionsDe: number;
    passwordHash: string;
    /** The INE kept without an account (a first registration). */
    exclure: readonly string[];
    /** The counter's operator (cash). */
    idOperateur: number;
    /** The share of the registry's students without an account made former residents, in percent. */
    partAnciens?: number;
  },
): Promise<DemoPastYears> {
  const part = opts.partAnciens ?? 40;
  const former = await tx
    .select({
      ine: registreEtudiant.ine,
      nom: registreEtudiant.nomEtudiant,
      prenom: registreEtudiant.prenomEtudiant,
      email: sql<string>`coalesce(${registreEtudiant.emailEtudiant}, lower(${registreEtudiant.ine}) || '@exemple.bf')`,
      idDirection: ville.idDirection,
    })
    .from(registreEtudiant)
    .innerJoin(ville, eq(ville.idVille, registreEtudiant.idVille))
    .where(
      and(
        isNull(registreEtudiant.idUser),
        isNull(registreEtudiant.deletedAt),
        sql`NOT (${registreEtudiant.ine} = ANY (${`{${opts.exclure.join(',')}}`}::text[]))`,
        sql`(${registreEtudiant.idEtudiant} * 13) % 100 < ${part}::int`,
        sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE lower(${users.userName}) = lower(${registreEtudiant.ine}))`,
      ),
    )
    .orderBy(asc(registreEtudiant.idEtudiant));
  const ids: number[] = [];
  for (let i = 0; i < former.length; i += 5000)
    ids.push(
      ...(await insertAccounts(
        tx,
        former.slice(i, i + 5000).map((f) => ({
          idDirection: f.idDirection,
          userName: f.ine,
          nom: f.nom,
          prenom: f.prenom,
          email: f.email,
          role: ETUDIANT,
          passwordHash: opts.passwordHash,
        })),
      )),
    );
  if (!ids.length)
    return { annees: [], dossiers: 0, affectations: 0, departs: 0, anciens: 0, paiements: 0, enRetard: 0 };
  const list = `{${ids.join(',')}}`;
  // Their registry rows linked with the registration's answers, as the demo's other accounts.
  await tx.execute(
    sql`UPDATE registre_etudiant r SET id_user = u.id, personnel_besoin = 'Aucun',
          contact = 'Parent : 7' || (r.id_etudiant % 9) || ' ' || lpad(((r.id_etudiant * 37) % 100)::text, 2, '0') || ' '
            || lpad(((r.id_etudiant * 53) % 100)::text, 2, '0') || ' ' || lpad(((r.id_etudiant * 71) % 100)::text, 2, '0'),
          engagement_statut_reglement = true, engagement_personnel_caution = true, declaration_sur_honneur = true,
          lu_approuve = true, updated_at = now()
        FROM users u
        WHERE u.id = ANY (${list}::int[]) AND lower(u.user_name) = lower(r.ine) AND r.deleted_at IS NULL`,
  );
  const years = await loadPastYears(tx, {
    annees: opts.annees,
    directionsDe: opts.directionsDe,
    etudiants: ids,
  });
  await issueMissingInstalments(tx);
  // Each live assignment of those years, the regional manager of its direction at the counter.
  const m = alias(users, 'm');
  const housed = await tx
    .select({
      id: affectation.idAffectation,
      auteur: sql<
        number | null
      >`(SELECT min(${m.id}) FROM ${users} ${sql.identifier('m')} WHERE ${m.role} = ${GESTIONNAIRE_DR}
        AND ${m.idDirection} = ${dossier.idDirection} AND ${m.deletedAt} IS NULL)`,
    })
    .from(affectation)
    .innerJoin(dossier, eq(dossier.idDossier, affectation.idDossier))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .where(
      and(
        isNull(affectation.deletedAt),
        inArray(sessionCenou.anneeDebut, opts.annees),
        // One array parameter, whatever the number of former residents (not one parameter each).
        sql`${dossier.idUser} = ANY (${list}::int[])`,
      ),
    )
    .orderBy(asc(affectation.idAffectation));
  const payers = housed.map((h) => ({
    idAffectation: h.id,
    jusqua: h.id % 6 === 0 ? 3 + (h.id % 5) : null,
    idAuteur: h.auteur,
  }));
  const paiements = await recordCounterPaymentsInBulk(tx, opts.idOperateur, payers);
  return {
    ...years,
    anciens: ids.length,
    paiements,
    enRetard: payers.filter((p) => p.jusqua !== null).length,
  };
}
