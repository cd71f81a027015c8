/**
 * Demo data for an empty database (README.md DEMO_DATA): the 13 cités of Ouagadougou,
 * Bobo-Dioulasso and Koudougou with their housing stock, criterion types and criteria, an open
 * session for each of the three regional directions, a registry of 3,000 students (and three new
 * bachelors without an account, kept for a first registration: ./content/nouveaux.ts), one staff
 * account per role, the payment settings (Orange Money, Moov Money, cash at the counter); then the workflow (./workflow.ts): Ouagadougou taking deposits, Bobo-Dioulasso
 * analysing, Koudougou deliberating with quotas, each with a few hundred student accounts and
 * dossiers with real PDF proofs. Everything is written in one transaction with a few bulk
 * statements. The data itself lives in ./content, and everything random is drawn from a fixed seed
 * (same students and dossiers on every run); only the passwords are random. Last year's rent
 * (./rent.ts): paid at the counter, some in arrears, one student holding a credit to refund.
 */
import { backfillHistory } from '../history/backfill';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { one, rows, type Db } from '../db/client';
import { enumLabel } from '../../domain/messages';
import type { DocumentStorage } from '../files/storage';
import { generatePassword, hashPassword } from '../security/passwords';
import { CITES } from './content/cites';
import { recordset } from '../db/bulk';
import { TYPES_CRITERE, type TypeCritereSeed } from './content/criteres';
import { TYPES_PAIEMENT, type TypePaiementSeed } from './content/paiement';
import { issueMissingInstalments } from '../modules/rent/service';
import { loadLastYearRent } from './rent';
import { DIRECTIONS_SESSION, PERSONNEL } from './content/personnel';
import { createUser, directionId } from './factories';
import { ETUDIANT, GESTIONNAIRE_DR } from '../../domain/enums';
import { loadHousing } from './housing';
import { loadDemoJournal } from './journal';
import { generateRegistry, loadRegistry } from './registry';
import { NOUVEAUX_BACHELIERS, nouveauxBacheliers } from './content/nouveaux';
import { loadWorkflow, planWorkflow, removeProofs, writeProofs, type StoredProofs } from './workflow';
import { anneeLibelle } from '../../domain/workflow';

export interface DemoAccount {
  role: string;
  userName: string;
  password: string;
  /** What the account is for, as the log shows it (French). */
  description: string;
}

interface DemoOptions {
  log: Pick<FastifyBaseLogger, 'info'>;
  /** The day taken as today (the sessions' academic year), now by default. */
  today?: Date;
  /** Students in the registry, 3,000 by default. */
  etudiants?: number;
  /** Where the dossiers' proofs go (DATA_DIR/documents). */
  storage: DocumentStorage;
  /** The student's dashboard as the demo's mails link to it (the server's own address by default). */
  dashboardUrl?: string;
}

