/**
 * One-task procurations (docs/procurations.md): a student gives one (a code shown once, kept as
 * its HMAC), lists and revokes them; a helper signs in with the student's INE and the code, and
 * gets a session of one hour at most for that task alone; a helper saves the deposit as a draft,
 * which only the student deposits (on the web, or by an SMS `DEPOT <INE>`). Every act of a helper
 * is in the journal and, once there is a dossier, in its history, with the procuration and its
 * address.
 */
import { createHmac, randomInt } from 'node:crypto';
import { ETUDIANT } from '../../../domain/enums';
import { fill, messages } from '../../../domain/messages';
import {
  CODE_PROCURATION_LONGUEUR,
  CODE_PROCURATION_SIGNES,
  normalizeProcurationCode,
  PROCURATION_ECHECS_MAX,
  PROCURATION_FENETRE_MINUTES,
  PROCURATIONS_ACTIVES_MAX,
  SESSION_AIDANT_MINUTES,
  type TacheProcuration,
} from '../../../domain/procurations';
import {
  draftBody,
  type DraftAnswer,
  type HelperSigninAnswer,
  type ProcurationCreated,
} from '../../../domain/schemas/procurations';
import type { DossierDetail } from '../../../domain/schemas/dossier';
import { assertNotHelper, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldErrors, notFound } from '../../errors';
import type { DocumentStorage } from '../../files/storage';
import { recordEvent } from '../../history/record';
import { clearFailures, failuresIn, recordFailure } from '../../security/rate-counter';
import { findAccountById } from '../accounts/repository';
import { refuseSecondDossier, saveDossier } from '../dossier/service';
import { studentMayPayRent } from '../rent/service';
import { Staging } from '../dossier/staging';
import {
  accountOfIne,
  activeCount,
  claimProcuration,
  deleteDraft,
  draftOf,
  insertProcuration,
  procurationById,
  revokeProcuration,
  saveDraft,
} from './repository';

/** The HMAC a code is kept as (the key: the instance's signing secret, the same on every instance). */
export function codeHmac(key: string, code: string): string {
  return createHmac('sha256', key)
    .update(`procuration:${normalizeProcurationCode(code)}`)
    .digest('hex');
}

/** A new code: CODE_PROCURATION_LONGUEUR signs without look-alikes, drawn by the system's generator. */
export function newProcurationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_PROCURATION_LONGUEUR; i++)
    code += CODE_PROCURATION_SIGNES[randomInt(CODE_PROCURATION_SIGNES.length)];
  return code;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * `POST campus/procuration`: a procuration of one task; its code is answered this once. « Payer mon
 * loyer » (`PAIEMENT`) only when the student has rent it may pay (`studentMayPayRent`, the rent
 * rule `mayPayRent`): else 409 on `tache`, as the helper's payment would be refused.
 */
export async function createProcuration(
  db: Db,
  actor: Actor,
  input: { tache: TacheProcuration; dureeHeures: number; key: string },
): Promise<ProcurationCreated> {
  scopeFor(actor, 'procuration.manage');
  assertNotHelper(actor);
  const code = newProcurationCode();
  return withTransaction(db, async (tx) => {
    if (input.tache === 'PAIEMENT' && !(await studentMayPayRent(tx, actor.id)))
      throw new AppError('CONFLIT', 'procurationRienAPayer', [
        { champ: 'tache', message: messages.procurationRienAPayer },
      ]);
    if ((await activeCount(tx, actor.id)) >= PROCURATIONS_ACTIVES_MAX)
      throw new AppError('CONFLIT', {
        text: fill(messages.procurationTropActives, { max: PROCURATIONS_ACTIVES_MAX }),
      });
    const row = await insertProcuration(tx, {
      idUser: actor.id,
      tache: input.tache,
      codeHmac: codeHmac(input.key, code),
      heures: input.dureeHeures,
    });
    await recordAudit(tx, actor, {
      action: 'DONNER_PROCURATION',
      resource: 'procuration',
      resourceId: row.idProcuration,
      detail: { tache: input.tache, dureeHeures: input.dureeHeures, expireA: iso(row.expireA) },
    });
    return { idProcuration: row.idProcuration, code, expireA: iso(row.expireA) };
  });
}

