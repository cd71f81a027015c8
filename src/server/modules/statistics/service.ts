/**
 * The agency's statistics over years (docs/statistics.md): the scope and the years checked, the
 * families read at once, the medians and the months' occupancy computed by the domain's rules.
 */
import type {
  StatisticsAnswer,
  StatisticsCite,
  StatisticsDirection,
  StatisticsQuery,
} from '../../../domain/schemas/statistics';
import {
  STATISTICS_MAX_YEARS,
  arrearsShare,
  medianOfCounts,
  monthOccupancy,
  tenth,
  yearRange,
  type Counted,
  type Span,
} from '../../../domain/statistics';
import { anneeLibelle } from '../../../domain/workflow';
import { directionOf } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { dbNow } from '../../db/clock';
import { fieldError } from '../../errors';
import {
  assignmentSpans,
  citesOf,
  directionsOf,
  dossierCounts,
  loadedCounts,
  refillDelays,
  rentByCite,
  repairMedianHours,
  storeSessionFigures,
  yearSessions,
  type StatisticsScope,
} from './repository';
import { withTransaction } from '../../db/transaction';

/** The years and direction a call asks for, checked: a regional manager gets its own direction. */
export function statisticsScope(actor: Actor | null, query: StatisticsQuery): StatisticsScope {
  const idDirection = directionOf(actor, 'statistics', query.idDirection);
  const anneeFin = query.anneeFin ?? query.anneeDebut;
  if (anneeFin < query.anneeDebut) throw fieldError('anneeFin', 'statistiquesAnneeFinAvant');
  if (anneeFin - query.anneeDebut + 1 > STATISTICS_MAX_YEARS)
    throw fieldError('anneeFin', 'statistiquesTropDAnnees');
  return { anneeDebut: query.anneeDebut, anneeFin, idDirection };
}

const key = (id: number, annee: number) => `${id}:${annee}`;

