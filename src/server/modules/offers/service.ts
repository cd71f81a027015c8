/**
 * Offers, answers, withdrawals and the waiting list (docs/offers.md), on the shared rules of
 * src/domain/workflow.ts (which moves are allowed) and src/domain/promotion.ts (who takes a freed
 * place). Every change of an offer runs in one transaction that holds, in this order:
 * 1. the session FOR SHARE, OUVERT and in DELIBERATION (`lockOpenSession(…, 'offer')`);
 * 2. the session's publication lock (`lockSessionPublication`, a transaction-scoped advisory lock):
 *    answers, withdrawals, expiries, promotions and publications of one session run one at a time,
 *    so that a promotion reads a waiting list no one else is changing, a student is never admitted
 *    twice and a list never gets more students than places, and a republication never slips in
 *    between an answer and its check;
 * 3. the dossier row FOR UPDATE (SKIP LOCKED for the job).
 * The same order everywhere: no deadlock between them.
 */
import type {
  CanalReponse,
  ListeAdmission,
  MotifRetrait,
  ReponseEtudiant,
  ReponseOffre,
} from '../../../domain/enums';
import { enumLabel } from '../../../domain/messages-labels';
import { womenPlaces } from '../../../domain/agency-rules';
import { promote } from '../../../domain/promotion';
import {
  admisOf,
  answerRefusal,
  dossierMoveAllowed,
  offerDeadline,
  offerEndsAdmission,
  offerMoveAllowed,
  withdrawalCommentMissing,
  withdrawalRefusal,
} from '../../../domain/workflow';
import { assertCanReach, directionOf, scopeFor } from '../../access/access';
import { describeEvent, type HistoryReader } from '../../../domain/history';
import type { DossierEvent } from '../../../domain/schemas/offers';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import { recordEvent } from '../../history/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../errors';
import { enqueueMail } from '../../mail/outbox';
import { smsText, type SmsKind } from '../../../domain/messages-sms';
import { SMS_NUMERO_REPONSE } from '../../../domain/sms-answer';
import { enqueueSms } from '../../sms/outbox';
import {
  formatDateDepot,
  offerExpiredMail,
  promotionMail,
  withdrawalMail,
  type MailContent,
} from '../../mail/templates';
import { lockOpenSession, sessionInfo } from '../../sessions/open-session';
import { sessionAllows } from '../../../domain/workflow';
import { cancelAssignmentsOfDossier } from '../assignment/service';
import type { OfferCounts } from '../../../domain/schemas/offers';
import { listedCounts } from '../admissibles/repository';
import { admisConditions } from '../admissibles/service';
import { lockSessionPublication } from '../deliberation/repository';
import { giveLateSlot } from '../room-choice/service';
import {
  acceptOffer,
  admitFromWaitingList,
  closeUpWaitingList,
  endDossierAdmission,
} from '../dossier/repository';
import {
  claimLapsedOffer,
  contactOf,
  currentShare,
  firstWaitingFor,
  historyOf,
  lastRankOf,
  lapsedOffers,
  endedOfferCounts,
  offerDossier,
  offerDossierForUpdate,
  womenOnList,
  type OfferDossier,
} from './repository';

/** The dossier as `reponse` and `retrait` answer it (docs/api.md#success-answers: `200` with the dossier). */
interface OfferView {
  idDossier: number;
  referenceDossier: string;
  idSessionCenou: number;
  statutDossier: string;
  admis: string | null;
  listeDeliberation: string | null;
  rang: number | null;
  reponse: string | null;
  dateLimiteReponse: string | null;
}

const view = (d: OfferDossier): OfferView => ({
  idDossier: d.idDossier,
  referenceDossier: d.referenceDossier,
  idSessionCenou: d.idSessionCenou,
  statutDossier: d.statutDossier,
  admis: admisOf(d.statutDossier),
  listeDeliberation: d.listeDeliberation,
  rang: d.rang,
  reponse: d.reponse,
  dateLimiteReponse: d.dateLimiteReponse,
});

interface OfferContext {
  /** The student's dashboard, linked from the mails. */
  dashboardUrl: string;
  /** The clock (tests); default now. */
  now?: Date;
  /** How a student's answer came: WEB (the route, default) or SMS (src/server/modules/sms-answers). */
  canal?: CanalReponse;
}

