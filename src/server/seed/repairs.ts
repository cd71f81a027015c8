/**
 * Demo repairs (docs/life-in-the-cite.md#repairs): requests in each state, a late emergency among
 * them, in the cités where the demo has residents (their rooms, reported by them) and on common
 * places reported by the cités' agents (the admin when the demo has no agent account). Each move an
 * agent makes (taken, resolved) is signed by the agent of the request's cité, the resident's
 * (reopened, confirmed) by the resident: the residents chosen live in the agents' cités.
 *
 * Each request's history reads in order: reported, then each move a little later, never before
 * (a move is dated, not left to the transaction's clock, which started before the load). The
 * common places' requests go back days (some are late); a resident's room was given at the load
 * (Koudougou's beds) and its key handed after it, so its requests are reported after that, at the
 * load, never before the resident lived there.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { repairDeadline, type PrioriteIntervention, type StatutIntervention } from '../../domain/repairs';
import type { Db } from '../db/client';
import { affectation, agentCite, cite, registreEtudiant, remiseCle, users } from '../db/schema';
import { insertIntervention, moveIntervention } from '../modules/repairs/repository';

const DEMO_AGENTS = ['agent.cite1500', 'agent.fasotex'];
const HOUR = 3_600_000;

/** The moves from NOUVELLE to each state, the side making each. */
const PATHS: Record<
  StatutIntervention,
  { vers: StatutIntervention; par: 'agent' | 'residant'; commentaire?: string }[]
> = {
  NOUVELLE: [],
  PRISE_EN_CHARGE: [{ vers: 'PRISE_EN_CHARGE', par: 'agent', commentaire: 'Passage prévu demain matin.' }],
  RESOLUE: [
    { vers: 'PRISE_EN_CHARGE', par: 'agent' },
    { vers: 'RESOLUE', par: 'agent', commentaire: 'Pièce remplacée.' },
  ],
  REOUVERTE: [
    { vers: 'PRISE_EN_CHARGE', par: 'agent' },
    { vers: 'RESOLUE', par: 'agent', commentaire: 'Réglé.' },
    { vers: 'REOUVERTE', par: 'residant', commentaire: 'Le problème est revenu le soir même.' },
  ],
  CLOTUREE: [
    { vers: 'PRISE_EN_CHARGE', par: 'agent' },
    { vers: 'RESOLUE', par: 'agent', commentaire: 'Réparé.' },
    { vers: 'CLOTUREE', par: 'residant' },
  ],
};

interface Demo {
  statut: StatutIntervention;
  priorite: PrioriteIntervention;
  categorie: 'PLOMBERIE' | 'ELECTRICITE' | 'SERRURERIE' | 'MOBILIER' | 'NUISIBLES' | 'AUTRE';
  description: string;
  /** Hours before now it was reported (a common place's); a room's is reported at the load. */
  ilYa: number;
}

/** Between a common place's moves, made at the load. */
const STEP = 60_000;
/** Between a room's report and each of its moves, all within the load's seconds. */
const ROOM_STEP = 1_000;

const IN_ROOMS: Demo[] = [
  {
    statut: 'NOUVELLE',
    priorite: 'URGENCE',
    categorie: 'ELECTRICITE',
    description: 'La prise près du bureau fait des étincelles.',
    ilYa: 30,
  },
  {
    statut: 'PRISE_EN_CHARGE',
    priorite: 'HAUTE',
    categorie: 'PLOMBERIE',
    description: 'Le lavabo est bouché.',
    ilYa: 20,
  },
  {
    statut: 'RESOLUE',
    priorite: 'NORMALE',
    categorie: 'SERRURERIE',
    description: 'La serrure de l’armoire ne ferme plus.',
    ilYa: 50,
  },
  {
    statut: 'REOUVERTE',
    priorite: 'HAUTE',
    categorie: 'PLOMBERIE',
    description: 'La chasse d’eau coule sans arrêt.',
    ilYa: 80,
  },
  {
    statut: 'CLOTUREE',
    priorite: 'NORMALE',
    categorie: 'MOBILIER',
    description: 'Un pied de la chaise est cassé.',
    ilYa: 200,
  },
];

const IN_COMMON: (Demo & { lieu: 'SANITAIRES' | 'CUISINE' | 'COULOIR' | 'EXTERIEUR' })[] = [
  {
    statut: 'NOUVELLE',
    priorite: 'URGENCE',
    categorie: 'PLOMBERIE',
    lieu: 'SANITAIRES',
    description: 'Fuite d’eau importante dans les douches du rez-de-chaussée.',
    ilYa: 28,
  },
  {
    statut: 'PRISE_EN_CHARGE',
    priorite: 'NORMALE',
    categorie: 'NUISIBLES',
    lieu: 'CUISINE',
    description: 'Cafards dans la cuisine commune.',
    ilYa: 40,
  },
  {
    statut: 'CLOTUREE',
    priorite: 'HAUTE',
    categorie: 'ELECTRICITE',
    lieu: 'COULOIR',
    description: 'L’éclairage du couloir du 1er étage ne fonctionne plus.',
    ilYa: 150,
  },
  {
    statut: 'RESOLUE',
    priorite: 'NORMALE',
    categorie: 'AUTRE',
    lieu: 'EXTERIEUR',
    description: 'Le portail de la cour grince et ferme mal.',
    ilYa: 100,
  },
];

