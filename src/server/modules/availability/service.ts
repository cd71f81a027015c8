import { frenchDay } from '../../../domain/format';
/**
 * The platform's availability (docs/availability.md): each instance's heartbeat finds the gaps no
 * instance beat through (the platform or its database down), the providers' calls report their
 * failures, an outage is recorded once when it ends, and an outage past the setting moves the
 * deadlines it overlapped, each in the dossier's history and told by SMS.
 */
import {
  dailyAvailability,
  dueDaysNear,
  movedDeadline,
  movedDueDay,
  PLATFORM_GAP_MS,
  PROVIDER_FAILURE_MS,
  STATUS_DAYS,
  type Composant,
} from '../../../domain/availability';
import { smsText } from '../../../domain/messages-sms';
import { formatFcfa } from '../../../domain/money';
import type { AvailabilityAnswerBody } from '../../../domain/schemas/availability';
import { SMS_NUMERO_REPONSE } from '../../../domain/sms-answer';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { recordEvents } from '../../history/record';
import { formatDateDepot } from '../../mail/templates';
import { enqueueSmsList } from '../../sms/outbox';
import { offersNearOutage, setOfferDeadlines } from '../dossier/repository';
import { recordMovedInstalments, unpaidInstalmentsDueBetween } from '../rent/repository';
import {
  endProviderFailures,
  failuresSince,
  firstPulse,
  insertOutage,
  markProviderFailure,
  outagesSince,
  setMovedCount,
  stampPulse,
} from './repository';

export interface RecordedOutage {
  idPanne: number;
  composant: Composant;
  debut: Date;
  fin: Date;
  echeancesDeplacees: number;
}

/**
 * One heartbeat of this instance: stamps the pulse and, when the previous stamp (of any instance) is
 * older than the gap (`gapMs`: two heartbeat intervals, PLATFORM_GAP_MS by default), records the platform's outage between them and moves the deadlines it
 * overlapped, in the same transaction (exactly once across instances: the pulse's row lock).
 */
export async function heartbeat(
  db: Db,
  opts: { plafondMinutes: number; gapMs?: number },
): Promise<RecordedOutage | null> {
  return withTransaction(db, async (tx) => {
    const { previous, now } = await stampPulse(tx);
    if (!previous || now.getTime() - previous.getTime() <= (opts.gapMs ?? PLATFORM_GAP_MS)) return null;
    return recordOutage(tx, { composant: 'PLATEFORME', debut: previous, fin: now }, opts);
  });
}

/**
 * Records an ended outage once and moves the deadlines it touched (offers for the platform,
 * instalments for the payment provider). `historique`: an outage of the past written as history (the
 * demo): its SMS are written as sent when it ended. Null when it was recorded already.
 */
export async function recordOutage(
  tx: Db,
  o: { composant: Composant; debut: Date; fin: Date },
  opts: { plafondMinutes: number; historique?: boolean },
): Promise<RecordedOutage | null> {
  const idPanne = await insertOutage(tx, o);
  if (idPanne === null) return null;
  const sentAt = opts.historique ? o.fin : undefined;
  const moved =
    o.composant === 'PLATEFORME'
      ? await moveOfferDeadlines(tx, o, opts.plafondMinutes, sentAt)
      : o.composant === 'PAIEMENT'
        ? await moveInstalmentDeadlines(tx, { idPanne, ...o }, opts.plafondMinutes, sentAt)
        : 0;
  if (moved) await setMovedCount(tx, idPanne, moved);
  return { idPanne, ...o, echeancesDeplacees: moved };
}

