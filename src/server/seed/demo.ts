import { frenchDay } from '../../domain/format';
/**
 * Demo data for an empty database (README.md DEMO_DATA): the 13 cités of Ouagadougou,
 * Bobo-Dioulasso and Koudougou with their housing stock, criterion types and criteria, an open
 * session for each of the three regional directions, a registry of 3,000 students (and three new
 * bachelors without an account, kept for a first registration: ./content/nouveaux.ts), one staff
 * account per role, the payment settings (Orange Money, Moov Money, cash at the counter); then the workflow (./workflow.ts): Ouagadougou taking deposits, Bobo-Dioulasso
 * analysing, Koudougou deliberating with quotas, each with a few hundred student accounts and
 * dossiers with real PDF proofs; then Koudougou past its publication (./koudougou.ts: answers,
 * beds, the room choice, through the product's own services). Everything is written in one
 * transaction, the bulk rows with a few statements each. The data itself lives in ./content, and everything random is drawn from a fixed seed
 * (same students and dossiers on every run); only the passwords are random. Last year's rent
 * (./rent.ts): paid at the counter, some in arrears, one student holding a credit to refund.
 */
import { backfillHistory } from '../history/backfill';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  affectation,
  cite,
  critere,
  direction,
  dossier,
  journalLigne,
  operateur,
  sessionCenou,
  typeCritere,
  typePaiement,
  users,
} from '../db/schema';
import { fill, messages } from '../../domain/messages';
import { enumLabel } from '../../domain/messages-labels';
import type { DocumentStorage } from '../files/storage';
import { generatePassword, hashPassword } from '../security/passwords';
import { CITES } from './content/cites';
import { columnName as name, insertInto, insertReturning, recordset, selectRows } from '../db/bulk';
import { TYPES_CRITERE, type TypeCritereSeed } from './content/criteres';
import { TYPES_PAIEMENT, type TypePaiementSeed } from './content/paiement';
import { issueMissingInstalments, recordPayment } from '../modules/rent/service';
import { setVerifiedPhone } from '../modules/accounts/repository';
import { phoneForDisplay } from '../../domain/phone';
import { USSD_CODE } from '../../domain/ussd';
import { formatFcfa } from '../../domain/money';
import { cashOperator, loadLastYearRent } from './rent';
import { loadDemoOutages } from './outages';
import { loadDemoPastYears } from './past-years';
import { DIRECTIONS_SESSION, PERSONNEL } from './content/personnel';
import { createUser, directionId } from './factories';
import { ETUDIANT, GESTIONNAIRE_DR } from '../../domain/enums';
import { loadHousing } from './housing';
import { loadCiteLife } from './cite-life';
import { loadDemoJournal } from './journal';
import { loadDemoProcurations } from './procurations';
import { loadDemoRepairs } from './repairs';
import { generateRegistry, loadRegistry } from './registry';
import { NOUVEAUX_BACHELIERS, nouveauxBacheliers } from './content/nouveaux';
import { loadWorkflow, planWorkflow, removeProofs, writeProofs, type StoredProofs } from './workflow';
import { anneeLibelle } from '../../domain/workflow';
import { loadKoudougouSeason, type KoudougouSummary } from './koudougou';

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
  /** The key of the procurations' codes (the signing secret): without it, no demo procuration. */
  procurationKey?: string;
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
  const ids = await insertReturning(
    db,
    typeCritere,
    [typeCritere.libelleTypeCritere, typeCritere.coefficient, typeCritere.typeItem, typeCritere.statutItem],
    sql`SELECT x.libelle, x.coefficient, x.type_item, x.statut
        FROM ${recordset(typeRows, 'libelle text, coefficient int, type_item text, statut text')}
        ORDER BY x.ord`,
    { id: typeCritere.idTypeCritere, libelle: typeCritere.libelleTypeCritere },
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
  const [made] = await selectRows(db, { n: count() }, sql`SELECT 1 FROM ins`, {
    ins: sql`${insertInto(critere, [
      critere.idTypeCritere,
      critere.libelleCritere,
      critere.note,
      critere.justificatifRequis,
      critere.listeDeliberation,
      critere.handicap,
    ])}
          SELECT x.id_type, x.libelle, x.note, x.justificatif, x.liste, x.handicap
          FROM ${recordset(critRows, 'id_type int, libelle text, note int, justificatif boolean, liste text, handicap boolean')}
          ORDER BY x.ord
          RETURNING 1`,
  });
  return { types: ids.length, criteres: made.n };
}

