/**
 * The demo's workflow data (content/dossiers.ts): each listed direction's open session moved to its
 * phase, student accounts (username = INE, one shared password), dossiers with coherent criteria
 * and small real PDF proofs (one stored file per proof: a deleted or edited dossier removes its own
 * files, so none is shared), analyses with their `moyenne`, the quotas, and the reference sequences.
 *
 * Three steps, so that the proofs are written while the database works: `planWorkflow` draws
 * everything from the seed (pure: same plan on every run), `writeProofs` stores the PDF files, and
 * `loadWorkflow` writes the rows with a few bulk statements in the caller's transaction.
 */
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ETUDIANT, type ListeDeliberation, type TypeDossier } from '../../domain/enums';
import { villeKey, VILLES_SEED } from '../../domain/villes';
import { isoUtc } from '../db/clock';
import type { Db } from '../db/client';
import {
  affectation,
  deliberation,
  direction,
  dossier,
  registreEtudiant,
  sessionCenou,
  users,
} from '../db/schema';
import type { DocumentStorage } from '../files/storage';
import { insertAccounts } from '../modules/accounts/repository';
import { columnName as name, insertInto, insertReturning, literal, recordset, selectRows } from '../db/bulk';
import type { CritereSeed, TypeCritereSeed } from './content/criteres';
import {
  ANALYSE_AVEC_JUSTIFICATIF,
  ANALYSE_SANS_JUSTIFICATIF,
  CHOIX_FACULTATIFS,
  KDG_RANG_ADMIS,
  KDG_RANKING_SEED,
  mentionBac,
  NOMS_JUSTIFICATIFS,
  PART_MENTION,
  WORKFLOW,
  type DirectionWorkflowSeed,
} from './content/dossiers';
import type { RegistrySpec } from './factories';
import { textPdf } from './pdf';
import { Prng } from './prng';
import { PART_FEMMES_DEFAULT } from '../../domain/limits';
import { CODE_ALPHABET, CODE_LENGTH } from '../modules/assignment/service';
import { rankDossiers, type RankingDossier } from '../../domain/ranking';
import { computeScore, scoreText } from '../../domain/score';
import { LISTES_ADMISSION } from '../../domain/enums';
import type { ListPlaces } from '../../domain/ranking';
import { recordEvent } from '../history/record';
import { enqueueMails } from '../mail/outbox';
import { depositReceiptMail, formatDateDepot, resultMail } from '../mail/templates';
import { enqueueSmsList } from '../sms/outbox';
import { smsText } from '../../domain/messages-sms';
import { SMS_NUMERO_REPONSE } from '../../domain/sms-answer';
import { enumLabel } from '../../domain/messages-labels';
import {
  currentCatalogue,
  insertDeliberationRun,
  storeOutcomesAsCandidates,
  type Effectifs,
} from '../modules/deliberation/repository';
import { CLOSED_SESSION_COLUMNS } from './past-years';

interface PlannedEntry {
  type: TypeCritereSeed;
  critere: CritereSeed;
  /** The name the student gave its proof; null when the criterion needs none. */
  nomFichier: string | null;
  valeur: 'VALIDE' | 'INVALIDE' | 'INJUSTIFIE' | null;
}

interface PlannedDossier {
  student: RegistrySpec;
  sigle: string;
  reference: string;
  dateDepot: number;
  entries: PlannedEntry[];
  dateAnalyse: number | null;
  moyenne: number | null;
  /** RENOUVELLEMENT: a re-admission request (docs/agency-rules.md). */
  typeDossier: TypeDossier;
  /** The years of stay counted at its session: last year's bed, plus the registry's earlier years. */
  anneesHebergement: number;
  /**
   * A dossier of last year's closed session (content/dossiers.ts `agence`): admitted on this list
   * at this rank, its offer accepted, a bed assigned. Absent: a dossier of the open session.
   */
  anPasse?: { liste: ListeDeliberation; rang: number };
}

/** A student account the log names, with what the newcomer sees through it. */
interface NamedStudent {
  userName: string;
  description: string;
}

interface WorkflowPlan {
  directions: readonly DirectionWorkflowSeed[];
  /** Students given an account, with their direction's sigle. */
  accounts: { student: RegistrySpec; sigle: string }[];
  dossiers: PlannedDossier[];
  named: NamedStudent[];
  anneeDebut: number;
  /** The criterion types the plan was drawn with (content/criteres.ts). */
  types: readonly TypeCritereSeed[];
  /** The registry's `anneesHebergementAnterieures` of the students that have some (docs/agency-rules.md). */
  anterieures: { ine: string; annees: number }[];
}

interface PlanOptions {
  /** The registry as generated (content order). */
  students: readonly RegistrySpec[];
  types: readonly TypeCritereSeed[];
  seed: number;
  now: Date;
  anneeDebut: number;
  /** The sessions' opening day (YYYY-MM-DD): no deposit before it. */
  dateOuverture: string;
  directions?: readonly DirectionWorkflowSeed[];
}

const DAY = 86_400_000;

