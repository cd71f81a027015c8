/**
 * The platform's pulse as each instance runs it (docs/availability.md#outages): a heartbeat every
 * interval, and once at the start; the first stamp after a gap records the outage and moves the
 * deadlines it overlapped, before any expiry (the offers job runs a heartbeat first).
 */
import type { FastifyBaseLogger } from 'fastify';
import { fill, messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { PeriodicJob } from '../../jobs/runner';
import { heartbeat, type AvailabilityCache, type RecordedOutage } from './service';

export interface PulseOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** This instance's view of its database, told each heartbeat's outcome. */
  availability: AvailabilityCache;
  /** HEARTBEAT_INTERVAL_MS: more than two of them without any stamp is an outage. */
  intervalMs: number;
  /** PANNE_PLAFOND_MINUTES: an outage longer than this moves deadlines. */
  plafondMinutes: number;
}

/** The heartbeat job of one instance (not started). */
export function pulseJob(opts: PulseOptions): PeriodicJob<RecordedOutage | null> {
  const { db, log, availability } = opts;
  return new PeriodicJob(
    'heartbeat',
    async () => {
      try {
        const outage = await heartbeat(db, {
          plafondMinutes: opts.plafondMinutes,
          gapMs: 2 * opts.intervalMs,
        });
        availability.noteHeartbeat(true);
        if (outage) {
          log.warn(
            fill(messages.consolePanneEnregistree, {
              debut: outage.debut.toISOString(),
              fin: outage.fin.toISOString(),
              n: outage.echeancesDeplacees,
            }),
          );
          await availability.refresh();
        }
        return outage;
      } catch (err) {
        availability.noteHeartbeat(false);
        throw err;
      }
    },
    { intervalMs: opts.intervalMs, firstDelayMs: opts.intervalMs, log },
  );
}