/** The kinds of payment and their operators (docs/rent.md#payment-settings). */
async function loadPaymentSettings(
  db: Db,
  types: readonly TypePaiementSeed[],
): Promise<{ types: number; operateurs: number }> {
  const ids = await insertReturning(
    db,
    typePaiement,
    [typePaiement.libelleTypePaiement, typePaiement.codeTypePaiement, typePaiement.actif],
    sql`SELECT x.libelle, x.code, x.actif
        FROM ${recordset(
          types.map((t) => ({ libelle: t.libelle, code: t.code, actif: t.actif })),
          'libelle text, code text, actif boolean',
        )}
        ORDER BY x.ord`,
    { id: typePaiement.idTypePaiement, code: typePaiement.codeTypePaiement },
  );
  const typeId = new Map(ids.map((r) => [r.code, r.id]));
  const ops = types.flatMap((t) =>
    t.operateurs.map((o) => ({ libelle: o.libelle, code: o.code, id_type: typeId.get(t.code)! })),
  );
  await db.execute(
    sql`${insertInto(operateur, [operateur.libelleOperateur, operateur.codeOperateur, operateur.idTypePaiement])}
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
  const made = await insertReturning(
    db,
    sessionCenou,
    [
      sessionCenou.idDirection,
      sessionCenou.etatSession,
      sessionCenou.statutSession,
      sessionCenou.dateOuverture,
      sessionCenou.anneeDebut,
    ],
    sql`SELECT d.${name(direction.idDirection)}, 'INSCRIPTION', 'OUVERT', ${dateOuverture}::date, ${anneeDebut}
        FROM ${direction} d
        WHERE d.${name(direction.sigleDirection)} IN (${liste}) AND d.${name(direction.deletedAt)} IS NULL
          AND NOT EXISTS (SELECT 1 FROM ${sessionCenou} s WHERE s.${name(sessionCenou.idDirection)} = d.${name(direction.idDirection)}
                          AND s.${name(sessionCenou.deletedAt)} IS NULL AND s.${name(sessionCenou.statutSession)} IN ('OUVERT', 'SUSPENDU'))
        ORDER BY d.${name(direction.idDirection)}`,
    { id: sessionCenou.idSessionCenou },
  );
  return made.length;
}

const SESSION_LABELS: Record<string, string> = {
  OUA: 'Ouagadougou, session en inscription',
  BOB: 'Bobo-Dioulasso, session en analyse',
  KDG: 'Koudougou, résultats publiés, choix des chambres en cours',
};

/** Refuses a second load: the demo is for an empty database (its cités, accounts and dossiers would clash). */
export class DemoAlreadyLoaded extends Error {
  constructor() {
    super('Données de démonstration déjà présentes : chargement refusé.');
  }
}

/** The mails' link to the dashboard when the caller gives none (the workflow's default). */
const DEFAULT_DASHBOARD_URL = 'http://127.0.0.1:3000/tableau-de-bord';

/** Koudougou's season in the log (French). */
function koudougouLine(k: KoudougouSummary): string {
  const jour = k.publication.toLocaleDateString('fr-FR', { timeZone: 'Africa/Ouagadougou' });
  return (
    `Koudougou : délibération publiée le ${jour}, ${k.admis} offres (${k.acceptees} acceptées dont ${k.parSms} par SMS, ` +
    `${k.refusees} refusées, ${k.enAttente} encore en attente de réponse), ${k.loges} lits attribués par le gestionnaire, ` +
    `campagne de choix des chambres ouverte pour ${k.choisisseurs} étudiants.`
  );
}

export async function loadDemoData(db: Db, opts: DemoOptions): Promise<DemoAccount[]> {
  const started = Date.now();
  const today = opts.today ?? new Date();
  const { anneeDebut, dateOuverture } = demoSessionDates(today);
  const present =
    (await db.select({ id: cite.idCite }).from(cite).limit(1)).length > 0 ||
    (await db.select({ id: dossier.idDossier }).from(dossier).limit(1)).length > 0;
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
    const agents: { idUser: number; userName: string; cites: readonly string[] }[] = [];
    for (const [i, p] of PERSONNEL.entries()) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.userName}) = lower(${p.userName})`, isNull(users.deletedAt)));
      if (taken) continue;
      const idUser = await createUser(tx, {
        userName: p.userName,
        password: passwords[i],
        passwordHash: hashes[i],
        role: p.role,
        idDirection: p.direction === null ? null : await directionId(tx, p.direction),
        nom: p.nom,
        prenom: p.prenom,
        email: p.email,
        telephone: p.telephone,
      });
      if (p.cites) agents.push({ idUser, userName: p.userName, cites: p.cites });
      const where =
        p.role === GESTIONNAIRE_DR && p.direction
          ? SESSION_LABELS[p.direction]
          : p.cites
            ? p.cites.join(', ') +
              (p.telephone ? `, SMS des réparations au ${phoneForDisplay(p.telephone)}` : '')
            : undefined;
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
    // Any assignment of the demo gets its instalments (docs/rent.md#instalments).
    await issueMissingInstalments(tx);
    const loyers = await loadLastYearRent(tx, new Set(plan.named.map((n) => n.userName)));
    // The two years before last year, for the statistics: former residents, their rent paid in bulk.
    const [caisse] = await cashOperator(tx);
    const passees = caisse
      ? await loadDemoPastYears(tx, {
          annees: [anneeDebut - 3, anneeDebut - 2],
          directionsDe: anneeDebut - 1,
          passwordHash: studentHash,
          exclure: NOUVEAUX_BACHELIERS.map((n) => n.ine),
          idOperateur: caisse.id,
        })
      : null;
    // The dossiers, analyses and beds written in bulk get their history's events (payments wrote theirs).
    await backfillHistory(tx);
    // The journal of those steps, each by its author on its day.
    await loadDemoJournal(tx);
    // The status page's outages, each with what it moved (the instalments above, the offers).
    // The platform ran the demo's every year: in service since the oldest one's September (before the
    // status page's 90 days, so the page says its 90 days measured, not the days of this year's sessions).
    const enService = new Date(Date.UTC(anneeDebut - (passees ? 3 : 1), 8, 1));
    const pannes = await loadDemoOutages(tx, { today, ouverture: enService });
    // Koudougou past its publication, through the product's own services (they write their
    // history, journal, mails and SMS themselves): answers, beds, the room choice.
    // Fresh statistics first: the services' statements are planned for the rows just written.
    await tx.execute(sql`ANALYZE`);
    const admissible = plan.named.find((n) => n.description.includes('admissible dès la publication'));
    const kdg = await loadKoudougouSeason(tx, {
      today,
      dashboardUrl: opts.dashboardUrl ?? DEFAULT_DASHBOARD_URL,
      keepPending: admissible ? [admissible.userName] : [],
    });
    // The USSD menu's demo phones (docs/ussd.md#the-demo): numbers the students verified; the offer
    // to answer is the named admissible student's, kept pending, when it is.
    const ussd = await giveUssdPhones(tx, admissible?.userName);
    const named = [
      ...plan.named.filter((n) => !n.description.includes("liste d'attente")),
      ...(kdg.attente ? [kdg.attente] : []),
      ...kdg.named,
    ];
    for (const n of named)
      accounts.push({
        role: ETUDIANT,
        userName: n.userName,
        password: studentPassword,
        description: n.description,
      });
    // The agents' cités, the rooms' inventories, this year's arrivals and a departure.
    const vie = await loadCiteLife(tx, { agents, today });
    if (vie.cleRecente)
      accounts.push({
        role: ETUDIANT,
        userName: vie.cleRecente,
        password: studentPassword,
        description: 'Résident de Koudougou, clé remise aujourd’hui, état des lieux d’entrée à remplir',
      });
    if (vie.depart)
      accounts.push({
        role: ETUDIANT,
        userName: vie.depart,
        password: studentPassword,
        description: 'Résident de Koudougou parti aujourd’hui, une dégradation facturée (Mon départ)',
      });
    // Repairs in the cités, in each state (docs/life-in-the-cite.md#repairs).
    await loadDemoRepairs(tx);
    if (loyers.tropPercu)
      accounts.push({
        role: ETUDIANT,
        userName: loyers.tropPercu.userName,
        password: studentPassword,
        description: loyers.tropPercu.description,
      });
    const depositor = plan.named.find((n) => n.description.endsWith('peut déposer'))?.userName;
    const dashboardUrl = opts.dashboardUrl ?? DEFAULT_DASHBOARD_URL;
    const procuration = opts.procurationKey
      ? await loadDemoProcurations(tx, {
          depositor,
          key: opts.procurationKey,
          exclude: accounts.map((a) => a.userName),
          publicUrl: dashboardUrl.replace(/\/tableau-de-bord$/, ''),
        })
      : null;
    if (procuration?.paiement)
      accounts.push({
        role: ETUDIANT,
        userName: procuration.paiement.userName,
        password: studentPassword,
        description: fill(messages.demoPaiementParProcuration, {
          montant: formatFcfa(procuration.paiement.montant, { unit: true }),
        }),
      });
    return {
      housing,
      criteres,
      sessions,
      etudiants,
      workflow,
      paiement,
      loyers,
      pannes,
      procuration,
      kdg,
      ussd,
      vie,
      passees,
    };
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
  const {
    housing,
    criteres,
    sessions,
    etudiants,
    workflow,
    paiement,
    loyers,
    pannes,
    procuration,
    kdg,
    ussd,
    vie,
    passees,
  } = summary;
  const staff = accounts.filter((a) => a.role !== ETUDIANT).length;
  const dossiers = Object.entries(workflow.dossiers)
    .map(([sigle, d]) => `${sigle} ${d.deposes}${d.analyses ? ` dont ${d.analyses} analysés` : ''}`)
    .join(', ');
  opts.log.info(
    `Données de démonstration chargées en ${((Date.now() - started) / 1000).toFixed(1)} s : ` +
      `${housing.cites} cités, ${housing.batiments} bâtiments, ${housing.chambres} chambres, ${housing.lits} lits, ` +
      `${criteres.types} types de critères et ${criteres.criteres} critères, ${sessions} sessions ouvertes ` +
      `(${anneeLibelle(anneeDebut)}), ${etudiants} étudiants au registre (dont ${NOUVEAUX_BACHELIERS.length} sans compte pour une première inscription : ` +
      `${NOUVEAUX_BACHELIERS.map((n) => `INE ${n.ine} né${n.sexeEtudiant === 'F' ? 'e' : ''} le ${frenchDay(n.dateNaissance)}`).join(', ')}), ${staff} comptes du personnel, ` +
      `${workflow.comptes} comptes étudiants (un même mot de passe), dossiers : ${dossiers}, ` +
      `${workflow.justificatifs} justificatifs PDF, ${workflow.quotas} quotas (${workflow.places} places), ` +
      `${workflow.renouvellements} demandes de réadmission d'étudiants parmi les ${workflow.hebergesAnPasse} ` +
      `hébergés l'an dernier (${anneeLibelle(anneeDebut - 1)}, sessions fermées), ` +
      `${paiement.types} types de paiement et ${paiement.operateurs} opérateurs, ` +
      `${loyers.paiements} loyers de l'an dernier payés, à la caisse ou par mobile money (${loyers.enRetard} étudiants encore en retard, ` +
      `${loyers.tropPercu ? 1 : 0} avec un trop-perçu à rembourser), ` +
      (passees?.annees.length
        ? `années précédentes pour les statistiques (${passees.annees.map(anneeLibelle).join(', ')}) : ` +
          `${passees.anciens} anciens étudiants (un même mot de passe), ${passees.dossiers} dossiers, ` +
          `${passees.affectations} affectations dont ${passees.departs} départs en cours d'année, ` +
          `${passees.paiements} loyers payés à la caisse (${passees.enRetard} étudiants restés en retard), `
        : '') +
      `${pannes.length} pannes passées (${pannes
        .map(
          (p) =>
            `${enumLabel('composant', p.composant).toLowerCase()} : ${p.echeancesDeplacees} échéances déplacées`,
        )
        .join(', ')}), ${vie.elements} éléments d'inventaire des chambres, ` +
      `${vie.arrivees} arrivées en cité de Koudougou cette année (${vie.depart ? 1 : 0} départ avec une dégradation facturée). ` +
      koudougouLine(kdg),
  );
  if (procuration)
    opts.log.info(
      fill(messages.consoleProcurationDemo, {
        ine: procuration.ine,
        code: procuration.code,
        revoque: procuration.revoque,
      }),
    );
  if (procuration?.paiement)
    opts.log.info(
      fill(messages.consoleProcurationPaiementDemo, {
        ine: procuration.paiement.ine,
        id: procuration.paiement.idProcuration,
        montant: formatFcfa(procuration.paiement.montant, { unit: true }),
        reference: procuration.paiement.referencePaiement,
      }),
    );
  if (ussd.length)
    opts.log.info(
      `Menu USSD (${USSD_CODE}, téléphone USSD du personnel) : ` +
        ussd.map((u) => `${u.numero} pour l'étudiant ${u.userName} (${u.quoi})`).join(', ') +
        '.',
    );
  return accounts;
}