/** The open offers whose last 24 hours the outage overlapped get their new deadline, an event and an SMS. */
async function moveOfferDeadlines(
  tx: Db,
  o: { composant: Composant; debut: Date; fin: Date },
  plafondMinutes: number,
  sentAt: Date | undefined,
): Promise<number> {
  const offers = await offersNearOutage(tx, o.debut, o.fin);
  const moves = offers.flatMap((offer) => {
    const nouvelle = movedDeadline(offer.dateLimiteReponse, o, plafondMinutes);
    return nouvelle ? [{ ...offer, nouvelle }] : [];
  });
  if (!moves.length) return 0;
  await setOfferDeadlines(
    tx,
    moves.map((m) => ({ idDossier: m.idDossier, dateLimiteReponse: m.nouvelle })),
  );
  await recordEvents(
    tx,
    null,
    'DELAI_PROLONGE',
    o.fin,
    moves.map((m) => ({
      idDossier: m.idDossier,
      detail: {
        ancienne: m.dateLimiteReponse.toISOString(),
        nouvelle: m.nouvelle.toISOString(),
        composant: o.composant,
        debutPanne: o.debut.toISOString(),
        finPanne: o.fin.toISOString(),
      },
    })),
  );
  await enqueueSmsList(
    tx,
    moves.map((m) => ({
      kind: 'DELAI_PROLONGE',
      idUser: m.idUser,
      idDossier: m.idDossier,
      sentAt,
      text: smsText('DELAI_PROLONGE', {
        reference: m.referenceDossier,
        date: formatDateDepot(m.nouvelle),
        numero: SMS_NUMERO_REPONSE,
      }),
    })),
  );
  return moves.length;
}

/**
 * An outage of the payment provider: the unpaid instalments whose last 24 hours it overlapped get
 * their new due day (a row of their own: the journal is never updated), an event in their dossier's
 * history and an SMS; the arrears and the student's rent read the new day.
 */
async function moveInstalmentDeadlines(
  tx: Db,
  o: { idPanne: number; composant: Composant; debut: Date; fin: Date },
  plafondMinutes: number,
  sentAt: Date | undefined,
): Promise<number> {
  const { from, to } = dueDaysNear(o);
  const candidates = await unpaidInstalmentsDueBetween(tx, from, to);
  const moves = candidates.flatMap((i) => {
    const nouvelle = movedDueDay(i.dateEcheance, o, plafondMinutes);
    return nouvelle ? [{ ...i, ancienne: i.dateEcheance, nouvelle }] : [];
  });
  const recorded = new Set(
    (await recordMovedInstalments(tx, o.idPanne, moves)).map((r) => `${r.idAffectation}:${r.numero}`),
  );
  const done = moves.filter((x) => recorded.has(`${x.idAffectation}:${x.numero}`));
  if (!done.length) return 0;
  await recordEvents(
    tx,
    null,
    'DELAI_PROLONGE',
    o.fin,
    done.map((x) => ({
      idDossier: x.idDossier,
      detail: {
        idAffectation: x.idAffectation,
        numeroEcheance: x.numero,
        montant: x.montant,
        ancienne: x.ancienne,
        nouvelle: x.nouvelle,
        composant: o.composant,
        debutPanne: o.debut.toISOString(),
        finPanne: o.fin.toISOString(),
      },
    })),
  );
  await enqueueSmsList(
    tx,
    done.flatMap((x) =>
      x.idUser === null
        ? []
        : [
            {
              kind: 'ECHEANCE_REPORTEE',
              idUser: x.idUser,
              idDossier: x.idDossier,
              sentAt,
              text: smsText('ECHEANCE_REPORTEE', {
                montant: formatFcfa(x.montant, { plain: true }),
                date: frenchDay(x.nouvelle),
              }),
            },
          ],
    ),
  );
  return done.length;
}

/** How often one instance writes a provider's outcome: a run of failures or its end is known within this. */
const OUTCOME_WRITE_MS = 30_000;

/**
 * How long a provider's calls must fail to be an outage, and how often an instance writes their
 * outcome: the product's (PROVIDER_FAILURE_MS, 30 seconds); tests shorten them to see a real run of
 * failures through the real calls.
 */
export interface ProviderTiming {
  failureMs?: number;
  outcomeWriteMs?: number;
}

/**
 * What this instance's calls to the providers tell (the payment provider, the SMS centre): a failure
 * starts a run of failures (unless one is under way), a success ends it; a run longer than 10 minutes
 * is recorded as the provider's outage. Written at most every 30 seconds by an instance for each
 * provider and outcome, never in the caller's way (a write that fails is left for the next call).
 */
