/**
 * Room choice by the students (docs/room-choice.md, docs/decisions/046-room-choice.md). Services
 * take `(db or tx, actor, input)` and never see Fastify; the rules are `src/domain/room-choice.ts`.
 *
 * Lock orders (decision 046), so that no two transactions wait on each other in a cycle:
 * - a hold, an extension, a group's change: the holder (the student's slot row, then its group's
 *   row), then the room's beds (`lit` `FOR UPDATE`), then the holds they free;
 * - a confirmation: the session, its assignment lock and the cité (as staff's assignment), the
 *   holder, the hold's beds, the hold;
 * - staff cancelling a hold: its beds, then the hold.
 */
import { gzipSync } from 'node:zlib';
import {
  computeSlots,
  extensionRefusal,
  groupSlot,
  holdEnd,
  roomFits,
  ROOM_CHOICE,
  slotState,
} from '../../../domain/room-choice';
import { groupName } from '../../../domain/room-choice-names';
import { LISTES_ADMISSION, type ListeAdmission, type Sexe } from '../../../domain/enums';
import { fill, messages } from '../../../domain/messages';
import { smsText } from '../../../domain/messages-sms';
import type {
  CampaignBody,
  CampaignUpdateBody,
  GroupRead,
  HoldRead,
  RoomRow,
} from '../../../domain/schemas/room-choice';
import { assertCanReach, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { dbNow } from '../../db/clock';
import { isUniqueViolation, withTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../errors';
import { enqueueMails } from '../../mail/outbox';
import { formatDateDepot, roomChoiceReminderMail, roomChoiceSlotMail } from '../../mail/templates';
import type { Claimed } from '../../jobs/repository';
import { listEtag } from '../../lists/revalidation';
import type { Encoded } from '../../plugins/encoded';
import { isOverLimit, recordFailure } from '../../security/rate-counter';
import { lockOpenSession, reachableSession } from '../../sessions/open-session';
import { enqueueSmsList } from '../../sms/outbox';
import { lockBeds } from '../assignment/repository';
import { assignChosenBeds, lockCiteAssignment } from '../assignment/service';
import type { AffectationRow } from '../assignment/repository';
import {
  activeHoldOf,
  campaignById,
  campaignOf,
  runningCampaigns,
  choosers,
  choosersByIne,
  choosersOfCampaign,
  citeOfDirection,
  citesOfDirection,
  deleteCampaign,
  deleteMember,
  endHold,
  extendHold,
  followCounts,
  groupCreator,
  groupMembers,
  groupOfStudent,
  hasBedInSession,
  holdBeds,
  stillChoosers,
  holdById,
  holdsOfStudents,
  hasSlot,
  insertCampaign,
  insertSlot,
  lastSlot,
  takeReminder,
  insertGroup,
  insertHold,
  lockGroup,
  releaseExpiredHolds,
  replaceSlots,
  roomBeds,
  roomPlace,
  roomSex,
  roomsOfCite,
  setMemberStatus,
  slotOfUser,
  slotsOf,
  studentsInGroups,
  takenBeds,
  updateCampaign,
  type Campaign,
  type Hold,
} from './repository';

const conflict = (text: string) => new AppError('CONFLIT', { text });
const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------- campaigns (staff)

/** How far in the past a new start may be (a form's time has no seconds; the other fields take time). */
const START_GRACE_MS = ROOM_CHOICE.debutPasseToleranceMinutes * 60_000;
/** No reminder for a slot that opens this soon after its student is told it (the telling is enough). */
const REMINDER_AFTER_MS = 10 * 60_000;

/**
 * The settings with their defaults, the dates checked on the database's clock: the start not in
 * the past (within a few minutes), the end after the start and still to come.
 */
function settingsOf(input: CampaignUpdateBody, now: Date) {
  const debut = new Date(input.debut);
  const fin = new Date(input.fin);
  if (debut.getTime() < now.getTime() - START_GRACE_MS) throw fieldError('debut', 'choixCampagneDebutPasse');
  if (fin.getTime() <= debut.getTime()) throw fieldError('fin', 'choixCampagneDates');
  if (fin.getTime() <= now.getTime()) throw fieldError('fin', 'choixCampagneTerminee');
  return {
    debut,
    fin,
    dureeCreneauMinutes: input.dureeCreneauMinutes ?? ROOM_CHOICE.dureeCreneauMinutesDefaut,
    etudiantsParCreneau: input.etudiantsParCreneau ?? ROOM_CHOICE.etudiantsParCreneauDefaut,
    dureeReservationMinutes: input.dureeReservationMinutes ?? ROOM_CHOICE.dureeReservationMinutesDefaut,
  };
}

/** The choosers of the campaign's session in their order, their slots written, each told by SMS and mail. */
async function writeSlots(tx: Db, c: Campaign, dashboardUrl: string, now: Date): Promise<number> {
  const found = await choosers(tx, c.idSessionCenou, c.idDirection);
  const byIne = new Map(found.map((f) => [f.ine, f]));
  const slots = computeSlots(
    found.map((f) => ({
      ine: f.ine,
      // Admitted by the deliberation (and accepted): its list and rank; otherwise by the uploaded list.
      liste:
        f.admisDeliberation && (LISTES_ADMISSION as readonly string[]).includes(f.liste ?? '')
          ? (f.liste as ListeAdmission)
          : null,
      rang: (f.admisDeliberation ? f.rang : f.rangCharge) ?? Number.MAX_SAFE_INTEGER,
      handicap: f.handicap,
    })),
    c,
  );
  // The last slot must leave one hold's length before the end, or its students never choose.
  const last = slots.at(-1);
  if (last && last.debutCreneau.getTime() + c.dureeReservationMinutes * 60_000 > c.fin.getTime())
    throw fieldError('fin', 'choixCampagneCreneauxApresFin');
  await replaceSlots(
    tx,
    c.idCampagne,
    slots.map((s, ordre) => {
      const who = byIne.get(s.ine)!;
      return {
        idCampagne: c.idCampagne,
        idEtudiant: who.idEtudiant,
        idDossier: who.idDossier,
        ine: s.ine,
        ordre,
        numero: s.numero,
        debutCreneau: s.debutCreneau,
        ...reminderOf(s.debutCreneau, now),
      };
    }),
  );
  const told = await choosersOfCampaign(tx, c.idCampagne);
  await tellSlots(tx, told, c.fin, dashboardUrl);
  return told.length;
}

/** A slot's reminder: due at its start, or none when it opens within minutes of being told. */
function reminderOf(debutCreneau: Date, now: Date) {
  return {
    rappelA: debutCreneau,
    rappelEnvoyeA: debutCreneau.getTime() - now.getTime() < REMINDER_AFTER_MS ? now : null,
  };
}

/** Each chooser told its slot by mail and SMS. */
async function tellSlots(
  tx: Db,
  told: Awaited<ReturnType<typeof choosersOfCampaign>>,
  finCampagne: Date,
  dashboardUrl: string,
) {
  const fin = formatDateDepot(finCampagne);
  await enqueueMails(
    tx,
    told.flatMap((w) =>
      w.email
        ? [
            {
              recipient: w.email,
              idUser: w.idUser,
              idDossier: w.idDossier,
              mail: roomChoiceSlotMail(
                { nom: w.nom, prenom: w.prenom, debutCreneau: formatDateDepot(w.debutCreneau), fin },
                dashboardUrl,
              ),
            },
          ]
        : [],
    ),
  );
  await enqueueSmsList(
    tx,
    told.flatMap((w) =>
      w.idUser
        ? [
            {
              kind: 'CRENEAU_CHOIX',
              idUser: w.idUser,
              idDossier: w.idDossier,
              text: smsText('CRENEAU_CHOIX', { date: formatDateDepot(w.debutCreneau) }),
            },
          ]
        : [],
    ),
  );
}

async function campaignRead(db: Db, c: Campaign) {
  const slots = await slotsOf(db, c.idCampagne);
  return {
    ...c,
    debut: iso(c.debut),
    fin: iso(c.fin),
    creneaux: slots.map((s) => ({ ine: s.ine, debutCreneau: iso(s.debutCreneau) })),
  };
}

export async function createCampaign(
  db: Db,
  actor: Actor | null,
  input: CampaignBody & { dashboardUrl: string },
) {
  scopeFor(actor, 'roomchoice.manage');
  assertCanReach(actor, 'roomchoice.manage', { idDirection: input.idDirection });
  const session = await reachableSession(db, actor, 'roomchoice.manage', input.idSessionCenou);
  if (session.idDirection !== input.idDirection) throw conflict(messages.choixCampagneAutreDirection);
  try {
    return await withTransaction(db, async (tx) => {
      const now = await dbNow(tx);
      const values = settingsOf(input, now);
      await lockOpenSession(tx, { idSessionCenou: input.idSessionCenou }, 'assignment');
      if (await campaignOf(tx, input.idSessionCenou, input.idDirection))
        throw conflict(messages.choixCampagneExiste);
      const c = await insertCampaign(tx, {
        idSessionCenou: input.idSessionCenou,
        idDirection: input.idDirection,
        ...values,
        idAuteur: actor?.id ?? null,
      });
      await writeSlots(tx, c, input.dashboardUrl, now);
      await recordAudit(tx, actor, {
        action: 'CREER',
        resource: 'campagne_choix',
        resourceId: c.idCampagne,
        detail: { idSessionCenou: c.idSessionCenou, debut: iso(c.debut), fin: iso(c.fin) },
      });
      return campaignRead(tx, c);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'campagne_choix_session_direction'))
      throw conflict(messages.choixCampagneExiste);
    throw err;
  }
}

export async function readCampaign(
  db: Db,
  actor: Actor | null,
  q: { idSessionCenou: number; idDirection: number },
) {
  scopeFor(actor, 'roomchoice.manage');
  assertCanReach(actor, 'roomchoice.manage', { idDirection: q.idDirection });
  const c = await campaignOf(db, q.idSessionCenou, q.idDirection);
  // No campaign yet for the session: a normal state, answered null.
  if (!c) return null;
  return campaignRead(db, c);
}

/**
 * The sessions whose room choice runs now, in the actor's scope (its direction's, or all): the
 * session choosers say « phase : choix des chambres » for them (`sessionPhaseLabel`).
 */
export async function runningRoomChoices(db: Db, actor: Actor | null) {
  const scope = scopeFor(actor, 'roomchoice.manage');
  if (scope !== 'all' && actor!.idDirection === null) return [];
  return runningCampaigns(db, scope === 'all' ? null : actor!.idDirection);
}

/** A campaign the actor may change, locked, not started yet (409 after its start). */
async function lockBeforeStart(tx: Db, actor: Actor | null, idCampagne: number) {
  scopeFor(actor, 'roomchoice.manage');
  const c = await campaignById(tx, idCampagne, true);
  if (!c) throw notFound();
  assertCanReach(actor, 'roomchoice.manage', { idDirection: c.idDirection });
  const now = await dbNow(tx);
  if (now.getTime() >= c.debut.getTime()) throw conflict(messages.choixCampagneCommencee);
  return { c, now };
}

export async function changeCampaign(
  db: Db,
  actor: Actor | null,
  input: CampaignUpdateBody & { idCampagne: number; dashboardUrl: string },
) {
  return withTransaction(db, async (tx) => {
    const { c: before, now } = await lockBeforeStart(tx, actor, input.idCampagne);
    const c = await updateCampaign(tx, before.idCampagne, settingsOf(input, now));
    await writeSlots(tx, c, input.dashboardUrl, now);
    await recordAudit(tx, actor, {
      action: 'MODIFIER',
      resource: 'campagne_choix',
      resourceId: c.idCampagne,
      detail: {
        avant: { debut: iso(before.debut), fin: iso(before.fin) },
        apres: { debut: iso(c.debut), fin: iso(c.fin) },
      },
    });
    return campaignRead(tx, c);
  });
}

export async function cancelCampaign(db: Db, actor: Actor | null, idCampagne: number) {
  return withTransaction(db, async (tx) => {
    const { c } = await lockBeforeStart(tx, actor, idCampagne);
    await deleteCampaign(tx, c.idCampagne);
    await recordAudit(tx, actor, {
      action: 'SUPPRIMER',
      resource: 'campagne_choix',
      resourceId: c.idCampagne,
      detail: { idSessionCenou: c.idSessionCenou, debut: iso(c.debut), fin: iso(c.fin) },
    });
    return { message: messages.choixCampagneAnnulee };
  });
}

/** The campaign a follow-up names, reachable by the actor. */
export async function followedCampaign(db: Db, actor: Actor | null, idCampagne: number) {
  scopeFor(actor, 'roomchoice.manage');
  const c = await campaignById(db, idCampagne);
  if (!c) throw notFound();
  assertCanReach(actor, 'roomchoice.manage', { idDirection: c.idDirection });
  return c;
}

/** How many choosers of a campaign are in each state, as the follow-up's table reads them. */
export async function campaignCounts(db: Db, actor: Actor | null, idCampagne: number) {
  const c = await followedCampaign(db, actor, idCampagne);
  const counts = { CHOISI: 0, EN_RESERVATION: 0, EN_ATTENTE: 0, PAS_ENCORE_OUVERT: 0, SANS_CHOIX: 0 };
  for (const row of await followCounts(db, c.idCampagne)) counts[row.etat] = row.nombre;
  return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

// ---------------------------------------------------------------- late acceptances

/**
 * A student who accepts its offer while its session's campaign runs gets a slot after the last
 * one (docs/decisions/053-room-choice-staff-and-late-choosers.md), never before anyone already
 * told, and is told it by SMS and mail; it opens at once when that slot is already open, and never
 * later than one hold's length before the end. In the acceptance's transaction, the campaign's row
 * locked so that two late acceptances take two places in order. Nothing when the session has no
 * campaign, the campaign has ended, or the student already has a slot.
 */
export async function giveLateSlot(
  tx: Db,
  input: { idSessionCenou: number; idDirection: number; idDossier: number; dashboardUrl: string },
): Promise<void> {
  const c = await campaignOf(tx, input.idSessionCenou, input.idDirection, true);
  if (!c) return;
  const now = await dbNow(tx);
  if (now.getTime() >= c.fin.getTime()) return;
  const [who] = await choosers(tx, c.idSessionCenou, c.idDirection, input.idDossier);
  if (!who || (await hasSlot(tx, c.idCampagne, who.idEtudiant))) return;
  const last = await lastSlot(tx, c.idCampagne);
  const ordre = last === null ? 0 : last + 1;
  const numero = Math.floor(ordre / c.etudiantsParCreneau);
  const latest = c.fin.getTime() - c.dureeReservationMinutes * 60_000;
  const debutCreneau = new Date(
    Math.max(
      c.debut.getTime(),
      Math.min(c.debut.getTime() + numero * c.dureeCreneauMinutes * 60_000, latest),
    ),
  );
  await insertSlot(tx, {
    idCampagne: c.idCampagne,
    idEtudiant: who.idEtudiant,
    idDossier: who.idDossier,
    ine: who.ine,
    ordre,
    numero,
    debutCreneau,
    ...reminderOf(debutCreneau, now),
  });
  const told = (await choosersOfCampaign(tx, c.idCampagne)).filter((w) => w.idEtudiant === who.idEtudiant);
  await tellSlots(tx, told, c.fin, input.dashboardUrl);
}

// ---------------------------------------------------------------- the reminder when a slot opens

/**
 * A claimed reminder (the job queue, `REMINDER_QUEUE`): marked sent under its claim's fence and,
 * in the same transaction, its SMS and mail queued, so that it goes out once whatever the
 * instances. Nothing is sent when the campaign has ended or the student no longer chooses.
 * → whether this claim took it (false: its lease was lost, another claim has it).
 */
export async function sendReminder(db: Db, job: Claimed, dashboardUrl: string): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const who = await takeReminder(tx, job);
    if (!who) return false;
    if (!who.ouverte) return true;
    if (!(await stillChoosers(tx, who.idSessionCenou, [who.idEtudiant])).length) return true;
    if (who.email)
      await enqueueMails(tx, [
        {
          recipient: who.email,
          idUser: who.idUser,
          idDossier: who.idDossier,
          mail: roomChoiceReminderMail(
            { nom: who.nom, prenom: who.prenom, fin: formatDateDepot(who.fin) },
            dashboardUrl,
          ),
        },
      ]);
    if (who.idUser)
      await enqueueSmsList(tx, [
        {
          kind: 'RAPPEL_CRENEAU',
          idUser: who.idUser,
          idDossier: who.idDossier,
          text: smsText('RAPPEL_CRENEAU', { date: formatDateDepot(who.fin) }),
        },
      ]);
    return true;
  });
}