function shuffle<T>(prng: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(prng.next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The readable reference of docs/sessions-and-dossiers.md (`OUA-2026-000123`: sigle, the session's first year, the
 * direction's number). The deposit service numbers its own the same way (src/domain/dossier.ts).
 */
const reference = (sigle: string, annee: number, numero: number) =>
  `${sigle}-${annee}-${String(numero).padStart(6, '0')}`;

const fullName = (s: RegistrySpec) => `${s.nomEtudiant.toUpperCase()} ${s.prenomEtudiant}`;

/** Everything the demo's workflow holds, drawn from the seed: no I/O. */
export function planWorkflow(opts: PlanOptions): WorkflowPlan {
  const directions = opts.directions ?? WORKFLOW;
  const prng = new Prng(opts.seed);
  const now = opts.now.getTime();
  const opening = Date.parse(`${opts.dateOuverture}T00:00:00Z`);
  // The score of docs/deliberation.md (src/domain/score.ts): every demo type is live and counts in the divisor.
  const scoreTypes = opts.types.map((t, k) => ({
    idTypeCritere: k,
    libelleTypeCritere: t.libelle,
    coefficient: t.coefficient,
  }));
  const find = (type: string, libelle: string) => {
    const t = opts.types.find((x) => x.libelle === type);
    const c = t?.criteres.find((x) => x.libelle === libelle);
    if (!t || !c) throw new Error(`Critère de démonstration inconnu : ${type} / ${libelle}`);
    return { type: t, critere: c };
  };
  const sigleOf = new Map(VILLES_SEED.map((v) => [villeKey(v.nom), v.direction]));

  const plan: WorkflowPlan = {
    directions,
    accounts: [],
    dossiers: [],
    named: [],
    anneeDebut: opts.anneeDebut,
    types: opts.types,
    anterieures: [],
  };
  for (const d of directions) {
    const pool = shuffle(
      prng,
      opts.students.filter((s) => sigleOf.get(villeKey(s.villeOrientation)) === d.sigle),
    );
    if (pool.length < d.comptes || d.comptes < d.dossiers || d.dossiers < d.analyses)
      throw new Error(
        `${d.sigle} : ${pool.length} étudiants pour ${d.comptes} comptes et ${d.dossiers} dossiers`,
      );
    const chosen = pool.slice(0, d.comptes);
    plan.accounts.push(...chosen.map((student) => ({ student, sigle: d.sigle })));

    // Deposit times spread over the window; references follow them.
    const from = Math.max(opening, now - d.depot[0] * DAY);
    const to = Math.max(from, Math.min(now - 60_000, now - d.depot[1] * DAY));
    const times = chosen
      .slice(0, d.dossiers)
      .map(() => Math.floor(from + prng.next() * (to - from)))
      .sort((a, b) => a - b);
    const analysed = new Set(
      shuffle(
        prng,
        times.map((_, i) => i),
      ).slice(0, d.analyses),
    );
    const agence = pickAgencyDossiers(prng, d, times.length, analysed);
    for (const [i, annees] of agence.anterieures) plan.anterieures.push({ ine: chosen[i].ine, annees });

    const mine: PlannedDossier[] = times.map((dateDepot, i) => {
      const student = chosen[i];
      const nationalite = student.typePays === 'ETRANGER' ? 'Étranger' : 'Burkinabè';
      const picks = [find('Nationalité', nationalite)];
      for (const f of CHOIX_FACULTATIFS)
        if (prng.chance(f.part)) picks.push(find(f.type, prng.weighted(f.criteres)));
      if (prng.chance(PART_MENTION))
        picks.push(find('Mention au baccalauréat', mentionBac(student.moyenneBac ?? null)));
      // At the limit of 2 years: the deposit needs a Handicap criterion (docs/agency-rules.md).
      const auLimite = agence.auLimite.indexOf(i);
      if (auLimite >= 0 && !picks.some((p) => p.critere.handicap))
        picks.push(find('Handicap', 'Handicap moteur'));
      const entries: PlannedEntry[] = picks
        .sort((a, b) => opts.types.indexOf(a.type) - opts.types.indexOf(b.type))
        .map(({ type, critere }) => ({
          type,
          critere,
          nomFichier: critere.justificatif ? (NOMS_JUSTIFICATIFS[type.libelle] ?? 'Justificatif.pdf') : null,
          valeur: null,
        }));
      let dateAnalyse: number | null = null;
      let moyenne: number | null = null;
      if (analysed.has(i)) {
        for (const e of entries)
          e.valeur = prng.weighted(
            e.critere.justificatif ? ANALYSE_AVEC_JUSTIFICATIF : ANALYSE_SANS_JUSTIFICATIF,
          );
        // At the limit: every criterion valid but the handicap, judged VALIDE for every other one.
        if (auLimite >= 0)
          for (const e of entries)
            e.valeur = e.critere.handicap && auLimite % 2 === 1 ? 'INVALIDE' : 'VALIDE';
        dateAnalyse = Math.min(
          now - 60_000,
          dateDepot + prng.int(1, 10) * DAY + prng.int(0, 8 * 3600) * 1000,
        );
        moyenne = computeScore(
          scoreTypes,
          entries.map((e) => ({
            idTypeCritere: opts.types.indexOf(e.type),
            idCritere: 0,
            libelleCritere: e.critere.libelle,
            note: e.critere.note,
            valeurAnalyse: e.valeur,
          })),
        ).moyenne;
      }
      return {
        student,
        sigle: d.sigle,
        reference: reference(d.sigle, opts.anneeDebut, i + 1),
        dateDepot,
        entries,
        dateAnalyse,
        moyenne,
        typeDossier: agence.renouvellements.has(i) ? 'RENOUVELLEMENT' : 'NOUVEAU',
        anneesHebergement: (agence.renouvellements.has(i) ? 1 : 0) + (agence.anterieures.get(i) ?? 0),
      };
    });
    // Last year's closed session: the students housed then, those asking for re-admission and the
    // accounts without a dossier that may (the last free accounts: the first one stays a newcomer).
    const nLibres = d.agence?.libres ?? 0;
    const libres = nLibres > 0 ? chosen.slice(d.dossiers).slice(-nLibres) : [];
    const housed = [...[...agence.renouvellements].map((i) => chosen[i]), ...libres];
    const lastOpening = Date.UTC(opts.anneeDebut - 1, 8, 15, 8);
    const anPasse = housed.map((student, k): PlannedDossier => {
      const nationalite = student.typePays === 'ETRANGER' ? 'Étranger' : 'Burkinabè';
      const picks = [
        find('Nationalité', nationalite),
        find('Mention au baccalauréat', mentionBac(student.moyenneBac ?? null)),
      ];
      const entries = picks.map(({ type, critere }): PlannedEntry => ({
        type,
        critere,
        nomFichier: critere.justificatif ? (NOMS_JUSTIFICATIFS[type.libelle] ?? 'Justificatif.pdf') : null,
        valeur: 'VALIDE',
      }));
      // Last year's season in its order (docs/sessions-and-dossiers.md#the-dossiers-history): deposits
      // from its opening, analyses, the publication, the answers, then the beds on 1 October.
      const dateDepot = lastOpening + prng.int(0, 4 * 86_400) * 1000;
      return {
        student,
        sigle: d.sigle,
        reference: reference(d.sigle, opts.anneeDebut - 1, k + 1),
        dateDepot,
        entries,
        dateAnalyse: lastOpening + 5 * DAY + prng.int(0, 3 * 86_400) * 1000,
        moyenne: computeScore(
          scoreTypes,
          entries.map((e) => ({
            idTypeCritere: opts.types.indexOf(e.type),
            idCritere: 0,
            libelleCritere: e.critere.libelle,
            note: e.critere.note,
            valeurAnalyse: e.valeur,
          })),
        ).moyenne,
        typeDossier: 'NOUVEAU',
        anneesHebergement: 0,
        anPasse: { liste: nationalite === 'Étranger' ? 'ETRANGERS' : 'NATIONAUX', rang: 0 },
      };
    });
    for (const liste of ['ETRANGERS', 'NATIONAUX'] as const)
      anPasse
        .filter((p) => p.anPasse!.liste === liste)
        .sort((a, b) => b.moyenne! - a.moyenne! || a.dateDepot - b.dateDepot)
        .forEach((p, k) => (p.anPasse!.rang = k + 1));
    plan.dossiers.push(...anPasse, ...mine);
    nameStudents(plan.named, d, chosen, mine, opts.types, libres);
  }
  return plan;
}

/**
 * Which dossiers of a direction show the agency's rules (content/dossiers.ts `agence`), by index:
 * the re-admission requests, those at the limit among them (analysed ones first), and the
 * registry's earlier years (analysed ones first, so that the last, over the limit, is judged).
 */
function pickAgencyDossiers(
  prng: Prng,
  d: DirectionWorkflowSeed,
  n: number,
  analysed: ReadonlySet<number>,
): { renouvellements: Set<number>; auLimite: number[]; anterieures: Map<number, number> } {
  const a = d.agence;
  const order = shuffle(
    prng,
    Array.from({ length: n }, (_, i) => i),
  );
  const analysedFirst = [...order.filter((i) => analysed.has(i)), ...order.filter((i) => !analysed.has(i))];
  const auLimite = analysedFirst.slice(0, a?.auLimite ?? 0);
  const renouvellements = new Set([
    ...auLimite,
    ...order
      .filter((i) => !auLimite.includes(i))
      .slice(0, Math.max(0, (a?.renouvellements ?? 0) - auLimite.length)),
  ]);
  const autres = analysedFirst.filter((i) => !renouvellements.has(i)).slice(0, a?.anterieures ?? 0);
  const anterieures = new Map<number, number>([
    ...auLimite.map((i) => [i, 1] as const),
    ...autres.map((i, k) => [i, k === autres.length - 1 && k > 0 ? 2 : 1] as const),
  ]);
  return { renouvellements, auLimite, anterieures };
}

/** The places of each list: the sum of the quotas on its criteria. */
function quotaPlaces(
  d: DirectionWorkflowSeed,
  types: readonly TypeCritereSeed[],
): { rows: { critere: string; type: string; valeur: number }[]; places: Record<ListeDeliberation, number> } {
  const places: Record<ListeDeliberation, number> = { PUPILLES: 0, ETRANGERS: 0, NATIONAUX: 0 };
  const out = Object.entries(d.quotas ?? {}).map(([libelle, valeur]) => {
    const t = types.find((x) => x.criteres.some((c) => c.libelle === libelle && c.liste));
    const c = t?.criteres.find((x) => x.libelle === libelle);
    if (!t || !c?.liste) throw new Error(`Quota de démonstration sur un critère sans liste : ${libelle}`);
    places[c.liste] += valeur;
    return { critere: libelle, type: t.libelle, valeur };
  });
  return { rows: out, places };
}

function nameStudents(
  named: NamedStudent[],
  d: DirectionWorkflowSeed,
  chosen: readonly RegistrySpec[],
  mine: readonly PlannedDossier[],
  types: readonly TypeCritereSeed[],
  libres: readonly RegistrySpec[],
) {
  const who = (s: RegistrySpec) => `étudiant de ${d.sigle}, ${fullName(s)}`;
  if (d.etat === 'INSCRIPTION') {
    const withDossier = new Set(mine.map((p) => p.student.ine));
    const free = chosen.find((s) => !withDossier.has(s.ine) && !libres.includes(s));
    if (free)
      named.push({ userName: free.ine, description: `${who(free)} : compte sans dossier, peut déposer` });
    if (libres[0])
      named.push({
        userName: libres[0].ine,
        description: `${who(libres[0])} : hébergé l'an dernier, sans dossier cette année, peut demander sa réadmission`,
      });
    if (mine[0])
      named.push({
        userName: mine[0].student.ine,
        description: `${who(mine[0].student)} : dossier ${mine[0].reference} déposé`,
      });
  } else if (d.etat === 'ANALYSE') {
    const done = mine.find((p) => p.moyenne !== null);
    if (done)
      named.push({
        userName: done.student.ine,
        description: `${who(done.student)} : dossier ${done.reference} analysé (moyenne ${scoreText(done.moyenne!)})`,
      });
  } else if (d.quotas) {
    // The order and lists of docs/deliberation.md (src/domain/ranking.ts, seed KDG_RANKING_SEED). Deposit
    // times differ by the millisecond, so the draw never decides between these two: any seed
    // ranks them alike.
    const { places } = quotaPlaces(d, types);
    const dossiers = mine.map((p, i): RankingDossier => ({
      idDossier: i,
      ine: p.student.ine,
      moyenne: p.moyenne ?? 0,
      moyenneBac: p.student.moyenneBac ?? null,
      dateDepot: new Date(p.dateDepot).toISOString(),
      sexeEtudiant: p.student.sexeEtudiant,
      readmission: p.typeDossier === 'RENOUVELLEMENT',
      anneesHebergement: p.anneesHebergement,
      criteres: p.entries.map((e) => ({
        idTypeCritere: types.indexOf(e.type),
        idCritere: 0,
        valeurAnalyse: e.valeur,
        listeDeliberation: e.critere.liste ?? null,
        typeObligatoire: e.type.statut === 'OBLIGATOIRE',
        handicap: e.critere.handicap ?? false,
      })),
    }));
    // The session's settings as the server reads them (docs/agency-rules.md): its re-admission
    // places, the default share of each list for women.
    const settings = { placesReadmission: d.agence?.placesReadmission ?? 0, partFemmes: PART_FEMMES_DEFAULT };
    const ranked = rankDossiers({ seed: KDG_RANKING_SEED, dossiers, places, settings });
    const readmis = ranked.admis.READMISSIONS[0];
    if (readmis)
      named.push({
        userName: readmis.ine,
        description: `${who(mine[readmis.idDossier].student)} : hébergé l'an dernier, réadmis dès la publication (réadmissions, rang ${readmis.rang} sur ${ranked.admis.READMISSIONS.length})`,
      });
    const nationaux = ranked.admis.NATIONAUX;
    // The named admitted student is a man: with the share for women (docs/agency-rules.md) the
    // place a woman gives up goes to the first waiting woman, the place a man gives up to the first
    // of the waiting list, the one named below. The first man from rank KDG_RANG_ADMIS on.
    const from = Math.min(KDG_RANG_ADMIS, nationaux.length) - 1;
    const admis =
      nationaux.slice(Math.max(from, 0)).find((a) => mine[a.idDossier].student.sexeEtudiant === 'M') ??
      nationaux[from];
    // The first of the waiting list who may take a NATIONAUX place (a foreigner may wait before
    // it): the place the named admitted man gives up is his.
    const attente = ranked.attente.find((w) =>
      mine[w.idDossier].entries.some((e) => e.critere.liste === 'NATIONAUX' && e.valeur === 'VALIDE'),
    );
    if (admis)
      named.push({
        userName: admis.ine,
        description: `${who(mine[admis.idDossier].student)} : admissible dès la publication (nationaux, rang ${admis.rang} sur ${nationaux.length}, moyenne ${scoreText(admis.moyenne)})`,
      });
    if (attente)
      named.push({
        userName: attente.ine,
        description: `${who(mine[attente.idDossier].student)} : rang ${attente.rang} sur la liste d'attente dès la publication, le premier qui peut prendre une place des nationaux (moyenne ${scoreText(attente.moyenne)})`,
      });
  }
}

// ---------------------------------------------------------------- proofs

/** A certificate's code (the alphabet of the assignment module), drawn from the seed. */
function verificationCode(prng: Prng): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += prng.pick([...CODE_ALPHABET]);
  return out;
}

/** The stored proof of each planned entry that needs one. */
export type StoredProofs = Map<PlannedEntry, { key: string; size: number }>;

/**
 * Writes one small PDF per planned proof (at most 16 at once). On a failure, removes what it wrote
 * and throws.
 */
export async function writeProofs(plan: WorkflowPlan, storage: DocumentStorage): Promise<StoredProofs> {
  const work = plan.dossiers.flatMap((p) => p.entries.filter((e) => e.nomFichier).map((e) => ({ p, e })));
  const stored: StoredProofs = new Map();
  let next = 0;
  const run = async () => {
    while (next < work.length) {
      const { p, e } = work[next++];
      const bytes = textPdf(`${e.type.libelle} : ${e.critere.libelle}`, [
        `Justificatif de démonstration (données fictives) - dossier ${p.reference}`,
        `Étudiant : ${fullName(p.student)}, INE ${p.student.ine}`,
        `Document : ${e.nomFichier}`,
        'CENOU - Centre national des œuvres universitaires, Burkina Faso',
      ]);
      stored.set(e, { key: await storage.put(bytes, { prefix: 'dossier' }), size: bytes.length });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(16, work.length) }, run));
  } catch (err) {
    next = work.length;
    await removeProofs(stored, storage);
    throw err;
  }
  return stored;
}

