/**
 * Demo data for an empty database (CONTRACT §1 DEMO_DATA): the 13 cités of Ouagadougou,
 * Bobo-Dioulasso and Koudougou with their housing stock, criterion types and criteria, an open
 * session for each of the three regional directions, a registry of 3,000 students and one staff
 * account per role. Everything is written in one transaction with a few bulk statements. The data
 * itself lives in ./content, and the registry is drawn from a fixed seed (same students on every run).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { one, rows, type Db } from '../db/client';
import { generatePassword, hashPassword } from '../security/passwords';
import { CITES } from './content/cites';
import { recordset } from './bulk';
import { TYPES_CRITERE, type TypeCritereSeed } from './content/criteres';
import { DIRECTIONS_SESSION, PERSONNEL } from './content/personnel';
import { createUser, directionId } from './factories';
import { loadHousing } from './housing';
import { generateRegistry, loadRegistry } from './registry';

export interface DemoAccount {
  role: string;
  userName: string;
  password: string;
}

export interface DemoOptions {
  log: Pick<FastifyBaseLogger, 'info'>;
  /** The day taken as today (the sessions' academic year), now by default. */
  today?: Date;
  /** Students in the registry, 3,000 by default. */
  etudiants?: number;
}

/** Seed of the registry's generator: change it and every demo student changes. */
export const DEMO_SEED = 0xce9011;
export const DEMO_ETUDIANTS = 3000;

/**
 * The current academic year and the demo sessions' opening date: an academic year starts in
 * October and its applications open in the second half of September; from August on, the year
 * starting that autumn is the current one. The date is never in the future.
 */
export function demoSessionDates(today: Date): { anneeDebut: number; dateOuverture: string } {
  const iso = today.toISOString().slice(0, 10);
  const anneeDebut = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const ouverture = `${anneeDebut}-09-15`;
  return { anneeDebut, dateOuverture: ouverture < iso ? ouverture : iso };
}

async function loadCriteres(
  db: Db,
  types: readonly TypeCritereSeed[],
): Promise<{ types: number; criteres: number }> {
  const typeRows = types.map((t) => ({
    libelle: t.libelle,
    coefficient: t.coefficient,
    type_item: t.typeItem,
    statut: t.statut,
  }));
  const ids = await rows<{ id: number; libelle: string }>(
    db,
    sql`INSERT INTO type_critere (libelle_type_critere, coefficient, type_item, statut_item)
        SELECT x.libelle, x.coefficient, x.type_item, x.statut
        FROM ${recordset(typeRows, 'libelle text, coefficient int, type_item text, statut text')}
        ORDER BY x.ord
        RETURNING id_type_critere AS id, libelle_type_critere AS libelle`,
  );
  const typeId = new Map(ids.map((r) => [r.libelle, r.id]));
  const critRows = types.flatMap((t) =>
    t.criteres.map((c) => ({
      id_type: typeId.get(t.libelle)!,
      libelle: c.libelle,
      note: c.note,
      justificatif: c.justificatif,
      liste: c.liste ?? null,
    })),
  );
  const n = await one<{ n: number }>(
    db,
    sql`WITH ins AS (
          INSERT INTO critere (id_type_critere, libelle_critere, note, justificatif_requis, liste_deliberation)
          SELECT x.id_type, x.libelle, x.note, x.justificatif, x.liste
          FROM ${recordset(critRows, 'id_type int, libelle text, note int, justificatif boolean, liste text')}
          ORDER BY x.ord
          RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
  );
  return { types: ids.length, criteres: n!.n };
}

/** One OUVERT session in INSCRIPTION per listed direction (none where one is already open or suspended). */
async function openSessions(db: Db, sigles: readonly string[], today: Date): Promise<number> {
  const { anneeDebut, dateOuverture } = demoSessionDates(today);
  const liste = sql.join(
    sigles.map((s) => sql`${s}`),
    sql`, `,
  );
  const made = await rows(
    db,
    sql`INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
        SELECT d.id_direction, 'INSCRIPTION', 'OUVERT', ${dateOuverture}::date, ${anneeDebut}
        FROM direction d
        WHERE d.sigle_direction IN (${liste}) AND d.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM session_cenou s WHERE s.id_direction = d.id_direction AND s.deleted_at IS NULL
                          AND s.statut_session IN ('OUVERT', 'SUSPENDU'))
        ORDER BY d.id_direction
        RETURNING id_session_cenou`,
  );
  return made.length;
}

export async function loadDemoData(db: Db, opts: DemoOptions): Promise<DemoAccount[]> {
  const started = Date.now();
  const today = opts.today ?? new Date();
  const { anneeDebut } = demoSessionDates(today);

  // The slow, pure parts first, outside the transaction: password hashes (in parallel) and the registry.
  const passwords = PERSONNEL.map(() => generatePassword(12));
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  const students = generateRegistry({ count: opts.etudiants ?? DEMO_ETUDIANTS, seed: DEMO_SEED, anneeDebut });

  const accounts: DemoAccount[] = [];
  const summary = await db.transaction(async (tx) => {
    const housing = await loadHousing(tx, CITES);
    const criteres = await loadCriteres(tx, TYPES_CRITERE);
    const sessions = await openSessions(tx, DIRECTIONS_SESSION, today);
    for (const [i, p] of PERSONNEL.entries()) {
      const taken = await one(
        tx,
        sql`SELECT 1 FROM users WHERE lower(user_name) = lower(${p.userName}) AND deleted_at IS NULL`,
      );
      if (taken) continue;
      await createUser(tx, {
        userName: p.userName,
        password: passwords[i],
        passwordHash: hashes[i],
        role: p.role,
        idDirection: await directionId(tx, p.direction),
        nom: p.nom,
        prenom: p.prenom,
        email: p.email,
      });
      accounts.push({ role: p.role, userName: p.userName, password: passwords[i] });
    }
    const etudiants = await loadRegistry(tx, students);
    return { housing, criteres, sessions, etudiants };
  });

  // Fresh statistics: without them the planner guesses a few rows per table (no autovacuum on PGlite).
  await db.execute(sql`ANALYZE`);
  const { housing, criteres, sessions, etudiants } = summary;
  opts.log.info(
    `Données de démonstration chargées en ${((Date.now() - started) / 1000).toFixed(1)} s : ` +
      `${housing.cites} cités, ${housing.batiments} bâtiments, ${housing.chambres} chambres, ${housing.lits} lits, ` +
      `${criteres.types} types de critères et ${criteres.criteres} critères, ${sessions} sessions ouvertes ` +
      `(${anneeDebut}-${anneeDebut + 1}), ${etudiants} étudiants au registre, ${accounts.length} comptes du personnel.`,
  );
  return accounts;
}