// ---------------------------------------------------------------- the student: who, its group, its slot

type Me = NonNullable<Awaited<ReturnType<typeof slotOfUser>>>;

/** The signed-in student's slot (409 when no campaign gives it one), its row locked when asked. */
async function me(db: Db, actor: Actor | null, lock = false): Promise<Me> {
  scopeFor(actor, 'roomchoice.choose');
  const found = await slotOfUser(db, actor!.id, lock);
  if (!found) throw conflict(messages.choixCampagneAucune);
  return found;
}

function assertRunning(c: Campaign, now: Date) {
  if (now.getTime() >= c.fin.getTime()) throw conflict(messages.choixCampagneTerminee);
}

async function groupRead(db: Db, idGroupe: number): Promise<GroupRead> {
  const members = await groupMembers(db, idGroupe);
  return {
    idGroupe,
    // A name is shown once its student accepted: an invitation tells nobody who an INE is.
    membres: members.map((m) => ({
      ine: m.ine,
      nomEtudiant: m.statut === 'ACCEPTE' ? m.nomEtudiant : null,
      prenomEtudiant: m.statut === 'ACCEPTE' ? m.prenomEtudiant : null,
      statut: m.statut,
    })),
  };
}

/** SMS to the members of a group but one. */
async function tellMembers(
  tx: Db,
  idGroupe: number,
  except: number,
  kind: 'GROUPE_INVITATION' | 'GROUPE_ACCEPTE' | 'GROUPE_REFUSE' | 'GROUPE_DEPART',
  ine: string,
  only?: readonly number[],
) {
  const members = await groupMembers(tx, idGroupe);
  await enqueueSmsList(
    tx,
    members
      .filter(
        (m) => m.idEtudiant !== except && m.statut !== 'REFUSE' && (!only || only.includes(m.idEtudiant)),
      )
      .flatMap((m) => (m.idUser ? [{ kind, idUser: m.idUser, text: smsText(kind, { ine }) }] : [])),
  );
}

