/**
 * The assignment at scale (issue 12, PostgreSQL only): a direction of its own with a generated
 * cité of 6,000 beds (10 bâtiments M, 10 F, 10 MIXTE, each 5 niveaux × 2 couloirs × 10 chambres of
 * 2 lits) and 6,000 students admitted on NATIONAUX who accepted their place (3,000 of each sex),
 * inserted by SQL into the bench's database; then `POST campus/affectation` without a list (fill the
 * cité in rank order) timed to its last byte. Then 50 requests at once on a second cité of 100 beds
 * (lists of 3 students out of 150, overlapping): only 200s and 409s, and the database checked for
 * a bed or a student twice.
 */
import pg from 'pg';
import { api } from './api';

export interface AssignmentReport {
  students: number;
  beds: number;
  prepareSeconds: number;
  /** The automatic fill of 6,000 beds, to the last byte of its answer. */
  fillMs: number;
  affectes: number;
  nonAffectes: number;
  concurrent: {
    requests: number;
    ok: number;
    conflicts: number;
    /** Any other answer (a 5xx, a 400…): must be 0. */
    errors: number;
    wallMs: number;
    bedsTwice: number;
    studentsTwice: number;
  };
}

const NOMS = `ARRAY['Ouédraogo','Sawadogo','Kaboré','Traoré','Zongo','Compaoré','Ouattara','Sanou','Kéré','Nikièma']`;

/**
 * A direction, ville, open session in DELIBERATION, cités and admitted students, all by SQL (also
 * the fixture of the rent stage, bench/lib/rent.ts).
 */
export async function prepareAssignment(c: pg.Client, students: number, extra: number) {
  const q = async (text: string, values: unknown[] = []) => (await c.query(text, values)).rows;
  const tag = Date.now().toString(36).toUpperCase();
  const [{ id: idDirection }] = await q(
    `INSERT INTO direction (libelle_direction, sigle_direction) VALUES ($1, 'BAF') RETURNING id_direction AS id`,
    [`Direction banc affectation ${tag}`],
  );
  const [{ id: idVille }] = await q(
    `INSERT INTO ville (id_direction, nom_ville, cle_ville) VALUES ($1, $2, $3) RETURNING id_ville AS id`,
    [idDirection, `Banc-Ville ${tag}`, `banc-ville-${tag.toLowerCase()}`],
  );
  const [{ id: idSession }] = await q(
    `INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
     VALUES ($1, 'DELIBERATION', 'OUVERT', date '2026-09-01', 2026) RETURNING id_session_cenou AS id`,
    [idDirection],
  );
  const cite = async (nom: string, sexes: string[], niveaux: number, chambres: number) => {
    const [{ id }] = await q(
      `INSERT INTO cite (id_ville, nom_cite, nb_lit) VALUES ($1, $2, 0) RETURNING id_cite AS id`,
      [idVille, nom],
    );
    const [{ id: cat }] = await q(
      `INSERT INTO categorie_chambre (id_cite, libelle_categorie_chambre, montant_chambre)
       VALUES ($1, 'Double', 7500) RETURNING id_categorie_chambre AS id`,
      [id],
    );
    await q(
      `WITH b AS (
         INSERT INTO batiment (id_cite, libelle_batiment, code_batiment, sexe)
         SELECT $1, 'Bâtiment ' || i, 'B' || i, ($2::text[])[i] FROM generate_series(1, array_length($2::text[], 1)) i
         RETURNING id_batiment
       ), n AS (
         INSERT INTO niveau (id_batiment, libelle_niveau, code_niveau)
         SELECT b.id_batiment, 'Niveau ' || k, 'N' || k FROM b, generate_series(1, $3::int) k RETURNING id_niveau
       ), co AS (
         INSERT INTO couloir (id_niveau, libelle_couloir, code_couloir)
         SELECT n.id_niveau, 'Couloir ' || k, 'C' || k FROM n, generate_series(1, 2) k RETURNING id_couloir
       ), ch AS (
         INSERT INTO chambre (id_couloir, id_categorie_chambre, libelle_chambre, code_chambre)
         SELECT co.id_couloir, $4, 'Chambre ' || k, k::text FROM co, generate_series(1, $5::int) k RETURNING id_chambre
       )
       INSERT INTO lit (id_chambre, libelle_lit, code_lit)
       SELECT ch.id_chambre, 'Lit ' || k, k::text FROM ch, generate_series(1, 2) k`,
      [id, sexes, niveaux, cat, chambres],
    );
    return id as number;
  };
  const big = await cite(
    `Cité banc ${tag}`,
    [...Array(10).fill('M'), ...Array(10).fill('F'), ...Array(10).fill('MIXTE')],
    5,
    10,
  );
  const small = await cite(
    `Cité banc concurrence ${tag}`,
    ['MIXTE', 'MIXTE', 'MIXTE', 'MIXTE', 'MIXTE'],
    1,
    5,
  );
  // Students, accounts (no password), dossiers ADMIS / ACCEPTE ranked on NATIONAUX.
  await q(
    `WITH r AS (
       INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance,
         ville_orientation, id_ville, recherche)
       SELECT 'BA' || $3 || lpad(i::text, 7, '0'), (${NOMS})[1 + i % 10], 'Prénom ' || i,
              CASE WHEN i % 2 = 0 THEN 'M' ELSE 'F' END, date '2003-01-01' + (i % 1500), $4, $1, ''
       FROM generate_series(1, $2::int) i
       RETURNING id_etudiant, ine, nom_etudiant, prenom_etudiant
     ), u AS (
       INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
       SELECT $5, ine, nom_etudiant, prenom_etudiant, lower(ine) || '@exemple.bf', 'ROLE_HEBERGEMENT_ETUDIANT',
              'bench-no-password' FROM r
       RETURNING id, user_name
     )
     INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
       moyenne, liste_deliberation, rang, reponse)
     SELECT 'BAF-' || r.ine, $6, $5, r.id_etudiant, u.id, 'ADMIS', 10, 'NATIONAUX',
            row_number() OVER (ORDER BY r.id_etudiant), 'ACCEPTE'
     FROM r JOIN u ON u.user_name = r.ine`,
    [idVille, students + extra, tag, `Banc-Ville ${tag}`, idDirection, idSession],
  );
  await q(
    `UPDATE registre_etudiant r SET id_user = u.id FROM users u WHERE u.user_name = r.ine AND r.ine LIKE $1`,
    [`BA${tag}%`],
  );
  await q('ANALYZE registre_etudiant; ANALYZE dossier; ANALYZE lit; ANALYZE chambre');
  const ines = (
    await q(`SELECT r.ine FROM registre_etudiant r WHERE r.ine LIKE $1 ORDER BY r.ine`, [`BA${tag}%`])
  ).map((x) => x.ine as string);
  return { idSession, big, small, ines, tag };
}

