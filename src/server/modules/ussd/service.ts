/**
 * The USSD menu for a student's phone (docs/ussd.md). Each request of the operator carries the
 * session's id, the phone and every input of the session; the screen is found by walking the inputs
 * (src/domain/ussd.ts), the session's row (`ussd_session`) keeps only what the inputs cannot tell:
 * whether the session began by offering to resume a cut one, and where it stands for a later
 * session to resume it. So any instance answers any step.
 *
 * The phone is a student's as for the SMS answers (the number it verified, else the registry's for a
 * student who verified none: `studentsOfNumber`); a number shared by several students opens the
 * menu of the first account. The menu reads the student's data through the services of its screens
 * (dossiers, rent, assignment) as that student, and an answer to the offer goes through
 * `answerOffer`, the function of `POST campus/dossier/{id}/reponse` (deadline, once, promotion of the
 * waiting list on a refusal), channel USSD, with the confirmation SMS to the phone in the same
 * transaction.
 */
import { ETUDIANT, type ReponseEtudiant } from '../../../domain/enums';
import type { MessageKey } from '../../../domain/messages';
import { smsText } from '../../../domain/messages-sms';
import { ussdAnswer, ussdDossierEtat, type UssdScreen } from '../../../domain/messages-ussd';
import { formatFcfa } from '../../../domain/money';
import { normalisePhone } from '../../../domain/phone';
import {
  isUssdEtat,
  resumable,
  ussdInputs,
  USSD_REPRISE_MINUTES,
  walkUssd,
  type UssdEtat,
  type UssdWalk,
} from '../../../domain/ussd';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { formatDateDepot } from '../../mail/templates';
import { enqueueSms } from '../../sms/outbox';
import { mine } from '../assignment/service';
import { ownDossiers } from '../dossier/service';
import { answerOffer } from '../offers/service';
import { studentRent } from '../rent/service';
import { studentsOfNumber } from '../sms-answers/repository';
import {
  advanceUssdSession,
  cutSessionOf,
  deleteOldUssdSessions,
  insertUssdSession,
  updateUssdSession,
  ussdSessionOf,
  type UssdSessionRow,
} from './repository';

/** Rows of sessions answered longer ago than this are purged (an operator ends a session within minutes). */
const KEEP_MINUTES = 30;

export interface UssdRequest {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  text: string;
}

export interface UssdContext {
  dashboardUrl: string;
  /** The clock (tests); default now. */
  now?: Date;
}

/** The screen that tells why an answer was not recorded, by the refusal's catalogue key. */
const REFUSAL_SCREEN: Partial<Record<MessageKey, UssdScreen>> = {
  offreExpiree: 'REPONSE_HORS_DELAI',
  offreDejaRepondue: 'REPONSE_DEJA_DONNEE',
};

const frenchDay = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};
const fcfa = (n: number) => formatFcfa(n, { unit: true });

type Dossier = Awaited<ReturnType<typeof ownDossiers>>[number];

/** The dossier the menu speaks of: the one whose offer awaits an answer, else the newest. */
async function currentDossier(db: Db, actor: Actor): Promise<Dossier | undefined> {
  const list = await ownDossiers(db, actor);
  return list.find((d) => d.reponse === 'EN_ATTENTE') ?? list[0];
}

const offerOpen = (d: Dossier | undefined, now: Date): d is Dossier & { dateLimiteReponse: string } =>
  d?.reponse === 'EN_ATTENTE' && d.dateLimiteReponse !== null && new Date(d.dateLimiteReponse) > now;