/** The failures counted against a student's invitations (the rate counters of sign-in). */
export interface InvitationLimit {
  maxFailures: number;
  windowMinutes: number;
}
const invitationKey = (idUser: number) => `choix-invitation:${idUser}`;

/**
 * A group formed: the caller (accepted) and the friends it invites by INE, each told by SMS. An
 * invitation that cannot be made (an INE that does not choose in this campaign, of the other sex,
 * or already in a group) is one and the same 409, counted against the caller: over the limit,
 * 429. So nobody learns from the answers who an INE is, nor probes INEs one after another.
 */
export async function createGroup(
  db: Db,
  actor: Actor | null,
  input: { ines: string[]; limit: InvitationLimit },
): Promise<GroupRead> {
  scopeFor(actor, 'roomchoice.choose');
  const key = invitationKey(actor!.id);
  if (await isOverLimit(db, key, input.limit.maxFailures, input.limit.windowMinutes))
    throw new AppError('TROP_DE_TENTATIVES', 'choixInvitationsTrop');
  const impossible = () => new AppError('CONFLIT', 'choixGroupeInvitationImpossible');
  try {
    return await withTransaction(db, async (tx) => {
      const self = await me(tx, actor, true);
      assertRunning(self.campaign, await dbNow(tx));
      const ines = input.ines.map((i) => i.trim().toUpperCase());
      if (new Set(ines).size !== ines.length || ines.includes(self.ine.toUpperCase()))
        throw fieldError('ines', 'choixGroupeSoiMeme');
      const inMine = await studentsInGroups(tx, self.idCampagne, [self.idEtudiant]);
      if (inMine.length) throw conflict(messages.choixGroupeDejaMembre);
      const others = await choosersByIne(tx, self.idCampagne, ines);
      if (others.length !== ines.length || others.some((o) => o.sexe !== self.sexe)) throw impossible();
      // A slot's owner housed or withdrawn since no longer chooses: inviting it would leave the
      // group unable to hold (the same refusal, so that nothing is learnt of that student).
      const still = await stillChoosers(
        tx,
        self.campaign.idSessionCenou,
        others.map((o) => o.idEtudiant),
      );
      if (still.length !== others.length) throw impossible();
      const inGroups = await studentsInGroups(
        tx,
        self.idCampagne,
        others.map((o) => o.idEtudiant),
      );
      if (inGroups.length) throw impossible();
      const idGroupe = await insertGroup(
        tx,
        { idCampagne: self.idCampagne, idCreateur: self.idEtudiant, sexe: self.sexe as Sexe },
        [
          { idEtudiant: self.idEtudiant, statut: 'ACCEPTE' },
          ...others.map((o) => ({ idEtudiant: o.idEtudiant, statut: 'INVITE' as const })),
        ],
      );
      await tellMembers(tx, idGroupe, self.idEtudiant, 'GROUPE_INVITATION', self.ine);
      await recordAudit(tx, actor, {
        action: 'CREER_GROUPE',
        resource: 'groupe_choix',
        resourceId: idGroupe,
        // Each invited student by its name with its INE, as the journal names students.
        detail: {
          invites: ines.map((ine) => {
            const o = others.find((c) => c.ine.toUpperCase() === ine)!;
            return { ine: o.ine, nom: o.nom, prenom: o.prenom };
          }),
        },
      });
      return groupRead(tx, idGroupe);
    });
  } catch (err) {
    const refused =
      isUniqueViolation(err, 'groupe_membre_un_groupe') ||
      (err instanceof AppError && err.key === 'choixGroupeInvitationImpossible');
    if (refused) {
      await recordFailure(db, key, input.limit.windowMinutes);
      throw impossible();
    }
    throw err;
  }
}