/** `DELETE campus/procuration/{id}`: the student's own (another's → 404); revoking twice is harmless. */
export async function revokeOwnProcuration(db: Db, actor: Actor, idProcuration: number) {
  scopeFor(actor, 'procuration.manage');
  assertNotHelper(actor);
  return withTransaction(db, async (tx) => {
    const row = await procurationById(tx, idProcuration);
    if (!row || row.idUser !== actor.id) throw notFound();
    if (!row.revoqueeA) {
      await revokeProcuration(tx, idProcuration);
      await recordAudit(tx, actor, {
        action: 'REVOQUER_PROCURATION',
        resource: 'procuration',
        resourceId: idProcuration,
        detail: { tache: row.tache },
      });
    }
    return { message: messages.procurationRevoquee };
  });
}

/** Signs a helper's token: the student's account, the procuration, its end (seconds since the epoch). */
export type IssueHelperToken = (
  account: { id: number; role: string; tokenVersion: number },
  idProcuration: number,
  exp: number,
) => string;

const failureKey = (ine: string) => `procuration:${ine.trim().toUpperCase()}`;

/**
 * `POST campus-auth/procuration`: the INE and the code → a helper's token for that student and that
 * task, valid SESSION_AIDANT_MINUTES at most and never past the procuration's end. A wrong, used,
 * revoked or expired code → 401, counted per INE: PROCURATION_ECHECS_MAX of them in
 * PROCURATION_FENETRE_MINUTES → 429 (the sign-in's counters). The code is spent by this sign-in.
 */
export async function helperSignin(
  db: Db,
  _actor: Actor | null,
  input: { ine: string; code: string; adresse: string; key: string; issueToken: IssueHelperToken },
): Promise<HelperSigninAnswer> {
  const key = failureKey(input.ine);
  const failures = await failuresIn(db, key, PROCURATION_FENETRE_MINUTES);
  if (failures >= PROCURATION_ECHECS_MAX) throw new AppError('TROP_DE_TENTATIVES', 'procurationTropDEssais');
  const idUser = await accountOfIne(db, input.ine.trim());
  const account = idUser === undefined ? undefined : await findAccountById(db, idUser);
  const claimed =
    account && account.role === ETUDIANT
      ? await withTransaction(db, async (tx) => {
          const row = await claimProcuration(tx, account.id, codeHmac(input.key, input.code), input.adresse);
          if (!row) return undefined;
          await recordAudit(
            tx,
            {
              id: account.id,
              userName: account.userName,
              procuration: { idProcuration: row.idProcuration, tache: row.tache, adresse: input.adresse },
            },
            { action: 'UTILISER_PROCURATION', resource: 'procuration', resourceId: row.idProcuration },
          );
          return row;
        })
      : undefined;
  if (!account || !claimed) {
    await recordFailure(db, key, PROCURATION_FENETRE_MINUTES);
    throw new AppError('IDENTIFIANTS_INVALIDES', 'procurationCodeInvalide');
  }
  if (failures > 0) await clearFailures(db, key);
  const end = Math.min(Date.now() + SESSION_AIDANT_MINUTES * 60_000, new Date(claimed.expireA).getTime());
  const exp = Math.floor(end / 1000);
  return {
    accessToken: input.issueToken(account, claimed.idProcuration, exp),
    tache: claimed.tache,
    expireA: new Date(exp * 1000).toISOString(),
    nom: account.nom,
    prenom: account.prenom,
  };
}

/**
 * The helper's session of a token (plugins/auth.ts): its procuration, if it is the student's,
 * used, neither revoked nor past its end; undefined otherwise (the token is refused, 401).
 */
export async function liveHelperSession(db: Db, idProcuration: number, idUser: number) {
  const row = await procurationById(db, idProcuration);
  if (!row || row.idUser !== idUser || row.revoqueeA || !row.utiliseeA) return undefined;
  if (new Date(row.expireA).getTime() <= Date.now()) return undefined;
  return { idProcuration: row.idProcuration, tache: row.tache, adresse: row.adresseUtilisation };
}

/** `GET campus/dossier/brouillon`: the student's draft (null without one). */
export async function readDraft(db: Db, actor: Actor): Promise<DraftAnswer | null> {
  scopeFor(actor, 'dossier.draft');
  const row = await draftOf(db, actor.id);
  // No draft yet: a normal state, answered as such (null), not as an error.
  if (!row) return null;
  const parsed = draftBody.safeParse(row.corps);
  return {
    brouillon: parsed.success ? parsed.data : { listeDossierCritere: [] },
    modifieA: iso(row.modifieA),
    idProcuration: row.idProcuration,
    adresse: row.adresse,
  };
}