export async function removeProofs(stored: StoredProofs, storage: DocumentStorage): Promise<void> {
  await Promise.all([...stored.values()].map((s) => storage.remove(s.key).catch(() => undefined)));
}

// ---------------------------------------------------------------- rows

interface WorkflowSummary {
  comptes: number;
  dossiers: Record<string, { deposes: number; analyses: number }>;
  justificatifs: number;
  quotas: number;
  places: number;
  /** Re-admission requests of the open sessions, and last year's students housed (docs/agency-rules.md). */
  renouvellements: number;
  hebergesAnPasse: number;
}

/**
 * Writes the plan: sessions moved to their phase, accounts, registry rows linked, dossiers and
 * their criteria with the stored proofs, reference sequences, quotas. In the caller's transaction,
 * after the registry, criteria, sessions and regional managers are loaded.
 */
export async function loadWorkflow(
  tx: Db,
  plan: WorkflowPlan,
  proofs: StoredProofs,
  passwordHash: string,
  /** The student's dashboard, as the mails link to it. */
  dashboardUrl = 'http://127.0.0.1:3000/tableau-de-bord',
): Promise<WorkflowSummary> {
  const sigleList = plan.directions.map((d) => d.sigle);
  const sessions = await tx
    .select({
      id: sessionCenou.idSessionCenou,
      sigle: direction.sigleDirection,
      id_direction: direction.idDirection,
    })
    .from(sessionCenou)
    .innerJoin(direction, eq(direction.idDirection, sessionCenou.idDirection))
    .where(
      and(
        inArray(direction.sigleDirection, sigleList),
        isNull(sessionCenou.deletedAt),
        eq(sessionCenou.statutSession, 'OUVERT'),
      ),
    );
  const session = (sigle: string) => {
    const s = sessions.find((x) => x.sigle === sigle);
    if (!s) throw new Error(`Pas de session ouverte de démonstration pour ${sigle}`);
    return s;
  };
  const managers = await tx
    .selectDistinctOn([direction.sigleDirection], { id: users.id, sigle: direction.sigleDirection })
    .from(users)
    .innerJoin(direction, eq(direction.idDirection, users.idDirection))
    .where(
      and(
        eq(users.role, 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR'),
        isNull(users.deletedAt),
        inArray(direction.sigleDirection, sigleList),
      ),
    )
    .orderBy(direction.sigleDirection, users.id);
  const manager = (sigle: string) => {
    const m = managers.find((x) => x.sigle === sigle);
    if (!m) throw new Error(`${sigle} : pas de gestionnaire régional pour l'analyse`);
    return m.id;
  };
  const summary: WorkflowSummary = {
    comptes: 0,
    dossiers: {},
    justificatifs: proofs.size,
    quotas: 0,
    places: 0,
    renouvellements: plan.dossiers.filter((p) => p.typeDossier === 'RENOUVELLEMENT').length,
    hebergesAnPasse: plan.dossiers.filter((p) => p.anPasse).length,
  };

  for (const d of plan.directions) {
    await tx.execute(
      sql`UPDATE session_cenou SET etat_session = ${d.etat}, places_readmission = ${d.agence?.placesReadmission ?? 0},
            delai_reponse_heures = coalesce(${d.delaiReponseHeures ?? null}::int, delai_reponse_heures), updated_at = now()
          WHERE id_session_cenou = ${session(d.sigle).id}`,
    );
  }
  // Last year's sessions (docs/agency-rules.md), closed after their deliberation: where the students
  // asking for re-admission were housed.
  const lastYearSigles = [...new Set(plan.dossiers.filter((p) => p.anPasse).map((p) => p.sigle)), ''];
  const lastYearMade = await insertReturning(
    tx,
    sessionCenou,
    CLOSED_SESSION_COLUMNS,
    sql`SELECT d.${name(direction.idDirection)}, ${literal(sessionCenou.etatSession, 'DELIBERATION')},
          ${literal(sessionCenou.statutSession, 'FERME')}, make_date(${plan.anneeDebut - 1}, 9, 15),
          make_date(${plan.anneeDebut}, 7, 31), ${plan.anneeDebut - 1}, 0,
          make_date(${plan.anneeDebut - 1}, 9, 1), make_date(${plan.anneeDebut}, 7, 31)
        FROM ${direction} d
        WHERE d.${name(direction.sigleDirection)} IN (${sql.join(
          lastYearSigles.map((x) => sql`${x}`),
          sql`, `,
        )}) AND d.${name(direction.deletedAt)} IS NULL
        ORDER BY d.${name(direction.idDirection)}`,
    { id: sessionCenou.idSessionCenou, idDirection: sessionCenou.idDirection },
  );
  // Each closed session's direction by its sigle (the live directions named in the plan).
  const directions = await tx
    .select({ id: direction.idDirection, sigle: direction.sigleDirection })
    .from(direction)
    .where(and(inArray(direction.sigleDirection, lastYearSigles), isNull(direction.deletedAt)));
  const lastYear = lastYearMade.map((r) => ({
    id: r.id,
    sigle: directions.find((d) => d.id === r.idDirection)?.sigle ?? '',
  }));
  const sessionOf = (p: PlannedDossier) => {
    if (!p.anPasse) return session(p.sigle);
    const s = lastYear.find((x) => x.sigle === p.sigle);
    if (!s) throw new Error(`Pas de session de l'an dernier pour ${p.sigle}`);
    return { id: s.id, id_direction: session(p.sigle).id_direction };
  };
  await tx.execute(
    sql`UPDATE registre_etudiant r SET annees_hebergement_anterieures = x.annees
        FROM ${recordset(plan.anterieures, 'ine text, annees int')}
        WHERE r.ine = x.ine AND r.deleted_at IS NULL`,
  );

  // Accounts (the registry row found by INE), then the registry rows linked with the registration's answers.
  const prng = new Prng(plan.anneeDebut);
  // The accounts themselves through the accounts repository, the one writer of `users`.
  const registered = await selectRows(
    tx,
    {
      id_direction: users.idDirection,
      ine: registreEtudiant.ine,
      nom: registreEtudiant.nomEtudiant,
      prenom: registreEtudiant.prenomEtudiant,
      email: users.email,
    },
    sql`SELECT x.id_direction, r.${name(registreEtudiant.ine)} AS ine, r.${name(registreEtudiant.nomEtudiant)} AS nom,
          r.${name(registreEtudiant.prenomEtudiant)} AS prenom,
          coalesce(r.${name(registreEtudiant.emailEtudiant)}, lower(r.${name(registreEtudiant.ine)}) || '@exemple.bf') AS email
        FROM ${recordset(
          plan.accounts.map((a) => ({ ine: a.student.ine, id_direction: session(a.sigle).id_direction })),
          'ine text, id_direction int',
        )}
        JOIN ${registreEtudiant} r ON r.${name(registreEtudiant.ine)} = x.ine AND r.${name(registreEtudiant.deletedAt)} IS NULL
        ORDER BY x.ord`,
  );
  // At most 5,000 rows a statement (7 parameters a row, under PostgreSQL's 65,535).
  let made = 0;
  for (let i = 0; i < registered.length; i += 5000) {
    const ids = await insertAccounts(
      tx,
      registered.slice(i, i + 5000).map((r) => ({
        idDirection: r.id_direction!,
        userName: r.ine,
        nom: r.nom,
        prenom: r.prenom,
        email: r.email,
        role: ETUDIANT,
        passwordHash,
      })),
    );
    made += ids.length;
  }
  summary.comptes = made;
  if (summary.comptes !== plan.accounts.length)
    throw new Error(
      `${plan.accounts.length - summary.comptes} comptes étudiants de démonstration sans ligne au registre`,
    );
  await tx.execute(
    sql`UPDATE registre_etudiant r SET id_user = u.id, personnel_besoin = 'Aucun', contact = x.contact,
          engagement_statut_reglement = true, engagement_personnel_caution = true, declaration_sur_honneur = true,
          lu_approuve = true, updated_at = now()
        FROM ${recordset(
          plan.accounts.map((a) => ({
            ine: a.student.ine,
            contact: `Parent : ${prng.pick(['70', '71', '76', '78'])} ${prng.digits(2)} ${prng.digits(2)} ${prng.digits(2)}`,
          })),
          'ine text, contact text',
        )}
        JOIN users u ON lower(u.user_name) = lower(x.ine) AND u.deleted_at IS NULL
        WHERE r.ine = x.ine AND r.deleted_at IS NULL`,
  );

  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  await tx.execute(
    sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, type_dossier,
          statut_dossier, date_depot, moyenne, analyse_par, date_analyse, liste_deliberation, rang, reponse,
          created_at, updated_at)
        SELECT x.ref, x.id_session, x.id_direction, r.id_etudiant, r.id_user, x.type, x.statut, x.depot, x.moyenne,
          x.analyse_par, x.analysee, x.liste, x.rang, x.reponse, x.depot, coalesce(x.analysee, x.depot)
        FROM ${recordset(
          plan.dossiers.map((p) => ({
            ref: p.reference,
            ine: p.student.ine,
            id_session: sessionOf(p).id,
            id_direction: sessionOf(p).id_direction,
            type: p.typeDossier,
            statut: p.anPasse ? 'ADMIS' : p.moyenne === null ? 'DEPOSE' : 'ANALYSE',
            depot: iso(p.dateDepot),
            moyenne: p.moyenne,
            analyse_par: p.moyenne === null ? null : manager(p.sigle),
            analysee: iso(p.dateAnalyse),
            liste: p.anPasse?.liste ?? null,
            rang: p.anPasse?.rang ?? null,
            reponse: p.anPasse ? 'ACCEPTE' : null,
          })),
          'ref text, ine text, id_session int, id_direction int, type text, statut text, depot timestamptz, ' +
            'moyenne double precision, analyse_par int, analysee timestamptz, liste text, rang int, reponse text',
        )}
        JOIN registre_etudiant r ON r.ine = x.ine AND r.deleted_at IS NULL
        ORDER BY x.ord`,
  );
  await tx.execute(
    sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, nom_fichier, cle_fichier, taille_fichier,
          valeur_analyse, created_at, updated_at)
        SELECT d.id_dossier, c.id_type_critere, c.id_critere, x.nom, x.cle, x.taille, x.valeur, d.date_depot, d.updated_at
        FROM ${recordset(
          plan.dossiers.flatMap((p) =>
            p.entries.map((e) => ({
              ref: p.reference,
              type: e.type.libelle,
              critere: e.critere.libelle,
              nom: e.nomFichier,
              cle: proofs.get(e)?.key ?? null,
              taille: proofs.get(e)?.size ?? null,
              valeur: e.valeur,
            })),
          ),
          'ref text, type text, critere text, nom text, cle text, taille int, valeur text',
        )}
        JOIN dossier d ON d.reference_dossier = x.ref
        JOIN type_critere t ON t.libelle_type_critere = x.type AND t.deleted_at IS NULL
        JOIN critere c ON c.id_type_critere = t.id_type_critere AND c.libelle_critere = x.critere AND c.deleted_at IS NULL
        ORDER BY x.ord`,
  );

  // Last year's beds: one per housed student, in a bâtiment of its sex in its direction's cités.
  const housed = plan.dossiers.filter((p) => p.anPasse);
  const [beds] = await selectRows(tx, { n: count() }, sql`SELECT 1 FROM ins`, {
    s: sql`
          SELECT d.id_dossier, d.id_etudiant, d.id_session_cenou, d.id_direction, r.sexe_etudiant AS sexe, x.code, x.id_auteur,
            row_number() OVER (PARTITION BY d.id_direction, r.sexe_etudiant ORDER BY x.ord) AS k
          FROM ${recordset(
            housed.map((p) => ({
              ref: p.reference,
              code: verificationCode(prng),
              id_auteur: manager(p.sigle),
            })),
            'ref text, code text, id_auteur int',
          )}
          JOIN dossier d ON d.reference_dossier = x.ref
          JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant`,
    b: sql`
          SELECT l.id_lit, ch.id_chambre, c.id_cite, v.id_direction, bt.sexe,
            row_number() OVER (PARTITION BY v.id_direction, bt.sexe ORDER BY c.id_cite, l.id_lit) AS k
          FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre
          JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
          JOIN batiment bt ON bt.id_batiment = n.id_batiment JOIN cite c ON c.id_cite = bt.id_cite
          JOIN ville v ON v.id_ville = c.id_ville
          WHERE l.deleted_at IS NULL AND bt.sexe IN ('M', 'F')`,
    ins: sql`
          ${insertInto(affectation, [
            affectation.idSessionCenou,
            affectation.idDossier,
            affectation.idEtudiant,
            affectation.idCite,
            affectation.idChambre,
            affectation.idLit,
            affectation.codeVerification,
            affectation.idAuteur,
            affectation.createdAt,
            affectation.updatedAt,
          ])}
          SELECT s.id_session_cenou, s.id_dossier, s.id_etudiant, b.id_cite, b.id_chambre, b.id_lit, s.code, s.id_auteur,
            make_date(${plan.anneeDebut - 1}, 10, 1), make_date(${plan.anneeDebut - 1}, 10, 1)
          FROM s JOIN b ON b.id_direction = s.id_direction AND b.sexe = s.sexe AND b.k = s.k
          ORDER BY s.id_dossier
          RETURNING 1`,
  });
  if (beds.n !== housed.length)
    throw new Error(`${housed.length - beds.n} étudiants de l'an dernier sans lit de démonstration`);
  await publishLastYear(tx, plan, lastYear, manager, (sigle) => session(sigle).id_direction);
  await writeSentMessages(tx, dashboardUrl);

  for (const d of plan.directions) {
    const mine = plan.dossiers.filter((p) => p.sigle === d.sigle && !p.anPasse);
    summary.dossiers[d.sigle] = {
      deposes: mine.length,
      analyses: mine.filter((p) => p.moyenne !== null).length,
    };
  }
  // The next deposit of a direction takes the next number.
  await tx.execute(
    sql`INSERT INTO dossier_sequence (id_direction, annee, dernier)
        SELECT x.id_direction, ${plan.anneeDebut}, x.dernier
        FROM ${recordset(
          plan.directions.map((d) => ({
            id_direction: session(d.sigle).id_direction,
            dernier: summary.dossiers[d.sigle].deposes,
          })),
          'id_direction int, dernier int',
        )}
        ON CONFLICT (id_direction, annee) DO UPDATE SET dernier = greatest(dossier_sequence.dernier, excluded.dernier)`,
  );

  for (const d of plan.directions) {
    if (!d.quotas) continue;
    const { rows: quotas, places } = quotaPlaces(d, plan.types);
    await tx.execute(
      sql`INSERT INTO quota (id_session_cenou, id_critere, valeur_quota)
          SELECT ${session(d.sigle).id}, c.id_critere, x.valeur
          FROM ${recordset(quotas, 'type text, critere text, valeur int')}
          JOIN type_critere t ON t.libelle_type_critere = x.type AND t.deleted_at IS NULL
          JOIN critere c ON c.id_type_critere = t.id_type_critere AND c.libelle_critere = x.critere AND c.deleted_at IS NULL
          ORDER BY x.ord`,
    );
    summary.quotas += quotas.length;
    summary.places += places.PUPILLES + places.ETRANGERS + places.NATIONAUX;
  }
  return summary;
}