/** The screen a walk stands on, with its values. */
async function screenOf(
  db: Db,
  actor: Actor,
  etat: UssdEtat,
  dossier: Dossier | undefined,
  now: Date,
): Promise<[UssdScreen, Parameters<typeof ussdAnswer>[1]]> {
  switch (etat) {
    case 'REPRISE':
    case 'MENU':
      return [etat, {}];
    case 'DOSSIER': {
      if (!dossier) return ['DOSSIER_AUCUN', {}];
      const values = {
        reference: dossier.referenceDossier,
        annee: dossier.anneeAcademique,
        etat: ussdDossierEtat(dossier.statutDossier, dossier.reponse),
      };
      return offerOpen(dossier, now)
        ? ['DOSSIER_OFFRE', { ...values, date: formatDateDepot(new Date(dossier.dateLimiteReponse)) }]
        : ['DOSSIER', values];
    }
    case 'OFFRE':
    case 'CONFIRMER_ACCEPTE':
    case 'CONFIRMER_REFUSE': {
      if (dossier?.reponse !== 'EN_ATTENTE' || !dossier.dateLimiteReponse) return ['OFFRE_AUCUNE', {}];
      const values = {
        reference: dossier.referenceDossier,
        date: formatDateDepot(new Date(dossier.dateLimiteReponse)),
      };
      // The confirmation stays on screen past the deadline: confirming it tells the refusal.
      if (etat === 'OFFRE' && !offerOpen(dossier, now)) return ['OFFRE_DELAI_PASSE', values];
      return [etat, values];
    }
    case 'LOYER': {
      const rent = (await studentRent(db, actor)).find((r) => !r.annulee);
      if (!rent) return ['LOYER_AUCUN', {}];
      // The web's rule, read from the same answer (`proposedPayment`): the first instalment not yet
      // due with something left on it, its date and what is left on it.
      const next = rent.paiementPropose?.prochaineEcheance ?? null;
      const values = {
        cite: rent.nomCite,
        solde: fcfa(Math.max(0, rent.solde)),
        arriere: fcfa(rent.arriere),
      };
      return next
        ? ['LOYER', { ...values, montant: fcfa(next.reste), date: frenchDay(next.dateEcheance) }]
        : ['LOYER_SANS_ECHEANCE', values];
    }
    case 'LOGEMENT': {
      // This year's bed: an assignment of a closed session is last year's (its certificate's year is over).
      const a = (await mine(db, actor)).find((x) => !x.anneeTerminee);
      if (!a) return ['LOGEMENT_AUCUN', {}];
      return [
        'LOGEMENT',
        {
          annee: a.anneeAcademique,
          cite: a.nomCite,
          batiment: a.libelleBatiment,
          chambre: a.libelleChambre,
          lit: a.libelleLit,
        },
      ];
    }
  }
}

/**
 * Records the answer the session confirmed, in one transaction: the offer's answer (channel USSD),
 * the confirmation SMS to the phone, the session ended. A refusal of the answer (the deadline
 * passed, already answered) is undone alone and its reason is the screen.
 */
async function answer(
  db: Db,
  actor: Actor,
  input: { idSession: string; telephone: string; dossier: Dossier; reponse: ReponseEtudiant },
  ctx: UssdContext,
): Promise<string> {
  const { dossier, reponse } = input;
  const values = { reference: dossier.referenceDossier };
  return withTransaction(db, async (tx) => {
    let screen: UssdScreen;
    try {
      await answerOffer(tx, actor, dossier.idDossier, reponse, {
        dashboardUrl: ctx.dashboardUrl,
        now: ctx.now,
        canal: 'USSD',
      });
      const kind = reponse === 'ACCEPTE' ? 'REPONSE_ACCEPTEE' : 'REPONSE_REFUSEE';
      await enqueueSms(tx, {
        kind,
        idUser: actor.id,
        idDossier: dossier.idDossier,
        recipient: input.telephone,
        text: smsText(kind, values),
      });
      screen = kind;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      screen = (err.key && REFUSAL_SCREEN[err.key]) || 'REPONSE_IMPOSSIBLE';
    }
    await updateUssdSession(tx, input.idSession, { etat: 'MENU', terminee: true });
    return ussdAnswer(screen, values);
  });
}

/** The screens that show the dossier or its offer: the only ones, with an answer, that read the dossier. */
const DOSSIER_ETATS: ReadonlySet<UssdEtat> = new Set([
  'DOSSIER',
  'OFFRE',
  'CONFIRMER_ACCEPTE',
  'CONFIRMER_REFUSE',
]);

const sameWalk = (a: UssdWalk, b: UssdWalk) =>
  a.etat === b.etat && a.invalide === b.invalide && a.reponse === b.reponse && a.quitte === b.quitte;

/**
 * Deletes the sessions answered more than 30 minutes ago: run every few minutes by the server
 * (src/server/main.ts), not at each request.
 */
export async function purgeUssdSessions(db: Db): Promise<void> {
  await deleteOldUssdSessions(db, KEEP_MINUTES);
}

/**
 * One request of the operator → the text to send back (`CON …` or `END …`). A number that is no
 * student's gets one END screen saying how to register; nothing is stored for it.
 *
 * A session's first request finds the phone's student and writes the session's row with it (one
 * upsert, after one look for a cut session). A later request whose step the inputs alone tell
 * moves the row to it in the statement that reads it with the student's account; any other reads
 * that one row, and writes its step after. The dossier is read only when the screen or the walk
 * depends on it (docs/decisions/092-ussd-and-sign-in-overhead.md).
 */
