import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { columnName as name, insertInto, insertReturning, selectRows } from '../db/bulk';
import { affectation, dossier, sessionCenou } from '../db/schema';

export interface PastYears {
  annees: number[];
  dossiers: number;
  affectations: number;
  departs: number;
}

/**
 * Earlier academic years for the statistics (docs/statistics.md), used by the bench's statistics
 * stage (the demo does not load them yet: their rent paid one payment at a time made its load far
 * too slow). For each direction with a session of `directionsDe`, a closed session per year; a
 * share of its students with an account deposited (45 % of them admitted and housed, 7 %
 * renounced, the others not admitted or on the waiting list); the admitted get beds of their sex
 * in their direction's cités in the first days of October, one in eight leaves during the year,
 * and a student kept back takes the freed bed some days later. Deterministic (from the ids and the
 * year), in bulk: one statement per step and year.
 */
export async function loadPastYears(
  tx: Db,
  opts: {
    annees: number[];
    /** The directions that get the sessions: those with a session of this year. */
    directionsDe: number;
    /** The share of a direction's students with an account who deposit, in percent. */
    partDeposants?: number;
  },
): Promise<PastYears> {
  const out: PastYears = { annees: [], dossiers: 0, affectations: 0, departs: 0 };
  const part = opts.partDeposants ?? 70;
  for (const annee of opts.annees) {
    const sessions = await insertReturning(
      tx,
      sessionCenou,
      [
        sessionCenou.idDirection,
        sessionCenou.etatSession,
        sessionCenou.statutSession,
        sessionCenou.dateOuverture,
        sessionCenou.dateFermeture,
        sessionCenou.anneeDebut,
        sessionCenou.placesReadmission,
        sessionCenou.createdAt,
        sessionCenou.updatedAt,
      ],
      sql`SELECT DISTINCT s.id_direction, 'DELIBERATION', 'FERME', make_date(${annee}::int, 9, 15), make_date(${annee + 1}::int, 7, 31),
            ${annee}::int, 0, make_date(${annee}::int, 9, 1), make_date(${annee + 1}::int, 7, 31)
          FROM ${sessionCenou} s
          WHERE s.${name(sessionCenou.anneeDebut)} = ${opts.directionsDe}::int AND s.${name(sessionCenou.deletedAt)} IS NULL`,
      { id: sessionCenou.idSessionCenou },
    );
    if (!sessions.length) continue;
    out.annees.push(annee);
    const ids = sql.join(
      sessions.map((s) => sql`${s.id}`),
      sql`, `,
    );
    const dossiers = await selectRows(tx, { n: count() }, sql`SELECT 1 FROM ins`, {
      c: sql`
            SELECT s.id_session_cenou, s.id_direction, d.sigle_direction AS sigle, r.id_etudiant, r.id_user,
              (r.id_etudiant * 31 + ${annee}::int * 17) % 100 AS h
            FROM session_cenou s
            JOIN direction d ON d.id_direction = s.id_direction
            JOIN ville v ON v.id_direction = s.id_direction
            JOIN registre_etudiant r ON r.id_ville = v.id_ville AND r.id_user IS NOT NULL AND r.deleted_at IS NULL
            WHERE s.id_session_cenou IN (${ids}) AND (r.id_etudiant * 7 + ${annee}::int) % 100 < ${part}::int`,
      x: sql`
            SELECT c.*, row_number() OVER (PARTITION BY c.id_session_cenou ORDER BY c.id_etudiant) AS numero,
              CASE WHEN c.h < 45 THEN 'ADMIS' WHEN c.h < 52 THEN 'DESISTE' WHEN c.h < 80 THEN 'NON_ADMIS'
                ELSE 'LISTE_ATTENTE' END AS statut
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
            SELECT x.sigle || '-' || ${annee} || '-' || lpad(x.numero::text, 6, '0'), x.id_session_cenou, x.id_direction,
              x.id_etudiant, x.id_user, 'NOUVEAU', x.statut,
              make_date(${annee}::int, 9, 15) + make_interval(hours => x.h), 10 + (x.h % 9),
              CASE WHEN x.statut IN ('ADMIS', 'DESISTE') THEN 'NATIONAUX' END,
              CASE WHEN x.statut IN ('ADMIS', 'DESISTE') THEN row_number() OVER (PARTITION BY x.id_session_cenou, x.statut IN ('ADMIS', 'DESISTE') ORDER BY x.h, x.id_etudiant) END,
              CASE x.statut WHEN 'ADMIS' THEN 'ACCEPTE' WHEN 'DESISTE' THEN (CASE WHEN x.h % 2 = 0 THEN 'REFUSE' ELSE 'EXPIRE' END) END,
              make_date(${annee}::int, 9, 15) + make_interval(hours => x.h), make_date(${annee}::int, 9, 30)
            FROM x
            ORDER BY x.id_session_cenou, x.numero
            RETURNING 1`,
    });
    out.dossiers += dossiers[0].n;
    // The beds: the admitted of a direction and sex in order (k), its beds in order; 90 % of the
    // admitted (at most 90 % of the beds) housed in October, every eighth of them leaving during the
    // year, the j-th student kept back taking the j-th freed bed 3 to 27 days later.
    const [beds] = await selectRows(
      tx,
      {
        n: count(),
        departs: sql<number>`(count(*) FILTER (WHERE ${name(affectation.deletedAt)} IS NOT NULL))::int`,
      },
      sql`SELECT * FROM ins`,
      {
        s: sql`
            SELECT d.id_dossier, d.id_etudiant, d.id_session_cenou, d.id_direction, r.sexe_etudiant AS sexe,
              row_number() OVER w AS k, count(*) OVER (PARTITION BY d.id_direction, r.sexe_etudiant) AS total
            FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
            WHERE d.id_session_cenou IN (${ids}) AND d.statut_dossier = 'ADMIS'
            WINDOW w AS (PARTITION BY d.id_direction, r.sexe_etudiant ORDER BY d.rang, d.id_dossier)`,
        b: sql`
            SELECT l.id_lit, ch.id_chambre, c.id_cite, v.id_direction, bt.sexe,
              row_number() OVER (PARTITION BY v.id_direction, bt.sexe ORDER BY c.id_cite, l.id_lit) AS k,
              count(*) OVER (PARTITION BY v.id_direction, bt.sexe) AS lits
            FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre
            JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
            JOIN batiment bt ON bt.id_batiment = n.id_batiment JOIN cite c ON c.id_cite = bt.id_cite
            JOIN ville v ON v.id_ville = c.id_ville
            WHERE l.deleted_at IS NULL AND bt.sexe IN ('M', 'F')`,
        g: sql`
            SELECT s.id_direction, s.sexe, least(max(s.total) - ceil(max(s.total) / 10.0), floor(max(b.lits) * 0.9))::int AS premiers
            FROM s JOIN b ON b.id_direction = s.id_direction AND b.sexe = s.sexe AND b.k = 1
            GROUP BY s.id_direction, s.sexe`,
        first: sql`
            SELECT s.id_dossier, s.id_etudiant, s.id_session_cenou, s.id_direction, s.sexe, s.k, b.id_lit, b.id_chambre, b.id_cite,
              make_date(${annee}::int, 10, 1) + (s.k % 10)::int AS debut,
              CASE WHEN s.k % 8 = 0 THEN make_date(${annee}::int, 10, 1) + 40 + ((s.k * 13) % 200)::int END AS fin,
              count(*) FILTER (WHERE s.k % 8 = 0) OVER (PARTITION BY s.id_direction, s.sexe ORDER BY s.k) AS rang_depart
            FROM s JOIN g ON g.id_direction = s.id_direction AND g.sexe = s.sexe
            JOIN b ON b.id_direction = s.id_direction AND b.sexe = s.sexe AND b.k = s.k
            WHERE s.k <= g.premiers`,
        refill: sql`
            SELECT s.id_dossier, s.id_etudiant, s.id_session_cenou, f.id_lit, f.id_chambre, f.id_cite,
              f.fin + 3 + ((s.k * 7) % 25)::int AS debut
            FROM s JOIN g ON g.id_direction = s.id_direction AND g.sexe = s.sexe
            JOIN first f ON f.id_direction = s.id_direction AND f.sexe = s.sexe AND f.fin IS NOT NULL
              AND f.rang_depart = s.k - g.premiers
            WHERE s.k > g.premiers`,
        placed: sql`
            SELECT id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, debut, fin FROM first
            UNION ALL
            SELECT id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, debut, NULL::date FROM refill
            WHERE debut < make_date(${annee + 1}::int, 9, 1)`,
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
    out.affectations += beds.n;
    out.departs += beds.departs;
  }
  return out;
}