/** Seed of the registry's generator: change it and every demo student changes. */
export const DEMO_SEED = 0xce9011;
const DEMO_ETUDIANTS = 3000;

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
      handicap: c.handicap ?? false,
    })),
  );
  const n = await one<{ n: number }>(
    db,
    sql`WITH ins AS (
          INSERT INTO critere (id_type_critere, libelle_critere, note, justificatif_requis, liste_deliberation, handicap)
          SELECT x.id_type, x.libelle, x.note, x.justificatif, x.liste, x.handicap
          FROM ${recordset(critRows, 'id_type int, libelle text, note int, justificatif boolean, liste text, handicap boolean')}
          ORDER BY x.ord
          RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
  );
  return { types: ids.length, criteres: n!.n };
}

/** The kinds of payment and their operators (docs/rent.md#payment-settings). */
async function loadPaymentSettings(
  db: Db,
  types: readonly TypePaiementSeed[],
): Promise<{ types: number; operateurs: number }> {
  const ids = await rows<{ id: number; code: string }>(
    db,
    sql`INSERT INTO type_paiement (libelle_type_paiement, code_type_paiement, actif)
        SELECT x.libelle, x.code, x.actif
        FROM ${recordset(
          types.map((t) => ({ libelle: t.libelle, code: t.code, actif: t.actif })),
          'libelle text, code text, actif boolean',
        )}
        ORDER BY x.ord
        RETURNING id_type_paiement AS id, code_type_paiement AS code`,
  );
  const typeId = new Map(ids.map((r) => [r.code, r.id]));
  const ops = types.flatMap((t) =>
    t.operateurs.map((o) => ({ libelle: o.libelle, code: o.code, id_type: typeId.get(t.code)! })),
  );
  await db.execute(
    sql`INSERT INTO operateur (libelle_operateur, code_operateur, id_type_paiement)
        SELECT x.libelle, x.code, x.id_type
        FROM ${recordset(ops, 'libelle text, code text, id_type int')}
        ORDER BY x.ord`,
  );
  return { types: ids.length, operateurs: ops.length };
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

const SESSION_LABELS: Record<string, string> = {
  OUA: 'Ouagadougou, session en inscription',
  BOB: 'Bobo-Dioulasso, session en analyse',
  KDG: 'Koudougou, session en délibération',
};

/** Refuses a second load: the demo is for an empty database (its cités, accounts and dossiers would clash). */
export class DemoAlreadyLoaded extends Error {
  constructor() {
    super('Données de démonstration déjà présentes : chargement refusé.');
  }
}

export async function loadDemoData(db: Db, opts: DemoOptions): Promise<DemoAccount[]> {
  const started = Date.now();
  const today = opts.today ?? new Date();
  const { anneeDebut, dateOuverture } = demoSessionDates(today);
  const present = await one(db, sql`SELECT 1 FROM cite UNION ALL SELECT 1 FROM dossier LIMIT 1`);
  if (present) throw new DemoAlreadyLoaded();

  // The slow parts first, outside the transaction: the registry and the workflow's plan (pure,
  // from the seed), then the proofs' files, written while the passwords are hashed and the database
  // loads the rest; the rows naming the files come last. Every demo student shares one password
  // (one argon2 hash instead of hundreds).
  const students = generateRegistry({ count: opts.etudiants ?? DEMO_ETUDIANTS, seed: DEMO_SEED, anneeDebut });
  const plan = planWorkflow({
    students,
    types: TYPES_CRITERE,
    seed: DEMO_SEED ^ 0x5eed,
    now: today,
    anneeDebut,
    dateOuverture,
  });
  const writing = writeProofs(plan, opts.storage);
  writing.catch(() => undefined);
  let proofs: StoredProofs | undefined;
  const passwords = PERSONNEL.map(() => generatePassword(12));
  const studentPassword = generatePassword(12);
  const hashing = Promise.all([studentPassword, ...passwords].map((p) => hashPassword(p)));

  const accounts: DemoAccount[] = [];
  const load = db.transaction(async (tx) => {
    const [studentHash, ...hashes] = await hashing;
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
        idDirection: p.direction === null ? null : await directionId(tx, p.direction),
        nom: p.nom,
        prenom: p.prenom,
        email: p.email,
      });
      const where = p.role === GESTIONNAIRE_DR && p.direction ? SESSION_LABELS[p.direction] : undefined;
      accounts.push({
        role: p.role,
        userName: p.userName,
        password: passwords[i],
        description: where ? `${enumLabel('role', p.role)}, ${where}` : enumLabel('role', p.role),
      });
    }
    const paiement = await loadPaymentSettings(tx, TYPES_PAIEMENT);
    // The newcomers kept for a first registration stay out of the plan: no account, no dossier.
    const etudiants = await loadRegistry(tx, [...students, ...nouveauxBacheliers(anneeDebut)]);
    proofs = await writing;
    const workflow = await loadWorkflow(tx, plan, proofs, studentHash, opts.dashboardUrl);
    for (const n of plan.named)
      accounts.push({
        role: ETUDIANT,
        userName: n.userName,
        password: studentPassword,
        description: n.description,
      });
    // Any assignment of the demo gets its instalments (docs/rent.md#instalments).
    await issueMissingInstalments(tx);
    const loyers = await loadLastYearRent(tx, new Set(plan.named.map((n) => n.userName)));
    // The dossiers, analyses and beds written in bulk get their history's events (payments wrote theirs).
    await backfillHistory(tx);
    // The journal of those steps, each by its author on its day.
    await loadDemoJournal(tx);
    if (loyers.tropPercu)
      accounts.push({
        role: ETUDIANT,
        userName: loyers.tropPercu.userName,
        password: studentPassword,
        description: loyers.tropPercu.description,
      });
    return { housing, criteres, sessions, etudiants, workflow, paiement, loyers };
  });
  let summary: Awaited<typeof load>;
  try {
    summary = await load;
  } catch (err) {
    // Nothing of the demo stays: its rows rolled back, its proofs removed.
    await removeProofs(proofs ?? (await writing.catch(() => new Map())), opts.storage);
    throw err;
  }

  // Fresh statistics: without them the planner guesses a few rows per table (no autovacuum on PGlite).
  await db.execute(sql`ANALYZE`);
  const { housing, criteres, sessions, etudiants, workflow, paiement, loyers } = summary;
  const staff = accounts.filter((a) => a.role !== ETUDIANT).length;
  const dossiers = Object.entries(workflow.dossiers)
    .map(([sigle, d]) => `${sigle} ${d.deposes}${d.analyses ? ` dont ${d.analyses} analysés` : ''}`)
    .join(', ');
  opts.log.info(
    `Données de démonstration chargées en ${((Date.now() - started) / 1000).toFixed(1)} s : ` +
      `${housing.cites} cités, ${housing.batiments} bâtiments, ${housing.chambres} chambres, ${housing.lits} lits, ` +
      `${criteres.types} types de critères et ${criteres.criteres} critères, ${sessions} sessions ouvertes ` +
      `(${anneeLibelle(anneeDebut)}), ${etudiants} étudiants au registre (dont ${NOUVEAUX_BACHELIERS.length} sans compte pour une première inscription : ` +
      `${NOUVEAUX_BACHELIERS.map((n) => `INE ${n.ine} né${n.sexeEtudiant === 'F' ? 'e' : ''} le ${n.dateNaissance.split('-').reverse().join('/')}`).join(', ')}), ${staff} comptes du personnel, ` +
      `${workflow.comptes} comptes étudiants (un même mot de passe), dossiers : ${dossiers}, ` +
      `${workflow.justificatifs} justificatifs PDF, ${workflow.quotas} quotas (${workflow.places} places), ` +
      `${workflow.renouvellements} demandes de réadmission d'étudiants parmi les ${workflow.hebergesAnPasse} ` +
      `hébergés l'an dernier (${anneeLibelle(anneeDebut - 1)}, sessions fermées), ` +
      `${paiement.types} types de paiement et ${paiement.operateurs} opérateurs, ` +
      `${loyers.paiements} loyers de l'an dernier payés, à la caisse ou par mobile money (${loyers.enRetard} étudiants encore en retard, ` +
      `${loyers.tropPercu ? 1 : 0} avec un trop-perçu à rembourser).`,
  );
  return accounts;
}