/** The mail of an event to the dossier's student, and its SMS when the event has one (docs/messages.md#sms). */
async function mailTo(
  tx: Db,
  idDossier: number,
  make: (p: { nom: string; prenom: string; referenceDossier: string }) => MailContent,
  sms?: (p: { referenceDossier: string }) => { kind: SmsKind; text: string },
) {
  const c = await contactOf(tx, idDossier);
  if (c.email) await enqueueMail(tx, c.email, make(c), { idUser: c.idUser, idDossier });
  if (sms) await enqueueSms(tx, { ...sms(c), idUser: c.idUser, idDossier });
}

/** Takes the session's locks (see the top of this file) and returns its answer delay. */
async function lockSession(tx: Db, idSessionCenou: number): Promise<number> {
  await lockOpenSession(tx, { idSessionCenou }, 'offer');
  await lockSessionPublication(tx, idSessionCenou);
  return (await sessionInfo(tx, idSessionCenou))!.delaiReponseHeures;
}

interface PromotionDone {
  idDossier: number;
  liste: ListeAdmission;
  rang: number;
}

/**
 * Gives the place freed on `liste` (docs/offers.md): the first waiting candidate who may take a
 * place of that list, else for PUPILLES/ETRANGERS the first of NATIONAUX (`promote`); it becomes
 * ADMIS with the next rank of its list and an offer with its own deadline, gets a mail, and the
 * waiting list closes up. Runs inside the transaction that ended the admission, under its locks.
 */
async function giveFreedPlace(
  tx: Db,
  actor: Actor | null,
  input: {
    idSessionCenou: number;
    liste: ListeAdmission;
    idDossierLibere: number;
    delai: number;
    now: Date;
    dashboardUrl: string;
  },
): Promise<PromotionDone | null> {
  const { idSessionCenou, liste, now } = input;
  // The share for women (docs/agency-rules.md): a list other than READMISSIONS that holds fewer
  // women than ⌈N × partFemmes / 100⌉ (N its places in the current run) wants a woman.
  const share = await currentShare(tx, idSessionCenou);
  const wanted = new Map<ListeAdmission, boolean>();
  for (const l of new Set<ListeAdmission>([liste, 'NATIONAUX'])) {
    const n = share?.placesEffectives[l] ?? 0;
    const need = l !== 'READMISSIONS' && share !== undefined ? womenPlaces(n, share.partFemmes) : 0;
    wanted.set(l, need > 0 && (await womenOnList(tx, idSessionCenou, l)) < need);
  }
  // promotionFor looks only at the first waiting candidate of `liste` and the first of NATIONAUX,
  // and, where a woman is wanted, the first waiting woman of each: those are all it needs, read
  // with the index on the waiting list's ranks.
  const found = [await firstWaitingFor(tx, idSessionCenou, liste)];
  if (wanted.get(liste)) found.push(await firstWaitingFor(tx, idSessionCenou, liste, true));
  if (liste !== 'NATIONAUX') {
    found.push(await firstWaitingFor(tx, idSessionCenou, 'NATIONAUX'));
    if (wanted.get('NATIONAUX')) found.push(await firstWaitingFor(tx, idSessionCenou, 'NATIONAUX', true));
  }
  const waiting = found
    .filter((w) => w !== undefined)
    .filter((w, i, all) => all.findIndex((x) => x.idDossier === w.idDossier) === i);
  const last: Partial<Record<ListeAdmission, number>> = {};
  for (const l of new Set<ListeAdmission>([liste, 'NATIONAUX']))
    last[l] = await lastRankOf(tx, idSessionCenou, l);
  const out = promote(
    liste,
    waiting,
    (l) => last[l] ?? 0,
    (l) => wanted.get(l) === true,
  );
  if (!out.promotion || out.rang === null) return null;
  const promoted = waiting.find((w) => w.idDossier === out.promotion!.idDossier)!;
  const deadline = offerDeadline(now, input.delai);
  await admitFromWaitingList(tx, promoted.idDossier, {
    liste: out.promotion.liste,
    rang: out.rang,
    dateLimiteReponse: deadline,
    at: now,
  });
  // The waiting list closes up behind the promoted candidate (closeUp, in SQL).
  await closeUpWaitingList(tx, idSessionCenou, promoted.rang, now);
  const detail = { liste: out.promotion.liste, rang: out.rang, rangAttente: promoted.rang };
  await recordEvent(tx, {
    idDossier: promoted.idDossier,
    idSessionCenou,
    evenement: 'PROMOTION',
    actor,
    date: now,
    detail: { ...detail, listeLiberee: liste, idDossierLibere: input.idDossierLibere },
  });
  await recordEvent(tx, {
    idDossier: promoted.idDossier,
    idSessionCenou,
    evenement: 'OFFRE',
    actor,
    date: now,
    detail: { liste: out.promotion.liste, rang: out.rang, dateLimiteReponse: deadline.toISOString() },
  });
  await mailTo(
    tx,
    promoted.idDossier,
    (p) =>
      promotionMail(
        {
          ...p,
          liste: enumLabel('listeDeliberation', out.promotion!.liste),
          rang: out.rang!,
          dateLimite: formatDateDepot(deadline),
        },
        input.dashboardUrl,
      ),
    (p) => ({
      kind: 'PROMOTION',
      text: smsText('PROMOTION', {
        reference: p.referenceDossier,
        date: formatDateDepot(deadline),
        numero: SMS_NUMERO_REPONSE,
      }),
    }),
  );
  await recordAudit(tx, actor, {
    action: 'PROMOUVOIR',
    resource: 'dossier',
    resourceId: promoted.idDossier,
    detail: { ...detail, idDossierLibere: input.idDossierLibere },
  });
  return { idDossier: promoted.idDossier, liste: out.promotion.liste, rang: out.rang };
}

