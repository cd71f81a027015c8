/**
 * Koudougou's demo season past its publication (docs/decisions/062-demo-koudougou-published.md):
 * written through the product's own services, in the demo's transaction, so that the results,
 * offers, waiting list, mails, SMS, histories and journal are those the product writes.
 *
 * - the deliberation published `PUBLICATION_DAYS_AGO` days ago by Koudougou's regional manager,
 *   with the seed the demo names its students by;
 * - most offers answered in the days after (accepted on the site or by SMS to the answer number,
 *   some refused, which promotes the waiting list), a few left pending within their deadline,
 *   among them the named admitted student's (kept for the renouncement story);
 * - beds given by the manager to the first part of the accepted students, in « Cité universitaire
 *   des 1 500 lits » and « Cité universitaire Fasotex » (certificates, instalments, SMS);
 * - a room-choice campaign for the others, started at the load with its first slot open: a group
 *   of four friends, a group still forming, a student holding a room, one who chose and confirmed.
 */
import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import { ETUDIANT, GESTIONNAIRE_DR, type ReponseEtudiant } from '../../domain/enums';
import { scoreText } from '../../domain/score';
import { SMS_NUMERO_REPONSE } from '../../domain/sms-answer';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import {
  cite,
  critere,
  direction,
  dossier,
  dossierCritere,
  registreEtudiant,
  sessionCenou,
  users,
} from '../db/schema';
import { dbNow } from '../db/clock';
import { assign } from '../modules/assignment/service';
import { publishDeliberation } from '../modules/deliberation/service';
import { answerOffer } from '../modules/offers/service';
import {
  answerGroup,
  confirm,
  createCampaign,
  createGroup,
  hold,
  rooms,
} from '../modules/room-choice/service';
import { runSmsAnswers } from '../modules/sms-answers/job';
import { storeMessage } from '../sms/worker';
import { KDG_RANKING_SEED } from './content/dossiers';
import { Prng } from './prng';

/** How many days before the load the deliberation was published. */
export const PUBLICATION_DAYS_AGO = 4;
/** The cités where the manager gave beds. */
export const KDG_CITES_AFFECTATION = [
  'Cité universitaire des 1\u00a0500 lits',
  'Cité universitaire Fasotex',
] as const;
/** The campaign's settings: a slot an hour for 25 students, holds of 30 minutes, six days to choose. */
export const KDG_CAMPAGNE = {
  dureeCreneauMinutes: 60,
  etudiantsParCreneau: 25,
  dureeReservationMinutes: 30,
  jours: 6,
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An admitted student whose offer awaits its answer (`admitted`'s rows). */
type Admitted = Awaited<ReturnType<typeof admitted>>[number];

export interface KoudougouSummary {
  publication: Date;
  admis: number;
  acceptees: number;
  parSms: number;
  refusees: number;
  enAttente: number;
  loges: number;
  choisisseurs: number;
  /** Accounts the log names (student's INE → what it shows). */
  named: { userName: string; description: string }[];
  /** The named first of the waiting list, once the demo's refusals promoted those before it. */
  attente: { userName: string; description: string } | null;
}

const LIST_ORDER = sql`CASE ${dossier.listeDeliberation} WHEN 'READMISSIONS' THEN 0 WHEN 'PUPILLES' THEN 1 WHEN 'ETRANGERS' THEN 2 ELSE 3 END`;

function admitted(tx: Db, idSessionCenou: number) {
  return tx
    .select({
      idDossier: dossier.idDossier,
      idUser: dossier.idUser,
      ine: registreEtudiant.ine,
      nom: registreEtudiant.nomEtudiant,
      prenom: registreEtudiant.prenomEtudiant,
      sexe: registreEtudiant.sexeEtudiant,
      liste: dossier.listeDeliberation,
      rang: dossier.rang,
      reference: dossier.referenceDossier,
      tel: registreEtudiant.telNormalise,
    })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        isNull(dossier.deletedAt),
        eq(dossier.statutDossier, 'ADMIS'),
        eq(dossier.reponse, 'EN_ATTENTE'),
      ),
    )
    .orderBy(LIST_ORDER, dossier.rang, dossier.idDossier);
}

