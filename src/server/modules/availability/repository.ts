/**
 * The availability's tables (docs/availability.md): the platform's pulse, the providers' runs of
 * failures, the outages. Only this repository writes them.
 */
import { and, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowSql } from '../../db/clock';
import { composantEtat, panne, plateformePouls } from '../../db/schema';

type Provider = (typeof composantEtat.$inferSelect)['composant'];
type Component = (typeof panne.$inferSelect)['composant'];

/**
 * Stamps the platform's pulse with the database's clock and returns the stamp it replaced (null the
 * first time). The row is locked: two instances beating at once are served one after the other, so
 * a gap is seen by one of them only.
 */
export async function stampPulse(tx: Db): Promise<{ previous: Date | null; now: Date }> {
  await tx.insert(plateformePouls).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx
    .select({ previous: plateformePouls.dernier, now: nowSql() })
    .from(plateformePouls)
    .where(eq(plateformePouls.id, 1))
    .for('update');
  await tx
    .update(plateformePouls)
    .set({ dernier: sql`now()`, premier: sql`coalesce(${plateformePouls.premier}, now())` })
    .where(eq(plateformePouls.id, 1));
  return { previous: row.previous, now: row.now };
}

/** The first heartbeat ever (null before any). */
export async function firstPulse(db: Db): Promise<Date | null> {
  const [row] = await db.select({ premier: plateformePouls.premier }).from(plateformePouls);
  return row?.premier ?? null;
}

/** A provider's call failed: the run of failures starts now unless one is under way. */
export async function markProviderFailure(db: Db, composant: Provider): Promise<void> {
  await db
    .insert(composantEtat)
    .values({ composant, premierEchec: sql`now()`, dernierEchec: sql`now()` })
    .onConflictDoUpdate({
      target: composantEtat.composant,
      set: { premierEchec: sql`coalesce(${composantEtat.premierEchec}, now())`, dernierEchec: sql`now()` },
    });
}

/**
 * A provider's call succeeded: ends its run of failures, if one was under way, and returns when it
 * began and now (the database's clock); null when none was.
 */
export async function endProviderFailures(
  tx: Db,
  composant: Provider,
): Promise<{ debut: Date; fin: Date } | null> {
  const [run] = await tx
    .select({ debut: composantEtat.premierEchec, fin: nowSql() })
    .from(composantEtat)
    .where(and(eq(composantEtat.composant, composant), isNotNull(composantEtat.premierEchec)))
    .for('update');
  if (!run?.debut) return null;
  await tx
    .update(composantEtat)
    .set({ premierEchec: null, dernierEchec: null })
    .where(eq(composantEtat.composant, composant));
  return { debut: run.debut, fin: run.fin };
}

/** The providers' runs of failures under way that began before `before`. */
export async function failuresSince(db: Db, before: Date) {
  return db
    .select({ composant: composantEtat.composant, debut: composantEtat.premierEchec })
    .from(composantEtat)
    .where(and(isNotNull(composantEtat.premierEchec), lt(composantEtat.premierEchec, before)));
}

/** Records an outage once (its component and start are unique) → its id, or null when it was there. */
export async function insertOutage(
  tx: Db,
  o: { composant: Component; debut: Date; fin: Date },
): Promise<number | null> {
  const [row] = await tx
    .insert(panne)
    .values(o)
    .onConflictDoNothing({ target: [panne.composant, panne.debut] })
    .returning({ idPanne: panne.idPanne });
  return row?.idPanne ?? null;
}

export async function setMovedCount(tx: Db, idPanne: number, n: number): Promise<void> {
  await tx.update(panne).set({ echeancesDeplacees: n }).where(eq(panne.idPanne, idPanne));
}

/** The outages that ended after `since`, the latest first. */
export async function outagesSince(db: Db, since: Date) {
  return db
    .select({
      idPanne: panne.idPanne,
      composant: panne.composant,
      debut: panne.debut,
      fin: panne.fin,
      echeancesDeplacees: panne.echeancesDeplacees,
    })
    .from(panne)
    .where(gt(panne.fin, since))
    .orderBy(desc(panne.debut));
}

/**
 * The platform's first heartbeat set to `at` when none came earlier (the demo: the platform has run
 * since its sessions opened). The last stamp is left as it is: the next heartbeat finds no gap.
 */
export async function setFirstPulse(tx: Db, at: Date): Promise<void> {
  await tx
    .insert(plateformePouls)
    .values({ id: 1, premier: at })
    .onConflictDoUpdate({
      target: plateformePouls.id,
      set: {
        premier: sql`least(coalesce(${plateformePouls.premier}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
      },
    });
}