/** The USSD demo's numbers: fictitious (the registry's start with 5, 6 or 7), one per case. */
export const DEMO_USSD_PHONES = {
  offre: '+22601000101',
  loyer: '+22601000102',
  logement: '+22601000103',
} as const;

const USSD_CASES: Record<keyof typeof DEMO_USSD_PHONES, string> = {
  offre: 'une offre à laquelle répondre',
  loyer: 'un loyer en retard',
  logement: 'un lit et son loyer payé',
};

/**
 * Gives students of the demo a verified number for the USSD menu (docs/ussd.md#the-demo): one whose
 * offer awaits its answer (when the demo has one), one housed with rent in arrears, one housed
 * whose rent is paid.
 */
async function giveUssdPhones(
  tx: Db,
  preferred: string | undefined,
): Promise<{ numero: string; userName: string; quoi: string }[]> {
  const offer = await tx
    .select({ idUser: users.id, userName: users.userName })
    .from(dossier)
    .innerJoin(users, eq(users.id, dossier.idUser))
    .where(
      and(
        eq(dossier.reponse, 'EN_ATTENTE'),
        sql`${dossier.dateLimiteReponse} > now()`,
        isNull(dossier.deletedAt),
        isNull(users.telephone),
      ),
    )
    .orderBy(sql`${users.userName} = ${preferred ?? ''} DESC`, dossier.idDossier)
    .limit(1);
  // Each student's latest live assignment, in arrears or not (due by today beyond what was paid).
  // This year's first (a session not closed): the menu's « Mon logement » shows this year's bed.
  const l = alias(journalLigne, 'l');
  const owed = sql`(SELECT coalesce(sum(${l.debit} - ${l.credit}) FILTER (WHERE ${l.nature} = 'ECHEANCE' AND ${l.dateValeur} <= CURRENT_DATE), 0)
                  - coalesce(sum(${l.credit} - ${l.debit}) FILTER (WHERE ${l.nature} IN ('PAIEMENT', 'REMBOURSEMENT')), 0)
             FROM ${journalLigne} AS ${l} WHERE ${l.idAffectation} = ${affectation.idAffectation})`;
  const housed = await tx
    .selectDistinctOn([dossier.idUser], {
      idUser: users.id,
      userName: users.userName,
      idAffectation: affectation.idAffectation,
      courant: sql<boolean>`${sessionCenou.statutSession} <> 'FERME'`,
      du: sql<number>`${owed}::int`,
      owing: sql<boolean>`${owed} > 0`,
    })
    .from(affectation)
    .innerJoin(dossier, eq(dossier.idDossier, affectation.idDossier))
    .innerJoin(users, eq(users.id, dossier.idUser))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .where(and(isNull(affectation.deletedAt), isNull(users.telephone)))
    .orderBy(dossier.idUser, sql`${sessionCenou.statutSession} = 'FERME'`, desc(affectation.idAffectation));
  const chosen: Partial<Record<keyof typeof DEMO_USSD_PHONES, { idUser: number; userName: string }>> = {};
  if (offer[0]) chosen.offre = offer[0];
  const loyer = housed.find((h) => h.owing && h.courant) ?? housed.find((h) => h.owing);
  let logement = housed.find((h) => !h.owing && h.courant);
  // This year's first instalment falls due in November: a student of this year paid it yesterday at
  // its cité's counter, so that the paid-up phone shows this year's bed and no arrears.
  const payer = logement ? undefined : housed.find((h) => h.owing && h.courant && h !== loyer);
  const [caisse] = await cashOperator(tx);
  if (payer && caisse && payer.du > 0) {
    const hier = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await recordPayment(tx, null, {
      referencePaiement: `ESP-${hier.replaceAll('-', '')}-USSD0001`,
      idAffectation: payer.idAffectation,
      montant: payer.du,
      idOperateur: caisse.id,
      numeroRecu: `Q${hier.slice(0, 4)}-USSD1`,
      historique: { dateValeur: hier },
    });
    logement = payer;
  }
  logement ??= housed.find((h) => !h.owing);
  if (loyer) chosen.loyer = loyer;
  if (logement) chosen.logement = logement;
  const out: { numero: string; userName: string; quoi: string }[] = [];
  for (const [k, who] of Object.entries(chosen) as [
    keyof typeof DEMO_USSD_PHONES,
    { idUser: number; userName: string },
  ][]) {
    await setVerifiedPhone(tx, who.idUser, DEMO_USSD_PHONES[k]);
    out.push({
      numero: DEMO_USSD_PHONES[k].slice(4).replace(/(\d{2})(?=\d)/g, '$1 '),
      userName: who.userName,
      quoi: USSD_CASES[k],
    });
  }
  return out;
}