/**
 * A bed freed by a departure (docs/life-in-the-cite.md#departure), while the session's offers run:
 * the session's locks (taken first, before the caller locks its assignment: the order of the top
 * of this file), or null when the offers do not run (the session closed, suspended, or past its
 * offers), and nothing is locked.
 */
export async function lockOffersIfRunning(tx: Db, idSessionCenou: number): Promise<number | null> {
  const info = await sessionInfo(tx, idSessionCenou);
  if (!info || !sessionAllows(info, 'offer').ok) return null;
  try {
    return await lockSession(tx, idSessionCenou);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'SESSION_FERMEE' || err.code === 'INTROUVABLE')) return null;
    throw err;
  }
}

/**
 * The place of a resident who left its bed, given to the waiting list as any freed place is
 * (`giveFreedPlace`), under the locks `lockOffersIfRunning` took (`delai` its answer). The leaver
 * keeps its admission: it was housed. Returns the promotion, if any.
 */
export async function offerDepartedPlace(
  tx: Db,
  actor: Actor | null,
  input: { idDossier: number; delai: number; now: Date; dashboardUrl: string },
): Promise<PromotionDone | null> {
  const d = await offerDossier(tx, input.idDossier);
  if (!d?.listeDeliberation) return null;
  return giveFreedPlace(tx, actor, {
    idSessionCenou: d.idSessionCenou,
    liste: d.listeDeliberation,
    idDossierLibere: d.idDossier,
    delai: input.delai,
    now: input.now,
    dashboardUrl: input.dashboardUrl,
  });
}

/**
 * Ends an admission (declined, expired, withdrawn): DESISTE with that `reponse`, any bed freed and
 * its certificate cancelled, the event, and the place given on at once.
 */
async function endAdmission(
  tx: Db,
  actor: Actor | null,
  d: OfferDossier,
  input: {
    reponse: Extract<ReponseOffre, 'REFUSE' | 'EXPIRE' | 'RETIRE'>;
    evenement: 'REPONSE_REFUSEE' | 'EXPIRATION' | 'RETRAIT';
    motif?: MotifRetrait | null;
    commentaire?: string | null;
    /** A student's refusal: how it came. */
    canal?: CanalReponse;
    delai: number;
    now: Date;
    dashboardUrl: string;
  },
): Promise<PromotionDone | null> {
  if (!offerEndsAdmission(input.reponse) || !d.reponse || !offerMoveAllowed(d.reponse, input.reponse))
    throw new AppError('CONFLIT', 'offreDejaRepondue');
  if (!dossierMoveAllowed(d.statutDossier, 'DESISTE', 'desistement'))
    throw new AppError('CONFLIT', 'offreDejaRepondue');
  await endDossierAdmission(tx, d.idDossier, input.reponse, input.now);
  await recordEvent(tx, {
    idDossier: d.idDossier,
    idSessionCenou: d.idSessionCenou,
    evenement: input.evenement,
    actor,
    date: input.now,
    motif: input.motif ?? null,
    commentaire: input.commentaire ?? null,
    detail: {
      liste: d.listeDeliberation,
      rang: d.rang,
      reponsePrecedente: d.reponse,
      dateLimiteReponse: d.dateLimiteReponse,
    },
    canal: input.canal ?? null,
  });
  // Then the bed, if any, is given back (its own event follows the end of the admission).
  await cancelAssignmentsOfDossier(tx, actor, d.idDossier, input.motif ?? input.reponse, input.now);
  if (!d.listeDeliberation) return null;
  return giveFreedPlace(tx, actor, {
    idSessionCenou: d.idSessionCenou,
    liste: d.listeDeliberation,
    idDossierLibere: d.idDossier,
    delai: input.delai,
    now: input.now,
    dashboardUrl: input.dashboardUrl,
  });
}

