import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  depositEligibility,
  depositRuleRefusal,
  depositSituation,
  yearsOfStay,
  type DepositEligibility,
} from '../../../domain/agency-rules';
import { checkDepositEntries, formatReference, needsProof } from '../../../domain/dossier';
import { fill, messages } from '../../../domain/messages';
import {
  depositBody,
  type DepositForm,
  type DepositSituationAnswer,
  type DossierDetail,
  type DossierSummary,
} from '../../../domain/schemas/dossier';
import { identityOf } from '../../../domain/registry';
import { scopeOf } from '../../../domain/permissions';
import { anneeAcademique } from '../../../domain/workflow';
import { assertCanReach, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { isCommitUncertain, isUniqueViolation, withTransaction } from '../../db/transaction';
import { AppError, fieldErrors, notFound, zodIssuesToFieldErrors } from '../../errors';
import type { DocumentStorage } from '../../files/storage';
import { enqueueMail } from '../../mail/outbox';
import { smsText } from '../../../domain/messages-sms';
import { enqueueSms } from '../../sms/outbox';
import { depositReceiptMail, formatDateDepot } from '../../mail/templates';
import { checkedSession, lockOpenSession } from '../../sessions/open-session';
import { consumeUploads, type NamedUpload } from '../televersement/service';
import { openProof, promote, removeAll } from './files';
import {
  deleteEntry,
  depositContext,
  depositPrecheck,
  dossierDetail,
  dossierEntries,
  dossiersOfStudent,
  insertDossier,
  insertEntry,
  lockDossier,
  nextReferenceNumber,
  numberDossier,
  ownDossiersOf,
  proofOf,
  readableDossiers,
  softDeleteDossier,
  studentByIne,
  studentOfUser,
  touchEditedDossier,
  updateEntry,
  type DepositContext,
  type EntryFile,
  type Stay,
  type StudentRow,
  type TypeRow,
} from './repository';
import type { RawDeposit, StagedProof, Staging } from './staging';

/**
 * The dossier's server side (docs/sessions-and-dossiers.md): the deposit form, the deposit and its edit (whole or
 * nothing, files included), the student's list, one dossier, its deletion and its proofs.
 * Services take (db, actor, input); the routes only parse the request.
 */

const sameIne = (a: string | undefined, b: string) => a === undefined || a.toUpperCase() === b.toUpperCase();

/** The student behind a student account (404 when the account has no registry row). */
async function ownStudent(db: Db, actor: Actor): Promise<StudentRow> {
  const student = await studentOfUser(db, actor.id);
  if (!student) throw notFound();
  return student;
}

/** What the agency's rules allow the student in the session (docs/agency-rules.md), from its stay. */
function eligibilityOf(stay: Stay, session: { anneeDebut: number }): DepositEligibility {
  return depositEligibility(
    yearsOfStay(stay.annees, session.anneeDebut, stay.anterieures),
    stay.housedLastYearHere,
  );
}

/**
 * The agency's rules on a deposit or its edit: over the stay limit (2 years; 4 when the dossier
 * chooses a criterion flagged handicap) → 409 'Vous avez atteint la durée maximale d'hébergement.';
 * RENOUVELLEMENT from a student not housed the previous academic year in this direction → 409.
 */
function assertAgencyRules(e: DepositEligibility, types: TypeRow[], body: Body) {
  const handicaps = new Set(
    types.flatMap((t) => t.listeCritere.filter((c) => c.handicap).map((c) => c.idCritere)),
  );
  const refusal = depositRuleRefusal(e, {
    handicapChoisi: body.listeDossierCritere.some((x) => x.idCritere != null && handicaps.has(x.idCritere)),
    renouvellement: body.typeDossier === 'RENOUVELLEMENT',
  });
  if (refusal === 'dureeMaximaleAtteinte')
    // The years counted and the limits beside the refusal: why the student may not deposit.
    throw new AppError('CONFLIT', refusal, [
      {
        champ: 'anneesHebergement',
        message: fill(messages.anneesHebergementComptees, {
          annees: e.anneesHebergement,
          max: e.dureeMaximale,
          maxHandicap: e.dureeMaximaleHandicap,
        }),
      },
    ]);
  if (refusal) throw new AppError('CONFLIT', refusal);
}

/** The direction must have a cité, else the 'ville d'orientation' refusal (409 SESSION_FERMEE). */
function assertHasCite(context: DepositContext) {
  if (!context.hasCite) throw new AppError('SESSION_FERMEE', 'villeSansCite');
}

/**
 * The student's own direction's deposit context (the session, locked `FOR SHARE` with `lock`; the
 * cité, a live dossier, the stay and the types: one statement), refused without a cité or an open
 * session in INSCRIPTION: the form's and the deposit's common start.
 */
async function studentDepositContext(tx: Db, s: { idDirection: number; idEtudiant: number }, lock = true) {
  const context = await depositContext(tx, {
    target: { idDirection: s.idDirection },
    lock,
    idEtudiant: s.idEtudiant,
    idDirection: s.idDirection,
  });
  assertHasCite(context);
  return { context, session: checkedSession(context.session, 'deposit') };
}

/**
 * `GET dossier/depot/?ineEtudiant=`: the deposit form of the signed-in student (another INE →
 * 404). Refused like a deposit: no cité in the direction, no open session in INSCRIPTION (409).
 * A student who already has a live dossier of the session gets the form with `dossierExistant`.
 */
export async function depositForm(
  db: Db,
  actor: Actor,
  input: { ineEtudiant?: string },
): Promise<DepositForm> {
  scopeFor(actor, 'dossier.deposit');
  // A read: two statements and no transaction (the deposit locks the session when it writes).
  const s = await ownStudent(db, actor);
  if (!sameIne(input.ineEtudiant, s.ine)) throw notFound();
  const { context, session } = await studentDepositContext(db, s, false);
  return {
    idSessionCenou: session.idSessionCenou,
    anneeAcademique: anneeAcademique(session.dateOuverture).libelle,
    idEtudiant: s.idEtudiant,
    ...identityOf(s),
    idVille: s.idVille,
    nomVille: s.nomVille,
    idDirection: s.idDirection,
    libelleDirection: s.libelleDirection,
    dossierExistant: context.live ?? null,
    eligibilite: eligibilityOf(context.stay, session),
    listeDossierCritere: context.types.map((t) => ({
      idTypeCritere: t.idTypeCritere,
      libelleTypeCritere: t.libelleTypeCritere,
      obligatoire: t.obligatoire,
      justificatif: t.justificatif,
      listeCritere: t.listeCritere,
    })),
  };
}

/**
 * `GET dossier/situation`: the signed-in student's deposit situation (docs/agency-rules.md#where-it-shows),
 * answered whatever its session's state (never a 409): whether its direction takes a deposit now,
 * and why not in the words a deposit's refusal would use; whether it is invited to ask for its
 * re-admission (`depositSituation`); the open session's academic year. What the deposit reads, in
 * one statement, without locking the session.
 */
export async function studentDepositSituation(db: Db, actor: Actor): Promise<DepositSituationAnswer> {
  scopeFor(actor, 'dossier.deposit');
  const s = await ownStudent(db, actor);
  const context = await depositContext(db, {
    target: { idDirection: s.idDirection },
    lock: false,
    idEtudiant: s.idEtudiant,
    idDirection: s.idDirection,
  });
  const { session } = context;
  const situation = depositSituation({
    hasCite: context.hasCite,
    session,
    dossierExistant: context.live !== undefined,
    eligibilite: session ? eligibilityOf(context.stay, session) : null,
  });
  return {
    depotPossible: situation.depotPossible,
    motif: situation.refus ? messages[situation.refus] : null,
    anneeAcademique: session ? anneeAcademique(session.dateOuverture).libelle : null,
    readmissionPossible: situation.readmissionPossible,
  };
}

interface DepositInput {
  /** The body without file contents (Staging.fromJson / fromMultipart). */
  body: RawDeposit;
  /** The proofs already written under `pending/`. */
  staging: Staging;
  /** The link of the receipt mail (the student's dashboard). */
  dashboardUrl: string;
  /** A new deposit: the student `refuseSecondDossier` read (else read in the transaction). */
  student?: StudentRow;
  /** A new deposit: what else its transaction writes (a helper's draft deposited: docs/procurations.md). */
  onCreated?: (tx: Db, dossier: { idDossier: number; idSessionCenou: number }) => Promise<void>;
}

interface DepositResult {
  created: boolean;
  dossier: DossierDetail;
}

/**
 * `PUT dossier`: a deposit (no `idDossier`) or the edit of the student's dossier. Whole or nothing:
 * the proofs are already under `pending/`; the rows are written in one transaction (the session
 * locked by `lockOpenSession`, the reference numbered last, the receipt queued in the outbox);
 * after the commit the used proofs move into place and replaced ones are removed; on any failure
 * every staged proof is removed and no row remains.
 */
export async function saveDossier(db: Db, actor: Actor, input: DepositInput): Promise<DepositResult> {
  const { staging } = input;
  let outcome: { result: DepositResult; used: string[]; dropped: string[] };
  try {
    scopeFor(actor, 'dossier.deposit');
    const parsed = depositBody.safeParse(input.body);
    if (!parsed.success) throw fieldErrors(zodIssuesToFieldErrors(parsed.error.issues));
    const body = parsed.data;
    outcome = await withTransaction(db, (tx) =>
      body.idDossier ? update(tx, actor, body, input) : create(tx, actor, body, input),
    );
  } catch (err) {
    // The connection died after COMMIT was sent: the rows may name the staged proofs. They stay
    // under `pending/`, where a read of the proof or the sweep moves them into place if the
    // dossier was committed and removes them otherwise (files.ts, docs/decisions/025).
    if (!isCommitUncertain(err)) await staging.discard();
    if (isUniqueViolation(err, 'dossier_etudiant_session_live'))
      throw new AppError('DOUBLON', 'dossierExistant');
    throw err;
  }
  await staging.discard(new Set(outcome.used));
  await promote(staging.storage, outcome.used);
  // Replaced proofs, and the parts of the uploads the deposit consumed.
  await removeAll(staging.storage, outcome.dropped);
  return outcome.result;
}

type Body = z.infer<typeof depositBody>;

/**
 * A new deposit (no `idDossier`) of a student whose dossier of its open session already exists:
 * `409 DOUBLON` at once, before any named upload is copied. A deposit sent again because its first
 * answer was lost then reads 'Vous disposez déjà d'un dossier !' rather than the upload's own
 * refusal ('déjà servi à un dépôt'). One statement, no lock: the transaction checks it all again
 * (`create`). Returns the student, which the deposit uses (`DepositInput.student`); nothing for
 * an edit.
 */
export async function refuseSecondDossier(
  db: Db,
  actor: Actor,
  raw: unknown,
): Promise<StudentRow | undefined> {
  if (raw && typeof raw === 'object' && (raw as { idDossier?: unknown }).idDossier != null) return undefined;
  scopeFor(actor, 'dossier.deposit');
  const found = await depositPrecheck(db, actor.id);
  if (!found) throw notFound();
  checkedSession(found.session, 'deposit');
  if (found.live) throw new AppError('DOUBLON', 'dossierExistant');
  return found.student;
}

/** The answers checked against the live types; a 400 naming each field otherwise. */
function checkedEntries(
  types: TypeRow[],
  body: Body,
  hasFile: (idTypeCritere: number, idCritere: number) => boolean,
) {
  const errors = checkDepositEntries(
    types,
    body.listeDossierCritere.map((e) => ({
      idTypeCritere: e.idTypeCritere,
      idCritere: e.idCritere,
      hasFile: e.idCritere != null && hasFile(e.idTypeCritere, e.idCritere),
    })),
  );
  if (errors.length) {
    const key = errors.some((e) => e.message === 'joindreFichiers')
      ? 'joindreFichiers'
      : errors.some((e) => e.message === 'champsObligatoires')
        ? 'champsObligatoires'
        : 'erreurValidation';
    throw fieldErrors(
      errors.map((e) => ({ champ: e.champ, message: messages[e.message] })),
      key,
    );
  }
  // Answered entries only; a staged proof is used only when the chosen criterion needs one.
  return body.listeDossierCritere
    .filter((e): e is typeof e & { idCritere: number } => e.idCritere != null)
    .map((e) => ({ ...e, proofNeeded: needsProof(types, e.idTypeCritere, e.idCritere) }));
}

async function create(tx: Db, actor: Actor, body: Body, input: DepositInput) {
  const s = input.student ?? (await ownStudent(tx, actor));
  // The session locked, the cité, a live dossier, the stay and the types: one statement.
  const { context, session } = await studentDepositContext(tx, s);
  if (context.live) throw new AppError('DOUBLON', 'dossierExistant');
  assertAgencyRules(eligibilityOf(context.stay, session), context.types, body);
  const staged = input.staging.proofs;
  const entries = checkedEntries(context.types, body, (t) => staged.has(t));

  const used: string[] = [];
  const named: NamedUpload[] = [];
  const proofs: StagedProof[] = [];
  const rows = entries.map((e) => {
    const proof = e.proofNeeded ? staged.get(e.idTypeCritere) : undefined;
    if (proof) proofs.push(proof);
    if (proof?.pendingKey) used.push(proof.pendingKey);
    if (proof?.upload) named.push({ ...proof.upload, idTypeCritere: e.idTypeCritere });
    return {
      idTypeCritere: e.idTypeCritere,
      idCritere: e.idCritere,
      nomFichier: proof?.nomFichier ?? null,
      cleFichier: proof?.finalKey ?? null,
      tailleFichier: proof?.size ?? null,
    };
  });
  // The dossier and its answers, under a unique placeholder until the number is taken, last.
  const inserted = await insertDossier(
    tx,
    {
      referenceDossier: `EN-COURS-${randomUUID()}`,
      idSessionCenou: session.idSessionCenou,
      idDirection: s.idDirection,
      idEtudiant: s.idEtudiant,
      idUser: actor.id,
      typeDossier: body.typeDossier ?? 'NOUVEAU',
    },
    rows,
  );
  const idDossier = inserted!.idDossier;
  // The uploads named, all in one statement; the documents taken whole moved to the rows' keys,
  // the other parts removed after the commit.
  const consumed = await consumeUploads(tx, actor, named);
  const taken = await input.staging.takeProofs(tx, proofs);
  const dropped = consumed.filter((k) => !taken.has(k));
  // Numbered last: the sequence row stays locked until the commit (docs/decisions/006-deposit.md).
  const numero = await nextReferenceNumber(tx, s.idDirection, session.anneeDebut);
  const referenceDossier = formatReference(s, session.anneeDebut, numero);
  await numberDossier(tx, idDossier, referenceDossier, actor);
  if (s.email) {
    await enqueueMail(
      tx,
      s.email,
      depositReceiptMail(
        {
          nom: s.nomEtudiant,
          prenom: s.prenomEtudiant,
          referenceDossier,
          dateDepot: new Date(inserted!.dateDepot),
        },
        input.dashboardUrl,
      ),
      { idUser: actor.id, idDossier },
    );
  }
  await enqueueSms(tx, {
    kind: 'RECU_DEPOT',
    idUser: actor.id,
    idDossier,
    text: smsText('RECU_DEPOT', {
      reference: referenceDossier,
      date: formatDateDepot(new Date(inserted!.dateDepot)),
    }),
  });
  await input.onCreated?.(tx, { idDossier, idSessionCenou: session.idSessionCenou });
  const dossier = (await dossierDetail(tx, idDossier))!;
  return { result: { created: true, dossier }, used, dropped };
}

async function update(tx: Db, actor: Actor, body: Body, input: DepositInput) {
  const locked = await lockDossier(tx, body.idDossier!);
  if (!locked) throw notFound();
  assertCanReach(actor, 'dossier.deposit', { idUser: locked.idUser });
  const student = await studentOfUser(tx, actor.id);
  const context = await depositContext(tx, {
    target: { idSessionCenou: locked.idSessionCenou },
    lock: true,
    idEtudiant: student?.idEtudiant ?? locked.idEtudiant,
    idDirection: locked.idDirection,
  });
  assertHasCite(context);
  if (!context.session) throw notFound();
  const session = checkedSession(context.session, 'deposit');
  if (locked.statutDossier !== 'DEPOSE') throw new AppError('SESSION_FERMEE', 'modificationImpossible');
  if (!student) throw notFound();
  assertAgencyRules(eligibilityOf(context.stay, session), context.types, {
    ...body,
    // An edit that leaves the type out keeps the dossier's (touchEditedDossier).
    typeDossier: body.typeDossier ?? locked.typeDossier,
  });
  const staged = input.staging.proofs;
  const previous = new Map((await dossierEntries(tx, locked.idDossier)).map((e) => [e.idTypeCritere, e]));
  const entries = checkedEntries(
    context.types,
    body,
    (t) => staged.has(t) || Boolean(previous.get(t)?.cleFichier),
  );

  const used: string[] = [];
  const named: NamedUpload[] = [];
  const proofs: StagedProof[] = [];
  const keptKeys = new Set<string>();
  const files = entries.map((e) => {
    const before = previous.get(e.idTypeCritere);
    const proof = e.proofNeeded ? staged.get(e.idTypeCritere) : undefined;
    let file: EntryFile = { nomFichier: null, cleFichier: null, tailleFichier: null };
    if (proof) {
      proofs.push(proof);
      if (proof.pendingKey) used.push(proof.pendingKey);
      if (proof.upload) named.push({ ...proof.upload, idTypeCritere: e.idTypeCritere });
      file = { nomFichier: proof.nomFichier, cleFichier: proof.finalKey, tailleFichier: proof.size };
    } else if (e.proofNeeded && before?.cleFichier) {
      keptKeys.add(before.cleFichier);
      file = {
        nomFichier: before.nomFichier,
        cleFichier: before.cleFichier,
        tailleFichier: before.tailleFichier,
      };
    }
    return { e, before, file };
  });
  // The uploads named, all in one statement; the documents taken whole moved to the rows' keys,
  // the other parts removed after the commit.
  const consumedParts = await consumeUploads(tx, actor, named);
  const taken = await input.staging.takeProofs(tx, proofs);
  const consumed = consumedParts.filter((k) => !taken.has(k));
  for (const { e, before, file } of files) {
    if (before) await updateEntry(tx, before.idDossierCritere, e.idCritere, file);
    else await insertEntry(tx, locked.idDossier, e, file);
  }
  const answered = new Set(entries.map((e) => e.idTypeCritere));
  for (const [idType, before] of previous) {
    if (!answered.has(idType)) await deleteEntry(tx, before.idDossierCritere);
  }
  await touchEditedDossier(tx, locked.idDossier, body.typeDossier ?? null, actor);
  const dropped = [...previous.values()]
    .map((e) => e.cleFichier)
    .filter((k): k is string => Boolean(k) && !keptKeys.has(k!))
    .concat(consumed);
  const dossier = (await dossierDetail(tx, locked.idDossier))!;
  return { result: { created: false, dossier }, used, dropped };
}

/**
 * `GET dossier/etudiant/{ine}`: the student's live dossiers. A student reads only its own (404);
 * a regional manager only a student of its direction (403); others all.
 */
export async function studentDossiers(
  db: Db,
  actor: Actor,
  input: { ine: string },
): Promise<DossierSummary[]> {
  // A student asking its own INE (its dashboard, after every deposit): its dossiers in one prepared
  // statement that finds them only through its own registry row. None found: read as for anyone,
  // so that another's INE stays a 404 and its own without a dossier an empty list.
  if (!actor.procuration && scopeOf(actor.role, 'dossier.read') === 'own') {
    const own = await ownDossiersOf(db, actor.id, input.ine);
    if (own.length) return own;
  }
  const s = await studentByIne(db, input.ine);
  if (!s) throw notFound();
  assertCanReach(actor, 'dossier.read', { idDirection: s.idDirection, idUser: s.idUser });
  return dossiersOfStudent(db, s.idEtudiant, readableDossiers(actor));
}

/**
 * The signed-in student's own live dossiers, newest first (the USSD menu's dossier and offer): the
 * rows `studentDossiers` gives it for its INE, read in one prepared statement.
 */
export async function ownDossiers(db: Db, actor: Actor): Promise<DossierSummary[]> {
  if (scopeFor(actor, 'dossier.read') !== 'own') throw new AppError('INTERDIT');
  return ownDossiersOf(db, actor.id, actor.userName);
}

/** `GET dossier/depot?ineEtudiant=&idDossier=`: one dossier to whoever may read it. */
export async function readDossier(
  db: Db,
  actor: Actor,
  input: { idDossier: number; ineEtudiant?: string },
): Promise<DossierDetail> {
  scopeFor(actor, 'dossier.read');
  const dossier = await dossierDetail(db, input.idDossier);
  // A dossier that does not exist is a 404 for everyone; one out of the actor's scope is decided by
  // the access check (403 another direction's, 404 another student's). Another student's dossier
  // answers exactly as a missing one: the message must not tell a student that the number exists.
  if (!dossier) throw notFound('erreurDossierIntrouvable');
  try {
    assertCanReach(actor, 'dossier.read', { idDirection: dossier.idDirection, idUser: dossier.idUser });
  } catch (e) {
    if (e instanceof AppError && e.code === 'INTROUVABLE') throw notFound('erreurDossierIntrouvable');
    throw e;
  }
  if (!sameIne(input.ineEtudiant, dossier.ine)) throw notFound('erreurDossierIntrouvable');
  return dossier;
}

/**
 * `PATCH dossier/{id}`: the student deletes its dossier while the session is OUVERT in
 * INSCRIPTION (409 otherwise). Soft delete; its proofs are removed once the change is committed
 * (the keys are cleared from the rows in the same transaction).
 */
export async function deleteDossier(
  db: Db,
  actor: Actor,
  input: { idDossier: number; storage: DocumentStorage },
): Promise<{ message: string }> {
  const keys = await withTransaction(db, async (tx) => {
    const locked = await lockDossier(tx, input.idDossier);
    if (!locked) throw notFound();
    assertCanReach(actor, 'dossier.deposit', { idUser: locked.idUser });
    await lockOpenSession(tx, { idSessionCenou: locked.idSessionCenou }, 'dossierDelete');
    if (locked.statutDossier !== 'DEPOSE')
      throw new AppError('SESSION_FERMEE', 'suppressionDossierImpossible');
    const entries = await dossierEntries(tx, locked.idDossier);
    await softDeleteDossier(tx, locked.idDossier);
    return entries.map((e) => e.cleFichier).filter((k): k is string => Boolean(k));
  });
  await removeAll(input.storage, keys);
  return { message: messages.operationReussie };
}

/** `GET dossier/{idDossier}/{idDossierCritere}`: the stored proof, to whoever may read the dossier. */
export async function proofDocument(
  db: Db,
  actor: Actor,
  input: { idDossier: number; idDossierCritere: number; storage: DocumentStorage },
) {
  scopeFor(actor, 'dossier.read');
  const row = await proofOf(db, input.idDossier, input.idDossierCritere);
  if (!row) throw notFound();
  assertCanReach(actor, 'dossier.read', { idDirection: row.idDirection, idUser: row.idUser });
  if (!row.cleFichier) throw notFound('justificatifIntrouvable');
  try {
    const { stream, size } = await openProof(input.storage, row.cleFichier);
    return { stream, size, nomFichier: row.nomFichier ?? 'justificatif.pdf' };
  } catch {
    throw notFound('justificatifIntrouvable');
  }
}