/** The group named by a call, locked, with the caller's membership (404 when it is not a member). */
async function myGroup(tx: Db, self: Me, idGroupe: number) {
  const group = await lockGroup(tx, idGroupe);
  if (!group || group.idCampagne !== self.idCampagne) throw notFound();
  const members = await groupMembers(tx, idGroupe);
  const mine = members.find((m) => m.idEtudiant === self.idEtudiant);
  if (!mine) throw notFound();
  return { group, members, mine };
}

export async function answerGroup(
  db: Db,
  actor: Actor | null,
  input: { idGroupe: number; reponse: 'ACCEPTE' | 'REFUSE' },
): Promise<GroupRead> {
  return withTransaction(db, async (tx) => {
    const self = await me(tx, actor, true);
    const { mine } = await myGroup(tx, self, input.idGroupe);
    const now = await dbNow(tx);
    assertRunning(self.campaign, now);
    if (mine.statut !== 'INVITE') throw conflict(messages.choixGroupeDejaRepondu);
    // A member joining a group that holds a room would get no bed of it at the confirmation.
    if (input.reponse === 'ACCEPTE') {
      const held = await activeHoldOf(tx, { idGroupe: input.idGroupe });
      if (held && held.expireA.getTime() > now.getTime())
        throw conflict(messages.choixGroupeReserveRejoindre);
    }
    await setMemberStatus(tx, input.idGroupe, self.idEtudiant, input.reponse);
    await tellMembers(
      tx,
      input.idGroupe,
      self.idEtudiant,
      input.reponse === 'ACCEPTE' ? 'GROUPE_ACCEPTE' : 'GROUPE_REFUSE',
      self.ine,
    );
    await recordAudit(tx, actor, {
      action: 'REPONDRE_GROUPE',
      resource: 'groupe_choix',
      resourceId: input.idGroupe,
      detail: { reponse: input.reponse },
    });
    return groupRead(tx, input.idGroupe);
  });
}