/**
 * Last year's seasons as the product would have left them (docs/sessions-and-dossiers.md#the-dossiers-history):
 * each session's publication by its regional manager, stored as a run (`historyOf` reads its
 * PUBLICATION and OFFRE events from it), on 25 September with answers due by the 30th, and each
 * housed student's acceptance on the site in between. The beds (1 October, by the same manager)
 * and the rent follow.
 */
async function publishLastYear(
  tx: Db,
  plan: WorkflowPlan,
  sessions: readonly { id: number; sigle: string }[],
  manager: (sigle: string) => number,
  directionOf: (sigle: string) => number,
): Promise<void> {
  const catalogue = await currentCatalogue(tx);
  const publication = new Date(Date.UTC(plan.anneeDebut - 1, 8, 25, 10));
  const deadline = new Date(Date.UTC(plan.anneeDebut - 1, 8, 30, 23, 59));
  for (const s of sessions) {
    const mine = plan.dossiers.filter((p) => p.anPasse && p.sigle === s.sigle);
    const places = { READMISSIONS: 0, PUPILLES: 0, ETRANGERS: 0, NATIONAUX: 0 } as ListPlaces;
    const effectifs = Object.fromEntries(LISTES_ADMISSION.map((l) => [l, { F: 0, M: 0 }])) as Effectifs;
    for (const p of mine) {
      places[p.anPasse!.liste] += 1;
      effectifs[p.anPasse!.liste][p.student.sexeEtudiant === 'F' ? 'F' : 'M'] += 1;
    }
    if (!mine.length) continue;
    const idAuteur = manager(s.sigle);
    const idDirection = directionOf(s.sigle);
    const id = await insertDeliberationRun(tx, {
      idSessionCenou: s.id,
      idDirection,
      seed: `demo-${plan.anneeDebut - 1}-${s.sigle}`,
      quotas: [],
      places,
      placesEffectives: places,
      catalogue,
      settings: { placesReadmission: 0, partFemmes: 0 },
      nbReadmissions: 0,
      effectifs,
      nbPupilles: places.PUPILLES,
      nbEtrangers: places.ETRANGERS,
      nbNationaux: places.NATIONAUX,
      nbAttente: 0,
      nbNonAdmis: 0,
      idAuteur,
      auteur: null,
      datePublication: publication,
      dateLimiteReponse: deadline,
    });
    await storeOutcomesAsCandidates(tx, id, s.id);
    const dossiers = await tx
      .select({ id: dossier.idDossier, ref: dossier.referenceDossier, idUser: dossier.idUser })
      .from(dossier)
      .where(and(eq(dossier.idSessionCenou, s.id), isNull(dossier.deletedAt)))
      .orderBy(dossier.idDossier);
    for (const [k, d] of dossiers.entries())
      await recordEvent(tx, {
        idDossier: d.id,
        idSessionCenou: s.id,
        evenement: 'REPONSE_ACCEPTEE',
        actor: { id: d.idUser },
        // Within the three days after the publication, spread by the dossier's order.
        date: new Date(publication.getTime() + 2 * 3600_000 + ((k * 7919) % (72 * 60)) * 60_000),
        canal: 'WEB',
      });
  }
}