/** Adds `v` to the list kept under `k`. */
function push<T>(map: Map<string, T[]>, k: string, v: T) {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

/**
 * The dossiers' counts and the rent, the figures that cost the most, stored by session
 * (docs/statistics.md#speed): a closed session's once computed (its rent once all has fallen due),
 * a session still open's for a few minutes and the day (`frais`); stored now when missing or
 * stale. A session being written to is read live. Each family is then summed by direction or cité
 * and year, the stored and the live alike. Also returns when the open sessions' figures were
 * computed (the oldest of them; null when no session of the years asked is open).
 */
async function countsAndRent(db: Db, scope: StatisticsScope, stored: boolean) {
  const sessions = (await yearSessions(db, scope)).map((s) =>
    stored ? s : { ...s, stored: null, dossiers: null, loyer: null, calculeLe: null, frais: false },
  );
  const usable = (s: (typeof sessions)[number]) =>
    s.stored !== null && (s.ferme ? s.loyer !== null && !s.loyer.some((r) => r.aVenir) : s.frais);
  const missing = stored ? sessions.filter((s) => !usable(s)).map((s) => s.idSessionCenou) : [];
  const open = new Set(sessions.filter((s) => !s.ferme).map((s) => s.idSessionCenou));
  const fresh = missing.length
    ? await withTransaction(db, (tx) => storeSessionFigures(tx, missing, open))
    : [];
  const freshBy = new Map(fresh.map((f) => [f.idSessionCenou, f]));
  const withStored = sessions.map((s) => {
    const f = freshBy.get(s.idSessionCenou);
    if (f)
      return { ...s, stored: f.idSessionCenou, dossiers: f.dossiers, loyer: f.loyer, calculeLe: f.calculeLe };
    // A stale row not stored again (its session was being written to): read live.
    return usable(s) ? s : { ...s, stored: null, dossiers: null, loyer: null, calculeLe: null };
  });
  const [dossiers, rent] = await Promise.all([
    dossierCounts(
      db,
      scope,
      withStored.filter((s) => s.stored === null).map((s) => s.idSessionCenou),
    ),
    rentByCite(
      db,
      scope,
      withStored.filter((s) => s.loyer === null).map((s) => s.idSessionCenou),
    ),
  ]);
  const counts = new Map<string, { demandes: number; admis: number; renonciations: number }>();
  const addCounts = (k: string, c: { demandes: number; admis: number; renonciations: number }) => {
    const sum = counts.get(k) ?? { demandes: 0, admis: 0, renonciations: 0 };
    counts.set(k, {
      demandes: sum.demandes + c.demandes,
      admis: sum.admis + c.admis,
      renonciations: sum.renonciations + c.renonciations,
    });
  };
  const rentBy = new Map<string, { duADate: number; arriere: number }>();
  const addRent = (k: string, r: { duADate: number; arriere: number }) => {
    const sum = rentBy.get(k) ?? { duADate: 0, arriere: 0 };
    rentBy.set(k, { duADate: sum.duADate + Number(r.duADate), arriere: sum.arriere + Number(r.arriere) });
  };
  for (const d of dossiers) addCounts(key(d.idDirection, d.anneeDebut), d);
  for (const r of rent) addRent(key(r.idCite, r.anneeDebut), r);
  // The stored figures, filtered as the live statements filter: the counts of live sessions, by
  // the dossier's direction; the rent of every session of the direction.
  for (const s of withStored) {
    if (s.dossiers && s.live)
      for (const d of s.dossiers)
        if (scope.idDirection === undefined || d.idDirection === scope.idDirection)
          addCounts(key(d.idDirection, s.anneeDebut), d);
    if (s.loyer && (scope.idDirection === undefined || s.idDirection === scope.idDirection))
      for (const r of s.loyer) addRent(key(r.idCite, s.anneeDebut), r);
  }
  // When each live open session's figures were computed (null: read live, now).
  const openComputed = withStored
    .filter((s) => open.has(s.idSessionCenou) && s.live)
    .map((s) => (s.calculeLe ? new Date(s.calculeLe) : null));
  return { counts, rentBy, openComputed };
}

/**
 * The statistics of the scope. `stored: false` reads every figure from the tables, stores nothing:
 * what the stored figures must always equal (the tests compare both).
 */
export async function statistics(
  db: Db,
  scope: StatisticsScope,
  opts: { stored?: boolean } = {},
): Promise<StatisticsAnswer> {
  const [directions, cites, { counts, rentBy, openComputed }, loaded, spans, delays, repairs, now] =
    await Promise.all([
      directionsOf(db, scope.idDirection),
      citesOf(db, scope.idDirection),
      countsAndRent(db, scope, opts.stored ?? true),
      loadedCounts(db, scope),
      assignmentSpans(db, scope),
      refillDelays(db, scope),
      repairMedianHours(db, scope),
      dbNow(db),
    ]);
  const today = now.toISOString().slice(0, 10);
  const computedTimes = openComputed.map((d) => (d ?? now).getTime());
  const enCoursCalculeLe = computedTimes.length ? new Date(Math.min(...computedTimes)).toISOString() : null;
  const years = yearRange(scope.anneeDebut, scope.anneeFin);

  const loadedBy = new Map(loaded.map((d) => [key(d.idDirection, d.anneeDebut), d.admis]));
  const directionRows: StatisticsDirection[] = directions.flatMap((d) =>
    years.map((annee) => {
      const k = key(d.idDirection, annee);
      const c = counts.get(k);
      return {
        idDirection: d.idDirection,
        libelleDirection: d.libelleDirection,
        anneeAcademique: anneeLibelle(annee),
        anneeDebut: annee,
        demandes: c?.demandes ?? 0,
        admis: (c?.admis ?? 0) + (loadedBy.get(k) ?? 0),
        renonciations: c?.renonciations ?? 0,
      };
    }),
  );

  const spansBy = new Map<string, Span[]>();
  for (const s of spans) push(spansBy, key(s.idCite, s.anneeDebut), { debut: s.debut, fin: s.fin, n: s.n });
  // A freed bed not given again (yet, or within its year) is no delay of any number of days: left
  // out of the median and counted apart, so that the screen says how many wait.
  const delaysBy = new Map<string, Counted[]>();
  const waitingBy = new Map<string, number>();
  for (const d of delays) {
    const k = key(d.idCite, d.anneeDebut);
    if (d.delai !== null) push(delaysBy, k, { valeur: d.delai, n: d.n });
    else waitingBy.set(k, (waitingBy.get(k) ?? 0) + d.n);
  }
  const repairsBy = new Map(repairs.map((r) => [key(r.idCite, r.anneeDebut), r.heures]));
  const citeRows: StatisticsCite[] = cites.flatMap((c) =>
    years.map((annee) => {
      const k = key(c.idCite, annee);
      const r = rentBy.get(k);
      const repairHours = repairsBy.get(k);
      return {
        idCite: c.idCite,
        nomCite: c.nomCite,
        idDirection: c.idDirection,
        anneeAcademique: anneeLibelle(annee),
        anneeDebut: annee,
        lits: c.lits,
        occupationParMois: monthOccupancy(spansBy.get(k) ?? [], c.lits, annee, today),
        delaiMedianReattributionJours: medianOfCounts(delaysBy.get(k) ?? []),
        litsLiberesEnAttente: waitingBy.get(k) ?? 0,
        partArrieres: r ? arrearsShare(Number(r.arriere), Number(r.duADate)) : null,
        // The repairs' median hours come from the database's percentile: to the tenth, as the others.
        delaiMedianInterventionHeures: repairHours == null ? null : tenth(repairHours),
      };
    }),
  );
  return { directions: directionRows, cites: citeRows, enCoursCalculeLe };
}