export async function leaveGroup(db: Db, actor: Actor | null, idGroupe: number) {
  return withTransaction(db, async (tx) => {
    const self = await me(tx, actor, true);
    const { mine } = await myGroup(tx, self, idGroupe);
    if (mine.statut === 'REFUSE') throw notFound();
    const hold = await activeHoldOf(tx, { idGroupe });
    if (hold && hold.expireA.getTime() > (await dbNow(tx)).getTime())
      throw conflict(messages.choixGroupeReserve);
    await tellMembers(tx, idGroupe, self.idEtudiant, 'GROUPE_DEPART', self.ine);
    await deleteMember(tx, idGroupe, self.idEtudiant);
    await recordAudit(tx, actor, {
      action: 'QUITTER_GROUPE',
      resource: 'groupe_choix',
      resourceId: idGroupe,
    });
    return { message: messages.choixGroupeQuitte };
  });
}

/**
 * Who holds for the caller: its group when it accepted one (the group's row locked, its accepted
 * members, the latest of their slots), else itself alone.
 */
async function holderOf(tx: Db, self: Me, lock: boolean) {
  const membership = await groupOfStudent(tx, self.idCampagne, self.idEtudiant);
  if (membership?.statut === 'ACCEPTE') {
    if (lock) await lockGroup(tx, membership.idGroupe);
    const accepted = (await groupMembers(tx, membership.idGroupe)).filter((m) => m.statut === 'ACCEPTE');
    return {
      idGroupe: membership.idGroupe as number | null,
      membres: accepted.map((m) => ({ idEtudiant: m.idEtudiant, ine: m.ine })),
      debutCreneau: groupSlot(accepted.map((m) => m.debutCreneau ?? self.debutCreneau)) ?? self.debutCreneau,
      membership,
    };
  }
  return {
    idGroupe: null as number | null,
    membres: [{ idEtudiant: self.idEtudiant, ine: self.ine }],
    debutCreneau: self.debutCreneau,
    membership,
  };
}

const holderKey = (self: Me, idGroupe: number | null) =>
  idGroupe !== null ? { idGroupe } : { idCampagne: self.idCampagne, idEtudiant: self.idEtudiant };

