/**
 * The assignment of beds (docs/assignment.md, docs/decisions/010-assignment.md). Services take
 * `(db or tx, actor, input)` and never see Fastify.
 *
 * Every write runs in one transaction that holds, in this order: the session `FOR SHARE` with its
 * phase checked (`lockOpenSession(…, 'assignment')`: OUVERT in DELIBERATION), the session's
 * assignment lock (transaction-scoped advisory lock: one writer per session), the cité rows
 * `FOR NO KEY UPDATE` (the housing hooks take the same lock before moving a part of a cité), then
 * the students' dossiers `FOR SHARE`. It then reads the free beds and the rooms' sexes and asks the
 * domain planner (`planAssignment`). The partial unique indexes of `affectation` stand behind it:
 * one live assignment per bed and session, one per student and session (409 if ever hit).
 */
import { randomInt } from 'node:crypto';
import { bedFits, freeBedsBySex, planAssignment } from '../../../domain/assignment';
import { fill, messages } from '../../../domain/messages';
import { assertCanReach, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit, recordAudits } from '../../audit/record';
import { recordEvent, recordEvents } from '../../history/record';
import type { Db } from '../../db/client';
import { isUniqueViolation, withTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../errors';
import { enqueueTemplateMails, placeholder, saveTemplates } from '../../mail/outbox';
import { fullName } from '../../../domain/format';
import { placeCode, smsText } from '../../../domain/messages-sms';
import { enqueueSmsList } from '../../sms/outbox';
import { bedAssignedMail } from '../../mail/templates';
import { lockOpenSession, reachableSession } from '../../sessions/open-session';
import {
  affectationRows,
  assignmentsWithPlaces,
  affectationState,
  attestationByCode,
  attestationById,
  bedPlace,
  bedSmsPlaces,
  bedTaken,
  campaignOfSession,
  candidateOfDossier,
  cancelAffectation,
  cancelAffectationsOfDossier,
  citeBuildings,
  citeDirection,
  freeBeds,
  heldBeds,
  ineStates,
  insertAffectations,
  lockCandidates,
  lockBeds,
  lockCites,
  lockSessionAssignments,
  type LockMode,
  moveAffectation,
  occupiedRooms,
  ownAffectations,
  type AffectationRow,
  type AttestationFacts,
  type Candidate,
  type BedPlace,
} from './repository';
import { anneeLibelle } from '../../../domain/workflow';
import { cancelInstalments, currentCategory, issueInstalments, reissueInstalments } from '../rent/service';

// ---------------------------------------------------------------- verification codes

/** No look-alikes: no 0/O, 1/I/L. 31 signs, 12 of them: about 8 × 10^17 codes. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 12;

export function newVerificationCode(): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** What a typed code may look like before it is looked up (anything else is simply unknown: 404). */
export const CODE_SHAPE = /^[A-Z0-9]{10,32}$/;

// ---------------------------------------------------------------- helpers

function conflict(text: string): AppError {
  return new AppError('CONFLIT', { text });
}

/** The session named by a call, which the actor must reach (another direction: 403; none: 404). */
export async function sessionInScope(
  db: Db,
  actor: Actor | null,
  permission: 'assignment' | 'assignment.manage',
  idSessionCenou: number,
): Promise<{ idSessionCenou: number; idDirection: number; anneeDebut: number }> {
  scopeFor(actor, permission);
  return reachableSession(db, actor, permission, idSessionCenou);
}

/** The cité, which must belong to the session's direction (409 otherwise; unknown: 400 naming it). */
async function citeOfSession(db: Db, idCite: number, idDirection: number) {
  const cite = await citeDirection(db, idCite);
  if (!cite) throw fieldError('idCite', 'referenceInexistante');
  if (cite.idDirection !== idDirection) throw conflict(messages.affectationCiteAutreDirection);
  return cite;
}

/** A unique index of `affectation` hit by a concurrent writer: the 409 that says which rule. */
function uniqueViolation(err: unknown): AppError | null {
  if (isUniqueViolation(err, 'affectation_lit_session_live'))
    return new AppError('DOUBLON', 'affectationLitOccupe');
  if (isUniqueViolation(err, 'affectation_etudiant_session_live'))
    return new AppError('DOUBLON', 'affectationEtudiantDejaLoge');
  return null;
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/** Computed in SQL (`ACCEPTED_PLACE`): admitted and accepted, or loaded by the admissible upload. */
const isEligible = (s: { eligible: boolean }) => s.eligible === true;

/**
 * The bed mails in the outbox's template form: one template per rent amount (a cité has a few
 * categories; the amount is written in the template as people read it), saved in the caller's
 * transaction, and each row with its own values only: the student's name (N), the bed's place (C,
 * B, R, L) and the certificate's code (V). The mail worker fills the template when it sends
 * (`renderQueuedMail`): a fill of 6,000 beds writes 6,000 short rows, not 6,000 mails whole.
 */
const BED_MAIL_VALUES = {
  nom: placeholder('N'),
  prenom: '',
  nomCite: placeholder('C'),
  libelleBatiment: placeholder('B'),
  libelleChambre: placeholder('R'),
  libelleLit: placeholder('L'),
  codeVerification: placeholder('V'),
} as const;

async function queueBedMails(
  tx: Db,
  placed: readonly AffectationRow[],
  candidates: ReadonlyMap<number, Candidate>,
  dashboardUrl: string,
  deplacement = false,
  /** The beds' places for the SMS, when the caller read them with the rows (`assignmentsWithPlaces`). */
  known?: ReadonlyMap<number, BedPlace>,
) {
  const mailed = placed.flatMap((row) => {
    const who = candidates.get(row.idDossier);
    return who?.email ? [{ row, who, email: who.email }] : [];
  });
  const forms = new Map(
    [...new Set(mailed.map(({ row }) => row.montantChambre))].map((montantChambre) => [
      String(montantChambre),
      bedAssignedMail({ ...BED_MAIL_VALUES, montantChambre, deplacement }, dashboardUrl),
    ]),
  );
  const templates = await saveTemplates(tx, Object.fromEntries(forms));
  await enqueueTemplateMails(
    tx,
    mailed.map(({ row, who, email }) => ({
      kind: forms.get(String(row.montantChambre))!.kind,
      recipient: email,
      idUser: who.idUser,
      idDossier: row.idDossier,
      idTemplate: templates.get(String(row.montantChambre))!,
      params: {
        N: fullName(row.nomEtudiant, row.prenomEtudiant),
        C: row.nomCite,
        B: row.libelleBatiment,
        R: row.libelleChambre,
        L: row.libelleLit,
        V: row.codeVerification,
      },
    })),
  );
  const kind = deplacement ? 'DEPLACEMENT_LIT' : 'AFFECTATION_LIT';
  // The SMS names the bed by its codes (never cut), the cité's name shortened to the room left.
  const places =
    known ??
    new Map(
      (
        await bedSmsPlaces(
          tx,
          placed.map((r) => r.idAffectation),
        )
      ).map((p) => [p.idAffectation, p]),
    );
  await enqueueSmsList(
    tx,
    placed.flatMap((row) => {
      const idUser = candidates.get(row.idDossier)?.idUser;
      const place = places.get(row.idAffectation);
      if (!idUser || !place) return [];
      return [
        {
          kind,
          idUser,
          idDossier: row.idDossier,
          text: smsText(kind, {
            cite: place.nomCite,
            batiment: place.codeBatiment,
            chambre: placeCode(place.codeChambre, place.libelleChambre, 'chambre'),
            lit: placeCode(place.codeLit, place.libelleLit, 'lit'),
          }),
        },
      ];
    }),
  );
}

// ---------------------------------------------------------------- assign

/** 'Cité …, Chambre …, Lit …': a bed as the journal names it. */
const placeLabel = (a: AffectationRow) =>
  fill(messages.auditLieu, { cite: a.nomCite, chambre: a.libelleChambre, lit: a.libelleLit });

/** 'Cité …, Bâtiment …, Chambre …, Lit …': a bed as the dossier's history names it. */
export const historyPlace = (a: AffectationRow) =>
  fill(messages.historiqueLieu, {
    cite: a.nomCite,
    batiment: a.libelleBatiment,
    chambre: a.libelleChambre,
    lit: a.libelleLit,
  });

export interface AssignInput {
  idSessionCenou: number;
  idCite: number;
  /** INEs: all of them or none (409). Absent: every waiting student, in rank order, until the cité is full. */
  etudiants?: string[];
  dashboardUrl: string;
}

export interface AssignResult {
  affectes: AffectationRow[];
  /** Students left without a bed (0 with a list: it is all or nothing). */
  nonAffectes: number;
}

export async function assign(db: Db, actor: Actor | null, input: AssignInput): Promise<AssignResult> {
  const session = await sessionInScope(db, actor, 'assignment.manage', input.idSessionCenou);
  return guarded(() =>
    withTransaction(db, async (tx) => {
      await lockOpenSession(tx, { idSessionCenou: session.idSessionCenou }, 'assignment');
      await lockSessionAssignments(tx, session.idSessionCenou);
      // While a room-choice campaign runs, only named students (docs/room-choice.md).
      const campaign = await campaignOfSession(tx, session.idSessionCenou);
      if (campaign && !input.etudiants && Date.now() < campaign.fin.getTime())
        throw conflict(messages.choixAffectationPendantCampagne);
      const cite = await citeOfSession(tx, input.idCite, session.idDirection);
      await lockCites(tx, [cite.idCite]);

      let ines: string[] | undefined;
      if (input.etudiants) {
        ines = [...new Set(input.etudiants.map((i) => i.trim().toUpperCase()))];
        const states = new Map((await ineStates(tx, session.idSessionCenou, ines)).map((s) => [s.ine, s]));
        const refused = ines.filter((i) => !states.has(i) || !isEligible(states.get(i)!));
        if (refused.length)
          throw conflict(fill(messages.affectationEtudiantsNonEligibles, { ines: refused.join(', ') }));
        const housed = ines.filter((i) => states.get(i)!.loge);
        if (housed.length)
          throw new AppError('DOUBLON', {
            text: fill(messages.affectationEtudiantsDejaLoges, { ines: housed.join(', ') }),
          });
      }
      const candidates = await lockCandidates(tx, session.idSessionCenou, ines);
      if (ines && candidates.length !== ines.length) {
        // A dossier changed between the two reads (the lock waits, then sees it): name the ones gone.
        const still = new Set(candidates.map((c) => c.ine.toUpperCase()));
        const gone = ines.filter((i) => !still.has(i));
        throw conflict(fill(messages.affectationEtudiantsNonEligibles, { ines: gone.join(', ') }));
      }
      const plan = planAssignment(
        candidates.map((c) => ({ ine: c.ine, sexe: c.sexe })),
        await freeBeds(tx, cite.idCite, session.idSessionCenou),
        await occupiedRooms(tx, cite.idCite, session.idSessionCenou),
      );
      if (ines && plan.sansLit.length)
        throw conflict(fill(messages.affectationLitsInsuffisants, { nombre: plan.sansLit.length }));
      if (!plan.placements.length) return { affectes: [], nonAffectes: plan.sansLit.length };

      // Beds a student's hold took meanwhile are refused: both lock the bed's row first (decision 046).
      const idLits = plan.placements.map((p) => p.idLit);
      await lockBeds(tx, idLits);
      if ((await heldBeds(tx, idLits)).length) throw conflict(messages.affectationLitsReserves);
      const affectes = await writeAssignments(tx, actor, {
        idSessionCenou: session.idSessionCenou,
        cite,
        placements: plan.placements,
        candidates,
        dashboardUrl: input.dashboardUrl,
        nonAffectes: plan.sansLit.length,
      });
      return { affectes, nonAffectes: plan.sansLit.length };
    }),
  );
}

/**
 * A student's confirmed room choice (docs/room-choice.md), in the caller's transaction, which has
 * taken `lockCiteAssignment` first and holds the beds' rows: each listed student gets its bed as
 * staff's assignment gives it (certificate, instalments, mail and SMS, history, journal). A
 * student no longer waiting for a bed is refused (409 naming it).
 */
export async function assignChosenBeds(
  tx: Db,
  actor: Actor | null,
  input: {
    idSessionCenou: number;
    idCite: number;
    beds: readonly { ine: string; idLit: number }[];
    dashboardUrl: string;
    /** The group that chose (its name), written in each member's history. */
    groupe?: string;
  },
): Promise<AffectationRow[]> {
  try {
    const cite = await citeDirection(tx, input.idCite);
    if (!cite) throw notFound();
    const ines = input.beds.map((b) => b.ine.toUpperCase());
    const candidates = await lockCandidates(tx, input.idSessionCenou, ines);
    const still = new Set(candidates.map((c) => c.ine.toUpperCase()));
    const gone = ines.filter((i) => !still.has(i));
    if (gone.length)
      throw conflict(fill(messages.affectationEtudiantsNonEligibles, { ines: gone.join(', ') }));
    const byIne = new Map(candidates.map((c) => [c.ine.toUpperCase(), c.ine]));
    const placements = [];
    for (const b of input.beds) {
      const bed = await bedPlace(tx, b.idLit);
      if (!bed || bed.idCite !== cite.idCite) throw notFound();
      placements.push({ ine: byIne.get(b.ine.toUpperCase())!, idChambre: bed.idChambre, idLit: bed.idLit });
    }
    return await writeAssignments(tx, actor, {
      idSessionCenou: input.idSessionCenou,
      cite,
      placements,
      candidates,
      dashboardUrl: input.dashboardUrl,
      nonAffectes: 0,
      groupe: input.groupe,
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/**
 * The locks every assignment of beds of a cité takes first, in this order (decision 010): the
 * session `FOR SHARE`, open for assignment; the session's assignment lock; the cité. A student's
 * confirmed room choice takes the last two shared (decision 063).
 */
export async function lockCiteAssignment(
  tx: Db,
  idSessionCenou: number,
  idCite: number,
  mode: LockMode = 'exclusive',
): Promise<void> {
  await lockOpenSession(tx, { idSessionCenou }, 'assignment');
  await lockSessionAssignments(tx, idSessionCenou, mode);
  await lockCites(tx, [idCite], mode);
}

/**
 * Writes the assignments of a plan in the caller's transaction (which holds the session, its
 * assignment lock, the cité and the students' dossiers): the rows with their certificate codes,
 * the instalments of the year, the mails and SMS, each student's history and the journal. Staff's
 * assignment and the confirmation of a student's room choice (docs/room-choice.md) both call it.
 */
async function writeAssignments(
  tx: Db,
  actor: Actor | null,
  input: {
    idSessionCenou: number;
    cite: { idCite: number; nomCite: string };
    placements: readonly { ine: string; idChambre: number; idLit: number }[];
    candidates: readonly Candidate[];
    dashboardUrl: string;
    nonAffectes: number;
    /** A room chosen by a group of friends: the group's name, for each member's history. */
    groupe?: string;
  },
): Promise<AffectationRow[]> {
  const { cite, candidates } = input;
  const session = { idSessionCenou: input.idSessionCenou };
  const plan = { placements: input.placements, sansLit: { length: input.nonAffectes } };
  const byIne = new Map(candidates.map((c) => [c.ine, c]));
  let pending = plan.placements.map((p) => {
    const who = byIne.get(p.ine)!;
    return {
      idSessionCenou: session.idSessionCenou,
      idDossier: who.idDossier,
      idEtudiant: who.idEtudiant,
      idCite: cite.idCite,
      idChambre: p.idChambre,
      idLit: p.idLit,
      code: newVerificationCode(),
    };
  });
  const ids = new Map<number, number>();
  for (let attempt = 0; pending.length && attempt < 5; attempt++) {
    const made = await insertAffectations(tx, pending, actor?.id ?? null);
    const byCode = new Map(made.map((m) => [m.code, m.id]));
    for (const p of pending) if (byCode.has(p.code)) ids.set(p.idDossier, byCode.get(p.code)!);
    pending = pending.filter((p) => !byCode.has(p.code)).map((p) => ({ ...p, code: newVerificationCode() }));
  }
  if (pending.length) throw new Error('affectation: no free verification code after 5 draws');
  // The rows and their beds' places in one read (the SMS name the beds by their codes).
  const withPlaces = await assignmentsWithPlaces(
    tx,
    plan.placements.map((p) => ids.get(byIne.get(p.ine)!.idDossier)!),
  );
  const affectes = withPlaces.map((x) => x.row);
  // Their rent, in the same transaction (docs/rent.md#instalments).
  await issueInstalments(
    tx,
    actor,
    affectes.map((a) => a.idAffectation),
  );
  await queueBedMails(
    tx,
    affectes,
    new Map(candidates.map((c) => [c.idDossier, c])),
    input.dashboardUrl,
    false,
    new Map(withPlaces.map((x) => [x.row.idAffectation, x.place])),
  );
  // Each student's history and one journal entry per bed (naming the student and the bed), each
  // in one statement whatever the number of beds.
  await recordEvents(
    tx,
    actor,
    'AFFECTATION',
    new Date(),
    affectes.map((a) => ({
      idDossier: a.idDossier,
      detail: {
        idAffectation: a.idAffectation,
        lieu: historyPlace(a),
        ...(input.groupe ? { groupe: input.groupe } : {}),
      },
    })),
  );
  await recordAudits(
    tx,
    actor,
    affectes.map((a) => ({
      action: 'AFFECTER',
      resource: 'affectation',
      resourceId: a.idAffectation,
      detail: {
        idSessionCenou: session.idSessionCenou,
        idCite: cite.idCite,
        nomCite: cite.nomCite,
        ine: a.ine,
        lieu: placeLabel(a),
        affectes: affectes.length,
        nonAffectes: plan.sansLit.length,
      },
    })),
  );
  return affectes;
}

// ---------------------------------------------------------------- move, cancel

/** A live assignment the actor may change, locked, with its session open for assignment. */
async function lockForChange(tx: Db, actor: Actor | null, id: number) {
  scopeFor(actor, 'assignment.manage');
  const state = await affectationState(tx, id, true);
  if (!state || state.annulee) throw notFound();
  assertCanReach(actor, 'assignment.manage', { idDirection: state.idDirection });
  await lockOpenSession(tx, { idSessionCenou: state.idSessionCenou }, 'assignment');
  await lockSessionAssignments(tx, state.idSessionCenou);
  return state;
}

export async function move(
  db: Db,
  actor: Actor | null,
  input: { id: number; idLit: number; dashboardUrl: string },
): Promise<AffectationRow> {
  return guarded(() =>
    withTransaction(db, async (tx) => {
      const state = await lockForChange(tx, actor, input.id);
      const bed = await bedPlace(tx, input.idLit);
      if (!bed) throw fieldError('idLit', 'referenceInexistante');
      if (bed.idDirection !== state.idDirection) throw conflict(messages.affectationCiteAutreDirection);
      await lockCites(tx, [state.idCite, bed.idCite]);
      if (!isEligible(state)) throw conflict(messages.affectationEtudiantNonEligible);
      if (bed.idLit === state.idLit) return (await affectationRows(tx, [state.idAffectation]))[0];
      // The bed's row, then its last check: neither assigned nor held by a student's room choice
      // (the order of staff's assignment: session, cité, beds; docs/decisions/046-room-choice.md).
      await lockBeds(tx, [bed.idLit]);
      if (await bedTaken(tx, bed.idLit, state.idSessionCenou))
        throw new AppError('DOUBLON', 'affectationLitOccupe');
      if ((await heldBeds(tx, [bed.idLit])).length) throw conflict(messages.affectationLitReserve);
      const room = (await occupiedRooms(tx, bed.idCite, state.idSessionCenou, state.idAffectation)).find(
        (r) => r.idChambre === bed.idChambre,
      );
      if (!bedFits(state.sexe, bed.sexeBatiment, room?.sexe ?? null))
        throw conflict(messages.affectationLitIncompatible);
      const [previous] = await affectationRows(tx, [state.idAffectation]);
      const idCategorieAvant = await currentCategory(tx, state.idAffectation);
      await moveAffectation(tx, state.idAffectation, bed);
      // Another category: the instalments not yet due change (docs/rent.md#a-move).
      if (idCategorieAvant !== null)
        await reissueInstalments(tx, actor, { idAffectation: state.idAffectation, idCategorieAvant });
      const [row] = await affectationRows(tx, [state.idAffectation]);
      const who = (await candidateOfDossier(tx, state.idDossier)) ?? undefined;
      if (who) await queueBedMails(tx, [row], new Map([[state.idDossier, who]]), input.dashboardUrl, true);
      await recordEvent(tx, {
        idDossier: state.idDossier,
        idSessionCenou: state.idSessionCenou,
        evenement: 'CHANGEMENT_LIT',
        actor,
        date: new Date(),
        detail: {
          idAffectation: state.idAffectation,
          avant: historyPlace(previous),
          apres: historyPlace(row),
          // The beds by their ids: a receipt printed later names the bed a payment was made in.
          idLitAvant: state.idLit,
          idLitApres: bed.idLit,
        },
      });
      await recordAudit(tx, actor, {
        action: 'DEPLACER_AFFECTATION',
        resource: 'affectation',
        resourceId: state.idAffectation,
        detail: {
          ine: row.ine,
          // The places named for the journal (docs/decisions/004-audit-log.md).
          avant: { idLit: state.idLit, idCite: state.idCite, libelle: placeLabel(previous) },
          apres: { idLit: bed.idLit, idCite: bed.idCite, libelle: placeLabel(row) },
        },
      });
      return row;
    }),
  );
}

export async function cancel(
  db: Db,
  actor: Actor | null,
  input: { id: number; motif?: string | null },
): Promise<{ message: string }> {
  return withTransaction(db, async (tx) => {
    const state = await lockForChange(tx, actor, input.id);
    await lockCites(tx, [state.idCite]);
    const [before] = await affectationRows(tx, [state.idAffectation]);
    await cancelAffectation(tx, state.idAffectation, actor?.id ?? null, input.motif ?? null);
    await recordEvent(tx, {
      idDossier: state.idDossier,
      idSessionCenou: state.idSessionCenou,
      evenement: 'ANNULATION_AFFECTATION',
      actor,
      date: new Date(),
      detail: { idAffectation: state.idAffectation, lieu: historyPlace(before), motif: input.motif ?? null },
    });
    // The instalments not yet due are cancelled (docs/rent.md#a-cancellation).
    await cancelInstalments(tx, actor, [state.idAffectation]);
    await recordAudit(tx, actor, {
      action: 'ANNULER_AFFECTATION',
      resource: 'affectation',
      resourceId: state.idAffectation,
      detail: {
        idLit: state.idLit,
        idCite: state.idCite,
        lieu: placeLabel(before),
        motif: input.motif ?? null,
      },
    });
    return { message: messages.affectationAnnuleeMessage };
  });
}

/**
 * Cancels the live assignments of a dossier in the caller's transaction: for the withdrawal of an
 * admission (docs/offers.md, 'any bed assigned is freed and its certificate cancelled'), to be
 * called by the offers module. Returns how many were cancelled.
 */
export async function cancelAssignmentsOfDossier(
  tx: Db,
  actor: Actor | null,
  idDossier: number,
  motif: string,
  at: Date = new Date(),
): Promise<number> {
  const ids = await cancelAffectationsOfDossier(tx, idDossier, actor?.id ?? null, motif);
  await cancelInstalments(tx, actor, ids);
  if (!ids.length) return 0;
  const cancelled = await affectationRows(tx, ids);
  await recordEvents(
    tx,
    actor,
    'ANNULATION_AFFECTATION',
    at,
    cancelled.map((a) => ({
      idDossier,
      detail: { idAffectation: a.idAffectation, lieu: historyPlace(a), motif },
    })),
  );
  // One journal entry per bed, naming the student and the bed.
  await recordAudits(
    tx,
    actor,
    cancelled.map((a) => ({
      action: 'ANNULER_AFFECTATION',
      resource: 'affectation',
      resourceId: a.idAffectation,
      detail: { idDossier, lieu: placeLabel(a), motif },
    })),
  );
  return ids.length;
}

// ---------------------------------------------------------------- reads

export interface Disponibilites {
  M: number;
  F: number;
  /** Free beds, whoever may take them (a bed of an empty MIXTE room counts once here, in both M and F). */
  total: number;
  parBatiment: {
    idBatiment: number;
    libelleBatiment: string;
    sexe: string;
    M: number;
    F: number;
    total: number;
  }[];
}

export async function availability(
  db: Db,
  actor: Actor | null,
  input: { idSessionCenou: number; idCite: number },
): Promise<Disponibilites> {
  const session = await sessionInScope(db, actor, 'assignment.manage', input.idSessionCenou);
  const cite = await citeOfSession(db, input.idCite, session.idDirection);
  const beds = await freeBeds(db, cite.idCite, session.idSessionCenou);
  const rooms = await occupiedRooms(db, cite.idCite, session.idSessionCenou);
  const list = await citeBuildings(db, cite.idCite);
  const collator = new Intl.Collator('fr', { numeric: true });
  const all = freeBedsBySex(beds, rooms);
  return {
    M: all.M,
    F: all.F,
    total: beds.length,
    parBatiment: list
      .map((b) => {
        const mine = beds.filter((x) => x.idBatiment === b.idBatiment);
        const n = freeBedsBySex(mine, rooms);
        return { ...b, M: n.M, F: n.F, total: mine.length };
      })
      .sort((a, b) => collator.compare(a.libelleBatiment, b.libelleBatiment)),
  };
}

/** One assignment: staff in scope; the student its own (another's, or a cancelled one: 404). */
export async function readOne(db: Db, actor: Actor | null, id: number): Promise<AffectationRow> {
  scopeFor(actor, 'assignment');
  const state = await affectationState(db, id, false);
  if (!state || state.annulee) throw notFound();
  assertCanReach(actor, 'assignment', { idDirection: state.idDirection, idUser: state.idUser });
  return (await affectationRows(db, [id]))[0];
}

/** The caller's own live assignments (a student: 0 or 1 per session; staff: none). */
export async function mine(db: Db, actor: Actor | null) {
  scopeFor(actor, 'assignment');
  return ownAffectations(db, actor!.id);
}

/** The certificate's content: staff in scope; the student its own (404 otherwise). */
export async function certificateFacts(db: Db, actor: Actor | null, id: number): Promise<AttestationFacts> {
  scopeFor(actor, 'assignment');
  const facts = await attestationById(db, id);
  if (!facts) throw notFound();
  // A student gets its own certificate while it is valid; staff may print a cancelled one (marked).
  if (scopeFor(actor, 'assignment') === 'own' && !facts.valide) throw notFound();
  assertCanReach(actor, 'assignment', { idDirection: facts.idDirection, idUser: facts.idUser });
  return facts;
}

/** The public check (docs/assignment.md): nothing but what the certificate already shows. */
export async function publicCheck(db: Db, code: string) {
  const normalised = code.trim().toUpperCase();
  if (!CODE_SHAPE.test(normalised)) throw notFound();
  const facts = await attestationByCode(db, normalised);
  if (!facts) throw notFound();
  return {
    valide: facts.valide,
    nomEtudiant: facts.nomEtudiant,
    prenomEtudiant: facts.prenomEtudiant,
    nomCite: facts.nomCite,
    anneeAcademique: anneeLibelle(facts.anneeDebut),
    dateAnnulation: facts.dateAnnulation,
    anneeTerminee: facts.anneeTerminee,
  };
}
