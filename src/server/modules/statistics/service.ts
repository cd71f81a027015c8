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
  type StatisticsScope,
} from './repository';

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

export async function statistics(db: Db, scope: StatisticsScope): Promise<StatisticsAnswer> {
  const [directions, cites, dossiers, loaded, spans, delays, rent, repairs, now] = await Promise.all([
    directionsOf(db, scope.idDirection),
    citesOf(db, scope.idDirection),
    dossierCounts(db, scope),
    loadedCounts(db, scope),
    assignmentSpans(db, scope),
    refillDelays(db, scope),
    rentByCite(db, scope),
    repairMedianHours(db, scope),
    dbNow(db),
  ]);
  const today = now.toISOString().slice(0, 10);
  const years = yearRange(scope.anneeDebut, scope.anneeFin);

  const dossierBy = new Map(dossiers.map((d) => [key(d.idDirection, d.anneeDebut), d]));
  const loadedBy = new Map(loaded.map((d) => [key(d.idDirection, d.anneeDebut), d.admis]));
  const directionRows: StatisticsDirection[] = directions.flatMap((d) =>
    years.map((annee) => {
      const k = key(d.idDirection, annee);
      const counts = dossierBy.get(k);
      return {
        idDirection: d.idDirection,
        libelleDirection: d.libelleDirection,
        anneeAcademique: anneeLibelle(annee),
        anneeDebut: annee,
        demandes: counts?.demandes ?? 0,
        admis: (counts?.admis ?? 0) + (loadedBy.get(k) ?? 0),
        renonciations: counts?.renonciations ?? 0,
      };
    }),
  );

  const spansBy = new Map<string, Span[]>();
  for (const s of spans) push(spansBy, key(s.idCite, s.anneeDebut), { debut: s.debut, fin: s.fin, n: s.n });
  const delaysBy = new Map<string, Counted[]>();
  for (const d of delays)
    if (d.delai !== null) push(delaysBy, key(d.idCite, d.anneeDebut), { valeur: d.delai, n: d.n });
  const rentBy = new Map(rent.map((r) => [key(r.idCite, r.anneeDebut), r]));
  const repairsBy = new Map(repairs.map((r) => [key(r.idCite, r.anneeDebut), r.heures]));
  const citeRows: StatisticsCite[] = cites.flatMap((c) =>
    years.map((annee) => {
      const k = key(c.idCite, annee);
      const r = rentBy.get(k);
      return {
        idCite: c.idCite,
        nomCite: c.nomCite,
        idDirection: c.idDirection,
        anneeAcademique: anneeLibelle(annee),
        anneeDebut: annee,
        lits: c.lits,
        occupationParMois: monthOccupancy(spansBy.get(k) ?? [], c.lits, annee, today),
        delaiMedianReattributionJours: medianOfCounts(delaysBy.get(k) ?? []),
        partArrieres: r ? arrearsShare(Number(r.arriere), Number(r.duADate)) : null,
        delaiMedianInterventionHeures: repairsBy.get(k) ?? null,
      };
    }),
  );
  return { directions: directionRows, cites: citeRows };
}