export class ProviderHealth {
  private readonly lastWrite = new Map<string, number>();
  /** Each provider's last write: the next one waits for it (a failure then a success are written in that order). */
  private readonly chain = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly opts: { plafondMinutes: number; onError?: (err: unknown) => void } & ProviderTiming,
  ) {}

  report(composant: 'PAIEMENT' | 'SMS', ok: boolean): void {
    const key = `${composant}:${ok}`;
    const at = Date.now();
    if (at - (this.lastWrite.get(key) ?? 0) < (this.opts.outcomeWriteMs ?? OUTCOME_WRITE_MS)) return;
    this.lastWrite.set(key, at);
    // The other outcome is to be written at its next call: the run changed.
    this.lastWrite.delete(`${composant}:${!ok}`);
    const write = async () => {
      if (ok) await endRun(this.db, composant, this.opts);
      else await markProviderFailure(this.db, composant);
    };
    this.chain.set(
      composant,
      (this.chain.get(composant) ?? Promise.resolve()).then(write).catch((err: unknown) => {
        this.lastWrite.delete(key);
        this.opts.onError?.(err);
      }),
    );
  }

  /** Resolves once the outcomes reported so far are written (or failed). */
  async settled(): Promise<void> {
    await Promise.all(this.chain.values());
  }
}

/** A provider answered: its run of failures, if any, ends, as an outage when it lasted long enough. */
export async function endRun(
  db: Db,
  composant: 'PAIEMENT' | 'SMS',
  opts: { plafondMinutes: number; failureMs?: number },
): Promise<RecordedOutage | null> {
  return withTransaction(db, async (tx) => {
    const run = await endProviderFailures(tx, composant);
    if (!run || run.fin.getTime() - run.debut.getTime() <= (opts.failureMs ?? PROVIDER_FAILURE_MS))
      return null;
    return recordOutage(tx, { composant, ...run }, opts);
  });
}

/** The availability as read from the database: the public answer but for this instance's own view of it. */
export type AvailabilityAnswer = Omit<AvailabilityAnswerBody, 'baseInjoignableDepuis'>;

/** The last 90 days' availability and outages, as the public status page shows them. */
export async function readAvailability(
  db: Db,
  now = new Date(),
  failureMs = PROVIDER_FAILURE_MS,
): Promise<AvailabilityAnswer> {
  const since = new Date(now.getTime() - STATUS_DAYS * 86_400_000);
  const [premier, outages, running] = await Promise.all([
    firstPulse(db),
    outagesSince(db, since),
    failuresSince(db, new Date(now.getTime() - failureMs)),
  ]);
  return {
    lecture: now.toISOString(),
    enCours: running.flatMap((r) =>
      r.debut ? [{ composant: r.composant, debut: r.debut.toISOString() }] : [],
    ),
    jours: dailyAvailability(
      outages.filter((o) => o.composant === 'PLATEFORME'),
      premier,
      now,
    ),
    pannes: outages.map((o) => ({
      debut: o.debut.toISOString(),
      fin: o.fin.toISOString(),
      composant: o.composant,
      echeancesDeplacees: o.echeancesDeplacees,
    })),
  };
}

/**
 * The availability as this instance last read it, so that the status page and its call answer
 * without waiting for the database: read again in the background when older than `maxAgeMs` (the
 * old reading served meanwhile), kept when the database does not answer, with the time since which
 * this instance could not reach it.
 */
export class AvailabilityCache {
  private last?: AvailabilityAnswer;
  private readAt = 0;
  private reading?: Promise<AvailabilityAnswer | null>;
  /** Since when this instance's heartbeats failed (the database unreachable); null while they succeed. */
  baseInjoignableDepuis: Date | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: { maxAgeMs?: number; failureMs?: number; onError?: (err: unknown) => void } = {},
  ) {}

  private get maxAgeMs() {
    return this.opts.maxAgeMs ?? 60_000;
  }

  async get(): Promise<AvailabilityAnswer | null> {
    if (this.last) {
      if (Date.now() - this.readAt >= this.maxAgeMs) void this.refresh();
      return this.last;
    }
    return this.refresh();
  }

  /** Reads it again now (after a heartbeat); null when the database did not answer. */
  refresh(): Promise<AvailabilityAnswer | null> {
    this.reading ??= readAvailability(this.db, new Date(), this.opts.failureMs)
      .then((answer) => {
        this.last = answer;
        this.readAt = Date.now();
        return answer;
      })
      .catch((err: unknown) => {
        this.opts.onError?.(err);
        return null;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** What this instance's last heartbeat found. */
  noteHeartbeat(ok: boolean, at = new Date()): void {
    if (ok) this.baseInjoignableDepuis = null;
    else this.baseInjoignableDepuis ??= at;
  }
}