/**
 * `POST campus/dossier/{idDossier}/reponse` (the student, its own dossier: 404 otherwise): only
 * while the offer is EN_ATTENTE and before its deadline (409 CONFLIT otherwise). A REFUSE ends the
 * admission and promotes in the same transaction. An answer by SMS comes here too, with
 * `ctx.canal` SMS and the transaction of the incoming message (then this runs as a savepoint: a
 * refusal undoes only itself); the history and the journal keep the channel.
 */
export async function answerOffer(
  db: Db,
  actor: Actor | null,
  idDossier: number,
  reponse: ReponseEtudiant,
  ctx: OfferContext,
): Promise<OfferView> {
  const now = ctx.now ?? new Date();
  const canal = ctx.canal ?? 'WEB';
  await withTransaction(db, async (tx) => {
    const owner = await offerDossier(tx, idDossier);
    if (!owner) throw notFound();
    assertCanReach(actor, 'offer.answer', owner);
    const delai = await lockSession(tx, owner.idSessionCenou);
    const d = (await offerDossierForUpdate(tx, idDossier))!;
    if (!d.reponse) throw new AppError('CONFLIT', 'offreAbsente');
    const refusal = answerRefusal(
      { reponse: d.reponse, dateLimiteReponse: d.dateLimiteReponse },
      reponse,
      now,
    );
    if (refusal) throw new AppError('CONFLIT', refusal);
    let promotion: PromotionDone | null = null;
    if (reponse === 'ACCEPTE') {
      await acceptOffer(tx, idDossier, now);
      // A campaign of room choice under way: a slot after the last (docs/room-choice.md).
      await giveLateSlot(tx, {
        idSessionCenou: d.idSessionCenou,
        idDirection: d.idDirection,
        idDossier,
        dashboardUrl: ctx.dashboardUrl,
      });
      await recordEvent(tx, {
        idDossier,
        idSessionCenou: d.idSessionCenou,
        evenement: 'REPONSE_ACCEPTEE',
        actor,
        date: now,
        canal,
      });
    } else {
      promotion = await endAdmission(tx, actor, d, {
        reponse: 'REFUSE',
        evenement: 'REPONSE_REFUSEE',
        canal,
        delai,
        now,
        dashboardUrl: ctx.dashboardUrl,
      });
    }
    await recordAudit(tx, actor, {
      action: 'REPONDRE_OFFRE',
      resource: 'dossier',
      resourceId: idDossier,
      at: ctx.now,
      detail: { reponse, canal, promotion },
    });
  });
  return view((await offerDossier(db, idDossier))!);
}

/**
 * `POST campus/dossier/{idDossier}/retrait` (the admin; a regional manager in its direction, 403
 * otherwise): withdraws an admission, even an accepted one (409 when there is none to withdraw);
 * `motif` AUTRE needs a `commentaire` (400). Frees any bed, cancels its certificate, promotes.
 */
