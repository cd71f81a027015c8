/**
 * Repairs in the cités (docs/life-in-the-cite.md#repairs): services `(db, actor, input)`. A
 * resident reports for its own room or its cité's common places and confirms or reopens what it
 * reported; an agent reports, takes and resolves the requests of its cités (scope `cite`); staff
 * read them. Each move is written with its history and its SMS in one transaction.
 */
import { ADMIN, AGENT_CITE, ETUDIANT } from '../../../domain/enums';
import { fill, messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { smsText } from '../../../domain/messages-sms';
import {
  autoCloseAt,
  JOURS_AVANT_CLOTURE,
  moveRefusal,
  movesOf,
  repairDeadline,
  type CoteIntervention,
  type StatutIntervention,
} from '../../../domain/repairs';
import type {
  InterventionBody,
  InterventionLieux,
  InterventionMoveBody,
  InterventionRead,
} from '../../../domain/schemas/repairs';
import { assertCanReach, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { isCommitUncertain, withTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../errors';
import type { DocumentStorage } from '../../files/storage';
import { formatDateDepot } from '../../mail/templates';
import { enqueueSmsList } from '../../sms/outbox';
import { withCites } from '../cite-life/service';
import { citeOfPart } from '../reference/repository';
import { consumePhotoUploads, copyPhotoUploads, removeKeys } from '../televersement/service';
import {
  agentsOfCites,
  citesNamed,
  claimLate,
  closeResolved,
  historyOf,
  insertIntervention,
  interventionFacts,
  interventionRowById,
  moveIntervention,
  photoById,
  photosOf,
  roomLabel,
  roomsOfResident,
} from './repository';
import { fullName } from '../../../domain/format';

/** The storage prefix of the requests' photos. */
export const PHOTO_PREFIX = 'intervention';
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

type Facts = NonNullable<Awaited<ReturnType<typeof interventionFacts>>>;

/** Where a request is, in words (the journal). */
const placeOf = (f: { idChambre: number | null; lieu: string | null }, chambre?: string | null) =>
  f.lieu ? enumLabel('lieu', f.lieu) : fill(messages.interventionChambre, { chambre: chambre ?? '' });

// ------------------------------------------------------------------ where one may report

/** `GET campus/intervention/lieux`: the resident's rooms and cités, the agent's cités (the form's choices). */
export async function reportPlaces(db: Db, actor: Actor | null): Promise<InterventionLieux> {
  const scoped = await withCites(db, actor);
  const scope = scopeFor(scoped, 'repair.report');
  if (scope === 'own') {
    const rooms = await roomsOfResident(db, scoped!.id);
    const cites = new Map(rooms.map((r) => [r.idCite, { idCite: r.idCite, nomCite: r.nomCite }]));
    return {
      chambres: rooms.map((r) => ({
        idChambre: r.idChambre,
        libelleChambre: r.libelleChambre,
        nomCite: r.nomCite,
      })),
      cites: [...cites.values()],
    };
  }
  return { chambres: [], cites: await citesNamed(db, scope === 'all' ? null : (scoped!.cites ?? [])) };
}

/**
 * The cité of what a request names, checked against the actor: a room (a resident only one of
 * its live assignments), or a cité and a common place (a resident only a cité it lives in).
 */
async function placeFor(db: Db, actor: Actor, body: InterventionBody) {
  const byRoom = body.idChambre !== undefined;
  if (byRoom === (body.idCite !== undefined)) throw fieldError('idChambre', 'interventionChambreOuLieu');
  if (!byRoom && !body.lieu) throw fieldError('lieu', 'interventionLieuObligatoire');
  if (byRoom && body.lieu) throw fieldError('lieu', 'interventionChambreOuLieu');
  let idCite: number | undefined;
  let libelleChambre: string | undefined;
  if (byRoom) {
    libelleChambre = await roomLabel(db, body.idChambre!);
    idCite = libelleChambre === undefined ? undefined : await citeOfPart(db, 'chambre', body.idChambre!);
    if (idCite === undefined) throw fieldError('idChambre', 'referenceInexistante');
  } else {
    const [found] = await citesNamed(db, [body.idCite!]);
    if (!found) throw fieldError('idCite', 'referenceInexistante');
    idCite = found.idCite;
  }
  if (actor.role === ETUDIANT) {
    const rooms = await roomsOfResident(db, actor.id);
    const allowed = byRoom
      ? rooms.some((r) => r.idChambre === body.idChambre)
      : rooms.some((r) => r.idCite === idCite);
    // Another student's room, a cité it does not live in: as if it did not exist (scope `own`).
    if (!allowed) throw new AppError('INTROUVABLE', 'interventionHorsResidence');
  } else assertCanReach(actor, 'repair.report', { idCite });
  return { idCite, libelleChambre: libelleChambre ?? null };
}

// ------------------------------------------------------------------ report

/**
 * `POST campus/intervention`: a request, due by its priority; an emergency is sent at once by SMS
 * to the cité's agents. Its photos are copied before the transaction and their uploads consumed
 * in it: the request and its photos are written whole or not at all.
 */
export async function report(
  db: Db,
  actor: Actor | null,
  input: { body: InterventionBody; storage: DocumentStorage; now?: Date },
) {
  const { body, storage } = input;
  const scoped = await withCites(db, actor);
  scopeFor(scoped, 'repair.report');
  const place = await placeFor(db, scoped!, body);
  const named = (body.photos ?? []).map((id, j) => ({ id, champ: `photos.${j}` }));
  const copies = await copyPhotoUploads(db, actor!, { named, storage, prefix: PHOTO_PREFIX });
  const copyOf = new Map(copies.map((c) => [c.id, c]));
  const now = input.now ?? new Date();
  let outcome: { made: { idIntervention: number; echeance: Date }; gone: string[] };
  try {
    outcome = await withTransaction(db, async (tx) => {
      const gone = await consumePhotoUploads(tx, actor!, named, now);
      const made = await insertIntervention(
        tx,
        {
          idCite: place.idCite,
          idChambre: body.idChambre ?? null,
          lieu: body.lieu ?? null,
          categorie: body.categorie,
          priorite: body.priorite,
          description: body.description,
          idAuteur: actor!.id,
          idResidant: actor!.role === ETUDIANT ? actor!.id : null,
          echeance: repairDeadline(body.priorite, now),
          createdAt: now,
          updatedAt: now,
        },
        named.map((n) => {
          const c = copyOf.get(n.id)!;
          return { cle: c.cle, typeMime: c.typeMime, taille: c.taille };
        }),
        null,
      );
      if (body.priorite === 'URGENCE') {
        const facts = (await interventionFacts(tx, made.idIntervention))!;
        await tellAgents(tx, 'INTERVENTION_URGENCE', [
          {
            idIntervention: made.idIntervention,
            idCite: facts.idCite,
            nomCite: facts.nomCite,
            date: made.echeance,
          },
        ]);
      }
      await recordAudit(tx, actor, {
        action: 'CREER',
        resource: 'intervention',
        resourceId: made.idIntervention,
        detail: {
          libelle: fill(messages.auditIntervention, {
            numero: made.idIntervention,
            lieu: placeOf(
              { idChambre: body.idChambre ?? null, lieu: body.lieu ?? null },
              place.libelleChambre,
            ),
            statut: enumLabel('statut', 'NOUVELLE'),
          }),
        },
      });
      return { made, gone };
    });
  } catch (err) {
    if (!isCommitUncertain(err))
      await removeKeys(
        storage,
        copies.map((c) => c.cle),
      );
    throw err;
  }
  await removeKeys(storage, outcome.gone);
  return {
    idIntervention: outcome.made.idIntervention,
    statut: 'NOUVELLE' as const,
    echeance: iso(outcome.made.echeance)!,
    message: messages.interventionCreee,
  };
}

/** Queues one SMS a request to each agent of the cité (those with a phone). */
async function tellAgents(
  tx: Db,
  kind: 'INTERVENTION_URGENCE' | 'INTERVENTION_RETARD',
  list: { idIntervention: number; idCite: number; nomCite: string; date: Date }[],
) {
  // Every cité's agents in one statement, every SMS in one insert, whatever the number of cités.
  const agents = await agentsOfCites(
    tx,
    list.map((r) => r.idCite),
  );
  await enqueueSmsList(
    tx,
    list.flatMap((r) =>
      (agents.get(r.idCite) ?? []).map((idUser) => ({
        kind,
        idUser,
        text: smsText(kind, { numero: r.idIntervention, cite: r.nomCite, date: formatDateDepot(r.date) }),
      })),
    ),
  );
}

// ------------------------------------------------------------------ read

/**
 * A request the actor may read (`repair.read`): 404 unknown or another resident's, 403 another
 * cité's (an agent) or another direction's (a regional manager).
 */
async function readable(db: Db, actor: Actor | null, id: number, lock = false) {
  const scoped = await withCites(db, actor);
  scopeFor(scoped, 'repair.read');
  const facts = await interventionFacts(db, id, lock);
  if (!facts) throw notFound();
  assertCanReach(scoped, 'repair.read', {
    idCite: facts.idCite,
    idDirection: facts.idDirection,
    idUser: facts.idResidant,
  });
  return { facts, actor: scoped! };
}

/** The side the actor moves a request from: the resident who reported it, or an agent (the admin). */
function sideOf(actor: Actor): CoteIntervention | null {
  if (actor.role === ETUDIANT) return 'residant';
  if (actor.role === AGENT_CITE || actor.role === ADMIN) return 'agent';
  return null;
}

/** `GET campus/intervention/{id}`: the request, its photos, the moves the caller may make. */
export async function readRequest(
  db: Db,
  actor: Actor | null,
  input: { id: number; now?: Date },
): Promise<InterventionRead> {
  const { facts, actor: scoped } = await readable(db, actor, input.id);
  const now = input.now ?? new Date();
  const [row, photos] = await Promise.all([
    interventionRowById(db, facts.idIntervention, now),
    photosOf(db, facts.idIntervention),
  ]);
  const side = sideOf(scoped);
  const actions = side
    ? movesOf(facts.statut, side).filter(
        (vers) =>
          moveRefusal({ de: facts.statut, vers, cote: side, resolueLe: facts.resolueLe, now }) === null,
      )
    : [];
  return {
    ...row!,
    photos,
    actions,
    clotureLe: facts.statut === 'RESOLUE' && facts.resolueLe ? iso(autoCloseAt(facts.resolueLe)) : null,
    parResidant: facts.idResidant !== null,
  };
}

/** `GET campus/intervention/{id}/historique`: each state, by whom, when, with its comment. */
export async function history(db: Db, actor: Actor | null, input: { id: number }) {
  const { facts } = await readable(db, actor, input.id);
  return (await historyOf(db, facts.idIntervention)).map((h) => ({
    statut: h.statut,
    auteur: h.nom === null || h.prenom === null ? null : fullName(h.nom, h.prenom),
    date: iso(h.date)!,
    commentaire: h.commentaire,
  }));
}

/** `GET campus/intervention/photo/{idPhoto}`: a photo, to whoever may read its request. */
export async function requestPhoto(
  db: Db,
  actor: Actor | null,
  input: { idPhoto: number; storage: DocumentStorage },
) {
  scopeFor(actor, 'repair.read');
  const photo = await photoById(db, input.idPhoto);
  if (!photo) throw notFound();
  await readable(db, actor, photo.idIntervention);
  const opened = await input.storage.open(photo.cle);
  return { ...opened, typeMime: photo.typeMime };
}

// ------------------------------------------------------------------ move

/** The resident's SMS for each move the agent (or the job) makes. */
const RESIDENT_SMS: Partial<
  Record<StatutIntervention, 'INTERVENTION_PRISE' | 'INTERVENTION_RESOLUE' | 'INTERVENTION_CLOTUREE'>
> = {
  PRISE_EN_CHARGE: 'INTERVENTION_PRISE',
  RESOLUE: 'INTERVENTION_RESOLUE',
  CLOTUREE: 'INTERVENTION_CLOTUREE',
};

/**
 * `PATCH campus/intervention/{id}`: the agent takes and resolves, the resident confirms or reopens
 * within its days; a move of the other side → 403, a move not allowed from this state → 409. The
 * resident is told by SMS of every move it did not make itself.
 */
export async function moveRequest(
  db: Db,
  actor: Actor | null,
  input: { id: number; body: InterventionMoveBody; now?: Date },
) {
  const now = input.now ?? new Date();
  return withTransaction(db, async (tx) => {
    const { facts, actor: scoped } = await readable(tx, actor, input.id, true);
    const side = sideOf(scoped);
    if (!side) throw new AppError('INTERDIT', 'interventionLectureSeule');
    if (side === 'agent') assertCanReach(scoped, 'repair.handle', { idCite: facts.idCite });
    const vers = input.body.statut;
    const refusal = moveRefusal({ de: facts.statut, vers, cote: side, resolueLe: facts.resolueLe, now });
    if (refusal === 'interdit') throw new AppError('INTERDIT', 'interventionCoteInterdit');
    if (refusal === 'conflit')
      throw new AppError(
        'CONFLIT',
        facts.statut === 'RESOLUE' && side === 'residant'
          ? 'interventionDelaiPasse'
          : 'interventionMouvementImpossible',
      );
    const moved = await moveIntervention(tx, {
      id: facts.idIntervention,
      de: facts.statut,
      vers,
      idAuteur: scoped.id,
      commentaire: input.body.commentaire?.trim() || null,
    });
    if (!moved) throw new AppError('CONFLIT', 'interventionMouvementImpossible');
    const sms = residentSms(facts, vers, moved.resolueLe, scoped.id);
    if (sms) await enqueueSmsList(tx, [sms]);
    await recordAudit(tx, actor, {
      action: 'MODIFIER',
      resource: 'intervention',
      resourceId: facts.idIntervention,
      detail: {
        libelle: fill(messages.auditIntervention, {
          numero: facts.idIntervention,
          lieu: `${facts.nomCite}, ${placeOf(facts, facts.libelleChambre)}`,
          statut: enumLabel('statut', vers),
        }),
      },
    });
    return { message: messages.interventionMiseAJour };
  });
}

/** The resident's SMS of a move made by someone else (an agent, the job); null when none is due. */
function residentSms(
  facts: Pick<Facts, 'idIntervention' | 'idResidant'>,
  vers: StatutIntervention,
  resolueLe: Date | null,
  by: number | null,
) {
  const kind = RESIDENT_SMS[vers];
  if (!kind || facts.idResidant === null || facts.idResidant === by) return null;
  return {
    kind,
    idUser: facts.idResidant,
    text: smsText(kind, {
      numero: facts.idIntervention,
      date: resolueLe ? formatDateDepot(autoCloseAt(resolueLe)) : '',
    }),
  };
}

// ------------------------------------------------------------------ the job

const BATCH = 100;

/**
 * The repairs job (every minute, on every instance): each request past due is told to its cité's
 * agents once (`claimLate` marks it in the transaction that queues their SMS), each request
 * resolved 7 days ago closes by itself and its resident is told.
 */
export async function runRepairJob(db: Db, ctx: { now?: Date } = {}) {
  const now = ctx.now ?? new Date();
  let retards = 0;
  for (;;) {
    const n = await withTransaction(db, async (tx) => {
      const late = await claimLate(tx, now, BATCH);
      await tellAgents(
        tx,
        'INTERVENTION_RETARD',
        late.map((l) => ({
          idIntervention: l.idIntervention,
          idCite: l.idCite,
          nomCite: l.nomCite,
          date: l.echeance,
        })),
      );
      return late.length;
    });
    retards += n;
    if (n < BATCH) break;
  }
  let clotures = 0;
  const before = new Date(now.getTime() - JOURS_AVANT_CLOTURE * 24 * 3_600_000);
  for (;;) {
    const n = await withTransaction(db, async (tx) => {
      const closed = await closeResolved(tx, before, BATCH);
      // Their residents told in one insert.
      await enqueueSmsList(
        tx,
        closed.flatMap((c) => residentSms(c, 'CLOTUREE', null, null) ?? []),
      );
      return closed.length;
    });
    clotures += n;
    if (n < BATCH) break;
  }
  return { retards, clotures };
}