/**
 * The messages the demo's steps would have sent, written as sent on their day (the staff's dossier
 * page lists them): each dossier's deposit receipt by mail and SMS, and last year's admitted their
 * result with the offer by mail and SMS. An account without an address or number gets none, as in
 * the deposit and the publication.
 */
async function writeSentMessages(tx: Db, dashboardUrl: string): Promise<void> {
  const dossiers = await tx
    .select({
      idDossier: dossier.idDossier,
      idUser: dossier.idUser,
      email: users.email,
      nom: registreEtudiant.nomEtudiant,
      prenom: registreEtudiant.prenomEtudiant,
      reference: dossier.referenceDossier,
      depot: utcText(dossier.dateDepot),
      statut: dossier.statutDossier,
      liste: dossier.listeDeliberation,
      rang: dossier.rang,
      moyenne: dossier.moyenne,
      publication: sql<string | null>`${utcText(deliberation.datePublication)}`,
      limite: sql<string | null>`${utcText(deliberation.dateLimiteReponse)}`,
    })
    .from(dossier)
    .innerJoin(users, eq(users.id, dossier.idUser))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .leftJoin(
      deliberation,
      and(eq(deliberation.idSessionCenou, dossier.idSessionCenou), deliberation.courante),
    )
    .where(isNull(dossier.deletedAt))
    .orderBy(dossier.idDossier);
  // A minute after the deposit, and after the publication.
  const after = (iso: string) => new Date(Date.parse(iso) + 60_000);
  const admis = dossiers.filter((d) => d.statut === 'ADMIS' && d.publication && d.limite && d.liste);
  await enqueueMails(tx, [
    ...dossiers
      .filter((d) => d.email)
      .map((d) => ({
        recipient: d.email!,
        idUser: d.idUser,
        idDossier: d.idDossier,
        sentAt: after(d.depot),
        mail: depositReceiptMail(
          { nom: d.nom, prenom: d.prenom, referenceDossier: d.reference, dateDepot: new Date(d.depot) },
          dashboardUrl,
        ),
      })),
    ...admis
      .filter((d) => d.email)
      .map((d) => ({
        recipient: d.email!,
        idUser: d.idUser,
        idDossier: d.idDossier,
        sentAt: after(d.publication!),
        mail: resultMail(
          {
            nom: d.nom,
            prenom: d.prenom,
            referenceDossier: d.reference,
            resultat: 'ADMIS',
            liste: enumLabel('listeDeliberation', d.liste!),
            rang: d.rang,
            moyenne: d.moyenne === null ? null : scoreText(d.moyenne),
            dateLimite: formatDateDepot(new Date(d.limite!)),
          },
          dashboardUrl,
        ),
      })),
  ]);
  await enqueueSmsList(tx, [
    ...dossiers.map((d) => ({
      kind: 'RECU_DEPOT',
      idUser: d.idUser,
      idDossier: d.idDossier,
      sentAt: after(d.depot),
      text: smsText('RECU_DEPOT', { reference: d.reference, date: formatDateDepot(new Date(d.depot)) }),
    })),
    ...admis.map((d) => ({
      kind: 'RESULTAT_ADMIS',
      idUser: d.idUser,
      idDossier: d.idDossier,
      sentAt: after(d.publication!),
      text: smsText('RESULTAT_ADMIS', {
        reference: d.reference,
        date: formatDateDepot(new Date(d.limite!)),
        numero: SMS_NUMERO_REPONSE,
      }),
    })),
  ]);
}

/** A moment as the messages' dates are kept (ISO, UTC, to the millisecond). */
const utcText = (column: AnyPgColumn): SQL<string> => isoUtc(column);