// The demo's dossiers are each a student's account's (`id_user` set at the deposit).
const studentActor = (s: { idUser: number | null; ine: string }, idDirection: number): Actor => ({
  id: s.idUser!,
  role: ETUDIANT,
  idDirection,
  userName: s.ine,
});

const fullName = (s: { nom: string; prenom: string }) => `${s.nom.toUpperCase()} ${s.prenom}`;

/**
 * Writes Koudougou's season past its publication. `keepPending`: the INEs whose offer stays
 * unanswered (the named admitted student); `keepWaiting`: whose place on the waiting list must stay
 * untouched by the season's refusals (none today: the first of the list is named afterwards).
 */
export async function loadKoudougouSeason(
  tx: Db,
  opts: { today: Date; dashboardUrl: string; keepPending: readonly string[] },
): Promise<KoudougouSummary> {
  const [ctx] = await tx
    .select({
      idSessionCenou: sessionCenou.idSessionCenou,
      idDirection: sessionCenou.idDirection,
      idManager: users.id,
      userName: users.userName,
    })
    .from(sessionCenou)
    .innerJoin(direction, eq(direction.idDirection, sessionCenou.idDirection))
    .innerJoin(
      users,
      and(
        eq(users.idDirection, direction.idDirection),
        eq(users.role, GESTIONNAIRE_DR),
        isNull(users.deletedAt),
      ),
    )
    .where(
      and(
        eq(direction.sigleDirection, 'KDG'),
        eq(sessionCenou.statutSession, 'OUVERT'),
        isNull(sessionCenou.deletedAt),
      ),
    )
    .orderBy(users.id)
    .limit(1);
  if (!ctx) throw new Error('KDG : pas de session ouverte ou de gestionnaire régional');
  const { idSessionCenou, idDirection } = ctx;
  const manager: Actor = { id: ctx.idManager, role: GESTIONNAIRE_DR, idDirection, userName: ctx.userName };
  const dashboardUrl = opts.dashboardUrl;
  const prng = new Prng(0x4b4447);

  // 1. The publication, some days ago, at ten in the morning.
  const day = new Date(opts.today.getTime() - PUBLICATION_DAYS_AGO * DAY);
  const publication = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10));
  await publishDeliberation(tx, manager, {
    idSessionCenou,
    idDirection,
    seed: KDG_RANKING_SEED,
    dashboardUrl,
    now: publication,
  });

  // 2. The answers, spread over the three days after it: about one in eight refuses, about one in
  // ten waits (within its deadline), the others accept, one in three of them by SMS.
  const first = await admitted(tx, idSessionCenou);
  const keep = new Set(opts.keepPending.map((i) => i.toUpperCase()));
  const plan = first.map((a, k) => {
    const draw = prng.next();
    const reponse: ReponseEtudiant | null = keep.has(a.ine.toUpperCase())
      ? null
      : draw < 0.12 && a.liste === 'NATIONAUX'
        ? 'REFUSE'
        : draw < 0.22
          ? null
          : 'ACCEPTE';
    const sms = reponse !== null && a.tel !== null && prng.next() < 0.33;
    const at = new Date(publication.getTime() + HOUR + Math.floor((((k * 7919) % 4000) / 4000) * 3 * DAY));
    return { a, reponse, sms, at };
  });
  plan.sort((x, y) => x.at.getTime() - y.at.getTime());
  const summary: KoudougouSummary = {
    publication,
    admis: first.length,
    acceptees: 0,
    parSms: 0,
    refusees: 0,
    enAttente: 0,
    loges: 0,
    choisisseurs: 0,
    named: [],
    attente: null,
  };
  const accepted: Admitted[] = [];
  for (const p of plan) {
    if (!p.reponse) continue;
    if (p.sms) {
      // « OUI <référence> » to the answer number, answered as the SMS job answers it.
      await storeMessage(tx, {
        sender: p.a.tel!,
        recipient: SMS_NUMERO_REPONSE,
        text: `${p.reponse === 'ACCEPTE' ? 'OUI' : 'NON'} ${p.a.reference}`,
        messageId: null,
        receivedAt: p.at,
      });
      await runSmsAnswers(tx, { dashboardUrl, now: p.at });
      summary.parSms += 1;
    } else {
      await answerOffer(tx, studentActor(p.a, idDirection), p.a.idDossier, p.reponse, {
        dashboardUrl,
        now: p.at,
        canal: 'WEB',
      });
    }
    if (p.reponse === 'ACCEPTE') {
      summary.acceptees += 1;
      accepted.push(p.a);
    } else summary.refusees += 1;
  }
  summary.enAttente = (await admitted(tx, idSessionCenou)).length;
  // Every offer made: the publication's and those a refusal passed on to the waiting list, so that
  // the log's « N offres (…) » adds up, as « Admis » of the statistics counts them.
  summary.admis = summary.acceptees + summary.refusees + summary.enAttente;

  // 3. Beds given by the manager to the first 45 % of the accepted (in list and rank order), one
  // cité after the other, each student of the pair of cités by turn.
  const order = new Map(first.map((a, i) => [a.idDossier, i]));
  accepted.sort((x, y) => order.get(x.idDossier)! - order.get(y.idDossier)!);
  const housed = accepted.slice(0, Math.round(accepted.length * 0.45));
  const cites = await tx
    .select({ idCite: cite.idCite, nom: cite.nomCite })
    .from(cite)
    .where(and(inArray(cite.nomCite, [...KDG_CITES_AFFECTATION]), isNull(cite.deletedAt)))
    .orderBy(cite.idCite);
  if (cites.length !== KDG_CITES_AFFECTATION.length) throw new Error('KDG : cités de démonstration absentes');
  for (const [k, c] of cites.entries()) {
    const ines = housed.filter((_, i) => i % cites.length === k).map((a) => a.ine);
    if (ines.length)
      await assign(tx, manager, { idSessionCenou, idCite: c.idCite, etudiants: ines, dashboardUrl });
  }
  summary.loges = housed.length;
  const loge = housed.find((a) => a.liste === 'NATIONAUX') ?? housed[0];

  // 4. The room-choice campaign for the others, from now: its first slot open.
  const now = await dbNow(tx);
  const campaign = await createCampaign(tx, manager, {
    idSessionCenou,
    idDirection,
    debut: now.toISOString(),
    fin: new Date(now.getTime() + KDG_CAMPAGNE.jours * DAY).toISOString(),
    dureeCreneauMinutes: KDG_CAMPAGNE.dureeCreneauMinutes,
    etudiantsParCreneau: KDG_CAMPAGNE.etudiantsParCreneau,
    dureeReservationMinutes: KDG_CAMPAGNE.dureeReservationMinutes,
    dashboardUrl,
  });
  summary.choisisseurs = campaign.creneaux.length;
  const bySlot = new Map(campaign.creneaux.map((c) => [c.ine.toUpperCase(), Date.parse(c.debutCreneau)]));
  const info = new Map(accepted.map((a) => [a.ine.toUpperCase(), a]));
  const open = campaign.creneaux
    .filter((c) => Date.parse(c.debutCreneau) <= now.getTime())
    .map((c) => info.get(c.ine.toUpperCase())!)
    .filter(Boolean);
  const later = campaign.creneaux
    .filter((c) => Date.parse(c.debutCreneau) > now.getTime())
    .map((c) => info.get(c.ine.toUpperCase())!)
    .filter(Boolean);
  const taken = new Set<string>();
  const pick = (from: Admitted[], n: number, sexe?: string) => {
    const out: Admitted[] = [];
    for (const a of from) {
      if (out.length === n) break;
      if (taken.has(a.ine) || (sexe && a.sexe !== sexe)) continue;
      out.push(a);
    }
    if (out.length < n) throw new Error('KDG : pas assez d’étudiants pour la campagne de démonstration');
    for (const a of out) taken.add(a.ine);
    return out;
  };
  const sexeMajoritaire = open.filter((a) => a.sexe === 'F').length * 2 >= open.length ? 'F' : 'M';
  const limit = { maxFailures: 10, windowMinutes: 15 };
  const act = (a: Admitted) => studentActor(a, idDirection);

  // The group of four friends, all accepted, in the first slot.
  const quatre = pick(open, 4, sexeMajoritaire);
  const g4 = await createGroup(tx, act(quatre[0]), { ines: quatre.slice(1).map((a) => a.ine), limit });
  for (const a of quatre.slice(1))
    await answerGroup(tx, act(a), { idGroupe: g4.idGroupe, reponse: 'ACCEPTE' });
  // A group still forming: its creator, one friend in, one invited who has not answered.
  const forming = pick([...open, ...later], 3, sexeMajoritaire === 'F' ? 'M' : 'F');
  const g3 = await createGroup(tx, act(forming[0]), { ines: forming.slice(1).map((a) => a.ine), limit });
  await answerGroup(tx, act(forming[1]), { idGroupe: g3.idGroupe, reponse: 'ACCEPTE' });
  // One who chose and confirmed, one holding a room, one whose slot is open with nothing held.
  const [choisi, tenant, libre] = pick(open, 3);
  const roomFor = async (a: Admitted, k: number) => {
    const answer = await rooms(tx, act(a), cites[k % cites.length].idCite);
    const list = JSON.parse(answer.identity.toString('utf8')) as { idChambre: number }[];
    if (!list.length) throw new Error('KDG : aucune chambre libre pour la démonstration');
    return list[list.length - 1 - k].idChambre;
  };
  const made = await hold(tx, act(choisi), { idChambre: await roomFor(choisi, 0) });
  await confirm(tx, act(choisi), { idReservation: made.idReservation, dashboardUrl });
  await hold(tx, act(tenant), { idChambre: await roomFor(tenant, 1) });
  const pasOuvert = later.find((a) => !taken.has(a.ine));

  const who = (a: { nom: string; prenom: string }) => `étudiant de KDG, ${fullName(a)}`;
  const slotText = (a: Admitted) =>
    new Date(bySlot.get(a.ine.toUpperCase())!).toLocaleString('fr-FR', {
      timeZone: 'Africa/Ouagadougou',
      hour: '2-digit',
      minute: '2-digit',
    });
  summary.named.push(
    {
      userName: loge.ine,
      description: `${who(loge)} : offre acceptée, lit attribué par le gestionnaire (attestation, échéances du loyer)`,
    },
    {
      userName: libre.ine,
      description: `${who(libre)} : choix de la chambre, créneau ouvert, rien de réservé`,
    },
    {
      userName: quatre[0].ine,
      description: `${who(quatre[0])} : groupe de quatre amis formé, créneau ouvert`,
    },
    {
      userName: tenant.ine,
      description: `${who(tenant)} : réserve une chambre (${KDG_CAMPAGNE.dureeReservationMinutes} minutes après le chargement)`,
    },
    {
      userName: choisi.ine,
      description: `${who(choisi)} : chambre choisie et confirmée`,
    },
    {
      userName: forming[2].ine,
      description: `${who(forming[2])} : invité dans un groupe d'amis en formation, à accepter ou refuser`,
    },
  );
  const renonce = plan.find((p) => p.reponse === 'REFUSE');
  if (renonce)
    summary.named.push({
      userName: renonce.a.ine,
      description: `${who(renonce.a)} : a renoncé à son offre${renonce.sms ? ' par SMS' : ''}`,
    });
  if (pasOuvert)
    summary.named.push({
      userName: pasOuvert.ine,
      description: `${who(pasOuvert)} : créneau de choix pas encore ouvert (à ${slotText(pasOuvert)})`,
    });

  // The first of the waiting list who may take a place of the nationaux, once the refusals
  // promoted those before it: the place the named admitted student gives up is its.
  const [w] = await tx
    .select({
      ine: registreEtudiant.ine,
      nom: registreEtudiant.nomEtudiant,
      prenom: registreEtudiant.prenomEtudiant,
      rang: dossier.rang,
      moyenne: dossier.moyenne,
    })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        eq(dossier.statutDossier, 'LISTE_ATTENTE'),
        isNull(dossier.deletedAt),
        exists(
          tx
            .select({ id: dossierCritere.idDossierCritere })
            .from(dossierCritere)
            .innerJoin(critere, eq(critere.idCritere, dossierCritere.idCritere))
            .where(
              and(
                eq(dossierCritere.idDossier, dossier.idDossier),
                eq(critere.listeDeliberation, 'NATIONAUX'),
                eq(dossierCritere.valeurAnalyse, 'VALIDE'),
              ),
            ),
        ),
      ),
    )
    .orderBy(dossier.rang)
    .limit(1);
  if (w)
    summary.attente = {
      userName: w.ine,
      description: `${who(w)} : rang ${w.rang} sur la liste d'attente, le premier qui peut prendre une place des nationaux (moyenne ${scoreText(w.moyenne ?? 0)})`,
    };
  return summary;
}