export async function benchAssignment(
  databaseUrl: string,
  baseUrl: string,
  token: string,
  students = 6000,
): Promise<AssignmentReport> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const started = Date.now();
    // The big cité takes `students`; 150 more wait for the concurrent scenario's small cité.
    const extra = 150;
    const p = await prepareAssignment(c, students, extra);
    const prepareSeconds = (Date.now() - started) / 1000;
    // The fill takes the first 6,000 by rank (the cité is then full): the last 150 stay for the
    // concurrent scenario (nonAffectes = 150).
    const t0 = performance.now();
    const fill = await api<{ affectes: unknown[]; nonAffectes: number }>(
      baseUrl,
      'POST',
      'campus/affectation',
      {
        token,
        body: { idSessionCenou: p.idSession, idCite: p.big },
        timeoutMs: 120_000,
      },
    );
    const fillMs = Math.round(performance.now() - t0);
    if (fill.status !== 200)
      throw new Error(`affectation automatique : ${fill.status} ${JSON.stringify(fill.body)}`);

    const waiting = p.ines.slice(students);
    const t1 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(baseUrl, 'POST', 'campus/affectation', {
          token,
          body: {
            idSessionCenou: p.idSession,
            idCite: p.small,
            etudiants: [
              waiting[(i * 3) % waiting.length],
              waiting[(i * 3 + 1) % waiting.length],
              waiting[(i * 7 + 2) % waiting.length],
            ],
          },
          timeoutMs: 60_000,
        }),
      ),
    );
    const wallMs = Math.round(performance.now() - t1);
    const twice = async (column: string) =>
      Number(
        (
          await c.query(
            `SELECT count(*)::int AS n FROM (SELECT ${column} FROM affectation WHERE id_session_cenou = $1
               AND deleted_at IS NULL GROUP BY ${column} HAVING count(*) > 1) x`,
            [p.idSession],
          )
        ).rows[0].n,
      );
    return {
      students,
      beds: 6000,
      prepareSeconds: Math.round(prepareSeconds * 10) / 10,
      fillMs,
      affectes: fill.body?.affectes.length ?? 0,
      nonAffectes: fill.body?.nonAffectes ?? -1,
      concurrent: {
        requests: answers.length,
        ok: answers.filter((a) => a.status === 200).length,
        conflicts: answers.filter((a) => a.status === 409).length,
        errors: answers.filter((a) => a.status !== 200 && a.status !== 409).length,
        wallMs,
        bedsTwice: await twice('id_lit'),
        studentsTwice: await twice('id_etudiant'),
      },
    };
  } finally {
    await c.end();
  }
}