export async function withdrawAdmission(
  db: Db,
  actor: Actor | null,
  idDossier: number,
  input: { motif: MotifRetrait; commentaire?: string | null },
  ctx: OfferContext,
): Promise<OfferView> {
  const commentaire = input.commentaire?.trim() || null;
  if (withdrawalCommentMissing(input.motif, commentaire))
    throw fieldError('commentaire', 'retraitCommentaireRequis');
  const now = ctx.now ?? new Date();
  await withTransaction(db, async (tx) => {
    const owner = await offerDossier(tx, idDossier);
    if (!owner) throw notFound();
    assertCanReach(actor, 'offer.withdraw', owner);
    const delai = await lockSession(tx, owner.idSessionCenou);
    const d = (await offerDossierForUpdate(tx, idDossier))!;
    if (!d.reponse) throw new AppError('CONFLIT', 'offreAbsente');
    const refusal = withdrawalRefusal(d.reponse, input.motif, commentaire);
    if (refusal) throw new AppError('CONFLIT', refusal);
    const promotion = await endAdmission(tx, actor, d, {
      reponse: 'RETIRE',
      evenement: 'RETRAIT',
      motif: input.motif,
      commentaire,
      delai,
      now,
      dashboardUrl: ctx.dashboardUrl,
    });
    await mailTo(tx, idDossier, (p) =>
      withdrawalMail({ ...p, motif: enumLabel('motif', input.motif), commentaire }, ctx.dashboardUrl),
    );
    await recordAudit(tx, actor, {
      action: 'RETIRER_ADMISSION',
      resource: 'dossier',
      resourceId: idDossier,
      detail: { motif: input.motif, commentaire, reponsePrecedente: d.reponse, promotion },
    });
  });
  return view((await offerDossier(db, idDossier))!);
}

/**
 * Expires one lapsed offer, if it still is one and nobody else holds it (the offers job, one
 * transaction per offer): EXPIRE, DESISTE, a mail, the place given on. Returns whether it did.
 */
export async function expireOffer(
  db: Db,
  target: { idDossier: number; idSessionCenou: number },
  ctx: Required<Omit<OfferContext, 'canal'>>,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    let delai: number;
    try {
      delai = await lockSession(tx, target.idSessionCenou);
    } catch (err) {
      // The session was suspended or closed meanwhile: its offers wait for it.
      if (err instanceof AppError && (err.code === 'SESSION_FERMEE' || err.code === 'INTROUVABLE'))
        return false;
      throw err;
    }
    const d = await claimLapsedOffer(tx, target.idDossier, ctx.now);
    if (!d) return false;
    const promotion = await endAdmission(tx, null, d, {
      reponse: 'EXPIRE',
      evenement: 'EXPIRATION',
      delai,
      now: ctx.now,
      dashboardUrl: ctx.dashboardUrl,
    });
    await mailTo(tx, d.idDossier, (p) => offerExpiredMail(p, ctx.dashboardUrl));
    await recordAudit(tx, null, {
      action: 'EXPIRER_OFFRE',
      resource: 'dossier',
      resourceId: d.idDossier,
      detail: { dateLimiteReponse: d.dateLimiteReponse, promotion },
    });
    return true;
  });
}

/** The lapsed offers to look at now (the job expires them one by one). */
export const dueExpiries = lapsedOffers;

/** `GET campus/dossier/{idDossier}/historique`: to whoever may read the dossier (docs/roles.md). */
export async function dossierHistory(
  db: Db,
  actor: Actor | null,
  idDossier: number,
): Promise<DossierEvent[]> {
  const d = await offerDossier(db, idDossier);
  if (!d) throw notFound();
  assertCanReach(actor, 'dossier.read', d);
  const reader: HistoryReader = scopeFor(actor, 'dossier.read') === 'own' ? 'ETUDIANT' : 'PERSONNEL';
  return (await historyOf(db, idDossier)).map((e) => ({
    evenement: e.evenement,
    date: e.date,
    ...describeEvent(e, reader),
    // A student reads its own name, never a staff member's (docs/sessions-and-dossiers.md#the-dossiers-history).
    auteur: reader === 'ETUDIANT' && !e.parEtudiant ? null : e.auteur,
    motif: e.motif,
    commentaire: e.commentaire,
    canal: e.canal,
  }));
}

/**
 * `GET campus/etudiant-admis/compteurs?idSessionCenou&idDirection` (docs/offers.md, « the counters »): the
 * admissible list's rows counted by the list's own source and conditions (so `listes` is the
 * list's total, and the uploaded students are among the accepted), then the offers that ended and
 * the students admitted by promotion; within the actor's scope (a regional manager: its own
 * direction, 403 for another; 404 for an unknown session).
 */
export async function admisCounts(
  db: Db,
  actor: Actor | null,
  query: { idSessionCenou: number; idDirection?: number },
): Promise<OfferCounts> {
  const conditions = await admisConditions(db, actor, 'admissibles.read', query);
  const idDirection = directionOf(actor, 'admissibles.read', query.idDirection);
  const [listed, ended] = await Promise.all([
    listedCounts(db, conditions),
    endedOfferCounts(db, query.idSessionCenou, idDirection),
  ]);
  return { ...listed, ...ended };
}