/**
 * `PUT campus/dossier/brouillon`: the body of a deposit, kept as the student's draft. Its proofs are
 * resumable uploads (named, never in base64: a draft is kept in the database); a deposit's own
 * `idDossier` is not kept (a draft is a new deposit).
 */
export async function putDraft(
  db: Db,
  actor: Actor,
  body: ReturnType<typeof draftBody.parse>,
): Promise<DraftAnswer> {
  scopeFor(actor, 'dossier.draft');
  const withFile = body.listeDossierCritere.findIndex((e) => e.fichier != null && e.fichier !== '');
  if (withFile >= 0)
    throw fieldErrors([
      { champ: `listeDossierCritere.${withFile}.fichier`, message: messages.brouillonTeleversement },
    ]);
  const corps = {
    typeDossier: body.typeDossier ?? null,
    listeDossierCritere: body.listeDossierCritere.map((e) => ({
      idTypeCritere: e.idTypeCritere,
      idCritere: e.idCritere ?? null,
      nomFichier: e.nomFichier ?? null,
      televersement: e.televersement ?? null,
    })),
  };
  const helper = actor.procuration;
  const saved = await withTransaction(db, async (tx) => {
    const row = await saveDraft(tx, {
      idUser: actor.id,
      corps,
      idProcuration: helper?.idProcuration ?? null,
      adresse: helper?.adresse ?? null,
    });
    await recordAudit(tx, actor, {
      action: 'ENREGISTRER_BROUILLON',
      resource: 'procuration',
      resourceId: helper?.idProcuration ?? null,
      detail: { criteres: corps.listeDossierCritere.filter((e) => e.idCritere !== null).length },
    });
    return row;
  });
  return {
    brouillon: draftBody.parse(corps),
    modifieA: iso(saved.modifieA),
    idProcuration: helper?.idProcuration ?? null,
    adresse: helper?.adresse ?? null,
  };
}

/**
 * `POST campus/dossier/brouillon/depot` and the SMS `DEPOT <INE>`: the student (never a helper)
 * deposits its draft, as `PUT campus/dossier` would; the draft is removed, and the helper's part
 * written in the dossier's history, in the deposit's transaction.
 */
export async function depositDraft(
  db: Db,
  actor: Actor,
  input: { storage: DocumentStorage; dashboardUrl: string },
): Promise<DossierDetail> {
  scopeFor(actor, 'dossier.deposit');
  assertNotHelper(actor);
  const draft = await draftOf(db, actor.id);
  if (!draft) throw notFound('brouillonAbsent');
  const body = { ...draft.corps, idDossier: null };
  const staging = new Staging(input.storage);
  let student;
  try {
    student = await refuseSecondDossier(db, actor, body);
  } catch (err) {
    await staging.discard();
    throw err;
  }
  await staging.fromUploads(body, db, actor);
  const result = await saveDossier(db, actor, {
    body,
    staging,
    dashboardUrl: input.dashboardUrl,
    student,
    onCreated: async (tx, created) => {
      await deleteDraft(tx, actor.id);
      if (draft.idProcuration !== null)
        await recordEvent(tx, {
          idDossier: created.idDossier,
          idSessionCenou: created.idSessionCenou,
          evenement: 'PROCURATION',
          actor,
          date: new Date(draft.modifieA),
          detail: { acte: 'BROUILLON', idProcuration: draft.idProcuration, adresse: draft.adresse },
        });
    },
  });
  return result.dossier;
}

/**
 * A helper started a rent payment (payments service, in its transaction): the journal's entry and
 * the dossier's event, with the procuration and its address.
 */
export async function recordHelperPayment(
  tx: Db,
  actor: Actor,
  p: { idDossier: number; idSessionCenou: number; referencePaiement: string; montant: number },
): Promise<void> {
  const helper = actor.procuration;
  if (!helper) return;
  await recordAudit(tx, actor, {
    action: 'PAYER_PAR_PROCURATION',
    resource: 'paiement',
    resourceId: p.referencePaiement,
    detail: { montant: p.montant, reference: p.referencePaiement },
  });
  await recordEvent(tx, {
    idDossier: p.idDossier,
    idSessionCenou: p.idSessionCenou,
    evenement: 'PROCURATION',
    actor,
    date: new Date(),
    detail: {
      acte: 'PAIEMENT',
      idProcuration: helper.idProcuration,
      adresse: helper.adresse,
      reference: p.referencePaiement,
      montant: p.montant,
    },
  });
}