async function holdRead(db: Db, h: Hold): Promise<HoldRead> {
  // A room deleted since (its settings changed) still leaves the hold readable.
  const place = await roomPlace(db, h.idChambre);
  return {
    idReservation: h.idReservation,
    idChambre: h.idChambre,
    libelleChambre: place?.libelleChambre ?? '',
    libelleBatiment: place?.libelleBatiment ?? '',
    nomCite: place?.nomCite ?? '',
    lits: await holdBeds(db, h.idReservation),
    expireA: iso(h.expireA),
    prolongations: h.prolongations,
  };
}

/**
 * `GET choix-chambre/moi`: null while no campaign gives the student a slot, a normal state and not
 * an error (the writes still answer 409).
 */
export async function mine(db: Db, actor: Actor | null) {
  scopeFor(actor, 'roomchoice.choose');
  const self = await slotOfUser(db, actor!.id, false);
  if (!self) return null;
  const holder = await holderOf(db, self, false);
  const hold = await activeHoldOf(db, holderKey(self, holder.idGroupe));
  const now = await dbNow(db);
  return {
    idCampagne: self.idCampagne,
    debutCreneau: iso(holder.debutCreneau),
    fin: iso(self.campaign.fin),
    dureeReservationMinutes: self.campaign.dureeReservationMinutes,
    groupe: holder.membership ? await groupRead(db, holder.membership.idGroupe) : null,
    reservation: hold && hold.expireA.getTime() > now.getTime() ? await holdRead(db, hold) : null,
    cites: await citesWithBeds(db, self, holder.membres.length),
    loge: await hasBedInSession(db, self.idEtudiant, self.campaign.idSessionCenou),
  };
}

/**
 * The cités of the campaign's direction, each with the free beds of its rooms that fit the student
 * (or its group): the very rooms `GET chambres` lists, read through the same kept lists.
 */
async function citesWithBeds(db: Db, self: Me, size: number) {
  const cites = await citesOfDirection(db, self.campaign.idDirection);
  const out = [];
  for (const c of cites) {
    const list = await fittingRooms(db, self, size, c.idCite);
    out.push({ ...c, litsLibres: list.reduce((n, r) => n + r.litsLibres, 0) });
  }
  return out;
}

/** The rooms' answer as sent: its JSON, its tag, and that JSON compressed (gzip) once it is sent. */
export type RoomsAnswer = Encoded & { etag: string };

/**
 * How long an instance keeps a list of rooms before reading it again: a room taken elsewhere
 * disappears within this time (and at once on the instance that took it), while a slot of
 * students polling the list costs one read per second per (campaign, cité, sex, group size).
 */
export const ROOMS_CACHE_MS = 1000;
const roomsCache = new Map<string, { at: number; list: RoomRow[]; answer: RoomsAnswer | null }>();
const roomsKey = (idCampagne: number, idCite: number, sexe: string, size: number) =>
  `${idCampagne}:${idCite}:${sexe}:${size}`;

/** Forgets the instance's lists of a cité's rooms (a hold, a confirmation or a cancellation here). */
export function forgetRooms(idCampagne: number, idCite: number) {
  const prefix = `${idCampagne}:${idCite}:`;
  for (const k of roomsCache.keys()) if (k.startsWith(prefix)) roomsCache.delete(k);
}

function answerOf(list: RoomRow[]): RoomsAnswer {
  const json = JSON.stringify(list);
  const identity = Buffer.from(json, 'utf8');
  let gzip: Buffer | undefined;
  return {
    type: 'application/json; charset=utf-8',
    identity,
    etag: listEtag(json, undefined),
    // Compressed when an answer first sends it, then kept with the list: the polls answered 304
    // (nothing changed) compress nothing. Level 9: 3.6 KB for a cité of 625 rooms, against 4.6
    // at level 6, for about a millisecond more once a second at most (decision 136).
    get gzip() {
      return (gzip ??= gzipSync(identity, { level: 9 }));
    },
  };
}

/**
 * The rooms of a cité of the campaign's direction that fit the caller (its sex, its group's size),
 * read in one grouped pass and kept `ROOMS_CACHE_MS` per (campaign, cité, sex, group size) with
 * their tag and compressed body.
 */
export async function rooms(db: Db, actor: Actor | null, idCite: number): Promise<RoomsAnswer> {
  const self = await me(db, actor);
  const holder = await holderOf(db, self, false);
  const key = roomsKey(self.idCampagne, idCite, self.sexe, holder.membres.length);
  // A kept list is of a cité of the direction (checked when it was read): its answer is made once.
  const kept = roomsCache.get(key);
  if (kept && Date.now() - kept.at < ROOMS_CACHE_MS) return (kept.answer ??= answerOf(kept.list));
  const c = await citeOfDirection(db, idCite);
  if (!c) throw fieldError('idCite', 'referenceInexistante');
  if (c.idDirection !== self.campaign.idDirection) throw conflict(messages.choixChambreAutreDirection);
  const list = await fittingRooms(db, self, holder.membres.length, idCite);
  const entry = roomsCache.get(key);
  if (entry?.list === list) return (entry.answer ??= answerOf(list));
  return answerOf(list);
}

/**
 * The rooms of a cité (of the campaign's direction) that fit a student of its sex and a group of
 * `size`, kept `ROOMS_CACHE_MS` per (campaign, cité, sex, group size).
 */
