/**
 * Staff lists at national scale (opt-in, BENCH_DOSSIERS): the bench's throw-away PostgreSQL
 * database grown by SQL to that many live dossiers, one per student of the registry (grown first
 * by SQL when it is smaller), each with an account and one criterion entry, in the direction's
 * open session; then VACUUM ANALYZE. Synthetic, deterministic. PostgreSQL only (PGlite lives inside the
 * server process).
 */
import pg from 'pg';

export interface DossierGrowth {
  students: number;
  dossiers: number;
  seconds: number;
}

const NOMS = `ARRAY['Ouédraogo','Sawadogo','Kaboré','Traoré','Zongo','Compaoré','Ouattara','Sanou','Kéré','Nikièma','Ilboudo','Zoungrana']`;
const PRENOMS = `ARRAY['Awa','Adama','Aminata','Issouf','Fatimata','Boukary','Mariam','Salif','Rasmata','Abdoul','Éloïse','Wendkouni']`;

/**
 * The synthetic students' INEs: `BD` and ten digits spread like real ones (CONTEXT: the national
 * platform's INEs are letters and digits, not a zero-padded counter). i × a prime coprime with
 * 10^10, modulo 10^10, gives every i its own number. A zero-padded counter (`BD0000004217`) put
 * `000` in every INE, so every search for a fragment with zeros read one trigram posting the size of
 * the table: a bench artefact, not what staff meet.
 */
const INE_STEP = 982451653;

/** The INE the growth gives its i-th student (same formula as the SQL above). */
export function benchIne(i: number): string {
  return `BD${String((BigInt(i) * BigInt(INE_STEP)) % 10_000_000_000n).padStart(10, '0')}`;
}

export async function growDossiers(databaseUrl: string, target: number): Promise<DossierGrowth> {
  const started = Date.now();
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const q = async (text: string, values: unknown[] = []) => (await c.query(text, values)).rows;
    // 1. Enough students (the national synthetic registry, as bench/lib/national.ts makes them).
    const [{ n: students }] = await q(
      `SELECT count(*)::int AS n FROM registre_etudiant WHERE deleted_at IS NULL`,
    );
    if (students < target) {
      await q(
        `INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance, lieu_naissance,
           tel_etudiant, ville_orientation, id_ville, annee_bac, serie_bac, moyenne_bac, type_pays, recherche)
         SELECT 'BD' || lpad(((i::bigint * ${INE_STEP}) % 10000000000)::text, 10, '0'), (${NOMS})[1 + i % 12],
                (${PRENOMS})[1 + (i * 7) % 12] || ' ' || (${PRENOMS})[1 + (i * 5 + 3) % 12],
                CASE WHEN i % 2 = 1 THEN 'F' ELSE 'M' END, date '1998-01-01' + (i % 2900),
                v.nom_ville, '70 ' || lpad((i % 1000000)::text, 6, '0'), v.nom_ville, v.id_ville,
                2018 + i % 7, 'D', 10 + (i % 90) / 10.0, 'NATIONAL', ''
         FROM generate_series(1, $1::int) i
         JOIN LATERAL (SELECT id_ville, nom_ville FROM ville
                       WHERE nom_ville IN ('Ouagadougou', 'Bobo-Dioulasso', 'Koudougou') AND deleted_at IS NULL
                       ORDER BY id_ville OFFSET (i >> 3) % 3 LIMIT 1) v ON TRUE`,
        [target - students],
      );
      await q(
        `UPDATE registre_etudiant SET recherche = fold(ine || ' ' || nom_etudiant || ' ' || prenom_etudiant)
         WHERE recherche = ''`,
      );
    }
    // 2. An account for each student without one (a hash that matches no password).
    await q(
      `WITH s AS (
         SELECT r.id_etudiant, r.ine, r.nom_etudiant, r.prenom_etudiant, v.id_direction
         FROM registre_etudiant r JOIN ville v ON v.id_ville = r.id_ville
         WHERE r.deleted_at IS NULL AND r.id_user IS NULL
         ORDER BY r.id_etudiant LIMIT $1
       ), u AS (
         INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
         SELECT id_direction, ine, nom_etudiant, prenom_etudiant, lower(ine) || '@exemple.bf',
                'ROLE_HEBERGEMENT_ETUDIANT', 'bench-no-password'
         FROM s RETURNING id, user_name
       )
       UPDATE registre_etudiant r SET id_user = u.id FROM u WHERE upper(r.ine) = upper(u.user_name)
         AND r.deleted_at IS NULL`,
      [target],
    );
    // 3. An open session in ANALYSE for every direction of those students.
    await q(
      `INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
       SELECT DISTINCT v.id_direction, 'ANALYSE', 'OUVERT', date '2026-09-01', 2026
       FROM registre_etudiant r JOIN ville v ON v.id_ville = r.id_ville
       WHERE NOT EXISTS (SELECT 1 FROM session_cenou s WHERE s.id_direction = v.id_direction
                         AND s.deleted_at IS NULL AND s.statut_session IN ('OUVERT', 'SUSPENDU'))`,
    );
    // 4. One dossier per student (up to the target), spread over 30 days, a third analysed.
    const [{ n: existing }] = await q(`SELECT count(*)::int AS n FROM dossier WHERE deleted_at IS NULL`);
    await q(
      `INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
         moyenne, date_depot, type_dossier)
       SELECT 'BEN-2026-' || lpad(r.id_etudiant::text, 7, '0'), s.id_session_cenou, s.id_direction, r.id_etudiant,
              r.id_user, CASE WHEN r.id_etudiant % 3 = 0 THEN 'ANALYSE' ELSE 'DEPOSE' END,
              CASE WHEN r.id_etudiant % 3 = 0 THEN (r.id_etudiant % 2000) / 100.0 / 3 END,
              timestamptz '2026-09-01 08:00:00+00' + (r.id_etudiant % 2592000) * interval '1 second',
              CASE WHEN r.id_etudiant % 5 = 0 THEN 'RENOUVELLEMENT' ELSE 'NOUVEAU' END
       FROM registre_etudiant r
       JOIN ville v ON v.id_ville = r.id_ville
       JOIN session_cenou s ON s.id_direction = v.id_direction AND s.deleted_at IS NULL
            AND s.statut_session IN ('OUVERT', 'SUSPENDU')
       WHERE r.deleted_at IS NULL AND r.id_user IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM dossier d WHERE d.id_etudiant = r.id_etudiant AND d.deleted_at IS NULL)
       ORDER BY r.id_etudiant LIMIT $1`,
      [Math.max(0, target - existing)],
    );
    await q(
      `INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere)
       SELECT d.id_dossier, c.id_type_critere, c.id_critere
       FROM dossier d
       JOIN LATERAL (SELECT id_type_critere, id_critere FROM critere WHERE deleted_at IS NULL
                     ORDER BY id_critere LIMIT 1) c ON TRUE
       WHERE NOT EXISTS (SELECT 1 FROM dossier_critere x WHERE x.id_dossier = d.id_dossier)`,
    );
    // VACUUM too, not only ANALYZE: the steady state autovacuum keeps a live database in (GIN
    // pending lists merged, visibility map set for index-only counts) rather than the minute right
    // after a 100,000-row bulk insert, which no production database serves its lists from.
    await q('VACUUM ANALYZE');
    const [{ s, d }] = await q(
      `SELECT (SELECT count(*)::int FROM registre_etudiant WHERE deleted_at IS NULL) AS s,
              (SELECT count(*)::int FROM dossier WHERE deleted_at IS NULL) AS d`,
    );
    return { students: s, dossiers: d, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await c.end();
  }
}
