/**
 * The demo's outages (docs/availability.md): the status page has something to show, each outage with
 * what it moved, recorded by the product's own rule (`recordOutage`) as history (its SMS written as
 * sent when it ended).
 *
 * - The payment provider failed on the eve of last year's last instalment, from 19:40 to 22:05: the
 *   students of last year who had stopped paying had that instalment moved (no arrears for it until
 *   its new day), each told by SMS and in its dossier's history.
 * - The platform was down twelve days ago, from 02:10 to 03:45 (a night's maintenance): the offers
 *   awaiting their answer whose last 24 hours it overlapped, if the demo has any then, were moved.
 */
import type { Db } from '../db/client';
import { recordOutage, type RecordedOutage } from '../modules/availability/service';
import { setFirstPulse } from '../modules/availability/repository';
import { lastClosedSessionInstalmentDay } from '../modules/rent/repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The setting of the demo's server (PANNE_PLAFOND_MINUTES' default). */
const PLAFOND = { plafondMinutes: 60, historique: true };

export async function loadDemoOutages(
  tx: Db,
  opts: { today: Date; ouverture: Date },
): Promise<RecordedOutage[]> {
  // The platform has run since the demo's oldest year (the status page's days before are grey).
  await setFirstPulse(tx, opts.ouverture);
  const out: RecordedOutage[] = [];
  // Last year's last instalment: its eve, in the evening.
  const last = await lastClosedSessionInstalmentDay(tx, opts.today.toISOString().slice(0, 10));
  if (last) {
    const eve = Date.parse(`${last}T00:00:00Z`) - DAY;
    const paiement = await recordOutage(
      tx,
      {
        composant: 'PAIEMENT',
        debut: new Date(eve + 19 * HOUR + 40 * 60_000),
        fin: new Date(eve + 22 * HOUR + 5 * 60_000),
      },
      PLAFOND,
    );
    if (paiement) out.push(paiement);
  }
  const day = Date.parse(`${opts.today.toISOString().slice(0, 10)}T00:00:00Z`) - 12 * DAY;
  const plateforme = await recordOutage(
    tx,
    {
      composant: 'PLATEFORME',
      debut: new Date(day + 2 * HOUR + 10 * 60_000),
      fin: new Date(day + 3 * HOUR + 45 * 60_000),
    },
    PLAFOND,
  );
  if (plateforme) out.push(plateforme);
  return out;
}