async function fittingRooms(db: Db, self: Me, size: number, idCite: number): Promise<RoomRow[]> {
  const key = roomsKey(self.idCampagne, idCite, self.sexe, size);
  const kept = roomsCache.get(key);
  if (kept && Date.now() - kept.at < ROOMS_CACHE_MS) return kept.list;
  const all = await roomsOfCite(db, idCite, self.campaign.idSessionCenou);
  const list = all
    .filter((r) =>
      roomFits(
        {
          idChambre: r.idChambre,
          sexeBatiment: r.sexeBatiment as never,
          sexeOccupants: r.sexeOccupants,
          litsLibres: r.litsLibres,
        },
        self.sexe as Sexe,
        size,
      ),
    )
    .map(({ sexeBatiment: _b, sexeOccupants: _o, ...room }) => room);
  if (roomsCache.size > 10_000) roomsCache.clear();
  roomsCache.set(key, { at: Date.now(), list, answer: null });
  return list;
}

// ---------------------------------------------------------------- holds

export async function hold(db: Db, actor: Actor | null, input: { idChambre: number }): Promise<HoldRead> {
  try {
    return await withTransaction(db, async (tx) => {
      const self = await me(tx, actor, true);
      const now = await dbNow(tx);
      assertRunning(self.campaign, now);
      const holder = await holderOf(tx, self, true);
      if (slotState(now, holder.debutCreneau, self.campaign.fin) === 'PAS_ENCORE_OUVERT')
        throw conflict(messages.choixCreneauPasOuvert);
      // Every member still chooses: a slot outlives a bed given, a withdrawal, a confirmation.
      const still = new Set(
        await stillChoosers(
          tx,
          self.campaign.idSessionCenou,
          holder.membres.map((m) => m.idEtudiant),
        ),
      );
      if (!still.has(self.idEtudiant)) throw conflict(messages.choixPasChoisisseur);
      const gone = holder.membres.filter((m) => !still.has(m.idEtudiant)).map((m) => m.ine);
      if (gone.length) throw conflict(fill(messages.choixGroupeNonChoisisseurs, { ines: gone.join(', ') }));
      const room = await roomPlace(tx, input.idChambre);
      if (!room) throw fieldError('idChambre', 'referenceInexistante');
      if (room.idDirection !== self.campaign.idDirection) throw conflict(messages.choixChambreAutreDirection);
      // A new hold releases the old ones: the holder's, and the student's own made before it joined
      // a group. The same room again is no new hold (its time and extensions would start afresh).
      const old = await activeHoldOf(tx, holderKey(self, holder.idGroupe));
      if (old && old.idChambre === input.idChambre && old.expireA > now)
        throw conflict(messages.choixChambreDejaReservee);
      // And the holds with a bed for one of the members: a member's own made alone before it
      // joined, an expired one of a group it left (a student holds one bed at most: a unique index).
      const theirs = await holdsOfStudents(
        tx,
        self.idCampagne,
        holder.membres.map((m) => m.idEtudiant),
      );
      const olds = [...(old ? [old] : []), ...theirs].filter(
        (h, i, all) => all.findIndex((o) => o.idReservation === h.idReservation) === i,
      );
      const beds = await roomBeds(tx, input.idChambre);
      const ids = beds.map((b) => b.idLit);
      // The beds first, the new room's and the old holds' in one id order, then the holds
      // (the order of every writer of holds, docs/decisions/046-room-choice.md).
      const oldBeds = (await Promise.all(olds.map((h) => holdBeds(tx, h.idReservation)))).flat();
      await lockBeds(tx, [...ids, ...oldBeds.map((b) => b.idLit)]);
      for (const h of olds) await endHold(tx, h.idReservation, h.expireA > now ? 'ANNULEE' : 'EXPIREE');
      await releaseExpiredHolds(tx, ids);
      const taken = new Set(await takenBeds(tx, ids, self.campaign.idSessionCenou));
      const free = beds.filter((b) => !taken.has(b.idLit));
      const size = holder.membres.length;
      const fits = roomFits(
        {
          idChambre: input.idChambre,
          sexeBatiment: room.sexeBatiment as never,
          sexeOccupants: await roomSex(tx, input.idChambre, self.campaign.idSessionCenou),
          litsLibres: size,
        },
        self.sexe as Sexe,
        size,
      );
      if (!fits) throw conflict(messages.choixChambreIncompatible);
      if (free.length < size) throw conflict(fill(messages.choixChambreLitsInsuffisants, { nombre: size }));
      const made = await insertHold(
        tx,
        {
          idCampagne: self.idCampagne,
          idGroupe: holder.idGroupe,
          idEtudiant: self.idEtudiant,
          idChambre: input.idChambre,
          expireA: holdEnd(now, self.campaign.dureeReservationMinutes, self.campaign.fin),
        },
        holder.membres.map((m, i) => ({ idLit: free[i].idLit, idEtudiant: m.idEtudiant })),
      );
      forgetRooms(self.idCampagne, room.idCite);
      await recordAudit(tx, actor, {
        action: 'RESERVER_CHAMBRE',
        resource: 'reservation',
        resourceId: made.idReservation,
        detail: { lits: size, expireA: iso(made.expireA) },
      });
      return holdRead(tx, made);
    });
  } catch (err) {
    // Another transaction took a bed between our check and our insert: the unique index refused it.
    if (isUniqueViolation(err, 'reservation_lit_lit'))
      throw conflict(fill(messages.choixChambreLitsInsuffisants, { nombre: 1 }));
    throw err;
  }
}