/** Loads the demo repairs; returns how many requests it wrote. */
export async function loadDemoRepairs(tx: Db, now = new Date()): Promise<number> {
  const agents = await tx
    .select({ id: users.id, idCite: agentCite.idCite })
    .from(users)
    .leftJoin(agentCite, eq(agentCite.idUser, users.id))
    .where(and(inArray(users.userName, DEMO_AGENTS), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ROLE_HEBERGEMENT_ADMIN'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) return 0;
  const agentOf = (idCite: number) =>
    agents.find((a) => a.idCite === idCite)?.id ?? agents[0]?.id ?? admin.id;
  // One resident of each cité that has live assignments (the first two cités), in the agents'
  // cités when the demo has agents: a request is taken and resolved by its own cité's agent.
  const agentCites = agents.flatMap((a) => (a.idCite === null ? [] : [a.idCite]));
  const residents = await tx
    .selectDistinctOn([affectation.idCite], {
      idCite: affectation.idCite,
      idChambre: affectation.idChambre,
      idUser: registreEtudiant.idUser,
      remiseLe: remiseCle.remiseLe,
    })
    .from(affectation)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .leftJoin(remiseCle, eq(remiseCle.idAffectation, affectation.idAffectation))
    .where(
      and(
        isNull(affectation.deletedAt),
        isNotNull(registreEtudiant.idUser),
        agentCites.length ? inArray(affectation.idCite, agentCites) : undefined,
      ),
    )
    .orderBy(asc(affectation.idCite), asc(affectation.idAffectation))
    .limit(2);
  const fallback = await tx
    .select({ idCite: cite.idCite })
    .from(cite)
    .where(isNull(cite.deletedAt))
    .orderBy(asc(cite.idCite))
    .limit(1);
  const commonCites = [...new Set([...agentCites, ...residents.map((r) => r.idCite)])];
  if (!commonCites.length && fallback[0]) commonCites.push(fallback[0].idCite);

  let written = 0;
  async function write(
    d: Demo,
    place: {
      idCite: number;
      idChambre: number | null;
      lieu: (typeof IN_COMMON)[number]['lieu'] | null;
      /** When its resident got its key (a room's request), or null (a common place's). */
      arrivee: Date | null;
    },
    residant: number | null,
  ) {
    // A common place's request days ago, its moves a minute apart, the last one now; a room's
    // after its resident's key, its moves a second apart.
    const steps = PATHS[d.statut].length;
    const createdAt =
      place.arrivee === null
        ? new Date(now.getTime() - d.ilYa * HOUR)
        : new Date(place.arrivee.getTime() + (1 + (written % IN_ROOMS.length) * 5) * ROOM_STEP);
    const agent = agentOf(place.idCite);
    const made = await insertIntervention(
      tx,
      {
        idCite: place.idCite,
        idChambre: place.idChambre,
        lieu: place.lieu,
        categorie: d.categorie,
        priorite: d.priorite,
        description: d.description,
        idAuteur: residant ?? agent,
        idResidant: residant,
        echeance: repairDeadline(d.priorite, createdAt),
        createdAt,
        updatedAt: createdAt,
      },
      [],
      null,
    );
    let de: StatutIntervention = 'NOUVELLE';
    for (const [k, step] of PATHS[d.statut].entries()) {
      // A request without a resident is confirmed by nobody: it stays resolved until it closes by itself.
      const par = step.par === 'residant' ? residant : agent;
      if (par === null) break;
      await moveIntervention(tx, {
        id: made.idIntervention,
        de,
        vers: step.vers,
        idAuteur: par,
        commentaire: step.commentaire ?? null,
        at:
          place.arrivee === null
            ? new Date(now.getTime() - (steps - k - 1) * STEP)
            : new Date(createdAt.getTime() + (k + 1) * ROOM_STEP),
      });
      de = step.vers;
    }
    written += 1;
  }

  for (const r of residents)
    for (const d of IN_ROOMS)
      await write(
        d,
        { idCite: r.idCite, idChambre: r.idChambre, lieu: null, arrivee: r.remiseLe ?? now },
        r.idUser,
      );
  for (const idCite of commonCites)
    for (const d of IN_COMMON) await write(d, { idCite, idChambre: null, lieu: d.lieu, arrivee: null }, null);
  return written;
}