export async function handleUssd(db: Db, request: UssdRequest, ctx: UssdContext): Promise<string> {
  const now = ctx.now ?? new Date();
  const telephone = normalisePhone(request.phoneNumber);
  if (!telephone) return ussdAnswer('INCONNU');
  const inputs = ussdInputs(request.text);

  // A later request whose step does not depend on the dossier (the walk is the same with or
  // without an offer, and answers nothing), in a session that did not begin by offering to resume
  // (most sessions): the row is moved to that step in the statement that reads it, then the
  // screen's own data are read.
  if (inputs.length > 0) {
    const withoutOffer = walkUssd(inputs, { reprise: null, offre: false });
    if (
      withoutOffer.reponse === null &&
      sameWalk(withoutOffer, walkUssd(inputs, { reprise: null, offre: true }))
    ) {
      const account = await advanceUssdSession(db, {
        idSession: request.sessionId,
        telephone,
        etat: withoutOffer.quitte ? 'MENU' : withoutOffer.etat,
        terminee: withoutOffer.quitte === true,
      });
      if (account) {
        if (withoutOffer.quitte) return ussdAnswer('AU_REVOIR');
        const actor: Actor = { id: account.idUser, role: ETUDIANT, ...account };
        const dossier = DOSSIER_ETATS.has(withoutOffer.etat) ? await currentDossier(db, actor) : undefined;
        const [screen, values] = await screenOf(db, actor, withoutOffer.etat, dossier, now);
        return ussdAnswer(screen, values, { invalide: withoutOffer.invalide });
      }
    }
  }

  // A session's first request (no input yet) makes its row: nothing to read before.
  const found = inputs.length > 0 ? await ussdSessionOf(db, request.sessionId) : undefined;
  let session: UssdSessionRow;
  let actor: Actor;
  let fresh = false;
  if (found?.telephone === telephone && found.idUser !== null && found.userName !== null) {
    if (found.terminee) return ussdAnswer('INDISPONIBLE');
    session = found;
    actor = { id: found.idUser, role: ETUDIANT, idDirection: found.idDirection, userName: found.userName };
  } else {
    const [s] = await studentsOfNumber(db, telephone);
    if (!s) return ussdAnswer('INCONNU');
    actor = { id: s.idUser, role: ETUDIANT, idDirection: s.idDirection, userName: s.userName };
    if (found) session = found;
    else {
      const cut = await cutSessionOf(db, telephone, request.sessionId, USSD_REPRISE_MINUTES);
      const reprise =
        cut && isUssdEtat(cut.etat)
          ? resumable(cut.etat, isUssdEtat(cut.reprise) ? cut.reprise : null)
          : null;
      session = await insertUssdSession(db, {
        idSession: request.sessionId,
        telephone,
        idUser: s.idUser,
        etat: reprise ? 'REPRISE' : 'MENU',
        reprise,
      });
      fresh = true;
    }
  }
  // An id the operator gave another phone: not this phone's session.
  if (session.telephone !== telephone || session.terminee) return ussdAnswer('INDISPONIBLE');

  // A pending offer takes « 1 » and « 2 » even past its deadline: the answer's own rules refuse it
  // then. The walk is made both ways: when both agree and its screen does not show the dossier,
  // the dossier is not read.
  const reprise = isUssdEtat(session.reprise) ? session.reprise : null;
  const withoutOffer = walkUssd(inputs, { reprise, offre: false });
  const withOffer = walkUssd(inputs, { reprise, offre: true });
  const needsDossier =
    !sameWalk(withoutOffer, withOffer) ||
    withoutOffer.reponse !== null ||
    DOSSIER_ETATS.has(withoutOffer.etat);
  const dossier = needsDossier ? await currentDossier(db, actor) : undefined;
  const walk = dossier?.reponse === 'EN_ATTENTE' ? withOffer : withoutOffer;
  if (walk.quitte) {
    await updateUssdSession(db, session.idSession, { etat: 'MENU', terminee: true });
    return ussdAnswer('AU_REVOIR');
  }
  if (walk.reponse && dossier)
    return answer(
      db,
      actor,
      { idSession: session.idSession, telephone, dossier, reponse: walk.reponse },
      ctx,
    );
  const [screen, values] = await screenOf(db, actor, walk.etat, dossier, now);
  // A row just written stands where this request leaves it, answered now.
  if (!(fresh && session.etat === walk.etat))
    await updateUssdSession(db, session.idSession, { etat: walk.etat, terminee: false });
  return ussdAnswer(screen, values, { invalide: walk.invalide });
}