/** The caller's own hold (404 for another's), its holder locked. */
async function myHold(tx: Db, self: Me, idReservation: number, lock = true) {
  const h = await holdById(tx, idReservation);
  if (!h || h.idCampagne !== self.idCampagne) throw notFound();
  const holder = await holderOf(tx, self, lock);
  const own =
    h.idGroupe !== null
      ? h.idGroupe === holder.idGroupe
      : h.idEtudiant === self.idEtudiant && holder.idGroupe === null;
  if (!own) throw notFound();
  return h;
}

/** A hold still running after its locks (409 otherwise: expired, or ended). */
function assertLive(h: Hold | undefined, now: Date): Hold {
  if (!h) throw notFound();
  if (h.etat === 'EXPIREE' || (h.etat === 'ACTIVE' && h.expireA.getTime() <= now.getTime()))
    throw conflict(messages.choixReservationExpiree);
  if (h.etat !== 'ACTIVE') throw conflict(messages.choixReservationTerminee);
  return h;
}

export async function extend(db: Db, actor: Actor | null, idReservation: number): Promise<HoldRead> {
  return withTransaction(db, async (tx) => {
    const self = await me(tx, actor, true);
    await myHold(tx, self, idReservation);
    const h = await holdById(tx, idReservation, true);
    if (!h) throw notFound();
    if (h.etat !== 'ACTIVE') throw conflict(messages.choixReservationTerminee);
    const now = await dbNow(tx);
    const refusal = extensionRefusal(now, h, self.campaign.fin);
    if (refusal === 'EXPIREE') throw conflict(messages.choixReservationExpiree);
    if (refusal === 'MAXIMUM')
      throw conflict(fill(messages.choixProlongationMaximum, { max: ROOM_CHOICE.prolongationsMax }));
    if (refusal === 'FIN_CAMPAGNE') throw conflict(messages.choixProlongationFin);
    const made = await extendHold(
      tx,
      idReservation,
      holdEnd(now, self.campaign.dureeReservationMinutes, self.campaign.fin),
    );
    await recordAudit(tx, actor, {
      action: 'PROLONGER_RESERVATION',
      resource: 'reservation',
      resourceId: idReservation,
      detail: { expireA: iso(made.expireA) },
    });
    return holdRead(tx, made);
  });
}

export async function confirm(
  db: Db,
  actor: Actor | null,
  input: { idReservation: number; dashboardUrl: string },
): Promise<{ affectations: AffectationRow[] }> {
  const self = await me(db, actor);
  // Another's hold is 404 before anything is locked.
  const first = await myHold(db, self, input.idReservation, false);
  const room = await roomPlace(db, first.idChambre);
  if (!room) throw notFound();
  return withTransaction(db, async (tx) => {
    // Shared with the other confirmations (each writes beds held under their own row locks),
    // exclusive of staff's assignment (decision 063).
    await lockCiteAssignment(tx, self.campaign.idSessionCenou, room.idCite, 'shared');
    const locked = await me(tx, actor, true);
    await myHold(tx, locked, input.idReservation);
    await lockBeds(
      tx,
      (await holdBeds(tx, input.idReservation)).map((b) => b.idLit),
    );
    const hold = assertLive(await holdById(tx, input.idReservation, true), await dbNow(tx));
    const beds = await holdBeds(tx, input.idReservation);
    // A group's choice: each member's history names the group as the follow-up and the journal do.
    const creator = hold.idGroupe === null ? undefined : await groupCreator(tx, hold.idGroupe);
    const affectations = await assignChosenBeds(tx, actor, {
      idSessionCenou: self.campaign.idSessionCenou,
      idCite: room.idCite,
      beds: beds.map((b) => ({ ine: b.ine, idLit: b.idLit })),
      dashboardUrl: input.dashboardUrl,
      groupe: creator ? groupName(creator.nom, creator.prenom) : undefined,
    });
    await endHold(tx, input.idReservation, 'CONFIRMEE');
    forgetRooms(self.idCampagne, room.idCite);
    await recordAudit(tx, actor, {
      action: 'CONFIRMER_CHOIX',
      resource: 'reservation',
      resourceId: input.idReservation,
      detail: { lits: affectations.length },
    });
    return { affectations };
  });
}

/** A hold cancelled by its student (or group member), or by staff of its direction. */
export async function cancelHold(db: Db, actor: Actor | null, idReservation: number) {
  const scope = scopeFor(actor, 'roomchoice.hold');
  return withTransaction(db, async (tx) => {
    if (scope === 'own') {
      const self = await me(tx, actor, true);
      await myHold(tx, self, idReservation);
    } else {
      const h = await holdById(tx, idReservation);
      if (!h) throw notFound();
      const c = await campaignById(tx, h.idCampagne);
      assertCanReach(actor, 'roomchoice.hold', { idDirection: c?.idDirection ?? null });
    }
    await lockBeds(
      tx,
      (await holdBeds(tx, idReservation)).map((b) => b.idLit),
    );
    const h = assertLive(await holdById(tx, idReservation, true), await dbNow(tx));
    await endHold(tx, idReservation, 'ANNULEE', actor?.id ?? null);
    const place = await roomPlace(tx, h.idChambre);
    if (place) forgetRooms(h.idCampagne, place.idCite);
    if (scope !== 'own')
      await recordAudit(tx, actor, {
        action: 'ANNULER_RESERVATION',
        resource: 'reservation',
        resourceId: idReservation,
        detail: { idCampagne: h.idCampagne, idChambre: h.idChambre },
      });
    return { message: messages.choixReservationAnnulee };
  });
}
