/**
 * What several bench stages set up the same way: the opening day's two instances behind HAProxy
 * with Redis shared, the bench's database opened for a stage's own rows, a staff account of the
 * stage's own, and students of Ouagadougou written by SQL (a registry row and an account each).
 */
import type pg from 'pg';
import type { Role } from '../../src/domain/enums';
import { openDatabase, type Db } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { startHaproxy, startRedis } from './infra';
import { startServer, type BenchServer } from './server';

/** Two instances and their HAProxy, Redis shared: the opening day's deployment (bench/lib/season.ts). */
export interface Pair {
  servers: BenchServer[];
  haproxy: Awaited<ReturnType<typeof startHaproxy>>;
  /** Stops HAProxy, the instances and Redis (what was started, when a start failed half-way). */
  stop(): Promise<void>;
}

/**
 * Starts Redis, then two instances one after the other (`env` added to each: Redis's URL always),
 * then HAProxy in front; on ports from `basePort` (the instances, then HAProxy) or free ones.
 */
export async function startPair(opts: {
  databaseUrl: string;
  basePort?: number;
  env?: Record<string, string>;
  log: (line: string) => void;
}): Promise<Pair> {
  const redis = await startRedis();
  const servers: BenchServer[] = [];
  let haproxy: Pair['haproxy'] | undefined;
  const stop = async () => {
    await haproxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await redis.stop();
  };
  try {
    for (let i = 0; i < 2; i++)
      servers.push(
        await startServer({
          databaseUrl: opts.databaseUrl,
          port: opts.basePort === undefined ? undefined : opts.basePort + i,
          env: { REDIS_URL: redis.url, ...opts.env },
        }),
      );
    haproxy = await startHaproxy(
      servers.map((s) => s.port),
      opts.basePort === undefined ? undefined : opts.basePort + 2,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const extra = Object.entries(opts.env ?? {})
    .map(([k, v]) => ` ; ${k}=${v}`)
    .join('');
  opts.log(
    `   2 instances (pid ${servers.map((s) => s.pid).join(', ')}) derrière HAProxy ${haproxy.url}${extra}`,
  );
  return { servers, haproxy, stop };
}

/** The bench's database opened for `work` (no listening connection), closed after it. */
export async function withDatabase<T>(
  databaseUrl: string,
  poolSize: number,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ databaseUrl, poolSize, listen: false });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** A staff account of the stage's own, never signed in with a password (its token is signed). */
export const benchStaff = (db: Db, userName: string, role: Role, idDirection: number | null = null) =>
  createUser(db, { userName, password: 'x', passwordHash: 'not-a-hash', role, idDirection });

/**
 * `count` students of Ouagadougou written by SQL in one statement, in `client`'s transaction:
 * INE `<prefix>` and ten digits, a registry row each and its account (`passwordHash`, and the
 * verified phone `phone(ine)` gives when given: an SQL expression of `reg.ine`), then the registry
 * linked to the accounts. Answers the accounts' INE and phone, by INE.
 */
export async function insertStudents(
  client: pg.Client,
  opts: {
    prefix: string;
    count: number;
    /** The first name, followed by the student's number; `searchWord` is the same lower-cased, unaccented. */
    prenom: string;
    searchWord: string;
    passwordHash: string;
    phone?: string;
  },
): Promise<{ ine: string; telephone: string | null }[]> {
  if (!/^[A-Z]{2}$/.test(opts.prefix)) throw new Error(`préfixe d'INE invalide : ${opts.prefix}`);
  const p = opts.prefix;
  const made = await client.query<{ ine: string; telephone: string | null }>(
    `WITH v AS (SELECT id_ville, id_direction, nom_ville FROM ville WHERE cle_ville = 'ouagadougou' AND deleted_at IS NULL),
     reg AS (
       INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance, ville_orientation,
         id_ville, annee_bac, serie_bac, moyenne_bac, libelle_pays, type_pays, recherche, personnel_besoin, contact,
         engagement_statut_reglement, engagement_personnel_caution, declaration_sur_honneur, lu_approuve)
       SELECT '${p}' || lpad(g::text, 10, '0'), 'Banc', $3::text || ' ' || g, CASE WHEN g % 2 = 0 THEN 'F' ELSE 'M' END,
         date '2004-01-01' + (g % 365), v.nom_ville, v.id_ville, 2024, 'D', 10 + (g % 8), 'Burkina Faso', 'NATIONAL',
         lower('${p}' || lpad(g::text, 10, '0')) || ' banc ' || $4::text || ' ' || g, 'Aucun', '70 00 00 00',
         true, true, true, true
       FROM generate_series(1, $1::int) g CROSS JOIN v
       RETURNING ine, nom_etudiant, prenom_etudiant),
     acc AS (
       INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash, telephone)
       SELECT v.id_direction, reg.ine, reg.nom_etudiant, reg.prenom_etudiant, lower(reg.ine) || '@banc.bf',
         'ROLE_HEBERGEMENT_ETUDIANT', $2::text, ${opts.phone ?? 'NULL'}
       FROM reg CROSS JOIN v
       RETURNING user_name, telephone)
     SELECT user_name AS ine, telephone FROM acc ORDER BY user_name`,
    [opts.count, opts.passwordHash, opts.prenom, opts.searchWord],
  );
  // A statement does not see the rows its own CTEs insert: the link is a second one.
  await client.query(
    `UPDATE registre_etudiant r SET id_user = u.id FROM users u
      WHERE u.user_name = r.ine AND r.ine LIKE '${p}%' AND r.id_user IS NULL`,
  );
  return made.rows;
}
